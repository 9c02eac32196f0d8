#!/usr/bin/env python3
"""Reads back, with junitparser (a real consumer of JUnit XML), the reports
scripts/ci/junit-and-annotations.sh had `run --junit` write, and checks
them against what the same runs printed as JSON Lines.

    python3 scripts/ci/check-junit.py WORK SCENE...

WORK holds scenes.xml and scenes.jsonl (every SCENE), shard-1.xml and
shard-2.xml (--shard 1/2 and 2/2), failing.xml and failing.jsonl
(Examples/failing-expectation.yaml and Examples/mistakes.yaml).
"""
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
