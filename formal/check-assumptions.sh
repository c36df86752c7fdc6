#!/usr/bin/env bash
# Fails unless the Coq development is complete: no Admitted/admit/Axiom/Parameter/Conjecture in
# any .v file, and `Print Assumptions` of every Theorem, Lemma and Corollary in Rules.v, Refinement.v,
# Theorems.v, Openings.v, Certificate.v, KernelCheck.v and Lattice5.v (and Dense5.v when it is
# compiled) answers "Closed under the global context" (no axiom at all, not even a
# standard-library one), or lists only Coq's primitive 63-bit integers: the type
# PrimInt63.int and operations on it (PrimInt63.add, .land, ...), which Coq declares with
# `Primitive` and prints under "Axioms:". No property of them (Uint63.add_spec and the like, which
# are axioms) may appear.
# One `Print Assumptions` covers every theorem at once: it is asked of a tuple holding them all,
# whose assumptions are the union of theirs (Coq walks each constant once, where a question per
# theorem walked the shared lemmas again each time: 100 s of CPU for 259 theorems, against a few
# seconds). Only when the union holds something else does the script ask theorem by theorem, to
# name the ones that rest on it.
#   check-assumptions.sh [COQC] [DIR] [MODULES]    DIR holds the compiled .vo files (default: .);
#   MODULES (a space-separated list, default the one above) is for the planted-axiom test.
set -euo pipefail
coqc=${1:-coqc}
dir=${2:-.}
modules=${3:-"Rules Theorems Openings Refinement Certificate KernelCheck Lattice5"}
cd "$dir"
if grep -nwE 'Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture|Hypothesis|Hypotheses' ./*.v; then
  echo "check-assumptions: the lines above leave a proof open or add an axiom" >&2
  exit 1
fi
query=$(mktemp --suffix=.v "${TMPDIR:-/tmp}/tanbo_assumptions_XXXXXX")
trap 'rm -f "$query" "${query%.v}".vo* "${query%.v}".glob' EXIT
if [ -z "${3:-}" ] && [ -f Dense5.vo ]; then
  modules="$modules Dense5"
fi
names=()
for module in $modules; do
  for name in $(grep -hoE '^(Theorem|Lemma|Corollary) [A-Za-z0-9_]+' "$module.v" | awk '{print $2}'); do
    names+=("$module.$name")
  done
done
count=${#names[@]}
# An assumption line Coq may print: the primitive integers' type and their operations.
primitive_line='^PrimInt63\.(int : Set|[a-z]+ : PrimInt63\.int -> PrimInt63\.int -> (PrimInt63\.int|bool))$'

# Every theorem in one tuple, and its assumptions.
{
  echo "From Tanbo Require $modules."
  printf 'Definition tanbo_every_theorem := (tt'
  printf ', @%s' "${names[@]}"
  printf ').\nPrint Assumptions tanbo_every_theorem.\n'
} >"$query"
out=$("$coqc" -Q . Tanbo "$query")
header=$(grep -cE '^(Closed under the global context|Axioms:)$' <<<"$out" || true)
others=$(grep -vE "^(Closed under the global context|Axioms:)\$|$primitive_line" <<<"$out" || true)
if [ "$header" -eq 1 ] && [ -z "$others" ]; then
  primitives=$(grep -cE "$primitive_line" <<<"$out" || true)
  echo "check-assumptions: $count theorems and lemmas of $modules, no axiom: together they rest on" \
       "$primitives of Coq's primitive 63-bit integers (their type and operations) and nothing else"
  exit 0
fi

# Something else: name each theorem resting on it.
echo "$out" >&2
echo "From Tanbo Require $modules." >"$query"
printf 'Print Assumptions %s.\n' "${names[@]}" >>"$query"
out=$("$coqc" -Q . Tanbo "$query")
printf '%s\n' "${names[@]}" | awk -v pattern="$primitive_line" '
  NR == FNR { name[FNR] = $0; next }
  /^(Closed under the global context|Axioms:)$/ { n++; next }
  $0 !~ pattern && !seen[n]++ { print "check-assumptions: " name[n] " rests on " $0 }
' - <(echo "$out") >&2
echo "check-assumptions: $count theorems asked; their assumptions hold more than primitive integers: ${others:-an unreadable answer}" >&2
exit 1
