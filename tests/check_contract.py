#!/usr/bin/env python3
"""Fails when a public symbol of tanbo has no entry in differential/CONTRACT.md.

The public symbols are read by Doxygen (XML output) from the public headers of core, reference,
optimized and the C API: public functions and operators of every class, namespace-scope
functions, variables, typedefs and concepts of namespace tanbo (not tanbo::detail), the C API's
functions (macros are not API to list: the version macros are checked with version()). Each
must have a row in differential/CONTRACT.md naming the test
that checks it; each test named there must exist (a Catch2 test case in core/tests/, reference/tests/, optimized/tests/, capi/tests/, api/tests/ (or env/, player/, protocol/, svg/tests/) or
properties/, matched by the start of its name, or an existing file path). Stale rows (symbols
that no longer exist) fail too, so the list stays exact.

Usage: check_contract.py SOURCE_DIR [DOXYGEN]        (exit 0: complete; 1: gaps, listed)
       check_contract.py SOURCE_DIR [DOXYGEN] --list (print the public symbols, one a line)
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HEADERS = ["core/include", "reference/include", "optimized/include", "capi/include"]
KINDS = {"function", "friend", "typedef", "variable"}


def public_symbols(src, doxygen):
    """Qualified names of the public symbols, from Doxygen's XML of the public headers."""
    with tempfile.TemporaryDirectory() as tmp:
        inputs = " ".join(os.path.join(src, h) for h in HEADERS)
        config = (f"INPUT = {inputs}\nFILE_PATTERNS = *.hpp *.h *.hpp.in\nEXTENSION_MAPPING = in=C++\n"
                  "RECURSIVE = YES\nEXTRACT_ALL = YES\nEXTRACT_PRIVATE = NO\nEXTRACT_STATIC = YES\n"
                  "GENERATE_HTML = NO\nGENERATE_LATEX = NO\nGENERATE_XML = YES\n"
                  f"XML_OUTPUT = {tmp}/xml\nQUIET = YES\nWARNINGS = NO\nWARN_LOGFILE = {tmp}/warn\n")
        subprocess.run([doxygen, "-"], input=config, text=True, check=True, cwd=tmp,
                       stdout=subprocess.DEVNULL)
        index = ET.parse(f"{tmp}/xml/index.xml").getroot()
        symbols = set()
        for compound in index.findall("compound"):
            kind, name = compound.get("kind"), compound.find("name").text
            if name.startswith("std") or "::detail" in name:
                continue
            if kind == "concept":
                symbols.add(name)
                continue
            if kind not in ("class", "struct", "namespace", "file"):
                continue
            tree = ET.parse(f"{tmp}/xml/{compound.get('refid')}.xml").getroot()
            for member in tree.iter("memberdef"):
                mkind = member.get("kind")
                if mkind not in KINDS or member.get("prot") != "public":
                    continue
                if kind in ("class", "struct") and mkind in ("variable", "typedef"):
                    continue  # data members and member types are not functions
                if kind == "file" and mkind in ("typedef", "variable"):
                    continue  # the C API's type names
                if kind == "file" and mkind == "function" and not name.endswith(".h"):
                    continue  # C++ namespace functions are listed under their namespace
                mname = member.find("name").text
                if "detail::" in mname:
                    continue  # a friend in tanbo::detail (a test's way in), not public API
                symbols.add(mname if kind == "file" else f"{name}::{mname}")
        return symbols


def test_names(src):
    """Names of the Catch2 test cases (adjacent string literals joined)."""
    names = []
    pattern = re.compile(r'\b(?:TEMPLATE_)?TEST_CASE(?:_SIG)?\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)')
    for folder in ("core/tests", "reference/tests", "optimized/tests", "capi/tests", "properties", "api/tests",
                   "env/tests", "player/tests", "protocol/tests", "svg/tests"):
        root = os.path.join(src, folder)
        for base, _, files in os.walk(root):
            for f in files:
                if f.endswith((".cpp", ".hpp")):
                    text = open(os.path.join(base, f), encoding="utf-8").read()
                    for m in pattern.finditer(text):
                        names.append("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))))
    return names


def contract_rows(src):
    """symbol -> list of checks, from the table rows of differential/CONTRACT.md."""
    rows = {}
    for line in open(os.path.join(src, "differential/CONTRACT.md"), encoding="utf-8"):
        m = re.match(r"\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|", line)
        if m:
            rows[m.group(1)] = [c.strip().strip("`\"") for c in m.group(3).split(";") if c.strip()]
    return rows


def main():
    src = os.path.abspath(sys.argv[1])
    doxygen = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "--list" else "doxygen"
    symbols = public_symbols(src, doxygen)
    if "--list" in sys.argv:
        print("\n".join(sorted(symbols)))
        return 0
    rows = contract_rows(src)
    names = test_names(src)
    problems = []
    for s in sorted(symbols - rows.keys()):
        problems.append(f"public symbol without an entry in differential/CONTRACT.md: {s}")
    for s in sorted(rows.keys() - symbols):
        problems.append(f"differential/CONTRACT.md lists {s}, which is not a public symbol (stale row?)")
    for s, checks in sorted(rows.items()):
        if not checks:
            problems.append(f"differential/CONTRACT.md: {s} names no check")
        for c in checks:
            if not os.path.exists(os.path.join(src, c)) and not any(n.startswith(c) for n in names):
                problems.append(f"differential/CONTRACT.md: the check '{c}' for {s} is no test case or file")
    for p in problems:
        print(p)
    print(f"contract list: {len(symbols)} public symbols, {len(rows)} rows, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
