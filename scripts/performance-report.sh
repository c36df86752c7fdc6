#!/usr/bin/env bash
# Writes docs/performance.md: the one current table of tanbo's speed, every figure from one run of
# this script on this machine, with a method line naming the machine. Re-run it after a change
# that may affect speed and commit the page; nothing in the page is edited by hand.
#
# usage: scripts/performance-report.sh [BUILD_DIR] [OUT]
#   BUILD_DIR  Release build folder (default build/release, the "release" CMake preset);
#              configured and built here if needed
#   OUT        page to write (default docs/performance.md); "-" prints it instead
# Environment: TANBO_PERF_SECONDS (seconds per timed bench round, default 2), TANBO_PERF_ROUNDS
# (interleaved rounds of the optimized/reference comparison, default 3).
#   TANBO_PERF_BEFORE     a Release build folder of an older commit (configured with g++ like
#                         BUILD_DIR; Python ON for the Python row, TANBO_BUILD_TESTS ON for the
#                         fuzz_differential row). When set, the page gains the table "Before and
#                         after": the loops users run (the differential check, the MCTS example, a
#                         C API game, Python's and JavaScript's per-move loops) on that build and on
#                         BUILD_DIR, the same inputs and seeds on both sides, so a change's effect on
#                         them is on the page and not only in a commit message. Unset: no such table
#                         (the page says how to get it), and nothing else changes.
#   TANBO_PERF_DENSE5     "run": the page gains dense-5's memory figures (tanbo and the symmetric
#                         baseline, ~4 CPU-minutes more); or a folder with tanbo's run's output
#                         (see the strong solver's section below). Unset: the page says how.
#   TANBO_PERF_BEFORE_JS  the older commit's js/ package folder with dist/ built (its "wasm" preset
#                         build writes dist/ there), for the JavaScript row; TANBO_PERF_JS is the
#                         current one (default js/ of this tree). A side without dist/ leaves the
#                         row out, saying why.
#
# On a shared machine wall-clock rates depend on the load, so the page leads with what does not:
# callgrind instruction counts (deterministic), the bench signature (identical for every engine
# and build), sizes, and ratios measured in the same run (per CPU-second, interleaved rounds).
# Needs: cmake, ninja, a C++20 compiler, libbenchmark-dev, valgrind, python3 (and for the
# before-and-after table gcc, node for its JavaScript row).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(realpath -m "${1:-$root/build/release}")"
out="${2:-$root/docs/performance.md}"
seconds=${TANBO_PERF_SECONDS:-2}
rounds=${TANBO_PERF_ROUNDS:-3}

die() { printf 'performance-report: %s\n' "$*" >&2; exit 2; }
[[ $seconds =~ ^[1-9][0-9]*$ && $rounds =~ ^[1-9][0-9]*$ ]] ||
  die "TANBO_PERF_SECONDS and TANBO_PERF_ROUNDS take whole numbers of at least 1"
for tool in cmake valgrind python3; do
  command -v "$tool" > /dev/null || die "$tool is not installed (scripts/install-deps.sh installs it)"
done

# The value of KEY in a configured build folder's CMakeCache.txt (whatever its type).
cache_value() { sed -n "s/^$2:[A-Z]*=//p" "$1/CMakeCache.txt"; }

tanbo="$build/cli/tanbo"
micro="$build/bench/tanbo_microbench"
solve_bench="$build/bench/tanbo_solve_bench"
playouts="$build/examples/random_playouts"
if [[ ! -f $build/CMakeCache.txt ]]; then
  (cd "$root" && cmake --preset release -B "$build" -DTANBO_BUILD_PYTHON=OFF > /dev/null)
fi
[[ $(cache_value "$build" CMAKE_BUILD_TYPE) == Release ]] ||
  die "$build is not a Release build (figures from other build types mean nothing)"
cmake --build "$build" -j "$(nproc)" --target tanbo tanbo_microbench tanbo_solve_bench tanbo_example_random_playouts > /dev/null
for bin in "$tanbo" "$micro" "$solve_bench" "$playouts"; do [[ -x $bin ]] || die "$bin was not built"; done

# The older build of the before-and-after table, when one is named; both builds get the loops'
# programs (the Python module and fuzz_differential where the build has them).
before=${TANBO_PERF_BEFORE:-}
js_after=${TANBO_PERF_JS:-$root/js}
js_before=${TANBO_PERF_BEFORE_JS:-}
has_target() { cmake --build "$1" --target help 2> /dev/null | grep -q "^$2: "; }
build_loops() {
  local dir=$1 targets=(tanbo tanbo_example_random_playouts tanbo_example_mcts_player tanbo_example_c_random_game)
  local t
  for t in tanbo_python fuzz_differential; do
    if has_target "$dir" "$t"; then targets+=("$t"); fi
  done
  cmake --build "$dir" -j "$(nproc)" --target "${targets[@]}" > /dev/null ||
    die "could not build ${targets[*]} in $dir"
  for t in cli/tanbo examples/mcts_player examples/random_playouts capi/libtanbo_c.a; do
    [[ -e $dir/$t ]] || die "$dir/$t was not built"
  done
}
if [[ -n $before ]]; then
  before="$(realpath -m "$before")"
  [[ -f $before/CMakeCache.txt ]] ||
    die "TANBO_PERF_BEFORE=$before is not a configured build folder (no CMakeCache.txt)"
  [[ $(cache_value "$before" CMAKE_BUILD_TYPE) == Release ]] ||
    die "TANBO_PERF_BEFORE=$before is not a Release build (figures from other build types mean nothing)"
  [[ $before != "$build" ]] || die "TANBO_PERF_BEFORE names BUILD_DIR itself; name a build of an older commit"
  build_loops "$before"
  build_loops "$build"
fi

# --- the machine ------------------------------------------------------------------------------
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
cores=$(nproc)
load=$(cut -d' ' -f1 /proc/loadavg)
# The compiler a build was configured with, named by what it is rather than by the name it was
# called by: "/usr/bin/c++ --version" prints "c++ (Debian 12.2.0-...) 12.2.0" for g++.
compiler_of() {
  local cxx name
  cxx=$(cache_value "$1" CMAKE_CXX_COMPILER)
  name=g++
  # grep reads all the input (no -q): an early exit would fail the pipe under pipefail.
  "$cxx" -dM -E -x c++ /dev/null | grep '__clang__' > /dev/null && name=clang++
  "$cxx" --version | head -1 | sed "s/^[^ ]*/$name/"
}
compiler=$(compiler_of "$build")
version=$("$tanbo" --version)

# --- measurements -----------------------------------------------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Interleaved rounds: optimized and reference in the same `bench --compare` run, per CPU-second.
for ((i = 0; i < rounds; ++i)); do
  "$tanbo" bench --seconds "$seconds" --compare --json > "$tmp/compare-$i.json"
done
"$tanbo" bench --seconds "$seconds" --threads 2 --json > "$tmp/threads.json"
"$tanbo" bench --seconds "$seconds" --engine reference --json > "$tmp/reference.json"

# Deterministic: callgrind instructions per playout (the optimized engine's bench loop) ...
"$root/scripts/count-playout-instructions.sh" "$build" 300 classic > "$tmp/instructions.txt"
# ... and per random game through the Engine API on each engine (tanbo selfplay: the same games
# on both), start-up removed: (total(games) - total(1)) / (games - 1).
# callgrind_total [--profile FILE] COMMAND...: total instructions of one run; with --profile, also
# every function's own instructions in FILE (callgrind_annotate's listing, for the split below).
callgrind_total() {
  local out=/dev/null
  if [[ $1 == --profile ]]; then out="$2.callgrind"; shift 2; fi
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 2>&1 > /dev/null |
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p'
  if [[ $out != /dev/null ]]; then callgrind_annotate --threshold=100 "$out" > "${out%.callgrind}"; fi
}
for engine in optimized reference; do
  games=11
  [[ $engine == optimized ]] && games=101
  one=$(callgrind_total "$tanbo" selfplay --games 1 --seed 1 --engine "$engine")
  many=$(callgrind_total "$tanbo" selfplay --games "$games" --seed 1 --engine "$engine")
  [[ -n $one && -n $many ]] || die "could not read callgrind's count for tanbo selfplay --engine $engine"
  echo $(( (many - one) / (games - 1) )) > "$tmp/selfplay-$engine.txt"
done

# ... and per differential step (`tanbo diff --input`: both engines, compared after every step) over
# the 8 largest inputs of the checked-in differential corpus, start-up (a one-byte input) removed;
# each run's per-function listing (profile-*.txt) gives the split of a step among its parts.
printf '\x01' > "$tmp/one-step.bin"
diff_one=$(callgrind_total --profile "$tmp/profile-one.txt" "$tanbo" diff --input "$tmp/one-step.bin")
diff_instr=0 diff_steps=0 i=0
mapfile -t diff_inputs < <(find "$root/fuzz/corpus/differential" -type f -printf '%s %p\n' |
  sort -k1,1nr -k2 | head -8 | cut -d' ' -f2)
for f in "${diff_inputs[@]}"; do
  total=$(callgrind_total --profile "$tmp/profile-$i.txt" "$tanbo" diff --input "$f")
  i=$((i + 1))
  steps=$("$tanbo" diff --input "$f" | sed -n 's/.*the engines agree: \([0-9]*\) steps.*/\1/p')
  [[ -n $total && -n $steps ]] || die "could not measure tanbo diff --input $f"
  diff_instr=$((diff_instr + total - diff_one)) diff_steps=$((diff_steps + steps))
done
echo "$diff_instr $diff_steps" > "$tmp/diff-steps.txt"

# Google Benchmark micro-benchmarks, CPU time, three repetitions (the median is reported).
"$micro" --benchmark_filter='^(BM_PlayUndo|BM_CopyBoard19|BM_CopyMake|BM_EnginePlayUndo|BM_ForEachRemovedStone|BM_LastResult|BM_NthLegalVertex|BM_Playout<Board19>|BM_RandomLegalVertex|BM_SetUpNamedOpening|BM_SetUpOtherPosition)$' \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_format=json > "$tmp/micro.json" 2> /dev/null

# The strong solver on lattice-5 (docs/solutions.md), each run its own process so that its peak
# RSS is its own: one and two threads with the table doubling from 2^20 slots (the default) and
# sized up front from the class count (StrongOptions::expected_classes: lattice-5's 3,856,425 of
# docs/solutions.md), and the two baselines it is measured against (bench/solve_bench.cpp:
# memoized negamax on the reference engine in an unordered_map, ~90 s; bench/symmetric_baseline.hpp:
# the plain symmetric solver, one flat table of 2^23 words, ~20 s). The runs alternate for
# TANBO_PERF_ROUNDS rounds: on a shared machine only interleaved rounds make the wall-time ratio of
# two threads to one, and the CPU-time ratios, fair comparisons.
lattice5_classes=3856425
for ((i = 0; i < rounds; ++i)); do
  for threads in 1 2; do
    "$solve_bench" strong lattice-5 "$threads" > "$tmp/solve-strong-$threads-$i.txt"
    "$solve_bench" strong lattice-5 "$threads" optimized 0 "$lattice5_classes" > "$tmp/solve-sized-$threads-$i.txt"
  done
  "$solve_bench" symmetric lattice-5 $((1 << 23)) > "$tmp/solve-symmetric-$i.txt"
done
"$solve_bench" baseline lattice-5 > "$tmp/solve-baseline.txt"
# Memory on dense-5 (84,805,263 classes, 678,160,578 positions): tanbo's table sized from the
# class count, one thread (about 4 CPU-minutes, 1 GB), against the symmetric baseline with the
# least power of two of at least 1.5 times the classes (2^27 words), whose peak is its table,
# allocated whole before the first move (symmetric-table: measured without its 12 CPU-minute
# solve). Only when TANBO_PERF_DENSE5 is "run", or a folder holding the output of the strong
# command (solve-dense5-sized.txt) from an earlier run on the same solver.
if [[ -n ${TANBO_PERF_DENSE5:-} ]]; then
  if [[ $TANBO_PERF_DENSE5 == run ]]; then
    "$solve_bench" strong dense-5 1 optimized 0 84805263 > "$tmp/solve-dense5-sized.txt"
  else
    [[ -f $TANBO_PERF_DENSE5/solve-dense5-sized.txt ]] ||
      die "TANBO_PERF_DENSE5: no solve-dense5-sized.txt in $TANBO_PERF_DENSE5"
    cp "$TANBO_PERF_DENSE5/solve-dense5-sized.txt" "$tmp/"
  fi
  "$solve_bench" symmetric-table dense-5 $((1 << 27)) 678160578 > "$tmp/solve-dense5-symmetric.txt"
fi
# Perfect play in the faces: a table probe and the weak solver on demand (~25 s).
"$solve_bench" probe lattice-5 > "$tmp/solve-probe.txt"

# --- before and after (TANBO_PERF_BEFORE) -----------------------------------------------------
# The loops users run, on the older build and on this one, with the same inputs and seeds on both
# sides: callgrind instruction counts where the loop is native code, moves per CPU-second in
# interleaved rounds (before then after, after then before, ...) where an interpreter or a JIT runs
# it. Each loop is one tab-separated line of before-after.tsv for the page: KEY, BEFORE, AFTER,
# whether both sides printed the same ("same", or what differs), and the files of the loop's own
# program that differ between the two source trees; or KEY, -, -, why it was not measured.
ba="$tmp/before-after.tsv"
: > "$ba"
record() { local IFS=$'\t'; printf '%s\n' "$*" >> "$ba"; }
side_dir() { if [[ $1 == before ]]; then echo "$before"; else echo "$build"; fi; }
side_js() { if [[ $1 == before ]]; then echo "$js_before"; else echo "$js_after"; fi; }
same_output() { if cmp -s "$1" "$2"; then echo same; else echo "outputs differ"; fi; }
# changed PATH...: those of the paths (files or folders of the source tree) that differ between
# the before build's source tree and this one, comma-separated.
changed() {
  local p list=()
  for p in "$@"; do
    diff -rq "$src_before/$p" "$src_after/$p" > /dev/null 2>&1 || list+=("$p")
  done
  local IFS=,
  echo "${list[*]}"
}
# callgrind_output FILE [VAR=VALUE...] COMMAND...: callgrind's total for one run of COMMAND (in
# the environment VAR=VALUE...); the program's output goes to FILE.
callgrind_output() {
  local file=$1 vars=()
  shift
  while [[ $1 =~ ^[A-Z_][A-Z0-9_]*= ]]; do vars+=("$1"); shift; done
  env "${vars[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
    2> "$file.valgrind" > "$file" ||
    die "$* failed under callgrind: $(grep -v '^==' "$file.valgrind" | head -3)"
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$file.valgrind"
}
# per_game KEY ONE MANY CHANGED COMMAND...: on each side, (count(MANY) - count(ONE)) / (MANY -
# ONE) of COMMAND, whose words have @N@ replaced by ONE or MANY, @DIR@ by the side's build
# folder and @SIDE@ by the side: what one more game costs, start-up removed.
per_game() {
  local key=$1 one=$2 many=$3 note=$4 side n a b word args
  shift 4
  for side in before after; do
    for n in "$one" "$many"; do
      args=()
      for word in "$@"; do
        word=${word//@N@/$n} word=${word//@SIDE@/$side}
        args+=("${word//@DIR@/$(side_dir "$side")}")
      done
      callgrind_output "$tmp/$key-$side-$n.out" "${args[@]}" > "$tmp/$key-$side-$n.count"
    done
    a=$(< "$tmp/$key-$side-$one.count") b=$(< "$tmp/$key-$side-$many.count")
    [[ -n $a && -n $b ]] || die "could not read callgrind's count for the $key loop on the $side side"
    echo $(( (b - a) / (many - one) )) > "$tmp/$key-$side.txt"
  done
  record "$key" "$(< "$tmp/$key-before.txt")" "$(< "$tmp/$key-after.txt")" \
    "$(same_output "$tmp/$key-before-$many.out" "$tmp/$key-after-$many.out")" "$note"
}
# interleaved KEY COMMAND...: $rounds rounds of COMMAND on both sides, alternating which goes
# first; COMMAND (words as for per_game, and @JS@ for the side's js/ package folder) prints one
# rate. Records every round's rates.
interleaved() {
  local key=$1 i side word args
  shift
  : > "$tmp/$key-before.rates"
  : > "$tmp/$key-after.rates"
  for ((i = 0; i < rounds; ++i)); do
    for side in before after; do
      ((i % 2 == 0)) || side=$([[ $side == before ]] && echo after || echo before)
      args=()
      for word in "$@"; do
        word=${word//@JS@/$(side_js "$side")}
        args+=("${word//@DIR@/$(side_dir "$side")}")
      done
      "${args[@]}" >> "$tmp/$key-$side.rates" || die "the $key loop failed on the $side side: ${args[*]}"
    done
  done
  record "$key" "$(paste -sd, "$tmp/$key-before.rates")" "$(paste -sd, "$tmp/$key-after.rates")" same ""
}

if [[ -n $before ]]; then
  before_version=$("$before/cli/tanbo" --version)
  before_compiler=$(compiler_of "$before")
  src_before=$(cache_value "$before" CMAKE_HOME_DIRECTORY)
  src_after=$(cache_value "$build" CMAKE_HOME_DIRECTORY)

  # For scale, the first table's Engine-API game and playout loop on both builds.
  per_game selfplay 1 101 "$(changed cli/src/selfplay.cpp)" \
    @DIR@/cli/tanbo selfplay --games @N@ --seed 1 --engine optimized
  for side in before after; do
    "$root/scripts/count-playout-instructions.sh" "$(side_dir "$side")" 300 classic |
      sed -n 's/^playout: *\([0-9]*\).*/\1/p' > "$tmp/playout-$side.txt"
  done
  record playout "$(< "$tmp/playout-before.txt")" "$(< "$tmp/playout-after.txt")" same \
    "$(changed examples/random_playouts.cpp)"

  # The differential check: `tanbo diff --input` over the inputs of the first table's row.
  b_instr=0 b_steps=0
  b_one=$(callgrind_total "$before/cli/tanbo" diff --input "$tmp/one-step.bin")
  for f in "${diff_inputs[@]}"; do
    total=$(callgrind_total "$before/cli/tanbo" diff --input "$f")
    steps=$("$before/cli/tanbo" diff --input "$f" | sed -n 's/.*the engines agree: \([0-9]*\) steps.*/\1/p')
    [[ -n $total && -n $steps ]] || die "could not measure $before/cli/tanbo diff --input $f"
    b_instr=$((b_instr + total - b_one)) b_steps=$((b_steps + steps))
  done
  same=same
  [[ $b_steps == "$diff_steps" ]] || same="steps $b_steps / $diff_steps"
  record diff "$((b_instr / b_steps))" "$((diff_instr / diff_steps))" "$same" "$(changed cli/src/diff.cpp verify)"

  # fuzz_differential: the libFuzzer target's LLVMFuzzerTestOneInput, here with the replay main()
  # of a build without libFuzzer, over the same inputs; TANBO_FUZZ_STATS counts its steps.
  if [[ -x $before/fuzz/fuzz_differential && -x $build/fuzz/fuzz_differential ]]; then
    for side in before after; do
      bin="$(side_dir "$side")/fuzz/fuzz_differential"
      one=$(callgrind_output "$tmp/fuzz-one-$side.out" "$bin" "$tmp/one-step.bin")
      all=$(callgrind_output "$tmp/fuzz-$side.out" TANBO_FUZZ_STATS="$tmp/fuzz-$side.stats" "$bin" "${diff_inputs[@]}")
      steps=$(sed -n 's/.* steps \([0-9]*\) .*/\1/p' "$tmp/fuzz-$side.stats")
      [[ -n $one && -n $all && -n $steps ]] || die "could not measure $bin"
      echo "$(( (all - one) / steps )) $steps" > "$tmp/fuzz-$side.txt"
    done
    read -r fuzz_before fuzz_before_steps < "$tmp/fuzz-before.txt"
    read -r fuzz_after fuzz_after_steps < "$tmp/fuzz-after.txt"
    same=same
    [[ $fuzz_before_steps == "$fuzz_after_steps" ]] || same="steps $fuzz_before_steps / $fuzz_after_steps"
    record fuzz "$fuzz_before" "$fuzz_after" "$same" "$(changed fuzz/fuzz_differential.cpp verify)"
  else
    record fuzz - - "no fuzz/fuzz_differential in both builds (it is built when TANBO_BUILD_TESTS is ON)"
  fi

  # The MCTS example: 300 playouts per move on lattice-9 (its test's setting), seed 1.
  # Its search is examples/mcts.hpp in older trees, api/include/tanbo/api/mcts.hpp in newer ones,
  # player/include/tanbo/player/mcts.hpp in the newest.
  per_game mcts 1 3 "$(changed examples/mcts_player.cpp examples/mcts.hpp api/include/tanbo/api/mcts.hpp \
                      player/include/tanbo/player/mcts.hpp)" \
    @DIR@/examples/mcts_player @N@ 300 1 lattice-9

  # A random game through the C API: scripts/perf-capi-games.c built against each build's header
  # and libraries with the build's compilers.
  for side in before after; do
    dir=$(side_dir "$side")
    src=$(cache_value "$dir" CMAKE_HOME_DIRECTORY)
    cc=$(cache_value "$dir" CMAKE_C_COMPILER)
    cxx=$(cache_value "$dir" CMAKE_CXX_COMPILER)
    libs=()
    for lib in capi/libtanbo_c.a player/libtanbo_player.a protocol/libtanbo_protocol.a svg/libtanbo_svg.a \
               api/libtanbo_api.a optimized/libtanbo_optimized.a \
               reference/libtanbo_reference.a core/libtanbo_core.a; do
      if [[ -f $dir/$lib ]]; then libs+=("$dir/$lib"); fi
    done
    mkdir -p "$tmp/$side"
    # The engine's own pick was called tanbo_random_move before tanbo_random_legal_move.
    pick=tanbo_random_legal_move
    grep -q tanbo_random_legal_move "$src/capi/include/tanbo/tanbo.h" || pick=tanbo_random_move
    { "${cc:-cc}" -std=c99 -O3 -DNDEBUG -DTANBO_PICK="$pick" -I"$src/capi/include" -c "$root/scripts/perf-capi-games.c" \
        -o "$tmp/$side/perf-capi-games.o" &&
      "${cxx:-c++}" "$tmp/$side/perf-capi-games.o" -Wl,--start-group "${libs[@]}" -Wl,--end-group \
        -o "$tmp/$side/perf-capi-games"; } || die "could not build scripts/perf-capi-games.c against $dir"
  done
  per_game capi 1 11 "" "$tmp/@SIDE@/perf-capi-games" classic @N@ 1

  # Python's per-move loop, pyspiel style, with each build's module under the interpreter it was
  # built for: instructions per game (callgrind) and moves per CPU-second (interleaved rounds).
  cat > "$tmp/py-loop.py" << 'EOF'
"""count GAMES: total moves of GAMES random classic games; rate SECONDS: moves per CPU-second."""
import sys
import time

import tanbo

mode, arg, where = sys.argv[1], float(sys.argv[2]), sys.argv[3]
if not tanbo.__file__.startswith(where):
    sys.exit(f"py-loop: imported {tanbo.__file__}, not the module in {where}")
rng = tanbo.Rng(1)


def game():
    g = tanbo.Game("classic")
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply_action(legal[rng.below(len(legal))])
    return g.ply


if mode == "count":
    print(sum(game() for _ in range(int(arg))))
else:
    game()  # warm-up
    moves, start = 0, time.process_time()
    while time.process_time() - start < arg:
        moves += game()
    print(f"{moves / (time.process_time() - start):.0f}")
EOF
  py_missing=""
  for side in before after; do
    dir=$(side_dir "$side")
    compgen -G "$dir/python/tanbo/_core*.so" > /dev/null ||
      py_missing+="${py_missing:+; }$dir has no Python module (configure it with -DTANBO_BUILD_PYTHON=ON)"
  done
  if [[ -z $py_missing ]]; then
    py_before=$(cache_value "$before" Python3_EXECUTABLE)
    py_after=$(cache_value "$build" Python3_EXECUTABLE)
    [[ ${py_before:-python3} == "${py_after:-python3}" ]] ||
      die "the two builds' Python modules are for different interpreters ($py_before, $py_after)"
    py=${py_after:-python3}
    pyenv=(PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=@DIR@/python)
    per_game python 1 11 "" "${pyenv[@]}" "$py" "$tmp/py-loop.py" count @N@ @DIR@/python/
    interleaved python-rate env "${pyenv[@]}" "$py" "$tmp/py-loop.py" rate "$seconds" @DIR@/python/
  else
    record python - - "$py_missing"
    record python-rate - - "$py_missing"
  fi

  # JavaScript's per-move loop (the npm package's README loop) under Node: moves per CPU-second.
  cat > "$tmp/js-loop.mjs" << 'EOF'
// node js-loop.mjs PACKAGE SECONDS: moves per CPU-second of random classic games through the
// package in PACKAGE (its src/index.mjs and dist/), `game.play(game.randomMove(rng))` per move.
import { pathToFileURL } from "node:url";
const [pkg, seconds] = process.argv.slice(2);
const { load } = await import(pathToFileURL(`${pkg}/src/index.mjs`).href);
const tanbo = await load();
const rng = new tanbo.Rng(1);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const game = () => {
  const g = new tanbo.Game("classic");
  while (!g.isOver) g.play(g.randomMove(rng));
  const ply = g.ply;
  g.dispose();
  return ply;
};
for (let i = 0; i < 3; ++i) game();  // warm-up: the JIT tiers of the glue and the WASM code
let moves = 0;
const start = cpu();
while (cpu() - start < Number(seconds)) moves += game();
console.log((moves / (cpu() - start)).toFixed(0));
EOF
  js_missing=""
  if ! command -v node > /dev/null; then
    js_missing="node is not installed"
  elif [[ -z $js_before ]]; then
    js_missing="TANBO_PERF_BEFORE_JS names no package folder of the older build"
  else
    for pkg in "$js_before" "$js_after"; do
      [[ -f $pkg/src/index.mjs && -f $pkg/dist/tanbo_wasm.mjs ]] ||
        js_missing+="${js_missing:+; }$pkg has no built package (src/index.mjs and dist/, from the wasm preset)"
    done
  fi
  if [[ -z $js_missing ]]; then
    js_before=$(realpath "$js_before") js_after=$(realpath "$js_after")
    interleaved js-rate node "$tmp/js-loop.mjs" @JS@ "$seconds"
  else
    record js-rate - - "$js_missing"
  fi
fi

# --- the page ---------------------------------------------------------------------------------
page=$(python3 "$root/scripts/performance_page.py" "$tmp" "$cpu" "$cores" "$load" "$compiler" "$version" \
  "$seconds" "$rounds" "${before:+yes}" "${before_version:-}" "${before_compiler:-}")

if [[ $out == - ]]; then
  printf '%s\n' "$page"
else
  printf '%s\n' "$page" > "$out"
  printf 'performance-report: wrote %s\n' "$out"
fi
