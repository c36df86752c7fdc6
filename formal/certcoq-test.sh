#!/usr/bin/env bash
# Fails unless the Coq term a kernel theorem was checked on was written from the committed
# certificate: the line count and SHA-256 that tanbo-certcoq states in the generated file's first
# lines (source-lines, source-sha256) must be those of the decompressed certificate. Then plants a
# wrong hash in a copy and passes only if the comparison catches it.
#   certcoq-test.sh DATA.v CERTIFICATE.cert.xz
set -euo pipefail
data=$1
cert=$2
stated() { sed -n "s/^(\* source-$2 \([0-9a-f]*\) \*)\$/\1/p" "$1"; }
lines=$(xz -dc "$cert" | wc -l)
sha=$(xz -dc "$cert" | sha256sum | cut -d' ' -f1)
compare() {
  local got_lines got_sha
  got_lines=$(stated "$1" lines)
  got_sha=$(stated "$1" sha256)
  [ -n "$got_lines" ] && [ "$got_lines" = "$lines" ] && [ "$got_sha" = "$sha" ]
}
if ! compare "$data"; then
  echo "certcoq-test: $data states $(stated "$data" lines) lines, sha256 $(stated "$data" sha256);" \
       "$cert has $lines lines, sha256 $sha" >&2
  exit 1
fi
planted=$(mktemp "${TMPDIR:-/tmp}/tanbo_certcoq_XXXXXX")
trap 'rm -f "$planted"' EXIT
sed "s/^(\* source-sha256 \(.*\).\( \*)\)\$/(* source-sha256 \1x\2/" "$data" >"$planted"
if compare "$planted"; then
  echo "certcoq-test: a planted wrong sha256 was not caught" >&2
  exit 1
fi
echo "certcoq-test: $(basename "$data") is $(basename "$cert"): $lines lines, sha256 $sha"
