"""What scripts/mutate-scenes.py and scripts/generate-scenes.py share: running
the real scene-runner binary under a wall-clock and memory limit, telling a
finding from an ordinary result, keeping findings (deduplicated, shrunk,
within a disk budget) and printing the summary. Python 3 standard library
only; Linux (reads /proc for the child's memory).

A run of the binary is a finding when:

- it died by a signal (a negative return code, or an exit status 128+N);
- it exited with a status that the subcommand's `--help` does not list
  under "Exit status";
- it was still running after the wall-clock limit (its process group is
  killed);
- its peak resident memory (VmHWM, polled from /proc) went over the
  limit (killed as soon as it is seen);
- it was asked for JSON Lines and a line of its standard output is not JSON;
- `graph` printed DOT holding a NUL or another control character;
- it changed one of its input files (they are hashed before and after);
- its standard output passed the output limit (killed there).
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

SUBCOMMANDS = ("check", "run", "graph", "live", "types")


class Limits:
    """The bounds of one run of the binary."""

    def __init__(self, seconds=10.0, rss_mb=1024, output_mb=256):
        self.seconds = seconds
        self.rss_kb = rss_mb * 1024
        self.output_bytes = output_mb << 20


class Result:
    """What one run of the binary did."""

    def __init__(self):
        self.argv = []
        self.status = None  # the exit status, or -N for death by signal N
        self.timed_out = False
        self.over_memory = False
        self.over_output = False
        self.max_rss_kb = 0  # polled from /proc while it runs
        self.ru_maxrss_kb = 0  # from wait4, for information only
        self.seconds = 0.0
        self.stdout_path = None
        self.stderr_path = None

    def stderr_head(self, limit=4096):
        return read_head(self.stderr_path, limit)


def read_head(path, limit):
    if not path or not os.path.exists(path):
        return b""
    with open(path, "rb") as file:
        return file.read(limit)


def status_from_wait(wait_status):
    if os.WIFSIGNALED(wait_status):
        return -os.WTERMSIG(wait_status)
    if os.WIFEXITED(wait_status):
        return os.WEXITSTATUS(wait_status)
    return -999


class Processes:
    """The process groups running now, so that an interrupted tool kills
    them all and leaves nothing behind."""

    def __init__(self):
        self.lock = threading.Lock()
        self.groups = set()

    def add(self, pid):
        with self.lock:
            self.groups.add(pid)

    def remove(self, pid):
        with self.lock:
            self.groups.discard(pid)

    def kill_all(self):
        with self.lock:
            groups = list(self.groups)
        for group in groups:
            kill_group(group)


PROCESSES = Processes()


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def rss_kb(pid):
    """The peak resident memory of pid's program so far (VmHWM, which exec
    resets). Not ru_maxrss: on Linux a child's ru_maxrss also counts the
    memory of the process that spawned it, as it was before the exec, so
    a large fuzzer would make every run look large."""
    try:
        with open(f"/proc/{pid}/status", "rb") as file:
            fields = dict(line.split(b":", 1) for line in file if b":" in line)
        return int((fields.get(b"VmHWM") or fields.get(b"VmRSS") or b"0 kB").split()[0])
    except (OSError, ValueError, IndexError):
        return 0


def execute(argv, cwd, limits, stdin_path=None, env=None, tag="out", closed_stdout=False):
    """Runs argv in cwd with standard output and error in files beside it
    (never pipes, so nothing can block), in a process group of its own,
    polling its RSS, and kills the group at the first limit it passes.
    With closed_stdout, standard output is a pipe whose reading end is
    already closed, as in `scene-runner run ... | head -0`."""
    result = Result()
    result.argv = list(argv)
    result.stdout_path = os.path.join(cwd, f".{tag}.stdout")
    result.stderr_path = os.path.join(cwd, f".{tag}.stderr")
    environment = dict(os.environ if env is None else env)
    # A crash is reported by its status; Swift's backtracer would only make
    # each one take seconds (and can outlive the killed process).
    environment["SWIFT_BACKTRACE"] = "enable=no"
    scratch = os.path.join(cwd, ".tmp")
    os.makedirs(scratch, exist_ok=True)
    environment["TMPDIR"] = scratch
    with open(result.stdout_path, "wb") as out, open(result.stderr_path, "wb") as err, \
            open(stdin_path or os.devnull, "rb") as stdin:
        started = time.monotonic()
        target = out
        if closed_stdout:
            reading, target = os.pipe()
            os.close(reading)
        try:
            process = subprocess.Popen(argv, cwd=cwd, stdin=stdin, stdout=target, stderr=err,
                                       env=environment, start_new_session=True)
        except OSError as error:
            err.write(f"could not start {argv[0]}: {error}\n".encode())
            result.status = 127
            return result
        finally:
            if closed_stdout:
                os.close(target)
        pid = process.pid
        PROCESSES.add(pid)
        delay = 0.002
        try:
            while True:
                reaped, wait_status, usage = os.wait4(pid, os.WNOHANG)
                if reaped == pid:
                    result.status = status_from_wait(wait_status)
                    result.ru_maxrss_kb = usage.ru_maxrss
                    process.returncode = result.status
                    break
                elapsed = time.monotonic() - started
                current = rss_kb(pid)
                result.max_rss_kb = max(result.max_rss_kb, current)
                stop = None
                if elapsed > limits.seconds:
                    stop = "timed_out"
                elif current > limits.rss_kb:
                    stop = "over_memory"
                elif out.tell() > limits.output_bytes or os.fstat(out.fileno()).st_size > limits.output_bytes:
                    stop = "over_output"
                if stop:
                    setattr(result, stop, True)
                    kill_group(pid)
                    _, wait_status, usage = os.wait4(pid, 0)
                    result.status = status_from_wait(wait_status)
                    result.ru_maxrss_kb = usage.ru_maxrss
                    process.returncode = result.status
                    break
                time.sleep(delay)
                delay = min(delay * 1.5, 0.05)
        finally:
            # Whatever it started (graph --format svg runs dot) goes with it.
            kill_group(pid)
            PROCESSES.remove(pid)
        result.seconds = time.monotonic() - started
    if result.max_rss_kb > limits.rss_kb:
        result.over_memory = True
    return result


def documented_statuses(runner, subcommand, cache={}):
    """The exit statuses a subcommand's --help lists under "Exit status"."""
    key = (runner, subcommand)
    if key not in cache:
        try:
            text = subprocess.run([runner, subcommand, "--help"], capture_output=True, timeout=30,
                                  text=True, errors="replace").stdout
        except (OSError, subprocess.TimeoutExpired):
            text = ""
        statuses = set()
        block = re.search(r"Exit status:\n((?:[ \t]+\d+ .*\n?)+)", text)
        if block:
            statuses = {int(line.split()[0]) for line in block.group(1).splitlines() if line.strip()}
        cache[key] = statuses or {0, 1, 2, 64, 74}
    return cache[key]


def hash_tree(folder):
    """SHA-256 of every regular file under folder, by relative path, and
    the kind of every other one (a symbolic link with its target, a FIFO,
    a device), never opened: a FIFO would block. Hidden files, the runs'
    own outputs, are left out."""
    hashes = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = [name for name in dirs if not name.startswith(".")]
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            if name.startswith("."):
                continue
            path = os.path.join(root, name)
            relative = os.path.relpath(path, folder)
            try:
                mode = os.lstat(path).st_mode
                if stat.S_ISLNK(mode):
                    hashes[relative] = "symlink to " + os.readlink(path)
                elif stat.S_ISFIFO(mode):
                    hashes[relative] = "fifo"
                elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
                    hashes[relative] = "device"
                elif stat.S_ISREG(mode):
                    with open(path, "rb") as file:
                        hashes[relative] = hashlib.sha256(file.read()).hexdigest()
                else:
                    hashes[relative] = "special"
            except OSError:
                hashes[relative] = "unreadable"
    return hashes


def ignore_special(folder, names):
    """For shutil.copytree: hidden files, and FIFOs and devices (copying
    one would open it, and a FIFO blocks)."""
    ignored = set()
    for name in names:
        if name.startswith("."):
            ignored.add(name)
            continue
        try:
            mode = os.lstat(os.path.join(folder, name)).st_mode
        except OSError:
            ignored.add(name)
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            ignored.add(name)
    return ignored


def json_lines_problem(path, limit_lines=2_000_000):
    """The first line of a JSON Lines output that does not parse, or None."""
    with open(path, "rb") as file:
        for number, line in enumerate(file, 1):
            if number > limit_lines:
                return None
            if not line.strip():
                return f"line {number} is empty"
            try:
                json.loads(line, parse_constant=refuse_constant)
            except ValueError as error:
                return f"line {number} is not JSON ({error}): {line[:120]!r}"
    return None


def refuse_constant(name):
    """NaN, Infinity and -Infinity, which Python reads but JSON has not."""
    raise ValueError(f"{name} is not JSON")


def dot_problem(path):
    """A control character (other than tab and newline) in a DOT output."""
    with open(path, "rb") as file:
        data = file.read(64 << 20)
    match = re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", data)
    if match:
        return f"the DOT output holds the byte {match.group(0)!r} at offset {match.start()}"
    return None


SIGNAL_NAMES = {number: name for name, number in signal.__dict__.items()
                if name.startswith("SIG") and not name.startswith("SIG_") and isinstance(number, int)}


def describe_status(status):
    if status is None:
        return "no status"
    if status < 0:
        return f"signal {SIGNAL_NAMES.get(-status, -status)}"
    if status > 128 and status - 128 in SIGNAL_NAMES:
        return f"exit {status} (128+{SIGNAL_NAMES[status - 128]})"
    return f"exit {status}"


def normalise(line, folder):
    line = line.replace(folder, "<dir>")
    line = re.sub(r"0x[0-9a-fA-F]+", "0x?", line)
    line = re.sub(r"\d{6,}", "N", line)
    return line.strip()[:200]


INCLUDE = re.compile(rb"\binclude:\s*[\"']?([^\s,}\"'#]+)")


def files_read(folder, arguments, limit=10_000):
    """The files a command reads, relative to `folder`: the scene files among
    its arguments and, transitively, the files they include (found by their
    `include:` keys, a close approximation of the loader's reading)."""
    outputs = {"-o", "--output", "--timeline", "--record"}
    pending = [argument for index, argument in enumerate(arguments)
               if (index == 0 or arguments[index - 1] not in outputs)
               and argument.endswith((".yaml", ".yml")) and os.path.isfile(os.path.join(folder, argument))]
    seen = set()
    while pending and len(seen) < limit:
        relative = os.path.normpath(pending.pop())
        if relative in seen:
            continue
        seen.add(relative)
        try:
            with open(os.path.join(folder, relative), "rb") as file:
                text = file.read(1 << 20)
        except OSError:
            continue
        base = os.path.dirname(relative)
        for match in INCLUDE.finditer(text):
            included = os.path.normpath(os.path.join(base, match.group(1).decode("utf-8", "replace")))
            if not included.startswith("..") and not os.path.isabs(included):
                pending.append(included)
    return seen


def problems(result, subcommand, runner, folder, inputs_before, json_output=False, dot_output=False,
             arguments=None):
    """The findings in one run: a list of (kind, detail)."""
    found = []
    if result.timed_out:
        found.append(("timeout", f"still running after {result.seconds:.1f}s"))
    if result.over_memory:
        found.append(("memory", f"peak RSS {result.max_rss_kb // 1024} MiB"))
    if result.over_output:
        found.append(("output", "standard output passed the output limit"))
    if not found:
        status = result.status
        if status is not None and (status < 0 or status not in documented_statuses(runner, subcommand)):
            found.append(("status", describe_status(status)))
        elif json_output:
            problem = json_lines_problem(result.stdout_path)
            if problem:
                found.append(("json", problem))
        if dot_output and not found and status == 0:
            problem = dot_problem(result.stdout_path)
            if problem:
                found.append(("dot", problem))
    after = hash_tree(folder)
    changed = sorted(path for path, digest in inputs_before.items() if after.get(path) != digest)
    if arguments is not None:
        # A special file (link, FIFO, device) must never be replaced; a
        # regular file named as an output that the command does not read is
        # the user's to overwrite, so only a file it reads counts.
        read = files_read(folder, arguments)
        changed = [path for path in changed
                   if kind_of(inputs_before[path]) != "file" or os.path.normpath(path) in read]
    if changed:
        transitions = sorted({f"{kind_of(inputs_before[path])} -> {kind_of(after.get(path))}" for path in changed})
        found.append(("input-changed", "; ".join(transitions) + " | changed: " + ", ".join(changed[:5])))
    return found


def kind_of(digest):
    if digest is None:
        return "removed"
    if digest.startswith("symlink"):
        return "symlink"
    if digest in ("fifo", "device", "special", "unreadable"):
        return digest
    return "file"


def wiring_cycle(text):
    """Whether the on: connections between a scene's objects (its two-space
    indented ids, and the targets named in each one's on:) form a cycle: a
    crash by a signal is told apart by it, so that an event loop's stack
    overflow does not hide another crash behind the same signature."""
    blocks = re.split(r"^  (?=[A-Za-z_]\w*:)", text, flags=re.M)[1:]
    edges = {}
    for block in blocks:
        name = block.split(":", 1)[0]
        targets = set()
        for match in re.finditer(r"\bon:(.*?)(?=^  \S|^\S|\Z)", block, re.S | re.M):
            targets.update(re.findall(r"([A-Za-z_][\w.]*)\.\w+", match.group(1)))
        edges.setdefault(name, set()).update(targets)
    state = {}
    for start in edges:
        if state.get(start):
            continue
        stack = [(start, iter(edges.get(start, ())))]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
            elif state.get(child) == 1:
                return True
            elif not state.get(child) and child in edges:
                state[child] = 1
                stack.append((child, iter(edges[child])))
    return False


def input_features(folder):
    """A few coarse traits of the scene in folder, so that a time-out or a
    blow-up through includes or aliases does not hide another one."""
    try:
        with open(os.path.join(folder, "scene.yaml"), "rb") as file:
            text = file.read(8 << 20).decode("utf-8", "replace")
    except OSError:
        return ["unreadable"]
    features = []
    if re.search(r"\binclude:", text):
        features.append("includes")
    if re.search(r"(^|[\s\[{,:])\*[^\s,\]}]", text):
        features.append("aliases")
    if wiring_cycle(text):
        features.append("wiring cycle")
    if max((len(line) for line in text.split("\n")), default=0) > 10000:
        features.append("long line")
    if text.count("\n") > 10000:
        features.append("many lines")
    return features or ["plain"]


def signature(subcommand, kind, detail, result, folder):
    first = ""
    for line in result.stderr_head().decode("utf-8", "replace").splitlines():
        if line.strip():
            first = normalise(line, folder)
            break
    if kind == "status":
        what = detail
        if result.status in (-signal.SIGSEGV, -signal.SIGBUS, 128 + signal.SIGSEGV, 128 + signal.SIGBUS):
            try:
                with open(os.path.join(folder, "scene.yaml"), "rb") as file:
                    text = file.read(8 << 20).decode("utf-8", "replace")
            except OSError:
                text = ""
            what += ", wiring cycle" if wiring_cycle(text) else ", no wiring cycle"
    elif kind == "input-changed":
        what = kind + ": " + detail.split(" | ")[0]
    elif kind in ("timeout", "memory", "output"):
        what = kind + " (" + ", ".join(input_features(folder)) + ")"
    elif kind in ("json", "dot"):
        what = kind + ": " + re.sub(r"line \d+|offset \d+|\(.*|: b'.*", "", detail).strip()
    else:
        what = kind
    return f"{subcommand} | {what} | {first}"


def known_issue(sig, text):
    """Which of the issue's known findings (being fixed elsewhere) this one
    looks like, or None. A guess from the signature and the input; the
    report says it is a guess."""
    if "SIGPIPE" in sig or "exit 141" in sig:
        return "SIGPIPE exit 141"
    if "input-changed" in sig and re.search(r"(symlink|fifo|device) -> file", sig):
        return None  # a special file replaced by an output's rename: not the known one
    if "input-changed" in sig:
        return "outputs overwriting inputs"
    if "dot:" in sig:
        return "DOT with NUL (a control character in DOT)"
    if re.search(r"SIGSEGV|exit 139|SIGBUS|exit 135", sig) and "no wiring cycle" not in sig:
        return "event wiring loop, stack overflow (139)"
    if re.search(r"NaN|nan|inf", sig) and re.search(r"ShakeAnimation|Slider", text):
        return "NaN in ShakeAnimation/Slider"
    if ("memory" in sig or "timeout" in sig) and re.search(r"include:|&\w|\*\w", text):
        return "memory or time amplification through includes/aliases (or a quadratic path)"
    if "timeout" in sig and "providers" in text:
        return "quadratic TimeoutController providers"
    if "timeout" in sig:
        return "quadratic path (did-you-mean hints, providers) or a slow run: check by hand"
    return None


class Findings:
    """The findings folder: one sub-folder per signature, holding the
    smallest input seen with it, the command and its output; within a disk
    budget. An index (findings.json) lists every signature and its count."""

    def __init__(self, folder, max_mb=500, max_signatures=300, max_saved_output=256 << 10):
        self.folder = folder
        self.budget = max_mb << 20
        self.max_signatures = max_signatures
        self.max_saved_output = max_saved_output
        self.lock = threading.Lock()
        self.by_signature = {}
        self.disagreements = {}
        os.makedirs(folder, exist_ok=True)
        index = os.path.join(folder, "findings.json")
        if os.path.exists(index):
            try:
                with open(index, encoding="utf-8") as file:
                    previous = json.load(file)
                for entry in previous.get("findings", []):
                    entry["count_before"] = entry.get("count", 0)
                    entry["count"] = 0
                    self.by_signature[entry["signature"]] = entry
            except (OSError, ValueError):
                pass

    def used(self):
        total = 0
        for root, _, files in os.walk(self.folder):
            for name in files:
                try:
                    total += os.path.getsize(os.path.join(root, name))
                except OSError:
                    pass
        return total

    def is_new(self, sig):
        with self.lock:
            entry = self.by_signature.get(sig)
            return entry is None or entry.get("count", 0) == 0

    def add(self, sig, kind, detail, subcommand, result, run_folder, main_file, known, origin):
        """Counts a finding; saves its inputs when the signature is new to
        this run or the input is smaller than the one kept."""
        size = os.path.getsize(os.path.join(run_folder, main_file)) if os.path.exists(
            os.path.join(run_folder, main_file)) else 0
        with self.lock:
            entry = self.by_signature.get(sig)
            if entry is None:
                if len(self.by_signature) >= self.max_signatures:
                    return None
                slug = hashlib.sha1(sig.encode()).hexdigest()[:12]
                entry = {"signature": sig, "kind": kind, "subcommand": subcommand, "count": 0,
                         "folder": os.path.join(self.folder, f"{subcommand}-{kind}-{slug}"),
                         "known": known, "size": None, "detail": detail, "origin": origin}
                self.by_signature[sig] = entry
            entry["count"] = entry.get("count", 0) + 1
            keep = entry.get("size") is None or size < entry["size"]
            if keep and self.used() + size + 2 * self.max_saved_output > self.budget:
                keep = False
            if keep:
                entry["size"] = size
                entry["detail"] = detail
                entry["origin"] = origin
                self.save(entry, result, run_folder, main_file)
            self.write_index()
            return entry

    def save(self, entry, result, run_folder, main_file):
        target = entry["folder"]
        shutil.rmtree(target, ignore_errors=True)
        os.makedirs(target)
        inputs = os.path.join(target, "input")
        shutil.copytree(run_folder, inputs, ignore=ignore_special, symlinks=True, dirs_exist_ok=True)
        for stream, path in (("stdout", result.stdout_path), ("stderr", result.stderr_path)):
            with open(os.path.join(target, stream), "wb") as file:
                file.write(read_head(path, self.max_saved_output))
        stdin = os.path.join(run_folder, ".stdin")
        if os.path.exists(stdin):
            shutil.copy(stdin, os.path.join(inputs, "stdin.txt"))
        argv = [("RUNNER" if index == 0 else part) for index, part in enumerate(result.argv)]
        command = " ".join(shell_quote(part) for part in argv)
        if os.path.exists(stdin):
            command += " < stdin.txt"
        command = command.replace("RUNNER", '"$RUNNER"', 1)
        special = recreate_special(inputs, getattr(result, "before", {}), make=False)
        with open(os.path.join(target, "command.sh"), "w", encoding="utf-8") as file:
            file.write("#!/bin/sh\n# Run from this folder's input/ (RUNNER defaults to "
                       "the release scene-runner of the repository):\n#   cd input && sh ../command.sh\n"
                       f"# {entry['signature']}\n# {entry['detail']}\n"
                       f"RUNNER=${{RUNNER:-{shell_quote(result.argv[0])}}}\n"
                       "export SWIFT_BACKTRACE=enable=no\n"
                       + "".join(line + "\n" for line in special) +
                       f"{command}\n"
                       "echo \"exit status $?\"\n")
        with open(os.path.join(target, "info.json"), "w", encoding="utf-8") as file:
            json.dump({"signature": entry["signature"], "detail": entry["detail"], "known": entry["known"],
                       "status": result.status, "seconds": round(result.seconds, 3),
                       "max_rss_mb": result.max_rss_kb // 1024, "argv": result.argv,
                       "main_file": main_file, "origin": entry.get("origin")}, file, indent=2)

    def disagreement(self, first_line, folder, main_file, max_examples=20):
        with self.lock:
            key = re.sub(r"^[^:]*:\d+:\d+: ", "", first_line)
            key = re.sub(r"\d+(\.\d+)?", "N", re.sub(r"'[^']*'", "'…'", key))[:160]
            entry = self.disagreements.setdefault(key, {"count": 0, "example": None})
            entry["count"] += 1
            if entry["example"] is None and sum(1 for e in self.disagreements.values() if e["example"]) < max_examples:
                target = os.path.join(self.folder, "disagreements",
                                      hashlib.sha1(key.encode()).hexdigest()[:12])
                shutil.rmtree(target, ignore_errors=True)
                shutil.copytree(folder, target, ignore=ignore_special, symlinks=True)
                with open(os.path.join(target, "check-says.txt"), "w", encoding="utf-8") as file:
                    file.write(first_line + "\n")
                entry["example"] = target

    def write_index(self):
        index = {"findings": sorted(self.by_signature.values(), key=lambda e: e["signature"]),
                 "disagreements": self.disagreements}
        path = os.path.join(self.folder, "findings.json")
        with open(path + ".new", "w", encoding="utf-8") as file:
            json.dump(index, file, indent=2)
        os.replace(path + ".new", path)


def shell_quote(text):
    if re.fullmatch(r"[A-Za-z0-9_./=:,+@%-]+", text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


def shrink(lines, still_fails, budget_seconds=60.0, max_tests=300):
    """Line-deletion delta debugging (ddmin): the smallest list of lines it
    finds for which still_fails holds, within a time and a test budget."""
    deadline = time.monotonic() + budget_seconds
    tests = 0
    granularity = 2
    while len(lines) >= 2 and time.monotonic() < deadline and tests < max_tests:
        chunk = max(1, len(lines) // granularity)
        reduced = False
        start = 0
        while start < len(lines) and time.monotonic() < deadline and tests < max_tests:
            candidate = lines[:start] + lines[start + chunk:]
            tests += 1
            if candidate and still_fails(candidate):
                lines = candidate
                granularity = max(granularity - 1, 2)
                reduced = True
            else:
                start += chunk
        if not reduced:
            if chunk == 1:
                break
            granularity = min(len(lines), granularity * 2)
    return lines


class Stats:
    """Counts for the summary."""

    def __init__(self):
        self.lock = threading.Lock()
        self.inputs = 0
        self.runs = 0
        self.by_subcommand = {}
        self.statuses = {}
        self.seconds = {}

    def count(self, subcommand, result):
        with self.lock:
            self.runs += 1
            self.by_subcommand[subcommand] = self.by_subcommand.get(subcommand, 0) + 1
            what = ("timeout" if result.timed_out else "memory" if result.over_memory else
                    "output" if result.over_output else describe_status(result.status))
            key = (subcommand, what)
            self.statuses[key] = self.statuses.get(key, 0) + 1
            self.seconds[subcommand] = self.seconds.get(subcommand, 0.0) + result.seconds


def failing(findings, kinds):
    """The signatures found in this run whose kind is among kinds."""
    return [entry for entry in findings.by_signature.values()
            if entry.get("count", 0) > 0 and entry["kind"] in kinds]


def print_summary(name, stats, findings, started, extra_lines=(), out=sys.stdout):
    elapsed = time.monotonic() - started
    print(f"== {name}: {stats.inputs} inputs, {stats.runs} runs of the binary in {elapsed:.0f}s", file=out)
    for subcommand in sorted(stats.by_subcommand):
        statuses = ", ".join(f"{status} x{count}" for (sub, status), count in sorted(stats.statuses.items())
                             if sub == subcommand)
        average = stats.seconds[subcommand] / stats.by_subcommand[subcommand]
        print(f"   {subcommand}: {stats.by_subcommand[subcommand]} runs, {average * 1000:.0f} ms average; {statuses}",
              file=out)
    for line in extra_lines:
        print(line, file=out)
    current = [entry for entry in findings.by_signature.values() if entry.get("count", 0) > 0]
    if not current:
        print(f"== no finding (findings folder {findings.folder})", file=out)
        return 0
    print(f"== {len(current)} finding signatures, {sum(e['count'] for e in current)} findings, in {findings.folder}:",
          file=out)
    for entry in sorted(current, key=lambda e: (e["known"] is not None, e["signature"])):
        known = f"  [known? {entry['known']}]" if entry["known"] else "  [NEW]"
        print(f"   x{entry['count']}  {entry['signature']}{known}", file=out)
        print(f"        {entry['detail']}", file=out)
        print(f"        {entry['folder']}/  (input/, command.sh, stdout, stderr)", file=out)
    return len(current)


def install_signal_handlers(stop_event):
    """SIGTERM and SIGINT stop the tool cleanly: no new input is started,
    running children are killed, the summary is printed."""
    def handler(number, frame):
        stop_event.set()
        PROCESSES.kill_all()
    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


def scratch_folder(prefix):
    """A temporary folder named with this process's id; folders of the same
    kind left by a process that is gone (killed with SIGKILL) are removed."""
    base = os.environ.get("SCENE_FUZZ_TMP") or tempfile.gettempdir()
    for name in os.listdir(base):
        match = re.fullmatch(re.escape(prefix) + r"(\d+)-.*", name)
        if match and not os.path.exists(f"/proc/{match.group(1)}"):
            shutil.rmtree(os.path.join(base, name), ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-", dir=base)


def recreate_special(folder, hashes, make=True):
    """Makes again (with make) the symbolic links, FIFOs and device nodes
    that hash_tree saw; returns the shell lines that make them."""
    lines = []
    for relative, digest in sorted(hashes.items()):
        path = os.path.join(folder, relative)
        try:
            if digest.startswith("symlink to "):
                target = digest[len("symlink to "):]
                if make and not os.path.lexists(path):
                    os.symlink(target, path)
                lines.append(f"[ -L {shell_quote(relative)} ] || ln -sf {shell_quote(target)} {shell_quote(relative)}")
            elif digest == "fifo":
                if make and not os.path.lexists(path):
                    os.mkfifo(path)
                lines.append(f"rm -f {shell_quote(relative)}; mkfifo {shell_quote(relative)}")
            elif digest == "device":
                if make and not os.path.lexists(path):
                    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
                lines.append(f"rm -f {shell_quote(relative)}; mknod {shell_quote(relative)} c 1 3  # as /dev/null")
        except OSError:
            pass
    return lines


class Harness:
    """Runs one input's commands in a folder of its own and reports what
    they find: shrinks a new finding by line deletion, keeps it, counts
    every run. Shared by both tools."""

    def __init__(self, runner, limits, findings, stats, stop, shrink_seconds, support=None):
        self.runner = runner
        self.limits = limits
        self.findings = findings
        self.stats = stats
        self.stop = stop
        self.shrink_seconds = shrink_seconds
        self.support = support or {}

    def write_inputs(self, folder, data, extra, main="scene.yaml"):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(os.path.join(folder, "out"))
        for relative, content in list(self.support.items()) + list(extra.items()):
            path = os.path.join(folder, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(content)
        with open(os.path.join(folder, main), "wb") as file:
            file.write(data)

    def run_one(self, folder, plan, count=True):
        """One run (plan: subcommand, arguments, stdin bytes or None, JSON
        Lines expected, DOT expected); returns (result, [(kind, detail)])."""
        subcommand, arguments, stdin, json_output, dot_output = plan[:5]
        closed_stdout = len(plan) > 5 and plan[5]
        before = hash_tree(folder)
        stdin_path = None
        if stdin is not None:
            stdin_path = os.path.join(folder, ".stdin")
            with open(stdin_path, "wb") as file:
                file.write(stdin)
        result = execute([self.runner] + arguments, folder, self.limits, stdin_path, closed_stdout=closed_stdout)
        result.before = before
        found = problems(result, subcommand, self.runner, folder, before, json_output and not closed_stdout,
                         dot_output and not closed_stdout, arguments=arguments)
        if dot_output and "-o" in arguments and not found and result.status == 0:
            output = os.path.join(folder, arguments[arguments.index("-o") + 1])
            if os.path.exists(output):
                problem = dot_problem(output)
                if problem:
                    found.append(("dot", problem))
        # What the run wrote goes before the next run; the inputs stay.
        shutil.rmtree(os.path.join(folder, "out"), ignore_errors=True)
        shutil.rmtree(os.path.join(folder, ".tmp"), ignore_errors=True)
        os.makedirs(os.path.join(folder, "out"), exist_ok=True)
        if count:
            self.stats.count(subcommand, result)
        return result, found

    def report(self, found, plan, result, folder, data, extra, text, origin):
        subcommand = plan[0]
        for kind, detail in found:
            sig = signature(subcommand, kind, detail, result, folder)
            known = known_issue(sig, text)
            if kind == "input-changed":
                # The folder holds what the run left: keep the inputs as
                # they were before it, special files included.
                original = folder + "-original"
                try:
                    self.write_inputs(original, data, extra)
                    recreate_special(original, getattr(result, "before", {}))
                    self.findings.add(sig, kind, detail, subcommand, result, original, "scene.yaml", known, origin)
                finally:
                    shutil.rmtree(original, ignore_errors=True)
                continue
            if self.findings.is_new(sig) and self.shrink_seconds > 0 and \
                    kind not in ("timeout", "memory", "output") and result.seconds < 2:
                shrunk = self.shrink(sig, plan, data, extra, folder)
                if shrunk is not None and self.keep_shrunk(sig, plan, shrunk, extra, folder, known,
                                                           origin + f"; shrunk from {len(data)} to {len(shrunk)} bytes"):
                    continue
            self.findings.add(sig, kind, detail, subcommand, result, folder, "scene.yaml", known, origin)

    def keep_shrunk(self, sig, plan, shrunk, extra, folder, known, origin):
        smaller = folder + "-min"
        try:
            self.write_inputs(smaller, shrunk, extra)
            again, found = self.run_one(smaller, plan, count=False)
            for kind, detail in found:
                if signature(plan[0], kind, detail, again, smaller) == sig:
                    self.findings.add(sig, kind, detail, plan[0], again, smaller, "scene.yaml", known, origin)
                    return True
            return False
        finally:
            shutil.rmtree(smaller, ignore_errors=True)

    def shrink(self, sig, plan, data, extra, folder):
        trial = folder + "-shrink"

        def still_fails(lines):
            if self.stop.is_set():
                return False
            self.write_inputs(trial, "\n".join(lines).encode("utf-8", "surrogateescape"), extra)
            result, found = self.run_one(trial, plan, count=False)
            return any(signature(plan[0], kind, detail, result, trial) == sig for kind, detail in found)

        try:
            lines = data.decode("utf-8", "surrogateescape").split("\n")
            shrunk = shrink(lines, still_fails, self.shrink_seconds)
            if len(shrunk) < len(lines):
                return "\n".join(shrunk).encode("utf-8", "surrogateescape")
            return None
        finally:
            shutil.rmtree(trial, ignore_errors=True)


KINDS = ("status", "timeout", "memory", "output", "json", "dot", "input-changed", "quadratic")


class Campaign:
    """What both tools share: numbered inputs handed to `jobs` worker threads
    until `--count` or `--seconds` runs out, or a signal stops them, with a
    progress line now and then. A tool sets `options`, `findings`, `stop`,
    `work` and `started`, and defines `one(index)` and `progress_line()`."""

    name = "fuzz"

    def take_index(self):
        with self.lock:
            if self.stop.is_set() or (self.options.count and self.next_index >= self.options.count):
                return None
            if self.options.seconds and time.monotonic() - self.started > self.options.seconds:
                return None
            self.next_index += 1
            return self.next_index - 1

    def worker(self):
        while True:
            index = self.take_index()
            if index is None:
                return
            try:
                self.one(index)
            except Exception as error:  # the tool goes on, and says what went wrong
                print(f"{self.name}: input {index}: {type(error).__name__}: {error}", file=sys.stderr)

    def signatures_found(self):
        return sum(1 for entry in self.findings.by_signature.values() if entry.get("count", 0))

    def run_workers(self):
        """Runs the workers to the end, then stops every process and removes the work folder."""
        install_signal_handlers(self.stop)
        threads = [threading.Thread(target=self.worker, daemon=True) for _ in range(self.options.jobs)]
        for thread in threads:
            thread.start()
        last = time.monotonic()
        try:
            while any(thread.is_alive() for thread in threads):
                for thread in threads:
                    thread.join(timeout=1.0)
                if self.options.progress and time.monotonic() - last > self.options.progress:
                    last = time.monotonic()
                    print(f"   [{time.monotonic() - self.started:.0f}s] {self.progress_line()}", flush=True)
        finally:
            self.stop.set()
            PROCESSES.kill_all()
            for thread in threads:
                thread.join(timeout=30)
            shutil.rmtree(self.work, ignore_errors=True)

    def exit_status(self):
        found = failing(self.findings, self.options.fail_kinds.split(","))
        return 1 if self.options.fail_on_finding and found else 0


def option_parser(description, findings, live_share, repository):
    """The options both tools take; `finish_options` checks them."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--count", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--runner", default=os.path.join(repository, ".build", "release", "scene-runner"))
    parser.add_argument("--findings", default=findings)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--max-rss-mb", type=int, default=1024)
    parser.add_argument("--max-findings-mb", type=int, default=500)
    parser.add_argument("--live-share", type=float, default=live_share)
    parser.add_argument("--shrink-seconds", type=float, default=60.0)
    parser.add_argument("--progress", type=float, default=60.0, help="seconds between progress lines (0: none)")
    parser.add_argument("--fail-on-finding", action="store_true")
    parser.add_argument("--fail-kinds", default=",".join(KINDS),
                        help="the kinds of finding that --fail-on-finding fails on (default: all)")
    return parser


def finish_options(parser, repository):
    parsed = parser.parse_args()
    if parsed.seconds is None:
        parsed.seconds = 0 if parsed.count else 60
    parsed.runner = os.path.abspath(parsed.runner)
    if not os.access(parsed.runner, os.X_OK):
        parser.error(f"no runnable binary at {parsed.runner}: "
                     "swift build -c release --product scene-runner, or give --runner PATH")
    parsed.findings = os.path.abspath(parsed.findings)
    if parsed.findings == repository or parsed.findings.startswith(repository + os.sep):
        parser.error("the findings folder must be outside the repository")
    parsed.jobs = max(1, parsed.jobs)
    return parsed
