#!/usr/bin/env python3
"""Writes docs/PublicAPI.md, the public symbols of each library module, from
the compiler's symbol graphs; with --check, fails when the page is not what
the code declares.

    python3 scripts/public-api.py [--check] [SWIFT BUILD FLAGS...]

    python3 scripts/public-api.py           # rewrite docs/PublicAPI.md
    python3 scripts/public-api.py --check   # exit 1 if it would change

Further arguments go to `swift package` (CI passes its build flags, so
that nothing is compiled again).
It has SwiftPM write the symbol graphs (`swift package dump-symbol-graph`,
which builds first), so a public declaration added, removed or renamed
without the page changing fails the check. The page lists each public type with the first sentence of
its documentation, what it conforms to and the names of its members.
"""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "PublicAPI.md")

# The library products, in the order a reader meets them.
MODULES = [
    ("SceneCore", "objects, their descriptions and the registry, events, the virtual clock"),
    ("SceneYAML", "the YAML layer's positions and limits (re-exported by SceneLoader)"),
    ("SceneLoader", "reading, checking and loading scene files; diagnostics"),
    ("SceneDrawing", "layout, the built-in text metric and SVG pictures of views"),
    ("SceneBehaviours", "the standard controls, and `SceneRegistry.standard` with the standard behaviours"),
    ("SceneStorage", "`SceneRegistry.standardWithStorage`, which adds `FocusStore`, state kept in SQLite"),
    ("SceneRunning", "running a scene's script and its transcript"),
    ("SceneTesting", "scene files as Swift Testing and XCTest tests"),
    ("SceneCommandLine", "the `scene-runner` command line as a library, for your own runner"),
    ("ScenePreview", "`preview`, the scene in a browser (SwiftNIO), for a runner that adds it"),
]

# Conformances every type has without declaring them.
IMPLICIT = {"Copyable", "Escapable", "SendableMetatype"}

KIND_NAMES = {
    "swift.struct": "struct",
    "swift.class": "class",
    "swift.enum": "enum",
    "swift.protocol": "protocol",
    "swift.typealias": "typealias",
    "swift.func": "func",
    "swift.var": "var",
}


def extract(flags):
    """Builds if needed and has SwiftPM write every module's symbol graph;
    returns the folder it wrote them to."""
    result = subprocess.run(
        ["swift", "package", *flags, "dump-symbol-graph", "--minimum-access-level", "public", "--skip-synthesized-members"],
        cwd=ROOT, capture_output=True, text=True,
    )
    marker = "Files written to "
    folders = [line[len(marker):].strip() for line in result.stdout.splitlines() if line.startswith(marker)]
    if result.returncode != 0 or not folders:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit("swift package dump-symbol-graph failed")
    return folders[-1]


def first_sentence(symbol):
    lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
    text = []
    for line in lines:
        if not line.strip():
            break
        text.append(line.strip())
    paragraph = " ".join(text)
    end = paragraph.find(". ")
    sentence = paragraph if end < 0 else paragraph[: end + 1]
    return sentence.replace("``", "`").replace("|", "\\|")


def load(out, module):
    """The module's own symbols and those it adds to other modules' types."""
    graphs = []
    for name in sorted(os.listdir(out)):
        if name == module + ".symbols.json" or name.startswith(module + "@"):
            with open(os.path.join(out, name), encoding="utf-8") as handle:
                graphs.append((name, json.load(handle)))
    return graphs


def page(out):
    lines = [
        "# Public API",
        "",
        "Every public type of each library, with the first sentence of its",
        "documentation, what it conforms to, and its members by name. The",
        "documentation comments in the sources say the rest. This page is",
        "generated from the compiler's symbol graphs by `scripts/public-api.py`,",
        "and `.ci/run` fails when a module's public symbols change without it.",
        "",
    ]
    for module, purpose in MODULES:
        lines += [f"## {module}", "", purpose[0].upper() + purpose[1:] + ".", ""]
        types = {}  # path -> (kind, summary, conformances, members)
        extended = {}  # other module's type -> members
        for name, graph in load(out, module):
            symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
            foreign = "@" in name
            for symbol in graph["symbols"]:
                path = symbol["pathComponents"]
                kind = symbol["kind"]["identifier"]
                if foreign:
                    extended.setdefault(".".join(path[:-1]) or path[0], set()).add(symbol["names"]["title"])
                    continue
                if kind in KIND_NAMES and (len(path) == 1 or kind in ("swift.struct", "swift.class", "swift.enum",
                                                                       "swift.protocol", "swift.typealias")):
                    types.setdefault(".".join(path), [KIND_NAMES[kind], first_sentence(symbol), set(), set()])
            for symbol in graph["symbols"]:
                path = symbol["pathComponents"]
                kind = symbol["kind"]["identifier"]
                if foreign or len(path) < 2:
                    continue
                owner = ".".join(path[:-1])
                if owner in types and ".".join(path) not in types:
                    title = symbol["names"]["title"]
                    if kind == "swift.enum.case":
                        title = "case " + title.split(".")[-1]
                    elif kind.startswith("swift.type."):
                        title = "static " + title
                    types[owner][3].add(title)
            for relation in graph["relationships"]:
                if relation["kind"] != "conformsTo" or relation["source"] not in symbols:
                    continue
                source = ".".join(symbols[relation["source"]]["pathComponents"])
                target = symbols.get(relation["target"])
                target_name = (
                    ".".join(target["pathComponents"]) if target else relation.get("targetFallback", "?").split(".")[-1]
                )
                if foreign:
                    extended.setdefault(source, set()).add("conforms to " + target_name)
                elif source in types and target_name not in IMPLICIT:
                    types[source][2].add(target_name)
        for path in sorted(types):
            kind, summary, conformances, members = types[path]
            entry = f"- `{path}` ({kind})"
            if summary:
                entry += f": {summary}"
            lines.append(entry)
            if conformances:
                lines.append("  Conforms to " + ", ".join(f"`{c}`" for c in sorted(conformances)) + ".")
            if members:
                lines.append("  Members: " + ", ".join(f"`{m}`" for m in sorted(members)) + ".")
        if extended:
            lines += ["", "Added to other modules' types:", ""]
            for path in sorted(extended):
                lines.append(f"- `{path}`: " + ", ".join(f"`{m}`" for m in sorted(extended[path])) + ".")
        lines.append("")
    return "\n".join(lines)


def main():
    arguments = sys.argv[1:]
    check = "--check" in arguments
    text = page(extract([a for a in arguments if a != "--check"]))
    if check:
        try:
            with open(PAGE, encoding="utf-8") as handle:
                current = handle.read()
        except OSError:
            current = ""
        if current != text:
            print(
                "docs/PublicAPI.md does not list the public API the code declares: "
                "a public symbol was added, removed or renamed. Run `python3 scripts/public-api.py` "
                "and check the difference is meant.",
                file=sys.stderr,
            )
            return 1
        print(f"docs/PublicAPI.md lists the public API ({text.count(chr(10) + '- `')} types and extensions)")
        return 0
    with open(PAGE, "w", encoding="utf-8") as handle:
        handle.write(text)
    print("wrote docs/PublicAPI.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
