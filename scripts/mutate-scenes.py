#!/usr/bin/env python3
# Mutation fuzzer for the real scene-runner binary, at the process level:
# takes the scene files of the repository as seeds (Scenes/, its
# Components/, Examples/, Fuzz/Corpus, the tests' fixtures and the YAML in
# their string literals), mutates each at the text and at the YAML-structure
# level, and runs every mutant through `check`, `run` (in text, and in JSON
# Lines with --timeline), `graph` and `live` (a few stdin lines and a short
# --duration), looking for crashes, undocumented exit statuses, hangs,
# memory blow-ups, JSON Lines that do not parse and inputs the run changed.
# Findings are kept outside the repository, one folder per signature, each
# shrunk by line deletion; at the end it prints what it ran and found.
#
#     scripts/mutate-scenes.py [--seconds S] [--count N] [--seed N]
#                              [--jobs N] [--runner PATH] [--findings DIR]
#
#     --seconds S       stop after S seconds (default 60, 0: no time limit)
#     --count N         stop after N mutants (default: no limit)
#     --seed N          the mutants are a function of the seed and their
#                       index, so a seed and a count give the same mutants
#                       on every machine (the default seed is 1)
#     --jobs N          mutants run at once (default 1: the machine is shared)
#     --runner PATH     the binary (default .build/release/scene-runner), so
#                       a custom runner built on SceneCommandLine works too
#     --findings DIR    where findings go (default /tmp/scene-mutate)
#     --timeout S       wall-clock limit of one run (default 10)
#     --max-rss-mb N    memory limit of one run (default 1024)
#     --live-share F    the share of mutants also run with `live` (0.3)
#     --shrink-seconds S  time to shrink each new finding (default 60; 0: no)
#     --fail-on-finding exit 1 when anything was found (for CI)
#     --fail-kinds K,K  only these kinds fail it (default: all of status,
#                       timeout, memory, output, json, dot, input-changed,
#                       quadratic; CI leaves out timeout: a debug build on a
#                       shared machine is slow, and some seeds are slow by
#                       design, such as a 1 ms timer retriggered for an hour)
#
# A finding is a run that died by a signal (or exited 128+N), exited with a
# status its subcommand's --help does not list, ran past the time limit,
# went over the memory limit, printed a JSON Lines line that does not parse
# or DOT with a control character, or changed an input file. Findings are
# deduplicated by signature (subcommand, what happened, first line of
# standard error). Each run gets a folder of its own under $SCENE_FUZZ_TMP
# (default: the system's temporary folder), removed afterwards; its
# process group is killed on a time-out, and SIGINT or SIGTERM stops the
# tool cleanly with its summary. See Fuzz/README.md.
import glob
import importlib.util
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scene_fuzzkit as kit  # noqa: E402

# The generator's typed values and payload rules, for mutations that keep a
# scene valid (its file name has a hyphen, so it is loaded by path).
_spec = importlib.util.spec_from_file_location(
    "generate_scenes", os.path.join(os.path.dirname(os.path.abspath(__file__)), "generate-scenes.py"))
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

INTERESTING = [
    "1e308", "-1e308", "1.7976931348623157e308", "1e309", "-1e400", "4.9e-324", "1e-400", "2.2250738585072014e-308",
    "-0", "-0.0", "+0", "0", "-1", "1", "0.5", ".5", "1.", "NaN", "nan", ".nan", ".NaN", "inf", "-inf", ".inf",
    "-.inf", "+.inf", "Infinity", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551616", "2147483648", "4294967296", "99999999999999999999999999999",
    "0x10", "0o17", "0b11", "1_000", "007", "1e3", "2E6", "1e+3", "8784h", "8784h1ms", "8785h", "9999999999999h",
    "1h1h", "0.0000000001s", "0.001ms", "1ms", "0ms", "0s", "-1s", "-0s", "1m30", "1h2m3.5s", "30s1m", "25m",
    "99999999999999999999s", "1e3s", "0.1s", "2562047h", "2562048h", "106751991167d",
    "''", '""', "~", "null", "Null", "true", "false", "True", "yes", "no", "on", "off", "y", "n",
    "[]", "{}", "[a, b]", "{a: 1}", "[[]]", "[~]", "[null, null]", "{ : }", "!!str x", "!x y", "&a x", "*a",
    '"#FFF"', '"#GGGGGG"', '"#00000080"', '"#ffffffff"', "red", "clear", "purple", "x", "y", "z",
    '"\\u0000"', '"a\\0b"', '"\\x1b[31m"', '"\\u202e"', '"\\ud800"', '"\\U0001F600"', '"\\N\\L\\P"',
    '"</script><script>alert(1)</script>"', '"\\"quoted\\" \\\\ back"', "'it''s'", "$x", "$timeout", "$",
    "x.y", ".", "a.", ".b", "a..b", "a.b.c", "self.self", "é", "日本語", "😀", "\u0085", "\u2028",
]

CONTROL = ["\x00", "\x1b", "\r", "\r\n", "\x85", "\u2028", "\u2029", "\ufeff", "\t", "\x7f", "\x01", "\x0c",
           "\x0b", "\u200b", "\U0001F600", "\x1b[2J", "\x9b"]
INVALID_UTF8 = [b"\xff", b"\xfe", b"\xc3", b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                b"\x80", b"\xf0\x9f\x98", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff\x00a"]
VERBS = ["tap", "press", "release", "cancel", "slide", "tapAt", "type", "focus", "clear", "returnKey", "select",
         "panBegan", "panMoved", "panEnded", "dismiss", "enter", "swipeLeft", "swipeRight", "stall", "rotate",
         "call", "set", "expect", "wait", "at", "note", "tapp", "include", "objects"]

KEY_LINE = re.compile(r"^(\s*)(-\s+)?([^\s#:'\"][^:#]*?|'[^']*'|\"[^\"]*\"):(\s|$)")
VALUE_LINE = re.compile(r"^(\s*(?:-\s+)?[^\s#:][^:#]*?:\s+)(\S.*?)\s*$")
ID_LINE = re.compile(r"^  ([A-Za-z_][A-Za-z0-9_]*):")


# ---------------------------------------------------------------- seeds

def load_seeds():
    """The seeds: (name, bytes), and the files they include, by the path
    the include names, to be written beside every mutant."""
    paths = sorted(set(glob.glob(os.path.join(REPOSITORY, "Scenes", "**", "*.yaml"), recursive=True)
                       + glob.glob(os.path.join(REPOSITORY, "Examples", "**", "*.yaml"), recursive=True)
                       + glob.glob(os.path.join(REPOSITORY, "Tests", "**", "*.yaml"), recursive=True)
                       + glob.glob(os.path.join(REPOSITORY, "Fuzz", "Corpus", "*"))))
    paths = [path for path in paths if "/.build/" not in path and os.path.isfile(path)]
    seeds, support = [], {}
    for path in paths:
        with open(path, "rb") as file:
            data = file.read()
        seeds.append((os.path.relpath(path, REPOSITORY), data))
        for include in re.findall(rb"include:\s*['\"]?([^\s'\",}]+)", data):
            relative = include.decode("utf-8", "replace")
            target = os.path.normpath(os.path.join(os.path.dirname(path), relative))
            if os.path.isfile(target) and not relative.startswith(("/", "..")):
                with open(target, "rb") as file:
                    support[relative] = file.read()
    # The YAML in the tests' multi-line string literals, through Fuzz/seeds.py.
    literals = kit.scratch_folder("scene-mutate-seeds-")
    try:
        subprocess.run([sys.executable, os.path.join(REPOSITORY, "Fuzz", "seeds.py"), literals],
                       cwd=REPOSITORY, capture_output=True, timeout=120, check=False)
        for path in sorted(glob.glob(os.path.join(literals, "*"))):
            with open(path, "rb") as file:
                seeds.append(("Tests literal " + os.path.basename(path)[:12], file.read()))
    except (OSError, subprocess.TimeoutExpired):
        pass
    finally:
        shutil.rmtree(literals, ignore_errors=True)
    unique, seen = [], set()
    for name, data in seeds:
        if data not in seen and len(data) < (4 << 20):
            seen.add(data)
            unique.append((name, data))
    return unique, support


def load_registry(runner):
    """Types by name, from `RUNNER types --format json` (empty when it fails)."""
    try:
        output = subprocess.run([runner, "types", "--format", "json"], capture_output=True, timeout=60,
                                env=dict(os.environ, SWIFT_BACKTRACE="enable=no")).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    types = {}
    for line in output.splitlines():
        try:
            record = kit.json.loads(line)
        except ValueError:
            continue
        if record.get("type") == "type":
            types[record["name"]] = record
    return types


# ---------------------------------------------------------------- text helpers

def decode(data):
    return data.decode("utf-8", "surrogateescape")


def encode(text):
    return text.encode("utf-8", "surrogateescape")


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def block_end(lines, start):
    """The index after the block that lines[start] opens (its more-indented
    lines, and blank lines among them)."""
    base = indent_of(lines[start])
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or indent_of(lines[end]) > base):
        end += 1
    return end


def key_lines(lines):
    return [index for index, line in enumerate(lines) if KEY_LINE.match(line)]


def ids_in(text):
    ids = re.findall(r"^  ([A-Za-z_][A-Za-z0-9_]*):", text, re.M)
    return [i for i in ids if i not in ("type", "include")] or ["x"]


def long_text(rng):
    size = rng.choice([300, 5000, 70000, 300000, 1_500_000])
    unit = rng.choice(["a", "é", "😀", "ab ", "\\u0000", "x.", "%", "{", "\\n"])
    body = (unit * (size // len(unit) + 1))[:size]
    return rng.choice([f'"{body}"', body.replace("\\", "/"), "'" + body.replace("'", "''") + "'"])


def nested(rng):
    depth = rng.choice([10, 60, 61, 62, 63, 64, 65, 70, 200, 5000])
    return rng.choice(["[" * depth + "1" + "]" * depth,
                       "{a: " * depth + "1" + "}" * depth,
                       "[" * depth,
                       "[{x: " * (depth // 2) + "1" + "}]" * (depth // 2)])


# ---------------------------------------------------------------- mutations

class Mutant:
    def __init__(self, text, seeds, support, registry, rng):
        self.text = text
        self.extra = {}  # relative path -> bytes, written beside the mutant
        self.seeds = seeds
        self.support = support
        self.registry = registry
        self.rng = rng
        self.operations = []


def m_delete_lines(m, lines):
    if lines:
        start = m.rng.randrange(len(lines))
        del lines[start:start + m.rng.choice([1, 1, 2, 3])]


def m_duplicate_lines(m, lines):
    if lines:
        start = m.rng.randrange(len(lines))
        count = m.rng.choice([1, 1, 2, 5])
        lines[start:start] = lines[start:start + count] * m.rng.choice([1, 1, 2, 50])


def m_swap_lines(m, lines):
    if len(lines) > 1:
        a, b = m.rng.randrange(len(lines)), m.rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]


def m_delete_block(m, lines):
    keys = key_lines(lines)
    if keys:
        start = m.rng.choice(keys)
        del lines[start:block_end(lines, start)]


def m_duplicate_block(m, lines):
    keys = key_lines(lines)
    if keys:
        start = m.rng.choice(keys)
        end = block_end(lines, start)
        block = lines[start:end]
        copies = m.rng.choice([1, 1, 2, 30, 3000])
        if m.rng.random() < 0.6 and ID_LINE.match(block[0]):
            name = ID_LINE.match(block[0]).group(1)
            new = []
            for number in range(copies):
                new += [re.sub(r"^  " + name + ":", f"  {name}_{number}:", block[0])] + block[1:]
            lines[end:end] = new
        else:
            lines[end:end] = block * min(copies, 30)


def m_swap_blocks(m, lines):
    keys = key_lines(lines)
    if len(keys) > 1:
        a = m.rng.choice(keys)
        siblings = [k for k in keys if indent_of(lines[k]) == indent_of(lines[a]) and
                    (k >= block_end(lines, a) or k < a)]
        if siblings:
            b = m.rng.choice(siblings)
            a, b = min(a, b), max(a, b)
            a_end, b_end = block_end(lines, a), block_end(lines, b)
            if a_end <= b:
                lines[a:b_end] = lines[b:b_end] + lines[a_end:b] + lines[a:a_end]


def m_move_block(m, lines):
    keys = key_lines(lines)
    if len(keys) > 1:
        start = m.rng.choice(keys)
        end = block_end(lines, start)
        block = lines[start:end]
        del lines[start:end]
        if not lines:
            lines.extend(block)
            return
        target = m.rng.randrange(len(lines) + 1)
        shift = m.rng.choice([-4, -2, 0, 2, 4]) if target else 0
        moved = []
        for line in block:
            if shift >= 0:
                moved.append(" " * shift + line)
            else:
                moved.append(line[min(-shift, indent_of(line)):])
        lines[target:target] = moved


def m_replace_value(m, lines):
    candidates = [i for i, line in enumerate(lines) if VALUE_LINE.match(line)]
    if candidates:
        index = m.rng.choice(candidates)
        match = VALUE_LINE.match(lines[index])
        roll = m.rng.random()
        if roll < 0.7:
            value = m.rng.choice(INTERESTING)
        elif roll < 0.85:
            value = long_text(m.rng)
        else:
            value = nested(m.rng)
        lines[index] = match.group(1) + value


def m_replace_number(m, lines):
    text = "\n".join(lines)
    numbers = list(re.finditer(r"(?<![\w.#])[-+]?\d+(\.\d+)?(e[-+]?\d+)?(ms|s|m|h)?(?![\w.])", text))
    if numbers:
        match = m.rng.choice(numbers)
        value = m.rng.choice(INTERESTING[:80])
        text = text[:match.start()] + value + text[match.end():]
        lines[:] = text.split("\n")


def m_replace_key(m, lines):
    keys = key_lines(lines)
    if keys:
        index = m.rng.choice(keys)
        match = KEY_LINE.match(lines[index])
        words = re.findall(r"^\s*(?:-\s+)?([A-Za-z_][\w.]*):", m.rng.choice(m.seeds)[1].decode("utf-8", "replace"),
                           re.M) or ["type"]
        new = m.rng.choice(words + VERBS + ["on", "type", "include", "params", "set", "script", "objects", "<<",
                                            "? x", "''", "a" * 5000, "scene", "version"])
        lines[index] = match.group(1) + (match.group(2) or "") + new + lines[index][match.end(3):]


def m_change_shape(m, lines):
    candidates = [i for i, line in enumerate(lines) if VALUE_LINE.match(line)]
    keys = key_lines(lines)
    if candidates and m.rng.random() < 0.6:
        index = m.rng.choice(candidates)
        match = VALUE_LINE.match(lines[index])
        value = match.group(2)
        lines[index] = match.group(1) + m.rng.choice(
            [f"[{value}]", f"{{k: {value}}}", f'"{value}"', "~", f"[{value}, {value}]", f"|\n  {value}",
             f"&anchor {value}", f"!!str {value}", f"- {value}"])
    elif keys:
        index = m.rng.choice(keys)
        end = block_end(lines, index)
        match = KEY_LINE.match(lines[index])
        lines[index:end] = [match.group(1) + (match.group(2) or "") + match.group(3) + ": " +
                            m.rng.choice(INTERESTING)]


def m_control(m, lines):
    text = "\n".join(lines)
    position = m.rng.randrange(len(text) + 1)
    text = text[:position] + m.rng.choice(CONTROL) * m.rng.choice([1, 1, 3]) + text[position:]
    lines[:] = text.split("\n")


def m_invalid_utf8(m, lines):
    text = "\n".join(lines)
    data = encode(text)
    position = m.rng.randrange(len(data) + 1)
    data = data[:position] + m.rng.choice(INVALID_UTF8) + data[position:]
    lines[:] = decode(data).split("\n")


def m_bytes(m, lines):
    data = bytearray(encode("\n".join(lines)))
    for _ in range(m.rng.choice([1, 2, 4, 8])):
        if not data:
            break
        position = m.rng.randrange(len(data))
        roll = m.rng.random()
        if roll < 0.4:
            data[position] ^= 1 << m.rng.randrange(8)
        elif roll < 0.7:
            data.insert(position, m.rng.choice(b":-[]{},&*!|>'\"#%@` \n\t?~"))
        else:
            del data[position]
    lines[:] = decode(bytes(data)).split("\n")


def m_truncate(m, lines):
    text = "\n".join(lines)
    if text:
        lines[:] = text[:m.rng.randrange(len(text))].split("\n")


def m_splice(m, lines):
    other = decode(m.rng.choice(m.seeds)[1]).split("\n")
    if not other:
        return
    start = m.rng.randrange(len(other))
    piece = other[start:start + m.rng.choice([1, 3, 10, 1000])]
    if m.rng.random() < 0.5:
        position = m.rng.randrange(len(lines) + 1)
        lines[position:position] = piece
    else:
        cut = m.rng.randrange(len(lines) + 1)
        lines[cut:] = other[start:]


def m_long_id(m, lines):
    text = "\n".join(lines)
    ids = ids_in(text)
    old = m.rng.choice(ids)
    new = m.rng.choice(["a" * m.rng.choice([256, 5000, 100000]), "_" * 1000, old + "x" * 40000, "é", "a-b", "0a",
                        "a.b", "self", "on", "type"])
    lines[:] = re.sub(r"\b" + re.escape(old) + r"\b", new, text).split("\n")


def m_deep(m, lines):
    if m.rng.random() < 0.5:
        candidates = [i for i, line in enumerate(lines) if VALUE_LINE.match(line)]
        if candidates:
            index = m.rng.choice(candidates)
            lines[index] = VALUE_LINE.match(lines[index]).group(1) + nested(m.rng)
            return
    depth = m.rng.choice([20, 61, 62, 63, 64, 100, 3000])
    position = m.rng.randrange(len(lines) + 1)
    base = indent_of(lines[position - 1]) if position and lines else 0
    block = [" " * (base + 2 * level) + "k:" for level in range(depth)]
    lines[position:position] = block


def m_aliases(m, lines):
    text = "\n".join(lines)
    ids = ids_in(text)
    roll = m.rng.random()
    if roll < 0.4 and "objects:" in text:
        # Copies of a whole object through aliases, many times.
        target = m.rng.choice(ids)
        text = re.sub(r"^  " + re.escape(target) + r":[ \t]*$", f"  {target}: &obj", text, count=1, flags=re.M)
        count = m.rng.choice([10, 1000, 30000, 120000])
        copies = "".join(f"  {target}_alias{n}: *obj\n" for n in range(count))
        text = text.rstrip("\n") + "\n" + copies if "&obj" in text else text
    elif roll < 0.7:
        # A billion-laughs ladder under some key.
        width = m.rng.choice([3, 10, 40])
        levels = m.rng.choice([3, 5, 9])
        ladder = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
        for level in range(1, levels):
            ladder.append(f"l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * width)}]")
        position = m.rng.choice(["top", "value"])
        if position == "top":
            text = "\n".join(ladder) + "\n" + text
        else:
            candidates = [i for i, line in enumerate(lines) if VALUE_LINE.match(line)]
            if candidates:
                index = m.rng.choice(candidates)
                key = VALUE_LINE.match(lines[index]).group(1)
                body = "{" + ", ".join(part.replace(": ", ": ", 1) for part in ladder) + "}"
                lines[index] = key + body
                text = "\n".join(lines)
    else:
        # An anchor on a value and its alias wherever another value is.
        candidates = [i for i, line in enumerate(lines) if VALUE_LINE.match(line)]
        if len(candidates) > 1:
            first = min(m.rng.sample(candidates, 2))
            match = VALUE_LINE.match(lines[first])
            lines[first] = match.group(1) + "&v " + match.group(2)
            for index in candidates:
                if index > first and m.rng.random() < 0.5:
                    lines[index] = VALUE_LINE.match(lines[index]).group(1) + "*v"
            text = "\n".join(lines)
    lines[:] = text.split("\n")


def object_types(text):
    """(id, type) of the objects whose block names a type."""
    found = []
    for match in re.finditer(r"^  ([A-Za-z_]\w*):\s*(?:\{[^}\n]*type:\s*(\w+)|\n((?:    .*\n?)+))", text, re.M):
        type_name = match.group(2)
        if not type_name and match.group(3):
            inner = re.search(r"^    type:\s*(\w+)", match.group(3), re.M)
            type_name = inner.group(1) if inner else None
        if type_name:
            found.append((match.group(1), type_name))
    return found


def m_wiring(m, lines):
    """Free on: wiring between the scene's objects, self-loops and cycles
    included, as far as the registry knows their events and actions."""
    text = "\n".join(lines)
    objects = object_types(text)
    senders = [(i, t) for i, t in objects if m.registry.get(t, {}).get("events")]
    receivers = [(i, t) for i, t in objects if m.registry.get(t, {}).get("actions")]
    if not senders or not receivers:
        return
    sender, sender_type = m.rng.choice(senders)
    wires = []
    for event in m.rng.sample(m.registry[sender_type]["events"], min(2, len(m.registry[sender_type]["events"]))):
        targets = []
        for _ in range(m.rng.choice([1, 1, 2, 3])):
            receiver, receiver_type = (sender, sender_type) if (m.rng.random() < 0.3 and
                                                                m.registry[sender_type]["actions"]) \
                else m.rng.choice(receivers)
            actions = m.registry[receiver_type]["actions"]
            if m.rng.random() < 0.7:
                actions = [a for a in actions if generator.fits_payload(event["payload"], a["argument"])] or actions
            action = m.rng.choice(actions)["name"]
            targets.append(f"{receiver}.{action}")
        wires.append(f"{event['name']}: [{', '.join(targets)}]")
    wiring = "on: { " + ", ".join(wires) + " }"
    for index, line in enumerate(lines):
        if re.match(r"^  " + re.escape(sender) + r":", line):
            if "{" in line and line.rstrip().endswith("}"):
                lines[index] = line.rstrip()[:-1].rstrip().rstrip(",") + ", " + wiring + " }"
            else:
                lines.insert(index + 1, "    " + wiring)
            return


def m_include(m, lines):
    roll = m.rng.random()
    text = "\n".join(lines)
    if "objects:" not in text:
        lines[:] = (text + "\nobjects:").split("\n")
    if roll < 0.3:
        name, data = m.rng.choice(m.seeds)
        path = f"inc{len(m.extra)}.yaml"
        m.extra[path] = data
        include = path
    elif roll < 0.5:
        include = m.rng.choice(["scene.yaml", "./scene.yaml", ".", "/dev/zero", "/dev/null", "/proc/self/status",
                                "missing.yaml", "parts", "", "scene.yaml/..", "/etc/hostname", "\u00e9.yaml"])
    else:
        # A folder of components made here: a chain, a tree that fans out,
        # or a cycle through several files.
        depth = m.rng.choice([2, 5, 15, 16, 17, 30])
        fan = m.rng.choice([1, 1, 2, 3, 10])
        cycle = m.rng.random() < 0.25
        for level in range(depth):
            body = ["params:", "  n: { type: Int, default: 1 }", "objects:",
                    "  v: { type: View }", "  b: { type: Button, parent: v, on: { tap: v.hide } }"]
            if level + 1 < depth or cycle:
                nxt = (level + 1) % depth
                for child in range(fan):
                    body.append(f"  c{child}: {{ include: p{nxt}.yaml, parent: v }}")
            m.extra[f"parts/p{level}.yaml"] = ("\n".join(body) + "\n").encode()
        include = "parts/p0.yaml"
    count = m.rng.choice([1, 1, 2, 50])
    addition = "".join(f"  inc_{m.rng.randrange(10 ** 6)}_{n}: {{ include: {include} }}\n" for n in range(count))
    text = "\n".join(lines)
    position = text.find("objects:")
    end = text.find("\n", position)
    if end < 0:
        text = text + "\n" + addition
    else:
        text = text[:end + 1] + addition + text[end + 1:]
    lines[:] = text.split("\n")


def script_step(rng, ids):
    target = rng.choice(ids)
    verb = rng.choice(VERBS)
    member = rng.choice(["hidden", "alpha", "value", "text", "count", "title", "enabled", "running", "x", "parent",
                         "providers", "pending", "deadline", "currentTime"])
    action = rng.choice(["hide", "show", "fire", "trigger", "resume", "pause", "play", "load", "seek", "start",
                         "stop", "submit", "next", "reset", "apply", "dismiss", "triggerAfter"])
    value = rng.choice(INTERESTING)
    if verb in ("wait", "at"):
        return f"{verb}: {rng.choice(['0s', '1ms', '1s', '3s', '1h', '8784h', '24h', '-1s', '1e308', 'NaN'])}"
    if verb == "call":
        return rng.choice([f"call: {target}.{action}", f"call: {{ {target}.{action}: {value} }}"])
    if verb in ("set", "expect"):
        return f"{verb}: {{ {target}.{member}: {value} }}"
    if verb == "note":
        return f"note: {value}"
    return rng.choice([f"{verb}: {target}", f"{verb}: {{ {target}: {value} }}"])


def m_script(m, lines):
    text = "\n".join(lines)
    ids = ids_in(text)
    steps = [f"  - {script_step(m.rng, ids)}" for _ in range(m.rng.choice([1, 3, 10, 2000]))]
    if re.search(r"^script:", text, re.M) and m.rng.random() < 0.7:
        lines.extend(steps)
    else:
        lines.extend(["script:"] + steps)


def m_typed_script(m, lines):
    """Script steps that fit the scene's objects' types (inputs, calls,
    sets, expects of the right kind of value), so the mutant stays valid."""
    text = "\n".join(lines)
    objects = [(i, t) for i, t in object_types(text) if t in m.registry]
    if not objects:
        return
    steps = []
    for _ in range(m.rng.choice([1, 3, 10, 50])):
        identifier, type_name = m.rng.choice(objects)
        record = m.registry[type_name]
        roll = m.rng.random()
        if roll < 0.35 and record["inputs"]:
            verb = m.rng.choice(record["inputs"])
            steps.append(f"{verb['name']}: {identifier}" if verb["argument"] is None else
                         f"{verb['name']}: {{ {identifier}: {generator.value_of(m.rng, verb['argument'])} }}")
        elif roll < 0.55 and record["actions"]:
            action = m.rng.choice(record["actions"])
            steps.append(f"call: {identifier}.{action['name']}" if action["argument"] is None else
                         f"call: {{ {identifier}.{action['name']}: {generator.value_of(m.rng, action['argument'])} }}")
        elif roll < 0.7 and any(not p["readOnly"] for p in record["properties"]):
            prop = m.rng.choice([p for p in record["properties"] if not p["readOnly"]])
            steps.append(f"set: {{ {identifier}.{prop['name']}: "
                         f"{generator.value_of(m.rng, prop['valueType'], prop['range'], prop['name'])} }}")
        elif roll < 0.85 and record["properties"]:
            prop = m.rng.choice(record["properties"])
            steps.append(f"expect: {{ {identifier}.{prop['name']}: {generator.value_of(m.rng, prop['valueType'])} }}")
        else:
            steps.append(f"wait: {m.rng.choice(['0s', '1ms', '16ms', '250ms', '1s', '3s', '1m'])}")
    steps = [f"  - {step}" for step in steps]
    if re.search(r"^script:\s*$", text, re.M):
        lines.extend(steps)
    elif not re.search(r"^script:", text, re.M):
        lines.extend(["script:"] + steps)


def m_repeat_items(m, lines):
    candidates = [i for i, line in enumerate(lines) if re.search(r"\[[^\[\]]+\]", line)]
    if candidates:
        index = m.rng.choice(candidates)
        match = re.search(r"\[([^\[\]]+)\]", lines[index])
        items = [item.strip() for item in match.group(1).split(",") if item.strip()]
        if items:
            count = m.rng.choice([2, 100, 5000, 45000])
            repeated = ", ".join(m.rng.choice(items) for _ in range(count))
            lines[index] = lines[index][:match.start()] + "[" + repeated + "]" + lines[index][match.end():]


def m_indent(m, lines):
    if lines:
        index = m.rng.randrange(len(lines))
        roll = m.rng.random()
        if roll < 0.4:
            lines[index] = " " * m.rng.choice([1, 2, 4]) + lines[index]
        elif roll < 0.8:
            lines[index] = lines[index][min(indent_of(lines[index]), m.rng.choice([1, 2])):]
        else:
            lines[index] = "\t" + lines[index].lstrip(" ")


def m_document(m, lines):
    lines.insert(m.rng.choice([0, len(lines)]) if m.rng.random() < 0.7 else m.rng.randrange(len(lines) + 1),
                 m.rng.choice(["---", "...", "%YAML 1.2", "%YAML 1.1\n---", "%TAG ! tag:x,2000:", "\ufeff",
                               "--- !x", "--- |", "# comment", "? complex", ": value", "- item", "&a", "*a",
                               "\ufeff---", "---\n---", "objects:", "script:", "}", "]", "'", '"']))


def m_quote(m, lines):
    candidates = [i for i, line in enumerate(lines) if VALUE_LINE.match(line)]
    if candidates:
        index = m.rng.choice(candidates)
        match = VALUE_LINE.match(lines[index])
        value = match.group(2)
        roll = m.rng.random()
        if roll < 0.3:
            value = '"' + value.replace('"', '\\"') + '"'
        elif roll < 0.6:
            value = value.strip("'\"")
        elif roll < 0.8:
            value = "|\n" + " " * (indent_of(lines[index]) + 2) + value
        else:
            value = ">-\n" + " " * (indent_of(lines[index]) + 2) + value + "\n" + " " * (indent_of(lines[index]) + 2)
        lines[index] = match.group(1) + value


MUTATIONS = [
    (m_delete_lines, 6), (m_duplicate_lines, 5), (m_swap_lines, 4), (m_delete_block, 5), (m_duplicate_block, 5),
    (m_swap_blocks, 3), (m_move_block, 4), (m_replace_value, 12), (m_replace_number, 6), (m_replace_key, 6),
    (m_change_shape, 6), (m_control, 4), (m_invalid_utf8, 2), (m_bytes, 4), (m_truncate, 2), (m_splice, 4),
    (m_long_id, 2), (m_deep, 2), (m_aliases, 4), (m_wiring, 8), (m_include, 5), (m_script, 5),
    (m_typed_script, 8),
    (m_repeat_items, 2), (m_indent, 3), (m_document, 2), (m_quote, 3),
]


def mutate(rng, seeds, valid_seeds, support, registry):
    name, data = rng.choice(valid_seeds if rng.random() < 0.7 else seeds)
    mutant = Mutant(decode(data), seeds, support, registry, rng)
    lines = mutant.text.split("\n")
    operations, weights = zip(*MUTATIONS)
    for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3, 5])):
        operation = rng.choices(operations, weights)[0]
        operation(mutant, lines)
        mutant.operations.append(operation.__name__[2:])
    data = encode("\n".join(lines))
    if len(data) > (32 << 20):
        data = data[:32 << 20]
    return name, data, mutant


# ---------------------------------------------------------------- running

def stdin_lines(rng, text):
    ids = ids_in(text)
    lines = [script_step(rng, ids) for _ in range(rng.choice([1, 3, 6]))]
    if rng.random() < 0.3:
        lines.append(rng.choice(["", "# comment", "wait: 1s", "tap:", "{", "- tap: x", "\x00", "\x1b[A",
                                 "tap: " + "a" * 100000, "expect: {", "objects: {}", "\ufeff", "\xff"]))
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")


def commands(rng, valid, text, live_share):
    """The runs of one mutant: (subcommand, arguments, stdin, json, dot)."""
    planned = [("run", ["run", "--format", "json", "--timeline", "out/timeline.html", "scene.yaml"], None, True,
                False)]
    if rng.random() < 0.2:
        planned.append(("check", ["check", "--format", "json", "scene.yaml"], None, True, False))
    if valid or rng.random() < 0.25:
        planned.append(("run", ["run"] + rng.choice([[], [], ["--verbose"], ["--jobs", "2", "scene.yaml"],
                                                     ["--warnings-as-errors"], ["--shard", "1/1"]])
                        + ["scene.yaml"], None, False, False))
        planned.append(("graph", ["graph", "scene.yaml"] + rng.choice([[], [], ["-o", "out/graph.dot"]]), None, False,
                        True))
    if rng.random() < live_share and (valid or rng.random() < 0.3):
        arguments = ["live", "scene.yaml", "--duration", rng.choice(["300ms", "500ms", "1s"])]
        arguments += rng.choice([[], [], ["--format", "json"], ["--with-script"], ["--record", "out/rec.yaml"],
                                 ["--verbose"]])
        planned.append(("live", arguments, stdin_lines(rng, text), "json" in arguments, False))
    if rng.random() < 0.03:
        # An output named like an input: refused, or the input changes.
        victim = rng.choice(["scene.yaml", "./scene.yaml", "Components/auto-hiding-controls.yaml", "out/../scene.yaml"])
        planned.append(rng.choice([
            ("graph", ["graph", "scene.yaml", "-o", victim], None, False, False),
            ("run", ["run", "--timeline", victim, "scene.yaml"], None, False, False),
            ("live", ["live", "scene.yaml", "--duration", "200ms", "--record", victim], b"", False, False)]))
    if rng.random() < 0.05:
        # Standard output a pipe already closed (`| head -0`): documented as 74.
        planned.append(("run", ["run", "scene.yaml"], None, False, False, True))
    if rng.random() < 0.05:
        name = rng.choice(ids_in(text) + ["Button", "button", "InteractionProvider", "", "a" * 100000, "\u00e9",
                                          "Vew", "Protocols", "-", "--format"])
        arguments = ["types", name] + rng.choice([[], ["--format", "json"]])
        planned.append(("types", arguments, None, "json" in arguments, False))
    return planned


def special_outputs(rng, folder):
    """Now and then, a symbolic link, a FIFO or a device node in the
    mutant's folder, named as an output: writing the output must not
    replace it with a regular file (nor write through the link into an
    input). The runs that name them."""
    if rng.random() >= 0.03:
        return []
    kind = rng.choice(["symlink", "fifo", "device"])
    name = f"special-{kind}.out"
    path = os.path.join(folder, name)
    try:
        if kind == "symlink":
            os.symlink(rng.choice(["scene.yaml", "missing.html", "out"]), path)
        elif kind == "fifo":
            os.mkfifo(path)
        else:
            # /dev/null's numbers: writes vanish, reads end at once.
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (OSError, AttributeError):
        return []
    plans = [("run", ["run", "--timeline", name, "scene.yaml"], None, False, False),
             ("live", ["live", "scene.yaml", "--duration", "200ms", "--record", name], b"", False, False)]
    if kind != "fifo":
        # graph -o opens its file as a shell's > does: on a FIFO with no
        # reader that waits, as `cat > fifo` would.
        plans.append(("graph", ["graph", "scene.yaml", "-o", name], None, False, False))
    return [rng.choice(plans)]


class Fuzzer(kit.Campaign):
    name = "mutate-scenes"

    def __init__(self, options):
        self.options = options
        self.runner = options.runner
        self.limits = kit.Limits(options.timeout, options.max_rss_mb)
        self.findings = kit.Findings(options.findings, max_mb=options.max_findings_mb)
        self.stats = kit.Stats()
        self.stop = threading.Event()
        self.next_index = 0
        self.lock = threading.Lock()
        self.operations = {}
        self.valid = 0
        self.work = kit.scratch_folder("scene-mutate-work-")
        self.seeds, self.support = load_seeds()
        self.registry = load_registry(self.runner)
        self.started = time.monotonic()
        self.harness = kit.Harness(self.runner, self.limits, self.findings, self.stats, self.stop,
                                   options.shrink_seconds, self.support)
        self.valid_seeds = self.sort_seeds()

    def sort_seeds(self):
        """The seeds that check accepts: most mutants start from one of
        them, so that the run paths see mutants that still load."""
        valid = []
        folder = os.path.join(self.work, "seeds")
        limits = kit.Limits(5.0, self.options.max_rss_mb)
        for name, data in self.seeds:
            if self.stop.is_set():
                break
            self.harness.write_inputs(folder, data, {})
            if kit.execute([self.runner, "check", "scene.yaml"], folder, limits).status == 0:
                valid.append((name, data))
        shutil.rmtree(folder, ignore_errors=True)
        return valid or self.seeds

    def one(self, index):
        rng = random.Random(f"{self.options.seed}:{index}")
        origin, data, mutant = mutate(rng, self.seeds, self.valid_seeds, self.support, self.registry)
        folder = os.path.join(self.work, f"m{index}")
        try:
            self.harness.write_inputs(folder, data, mutant.extra)
            special = special_outputs(rng, folder)
            text = decode(data)
            with self.lock:
                self.stats.inputs += 1
                for operation in mutant.operations:
                    self.operations[operation] = self.operations.get(operation, 0) + 1
            where = f"mutant {index} of seed {self.options.seed} from {origin} by {', '.join(mutant.operations)}"
            plan = ("check", ["check", "scene.yaml"], None, False, False)
            result, found = self.harness.run_one(folder, plan)
            self.harness.report(found, plan, result, folder, data, mutant.extra, text, where)
            valid = result.status == 0
            if valid:
                with self.lock:
                    self.valid += 1
            for plan in commands(rng, valid, text, self.options.live_share) + special:
                if self.stop.is_set():
                    break
                result, found = self.harness.run_one(folder, plan)
                self.harness.report(found, plan, result, folder, data, mutant.extra, text, where)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def progress_line(self):
        return f"{self.stats.inputs} mutants, {self.stats.runs} runs, {self.signatures_found()} finding signatures"

    def run(self):
        self.run_workers()
        operations = ", ".join(f"{name} {count}" for name, count in sorted(self.operations.items()))
        extra = [f"   {len(self.seeds)} seeds ({len(self.valid_seeds)} valid); {self.valid} mutants passed check; seed {self.options.seed}",
                 f"   mutations: {operations}"]
        kit.print_summary("mutate-scenes", self.stats, self.findings, self.started, extra)
        return self.exit_status()


def options():
    parser = kit.option_parser("Mutation fuzzer for scene-runner (see the header of this file).",
                               findings="/tmp/scene-mutate", live_share=0.3, repository=REPOSITORY)
    return kit.finish_options(parser, REPOSITORY)


if __name__ == "__main__":
    sys.exit(Fuzzer(options()).run())
