#!/usr/bin/env python3
"""Checks that each scene's picture, drawn by `scene-runner graph --format
svg`, names every object of the scene.

    python3 scripts/ci/check-graphs.py RUNNER FOLDER SCENE...

FOLDER holds NAME.svg for each SCENE NAME.yaml (scripts/render-graphs.sh
FOLDER draws them). A scene's ids are the `ids` of its `file` record from
`RUNNER check --format json` (file order, an instance's objects by path,
`instance.id`). They are checked against a reading of the file with a YAML
parser (ruamel.yaml, YAML 1.2, as scene-runner reads scenes: `on:` is a
key, not true): the keys of its `objects:`, and for an instance of a
component (an entry with `include:` and no `type:`) the component's own ids
under the instance's, so that check and the file disagreeing fails too.
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


def checked_ids(runner, scene):
    """The ids `check --format json` gives for the scene, in file order."""
    output = subprocess.run([runner, "check", "--format", "json", str(scene)], capture_output=True, text=True).stdout
    records = [json.loads(line) for line in output.splitlines() if line.strip()]
    files = [record for record in records if record.get("type") == "file"]
    if len(files) != 1 or not files[0].get("valid") or not isinstance(files[0].get("ids"), list):
        raise SystemExit(f"{scene}: check --format json did not say it is valid with its ids: {output.strip()}")
    if len(files[0]["ids"]) != files[0]["objects"]:
        raise SystemExit(f"{scene}: check --format json gives {len(files[0]['ids'])} ids for {files[0]['objects']} objects")
    return files[0]["ids"]


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
        ids = checked_ids(runner, scene)
        read = object_ids(scene)
        if sorted(read) != sorted(ids):
            print(f"{scene}: the file reads as {', '.join(read)}, but check gives {', '.join(ids)}", file=sys.stderr)
            failed = True
        shown = texts(folder / (scene.stem + ".svg"))
        missing = [identifier for identifier in ids if identifier not in shown]
        if missing:
            print(f"{scene}: the SVG does not name {', '.join(missing)}", file=sys.stderr)
            failed = True
        elif sorted(read) == sorted(ids):
            print(f"{scene}: {len(ids)} objects, all in {scene.stem}.svg")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
