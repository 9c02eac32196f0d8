#!/usr/bin/env python3
"""Compares the verdicts of the schema and of `scene-runner check` on scene files.

    python3 schema/agreement.py RUNNER SCHEMA FILE...

Runs `RUNNER check --format json` and `check-jsonschema --schemafile SCHEMA`
on every FILE; a Markdown FILE (`.md`) stands for each of its ```yaml blocks. Fails (exit 1) when check accepts a file that the schema
refuses: an editor would mark a valid scene as wrong. Files check refuses
and the schema accepts are expected (the schema cannot see outlets' target
types, actions of a target, ids in the script...; see docs/Editors.md) and
only counted. Files the schema's YAML parser cannot read are listed apart.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def schema_verdicts(schema, files):
    """Whether the schema accepts each file, and the files it could not parse."""
    unparsed = set()
    invalid = set()
    remaining = list(files)
    # check-jsonschema validates nothing once a file fails to parse: parse
    # failures are taken out and the rest validated again.
    for _ in range(2):
        if not remaining:
            break
        result = subprocess.run(
            ["check-jsonschema", "--force-filetype", "yaml", "--schemafile", schema, "-o", "json", *remaining],
            capture_output=True, text=True)
        report = json.loads(result.stdout)
        parse_errors = {error["filename"] for error in report.get("parse_errors", [])}
        invalid |= {error["filename"] for error in report.get("errors", [])}
        if not parse_errors:
            break
        unparsed |= parse_errors
        remaining = [name for name in remaining if name not in parse_errors]
    return {name: name not in invalid for name in files if name not in unparsed}, unparsed


def check_verdicts(runner, files):
    result = subprocess.run([runner, "check", "--format", "json", *files], capture_output=True, text=True)
    verdicts = {}
    for line in result.stdout.splitlines():
        record = json.loads(line)
        if record["type"] == "file":
            verdicts[record["file"]] = record["valid"]
    return verdicts


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 64
    runner, schema, files = sys.argv[1], sys.argv[2], []
    blocks = tempfile.mkdtemp()
    for name in sys.argv[3:]:
        if not name.endswith(".md"):
            files.append(name)
            continue
        with open(name, encoding="utf-8") as markdown:
            for index, block in enumerate(re.findall(r"```yaml\n(.*?)```", markdown.read(), re.S)):
                path = os.path.join(blocks, f"{os.path.basename(name)}-{index + 1}.yaml")
                with open(path, "w", encoding="utf-8") as out:
                    out.write(block)
                files.append(path)
    checked = check_verdicts(runner, files)
    validated, unparsed = schema_verdicts(schema, files)
    falsely_refused = [name for name in files if checked.get(name) and validated.get(name) is False]
    counts = {"both accept": 0, "both refuse": 0, "only check refuses": 0}
    for name in files:
        if name in unparsed or name in falsely_refused:
            continue
        if checked.get(name) and validated.get(name):
            counts["both accept"] += 1
        elif validated.get(name):
            counts["only check refuses"] += 1
        else:
            counts["both refuse"] += 1
    print(", ".join(f"{count} {what}" for what, count in counts.items())
          + f", {len(unparsed)} unreadable to the schema's YAML parser, of {len(files)} files")
    for name in sorted(unparsed):
        if checked.get(name):
            print(f"  check accepts {name}, which the schema's YAML parser cannot read")
    for name in falsely_refused:
        print(f"{name}: check accepts it, the schema refuses it", file=sys.stderr)
        subprocess.run(["check-jsonschema", "--force-filetype", "yaml", "--schemafile", schema, name])
    return 1 if falsely_refused else 0


if __name__ == "__main__":
    sys.exit(main())
