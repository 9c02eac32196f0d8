#!/usr/bin/env python3
# Generator of well-typed scenes with free wiring, run through the real
# scene-runner binary. Reads the registry from `RUNNER types --format json`
# (so it works for a custom runner too) and writes scenes that should be
# valid: random objects of random types, every property it writes of the
# right type and within its range, outlets to objects that fit, `parent`
# chains without cycles, free `on:` wiring (any event of any object to any
# action whose argument the payload fits, self-loops and cycles included)
# and a script of the verbs (inputs, call, set, wait, at, expect, note).
# Each scene goes through `check`, then `run` (text, or JSON Lines with
# --timeline), and some through `graph` and `live`. A scene the generator
# believes valid that `check` refuses is a "generator disagreement":
# counted by its first diagnostic, a few examples kept, not a finding.
#
#     scripts/generate-scenes.py [--seconds S] [--count N] [--seed N]
#                                [--jobs N] [--runner PATH] [--findings DIR]
#     scripts/generate-scenes.py --scale [--scale-max N] [--shapes a,b]
#
#     --seconds S, --count N, --seed N, --jobs N, --runner PATH,
#     --findings DIR (default /tmp/scene-generate), --timeout S,
#     --max-rss-mb N, --live-share F, --shrink-seconds S, --fail-on-finding,
#     --fail-kinds K,K:
#                       as for scripts/mutate-scenes.py
#     --max-objects N   objects in a scene, at most (default 14)
#     --scale           instead: "wide" and "long" scenes of N objects (a
#                       chain of objects each wired to the next, a parent
#                       chain, a collection outlet with N members, a list
#                       property of N items, one event
#                       wired to N actions, N script steps, N ids and a
#                       misspelt reference), N doubling from --scale-start
#                       (256) to --scale-max (65536) or until one run takes
#                       --scale-budget seconds (20); prints the seconds of
#                       check and run per N, and flags a shape whose time
#                       grows more than --scale-ratio (3) times when N
#                       doubles, once a run takes at least --scale-floor
#                       seconds (0.25) and N is at least --scale-floor-n
#                       (1024): a quadratic path (which approaches 4x from
#                       below, as its linear part fades; linear is 2x)
#
# Findings are what scripts/mutate-scenes.py counts as findings (a signal,
# an undocumented exit status, a time-out, memory over the limit, JSON
# Lines that do not parse, DOT with a control character, a changed input),
# kept the same way: one folder per signature, shrunk by line deletion,
# outside the repository. See Fuzz/README.md.
import json
import os
import random
import shutil
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scene_fuzzkit as kit  # noqa: E402

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1
COLOR_NAMES = ["black", "white", "clear", "red", "green", "blue", "gray", "lightGray", "darkGray", "yellow",
               "orange"]
TEXTS = ["", "Play", "a b", "It's", "two\nlines", "tab\there", "é", "日本語", "😀", "\u202eevil", "</script>", "<b>&amp;",
         "\"quoted\"", "back\\slash", "null", "~", "true", "0123", "-", "#", "a: b", "$name", "{x}", "\x1b[31mred",
         "nul\x00byte", "\x7f", "\u0085nel", "\u2028ls", "\u2029ps", "\ufeffbom", "x" * 300, "%s%n", "id.member"]


class Registry:
    def __init__(self, runner):
        output = subprocess.run([runner, "types", "--format", "json"], capture_output=True, timeout=60,
                                env=dict(os.environ, SWIFT_BACKTRACE="enable=no")).stdout
        self.types, self.protocols = {}, {}
        for line in output.splitlines():
            record = json.loads(line)
            if record["type"] == "type":
                self.types[record["name"]] = record
            elif record["type"] == "protocol":
                self.protocols[record["name"]] = record
        if not self.types:
            raise SystemExit(f"{runner} types --format json listed no type")

    def ancestry(self, name):
        chain = []
        while name and name not in chain and name in self.types:
            chain.append(name)
            name = self.types[name]["base"]
        return chain

    def fits(self, type_name, requires):
        for ancestor in self.ancestry(type_name):
            if ancestor == requires or requires in self.types[ancestor].get("conformances", []):
                return True
        return type_name in self.protocols.get(requires, {}).get("fits", [])

    def fitting_types(self, requires):
        return [name for name in self.types if self.fits(name, requires)]


# ---------------------------------------------------------------- values

def quote(text):
    """A YAML double-quoted scalar: escapes for what YAML would not keep."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif code < 0x20 or 0x7F <= code <= 0x9F or ch in "\u2028\u2029\ufeff" or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def format_double(value):
    text = repr(float(value))
    if "e" in text:
        mantissa, exponent = text.split("e")
        text = mantissa.rstrip("0").rstrip(".") + "e" + str(int(exponent))
    return text


def format_duration(rng, seconds):
    """A duration of `seconds` (a multiple of 1 ms) in one of the forms."""
    ms = round(seconds * 1000)
    if ms == 0:
        return rng.choice(["0", "0s", "0ms", "0h"])
    form = rng.random()
    if form < 0.25 or ms % 1000:
        if form < 0.5:
            return f"{ms}ms"
        whole, fraction = divmod(ms, 1000)
        return f"{whole}.{fraction:03d}".rstrip("0").rstrip(".") + ("s" if rng.random() < 0.7 else "")
    total = ms // 1000
    if form < 0.5:
        return f"{total}s"
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    parts = (f"{hours}h" if hours else "") + (f"{minutes}m" if minutes else "") + (f"{secs}s" if secs else "")
    return parts or "0s"


def pick_number(rng, low, high, whole, extremes):
    if low is not None and high is not None:
        roll = rng.random()
        if roll < 0.2:
            return low
        if roll < 0.4:
            return high
        value = rng.uniform(low, high)
        return max(low, min(high, round(value) if whole else round(value, 3)))
    candidates = [0, 1, 2, 3, 5, 10, 100] + ([] if whole else [0.5, 0.25, 1e-3, 2.5])
    if rng.random() < 0.15:
        candidates = extremes
    value = rng.choice(candidates)
    if rng.random() < 0.4:
        value = -value
    if low is not None and value < low:
        value = low + abs(value)
    if high is not None and value > high:
        value = high - abs(value)
    return value


def value_of(rng, kind, value_range=None, name="", depth=0):
    """A YAML flow value of the value type, within the range."""
    low, high = (value_range or [None, None])
    k = kind["kind"]
    if k == "bool":
        return rng.choice(["true", "false"])
    if k == "int":
        extremes = [INT_MAX, INT_MIN, 1 << 31, 1 << 32, 10 ** 12]
        value = int(pick_number(rng, low, high, True, extremes))
        return str(max(INT_MIN, min(INT_MAX, value)))
    if k == "double":
        extremes = [1e308, 1.7976931348623157e308, 5e-324, 1e-300, 1e15, 0.1, -0.0]
        return format_double(pick_number(rng, low, high, False, extremes))
    if k == "duration":
        low_s = 0.0 if low is None else max(0.0, float(low))
        if high is not None:
            seconds = rng.uniform(low_s, float(high))
        else:
            seconds = low_s + rng.choice([0, 0.001, 0.01, 0.1, 0.25, 0.5, 1, 2, 3, 5, 30, 60, 90, 3600, 86400,
                                          8784 * 3600])
        seconds = max(low_s, round(seconds, 3))
        if low_s and seconds < low_s:
            seconds = low_s
        if seconds * 1000 != round(seconds * 1000):
            seconds = round(seconds, 3)
        if low is not None and round(seconds * 1000) < float(low) * 1000:
            seconds = float(low)
        return format_duration(rng, seconds)
    if k == "string":
        if name in ("path", "file", "folder", "directory"):
            return quote(f"store{rng.randrange(3)}.sqlite")
        text = rng.choice(TEXTS)
        if depth == 0 and rng.random() < 0.05:
            text = rng.choice(["a", "é", "😀 "]) * rng.choice([5000, 100000])
        return quote(text)
    if k == "color":
        if rng.random() < 0.5:
            return rng.choice(COLOR_NAMES)
        digits = rng.choice([6, 8])
        return quote("#" + "".join(rng.choice("0123456789abcdefABCDEF") for _ in range(digits)))
    if k == "enum":
        return rng.choice(kind["cases"])
    if k == "optional":
        if rng.random() < 0.3:
            return rng.choice(["null", "~"])
        return value_of(rng, kind["wrapped"], value_range, name, depth + 1)
    if k == "list":
        count = rng.choice([0, 1, 2, 3, 5] + ([200] if depth == 0 else []))
        return "[" + ", ".join(value_of(rng, kind["element"], value_range, name, depth + 1)
                               for _ in range(count)) + "]"
    if k == "stringMap":
        count = rng.choice([0, 1, 2, 4])
        keys = {quote(rng.choice(TEXTS[:20]) + str(n)) for n in range(count)}
        return "{" + ", ".join(f"{key}: {value_of(rng, kind['value'], None, name, depth + 1)}" for key in keys) + "}"
    if k == "record":
        fields = []
        for field in kind["fields"]:
            if field["type"]["kind"] == "optional" and rng.random() < 0.3:
                continue
            fields.append(f"{field['name']}: {value_of(rng, field['type'], None, field['name'], depth + 1)}")
        rng.shuffle(fields)
        return "{" + ", ".join(fields) + "}"
    return "null"


def fits_payload(payload, argument):
    if argument is None:
        return True
    if payload is None:
        return argument["kind"] == "optional"
    if payload == argument:
        return True
    if argument["kind"] == "optional" and argument["wrapped"] == payload:
        return True
    doubles = ({"kind": "double"}, {"kind": "optional", "wrapped": {"kind": "double"}})
    return payload == {"kind": "int"} and argument in doubles


# ---------------------------------------------------------------- scenes

class Scene:
    """One generated scene: objects in order, their keys, wiring, script."""

    def __init__(self, rng, registry, max_objects):
        self.rng = rng
        self.registry = registry
        self.objects = []  # [id, type, {key: value text}]
        self.by_id = {}
        count = rng.randint(1, max_objects)
        for _ in range(count):
            self.add(rng.choice(list(registry.types)))
        # Outlets, which may add the objects that required ones need.
        index = 0
        while index < len(self.objects):
            self.connect(self.objects[index])
            index += 1
        self.wire()
        self.steps = self.script()

    def add(self, type_name):
        identifier = f"{type_name[0].lower()}{type_name[1:]}{len(self.objects)}"
        if self.rng.random() < 0.1:
            identifier = self.rng.choice(["_", "a", "on", "type", "self", "x" * 200, "_0"]) + str(len(self.objects))
        entry = [identifier, type_name, {}]
        self.objects.append(entry)
        self.by_id[identifier] = entry
        record = self.registry.types[type_name]
        for prop in record["properties"]:
            if prop["readOnly"]:
                continue
            if prop["required"] or self.rng.random() < 0.5:
                entry[2][prop["name"]] = value_of(self.rng, prop["valueType"], prop["range"], prop["name"])
        return entry

    def connect(self, entry):
        identifier, type_name, keys = entry
        rank = {obj[0]: number for number, obj in enumerate(self.objects)}
        for outlet in self.registry.types[type_name]["outlets"]:
            if not outlet["required"] and self.rng.random() < 0.4:
                continue
            candidates = [obj[0] for obj in self.objects if self.registry.fits(obj[1], outlet["requires"])]
            if outlet["hierarchy"]:
                # Only objects declared earlier: no chain of parents comes back.
                candidates = [c for c in candidates if rank[c] < rank[identifier]]
            if not candidates and outlet["required"] and len(self.objects) < 400:
                types = self.registry.fitting_types(outlet["requires"])
                if types and not outlet["hierarchy"]:
                    candidates = [self.add(self.rng.choice(types))[0]]
            if not candidates:
                if outlet["collection"] and self.rng.random() < 0.3:
                    keys[outlet["name"]] = self.rng.choice(["[]", "~"])
                elif not outlet["required"] and self.rng.random() < 0.2:
                    keys[outlet["name"]] = "null"
                continue
            if outlet["collection"]:
                count = self.rng.choice([1, 2, 3, len(candidates)])
                members = [self.rng.choice(candidates) for _ in range(count)]
                if self.rng.random() < 0.7:
                    members = list(dict.fromkeys(members))
                keys[outlet["name"]] = "[" + ", ".join(members) + "]"
            else:
                keys[outlet["name"]] = self.rng.choice(candidates)

    def actions(self):
        return [(obj[0], action) for obj in self.objects for action in self.registry.types[obj[1]]["actions"]]

    def wire(self):
        actions = self.actions()
        if not actions:
            return
        density = self.rng.choice([0.2, 0.5, 1.0])
        for identifier, type_name, keys in self.objects:
            events = self.registry.types[type_name]["events"]
            if not events or self.rng.random() > density:
                continue
            wiring = []
            for event in self.rng.sample(events, self.rng.randint(1, len(events))):
                fitting = [(target, action) for target, action in actions
                           if fits_payload(event["payload"], action["argument"])]
                own = [(t, a) for t, a in fitting if t == identifier]
                targets = []
                for _ in range(self.rng.choice([1, 1, 2, 3])):
                    pool = own if own and self.rng.random() < 0.3 else fitting
                    if pool:
                        target, action = self.rng.choice(pool)
                        targets.append(f"{target}.{action['name']}")
                if targets:
                    value = targets[0] if len(targets) == 1 and self.rng.random() < 0.5 else \
                        "[" + ", ".join(targets) + "]"
                    wiring.append(f"{event['name']}: {value}")
            if wiring:
                keys["on"] = "{ " + ", ".join(wiring) + " }"

    def step(self, clock, budget):
        """One script step, and the virtual time it moves the clock by."""
        rng = self.rng
        identifier, type_name, _ = rng.choice(self.objects)
        record = self.registry.types[type_name]
        roll = rng.random()
        if roll < 0.2:
            seconds = rng.choice([0, 0, 0.001, 0.016, 0.1, 0.25, 0.5, 1, 2, 3, 5, 30, 60])
            if clock + seconds > budget:
                seconds = 0
            if rng.random() < 0.7:
                return f"wait: {format_duration(rng, seconds)}", seconds
            return f"at: {format_duration(rng, clock + seconds)}", seconds
        if roll < 0.45 and record["inputs"]:
            verb = rng.choice(record["inputs"])
            if verb["argument"] is None:
                return f"{verb['name']}: {identifier}", 0
            return f"{verb['name']}: {{ {identifier}: {value_of(rng, verb['argument'], None, verb['name'])} }}", 0
        if roll < 0.6 and record["actions"]:
            action = rng.choice(record["actions"])
            argument = action["argument"]
            if argument is None or (argument["kind"] == "optional" and rng.random() < 0.5):
                return f"call: {identifier}.{action['name']}", 0
            return f"call: {{ {identifier}.{action['name']}: {value_of(rng, argument, None, action['name'])} }}", 0
        settable = [p for p in record["properties"] if not p["readOnly"]]
        if roll < 0.7 and settable:
            prop = rng.choice(settable)
            return f"set: {{ {identifier}.{prop['name']}: {value_of(rng, prop['valueType'], prop['range'], prop['name'])} }}", 0
        if roll < 0.92:
            members = [("p", p) for p in record["properties"]] + [("o", o) for o in record["outlets"]]
            if members:
                expectations = []
                for kind, member in rng.sample(members, min(len(members), rng.choice([1, 1, 2, 3]))):
                    if kind == "p":
                        value = value_of(rng, member["valueType"], None, member["name"])
                    elif member["collection"]:
                        value = "[" + ", ".join(rng.sample([o[0] for o in self.objects],
                                                           min(2, len(self.objects)))) + "]"
                    else:
                        value = rng.choice([o[0] for o in self.objects] + ["null"])
                    expectations.append(f"{identifier}.{member['name']}: {value}")
                return "expect: { " + ", ".join(expectations) + " }", 0
        return f"note: {quote(rng.choice(TEXTS))}", 0

    def script(self):
        steps, clock = [], 0.0
        # Mostly short: a 10 ms timer loop over an hour is 360,000 firings,
        # a run of tens of seconds that is slow by design, not a finding.
        budget = self.rng.choice([5, 10, 30, 60, 60, 120, 120, 600])
        for _ in range(self.rng.choice([0, 3, 10, 30, 60])):
            step, seconds = self.step(clock, budget)
            clock += seconds
            steps.append(step)
        return steps

    def text(self):
        # The title and description reach every output (the transcript's
        # header, graph's label, the timeline page), so they vary too.
        lines = [f"scene: {quote(self.rng.choice(TEXTS) if self.rng.random() < 0.5 else 'generated')}"]
        if self.rng.random() < 0.3:
            lines.append(f"description: {quote(self.rng.choice(TEXTS))}")
        lines.append("objects:")
        for identifier, type_name, keys in self.objects:
            lines.append(f"  {identifier}:")
            lines.append(f"    type: {type_name}")
            for key, value in keys.items():
                lines.append(f"    {key}: {value}")
        if self.steps:
            lines.append("script:")
            lines += [f"  - {step}" for step in self.steps]
        return "\n".join(lines) + "\n"

    def live_lines(self):
        lines = [self.step(0, 0)[0] for _ in range(self.rng.choice([1, 3, 6]))]
        return ("\n".join(line for line in lines if not line.startswith(("wait", "at"))) + "\n").encode()


# ---------------------------------------------------------------- the random scenes

class Generator(kit.Campaign):
    name = "generate-scenes"

    def __init__(self, options):
        self.options = options
        self.registry = Registry(options.runner)
        self.limits = kit.Limits(options.timeout, options.max_rss_mb)
        self.findings = kit.Findings(options.findings, max_mb=options.max_findings_mb)
        self.stats = kit.Stats()
        self.stop = threading.Event()
        self.harness = kit.Harness(options.runner, self.limits, self.findings, self.stats, self.stop,
                                   options.shrink_seconds)
        self.lock = threading.Lock()
        self.next_index = 0
        self.valid = 0
        self.disagreements = 0
        self.work = kit.scratch_folder("scene-generate-work-")
        self.started = time.monotonic()

    def one(self, index):
        rng = random.Random(f"{self.options.seed}:{index}")
        scene = Scene(rng, self.registry, self.options.max_objects)
        text = scene.text()
        data = text.encode("utf-8")
        folder = os.path.join(self.work, f"g{index}")
        origin = f"scene {index} of seed {self.options.seed}"
        try:
            self.harness.write_inputs(folder, data, {})
            with self.lock:
                self.stats.inputs += 1
            plan = ("check", ["check", "scene.yaml"], None, False, False)
            result, found = self.harness.run_one(folder, plan)
            self.harness.report(found, plan, result, folder, data, {}, text, origin)
            if result.status != 0:
                if not found:
                    first = next((line for line in kit.read_head(result.stdout_path, 1 << 16).decode(
                        "utf-8", "replace").splitlines() if ": error: " in line), "no diagnostic")
                    with self.lock:
                        self.disagreements += 1
                    self.findings.disagreement(first.replace(folder, "<dir>"), folder, "scene.yaml")
                return
            with self.lock:
                self.valid += 1
            plans = []
            if rng.random() < 0.5:
                plans.append(("run", ["run", "--format", "json", "--timeline", "out/timeline.html", "scene.yaml"],
                              None, True, False))
            else:
                plans.append(("run", ["run", "scene.yaml"] + rng.choice([[], [], ["--verbose"]]), None, False, False))
            if rng.random() < 0.3:
                plans.append(("graph", ["graph", "scene.yaml"], None, False, True))
            if rng.random() < 0.05:
                plans.append(("run", ["run", "scene.yaml"], None, False, False, True))
            if rng.random() < self.options.live_share:
                arguments = ["live", "scene.yaml", "--duration", rng.choice(["300ms", "600ms"])]
                arguments += rng.choice([[], ["--format", "json"], ["--with-script"], ["--record", "out/r.yaml"]])
                plans.append(("live", arguments, scene.live_lines(), "json" in arguments, False))
            for plan in plans:
                if self.stop.is_set():
                    break
                result, found = self.harness.run_one(folder, plan)
                self.harness.report(found, plan, result, folder, data, {}, text, origin)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def progress_line(self):
        return f"{self.stats.inputs} scenes, {self.valid} valid, {self.signatures_found()} finding signatures"

    def run(self):
        self.run_workers()
        extra = [f"   {len(self.registry.types)} types; {self.valid} scenes passed check; "
                 f"{self.disagreements} generator disagreements; seed {self.options.seed}"]
        for key, entry in sorted(self.findings.disagreements.items(), key=lambda item: -item[1]["count"])[:15]:
            extra.append(f"      x{entry['count']} disagreement: {key}" +
                         (f"  ({entry['example']})" if entry["example"] else ""))
        kit.print_summary("generate-scenes", self.stats, self.findings, self.started, extra)
        return self.exit_status()


# ---------------------------------------------------------------- wide and long scenes

def shapes(registry):
    """name -> function(N) giving a scene's text, from what the registry has."""
    types = registry.types
    found = {}

    def plain(type_name):
        record = types[type_name]
        return not any(p["required"] for p in record["properties"]) and not any(
            o["required"] for o in record["outlets"])

    plains = [name for name in types if plain(name)]
    views = [name for name in plains if any(o["hierarchy"] for o in types[name]["outlets"])]
    chainable = [name for name in plains if types[name]["events"] and
                 any(a["argument"] is None for a in types[name]["actions"])]
    chainable.sort(key=lambda name: name != "PreemptiveDelay")
    if plains:
        flat = plains[0] if "Label" not in plains else "Label"
        found["flat"] = lambda n: "objects:\n" + "".join(f"  o{i}: {{ type: {flat} }}\n" for i in range(n)) + \
            "script:\n  - wait: 1s\n"
    if chainable:
        kind = chainable[0]
        event = types[kind]["events"][0]["name"]
        action = next(a["name"] for a in types[kind]["actions"] if a["argument"] is None)

        def chain(n, kind=kind, event=event, action=action):
            lines = ["objects:"]
            for i in range(n):
                nxt = f", on: {{ {event}: o{i + 1}.{action} }}" if i + 1 < n else ""
                lines.append(f"  o{i}: {{ type: {kind}{nxt} }}")
            return "\n".join(lines) + f"\nscript:\n  - call: o0.{action}\n  - wait: 1h\n"
        found["chain"] = chain
    if views:
        view = views[0]
        parent = next(o["name"] for o in types[view]["outlets"] if o["hierarchy"])
        hide = next((a["name"] for a in types[view]["actions"] if a["argument"] is None), None)

        def parents(n):
            lines = ["objects:", f"  o0: {{ type: {view} }}"]
            lines += [f"  o{i}: {{ type: {view}, {parent}: o{i - 1} }}" for i in range(1, n)]
            script = f"\nscript:\n  - call: o0.{hide}\n  - wait: 1s\n" if hide else "\n"
            return "\n".join(lines) + script
        found["parent-chain"] = parents
    for owner, record in types.items():
        for outlet in record["outlets"]:
            if not outlet["collection"] or not plain(owner) and any(
                    o["required"] and o is not outlet for o in record["outlets"]):
                continue
            members = [name for name in registry.fitting_types(outlet["requires"]) if plain(name)]
            if not members or any(p["required"] for p in record["properties"]):
                continue
            member = members[0] if "Button" not in members else "Button"
            inputs = [i["name"] for i in types[member]["inputs"] if i["argument"] is None]

            def collection(n, owner=owner, outlet=outlet["name"], member=member, inputs=inputs):
                lines = ["objects:"] + [f"  m{i}: {{ type: {member} }}" for i in range(n)]
                lines.append(f"  owner: {{ type: {owner}, {outlet}: [{', '.join(f'm{i}' for i in range(n))}] }}")
                script = "\nscript:\n" + "".join(f"  - {inputs[0]}: m{i}\n" for i in (0, n // 2, n - 1)) \
                    if inputs else "\nscript:\n"
                return "\n".join(lines) + script + "  - wait: 1s\n"
            found[f"collection-{owner}.{outlet['name']}"] = collection
    senders = [name for name in plains if types[name]["events"] and types[name]["inputs"] and
               any(i["argument"] is None for i in types[name]["inputs"])]
    receivers = [name for name in plains if any(a["argument"] is None for a in types[name]["actions"])]
    if senders and receivers:
        sender = "Button" if "Button" in senders else senders[0]
        receiver = "EventCounter" if "EventCounter" in receivers else receivers[0]
        action = next(a["name"] for a in types[receiver]["actions"] if a["argument"] is None)
        events = [e["name"] for e in types[sender]["events"] if e["payload"] is None]
        verb = next(i["name"] for i in types[sender]["inputs"] if i["argument"] is None)
        if events:
            def fanout(n):
                lines = ["objects:", f"  s: {{ type: {sender}, on: {{ {events[-1]}: ["
                         + ", ".join(f"r{i}.{action}" for i in range(n)) + "] } }"]
                lines += [f"  r{i}: {{ type: {receiver} }}" for i in range(n)]
                return "\n".join(lines) + f"\nscript:\n  - {verb}: s\n  - {verb}: s\n"
            found["fanout"] = fanout

            def script(n):
                return (f"objects:\n  s: {{ type: {sender} }}\nscript:\n"
                        + "".join(f"  - {verb}: s\n" for _ in range(n)))
            found["script"] = script
    for owner in plains:
        record = types[owner]
        lists = [p for p in record["properties"] if p["valueType"]["kind"] == "list" and not p["readOnly"]]
        calls = [a["name"] for a in record["actions"] if a["argument"] is None]
        if lists and calls:
            # A list property of N items, and every action called: work
            # per item per timer or per change shows up as N squared.
            def items(n, owner=owner, prop=lists[0], calls=calls):
                rng = random.Random(n)
                values = ", ".join(value_of(rng, prop["valueType"]["element"], prop["range"], prop["name"], 1)
                                   for _ in range(n))
                steps = "".join(f"  - call: o.{name}\n  - wait: 1s\n" for name in calls)
                return (f"objects:\n  o:\n    type: {owner}\n    {prop['name']}: [{values}]\n"
                        f"script:\n{steps}  - wait: 1h\n")
            found[f"list-{owner}.{lists[0]['name']}"] = items
    if plains:
        # An invalid scene: N ids and N/4 script steps that each name a
        # misspelt one, each with a "did you mean" hint to find.
        def typo(n, kind=plains[0]):
            lines = ["objects:"] + [f"  object{i}: {{ type: {kind} }}" for i in range(n)]
            lines += ["script:"] + [f"  - expect: {{ objectx{i}.x: 1 }}" for i in range(0, n, 4)]
            return "\n".join(lines) + "\n"
        found["misspelt-ids"] = typo
    return found


def scale(options):
    registry = Registry(options.runner)
    available = shapes(registry)
    chosen = options.shapes.split(",") if options.shapes else sorted(available)
    limits = kit.Limits(options.scale_budget * 3, options.max_rss_mb)
    findings = kit.Findings(options.findings, max_mb=options.max_findings_mb)
    stats = kit.Stats()
    stop = threading.Event()
    kit.install_signal_handlers(stop)
    harness = kit.Harness(options.runner, limits, findings, stats, stop, 0)
    work = kit.scratch_folder("scene-scale-work-")
    started = time.monotonic()
    flagged = []
    lines = [f"   {'shape':40} {'N':>7} {'check s':>9} {'run s':>9}  status (check, run)"]
    try:
        for name in chosen:
            if name not in available:
                lines.append(f"   {name}: no such shape (the registry gives: {', '.join(sorted(available))})")
                continue
            previous = None
            n = options.scale_start
            while n <= options.scale_max and not stop.is_set():
                text = available[name](n)
                data = text.encode()
                folder = os.path.join(work, f"{name}-{n}")
                harness.write_inputs(folder, data, {})
                stats.inputs += 1
                times, statuses = [], []
                for plan in (("check", ["check", "scene.yaml"], None, False, False),
                             ("run", ["run", "--format", "json", "scene.yaml"], None, True, False)):
                    result, found = harness.run_one(folder, plan)
                    times.append(result.seconds)
                    statuses.append("timeout" if result.timed_out else kit.describe_status(result.status))
                    harness.report(found, plan, result, folder, data, {}, text, f"scale {name} N={n}")
                lines.append(f"   {name:40} {n:>7} {times[0]:>9.3f} {times[1]:>9.3f}  {statuses[0]}, {statuses[1]}")
                if previous is not None and n >= options.scale_floor_n:
                    for which, (before, now) in enumerate(zip(previous, times)):
                        if now >= options.scale_floor and now > options.scale_ratio * before:
                            subcommand = ("check", "run")[which]
                            detail = f"{subcommand} took {before:.3f}s at N={n // 2} and {now:.3f}s at N={n}"
                            flagged.append(f"   QUADRATIC? {name}: {detail}")
                            sig = f"scale | quadratic {name} {subcommand} | "
                            known = ("quadratic 'did you mean' hints" if name == "misspelt-ids" else
                                     "quadratic TimeoutController providers"
                                     if name == "collection-TimeoutController.providers" else None)
                            findings.add(sig, "quadratic", detail, subcommand, result, folder, "scene.yaml",
                                         known, f"scale {name} N={n}")
                shutil.rmtree(folder, ignore_errors=True)
                previous = times
                if max(times) > options.scale_budget or "timeout" in statuses:
                    lines.append(f"   {name}: stopped at N={n} (a run took over {options.scale_budget}s)")
                    break
                n *= 2
    finally:
        kit.PROCESSES.kill_all()
        shutil.rmtree(work, ignore_errors=True)
    kit.print_summary("generate-scenes --scale", stats, findings, started, lines + flagged)
    failing = kit.failing(findings, options.fail_kinds.split(","))
    return 1 if options.fail_on_finding and failing else 0


def options():
    parser = kit.option_parser("Well-typed scene generator (see the header of this file).",
                               findings="/tmp/scene-generate", live_share=0.2, repository=REPOSITORY)
    parser.add_argument("--max-objects", type=int, default=14)
    parser.add_argument("--scale", action="store_true")
    parser.add_argument("--shapes", default="")
    parser.add_argument("--scale-start", type=int, default=256)
    parser.add_argument("--scale-max", type=int, default=65536)
    parser.add_argument("--scale-budget", type=float, default=20.0)
    parser.add_argument("--scale-floor", type=float, default=0.25)
    parser.add_argument("--scale-floor-n", type=int, default=1024)
    parser.add_argument("--scale-ratio", type=float, default=3.0)
    return kit.finish_options(parser, REPOSITORY)


if __name__ == "__main__":
    parsed = options()
    sys.exit(scale(parsed) if parsed.scale else Generator(parsed).run())
