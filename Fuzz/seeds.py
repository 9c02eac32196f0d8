#!/usr/bin/env python3
"""Writes the fuzzer's seed inputs into a folder: the scene files of Scenes/,
Examples/ and the tests' fixtures, and every multi-line string literal in
Tests/**/*.swift that reads as YAML (the many small scenes the tests hold),
one file each, named by the SHA-1 of their bytes as libFuzzer names its own.

    Fuzz/seeds.py OUTPUT_FOLDER        (run from the repository's root)
"""
import glob
import hashlib
import os
import re
import sys


def literals(text):
    """The multi-line string literals of a Swift file, as their values."""
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        opening = re.search(r'(#*)"""\s*$', lines[index])
        if not opening:
            index += 1
            continue
        raw = opening.group(1)
        body = []
        index += 1
        while index < len(lines) and not re.match(r'\s*"""' + raw, lines[index]):
            body.append(lines[index])
            index += 1
        if index >= len(lines):
            return
        indent = len(lines[index]) - len(lines[index].lstrip())
        index += 1
        value = "\n".join(line[indent:] for line in body)
        if raw:
            yield value
        elif "\\(" not in value:
            yield unescape(value)


def unescape(value):
    """Swift's escapes in a non-raw literal; a trailing backslash joins lines."""
    value = value.replace("\\\n", "")
    escapes = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}

    def replace(match):
        if match.group(1):
            return chr(int(match.group(1), 16))
        return escapes.get(match.group(2), match.group(0))

    return re.sub(r'\\(?:u\{([0-9a-fA-F]+)\}|(.))', replace, value)


def looks_like_yaml(value):
    return ":" in value or value.lstrip().startswith("-")


def main():
    output = sys.argv[1]
    os.makedirs(output, exist_ok=True)
    seeds = []
    for path in sorted(glob.glob("Scenes/*.yaml") + glob.glob("Examples/**/*.yaml", recursive=True)
                       + glob.glob("Tests/**/*.yaml", recursive=True)):
        with open(path, "rb") as file:
            seeds.append(file.read())
    for path in sorted(glob.glob("Tests/**/*.swift", recursive=True)):
        with open(path, encoding="utf-8") as file:
            for value in literals(file.read()):
                if looks_like_yaml(value):
                    seeds.append((value + "\n").encode("utf-8"))
    for seed in seeds:
        with open(os.path.join(output, hashlib.sha1(seed).hexdigest()), "wb") as file:
            file.write(seed)
    print(f"{len(set(seeds))} seeds in {output}")


main()
