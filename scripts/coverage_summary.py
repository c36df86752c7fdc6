#!/usr/bin/env python3
"""Per-folder line and branch coverage for scripts/coverage.sh, from `llvm-cov export` JSON.

Why not llvm-cov's own report: it counts a template's lines and branches in one instantiation,
the best, so a checker instantiated once per planted bug looks uncovered unless one engine type
carries every bug (and it counts a lambda's lines twice, in it and in its enclosing function);
it also counts conditions the compiler decided (`if constexpr`, a template's constant flag) as
branches never taken. Here each source line and each branch is one place in the source, as the
HTML report shows them: covered when any instantiation ran it (a branch direction: took it), and
a condition that ran (its coverage segment has a count) with neither direction counted is the
compiler's, not a branch.

usage: llvm-cov export ... | coverage_summary.py ROOT FOLDER... > summary
Prints "folder lines-covered/lines pct branches-covered/branches pct" per folder ("-" when no file
of the folder is in the binaries).
"""
import bisect
import json
import sys


def file_lines(f):
    """(covered, total) lines of one file from its merged segments, as llvm-cov counts a line."""
    by_line = {}
    for s in f["segments"]:
        by_line.setdefault(s[0], []).append(s)
    covered = total = 0
    wrapped = None  # the segment in effect where a line starts
    last = max(by_line) if by_line else 0
    for line in range(1, last + 1):
        segs = by_line.get(line, [])
        starts = [s for s in segs if s[3] and s[4] and not s[5]]  # has count, region entry, no gap
        skipped = bool(segs) and not segs[0][3] and segs[0][4]
        if not skipped and ((wrapped is not None and wrapped[3]) or starts):
            count = wrapped[2] if wrapped is not None else 0
            for s in starts:
                count = max(count, s[2])
            total += 1
            covered += count > 0
        if segs:
            wrapped = segs[-1]
    return covered, total


def file_branches(f):
    """(covered, total) branch directions of one file, merged over instantiations."""
    segments = sorted((s[0], s[1], s[2]) for s in f["segments"])
    keys = [(s[0], s[1]) for s in segments]
    places = {}
    for b in f["branches"]:
        place = tuple(b[0:4])
        taken, not_taken = places.get(place, (False, False))
        places[place] = (taken or b[4] > 0, not_taken or b[5] > 0)
    covered = total = 0
    for (line, col, _, _), (taken, not_taken) in places.items():
        if not taken and not not_taken:
            i = bisect.bisect_right(keys, (line, col)) - 1
            if i >= 0 and segments[i][2] > 0:
                continue  # evaluated, never counted: decided at compile time
        total += 2
        covered += taken + not_taken
    return covered, total


def main():
    root, folders = sys.argv[1].rstrip("/") + "/", sys.argv[2:]
    data = json.load(sys.stdin)["data"][0]["files"]
    for folder in folders:
        lines = [0, 0]
        branches = [0, 0]
        seen = False
        for f in data:
            if not f["filename"].startswith(root + folder + "/"):
                continue
            seen = True
            c, t = file_lines(f)
            lines[0] += c
            lines[1] += t
            c, t = file_branches(f)
            branches[0] += c
            branches[1] += t
        if not seen:
            print(f"{folder + '/':<12} {'- (not in the binary)':>22} {'-':>22}")
            continue
        lp = 100 * lines[0] / lines[1] if lines[1] else 100
        bp = 100 * branches[0] / branches[1] if branches[1] else 100
        print(f"{folder + '/':<12} {lines[0]:8d}/{lines[1]:<7d} {lp:5.1f}% {branches[0]:8d}/{branches[1]:<7d} {bp:5.1f}%")


if __name__ == "__main__":
    main()
