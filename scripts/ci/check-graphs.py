#!/usr/bin/env python3
"""Checks that each scene's picture, drawn by `scene-runner graph --format
svg`, names every object of the scene.

    python3 scripts/ci/check-graphs.py RUNNER FOLDER SCENE...

FOLDER holds NAME.svg for each SCENE NAME.yaml (scripts/render-graphs.sh
FOLDER draws them). A scene's ids are read with a YAML parser (ruamel.yaml,
YAML 1.2, as scene-runner reads scenes: `on:` is a key, not true): the
keys of its `objects:`, and for an instance of a component (an entry with
`include:` and no `type:`) the component's own ids under the instance's,
`instance.id`, as check names them. Their number is compared with the
count `RUNNER check --format json` gives, so that an id this reading
missed fails too.
"""
import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

from ruamel.yaml import YAML

# Components within components, at most this deep (check's own limit is lower).
MAX_DEPTH = 32


def object_ids(path, prefix="", depth=0):
    if depth > MAX_DEPTH:
        raise SystemExit(f"{path}: components included more than {MAX_DEPTH} deep")
    scene = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8")) or {}
    ids = []
    for name, entry in (scene.get("objects") or {}).items():
        if isinstance(entry, dict) and "include" in entry and "type" not in entry:
            ids += object_ids(path.parent / entry["include"], f"{prefix}{name}.", depth + 1)
        else:
            ids.append(prefix + str(name))
    return ids


def checked_count(runner, scene):
    """How many objects `check --format json` says the scene has."""
    output = subprocess.run([runner, "check", "--format", "json", str(scene)], capture_output=True, text=True).stdout
    records = [json.loads(line) for line in output.splitlines() if line.strip()]
    files = [record for record in records if record.get("type") == "file"]
    if len(files) != 1 or not files[0].get("valid"):
        raise SystemExit(f"{scene}: check --format json did not say it is valid: {output.strip()}")
    return files[0]["objects"]


def texts(svg):
    """Every text the picture shows, stripped."""
    root = ElementTree.parse(svg).getroot()
    return {"".join(element.itertext()).strip() for element in root.iter("{http://www.w3.org/2000/svg}text")}


def main(arguments):
    if len(arguments) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    runner, folder, scenes = arguments[0], pathlib.Path(arguments[1]), map(pathlib.Path, arguments[2:])
    failed = False
    for scene in scenes:
        ids = object_ids(scene)
        count = checked_count(runner, scene)
        if count != len(ids):
            print(f"{scene}: read {len(ids)} ids ({', '.join(ids)}), but check counts {count}", file=sys.stderr)
            failed = True
        shown = texts(folder / (scene.stem + ".svg"))
        missing = [identifier for identifier in ids if identifier not in shown]
        if missing:
            print(f"{scene}: the SVG does not name {', '.join(missing)}", file=sys.stderr)
            failed = True
        elif count == len(ids):
            print(f"{scene}: {len(ids)} objects, all in {scene.stem}.svg")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
