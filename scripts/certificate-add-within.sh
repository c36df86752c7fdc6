#!/usr/bin/env bash
# Adds the line `within D` to a committed certificate (.cert.xz) that has none, after its
# `prover` line, and reseals it: the sha256 line is recomputed over the new bytes before it, the
# position lines are left as they are, and the file is recompressed with `xz -9` (as
# solve/solved_starts/ holds them). For certificates too large to write again by solving
# (dense-5); `tanbo solve --check` then checks the result, the within line included.
#   scripts/certificate-add-within.sh FILE.cert.xz D
set -euo pipefail
file=${1:?usage: certificate-add-within.sh FILE.cert.xz D}
depth=${2:?usage: certificate-add-within.sh FILE.cert.xz D}
[[ $depth =~ ^(0|[1-9][0-9]*)$ ]] || { echo "certificate-add-within: D must be a number without sign or leading zero" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_within_XXXXXX")
trap 'rm -rf "$work"' EXIT
xz -dc "$file" >"$work/old.cert"
[[ $(sed -n 4p "$work/old.cert") =~ ^prover\ [XO]$ && $(sed -n 5p "$work/old.cert") == positions\ * ]] ||
  { echo "certificate-add-within: $file has no 'prover' line 4 followed by 'positions' (a within line already?)" >&2; exit 1; }
# The header to line 4, the within line, then every line but the old sha256 line.
{ head -n 4 "$work/old.cert"; echo "within $depth"; tail -n +5 "$work/old.cert" | head -n -1; } >"$work/body"
{ cat "$work/body"; echo "sha256 $(sha256sum <"$work/body" | cut -c1-64)"; } >"$work/new.cert"
# The position lines are the old ones, byte for byte.
cmp -s <(tail -n +6 "$work/old.cert" | head -n -1) <(tail -n +7 "$work/new.cert" | head -n -1) ||
  { echo "certificate-add-within: the position lines changed (a bug of this script)" >&2; exit 1; }
xz -9 <"$work/new.cert" >"$work/new.cert.xz"
mv "$work/new.cert.xz" "$file"
echo "$file: within $depth; sha256 line $(tail -n 1 "$work/new.cert" | cut -c8-); file sha256 $(sha256sum <"$work/new.cert" | cut -c1-64)"
