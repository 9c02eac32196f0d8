#!/usr/bin/env python3
"""Draws the map of the modules at the top of CONTRIBUTING.md from
Package.swift alone: docs/images/architecture.dot, and from it (Graphviz's
dot) docs/images/architecture.svg.

    python3 scripts/architecture.py            writes both
    python3 scripts/architecture.py --check    fails when the committed DOT
                                               is not what it draws now

Every target but the tests, from `swift package dump-package`, captioned
with the first sentence of the comment above it in Package.swift; an arrow
is "depends on", and one that a longer way implies is left out. Products of
other packages are one node a package. The SVG's layout differs between
Graphviz versions, so the DOT is the checked file.
"""
import json, pathlib, re, subprocess, sys, textwrap

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOT, SVG = ROOT / "docs/images/architecture.dot", ROOT / "docs/images/architecture.svg"
KINDS = {"regular": "library", "executable": "executable", "system": "system library", "plugin": "plugin"}
FILLS = {"executable": "#e8f5e9", "system library": "#eeeeee", "plugin": "#eef3fb"}


def captions(manifest):
    """The first sentence of the comment above each target (`name: "..."` on its line or the next)."""
    found, lines = {}, manifest[manifest.find("targets: [", manifest.find("dependencies: [")):].splitlines()
    for index, line in enumerate(lines):
        if not re.search(r"\.(target|executableTarget|systemLibrary|plugin)\(", line):
            continue
        name = re.search(r'name:\s*"([^"]+)"', line + (lines[index + 1] if index + 1 < len(lines) else ""))
        comment, above = [], index - 1
        while above >= 0 and lines[above].strip().startswith("//"):
            comment.insert(0, lines[above].strip()[2:].strip())
            above -= 1
        if name and comment:
            text = re.sub(r"^(?:Layer \w+'?|%s):\s*" % re.escape(name.group(1)), "", " ".join(comment).replace("`", ""))
            sentence = re.split(r"(?<=\.)\s", text, maxsplit=1)[0].rstrip(".")
            found[name.group(1)] = sentence[:1].upper() + sentence[1:]
    return found


def graph(package):
    """The targets (not tests) by kind, and their direct dependencies, implied ones left out."""
    nodes = {t["name"]: KINDS.get(t["type"], t["type"]) for t in package["targets"]
             if t["type"] != "test" and not (t.get("path") or "").startswith("Tests/")}
    edges, products = set(), {}
    for target in (t for t in package["targets"] if t["name"] in nodes):
        for dependency in target.get("dependencies", []):
            if "product" in dependency:
                products.setdefault(dependency["product"][1], set()).add(dependency["product"][0])
                edges.add((target["name"], dependency["product"][1]))
            elif (name := (dependency.get("byName") or dependency.get("target"))[0]) in nodes:
                edges.add((target["name"], name))
    nodes.update({package: "package: " + ", ".join(sorted(names)) for package, names in products.items()})
    after = {}
    for a, b in edges:
        after.setdefault(a, set()).add(b)

    def reached(start, skip):
        seen, stack = set(), [n for n in after.get(start, ()) if (start, n) != skip]
        while stack:
            if (node := stack.pop()) not in seen:
                seen.add(node)
                stack.extend(after.get(node, ()))
        return seen

    return nodes, sorted((a, b) for a, b in edges if b not in reached(a, (a, b)))


def draw():
    result = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("architecture: swift package dump-package failed:\n" + result.stderr)
    nodes, edges = graph(json.loads(result.stdout))
    notes = captions((ROOT / "Package.swift").read_text(encoding="utf-8"))
    quoted = lambda text: '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    out = ["// The map at the top of CONTRIBUTING.md, drawn from Package.swift by",
           "// scripts/architecture.py (CI checks that this is its output). Do not edit.",
           "digraph architecture {",
           '    graph [rankdir=TB, fontname="Helvetica", fontsize=12, nodesep=0.25, ranksep=0.35];',
           '    node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=10];',
           '    edge [color="#555555"];',
           '    label="The modules of Package.swift (an arrow: depends on; one a longer way implies is left out)";',
           "    labelloc=t; labeljust=l;"]
    for name, kind in nodes.items():
        package = kind.startswith("package: ")
        caption = "\n".join(textwrap.wrap(kind[9:] if package else notes.get(name, ""), 30))
        label = name if package or kind == "library" else f"{name} ({kind})"
        fill = "#eeeeee" if package else FILLS.get(kind, "#ffffff")
        out.append(f"    {quoted(name)} [label={quoted(label + (chr(10) + caption if caption else ''))}, fillcolor=\"{fill}\"];")
    out += [f"    {quoted(a)} -> {quoted(b)};" for a, b in edges] + ["}", ""]
    return "\n".join(out)


dot_text = draw()
if sys.argv[1:] == ["--check"]:
    if not DOT.exists() or DOT.read_text(encoding="utf-8") != dot_text:
        sys.exit(f"architecture: {DOT.relative_to(ROOT)} is not what Package.swift draws now: run python3 scripts/architecture.py")
    print(f"architecture: {dot_text.count(' [label=')} modules, as Package.swift declares them")
elif sys.argv[1:]:
    sys.exit(__doc__)
else:
    svg = subprocess.run(["dot", "-Tsvg"], input=dot_text, capture_output=True, text=True, check=True).stdout
    DOT.write_text(dot_text, encoding="utf-8")
    SVG.write_text(svg, encoding="utf-8")
    print(f"{DOT.relative_to(ROOT)}\n{SVG.relative_to(ROOT)}")
