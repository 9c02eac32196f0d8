#!/usr/bin/env python3
"""Regenerates the README's output blocks from the real scene-runner.

A block is a fenced code block right after a marker line
`<!-- output: ARGUMENTS -->`; it is replaced by what
`.build/debug/scene-runner ARGUMENTS` prints (run from the package root).
After `<!-- file: PATH -->` the block is the file's text.
Tests/SceneRunnerTests/ReadmeTests.swift checks that they still match.
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = root / "README.md"
runner = root / ".build/debug/scene-runner"
pattern = re.compile(r"(<!-- (output|file): (.*?) -->\n```[a-z]*\n)(.*?)(```\n)", re.S)


def replace(match):
    if match.group(2) == "file":
        return match.group(1) + (root / match.group(3)).read_text() + match.group(5)
    arguments = match.group(3).split()
    result = subprocess.run([str(runner)] + arguments, cwd=root, capture_output=True, text=True)
    return match.group(1) + result.stdout + match.group(5)


text = readme.read_text()
updated = pattern.sub(replace, text)
readme.write_text(updated)
print("README.md updated" if updated != text else "README.md already up to date", file=sys.stderr)
