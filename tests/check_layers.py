#!/usr/bin/env python3
"""The layers of docs/design.md, checked against the #include lines: each product folder may
include only the layers below it (engines -> api -> front ends), and a front end never includes
another front end's files, examples/ or docs/. Local includes ("common.hpp") must name a file of
the including file's own folder. Test folders (*/tests) are exempt. Usage: check_layers.py SRC"""

import os
import re
import sys

# Folder -> the libraries its files may include (as "tanbo/<library>/..." or "tanbo/core.hpp").
# Keep in step with the picture in docs/design.md ("Layers").
LAYERS = {
    "core": {"core"},
    "reference": {"core", "reference"},
    "optimized": {"core", "optimized"},
    "api": {"core", "reference", "optimized", "api"},
    "verify": {"core", "reference", "optimized", "api", "verify"},  # api: the engine protocol
    "certificate": {"core", "reference", "certificate"},  # checked on the reference engine only
    # The strong solver: on the engines (the reference one for its cross-check) and the
    # certificate writer.
    "solve": {"core", "reference", "optimized", "certificate", "solve"},
    "cli": {"core", "reference", "optimized", "verify", "api", "conformance", "solve", "certificate"},
    "capi": {"core", "reference", "optimized", "api", "capi"},
    "python/src": {"core", "reference", "optimized", "api"},
    "js/src": {"core", "reference", "optimized", "verify", "api", "capi"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".cpp", ".hpp", ".h", ".c")


def library(path):
    """The library an include names: tanbo/api/game.hpp -> api, tanbo/core.hpp -> core."""
    if path == "tanbo/core.hpp":
        return "core"
    if path == "tanbo/tanbo.h":
        return "capi"
    m = re.match(r"tanbo/([a-z]+)/", path)
    return m.group(1) if m else None


def problems(src):
    out = []
    for folder, allowed in LAYERS.items():
        for base, dirs, files in os.walk(os.path.join(src, folder)):
            dirs[:] = [d for d in dirs if d not in ("tests", "node_modules")]
            for name in files:
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(base, name)
                rel = os.path.relpath(path, src)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                for inc in INCLUDE.findall(text):
                    lib = library(inc)
                    if lib is None:
                        if "/" in inc or not os.path.exists(os.path.join(base, inc)):
                            out.append(f"{rel}: includes \"{inc}\", not a file of its own folder")
                    elif lib not in allowed:
                        out.append(f"{rel}: includes \"{inc}\" ({lib}), but {folder} may include only "
                                   + ", ".join(sorted(allowed)))
    return out


def main():
    found = problems(sys.argv[1])
    for p in found:
        print(p)
    if found:
        print(f"{len(found)} include(s) break the layers of docs/design.md")
        return 1
    print("the includes follow the layers of docs/design.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
