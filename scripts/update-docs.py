#!/usr/bin/env python3
"""Regenerates the output blocks of README.md and docs/*.md from the real scene-runner.

Build first (`swift build`); the script runs `.build/debug/scene-runner`.

Markers are HTML comments on the lines right before a fenced block (several
may be stacked, e.g. `<!-- invalid -->` above `<!-- scene: NAME -->`):

- `<!-- scene: NAME -->`: the block is a scene file called NAME.
- `<!-- scene: NAME = BASE with this script -->`: NAME is the document's
  scene BASE up to its top-level `script:` line, followed by this block
  (which holds only a `script:`).
- `<!-- file: PATH -->`: the block is the repository's file PATH; it is
  rewritten from the file.
- `<!-- output: ARGS -->`: the block is what `scene-runner ARGS` prints,
  standard output and standard error together, whatever its exit status.
  `<!-- output: ARGS | tail -N -->` (or `| head -N`) keeps only the last
  (first) N lines, for an output too long to show.
- `<!-- invalid -->`: the scene is refused by `check` (checked by DocsTests).

Each output runs in a fresh temporary folder that holds every scene of its
document under its NAME and links to the repository's Examples/ and
Scenes/, so a document's scene prints as `NAME` and a repository file as
`Examples/...`, exactly as a reader who saved the scene would see them.

Tests/EndToEndTests/DocsTests.swift checks that every block still matches.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
runner = root / ".build/debug/scene-runner"
marker = re.compile(r"<!-- ([a-z]+)(?:: (.*?))? -->$")
derived = re.compile(r"(\S+) = (\S+) with this script$")
pipe = re.compile(r"(.*?) \| (tail|head) -(\d+)$")


def blocks(lines):
    """Yields (markers, first body line, end line) for every fenced block."""
    markers = []
    index = 0
    while index < len(lines):
        line = lines[index]
        match = marker.match(line)
        if match:
            markers.append((match.group(1), match.group(2) or ""))
        elif line.startswith("```"):
            end = index + 1
            while end < len(lines) and lines[end] != "```":
                end += 1
            yield markers, index + 1, end
            markers = []
            index = end
        else:
            markers = []
        index += 1


def scenes(lines):
    """The document's scenes, by name."""
    found = {}
    for markers, start, end in blocks(lines):
        for kind, argument in markers:
            if kind != "scene":
                continue
            text = "".join(line + "\n" for line in lines[start:end])
            match = derived.match(argument)
            if match:
                base = found[match.group(2)]
                cut = re.search(r"^script:", base, re.M)
                text = (base[: cut.start()] if cut else base) + text
                argument = match.group(1)
            found[argument] = text
    return found


def output(argument, document_scenes):
    """What `scene-runner ARGS` prints in a folder holding the scenes."""
    match = pipe.match(argument)
    command = match.group(1) if match else argument
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        for name, text in document_scenes.items():
            (folder / name).write_text(text, encoding="utf-8")
        for shared in ["Examples", "Scenes"]:
            (folder / shared).symlink_to(root / shared)
        result = subprocess.run([str(runner)] + command.split(), cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    printed = result.stdout.decode("utf-8", errors="replace")
    if not match:
        return printed
    lines = [line + "\n" for line in printed.split("\n")]
    lines[-1] = lines[-1][:-1]
    if lines[-1] == "":
        lines.pop()
    count = int(match.group(3))
    return "".join(lines[-count:] if match.group(2) == "tail" else lines[:count])


def update(document):
    text = document.read_text(encoding="utf-8")
    lines = text.split("\n")
    document_scenes = scenes(lines)
    replacements = []
    for markers, start, end in blocks(lines):
        for kind, argument in markers:
            if kind == "output":
                replacements.append((start, end, output(argument, document_scenes)))
            elif kind == "file":
                replacements.append((start, end, (root / argument).read_text(encoding="utf-8")))
    for start, end, body in reversed(replacements):
        lines[start:end] = body.split("\n")[:-1] if body.endswith("\n") else body.split("\n")
    updated = "\n".join(lines)
    document.write_text(updated, encoding="utf-8")
    name = document.relative_to(root)
    print(f"{name} updated" if updated != text else f"{name} already up to date", file=sys.stderr)


if not runner.exists():
    sys.exit(f"{runner} is missing: run 'swift build' first")
for document in [root / "README.md"] + sorted((root / "docs").glob("*.md")):
    update(document)
# The pictures the README and docs show, drawn by the same runner.
subprocess.run([sys.executable, str(root / "scripts/render-pictures.py"), str(runner)], check=True)
