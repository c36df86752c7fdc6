#!/usr/bin/env bash
# The CTest test of tanbo-certcheck (the extracted checker of Certificate.v): it must accept the
# test certificates of formal/test-certificates/ (make-test-certificates.sh), refuse each
# damaged copy (exit 1) and each malformed variant made here from xo3.cert (exit 2), every time
# with exactly the pinned message. A checker that accepts a damaged certificate is the worst bug a
# certificate checker can have, so each damage is planted and must be caught.
#   certcheck-test.sh TANBO_CERTCHECK CERT_DIR
set -euo pipefail
check=${1:?usage: certcheck-test.sh TANBO_CERTCHECK CERT_DIR}
dir=${2:?usage: certcheck-test.sh TANBO_CERTCHECK CERT_DIR}
work=$(mktemp -d "${TMPDIR:-/tmp}/tanbo_certcheck_XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0 cases=0
expect() {  # expect FILE STATUS MESSAGE: the exit status and the whole output (stdout + stderr)
  local file=$1 status=$2 message=$3 got rc
  cases=$((cases + 1))
  set +e
  got=$("$check" "$file" 2>&1)
  rc=$?
  set -e
  if [ "$rc" != "$status" ] || [ "$got" != "$message" ]; then
    echo "FAIL $(basename "$file"): expected exit $status and: $message" >&2
    echo "     got exit $rc and: $got" >&2
    failures=$((failures + 1))
  fi
}
# Accepted.
expect "$dir/xo3.cert" 0 "accepted: O wins XO1/3/O1X X within 9 plies (38 positions)"
expect "$dir/x2o4.cert" 0 "accepted: O wins X2O/4/4/O2X X within 21 plies (2547 positions)"
# The optional `within` line: the certified depth (9 plies for xo3) must not exceed it.
expect "$dir/xo3-within-9.cert" 0 "accepted: O wins XO1/3/O1X X within 9 plies (38 positions)"
expect "$dir/xo3-within-8.cert" 1 "refused: line 5: the strategy needs 9 plies, more than 'within 8'"
# Damaged (tanbo-certgen --damage): refused at the first line that does not hold.
expect "$dir/xo3-illegal-move.cert" 1 "refused: line 8: the prover's move 0,0 is not legal"
expect "$dir/xo3-missing-reply.cert" 1 "refused: line 6: the position after the opponent's move 1,1 is on no earlier line"
expect "$dir/xo3-missing-result.cert" 1 "refused: line 7: the position after the prover's move 1,0 is on no earlier line"
expect "$dir/xo3-lost-leaf.cert" 1 "refused: line 6: a finished game the prover has not won (the winner is the side with stones)"
expect "$dir/xo3-out-of-order.cert" 1 "refused: line 6: the position after the opponent's move 1,1 is on no earlier line"
expect "$dir/xo3-wrong-last-line.cert" 1 "refused: line 42: the last position line is not the start (XO1/3/O1X X)"
expect "$dir/xo3-duplicate.cert" 1 "refused: line 7: the position is already on an earlier line"
expect "$dir/xo3-missing-move.cert" 1 "refused: line 8: the prover is to move, yet the line carries no move"
expect "$dir/xo3-wrong-count.cert" 1 "refused: line 5: the header says 39 positions, the certificate lists 38"
# Outside the language (docs/certificates.md; exit 2), committed in formal/test-certificates/ with a
# correct sha256 unless the hash is the fault: a start followed by other text (a relabelled
# lattice-5-like proof, free text after a position string or a name), names and position
# strings in another case, a number with a leading zero, starts that cannot begin a game, a
# wrong sha256 and a missing final newline.
expect "$dir/xo3-relabelled.cert" 2 "tanbo-certcheck: line 2, column 19: the start 'XO1/3/O1X X' is followed by 'dense-5'"
expect "$dir/xo3-free-text.cert" 2 "tanbo-certcheck: line 2, column 19: the start 'XO1/3/O1X X' is followed by 'the 3x3 start, White wins'"
expect "$dir/xo3-named-free-text.cert" 2 "tanbo-certcheck: line 2, column 15: the start 'classic' is followed by '(19x19)'"
expect "$dir/xo3-upper-case-name.cert" 2 \
  "tanbo-certcheck: line 2, column 7: 'LATTICE-5' is not a named variant (classic, lattice-5, lattice-7, lattice-9, lattice-13, lattice-19, lattice-21, dense-5, dense-7, dense-9, dense-11, dense-13, dense-15, dense-17, dense-19, dense-21, dense-23, dense-25)"
expect "$dir/xo3-lower-case-start.cert" 2 "tanbo-certcheck: line 2, column 7: 'x' in the start's board (X, O and digits only)"
expect "$dir/xo3-leading-zero.cert" 2 "tanbo-certcheck: line 5, column 11: '038' is not a number (decimal digits, no sign, no leading zero)"
expect "$dir/xo3-leading-zero-move.cert" 2 "tanbo-certcheck: line 8, column 13: '01' is not a number (decimal digits, no sign, no leading zero)"
expect "$dir/xo3-bounded-start.cert" 2 "tanbo-certcheck: line 2, column 7: the start cannot begin a game: a root has no growth point (a bounded root, rule 5)"
expect "$dir/xo3-one-side-start.cert" 2 "tanbo-certcheck: line 2, column 7: the start cannot begin a game: O has no stone"
expect "$dir/xo3-1x1.cert" 2 "tanbo-certcheck: line 3, column 6: size 1: boards are 2 to 25 points wide"
expect "$dir/xo3-wrong-sha256.cert" 2 \
  "tanbo-certcheck: line 44, column 8: the sha256 is not the file's: its bytes before this line hash to f66d8c5636dc3e9429dc64a9eaa2bb21fc4e0bdf42534508b8041e574ade575f"
expect "$dir/xo3-no-final-newline.cert" 2 "tanbo-certcheck: line 44, column 72: the file does not end with a newline (LF) after its last line"
# Made here from xo3.cert: a move at an opponent line, the prover's claim for the wrong side, a
# named start of another board size (refused, exit 1), and malformed text (exit 2). `variant`
# changes lines before the sha256 line and reseals the copy (the hash of every byte before the
# sha256 line, as the writer computes it), so that each is refused for its own fault;
# `damaged` leaves the hash as it was.
good="$dir/xo3.cert"
damaged() { local name=$1; shift; sed "$@" "$good" >"$work/$name"; echo "$work/$name"; }
variant() {
  local name=$1 body
  damaged "$@" >/dev/null
  body=$(head -n -1 "$work/$name"; echo x)
  { printf '%s' "${body%x}"; echo "sha256 $(printf '%s' "${body%x}" | sha256sum | cut -c1-64)"; } >"$work/$name"
  echo "$work/$name"
}
expect "$(variant opponent-move.cert -e '7s/$/ 0,1/')" 1 "refused: line 7: the opponent is to move, yet the line carries a move"
expect "$(variant wrong-prover.cert -e '4s/O/X/')" 1 "refused: line 6: a finished game the prover has not won (the winner is the side with stones)"
expect "$(variant named-start.cert -e '2s/.*/start lattice-5/')" 1 "refused: line 2: lattice-5 is not a variant of side 3"
expect "$(variant given-start.cert -e '2s/.*/start XO1\/3\/O1X O/')" 1 "refused: line 43: the last position line is not the start (XO1/3/O1X O)"
expect "$(variant bad-cell.cert -e '6s/^O/Z/')" 2 "tanbo-certcheck: line 6, column 1: cell 'Z' is not '.', 'X' or 'O'"
expect "$(variant short-cells.cert -e '6s/^O//')" 2 "tanbo-certcheck: line 6, column 1: 8 cells, the board has 9"
expect "$(variant bad-side.cert -e '6s/ O$/ Q/')" 2 "tanbo-certcheck: line 6, column 11: side 'Q' is not X or O"
expect "$(variant negative-move.cert -e '8s/ 1,0$/ -1,0/')" 2 "tanbo-certcheck: line 8, column 13: '-1' is not a number (decimal digits, no sign, no leading zero)"
expect "$(variant crlf.cert -e '6s/$/\r/')" 2 "tanbo-certcheck: line 6, column 11: side 'O"$'\r'"' is not X or O"
expect "$(damaged no-sha256.cert -e '$d')" 2 "tanbo-certcheck: line 44, column 1: the certificate ends without its sha256 line"
expect "$(damaged bad-sha256.cert -e '$s/f/g/')" 2 "tanbo-certcheck: line 44, column 8: the sha256 is not 64 lowercase hex digits"
expect "$(damaged after-sha256.cert -e '$a\extra')" 2 "tanbo-certcheck: line 45, column 1: text after the sha256 line"
expect "$(variant version.cert -e '1s/1$/2/')" 2 "tanbo-certcheck: line 1, column 19: format version 1 expected"
expect "$(variant unknown-variant.cert -e '2s/.*/start lattice-6/')" 2 \
  "tanbo-certcheck: line 2, column 7: 'lattice-6' is not a named variant (classic, lattice-5, lattice-7, lattice-9, lattice-13, lattice-19, lattice-21, dense-5, dense-7, dense-9, dense-11, dense-13, dense-15, dense-17, dense-19, dense-21, dense-23, dense-25)"
expect "$(variant bad-start-row.cert -e '2s/.*/start XO1\/4\/O1X X/')" 2 "tanbo-certcheck: line 2, column 11: a run of empty points longer than the row"
expect "$(variant within-leading-zero.cert -e '4a\within 09')" 2 "tanbo-certcheck: line 5, column 8: '09' is not a number (decimal digits, no sign, no leading zero)"
expect "$(variant within-after-positions.cert -e '5a\within 9')" 2 "tanbo-certcheck: line 6, column 1: 6 cells, the board has 9"
: >"$work/empty.cert"
expect "$work/empty.cert" 2 "tanbo-certcheck: line 1, column 1: the header ends early: 'tanbo-certificate <...>' expected"
if [ "$failures" -ne 0 ]; then
  echo "certcheck-test: $failures of $cases cases failed" >&2
  exit 1
fi
echo "certcheck-test: all $cases cases gave the pinned exit status and message"
