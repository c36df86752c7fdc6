#!/usr/bin/env bash
# Shows check-assumptions.sh bites: a lemma proved from classical logic (an axiom of Coq's
# standard library, which no grep for `Axiom` in our files sees) beside Rules.v must make it fail
# and name that lemma and the axiom.
#   assumptions-selftest.sh COQC DIR    DIR holds the compiled proofs (Rules.vo)
set -euo pipefail
coqc=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_assumptions_selftest_XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$dir/Rules.v" "$dir/Rules.vo" "$work/"
cat >"$work/Planted.v" <<'COQ'
From Coq Require Import Classical.
From Tanbo Require Import Rules.
Lemma planted_excluded_middle : forall P : Prop, P \/ ~ P.
Proof. exact classic. Qed.
COQ
(cd "$work" && "$coqc" -Q . Tanbo Planted.v)
if out=$("$here/check-assumptions.sh" "$coqc" "$work" "Rules Planted" 2>&1); then
  echo "$out"
  echo "assumptions-selftest: the check passed a lemma resting on classical logic" >&2
  exit 1
fi
want="check-assumptions: Planted.planted_excluded_middle rests on Classical_Prop.classic"
if ! grep -qF "$want" <<<"$out"; then
  echo "$out"
  echo "assumptions-selftest: the check failed without the line \"$want\"" >&2
  exit 1
fi
echo "assumptions-selftest: the planted axiom was caught and named"
