#!/usr/bin/env python3
"""Keeps differential/PLANTED.md the one catalog of planted bugs: every planted bug the project defines
is named there (engine wrappers, source mutants, the protocol engine's and the session fuzz
target's plants, the brute-force solver's), every wrapper is caught by some test, and every
name and path the catalog gives exists. usage: check_planted.py PROJECT_ROOT"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
catalog = (root / "differential/PLANTED.md").read_text()
named = set(re.findall(r"`([^`]+)`", catalog))
problems = []


def read(path):
    return (root / path).read_text()


def need(names, where):
    for n in sorted(names):
        if n not in named:
            problems.append(f"{where}: {n} is not in differential/PLANTED.md")


# Engine wrappers: every struct of planted/*.hpp that no other derives from (those are bases).
headers = "".join(p.read_text() for p in sorted((root / "differential/tests/planted/tanbo/differential/planted").glob("*.hpp")))
structs = set(re.findall(r"^struct (\w+)", headers, re.M))
bases = set(re.findall(r"^struct \w+ : (\w+)<", headers, re.M)) | {"Only"}
wrappers = structs - bases
need(wrappers, "differential/tests/planted/tanbo/differential/planted")
tests = "".join(p.read_text() for d in ("differential/tests", "properties") for p in sorted((root / d).glob("*.cpp")))
for w in sorted(wrappers):
    if not re.search(rf"\b{w}\b", tests):
        problems.append(f"planted wrapper {w} is used by no test in differential/tests or properties/")
for n in sorted(named):
    if re.fullmatch(r"[A-Z][A-Za-z0-9]+", n) and n not in structs and n not in read("solve/tests/brute_force_negamax.hpp"):
        problems.append(f"differential/PLANTED.md names {n}, which no planted header or brute force defines")

# Source mutants, the protocol engine's kinds, the brute force's bugs, the session fuzz plants.
need({p.stem for p in (root / "mutation/mutants").glob("*.mutant")}, "mutation/mutants")
kinds = re.search(r"PLANTS = \[([^\]]*)\]", read("conformance/tests/foreign_engine.py"), re.S).group(1)
need(set(re.findall(r'"([^"]+)"', kinds)), "foreign_engine.py PLANTS")
brute = re.search(r"enum class BruteBug \{([^}]*)\}", read("solve/tests/brute_force_negamax.hpp")).group(1)
need({b.strip() for b in brute.split(",")} - {"None"}, "solve/tests/brute_force_negamax.hpp BruteBug")
for k, what in re.findall(r'"(\d);([^"]+)"', read("fuzz/CMakeLists.txt")):
    if f"{k} {what}" not in catalog:
        problems.append(f"fuzz_session plant {k} ({what}) is not in differential/PLANTED.md")

# Every path the catalog names exists.
for n in sorted(named):
    path = n.split(" ")[0]
    if "/" in path and not (root / path).exists() and not (root / "differential/tests/planted/tanbo/differential" / path).exists():
        problems.append(f"differential/PLANTED.md names {path}, which does not exist")

print("\n".join(problems) or f"differential/PLANTED.md lists every planted bug ({len(wrappers)} wrappers)")
sys.exit(1 if problems else 0)
