#!/usr/bin/env bash
# Regenerates the test certificates of formal/test-certificates/ (judged by certcheck-test.sh) with
# tanbo-certgen (the certificates of two small starts, and damaged copies of the 3x3 one), adding
# the sha256 line tanbo-certgen leaves out. Run by hand after changing tanbo-certgen:
#   make-test-certificates.sh TANBO_CERTGEN [OUT_DIR]    (OUT_DIR default: formal/test-certificates)
set -euo pipefail
gen=${1:?usage: make-test-certificates.sh TANBO_CERTGEN [OUT_DIR]}
out=${2:-$(dirname "$0")/test-certificates}
mkdir -p "$out"
seal() {  # appends the sha256 line of every byte before it (docs/certificates.md)
  local body
  body=$(mktemp)
  cat >"$body"
  { cat "$body"; echo "sha256 $(sha256sum "$body" | cut -c1-64)"; } >"$1"
  rm -f "$body"
}
"$gen" "XO1/3/O1X X" 3 "XO....O.X" X | seal "$out/xo3.cert"
"$gen" "X2O/4/4/O2X X" 4 "X..O........O..X" X | seal "$out/x2o4.cert"
for damage in illegal-move missing-reply missing-result lost-leaf out-of-order wrong-last-line \
              duplicate missing-move wrong-count; do
  "$gen" "XO1/3/O1X X" 3 "XO....O.X" X --damage "$damage" | seal "$out/xo3-$damage.cert"
done
