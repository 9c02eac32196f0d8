#!/usr/bin/env python3
"""Checks that every target of the package declares, in Package.swift, each
module of this package it imports, and that `@_exported import` appears only
where a user-facing module re-exports on purpose.

    python3 scripts/check-imports.py    # exit 1, naming each offence

A module that builds only because another re-exports what it imports
breaks as soon as that re-export goes; declaring it keeps the graph in
Package.swift the graph the code has. The targets and their dependencies
come from `swift package describe --type json`.
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The re-exports that stay, each with the reason its file gives.
ALLOWED_REEXPORTS = {
    # The loader's public API hands out SceneYAML's positions and limits.
    ("Sources/SceneLoader/SceneLoader.swift", "SceneYAML"),
    # `import SceneTesting` is the one import a test needs (docs/Testing.md).
    ("Sources/SceneTesting/SceneTesting.swift", "SceneBehaviours"),
    ("Sources/SceneTesting/SceneTesting.swift", "SceneCore"),
    ("Sources/SceneTesting/SceneTesting.swift", "SceneLoader"),
    ("Sources/SceneTesting/SceneTesting.swift", "SceneRunning"),
}

IMPORT = re.compile(r"^\s*(@_exported\s+|@testable\s+)?(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def main():
    result = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        raise SystemExit("swift package describe failed")
    start = result.stdout.find("{")
    targets = json.loads(result.stdout[start:])["targets"]
    names = {target["name"] for target in targets} | {target["c99name"] for target in targets}
    problems = []
    for target in sorted(targets, key=lambda target: target["name"]):
        declared = set(target.get("target_dependencies") or [])
        for source in target.get("sources") or []:
            if not source.endswith(".swift"):
                continue
            path = os.path.join(target["path"], source)
            with open(os.path.join(ROOT, path), encoding="utf-8") as file:
                for number, line in enumerate(file, 1):
                    match = IMPORT.match(line)
                    if not match:
                        continue
                    exported, module = match.group(1), match.group(2)
                    if exported and exported.strip() == "@_exported" and (path, module) not in ALLOWED_REEXPORTS:
                        problems.append(f"{path}:{number}: re-exports {module}; import it, or say in "
                                        "scripts/check-imports.py and the file why users need it through this module")
                    if module in names and module != target["c99name"] and module not in declared:
                        problems.append(f"{path}:{number}: imports {module}, which target {target['name']} "
                                        "does not declare in Package.swift")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        raise SystemExit(1)
    print(f"every target declares what it imports ({len(targets)} targets)")


if __name__ == "__main__":
    main()
