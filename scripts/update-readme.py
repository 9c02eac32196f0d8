#!/usr/bin/env python3
"""Kept for its old name: runs scripts/update-docs.py, which regenerates the
output blocks of README.md and of every document in docs/."""
import pathlib
import runpy

runpy.run_path(str(pathlib.Path(__file__).resolve().parent / "update-docs.py"), run_name="__main__")
