#!/usr/bin/env python3
"""Draws the map at the top of CONTRIBUTING.md from the code:
docs/images/architecture.dot, and from it (Graphviz's dot)
docs/images/architecture.svg.

    python3 scripts/architecture.py            writes both
    python3 scripts/architecture.py --check    fails when the committed
                                               files are not what it draws now
    --package-json FILE   reads Package.swift's description from FILE
                          (`swift package dump-package` output) instead of
                          running `swift package dump-package`

The modules: every target of Package.swift but the tests, from `swift
package dump-package`, captioned with the first sentence of the comment
above it in Package.swift; an arrow is "depends on", and an arrow that a
longer way implies is left out. Products of other packages are one node a
package. A new target, or a changed dependency, shows at the next run.

A scene's way: the phases in PHASES below, each named by the types that do
it, and the hand-overs between them in HANDOVERS. They are written here,
not guessed, but checked against the sources: a type that is no longer
declared, or a hand-over whose code (the files that declare its `by` type)
no longer names what shows it, stops the script with what to change.

--check compares the DOT byte for byte, and the SVG by its nodes and
texts (the layout differs between Graphviz versions).
"""
import html
import json
import pathlib
import re
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOT = ROOT / "docs/images/architecture.dot"
SVG = ROOT / "docs/images/architecture.svg"

# The phases of a scene's way through the loader and the runner:
# (node, types that do it, caption). The first type's module is shown.
PHASES = [
    ("source", ["SceneSource"], "the file's bytes, bounded\n(pipes too, UTF-8 names)"),
    ("reader", ["YAMLDocumentReader", "ParsedScene"], "the YAML document, read whole,\nevery node with its byte range;\nlimits"),
    ("expansion", ["ComponentExpansion", "ExpandedScene"], "every entry as a flat list of\nobjects, each with its ObjectFile:\ninclude:, params, parent, set"),
    ("validator", ["SceneValidator", "DeclaredScene"], "each object checked against\nthe registry, its references\nkept as written"),
    ("resolver", ["ReferenceResolver", "ResolvedScene"], "every reference resolved once,\nthe id table complete; cycles\nand loops in the wiring"),
    ("compiler", ["ScriptCompiler"], "the script compiled"),
    ("declaration", ["SceneModel", "SceneDeclaration"], "the scene model, every mistake\nas a Diagnostic (check stops\nhere); the declaration"),
    ("assembler", ["SceneAssembler"], "the only place objects are made\n(makeInstance); then wired\nand woken"),
    ("graph", ["SceneGraph"], "the wiring graph (DOT, SVG):\nscene-runner graph"),
    ("runner", ["SceneRunner", "LiveRun"], "the script's steps and the\nobjects' timers on the\nVirtualScheduler"),
    ("outputs", ["RunSession", "TranscriptRecorder", "TimelineWriter"], "observers of the run: the\ntranscript (text, JSON), JUnit,\nthe timeline page, pictures"),
    ("registry", ["SceneRegistry"], "types, members, protocols"),
    ("behaviours", [], "SceneBehaviours, SceneStorage:\neach type's sceneDescription()"),
]

# What hands what to whom: (from, to, label, by, names). The hand-over is
# in the code of the type `by` (the files that declare or extend it), which
# names `names`: the type it hands to, or the member that shows how (the
# run's `observe` connecting its observers). Both default to the first types of
# from and to.
HANDOVERS = [
    ("source", "reader", "bytes", "SceneLoader", "YAMLDocumentReader"),
    ("reader", "expansion", "the whole document", "ComponentExpansion", "ParsedScene"),
    ("expansion", "source", "the component's file", None, None),
    ("expansion", "validator", "every object, flat", "SceneValidator", "ExpandedScene"),
    ("validator", "resolver", "the declared objects", "ReferenceResolver", "DeclaredScene"),
    ("resolver", "declaration", "the wiring", "SceneModel", "ResolvedScene"),
    ("validator", "compiler", "the script", "ScriptCompiler", "DeclaredScene"),
    ("declaration", "assembler", "make, wire, wake", "SceneLoader", "SceneAssembler"),
    ("declaration", "graph", "", "SceneGraph", "SceneDeclaration"),
    ("assembler", "runner", "the scene", "SceneRunner", "SceneLoader"),
    ("runner", "outputs", "what happened,\nto each observer", "RunSession", "observe"),
    ("behaviours", "registry", "registered", "SceneRegistry", "standardTypes"),
    ("registry", "validator", "each object's type", "SceneValidator", "SceneRegistry"),
    ("registry", "expansion", "the types of\ncomponents' objects", "ComponentExpansion", "SceneRegistry"),
]

TARGET_KINDS = {"regular": "library", "executable": "executable", "system": "system library", "plugin": "plugin"}


class Stop(Exception):
    pass


def package_description(package_json):
    if package_json:
        return json.loads(pathlib.Path(package_json).read_text(encoding="utf-8"))
    result = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise Stop("swift package dump-package failed:\n" + result.stderr)
    return json.loads(result.stdout)


def captions(manifest_text):
    """The first sentence of the comment above each target in Package.swift."""
    targets_start = manifest_text.find("targets: [", manifest_text.find("dependencies: ["))
    lines = manifest_text[targets_start:].splitlines()
    found = {}
    for index, line in enumerate(lines):
        match = re.search(r'\.(?:target|executableTarget|systemLibrary|plugin|macro)\(\s*(?:name:\s*"([^"]+)")?', line)
        if not match:
            continue
        name = match.group(1)
        if name is None and index + 1 < len(lines):
            following = re.search(r'name:\s*"([^"]+)"', lines[index + 1])
            name = following.group(1) if following else None
        comment = []
        above = index - 1
        while above >= 0 and lines[above].strip().startswith("//"):
            comment.insert(0, lines[above].strip()[2:].strip())
            above -= 1
        if name and comment:
            text = " ".join(comment).replace("`", "")
            text = re.sub(r"^(?:Layer \w+|%s):\s*" % re.escape(name), "", text)
            sentence = re.split(r"(?<=\.)\s", text, maxsplit=1)[0].rstrip(".")
            found[name] = sentence[:1].upper() + sentence[1:]
    return found


def module_graph(package):
    """The targets (not tests) with their kinds, and their direct dependencies;
    other packages' products grouped by package."""
    nodes, edges = {}, set()
    for target in package["targets"]:
        if target["type"] in ("test", "macro") or (target.get("path") or "").startswith("Tests/"):
            continue
        nodes[target["name"]] = TARGET_KINDS.get(target["type"], target["type"])
    products = {}
    for target in package["targets"]:
        if target["name"] not in nodes:
            continue
        for dependency in target.get("dependencies", []):
            if "product" in dependency:
                name, package_name = dependency["product"][0], dependency["product"][1]
                products.setdefault(package_name, set()).add(name)
                edges.add((target["name"], package_name))
            else:
                name = (dependency.get("byName") or dependency.get("target"))[0]
                if name in nodes:
                    edges.add((target["name"], name))
    for target in package["targets"]:
        if target["type"] == "plugin" and target["name"] in nodes:
            for dependency in target.get("dependencies", []):
                name = (dependency.get("byName") or dependency.get("target") or [None])[0]
                if name in nodes:
                    edges.add((target["name"], name))
    for package_name, names in products.items():
        nodes[package_name] = "package: " + ", ".join(sorted(names))
    return nodes, reduce(edges)


def reduce(edges):
    """Leaves out an edge a -> b when b is reached from a another way."""
    successors = {}
    for a, b in edges:
        successors.setdefault(a, set()).add(b)

    def reachable(start, skip):
        seen, stack = set(), [n for n in successors.get(start, ()) if (start, n) != skip]
        while stack:
            node = stack.pop()
            if node not in seen:
                seen.add(node)
                stack.extend(successors.get(node, ()))
        return seen

    return sorted((a, b) for a, b in edges if b not in reachable(a, (a, b)))


def swift_sources():
    files = {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        text = path.read_text(encoding="utf-8")
        # Comments and string literals do not count as naming a type.
        text = re.sub(r"//[^\n]*", "", text)
        files[path] = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    return files


def declaring_files(files, name):
    pattern = re.compile(r"\b(?:struct|class|enum|actor|protocol|extension|typealias)\s+%s\b" % re.escape(name))
    return [path for path, text in files.items() if pattern.search(text)]


def checked_phases(files):
    """PHASES and HANDOVERS, with each phase's module; stops at the first
    that the sources do not bear out."""
    problems, modules, phase_types = [], {}, {}
    for node, types, _ in PHASES:
        phase_types[node] = types
        for name in types:
            declared = declaring_files(files, name)
            if not declared:
                problems.append(f"the phase '{node}' names {name}, which no file of Sources declares")
                continue
            # The module of its declaration (not of an extension elsewhere).
            first = min(declared, key=lambda path: (
                not re.search(r"\b(?:struct|class|enum|actor|protocol)\s+%s\b" % name, files[path]), str(path)))
            modules[name] = first.relative_to(ROOT / "Sources").parts[0]
    for source, destination, _, by, names in HANDOVERS:
        if source not in phase_types or destination not in phase_types:
            problems.append(f"the hand-over {source} -> {destination} names a phase that PHASES lacks")
            continue
        by = by or phase_types[source][0]
        names = names or phase_types[destination][0]
        code = declaring_files(files, by)
        if not any(re.search(r"\b%s\b" % re.escape(names), files[path]) for path in code):
            problems.append(f"the hand-over {source} -> {destination}: the code of {by} no longer names {names}")
    if problems:
        raise Stop("the phases in scripts/architecture.py are not what the code does; change PHASES and "
                   "HANDOVERS to the code's phases:\n  " + "\n  ".join(problems))
    return modules


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def wrapped(text, width=30):
    return "\n".join(textwrap.wrap(text, width)) if text else ""


def draw(package, manifest_text, files):
    modules = checked_phases(files)
    nodes, edges = module_graph(package)
    notes = captions(manifest_text)
    out = [
        "// The map at the top of CONTRIBUTING.md, drawn by scripts/architecture.py",
        "// from Package.swift (swift package dump-package) and the loader's and",
        "// runner's phases, checked against Sources/. Do not edit: run",
        "// python3 scripts/architecture.py (CI checks that this is its output).",
        "digraph architecture {",
        '    graph [rankdir=TB, fontname="Helvetica", fontsize=12, nodesep=0.25, ranksep=0.35, newrank=true];',
        '    node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica", fontsize=10];',
        '    edge [fontname="Helvetica", fontsize=8, color="#555555"];',
        "",
        "    subgraph cluster_way {",
        '        label="A scene\'s way through the loader and the runner (an arrow: what is handed on)";',
        '        labeljust=l; style="rounded,filled"; fillcolor="#f3f6fb"; color="#9aaccc";',
    ]
    fills = {"declaration": "#fff4e0", "graph": "#e8f5e9", "outputs": "#e8f5e9", "registry": "#fdfbe6",
             "behaviours": "#fdfbe6"}
    for node, types, caption in PHASES:
        if len({modules[name] for name in types}) == 1:
            title = " / ".join(types) + f" ({modules[types[0]]})"
        else:
            title = "\n".join(f"{name} ({modules[name]})" for name in types)
        shape = ", shape=note" if node in ("declaration", "graph", "outputs") else ""
        out.append(f'        phase_{node} [label={quoted((title + chr(10) if title else "") + caption)}, '
                   f'fillcolor="{fills.get(node, "#ffffff")}"{shape}];')
    for source, destination, label, _, _ in HANDOVERS:
        style = ", style=dashed" if source == "registry" else ""
        label_part = f"label={quoted(label)}" if label else ""
        attributes = ", ".join(part for part in (label_part, style.lstrip(", ")) if part)
        out.append(f"        phase_{source} -> phase_{destination}" + (f" [{attributes}]" if attributes else "") + ";")
    out += [
        "    }",
        "",
        "    subgraph cluster_modules {",
        '        label="The modules of Package.swift (an arrow: depends on; one a longer way implies is left out)";',
        '        labeljust=l; style="rounded,filled"; fillcolor="#f7f7f7"; color="#bbbbbb";',
    ]
    colours = {"executable": "#e8f5e9", "system library": "#eeeeee", "plugin": "#eef3fb"}
    for name, kind in nodes.items():
        if kind.startswith("package: "):
            label, fill = f"{name}\n{wrapped(kind[len('package: '):])}", "#eeeeee"
        else:
            caption = wrapped(notes.get(name, ""))
            label = f"{name} ({kind})" if kind != "library" else name
            label += f"\n{caption}" if caption else ""
            fill = colours.get(kind, "#ffffff")
        out.append(f"        {quoted('module ' + name)} [label={quoted(label)}, fillcolor=\"{fill}\"];")
    for a, b in edges:
        out.append(f"        {quoted('module ' + a)} -> {quoted('module ' + b)};")
    out += ["    }", "}", ""]
    return "\n".join(out)


def render(dot_text):
    result = subprocess.run(["dot", "-Tsvg"], input=dot_text, capture_output=True, text=True)
    if result.returncode != 0:
        raise Stop("Graphviz's dot failed:\n" + result.stderr)
    return result.stdout


def svg_nodes_and_texts(svg):
    nodes = sorted(html.unescape(t) for t in re.findall(r'<g id="node\d+" class="node">\s*<title>([^<]*)</title>', svg))
    texts = sorted(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg))
    return nodes, texts


def main(arguments):
    check = "--check" in arguments
    package_json = None
    if "--package-json" in arguments:
        index = arguments.index("--package-json")
        if index + 1 >= len(arguments):
            print(__doc__, file=sys.stderr)
            return 64
        package_json = arguments[index + 1]
        del arguments[index:index + 2]
    if any(argument not in ("--check",) for argument in arguments):
        print(__doc__, file=sys.stderr)
        return 64
    try:
        dot_text = draw(package_description(package_json), (ROOT / "Package.swift").read_text(encoding="utf-8"),
                        swift_sources())
        svg = render(dot_text)
        if not check:
            DOT.write_text(dot_text, encoding="utf-8")
            SVG.write_text(svg, encoding="utf-8")
            print(f"{DOT.relative_to(ROOT)}\n{SVG.relative_to(ROOT)}")
            return 0
        committed = DOT.read_text(encoding="utf-8") if DOT.exists() else ""
        if committed != dot_text:
            raise Stop(f"{DOT.relative_to(ROOT)} is not what the code draws now: run python3 scripts/architecture.py")
        drawn, shown = svg_nodes_and_texts(svg), svg_nodes_and_texts(SVG.read_text(encoding="utf-8"))
        for kind, now, then in zip(("nodes", "texts"), drawn, shown):
            if now != then:
                missing, extra = sorted(set(now) - set(then)), sorted(set(then) - set(now))
                raise Stop(f"{SVG.relative_to(ROOT)} was not drawn from the DOT as it is ({kind}: missing {missing}, "
                           f"extra {extra}): run python3 scripts/architecture.py")
        print(f"architecture: {len(drawn[0])} nodes, drawn from the code as it is")
        return 0
    except Stop as stop:
        print(f"architecture: {stop}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
