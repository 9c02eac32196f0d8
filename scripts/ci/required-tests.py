#!/usr/bin/env python3
"""Checks that the tests CI requires ran and passed, and counts the run.

    python3 scripts/ci/required-tests.py LISTED [--require SUITE]... REPORT...

LISTED is what `swift test list` printed (one test a line, as
`Module.Suite/test()`); each REPORT is an xUnit file that `swift test
--xunit-output` wrote (Swift Testing's and, where SwiftPM writes one,
XCTest's).

Some suites skip themselves where what they need is missing (the
yaml-test-suite's data, for one): `swift test` then passes, and only CI
can tell that they did not run. CI names them by suite (`--require
Module.Suite`), not test by test: every test that `swift test list` lists
in a required suite (read from the list, not written down anywhere, so a
test can be renamed, added or removed freely) must be in a report, neither
skipped nor failed. A required suite that lists no test at all (renamed or
moved) fails too.

Fails when no test passed or any failed. Prints every skipped test with
its reason, and ends with a line `N passed, M skipped, K failed`.
"""
import sys
import xml.etree.ElementTree as ElementTree


def listed_tests(path):
    with open(path, encoding="utf-8") as file:
        return [line.strip() for line in file if "/" in line and not line.startswith(" ")]


def report_key(test):
    """A listed test as its report names it: the class (module and suites,
    joined by dots) and the function."""
    parts = test.split("/")
    return ".".join(parts[:-1]), parts[-1]


def results(paths):
    """Every test case of the reports: (classname, name) -> (outcome, text)."""
    found = {}
    for path in paths:
        for case in ElementTree.parse(path).getroot().iter("testcase"):
            key = (case.get("classname", ""), case.get("name", ""))
            failures = case.findall("failure") + case.findall("error")
            skipped = case.find("skipped")
            if failures:
                found[key] = ("failed", "; ".join(f.get("message") or (f.text or "") for f in failures))
            elif skipped is not None:
                found[key] = ("skipped", (skipped.text or skipped.get("message") or "").strip())
            else:
                found[key] = ("passed", "")
    return found


def main(arguments):
    required, rest = [], []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--require" and arguments:
            required.append(arguments.pop(0))
        else:
            rest.append(argument)
    if len(rest) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    listed = listed_tests(rest[0])
    found = results(rest[1:])
    problems = []
    for suite in required:
        tests = [test for test in listed if test.startswith(suite + "/")]
        if not tests:
            problems.append(f"swift test list lists no test of the required suite {suite}: "
                            "if it was renamed or moved, require it by its new name")
        failed = [test for test in tests if found.get(report_key(test), ("missing",))[0] != "passed"]
        for test in failed:
            outcome, text = found.get(report_key(test), ("did not run", ""))
            problems.append(f"{test}, of the required suite {suite}: {outcome}" + (f": {text}" if text else ""))
        if tests and not failed:
            print(f"required: all {len(tests)} tests of {suite} ran and passed")
    counts = {"passed": 0, "skipped": 0, "failed": 0}
    for (classname, name), (outcome, text) in sorted(found.items()):
        counts[outcome] += 1
        if outcome == "skipped":
            print(f"skipped: {classname}/{name}: {text}")
    if counts["passed"] == 0:
        problems.append(f"no test passed ({len(listed)} listed)")
    for problem in problems:
        print("required-tests: " + problem, file=sys.stderr)
    print(f"{counts['passed']} passed, {counts['skipped']} skipped, {counts['failed']} failed")
    return 1 if problems or counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
