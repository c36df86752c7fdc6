#!/usr/bin/env bash
# Fails unless the Coq development is complete: no Admitted/admit/Axiom/Parameter/Conjecture in
# any .v file, and `Print Assumptions` of every Theorem, Lemma and Corollary in Rules.v, Refinement.v,
# Theorems.v, Openings.v and Certificate.v
# answers "Closed under the global context" (no axiom at all, not even a standard-library one).
#   check-assumptions.sh [COQC] [DIR]    DIR holds the compiled .vo files (default: .)
set -euo pipefail
coqc=${1:-coqc}
dir=${2:-.}
cd "$dir"
if grep -nwE 'Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture|Hypothesis|Hypotheses' ./*.v; then
  echo "check-assumptions: the lines above leave a proof open or add an axiom" >&2
  exit 1
fi
query=$(mktemp --suffix=.v "${TMPDIR:-/tmp}/tanbo_assumptions_XXXXXX")
trap 'rm -f "$query" "${query%.v}".vo* "${query%.v}".glob' EXIT
echo 'From Tanbo Require Rules Theorems Openings Refinement Certificate.' >"$query"
count=0
for module in Rules Theorems Openings Refinement Certificate; do
  for name in $(grep -hoE '^(Theorem|Lemma|Corollary) [A-Za-z0-9_]+' "$module.v" | awk '{print $2}'); do
    printf 'Print Assumptions %s.%s.\n' "$module" "$name" >>"$query"
    count=$((count + 1))
  done
done
out=$("$coqc" -Q . Tanbo "$query")
closed=$(grep -c "Closed under the global context" <<<"$out" || true)
if [ "$closed" -ne "$count" ]; then
  echo "$out" | grep -v "Closed under the global context" >&2
  echo "check-assumptions: $((count - closed)) of $count theorems rest on the assumptions above" >&2
  exit 1
fi
echo "check-assumptions: all $count theorems and lemmas are closed under the global context (no axioms)"
