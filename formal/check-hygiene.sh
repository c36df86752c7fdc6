#!/usr/bin/env bash
# Keeps the proofs robust to Coq upgrades: compiles every .v file of _CoqProject in a scratch folder
# with `-set "Mangle Names"` (a proof that refers to a hypothesis by an auto-generated name such
# as H0 fails to compile, since such names change between Coq versions) and `-w +deprecated`
# (using a deprecated library name is an error, not a warning).
#   check-hygiene.sh [COQC] [SOURCE_DIR]
set -euo pipefail
coqc=${1:-coqc}
src=${2:-$(dirname "$0")}
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_hygiene_XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/oracle"
files=$(grep -E '\.v$' "$src/_CoqProject")   # every file, in dependency order
for v in $files; do cp "$src/$v" "$work/"; done
cd "$work"
for v in $files; do
  if ! "$coqc" -Q . Tanbo -set "Mangle Names" -w +deprecated "$v"; then
    echo "check-hygiene: $v does not compile with -set \"Mangle Names\" -w +deprecated" >&2
    exit 1
  fi
done
echo "check-hygiene:" $files "compile with Mangle Names and no deprecated name"
