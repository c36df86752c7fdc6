#!/usr/bin/env bash
# Mutation check: builds tanbo with each planted bug (mutation/mutants/*.mutant, via
# -DTANBO_MUTANT; a bug may sit in core/, reference/, optimized/ or capi/, sources or public
# headers) and measures how long each checker takes to catch it:
#   unit        the Catch2 suites of UNIT_SUITES in turn (core/tests, reference/tests, optimized/tests,
#               api/tests, player/, env/, protocol/ and svg/tests, capi/tests: the contract, sampling
#               and C API contract tests among them),
#               stopping at the first failure, then the C99 C API test; the cell names the first
#               failing test case
#   properties  RapidCheck properties (properties/, fixed CTest seed), stopping at the first failure
#   fuzzer      differential libFuzzer target (clang) from the seed corpus; without clang the
#               portable runner `tanbo diff`
# Prints a Markdown table (the one in README.md) and exits 1 if any mutant survives a checker it
# must be caught by: all three, unless the mutant file has a line "# expect: unit ..." listing
# them (mutants in functions that only the contract and sampling tests check).
# Usage: mutation/run.sh [SECONDS_PER_CHECK (default 120)] [MUTANT_NAME...]
# TANBO_MUTATION_CHECKERS="unit" (default "unit properties fuzzer") runs only the listed
# checkers and builds only what they need; the others' cells read "not run".
set -uo pipefail
cd "$(dirname "$0")/.."
budget=${1:-120}
shift || true
build=${TANBO_MUTATION_BUILD:-build-mutation}
common=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_EXAMPLES=OFF
        -DTANBO_BUILD_BENCHMARKS=OFF -DTANBO_INSTALL=OFF)
use_libfuzzer=0
if command -v clang++-14 >/dev/null && [ -e /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a ]; then
  use_libfuzzer=1
fi

if [ $# -gt 0 ]; then
  mutants=("$@")
else
  mutants=()
  for f in mutation/mutants/*.mutant; do mutants+=("$(basename "$f" .mutant)"); done
fi

# check LABEL COMMAND...: runs COMMAND with the time budget (log: $build/log-MUTANT-LABEL.log);
# prints "caught in Xs" or "MISSED".
check() {
  local label=$1 start status ms
  shift
  start=$(date +%s%N)
  # A planted bug can make a checker allocate without bound: cap memory at 4 GiB, except for
  # sanitizer builds (ASan reserves terabytes of address space; libFuzzer caps RSS itself).
  if [ "${cap_memory:-1}" = 1 ]; then
    (ulimit -v 4194304; timeout "$budget" "$@") >"$build/log-$m-$label.log" 2>&1
  else
    timeout "$budget" "$@" >"$build/log-$m-$label.log" 2>&1
  fi
  status=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ $status -ne 0 ] && [ $status -ne 124 ]; then
    printf 'caught in %d.%d s' $((ms / 1000)) $(((ms % 1000) / 100))
  else
    printf 'MISSED (%d s)' "$budget"
  fi
}

# The unit checker: each Catch2 suite, the engines' first, then (if all passed) the C99 C API test.
UNIT_SUITES=(core/tanbo_core_tests reference/tanbo_reference_tests optimized/tanbo_optimized_tests
             api/tanbo_api_tests player/tanbo_player_tests env/tanbo_env_tests protocol/tanbo_protocol_tests
             svg/tanbo_svg_tests capi/tanbo_capi_tests)
unit_checker=(bash -c 'c=$1; shift; for s; do "$s" --abort "~[perft]" || exit 1; done; "$c"' unit)

# first_failure LOG: the first failing Catch2 test case in LOG (the line after the first rule of
# dashes), or the C test's first failed CHECK.
first_failure() {
  local name
  name=$(awk '/^----------------------------------------/ { getline; print; exit }' "$1")
  [ -z "$name" ] && name=$(grep -m1 -o 'capi_test.c:[0-9]*' "$1")
  [ -n "$name" ] && printf ' (`%s`)' "$name"
}

# verdict CELL CHECKER: CELL, or "missed (not required, ...)" if CHECKER need not catch this
# mutant (see the expect line).
verdict() {
  case "$1" in
    *MISSED*) case " $expect " in *" $2 "*) printf '%s' "$1" ;; *) printf 'missed (not required, %s' "${1#MISSED (}" ;; esac ;;
    *) printf '%s' "$1" ;;
  esac
}

# note_survivor CELL CHECKER: marks the run failed if a required checker missed the mutant.
note_survivor() {
  case "$1" in *MISSED*) case " $expect " in *" $2 "*) survived=1 ;; esac ;; esac
}

checkers=" ${TANBO_MUTATION_CHECKERS:-unit properties fuzzer} "
runs() { case "$checkers" in *" $1 "*) return 0 ;; esac; return 1; }
targets=("${UNIT_SUITES[@]##*/}" tanbo_capi_test)
runs properties && targets+=(tanbo_properties)
runs fuzzer && [ $use_libfuzzer -eq 0 ] && targets+=(tanbo)
survived=0
echo "| mutant | planted bug | unit tests | properties | differential fuzzer |"
echo "|---|---|---|---|---|"
for m in "${mutants[@]}"; do
  desc=$(head -1 "mutation/mutants/$m.mutant" | sed 's/^# //')
  expect=$(sed -n 's/^# expect: //p' "mutation/mutants/$m.mutant")
  [ -z "$expect" ] && expect="unit properties fuzzer"
  cmake -S . -B "$build" "${common[@]}" -DTANBO_MUTANT="$m" >"$build.configure.log" 2>&1 ||
    { echo "mutation: configuring $m failed, see $build.configure.log" >&2; exit 2; }
  cmake --build "$build" --target "${targets[@]}" >"$build.build.log" 2>&1 ||
    { echo "mutation: building $m failed, see $build.build.log" >&2; exit 2; }
  unit=$(check unit "${unit_checker[@]}" "$build/capi/tanbo_capi_test" "${UNIT_SUITES[@]/#/$build/}")
  case "$unit" in caught*) unit="$unit$(first_failure "$build/log-$m-unit.log")" ;; esac
  props="not run"
  runs properties &&
    props=$(RC_PARAMS="seed=20260101 max_success=500" check properties "$build/properties/tanbo_properties" --abort "~[planted]")
  fuzz="not run"
  if ! runs fuzzer; then
    :
  elif [ $use_libfuzzer -eq 1 ]; then
    fb="$build-fuzz"
    cmake -S . -B "$fb" "${common[@]}" -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14 \
      -DTANBO_FUZZ=ON -DTANBO_BUILD_CLI=OFF -DTANBO_MUTANT="$m" >"$fb.configure.log" 2>&1 &&
      cmake --build "$fb" --target fuzz_differential >"$fb.build.log" 2>&1 ||
      { echo "mutation: building the fuzzer for $m failed, see $fb.build.log" >&2; exit 2; }
    work=$(mktemp -d)
    fuzz=$(cap_memory=0 check fuzzer "$fb/fuzz/fuzz_differential" -max_total_time="$budget" -artifact_prefix="$work/" \
             -print_final_stats=0 "$work" fuzz/corpus/differential)
    rm -rf "$work"
  else
    fuzz=$(check fuzzer "$build/cli/tanbo" diff --seconds "$budget" --seed 1 --out "$build/diff-$m")
  fi
  echo "| \`$m\` | $desc | $(verdict "$unit" unit) | $(verdict "$props" properties) | $(verdict "$fuzz" fuzzer) |"
  note_survivor "$unit" unit
  note_survivor "$props" properties
  note_survivor "$fuzz" fuzzer
done
# Leave the build trees unmutated for anyone reusing them.
cmake -S . -B "$build" -DTANBO_MUTANT= >/dev/null 2>&1
[ $use_libfuzzer -eq 1 ] && [ -d "$build-fuzz" ] && cmake -S . -B "$build-fuzz" -DTANBO_MUTANT= >/dev/null 2>&1
exit $survived
