#!/usr/bin/env bash
# Behaviour tests of the `tanbo` executable: exact output of replay/perft/selfplay, exit statuses
# and one-line error messages. Usage: cli_test.sh TANBO DATA_DIR CASE (CASE = a case_* function).
# Registered one ctest per case from cli/CMakeLists.txt.
set -u
TANBO=$1
DATA=$2
CASE=$3
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() {
  echo "FAIL [$CASE]: $*" >&2
  exit 1
}

# run CMD...: runs CMD (stdin inherited) and sets OUT, ERR (trailing newlines stripped) and RC.
run() {
  OUT=$("$@" 2>"$WORK/stderr")
  RC=$?
  ERR=$(<"$WORK/stderr")
}

# expect_ok EXPECTED CMD...: CMD succeeds, prints exactly EXPECTED on stdout and nothing on stderr.
expect_ok() {
  local expected=$1
  shift
  run "$@"
  [[ $RC -eq 0 ]] || fail "'$*' exited $RC, stderr: $ERR"
  [[ -z $ERR ]] || fail "'$*' wrote to stderr: $ERR"
  [[ $OUT == "$expected" ]] || fail "'$*' printed:
$OUT
expected:
$expected"
}

# expect_error STATUS TEXT CMD...: CMD exits with STATUS, writes exactly one line on stderr and
# that line contains TEXT (the location and the reason).
expect_error() {
  local status=$1 text=$2
  shift 2
  run "$@"
  [[ $RC -eq $status ]] || fail "'$*' exited $RC, expected $status; stderr: $ERR"
  [[ $(printf '%s\n' "$ERR" | wc -l) -eq 1 && -n $ERR ]] || fail "'$*' stderr is not one line: $ERR"
  [[ $ERR == *"$text"* ]] || fail "'$*' stderr: $ERR
does not contain: $text"
}

# The optimized engine is always built into tanbo; fail loudly if it cannot even start.
need_optimized() {
  "$TANBO" perft 0 --engine optimized >/dev/null 2>&1 || fail "tanbo --engine optimized does not run"
}

# --- replay ------------------------------------------------------------------------------------

# Hand-checked: X B1 and A2 each touch only A1; O D1 touches only E1; nothing gets bounded.
case_replay_diagram() {
  expect_ok "    A B C D E
  1 X X . O O
  2 X . . . .
  3 . . . . .
  4 . . . . .
  5 O . . . X
ply 3, O to move" "$TANBO" replay "$DATA/lattice5-quiet.txt"
}

case_replay_json() {
  expect_ok '{"board":["XX.OO","X....",".....",".....","O...X"],"to_move":"O","ply":3,"winner":null}' \
    "$TANBO" replay --json "$DATA/lattice5-quiet.txt"
}

# Rule 6, expanded root: after A2 the X root {A1,A2} touches only O stones, so it is removed and
# X has no stones left (rule 7).
case_replay_self_removal() {
  expect_ok "    A B C D
  1 . O . .
  2 . O . .
  3 O O . .
  4 . . . .
ply 1, game over: O wins" "$TANBO" replay "$DATA/self-removal.txt"
  expect_ok '{"board":[".O..",".O..","OO..","...."],"to_move":"O","ply":1,"winner":"O"}' \
    "$TANBO" replay --json "$DATA/self-removal.txt"
}

# Rule 6, bounded roots: B1 takes the last growth point of the O stone A1 (A2 is X); the X root
# {B1,C1} keeps D1, so only A1 goes. O then grows D4 to D3.
case_replay_trace_enemy_removal() {
  expect_ok '{"board":["O.X.","X...","....","...O"],"to_move":"X","ply":0,"winner":null,"move":null,"removed":[],"removal":"none"}
{"board":[".XX.","X...","....","...O"],"to_move":"O","ply":1,"winner":null,"move":"B1","removed":["A1"],"removal":"bounded-roots"}
{"board":[".XX.","X...","...O","...O"],"to_move":"X","ply":2,"winner":null,"move":"D3","removed":[],"removal":"none"}' \
    "$TANBO" replay --trace "$DATA/enemy-removal.txt"
}

# Rule 6 removes bounded roots of both colours at once: after B1, O{A1} has no empty neighbour
# and X{A2} is boxed in by A1, A3 (O) and B2 (touching two X stones, so not a growth point).
case_replay_trace_two_colours() {
  expect_ok '{"board":["O.X.","X...","O...","...O"],"to_move":"X","ply":0,"winner":null,"move":null,"removed":[],"removal":"none"}
{"board":[".XX.","....","O...","...O"],"to_move":"O","ply":1,"winner":null,"move":"B1","removed":["A1","A2"],"removal":"bounded-roots"}' \
    "$TANBO" replay --trace --json "$DATA/two-colour-removal.txt"
}

# A bare move list on stdin is a classic game; G8 touches X on G7 only, G2 touches O on G1 only.
case_replay_classic_stdin() {
  expect_ok '{"board":["X.....O.....X.....O","......O............","...................","...................","...................","...................","O.....X.....O.....X","......X............","...................","...................","...................","...................","X.....O.....X.....O","...................","...................","...................","...................","...................","O.....X.....O.....X"],"to_move":"X","ply":2,"winner":null}' \
    "$TANBO" replay --json - <<<"g8 G2"
}

# --trace prints plies 0..17 (18 lines); its last line is the --json state plus the move fields.
case_replay_trace_lines() {
  run "$TANBO" replay --trace "$DATA/lattice5-game.txt"
  [[ $RC -eq 0 ]] || fail "replay --trace exited $RC: $ERR"
  [[ $(printf '%s\n' "$OUT" | wc -l) -eq 18 ]] || fail "expected 18 trace lines, got: $OUT"
  local last json
  last=$(printf '%s\n' "$OUT" | tail -n 1)
  json=$("$TANBO" replay --json "$DATA/lattice5-game.txt")
  [[ $last == "${json%\}},\"move\":\"E3\""* ]] || fail "last trace line $last does not extend $json"
  [[ $json == *'"ply":17,"winner":"O"}' ]] || fail "unexpected final state $json"
}

# Both engines must replay every record identically.
case_replay_engines_agree() {
  need_optimized
  local f
  for f in "$DATA"/lattice5-*.txt "$DATA"/*-removal.txt; do
    [[ $("$TANBO" replay --trace --engine reference "$f") == \
       "$("$TANBO" replay --trace --engine optimized "$f")" ]] ||
      fail "engines disagree on $f"
  done
}

# --- diff: the one campaign front end; status 0 when the engines agree (3 on a divergence is
# tested with planted bugs in differential/tests/mutants_test.cpp, the real engines do not diverge) ---

case_diff_agree() {
  need_optimized
  # Bounded by count, not time: the same 300 inputs (and so the same code covered) on any machine.
  run "$TANBO" diff --executions 300 --seed 3 --max-input 256 --quiet --out "$WORK/campaign"
  [[ $RC -eq 0 && -z $ERR ]] || fail "diff campaign exited $RC: $ERR"
  [[ $OUT == *"divergences         0"* && $OUT =~ executions\ +300$'\n' ]] || fail "diff campaign summary: $OUT"
  run "$TANBO" diff --replay "$DATA/two-colour-removal.txt"
  [[ $RC -eq 0 && $OUT == *"the engines agree on all"* ]] || fail "diff --replay exited $RC: $OUT $ERR"
  # lattice-5 (selector 1), two legal moves, a probe, a record check.
  printf '\x01\x00\x03\xfe\xff' >"$WORK/input.bin"
  run "$TANBO" diff --input "$WORK/input.bin"
  [[ $RC -eq 0 && $OUT == *"the engines agree: "*" steps"* ]] || fail "diff --input exited $RC: $OUT $ERR"
}

# --- errors: status 1 (bad input) and one line naming where and why ------------------------------
# (Bad starts, engine names and depths read from the command line or stdin: the bad-input table,
# bad_inputs_cli.py; the cases here are files, locations and the CLI's own wording.)

case_error_illegal_moves() {
  expect_error 1 "illegal-occupied.txt:4:3: move 5: illegal move A1 by X: the point is occupied" \
    "$TANBO" replay "$DATA/illegal-occupied.txt"
  expect_error 1 "illegal-no-friend.txt:3:7: move 5: illegal move C3 by X: the point touches no stone" \
    "$TANBO" replay "$DATA/illegal-no-friend.txt"
  expect_error 1 "illegal-two-friends.txt:5:1: move 5: illegal move B2 by X: the point touches two or more" \
    "$TANBO" replay "$DATA/illegal-two-friends.txt"
  expect_error 1 "after-end.txt:3:3: move 2: illegal move C1 by O: the game is over (O won with move 1)" \
    "$TANBO" replay "$DATA/after-end.txt"
}

case_error_bad_points() {
  expect_error 1 "off-board.txt:2:7: move 3: 'F1' is not a point of the 5x5 board" \
    "$TANBO" replay "$DATA/off-board.txt"
  expect_error 1 "malformed-token.txt:2:7: move 3: '1A' is not a point" \
    "$TANBO" replay "$DATA/malformed-token.txt"
  expect_error 1 "<stdin>:1:4: move 2: 'Q1' is not a point of the 5x5 board" \
    "$TANBO" replay --variant lattice-5 <<<"B1 Q1"
  # Control bytes from the input are escaped so the message stays one readable line.
  printf 'B1\0D1\n' >"$WORK/nul.txt"
  expect_error 1 "nul.txt:1:1: move 1: 'B1\x00D1' is not a point" \
    "$TANBO" replay --variant lattice-5 "$WORK/nul.txt"
}

case_error_bad_headers() {
  expect_error 1 "bad-variant-header.txt:1:11: no lattice opening for size 6" \
    "$TANBO" replay "$DATA/bad-variant-header.txt"
  expect_error 1 "bad-position-header.txt:1:21: position string: unexpected character 'Q'" \
    "$TANBO" replay "$DATA/bad-position-header.txt"
  expect_error 1 "lattice5-quiet.txt:1:11: the record's header sets up a lattice-5 position but --variant says lattice-7" \
    "$TANBO" replay --variant lattice-7 "$DATA/lattice5-quiet.txt"
}

case_error_files() {
  expect_error 1 "tanbo replay: cannot open '$WORK/missing.txt': No such file or directory" \
    "$TANBO" replay "$WORK/missing.txt"
  expect_error 1 "tanbo replay: cannot read '$DATA': it is a directory" "$TANBO" replay "$DATA"
}

# Status 2: the command line itself is wrong.
case_error_usage() {
  expect_error 2 "tanbo perft: DEPTH is required" "$TANBO" perft
  expect_error 2 "tanbo perft: The following argument was not expected: --bogus" "$TANBO" perft 2 --bogus
  expect_error 2 "tanbo selfplay: --seed is required" "$TANBO" selfplay --games 2
  expect_error 2 "tanbo perft: --variant excludes --position" "$TANBO" perft 1 --variant lattice-5 --position "X3O/5/5/5/O3X X"
}

# Numbers: one line naming the option, its range and what was given (escaped and cut), never
# CLI11's "Value -1 not in range 0.000000 to <309 digits>"; hex, exponents, NaN and values that
# would overflow the campaign deadline are refused.
case_error_numbers() {
  expect_error 2 "tanbo perft: DEPTH must be from 0 to 64, got -1 (see 'tanbo perft --help')" "$TANBO" perft -1
  expect_error 2 "tanbo perft: DEPTH must be from 0 to 64, got 65" "$TANBO" perft 65
  expect_error 2 "tanbo perft: DEPTH must be a whole number from 0 to 64, got 'abc'" "$TANBO" perft abc
  expect_error 2 "tanbo perft: DEPTH must be from 0 to 64, got $(printf '9%.0s' {1..40})... " \
    "$TANBO" perft "$(printf '9%.0s' {1..400})"
  expect_error 2 "tanbo perft: DEPTH must be from 0 to 64, got 2147483648" "$TANBO" perft 2147483648
  expect_error 2 "tanbo selfplay: --games must be from 1 to 2147483647, got 0" "$TANBO" selfplay --games 0 --seed 1
  expect_error 2 "tanbo selfplay: --games must be a whole number from 1 to 2147483647, got '0x10'" \
    "$TANBO" selfplay --games 0x10 --seed 1
  expect_error 2 "tanbo selfplay: --seed must be from 0 to 18446744073709551615, got -1" "$TANBO" selfplay --games 2 --seed -1
  expect_error 2 "tanbo selfplay: --seed must be from 0 to 18446744073709551615, got 18446744073709551616" \
    "$TANBO" selfplay --games 1 --seed 18446744073709551616
  expect_error 2 "tanbo bench: --seconds must be from 0.01 to 3600, got nan" "$TANBO" bench --seconds nan
  expect_error 2 "tanbo bench: --seconds must be a number from 0.01 to 3600, got '1s'" "$TANBO" bench --seconds 1s
  expect_error 2 "tanbo bench: --threads must be from 1 to 256, got 0" "$TANBO" bench --threads 0
  expect_error 2 "tanbo bench: --seed must be from 0 to 18446744073709551615, got -1" "$TANBO" bench --seed -1
  expect_error 2 "tanbo diff: --seconds must be from 0 to 10000000, got 1e300" "$TANBO" diff --seconds 1e300
  expect_error 2 "tanbo diff: --jobs must be from 1 to 256, got 0" "$TANBO" diff --jobs 0
  expect_error 2 "tanbo diff: --max-input must be from 1 to 1048576, got 0" "$TANBO" diff --max-input 0
  expect_error 2 "tanbo diff: --seed must be from 0 to 18446744073709551615, got -5" "$TANBO" diff --seed -5
  # The largest seed is accepted (game i uses seed + i mod 2^64).
  run "$TANBO" selfplay --games 2 --seed 18446744073709551615 --variant lattice-5
  [[ $RC -eq 0 && $OUT == *"game 1: seed 0, "* ]] || fail "largest seed: status $RC, output $OUT $ERR"
}

# A misspelt subcommand or option before it is named as such, with the list of subcommands.
case_error_unknown_subcommand() {
  expect_error 2 "tanbo: unknown subcommand 'frobnicate'; the subcommands are replay, perft, selfplay, bench, diff, serve, conform, solve or probe (see 'tanbo --help')" \
    "$TANBO" frobnicate
  expect_error 2 "tanbo: unknown option '--frob'; give a subcommand first" "$TANBO" --frob
  expect_error 2 "tanbo: a subcommand is required: replay, perft, selfplay, bench, diff, serve, conform, solve or probe" "$TANBO"
}

# An empty or comment-only record is refused (it is probably the wrong file) unless it has a
# header, which makes it a game at its start; diff --replay reads records the same way.
case_error_empty_record() {
  : >"$WORK/empty.txt"
  printf '# just a comment\n\n   \n' >"$WORK/comments.txt"
  local no_moves="the record has no moves and no [Variant] or [Position] header"
  expect_error 1 "tanbo replay: $WORK/empty.txt: $no_moves" "$TANBO" replay "$WORK/empty.txt"
  expect_error 1 "tanbo replay: $WORK/comments.txt: $no_moves" "$TANBO" replay "$WORK/comments.txt"
  expect_error 1 "tanbo replay: <stdin>: $no_moves" "$TANBO" replay </dev/null
  expect_error 1 "tanbo diff: $WORK/empty.txt: $no_moves" "$TANBO" diff --replay "$WORK/empty.txt"
  printf '# the lattice-5 opening\n[Variant "lattice-5"]\n' >"$WORK/header.txt"
  expect_ok '{"board":["X...O",".....",".....",".....","O...X"],"to_move":"X","ply":0,"winner":null}' \
    "$TANBO" replay --json "$WORK/header.txt"
}

# Input bytes echoed in a message are escaped (controls and malformed UTF-8 as \xNN, valid UTF-8
# kept), wherever the echo comes from: core's point, variant and position errors, CLI11's option
# errors, file names.
case_error_binary_input() {
  printf 'B1 \xb2G\xc0\x1b[2J\n' >"$WORK/binary.txt"
  expect_error 1 "binary.txt:1:4: move 2: '\\xb2G\\xc0\\x1b[2J' is not a point" \
    "$TANBO" replay --variant lattice-5 "$WORK/binary.txt"
  expect_error 2 "tanbo perft: --variant: unknown variant 'a\\xff\\x01';" "$TANBO" perft 1 --variant "$(printf 'a\xff\x01')"
  expect_error 2 "tanbo perft: --engine: engine must be 'optimized' or 'reference', not '\\xff'" "$TANBO" perft 1 --engine "$(printf '\xff')"
  expect_error 1 "--position: column 2: position string: unexpected character 'é' in the board" \
    "$TANBO" perft 1 --position "$(printf 'X\xc3\xa9/2 X')"
  expect_error 1 "cannot open '$WORK/a\\x0ab\\xfe': No such file" "$TANBO" replay "$WORK/$(printf 'a\nb\xfe')"
  # Nothing on stderr outside printable ASCII and the one UTF-8 character given.
  run "$TANBO" replay --variant lattice-5 "$WORK/binary.txt"
  [[ $(printf '%s' "$ERR" | LC_ALL=C tr -d '\040-\176' | wc -c) -eq 0 ]] || fail "raw bytes in: $ERR"
}

# Explicitly empty values are errors, not "option not given" (e.g. an unset "$POS" in a script).
case_error_empty_values() {
  expect_error 1 "tanbo perft: --position: column 1: position string is empty" "$TANBO" perft 1 --position ""
  expect_error 2 "tanbo perft: --variant: unknown variant ''" "$TANBO" perft 1 --variant ""
  expect_error 1 "tanbo diff: cannot open '': No such file or directory" "$TANBO" diff --replay ""
  expect_error 1 "tanbo selfplay: --record-dir: cannot create directory ''" \
    "$TANBO" selfplay --games 1 --seed 1 --record-dir ""
}

# Files where directories belong, and inputs no record can be: one line, status 1 (diff --out
# on a file was an internal error, status 4).
case_error_paths() {
  : >"$WORK/file"
  expect_error 1 "tanbo diff: --out: cannot create directory '$WORK/file': " \
    "$TANBO" diff --seconds 0.1 --quiet --out "$WORK/file"
  expect_error 1 "tanbo selfplay: --record-dir: cannot create directory '$WORK/file/x': " \
    "$TANBO" selfplay --games 1 --seed 1 --record-dir "$WORK/file/x"
  expect_error 1 "tanbo diff: cannot read '$DATA': it is a directory" "$TANBO" diff --input "$DATA"
  expect_error 1 "tanbo replay: /dev/zero: larger than 64 MiB; not a game record or fuzz input" \
    "$TANBO" replay /dev/zero
}

# --- help and version --------------------------------------------------------------------------

# Every subcommand has --help; one default engine, optimized, for every subcommand that has
# --engine: its --help says so, and so does tanbo --help.
case_help_version() {
  run "$TANBO" --version
  [[ $RC -eq 0 && $OUT == "tanbo ${TANBO_EXPECTED_VERSION:?}" ]] || fail "--version printed '$OUT' (status $RC)"
  local cmd
  for cmd in replay perft selfplay bench diff; do
    run "$TANBO" "$cmd" --help
    [[ $RC -eq 0 && $OUT == *"Usage: tanbo $cmd"* ]] || fail "$cmd --help: status $RC, output $OUT"
    [[ $cmd == diff || $OUT =~ --engine\ TEXT:\{optimized,reference\}=optimized ]] || fail "$cmd --help: $OUT"
  done
  run "$TANBO" --help
  [[ $OUT == *"Every subcommand runs the optimized engine unless given --engine reference"* ]] ||
    fail "tanbo --help does not state the default engine: $OUT"
  run "$TANBO" selfplay --games 1 --seed 1 --variant lattice-5
  [[ $OUT == "selfplay: engine optimized, "* ]] || fail "selfplay default engine: $OUT"
  run "$TANBO" selfplay --games 1 --seed 1 --variant lattice-5 --engine reference
  [[ $OUT == "selfplay: engine reference, "* ]] || fail "selfplay --engine reference: $OUT"
}

# --- perft -------------------------------------------------------------------------------------

# Depths 1-3 by hand: X has 4 first moves (two neighbours of each corner stone A1, E5), O then 4
# (E1, A5), whatever X did; X then has 5 (its 2-stone root has 3 growth points, the other stone
# 2): 4, 4*4 = 16, 16*5 = 80. Depths 4-5 are regression values (both engines agree).
case_perft_lattice5() {
  local depth expected=(1 4 16 80 396 2080)
  for depth in 0 1 2 3 4 5; do
    expect_ok "total: ${expected[$depth]}" "$TANBO" perft "$depth" --variant lattice-5
  done
  expect_ok "B1: 1
A2: 1
E4: 1
D5: 1
total: 4" "$TANBO" perft 1 --divide --position "X3O/5/5/5/O3X X lattice-5"
}

# Classic depth 1 = 24, by hand: the 8 X stones are 6 apart, so every empty neighbour of an X
# stone touches exactly one X stone and every neighbour is empty. Count on-board neighbours:
# corners A1, S19: 2 each; edge stones M1, S7, A13, G19: 3 each; interior G7, M13: 4 each;
# 2*2 + 4*3 + 2*4 = 24. The O stones are placed the same way (corners S1, A19; edges G1, A7,
# S13, M19; interior M7, G13), so O also has 24 replies, and an X stone next to an X stone is 5+
# points from every O stone, so it neither blocks nor bounds anything: depth 2 = 24 * 24 = 576.
case_perft_classic() {
  expect_ok "total: 24" "$TANBO" perft 1
  expect_ok "total: 576" "$TANBO" perft 2
  run "$TANBO" perft 2 --divide
  [[ $RC -eq 0 ]] || fail "perft 2 --divide exited $RC"
  [[ $(printf '%s\n' "$OUT" | grep -c ': 24$') -eq 24 ]] || fail "expected 24 lines 'MOVE: 24': $OUT"
  [[ $(printf '%s\n' "$OUT" | head -n 3 | tr '\n' ' ') == "B1: 24 L1: 24 N1: 24 " ]] ||
    fail "divide lines not row-major: $OUT"
  [[ $(printf '%s\n' "$OUT" | tail -n 1) == "total: 576" ]] || fail "divide total: $OUT"
}

# A finished game is one leaf, whatever depth remains: after X's forced self-removal the game is
# over, so perft 1 and perft 5 from the self-removal position both count 1.
case_perft_game_over_leaf() {
  expect_ok "total: 1" "$TANBO" perft 1 --position "XO2/1O2/OO2/4 X"
  expect_ok "total: 1" "$TANBO" perft 5 --position "XO2/1O2/OO2/4 X"
}

case_perft_engines_agree() {
  need_optimized
  local args argv
  for args in "3" "4 --variant lattice-5 --divide" "6 --variant lattice-5" "4 --variant dense-7"; do
    read -ra argv <<<"$args"
    [[ $("$TANBO" perft "${argv[@]}" --engine reference) == \
       "$("$TANBO" perft "${argv[@]}" --engine optimized)" ]] ||
      fail "engines disagree on perft $args"
  done
  [[ $("$TANBO" perft 5 --position "O1X1/X3/O3/3O X" --engine reference) == \
     "$("$TANBO" perft 5 --position "O1X1/X3/O3/3O X" --engine optimized)" ]] ||
    fail "engines disagree on perft 5 from the two-colour-removal position"
}

# --- selfplay ----------------------------------------------------------------------------------

# Pins the seeding scheme (game i uses Rng(seed + i), move = legal_moves()[rng.below(count)]);
# case_selfplay_replayable checks these games are real by replaying them.
case_selfplay_golden() {
  expect_ok "selfplay: engine optimized, variant lattice-5, 5 games, game i uses Rng(42 + i), checking every move
game 0: seed 42, 20 moves, X wins
game 1: seed 43, 20 moves, O wins
game 2: seed 44, 21 moves, O wins
game 3: seed 45, 28 moves, X wins
game 4: seed 46, 22 moves, O wins
summary: 5 games, mean length 22.20, X wins 2, O wins 3, all checks passed" \
    "$TANBO" selfplay --games 5 --seed 42 --variant lattice-5 --check
  expect_ok '{"game":0,"seed":42,"length":20,"winner":"X"}
{"game":1,"seed":43,"length":20,"winner":"O"}
{"games":2,"mean_length":20.0,"x_wins":1,"o_wins":1,"checked":false}' \
    "$TANBO" selfplay --games 2 --seed 42 --variant lattice-5 --json
  # Game i of --seed S is game 0 of --seed S+i.
  run "$TANBO" selfplay --games 1 --seed 45 --variant lattice-5
  [[ $OUT == *"game 0: seed 45, 28 moves, X wins"* ]] || fail "seed 45 alone gave: $OUT"
}

# Every game written by --record-dir replays to the length and winner selfplay reported.
case_selfplay_replayable() {
  run "$TANBO" selfplay --games 6 --seed 7 --variant lattice-7 --record-dir "$WORK/records"
  [[ $RC -eq 0 ]] || fail "selfplay exited $RC: $ERR"
  local i line json
  for i in 0 1 2 3 4 5; do
    line=$(printf '%s\n' "$OUT" | grep "^game $i: ")
    json=$("$TANBO" replay --json "$WORK/records/game-$i.txt") || fail "game $i does not replay"
    [[ $line =~ ([0-9]+)\ moves,\ ([XO])\ wins ]] || fail "unexpected line: $line"
    [[ $json == *"\"ply\":${BASH_REMATCH[1]},\"winner\":\"${BASH_REMATCH[2]}\"}" ]] ||
      fail "game $i: selfplay said '$line' but replay gives $json"
  done
}

# --check runs on the classic board too and ends with the summary line.
case_selfplay_check_classic() {
  run "$TANBO" selfplay --games 2 --seed 2024 --check
  [[ $RC -eq 0 && -z $ERR ]] || fail "selfplay --check exited $RC: $ERR"
  [[ $(printf '%s\n' "$OUT" | tail -n 1) == "summary: 2 games, "*", all checks passed" ]] ||
    fail "no summary line: $OUT"
}

case_selfplay_engines_agree() {
  need_optimized
  local args=(selfplay --games 10 --seed 99 --variant dense-9 --check --json) a
  run "$TANBO" "${args[@]}" --engine reference
  [[ $RC -eq 0 ]] || fail "reference engine: status $RC: $ERR"
  a=$OUT
  run "$TANBO" "${args[@]}" --engine optimized
  [[ $RC -eq 0 ]] || fail "optimized engine: status $RC: $ERR"
  [[ $a == "$OUT" ]] || fail "engines disagree:
$a
---
$OUT"
}

# --- bench -------------------------------------------------------------------------------------

# expect_output_has CMD... : CMD succeeds, stderr empty; then each of $NEEDLES occurs in stdout.
expect_output_has() {
  run "$@"
  [[ $RC -eq 0 ]] || fail "'$*' exited $RC, stderr: $ERR"
  [[ -z $ERR ]] || fail "'$*' wrote to stderr: $ERR"
  local needle
  for needle in "${NEEDLES[@]}"; do
    [[ $OUT == *"$needle"* ]] || fail "'$*' printed:
$OUT
which does not contain: $needle"
  done
}

# The signatures are golden values: both engines play the same fixed-seed games over the
# row-major legal list, so every build must print them (classic's is the one docs/performance.md
# and js/README.md quote).
# --compare exits 3 if the reference engine's signature differs.
case_bench_variant() {
  NEEDLES=('"variant":"classic"' '"signature":"3826-8da8101fce70d009"')
  expect_output_has "$TANBO" bench --seconds 0.05 --json
  NEEDLES=('"variant":"lattice-9"' '"signature":"546-a6f85c09b56bc64d"' '"reference":{')
  expect_output_has "$TANBO" bench --seconds 0.05 --variant lattice-9 --compare --json
  NEEDLES=('"variant":"dense-25"' '"signature":"12518-476cecfc92a5331f"')
  expect_output_has "$TANBO" bench --seconds 0.05 --variant dense-25 --json
  NEEDLES=('optimized (dense-9): ' 'signature: 1012-f4b6c4fcace51283')
  expect_output_has "$TANBO" bench --seconds 0.05 --variant dense-9
  expect_error 2 "no lattice opening for size 8" "$TANBO" bench --variant lattice-8
}

# `bench --compare --variant V` times both engines on V: each engine's mean game length in the
# bench JSON is within 15 % of selfplay's mean over 400 games of V (seeds 1..400). lattice-9
# games last about 65 moves and classic ones about 480, so an engine timed on the wrong board
# is far out; 15 % is many standard errors wide for the few hundred games even a loaded
# machine times in 0.3 s.
case_bench_compare_variant() {
  local variant=lattice-9
  run "$TANBO" selfplay --games 400 --seed 1 --variant "$variant" --json
  [[ $RC -eq 0 ]] || fail "selfplay exited $RC: $ERR"
  local want
  want=$(sed -n 's/.*"mean_length":\([0-9.]*\).*/\1/p' <<< "$OUT")
  run "$TANBO" bench --seconds 0.3 --variant "$variant" --compare --json
  [[ $RC -eq 0 ]] || fail "bench exited $RC: $ERR"
  local lengths
  lengths=$(grep -o '"mean_game_length":[0-9.]*' <<< "$OUT" | cut -d: -f2)
  [[ $(wc -l <<< "$lengths") -eq 2 && -n $want ]] ||
    fail "expected two mean_game_length fields and a selfplay mean, got '$lengths' and '$want': $OUT"
  local engine=optimized length
  for length in $lengths; do
    awk -v got="$length" -v want="$want" 'BEGIN { exit !(got > 0.85 * want && got < 1.15 * want) }' ||
      fail "$engine engine's mean game length in bench --compare --variant $variant is $length, selfplay's is $want"
    engine=reference
  done
}

# --- solve and probe ---------------------------------------------------------------------------

# The 4x4 start of properties/ (54,735 positions, pinned there by the complete walk); its values are
# checked position by position against a brute force in solve/tests.
SMALL4="X2O/4/4/O2X X"

case_solve_small() {
  expect_ok "start: X2O/4/4/O2X X
value: X to move loses in 15 plies (O wins)
winning first moves: none
perfect play: B1 D2 C1 D3 C4 C3 B2 B4 D1 A3 D2 C4 B3 D4 C3
positions: 54,735 (13,724 classes under 4 symmetries, 1,066 finished-game classes)
table sha256: 58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c
table: $WORK/t.tbl
certificate: $WORK/c.cert (1,324 positions)" "$TANBO" solve "$SMALL4" --quiet --out "$WORK/t.tbl" --certificate "$WORK/c.cert"
  # The same table, byte for byte, with 3 threads and with the reference engine.
  local first=${OUT//t.tbl/t3.tbl}
  expect_ok "${first//c.cert/c3.cert}" "$TANBO" solve "$SMALL4" --quiet --threads 3 --engine reference --out "$WORK/t3.tbl" --certificate "$WORK/c3.cert"
  cmp -s "$WORK/t.tbl" "$WORK/t3.tbl" || fail "the 3-thread reference table differs"
  cmp -s "$WORK/c.cert" "$WORK/c3.cert" || fail "the certificates differ"
  [[ $(head -6 "$WORK/c.cert") == "tanbo-certificate 1
start X2O/4/4/O2X X
size 4
prover O
within 15
positions 1324" ]] || fail "certificate header: $(head -6 "$WORK/c.cert")"
  [[ $(tail -2 "$WORK/c.cert" | head -1) == "X..O........O..X X" ]] || fail "the certificate's last line is not the start"
  # Without a table or certificate, progress and figures go to stderr only.
  run "$TANBO" solve "$SMALL4"
  [[ $RC -eq 0 && $ERR == *"move searches"*"bytes/position"* ]] || fail "solve's figures on stderr: $ERR"
}

case_probe_small() {
  "$TANBO" solve "$SMALL4" --quiet --out "$WORK/t.tbl" >/dev/null || fail "solve failed"
  expect_ok "table: X2O/4/4/O2X X (sha256 58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c)
position: XX1O/4/4/O2X O
value: O to move wins in 14 plies
  C1: loses in 19
  D2: wins in 14
  A3: wins in 16
  B4: loses in 12
line: D2 C1 D3 C4 C3 B2 B4 D1 A3 D2 C4 B3 D4 C3" "$TANBO" probe "$WORK/t.tbl" "XX1O/4/4/O2X O"
  expect_ok '{"position":"X2O/4/4/O2X X","table":"X2O/4/4/O2X X","sha256":"58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c","known":true,"wins":false,"winner":"O","length":15,"moves":[{"move":"B1","wins":false,"length":15},{"move":"A2","wins":false,"length":15},{"move":"D3","wins":false,"length":15},{"move":"C4","wins":false,"length":15}],"line":["B1","D2","C1","D3","C4","C3","B2","B4","D1","A3","D2","C4","B3","D4","C3"]}' \
    "$TANBO" probe "$WORK/t.tbl" "$SMALL4" --json
  # A finished game (the end of the line above: X's last root bounded by its own move): O, to
  # move, has won; no move.
  expect_ok "table: X2O/4/4/O2X X (sha256 58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c)
position: 4/4/O3/OOOO O
value: a finished game won by O
line:" "$TANBO" probe "$WORK/t.tbl" "4/4/O3/OOOO O"
  # Unknown, never a guess: a position of the table's size it does not hold (the wrong side to
  # move). Another board size is an error (api/include/tanbo/api/errors.hpp).
  expect_error 1 "tanbo probe: the position is on a 5x5 board but the table of X2O/4/4/O2X X is of 4x4" \
    "$TANBO" probe "$WORK/t.tbl" lattice-5
  expect_ok '{"position":"X2O/4/4/O2X O","table":"X2O/4/4/O2X X","sha256":"58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c","known":false}' \
    "$TANBO" probe "$WORK/t.tbl" "X2O/4/4/O2X O" --json
}

case_solve_errors() {
  expect_error 1 "START: invalid starting position: White (O) has no stones" "$TANBO" solve "X2/3/3 O"
  expect_error 2 "START: no lattice opening for size 8" "$TANBO" solve lattice-8
  expect_error 1 "more than 100 position classes (the budget)" "$TANBO" solve "$SMALL4" --budget 100 --quiet
  expect_error 2 "--threads must be from 1 to 64, got 0" "$TANBO" solve lattice-5 --threads 0
  expect_error 2 "give a START" "$TANBO" solve
  expect_error 2 "--check takes a certificate and nothing else" "$TANBO" solve lattice-5 --check x
  expect_error 1 "cannot create the table file" "$TANBO" solve "$SMALL4" --quiet --out "$WORK/no/such/dir/t.tbl"
}

# The weak solver (docs/solutions.md, "Beyond 5x5"): lattice-5 gives the strong solver's value and
# length; a start past 5x5 goes to it by itself and says unknown when the budget runs out; its
# certificate passes the checker.
case_solve_weak() {
  expect_ok "start: lattice-5 (weak solver)
value: X to move wins in 24 plies (X wins)
best move: B1
nodes: 756,091" "$TANBO" solve lattice-5 --weak --quiet --budget 20000000
  run "$TANBO" solve lattice-7 --budget 1000 --quiet
  [[ $RC -eq 0 && $OUT == "start: lattice-7 (weak solver)
value: unknown within the budget of 1,000 nodes (raise --budget)
nodes: "* ]] || fail "lattice-7 with a tiny budget: $RC $OUT $ERR"
  run "$TANBO" solve "$SMALL4" --weak --quiet --certificate "$WORK/weak.cert"
  [[ $RC -eq 0 && $OUT == *"value: X to move loses in 15 plies (O wins)"*"certificate: $WORK/weak.cert ("* ]] ||
    fail "weak 4x4: $RC $OUT $ERR"
  run "$TANBO" solve --check "$WORK/weak.cert"
  [[ $RC -eq 0 && $OUT == "certificate ok: O wins from $SMALL4 within "*" plies ("* ]] || fail "weak certificate refused: $OUT $ERR"
  expect_error 2 "--out writes a strong solver's table" "$TANBO" solve lattice-7 --out "$WORK/x.tbl"
  expect_error 1 "no certificate: the weak solver did not prove the value within the budget" \
    "$TANBO" solve lattice-7 --budget 1000 --quiet --certificate "$WORK/x.cert"
}

case_probe_errors() {
  "$TANBO" solve "$SMALL4" --quiet --out "$WORK/t.tbl" --certificate "$WORK/c.cert" >/dev/null || fail "solve failed"
  head -c 100 "$WORK/t.tbl" > "$WORK/trunc.tbl"
  expect_error 1 "trunc.tbl: byte 96: truncated: the file ends inside a record" "$TANBO" probe "$WORK/trunc.tbl" "$SMALL4"
  head -c 50 "$WORK/t.tbl" > "$WORK/header.tbl"
  expect_error 1 "header.tbl: byte 50: truncated" "$TANBO" probe "$WORK/header.tbl" "$SMALL4"
  expect_error 1 "c.cert: byte 0: not a tanbo strong-table file" "$TANBO" probe "$WORK/c.cert" "$SMALL4"
  # One record's length bit flipped (byte 96 + 8 * 50): only the content hash can tell.
  cp "$WORK/t.tbl" "$WORK/flip.tbl"
  printf '\x02' | dd of="$WORK/flip.tbl" bs=1 seek=496 conv=notrunc status=none
  cmp -s "$WORK/t.tbl" "$WORK/flip.tbl" && printf '\x04' | dd of="$WORK/flip.tbl" bs=1 seek=496 conv=notrunc status=none
  expect_error 1 "flip.tbl: byte 48: content hash mismatch" "$TANBO" probe "$WORK/flip.tbl" "$SMALL4"
  cp "$WORK/t.tbl" "$WORK/version.tbl"
  printf '\x07' | dd of="$WORK/version.tbl" bs=1 seek=8 conv=notrunc status=none
  expect_error 1 "byte 8: format version 7; this tanbo reads version 1" "$TANBO" probe "$WORK/version.tbl" "$SMALL4"
  expect_error 1 "no-such.tbl: cannot open the table file" "$TANBO" probe "$WORK/no-such.tbl" "$SMALL4"
  expect_error 1 "POSITION: " "$TANBO" probe "$WORK/t.tbl" "X2O/4/4 X"
}

# `tanbo solve --verify`: every record against rule 7 and its children (docs/solutions.md,
# "Verifying a table"): the genuine table passes; a forged one (the start's win bit flipped, the
# header's value byte too and the hash recomputed, so reading accepts it) is refused by the probe
# and by --verify naming the record's byte offset and the position; damaged files are refused by
# reading with their offsets.
case_solve_verify() {
  "$TANBO" solve "$SMALL4" --quiet --out "$WORK/t.tbl" >/dev/null || fail "solve failed"
  local ok="table ok: X2O/4/4/O2X X (13,724 records, 54,735 positions, every record consistent with the rules and its children)
table sha256: 58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c"
  expect_ok "$ok" "$TANBO" solve --verify "$WORK/t.tbl" --quiet
  expect_ok "$ok" "$TANBO" solve "$SMALL4" --verify "$WORK/t.tbl" --quiet
  run "$TANBO" solve --verify "$WORK/t.tbl"
  [[ $RC -eq 0 && $OUT == "$ok" && $ERR == *"13,724 of 13,724 records checked"*"13,724 records read and checked in "*" records/s)" ]] ||
    fail "--verify's progress and figures: $RC $ERR"
  # The start's record (key 1 + 2<<6 + 2<<24 + 1<<30: X2O/4/4/O2X X, its own canonical form).
  local index
  index=$(od -An -tu8 -w8 -v -j96 "$WORK/t.tbl" | awk -v k=1107296385 '{ if (int($1 / 256) == k) { print NR - 1; exit } }')
  [[ -n $index ]] || fail "the start's record not found"
  local at=$((96 + 8 * index))
  cp "$WORK/t.tbl" "$WORK/forged.tbl"
  printf '\x1f' | dd of="$WORK/forged.tbl" bs=1 seek=$at conv=notrunc status=none  # loses in 15: 0x1e
  printf '\x01' | dd of="$WORK/forged.tbl" bs=1 seek=40 conv=notrunc status=none
  local hash
  hash=$({ head -c 48 "$WORK/forged.tbl"; tail -c +81 "$WORK/forged.tbl"; } | sha256sum | cut -c1-64)
  printf "$(sed 's/../\\x&/g' <<<"$hash")" | dd of="$WORK/forged.tbl" bs=1 seek=48 conv=notrunc status=none
  local why="forged.tbl: byte $at: the table is inconsistent: the record of X2O/4/4/O2X X says X to move wins in 15 plies, but its moves' records give X to move loses in 15 plies"
  expect_error 1 "$why" "$TANBO" solve --verify "$WORK/forged.tbl" --quiet
  expect_error 1 "$why" "$TANBO" probe "$WORK/forged.tbl" "$SMALL4"
  # Damaged files: reading refuses them, with the offset.
  head -c 100 "$WORK/t.tbl" > "$WORK/trunc.tbl"
  expect_error 1 "trunc.tbl: byte 96: truncated: the file ends inside a record" "$TANBO" solve --verify "$WORK/trunc.tbl" --quiet
  cp "$WORK/t.tbl" "$WORK/version.tbl"
  printf '\x02' | dd of="$WORK/version.tbl" bs=1 seek=8 conv=notrunc status=none
  expect_error 1 "version.tbl: byte 8: format version 2; this tanbo reads version 1" "$TANBO" solve --verify "$WORK/version.tbl"
  expect_error 1 "t.tbl: byte 80: the table is of the start X2O/4/4/O2X X, not of lattice-5" \
    "$TANBO" solve lattice-5 --verify "$WORK/t.tbl"
  expect_error 1 "no-such.tbl: cannot open the table file" "$TANBO" solve --verify "$WORK/no-such.tbl"
  expect_error 2 "--verify takes a table file (and the START it must be of) and nothing else" \
    "$TANBO" solve --verify "$WORK/t.tbl" --out "$WORK/x.tbl"
}

# lattice-5 strongly solved (about 5 s of CPU): the figures of docs/solutions.md. The position
# count is the complete walk's (properties/README.md); 1 and 2 threads give the same table.
case_solve_lattice5() {
  local expected="start: lattice-5
value: X to move wins in 24 plies (X wins)
winning first moves: B1 (24) A2 (24) E4 (24) D5 (24)
perfect play: B1 B5 A2 C5 C1 C4 C2 C3 A3 B3 A4 E2 D2 D3 E4 D1 E3 B2 D4 E3 E2 E4 E1 D5
positions: 15,423,866 (3,856,425 classes under 4 symmetries, 103,271 finished-game classes)
table sha256: f4ef08e5ad3c5af562964da40ecc208ad23dd6c1053d08b8727864f6e5366c85"
  expect_ok "$expected
table: $WORK/l5.tbl
certificate: $WORK/l5.cert (15,452 positions)" "$TANBO" solve lattice-5 --quiet --out "$WORK/l5.tbl" --certificate "$WORK/l5.cert"
  # The committed certificate is this one, byte for byte.
  xz -dc "$DATA/../../../solve/solved_starts/lattice-5.cert.xz" | cmp -s - "$WORK/l5.cert" ||
    fail "solve/solved_starts/lattice-5.cert.xz is not the certificate tanbo solve writes"
  expect_ok "$expected" "$TANBO" solve lattice-5 --quiet --threads 2
  expect_ok "table: lattice-5 (sha256 f4ef08e5ad3c5af562964da40ecc208ad23dd6c1053d08b8727864f6e5366c85)
position: X3O/5/5/5/O3X X
value: X to move wins in 24 plies
  B1: wins in 24
  A2: wins in 24
  E4: wins in 24
  D5: wins in 24
line: B1 B5 A2 C5 C1 C4 C2 C3 A3 B3 A4 E2 D2 D3 E4 D1 E3 B2 D4 E3 E2 E4 E1 D5" "$TANBO" probe "$WORK/l5.tbl" lattice-5
  # Every record of the real table checked against the rules and its children (about 6 s of CPU).
  expect_ok "table ok: lattice-5 (3,856,425 records, 15,423,866 positions, every record consistent with the rules and its children)
table sha256: f4ef08e5ad3c5af562964da40ecc208ad23dd6c1053d08b8727864f6e5366c85" "$TANBO" solve --verify "$WORK/l5.tbl" --quiet
}

# The complete differential of the game's values: lattice-5 solved on the reference engine gives
# the optimized engine's table, byte for byte (the same sha256 as above). 13 s of CPU in Release.
case_solve_lattice5_reference() {
  run "$TANBO" solve lattice-5 --quiet --threads 2 --engine reference
  [[ $RC -eq 0 ]] || fail "solve exited $RC: $ERR"
  [[ $OUT == *"positions: 15,423,866 (3,856,425 classes under 4 symmetries, 103,271 finished-game classes)
table sha256: f4ef08e5ad3c5af562964da40ecc208ad23dd6c1053d08b8727864f6e5366c85"* ]] ||
    fail "the reference engine's lattice-5 table differs: $OUT"
}

# The committed certificates, checked by the C++ checker on the reference engine (about 5 s of
# CPU for dense-5's 1,121,893 positions).
case_solve_check_certificates() {
  xz -dc "$DATA/../../../solve/solved_starts/lattice-5.cert.xz" > "$WORK/lattice-5.cert" || fail "xz failed"
  xz -dc "$DATA/../../../solve/solved_starts/dense-5.cert.xz" > "$WORK/dense-5.cert" || fail "xz failed"
  expect_ok "certificate ok: X wins from lattice-5 within 24 plies (15,452 positions, sha256 9d7147e15bc98c16ac36f264cea6995578b644ea3d33b394f125ce87167f243b)" \
    "$TANBO" solve --check "$WORK/lattice-5.cert"
  expect_ok "certificate ok: O wins from dense-5 within 25 plies (1,121,893 positions, sha256 f4daf5c7e009545975c643f507036fc71dd22c0c5ce765be85817d6912699365)" \
    "$TANBO" solve --check "$WORK/dense-5.cert"
  # A damaged certificate: the prover's first move changed (the line no longer proves its claim,
  # and the sha256 no longer matches): exit status 3 or 1, never accepted.
  sed '0,/ [0-9],[0-9]$/s// 9,9/' "$WORK/lattice-5.cert" > "$WORK/bad.cert"
  cmp -s "$WORK/lattice-5.cert" "$WORK/bad.cert" && fail "the damage was not planted"
  run "$TANBO" solve --check "$WORK/bad.cert"
  [[ $RC -ne 0 ]] || fail "a damaged certificate was accepted"
  # The within line is checked: lattice-5 resealed with 'within 23' states one ply too few.
  sed '5s/^within 24$/within 23/; $d' "$WORK/lattice-5.cert" > "$WORK/within23.body"
  { cat "$WORK/within23.body"; echo "sha256 $(sha256sum < "$WORK/within23.body" | cut -c1-64)"; } > "$WORK/within23.cert"
  expect_error 3 "line 5: the strategy needs 24 plies, more than 'within 23' (the depth of the start, line 15458)" \
    "$TANBO" solve --check "$WORK/within23.cert"
  expect_error 1 "no-such.cert: cannot open the certificate" "$TANBO" solve --check "$WORK/no-such.cert"
}

declare -F "case_$CASE" >/dev/null || fail "no such case"
"case_$CASE"
echo "PASS [$CASE]"
