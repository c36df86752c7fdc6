#!/usr/bin/env bash
# Fails unless the Coq development is complete: no Admitted/admit/Axiom/Parameter/Conjecture in
# any .v file, and `Print Assumptions` of every Theorem, Lemma and Corollary in Rules.v, Refinement.v,
# Theorems.v, Openings.v, Certificate.v, KernelCheck.v and Lattice5.v (and Dense5.v when it is
# compiled) answers "Closed under the global context" (no axiom at all, not even a
# standard-library one), or lists only Coq's primitive 63-bit integers: the type
# PrimInt63.int and operations on it (PrimInt63.add, .land, ...), which Coq declares with
# `Primitive` and prints under "Axioms:". No property of them (Uint63.add_spec and the like, which
# are axioms) may appear.
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
modules="Rules Theorems Openings Refinement Certificate KernelCheck Lattice5"
if [ -f Dense5.vo ]; then
  modules="$modules Dense5"
fi
echo "From Tanbo Require $modules." >"$query"
count=0
for module in $modules; do
  for name in $(grep -hoE '^(Theorem|Lemma|Corollary) [A-Za-z0-9_]+' "$module.v" | awk '{print $2}'); do
    printf 'Print Assumptions %s.%s.\n' "$module" "$name" >>"$query"
    count=$((count + 1))
  done
done
out=$("$coqc" -Q . Tanbo "$query")
# One answer per theorem: "Closed under the global context", or "Axioms:" and one line per
# assumption (each of these fits one line). Every assumption must be a primitive-integer one.
answers=$(grep -cE '^(Closed under the global context|Axioms:)$' <<<"$out" || true)
primitive=$(grep -cE '^Axioms:$' <<<"$out" || true)
others=$(grep -vE '^(Closed under the global context|Axioms:|PrimInt63\.(int : Set|[a-z]+ : PrimInt63\.int -> PrimInt63\.int -> (PrimInt63\.int|bool)))$' <<<"$out" || true)
if [ "$answers" -ne "$count" ] || [ -n "$others" ]; then
  echo "$out" >&2
  echo "check-assumptions: $count theorems asked, $answers answers; assumptions other than primitive integers: ${others:-none}" >&2
  exit 1
fi
echo "check-assumptions: $count theorems and lemmas, no axiom: $((count - primitive)) closed under the global" \
     "context, $primitive resting only on Coq's primitive 63-bit integers (their type and operations)"
