#!/usr/bin/env python3
"""The layers of docs/design.md, checked against the #include lines: each product folder may
include only the layers below it (engines -> api -> front ends), and a front end never includes
another front end's files, examples/ or docs/. Local includes ("common.hpp") must name a file of
the including file's own folder, and the faces of FACES name no engine type anywhere in their
text (comments included): an engine is chosen by name through tanbo::api. Test folders
(*/tests) are exempt. Every other folder holding C, C++ or their headers needs a row of LAYERS
(through itself or a parent), so a new folder cannot slip past the check. The table of
docs/design.md's "Layers" section must be LAYERS itself.
Usage: check_layers.py SRC | check_layers.py --selftest (plants each defect in a scratch tree)"""

import os
import re
import sys
import tempfile

# Folder -> the libraries its files may include (as "tanbo/<library>/..." or "tanbo/core.hpp").
# docs/design.md's "Layers" table must say the same (checked below).
LAYERS = {
    "core": {"core"},
    "reference": {"core", "reference"},
    "optimized": {"core", "optimized"},
    # solve: perfect play for the faces; certificate: `tanbo solve --check` (api/solver.hpp).
    "api": {"core", "reference", "optimized", "api", "solve", "certificate"},
    # What faces add on the adapter, a library each. player: the UCT player on the optimized
    # boards, and its move on api's run-time game.
    "player": {"core", "optimized", "api", "player"},
    # env: the environments, on the bare boards (the vector batch) and api's games, with the
    # player's MCTS and api's perfect play as opponents.
    "env": {"core", "optimized", "api", "player", "env"},
    "protocol": {"core", "api", "protocol"},  # the engine protocol's server, on api's games
    "svg": {"core", "svg"},  # drawings of positions: core's vocabulary only
    "differential": {"core", "reference", "optimized", "differential"},
    "certificate": {"core", "reference", "certificate"},  # checked on the reference engine only
    # The strong solver: on the engines (the reference one for its cross-check) and the
    # certificate writer.
    "solve": {"core", "reference", "optimized", "certificate", "solve"},
    # The faces reach the engines, core's vocabulary and the solvers only through tanbo::api (and
    # the libraries beside it: env, player, protocol, svg).
    "cli": {"api", "protocol", "differential", "conformance"},
    "capi": {"api", "player", "protocol", "svg", "capi"},
    "python/src": {"api", "env", "player", "protocol", "svg"},
    "js/src": {"capi"},
    # The developer parts. conformance: the suite's generator (on the reference rules) and checker,
    # and the protocol's client (differential: a process as the differential campaign's candidate).
    "conformance": {"core", "reference", "api", "protocol", "differential", "conformance"},
    "bench": {"core", "reference", "optimized", "api", "solve"},
    # fuzz: the engines, the readers, the certificate checkers and the C API, each from outside.
    "fuzz": {"core", "reference", "optimized", "api", "protocol", "certificate", "differential", "capi"},
    "properties": {"core", "reference", "optimized", "differential"},
    "formal": {"core", "reference", "optimized", "api", "differential"},  # spec_trace: the Coq rules' traces
    # The rules page generator (its worked examples are played on both engines).
    "docs/generator": {"core", "reference", "optimized", "api", "svg"},
    # Programs a user could write: the public headers only.
    "examples": {"core", "optimized", "api", "player", "capi"},
    "packaging": {"core", "reference", "optimized", "capi"},  # the installed package's consumers
    "scripts": {"capi"},  # perf-capi-games.c: the C API under perf
}
# Faces that reach the engines only through tanbo::api, by name: their files may not name an
# engine type or namespace.
FACES = ("cli", "capi", "python/src", "js/src")
ENGINE_TYPE = re.compile(r"optimized::|reference::|Game19|Board19|BasicBoard|BasicGame")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = (".cpp", ".hpp", ".h", ".c")
# Folders never read: build trees, hidden folders, installed packages, test folders.
SKIPPED = re.compile(r"^(\.|build|_skbuild$|node_modules$|__pycache__$|tests$)")


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
            dirs[:] = [d for d in dirs if not SKIPPED.match(d)]
            for name in files:
                if not name.endswith(SOURCES):
                    continue
                path = os.path.join(base, name)
                rel = os.path.relpath(path, src)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if folder in FACES:
                    for number, line in enumerate(text.splitlines(), 1):
                        if m := ENGINE_TYPE.search(line):
                            out.append(f"{rel}:{number}: names the engine type \"{m.group(0)}\"; "
                                       f"{folder} reaches the engines through tanbo::api only")
                for inc in INCLUDE.findall(text):
                    lib = library(inc)
                    if lib is None:
                        if "/" in inc or not os.path.exists(os.path.join(base, inc)):
                            out.append(f"{rel}: includes \"{inc}\", not a file of its own folder")
                    elif lib not in allowed:
                        out.append(f"{rel}: includes \"{inc}\" ({lib}), but {folder} may include only "
                                   + ", ".join(sorted(allowed)))
    return out


def unmapped(src):
    """Folders holding C or C++ sources that no row of LAYERS covers (nor a parent's row)."""
    out = set()
    for base, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if not SKIPPED.match(d))
        rel = os.path.relpath(base, src).replace(os.sep, "/")
        if not any(name.endswith(SOURCES) for name in files):
            continue
        if not any(rel == folder or rel.startswith(folder + "/") for folder in LAYERS):
            out.add(rel)
    # Name the topmost uncovered folder once, not each of its subfolders.
    return [f"{rel}/: holds C or C++ sources, but check_layers.py's LAYERS has no row for it "
            "(add one, and to docs/design.md's Layers table)"
            for rel in sorted(out) if not any(rel.startswith(o + "/") for o in out)]


# A row of the table in docs/design.md's "Layers": | `folder/` | lib, lib, ... |
TABLE_ROW = re.compile(r"^\|\s*`([a-z/]+)/`\s*\|([^|]*)\|\s*$")


def table_problems(src):
    """Differences between LAYERS and the table of docs/design.md's "Layers" section."""
    with open(os.path.join(src, "docs", "design.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.find("\n## Layers\n")
    if start < 0:
        return ["docs/design.md: no \"## Layers\" section"]
    end = text.find("\n## ", start + 1)
    section = text[start:end if end >= 0 else len(text)]
    table = {}
    for line in section.splitlines():
        if m := TABLE_ROW.match(line):
            table[m.group(1)] = {lib.strip() for lib in m.group(2).split(",") if lib.strip()}
    out = []
    for folder in sorted(set(LAYERS) | set(table)):
        if folder not in table:
            out.append(f"docs/design.md: the Layers table has no row for {folder}/")
        elif folder not in LAYERS:
            out.append(f"docs/design.md: the Layers table has a row for {folder}/, which check_layers.py lacks")
        elif table[folder] != LAYERS[folder]:
            out.append(f"docs/design.md: the Layers table lets {folder}/ include "
                       + ", ".join(sorted(table[folder])) + "; check_layers.py: "
                       + ", ".join(sorted(LAYERS[folder])))
    return out


def check(src):
    return problems(src) + unmapped(src) + table_problems(src)


def selftest():
    """Plants each kind of defect in a scratch tree made of LAYERS and its table, and fails unless
    the check names it; the clean tree must pass."""
    def check_tree(root, files):
        table = "".join(f"| `{folder}/` | {', '.join(sorted(libs))} |\n" for folder, libs in LAYERS.items())
        files = {"docs/design.md": "# Design\n\n## Layers\n\n| folder | may include |\n|---|---|\n" + table,
                 "core/src/a.cpp": '#include "tanbo/core/b.hpp"\n', **files}
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        return check(root)
    cases = [
        ("a clean tree", {"optimized/tests/t.cpp": '#include "tanbo/cli/x.hpp"\n'}, None),
        ("a folder with C++ and no row", {"newpart/src/x.cpp": "int x;\n"}, "newpart/src/: holds C or C++"),
        ("a header in a folder with no row", {"docs/other/x.hpp": "int x;\n"}, "docs/other/: holds C or C++"),
        ("a source at the top level", {"x.c": "int x;\n"}, "./: holds C or C++"),
        ("an include from a layer above", {"core/src/c.cpp": '#include "tanbo/api/game.hpp"\n'},
         "core/src/c.cpp: includes \"tanbo/api/game.hpp\" (api)"),
        ("an engine type named in a face", {"capi/src/c.cpp": "// optimized::Game\n"}, "names the engine type"),
    ]
    failed = 0
    for what, files, expected in cases:
        with tempfile.TemporaryDirectory(prefix="check_layers-") as root:
            found = check_tree(root, files)
        ok = not found if expected is None else any(expected in p for p in found)
        print(f"{'ok' if ok else 'FAILED'}: {what}" + ("" if ok else f": got {found}"))
        failed += not ok
    return 1 if failed else 0


def main():
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    found = check(sys.argv[1])
    for p in found:
        print(p)
    if found:
        print(f"{len(found)} problem(s) break the layers of docs/design.md")
        return 1
    print("the includes follow the layers of docs/design.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
