#!/usr/bin/env python3
"""Keeps README.md's examples true: each is quoted from a file that is compiled and run as a test.

Every line of a ```cpp, ```c or ```python block must occur (up to indentation) in the example
it says it is from, and every output line of the ```console block must occur in the CLI's
behaviour tests, which pin that output. So editing an example or the CLI's output without the
README (or the reverse) fails this test instead of leaving a stale snippet.

usage: check_readme_snippets.py ROOT      (exit status 1 with one line per stale snippet line)
"""
import re
import sys

# Where each kind of block is quoted from; all of them run as CTest tests.
SOURCES = {
    "cpp": "examples/random_playouts.cpp",
    "c": "examples/c_random_game.c",
    "python": "python/examples/play.py",
    "console": "cli/tests/cli_test.sh",
}


def main(root):
    with open(f"{root}/README.md", encoding="utf-8") as f:
        readme = f.read()
    blocks = re.findall(r"^```(\w+)\n(.*?)^```", readme, re.S | re.M)
    problems = []
    seen = set()
    for lang, body in blocks:
        if lang not in SOURCES:
            continue
        seen.add(lang)
        with open(f"{root}/{SOURCES[lang]}", encoding="utf-8") as f:
            source = f.read()
        lines = {line.strip() for line in source.splitlines()}
        for line in body.splitlines():
            text = line.strip()
            if not text or (lang == "console" and (text.startswith("$ ") or text == "...")):
                continue
            found = text in lines if lang != "console" else text in source
            if not found:
                problems.append(f"README.md ```{lang} block: '{text}' is not in {SOURCES[lang]}")
    for lang in SOURCES:
        if lang not in seen:
            problems.append(f"README.md has no ```{lang} block (expected one quoted from {SOURCES[lang]})")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(sys.argv[1]))
