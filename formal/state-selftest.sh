#!/usr/bin/env bash
# Shows that the state check bites: every check below plants one fault in the optimized
# engine's dumped state (an I line of `tanbo_spec_trace --engine optimized-state`) and passes
# only if tanbo-state-check reports it (exit 1, "difference at line L").
#   state-selftest.sh TRACE_TOOL STATE_CHECK
set -uo pipefail
trace=$1 check=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_state_selftest_XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0 checks=0
bad() { echo "state-selftest: NOT CAUGHT: $*" >&2; failures=$((failures + 1)); }

# The base: one random lattice-5 game (it ends by a removal).
base="$work/base.trace"
"$trace" --engine optimized-state --random 1 --seed 7 --variant lattice-5 >"$base" || { echo "state-selftest: trace tool failed" >&2; exit 2; }
"$check" "$base" >/dev/null || { echo "state-selftest: the base trace does not check" >&2; exit 2; }
# The I line of the third position: stones of both sides, two roots each.
line=$(awk '$1 == "I" { if (++k == 3) { print NR; exit } }' "$base")
[ -n "$line" ] || { echo "state-selftest: no I line" >&2; exit 2; }

# corrupt NAME FIELD AWK-STATEMENTS: rewrite one field (name=value) of that I line; the awk
# statements edit the array v of its ';'-separated entries (n of them, 1-based).
corrupt() {
  awk -v target="$line" -v field="$2" '
    NR == target {
      for (f = 4; f <= NF; ++f) {
        split($f, kv, "=")
        if (kv[1] != field) continue
        n = split(kv[2], v, ";")
        '"$3"'
        out = v[1]; for (i = 2; i <= n; ++i) out = out ";" v[i]
        $f = field "=" out
      }
    }
    { print }' "$base" >"$work/c.trace"
  cmp -s "$base" "$work/c.trace" && { echo "state-selftest: corruption '$1' changed nothing" >&2; exit 2; }
  checks=$((checks + 1))
  local out status
  out=$("$check" "$work/c.trace" 2>&1)
  status=$?
  if [ $status -ne 1 ] || ! grep -q "^difference at line" <<<"$out"; then bad "$1 (exit $status)"; fi
}
corrupt "a neighbour count off by one" words 'for (i = 1; i <= n; ++i) if (v[i] % 4 == 0) { v[i] += 4; break }'
corrupt "a neighbour XOR changed (lowest bit)" words 'for (i = 1; i <= n; ++i) if (int(v[i] / 4) % 8 == 1) { v[i] += int(v[i] / 32) % 2 == 0 ? 32 : -32; break }'
corrupt "a stone's content" words 'for (i = 1; i <= n; ++i) if (v[i] % 4 == 1) { v[i] += 1; break }'
corrupt "an off-by-one growth count" growth 'v[1] += 1'
corrupt "a root label pointing at an empty point" root 'for (i = 1; i <= n; ++i) if (v[i] != "-") { v[i] = (v[i] + 1) % n; break }'
corrupt "two stones' next_ links swapped" next 'for (i = 1; i <= n; ++i) if (v[i] != "-") { for (j = i + 1; j <= n; ++j) if (v[j] != "-") { t = v[i]; v[i] = v[j]; v[j] = t; break } break }'
corrupt "a legal point dropped" legal0 'n = n - 1'
corrupt "a legal point listed twice" legal0 'v[n] = v[1]'
corrupt "a wrong index in legal_pos" pos0 'for (i = 1; i <= n; ++i) v[i] = (v[i] + 1) % 7'
corrupt "a bit of the legal bitset dropped" bits1 'n = n - 1'
corrupt "a legal word count off by one" wc0 'v[1] += 1'
corrupt "a stone count off by one" stones 'split(v[1], s, ","); v[1] = (s[1] + 1) "," s[2]'
corrupt "a root count off by one" roots 'split(v[1], s, ","); v[1] = s[1] "," (s[2] + 1)'
# A stale root list after an undo: the base's first I line, with the next_ links of the I line
# after a move (the placed stone linked into its root) in place of its own.
checks=$((checks + 1))
first=$(awk '$1 == "I" { print NR; exit }' "$base")
later_next=$(awk -v t="$((first + 2))" 'NR == t { for (f = 4; f <= NF; ++f) if ($f ~ /^next=/) print $f }' "$base")
awk -v t="$first" -v nx="$later_next" 'NR == t { for (f = 4; f <= NF; ++f) if ($f ~ /^next=/) $f = nx } { print }' "$base" >"$work/c.trace"
if cmp -s "$base" "$work/c.trace"; then bad "stale root list (corruption changed nothing)"
elif "$check" "$work/c.trace" >/dev/null 2>&1; then bad "a stale root list after an undo"; fi
# No I line at all is no pass.
checks=$((checks + 1))
grep -v '^I ' "$base" >"$work/c.trace"
"$check" "$work/c.trace" >/dev/null 2>&1 && bad "a trace with no state"

if [ $failures -ne 0 ]; then
  echo "state-selftest: $failures of $checks planted faults were not caught" >&2
  exit 1
fi
echo "state-selftest: all $checks planted faults caught"
