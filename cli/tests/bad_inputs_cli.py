"""The CLI face of the bad-input table (api/tests/bad_inputs.tsv, columns described there).

The CLI reads records (`tanbo replay`), starts (--variant, --position), engine names (--engine)
and perft depths; every row of those kinds is run through it. A record or position-string problem
is bad input (exit status 1); a bad --variant, --engine or DEPTH is a bad command line (exit
status 2). The message (stderr) must contain the row's core. Other rows are skipped (the CLI has no such input).
Usage: bad_inputs_cli.py <tanbo executable> <bad_inputs.tsv>
"""

import re
import subprocess
import sys


def unescape(s):
    return s.replace("\\n", "\n").replace("\\t", "\t")


def main():
    tanbo, table = sys.argv[1], sys.argv[2]
    failures, checked = [], 0
    with open(table, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            continue
        op, start, moves, arg, want, core, at = line.split("\t")
        if not arg.startswith(("s:", "i:")) or "\\u" in arg or want == "TypeError":
            continue
        value = unescape(arg[2:])
        stdin = ""
        if op == "record":
            command, stdin, status = [tanbo, "replay"], value, 1
        elif op == "start":
            # A variant name (letters, digits and '-', as tanbo::api::read_start tells them
            # apart) or a position string: both are command-line options.
            # A bad variant name is a bad command line (2); a bad position string is bad input
            # (1), like a bad record.
            variant = re.fullmatch(r"[A-Za-z0-9-]*", value)
            command = [tanbo, "perft", "0", "--variant" if variant else "--position", value]
            status = 2 if variant else 1
        elif op == "engine":
            command, status = [tanbo, "perft", "0", "--variant", "lattice-5", "--engine", value], 2
        elif op == "perft":
            command, status = [tanbo, "perft", value, "--variant", start], 2
        else:
            continue
        checked += 1
        try:
            r = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=20)
        except subprocess.TimeoutExpired:
            failures.append(f"bad_inputs.tsv:{number}: {' '.join(command[1:])}: still running after 20 s")
            continue
        located = "" if at == "-" else f":{at}: "
        if r.returncode != status or (core != "-" and core not in r.stderr) or located not in r.stderr:
            failures.append(f"bad_inputs.tsv:{number}: {' '.join(command[1:])}: exit {r.returncode}, "
                            f"stderr {r.stderr.strip()!r}; want exit {status} with {core!r}")
    for f in failures:
        print(f, file=sys.stderr)
    print(f"CLI face: {checked} rows checked, {len(failures)} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
