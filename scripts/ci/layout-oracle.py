#!/usr/bin/env python3
"""The saved frames are the oracle: imports each Interface Builder file of
a folder, lays each written scene out at the file's own size (`render
--format json`), and compares the solved frame of every view laid out by
constraints with the frame Interface Builder saved (views it marks
`misplaced` aside), printing how many match within 2 points.

    scripts/ci/layout-oracle.py [--runner PATH] [--list] [FOLDER]

FOLDER defaults to ../shared/interface-builder beside the repository; with
none there it says so and exits 0 (a user's clone has no corpus). Exit 1
when a file cannot be imported or drawn at all; the figures themselves are
measurements, not a pass or fail. --list prints each view that misses.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

TOLERANCE = 2.0
MAX_BYTES = 16 << 20
# A `  id:  # IB-id` line of a written scene: the scene id and the IB id.
OBJECT_LINE = re.compile(r"^  ([^\s#][^:]*):\s+#\s+(\S+)\s*$")


def read_xml(path):
    """The file's tree, refusing what an importer must not read: a DTD or
    entities, or more than MAX_BYTES."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"{path}: more than {MAX_BYTES} bytes")
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise ValueError(f"{path}: a DTD or an entity, which is not read")
    return ElementTree.fromstring(data)


def saved_frames(root):
    """Each view laid out by constraints: its IB id, and its saved frame in
    the coordinates of its root view (each frame is relative to its
    superview's), or None when IB marks it misplaced."""
    frames = {}

    def walk(element, origin, is_view):
        rect = None
        for child in element:
            if child.tag == "rect" and child.get("key") == "frame":
                rect = child
        here = origin
        if is_view and rect is not None:
            try:
                x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
                width, height = float(rect.get("width", "0")), float(rect.get("height", "0"))
            except ValueError:
                return
            here = (origin[0] + x, origin[1] + y)
            if element.get("translatesAutoresizingMaskIntoConstraints") == "NO" and element.get("id"):
                misplaced = element.get("misplaced") == "YES"
                frames[element.get("id")] = None if misplaced else (here[0], here[1], width, height)
        for child in element:
            if child.tag == "subviews":
                for view in child:
                    walk(view, here, True)
            elif child.tag not in ("rect", "constraints", "subviews"):
                walk(child, here if is_view else origin, child.get("key") == "view" or child.tag.endswith("View"))

    walk(root, (0.0, 0.0), False)
    return frames


def scene_ids(path):
    """Scene id by IB id, from the comments the importer writes."""
    ids = {}
    constrained = set()
    current = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            match = OBJECT_LINE.match(line.rstrip("\n"))
            if match:
                current = match.group(1).strip('"')
                ids[match.group(2)] = current
            elif current and line.startswith("    constraints:"):
                constrained.add(current)
    return ids, constrained


def solved_frames(runner, scene):
    result = subprocess.run(
        [runner, "render", scene, "--format", "json", "--no-chrome"], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        return None
    frames = {}
    for line in result.stdout.splitlines():
        record = json.loads(line)
        frame = record.get("frame")
        if frame is not None:
            frames[record["id"]] = (frame["x"], frame["y"], frame["width"], frame["height"])
    return frames


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, "..", ".."))
    parser.add_argument("folder", nargs="?", default=os.path.join(os.path.dirname(root), "shared", "interface-builder"))
    parser.add_argument("--runner", default=os.path.join(root, ".build", "debug", "scene-runner"))
    parser.add_argument("--list", action="store_true", help="print each view that misses")
    parser.add_argument("--files", action="store_true", help="print each file's count of views that match")
    arguments = parser.parse_args()
    if not os.path.isdir(arguments.folder):
        print(f"layout-oracle: no Interface Builder files at {arguments.folder}; nothing measured")
        return 0
    names = sorted(name for name in os.listdir(arguments.folder) if name.endswith((".storyboard", ".xib")))
    totals = {"views": 0, "matched": 0, "misplaced": 0, "files": 0, "not laid out": 0}
    failures = 0
    for name in names[:1000]:
        path = os.path.join(arguments.folder, name)
        try:
            saved = saved_frames(read_xml(path))
        except (ValueError, ElementTree.ParseError) as error:
            print(f"{name}: {error}")
            failures += 1
            continue
        if not saved:
            continue
        with tempfile.TemporaryDirectory() as output:
            result = subprocess.run(
                [arguments.runner, "import", path, "-o", output], capture_output=True, text=True, check=False)
            if result.returncode not in (0, 2):
                print(f"{name}: import exited {result.returncode}")
                failures += 1
                continue
            if ": not imported" in result.stdout:
                continue  # a macOS document
            totals["files"] += 1
            before = (totals["views"], totals["matched"])
            for scene in sorted(os.listdir(output)):
                if not scene.endswith(".yaml"):
                    continue
                scene_path = os.path.join(output, scene)
                ids, constrained = scene_ids(scene_path)
                solved = solved_frames(arguments.runner, scene_path)
                if solved is None:
                    continue  # a scene check refuses (an outlet the app sets in code)
                for ib_id, frame in saved.items():
                    scene_id = ids.get(ib_id)
                    if scene_id is None:
                        continue
                    if frame is None:
                        totals["misplaced"] += 1
                        continue
                    if scene_id not in constrained:
                        totals["not laid out"] += 1
                        continue
                    totals["views"] += 1
                    got = solved.get(scene_id)
                    if got and all(abs(a - b) <= TOLERANCE for a, b in zip(got, frame)):
                        totals["matched"] += 1
                    elif arguments.list:
                        print(f"  {name} {scene_id}: saved {frame}, solved {got}")
            if arguments.files and totals["views"] > before[0]:
                print(f"  {name}: {totals['matched'] - before[1]} of {totals['views'] - before[0]}")
    share = 100.0 * totals["matched"] / totals["views"] if totals["views"] else 0.0
    print(
        f"layout-oracle: {totals['matched']} of {totals['views']} views laid out by constraints match the frames "
        f"Interface Builder saved within {TOLERANCE:g} points ({share:.1f}%), over {totals['files']} files; "
        f"{totals['misplaced']} misplaced views aside, {totals['not laid out']} whose constraints were not carried")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
