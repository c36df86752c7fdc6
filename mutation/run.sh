#!/usr/bin/env bash
# Mutation check: builds the optimized engine with each planted bug (mutation/mutants/*.mutant,
# via -DTANBO_MUTANT) and measures how long each checker takes to catch it:
#   unit        Catch2 suite (tests/), stopping at the first failure
#   properties  RapidCheck properties (properties/, fixed CTest seed), stopping at the first failure
#   fuzzer      differential libFuzzer target (clang) from the seed corpus; without clang the
#               portable runner `tanbo diff`
# Prints a Markdown table (the one in README.md) and exits 1 if any mutant survives a checker.
# Usage: mutation/run.sh [SECONDS_PER_CHECK (default 120)] [MUTANT_NAME...]
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

# check NAME COMMAND...: runs COMMAND with the time budget; prints "caught in Xs" or "missed".
check() {
  local start status ms
  start=$(date +%s%N)
  # A planted bug can make a checker allocate without bound: cap memory at 4 GiB, except for
  # sanitizer builds (ASan reserves terabytes of address space; libFuzzer caps RSS itself).
  if [ "${cap_memory:-1}" = 1 ]; then
    (ulimit -v 4194304; timeout "$budget" "$@") >"$build/log-$m-$(basename "$1").log" 2>&1
  else
    timeout "$budget" "$@" >"$build/log-$m-$(basename "$1").log" 2>&1
  fi
  status=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ $status -ne 0 ] && [ $status -ne 124 ]; then
    printf 'caught in %d.%d s' $((ms / 1000)) $(((ms % 1000) / 100))
  else
    printf 'MISSED (%d s)' "$budget"
  fi
}

survived=0
echo "| mutant | planted bug | unit tests | properties | differential fuzzer |"
echo "|---|---|---|---|---|"
for m in "${mutants[@]}"; do
  desc=$(head -1 "mutation/mutants/$m.mutant" | sed 's/^# //')
  cmake -S . -B "$build" "${common[@]}" -DTANBO_MUTANT="$m" >"$build.configure.log" 2>&1 ||
    { echo "mutation: configuring $m failed, see $build.configure.log" >&2; exit 2; }
  cmake --build "$build" --target tanbo_tests tanbo_properties tanbo >"$build.build.log" 2>&1 ||
    { echo "mutation: building $m failed, see $build.build.log" >&2; exit 2; }
  unit=$(check "$build/tests/tanbo_tests" --abort "~[perft]")
  props=$(RC_PARAMS="seed=20260101 max_success=500" check "$build/properties/tanbo_properties" --abort "~[planted]")
  if [ $use_libfuzzer -eq 1 ]; then
    fb="$build-fuzz"
    cmake -S . -B "$fb" "${common[@]}" -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14 \
      -DTANBO_FUZZ=ON -DTANBO_BUILD_CLI=OFF -DTANBO_MUTANT="$m" >"$fb.configure.log" 2>&1 &&
      cmake --build "$fb" --target fuzz_differential >"$fb.build.log" 2>&1 ||
      { echo "mutation: building the fuzzer for $m failed, see $fb.build.log" >&2; exit 2; }
    work=$(mktemp -d)
    fuzz=$(cap_memory=0 check "$fb/fuzz/fuzz_differential" -max_total_time="$budget" -artifact_prefix="$work/" \
             -print_final_stats=0 "$work" fuzz/corpus/differential)
    rm -rf "$work"
  else
    fuzz=$(check "$build/cli/tanbo" diff --seconds "$budget" --seed 1 --out "$build/diff-$m")
  fi
  echo "| \`$m\` | $desc | $unit | $props | $fuzz |"
  case "$unit$props$fuzz" in *MISSED*) survived=1 ;; esac
done
# Leave the build trees unmutated for anyone reusing them.
cmake -S . -B "$build" -DTANBO_MUTANT= >/dev/null 2>&1
[ $use_libfuzzer -eq 1 ] && cmake -S . -B "$build-fuzz" -DTANBO_MUTANT= >/dev/null 2>&1
exit $survived
