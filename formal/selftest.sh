#!/usr/bin/env bash
# Shows that the third-oracle pipeline bites: every check below plants one fault and passes only
# if it is caught.   selftest.sh TRACE_TOOL SPEC_TOOL COMPARE_SCRIPT
#  - compare.sh fails when the trace tool fails (exits 2, writes nothing) or the counts change;
#  - tanbo-spec rejects negative and off-board points (exit 2);
#  - `tanbo-spec check` reports a difference (exit 1, "difference at line L") for a trace with
#    any one field of a P line (cells, side, winner, legal set) or of an M line (point, removal
#    kind, removed stones, after) corrupted, a move not among the legal moves, and a dropped M
#    line (the next P line is then reached by no move), and a named variant's start that is not
#    the opening Openings.v defines;
#  - same-trace.sh fails when the two engines' traces differ in one line.
set -uo pipefail
trace=$1 spec=$2 compare=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_selftest_XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0 checks=0
bad() { echo "selftest: NOT CAUGHT: $*" >&2; failures=$((failures + 1)); }

# 1. compare.sh: a trace tool that exits 2 with no output; a pinned count that is wrong.
checks=$((checks + 1))
if "$compare" "$trace" "$spec" 1 458 674 --no-such-mode >/dev/null 2>&1; then bad "a trace tool exiting 2"; fi
checks=$((checks + 1))
if "$compare" "$trace" "$spec" 1 458 675 --complete "XO1/3/O1X X" >/dev/null 2>&1; then bad "a wrong move count"; fi
checks=$((checks + 1))
"$compare" "$trace" "$spec" 1 458 674 --complete "XO1/3/O1X X" >/dev/null 2>&1 || bad "(control) the right counts fail"

# 2. Off-board and negative points.
for p in -1,0 0,-1 3,0 0,3 1,x; do
  checks=$((checks + 1))
  "$spec" replay 3 X...O.... X "$p" >/dev/null 2>&1
  [ $? -eq 2 ] || bad "replay of point $p on 3x3 is not rejected"
done

# 3. Corrupted traces. The base: one random lattice-5 game (it ends, so it has removals).
base="$work/base.trace"
"$trace" --random 1 --seed 7 --variant lattice-5 >"$base" || { echo "selftest: trace tool failed" >&2; exit 2; }
"$spec" check "$base" >/dev/null || { echo "selftest: the base trace does not check" >&2; exit 2; }
# expect_difference NAME FILE: tanbo-spec must exit 1 and name a line.
expect_difference() {
  checks=$((checks + 1))
  local out status
  out=$("$spec" check "$2" 2>&1)
  status=$?
  if [ $status -ne 1 ] || ! grep -q "^difference at line" <<<"$out"; then bad "$1 (exit $status)"; fi
}
# corrupt NAME LINE AWK-PROGRAM: rewrite line LINE of the base with the awk program ($0 is it).
corrupt() {
  awk -v target="$2" "NR == target { $3 } { print }" "$base" >"$work/c.trace"
  cmp -s "$base" "$work/c.trace" && { echo "selftest: corruption '$1' changed nothing" >&2; exit 2; }
  expect_difference "$1" "$work/c.trace"
}
# Lines to corrupt: a P line that is not the start, has no winner and 2+ legal moves; an M line
# that removes stones (there is always one: a game ends by a removal).
p_line=$(awk '$1 == "P" && NR > 2 && $5 == "winner=-" && $6 ~ /;/ { print NR; exit }' "$base")
m_line=$(awk '$1 == "M" && $3 != "removal=none" { print NR; exit }' "$base")
plain_m=$(awk '$1 == "M" && $3 == "removal=none" && NR > 2 { print NR; exit }' "$base")
[ -n "$p_line" ] && [ -n "$m_line" ] && [ -n "$plain_m" ] || { echo "selftest: no line to corrupt" >&2; exit 2; }
corrupt "P cells" "$p_line" 'sub(/\./, "X", $3)'
corrupt "P side" "$p_line" '$4 = ($4 == "X" ? "O" : "X")'
corrupt "P winner" "$p_line" '$5 = "winner=X"'
corrupt "P legal set" "$p_line" 'sub(/;[0-9]+,[0-9]+$/, "", $6)'
corrupt "M point" "$m_line" 'split($2, a, ","); $2 = a[2] "," a[1]'
corrupt "M removal kind" "$m_line" '$3 = "removal=none"'
corrupt "M removal kind (expanded/bounded)" "$m_line" '$3 = ($3 == "removal=expanded" ? "removal=bounded" : "removal=expanded")'
corrupt "M removal kind (none)" "$plain_m" '$3 = "removal=bounded"'
corrupt "M removed stones" "$m_line" 'sub(/^removed=[0-9]+,[0-9]+;?/, "removed=", $4)'
corrupt "M after" "$m_line" 'sub(/\./, "X", $5)'
corrupt "M side after" "$m_line" '$6 = ($6 == "X" ? "O" : "X")'
# A move not among the legal moves of the position before it (an occupied point).
occupied=$(awk -v t="$p_line" 'NR == t { n = $2; i = index($3, "X") - 1; print (i % n) "," int(i / n); exit }' "$base")
corrupt "a move to an occupied point" "$((p_line + 1))" "\$2 = \"$occupied\""
# A named variant's start that is not its opening (Openings.v).
corrupt "the start of a lattice-5 game" 2 'sub(/\./, "X", $3)'
# A dropped M line: the P line after it is reached by no move.
awk -v t="$plain_m" 'NR != t { print }' "$base" >"$work/c.trace"
expect_difference "a dropped M line" "$work/c.trace"
# An empty trace is no pass.
checks=$((checks + 1))
: >"$work/empty.trace"
"$spec" check "$work/empty.trace" >/dev/null 2>&1 && bad "an empty trace"
# same-trace.sh: one engine's trace differing in one move (a wrapper rewrites the reference
# engine's trace), and the control (the real traces agree).
same="$(dirname "$0")/same-trace.sh"
cat >"$work/skewed-trace" <<EOF
#!/usr/bin/env bash
if [ "\$2" = reference ]; then "$trace" "\$@" | sed '3s/removal=none/removal=bounded/'; else "$trace" "\$@"; fi
EOF
chmod +x "$work/skewed-trace"
checks=$((checks + 1))
"$same" "$work/skewed-trace" --random 1 --seed 5 --variant lattice-5 >/dev/null 2>&1 && bad "engines whose traces differ"
checks=$((checks + 1))
"$same" "$trace" --random 1 --seed 5 --variant lattice-5 >/dev/null 2>&1 || bad "(control) the same traces differ"

if [ $failures -ne 0 ]; then
  echo "selftest: $failures of $checks planted faults were not caught" >&2
  exit 1
fi
echo "selftest: all $checks planted faults caught"
