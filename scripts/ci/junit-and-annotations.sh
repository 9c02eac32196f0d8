#!/usr/bin/env bash
# CI (called by .ci/run after the build): `run --junit` read back by a real
# consumer, junitparser (PyPI), which checks the report's counts and
# messages against what the run printed as JSON Lines; `--format github`'s
# annotations checked line by line, and chosen by GITHUB_ACTIONS=true;
# --shard 1/2 and 2/2 cover the scenes once between their reports; the
# workflows docs/CI.md gives to copy are valid against GitHub's and
# GitLab's schemas (check-jsonschema's built-in copies, no network).
set -euo pipefail
cd "$(dirname "$0")/../.."
runner=${SCENE_RUNNER:-.build/debug/scene-runner}
if [ ! -x "$runner" ]; then
    echo "junit-and-annotations: $runner is not built; run swift build first" >&2
    exit 1
fi

pip_install() {
    python3 -m pip install -q "$@" || python3 -m pip install -q --break-system-packages "$@"
}
if ! python3 -c "import junitparser" 2>/dev/null; then
    echo "== installing junitparser"
    pip_install junitparser
fi
if ! command -v check-jsonschema >/dev/null; then
    echo "== installing check-jsonschema"
    pip_install check-jsonschema
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs the runner, keeping its exit status in $status (set -e would stop on 1 or 2).
status=0
runs() { status=0; "$runner" "$@" || status=$?; }

echo "== run --junit Scenes/*.yaml, read back by junitparser"
runs run --format json Scenes/*.yaml --junit "$work/scenes.xml" >"$work/scenes.jsonl"
[ "$status" -eq 0 ] || { echo "run Scenes/*.yaml exited $status" >&2; exit 1; }
runs run --shard 1/2 Scenes/*.yaml --junit "$work/shard-1.xml" >/dev/null
[ "$status" -eq 0 ] || { echo "run --shard 1/2 exited $status" >&2; exit 1; }
runs run --shard 2/2 Scenes/*.yaml --junit "$work/shard-2.xml" >/dev/null
[ "$status" -eq 0 ] || { echo "run --shard 2/2 exited $status" >&2; exit 1; }

echo "== run --junit over Examples/failing-expectation.yaml and Examples/mistakes.yaml"
runs run --format json Examples/failing-expectation.yaml Examples/mistakes.yaml --junit "$work/failing.xml" \
    >"$work/failing.jsonl"
[ "$status" -eq 2 ] || { echo "the failing examples exited $status, not 2" >&2; exit 1; }

python3 - "$work" Scenes/*.yaml <<'PYTHON'
import json, pathlib, sys
from junitparser import Attr, Error, Failure, IntAttr, JUnitXml, TestCase

# The attributes scene-runner adds to a case, declared as junitparser's
# README shows for custom attributes.
TestCase.file = Attr("file")
TestCase.line = IntAttr("line")

work = pathlib.Path(sys.argv[1])
scenes = sys.argv[2:]

def fail(message):
    sys.exit("junit: " + message)

def records(name):
    return [json.loads(line) for line in (work / name).read_text(encoding="utf-8").splitlines()]

def results(case):
    return [result for result in case.result if isinstance(result, (Failure, Error))]

# Every scene, in order, a suite; its cases are its expectations and
# snapshots; the totals are the run's.
report = JUnitXml.fromfile(str(work / "scenes.xml"))
suites = list(report)
if [suite.name for suite in suites] != scenes:
    fail(f"the suites are {[suite.name for suite in suites]}, not the scenes {scenes}")
totals = records("scenes.jsonl")[-1]
counted = sum(1 for suite in suites for case in suite if case.name != "runs to the end")
if counted != totals["passed"] + totals["failed"]:
    fail(f"{counted} expectation cases, but the run counted {totals['passed']} passed and {totals['failed']} failed")
if report.tests != sum(suite.tests for suite in suites) or report.failures != 0 or report.errors != 0:
    fail(f"the totals are tests={report.tests} failures={report.failures} errors={report.errors}")
for suite in suites:
    if suite.tests != len(list(suite)):
        fail(f"{suite.name}: tests={suite.tests}, but it has {len(list(suite))} cases")
print(f"junit: {len(suites)} suites, {report.tests} cases, as the run counted")

# The two shards between them: every scene once, the same cases.
shards = [list(JUnitXml.fromfile(str(work / f"shard-{i}.xml"))) for i in (1, 2)]
names = [suite.name for shard in shards for suite in shard]
if sorted(names) != sorted(scenes) or len(set(names)) != len(names):
    fail(f"the shards' suites {names} are not the scenes, each once")
for shard in shards:
    for suite in shard:
        whole = next(s for s in suites if s.name == suite.name)
        if [case.name for case in suite] != [case.name for case in whole]:
            fail(f"{suite.name}: the shard's cases differ from the whole run's")
print(f"junit: shards 1/2 and 2/2 hold {len(shards[0])} + {len(shards[1])} suites, every scene once")

# The failing examples: each failed expectation a failure at its line,
# with its values; the invalid scene an error with its diagnostics.
report = JUnitXml.fromfile(str(work / "failing.xml"))
failing, mistakes = list(report)
lines = records("failing.jsonl")
failed = [r for r in lines if r["type"] == "expect" and not r["passed"]]
failures = [(case, result) for case in failing for result in results(case)]
if len(failures) != len(failed) or failing.failures != len(failed):
    fail(f"{failing.name}: {len(failures)} failures, but the run failed {len(failed)} expectations")
for (case, result), record in zip(failures, failed):
    if case.line != record["line"] or case.file != failing.name:
        fail(f"{case.name}: at {case.file}:{case.line}, but the failure is at {failing.name}:{record['line']}")
    if result.type != "expectation" or not result.message.startswith("expected "):
        fail(f"{case.name}: the failure is {result.type}: {result.message}")
    place = f"{failing.name}:{record['line']}:{record['column']}: expect {record['path']} == "
    if not (result.text or "").startswith(place) or "the transcript to just after it" not in result.text:
        fail(f"{case.name}: the failure's text does not start with {place!r}: {result.text!r}")
    # The excerpt shows the failed step, even while an animation runs.
    if f"expect {record['path']} == " not in result.text.split("the transcript", 1)[1] or ": FAILED" not in result.text:
        fail(f"{case.name}: the transcript excerpt does not show the failed step: {result.text!r}")
errors = [result for case in mistakes for result in results(case)]
diagnostics = [r for r in lines if r["type"] == "diagnostic" and r["file"] == "Examples/mistakes.yaml"]
if mistakes.errors != 1 or len(errors) != 1 or errors[0].type != "invalid-scene":
    fail(f"{mistakes.name}: errors={mistakes.errors}, results {[(e.type, e.message) for e in errors]}")
for diagnostic in diagnostics:
    where = f"Examples/mistakes.yaml:{diagnostic['line']}:{diagnostic['column']}: {diagnostic['severity']}: {diagnostic['message']}"
    if where not in errors[0].text:
        fail(f"{mistakes.name}: the error does not show {where!r}")
print(f"junit: {len(failures)} failures at their lines, and an invalid scene with its {len(diagnostics)} diagnostics")
PYTHON

echo "== --format github: annotations on the lines, transcripts in groups"
runs run --format github Examples/failing-expectation.yaml >"$work/github.txt"
[ "$status" -eq 1 ] || { echo "run --format github exited $status, not 1" >&2; exit 1; }
GITHUB_ACTIONS=true "$runner" run Examples/failing-expectation.yaml >"$work/actions.txt" || true
cmp -s "$work/github.txt" "$work/actions.txt" || { echo "GITHUB_ACTIONS=true did not pick --format github" >&2; exit 1; }
runs check --format github Examples/mistakes.yaml >"$work/check.txt"
[ "$status" -eq 2 ] || { echo "check --format github exited $status, not 2" >&2; exit 1; }
"$runner" check --format json Examples/mistakes.yaml >"$work/check.jsonl" || true
"$runner" run --format json Examples/failing-expectation.yaml >"$work/run.jsonl" || true
python3 - "$work" <<'PYTHON'
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
PYTHON

echo "== the workflows of docs/CI.md against GitHub's and GitLab's schemas"
check-jsonschema --builtin-schema vendor.github-workflows docs/ci/scenes.yml
check-jsonschema --builtin-schema vendor.gitlab-ci docs/ci/gitlab-ci.yml
