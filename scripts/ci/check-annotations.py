#!/usr/bin/env python3
"""Checks `--format github`'s workflow commands line by line against the
JSON Lines of the same runs (scripts/ci/junit-and-annotations.sh writes
them): an ::error per failed expectation at its line, one group per
scene; an annotation per diagnostic of check, at its span, with its code
as title.

    python3 scripts/ci/check-annotations.py WORK

WORK holds github.txt and run.jsonl (run over
Examples/failing-expectation.yaml), check.txt and check.jsonl (check
over Examples/mistakes.yaml).
"""
import json, pathlib, re, sys
work = pathlib.Path(sys.argv[1])

def fail(message):
    sys.exit("github: " + message)

def unescape(text):
    for code, character in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(code, character)
    return text

command = re.compile(r"^::(error|warning) ((?:[a-zA-Z]+=[^,:]*,?)+)::(.*)$")

def annotations(name):
    found = []
    for line in (work / name).read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("::") and not line.startswith(("::group::", "::endgroup::")):
            match = command.match(line)
            if not match:
                fail(f"{name}: a line reads as a command but is not an annotation: {line!r}")
            properties = dict(pair.split("=", 1) for pair in match.group(2).split(","))
            found.append((match.group(1), {k: unescape(v) for k, v in properties.items()}, unescape(match.group(3))))
    return found

# run: an ::error per failed expectation, at its line, after the group.
records = [json.loads(line) for line in (work / "run.jsonl").read_text(encoding="utf-8").splitlines()]
failed = [r for r in records if r["type"] == "expect" and not r["passed"]]
found = annotations("github.txt")
if [(level, p["file"], p["line"], p["col"]) for level, p, _ in found] != \
        [("error", "Examples/failing-expectation.yaml", str(r["line"]), str(r["column"])) for r in failed]:
    fail(f"run: the annotations {found} are not the failed expectations {failed}")
text = (work / "github.txt").read_text(encoding="utf-8")
if text.count("::group::") != 1 or text.count("::endgroup::") != 1:
    fail("run: one scene, one group")
# check: an annotation per diagnostic, at its span, with its code as title.
diagnostics = [json.loads(line) for line in (work / "check.jsonl").read_text(encoding="utf-8").splitlines()]
diagnostics = [d for d in diagnostics if d["type"] == "diagnostic"]
found = annotations("check.txt")
if [(level, p["file"], p["line"], p["col"], p["title"]) for level, p, _ in found] != \
        [(d["severity"], d["file"], str(d["line"]), str(d["column"]), d["code"]) for d in diagnostics]:
    fail("check: the annotations are not the diagnostics")
for (_, _, message), diagnostic in zip(found, diagnostics):
    if not message.startswith(diagnostic["message"]):
        fail(f"check: {message!r} does not start with {diagnostic['message']!r}")
print(f"github: {len(failed)} failed expectations and {len(diagnostics)} diagnostics annotated on their lines")
