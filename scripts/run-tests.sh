#!/usr/bin/env bash
# Builds and runs every test of tanbo. This is the README's test command and what CI runs:
#   1. g++ build (warnings are errors): unit, CLI, property, exhaustive, docs-example, fuzz-corpus
#      replay, example and packaging tests, and the Python package's tests (pytest + Hypothesis,
#      example, offline pip install; TANBO_BUILD_PYTHON=ON, so missing Python packages fail);
#   2. clang build (warnings are errors) with source-based coverage: every test but packaging,
#      then line/branch coverage of core/ reference/ optimized/ capi/ (fails under 95 % / 90 %;
#      scripts/coverage.sh, report in $TANBO_BUILD_ROOT/clang/coverage-html/);
#   3. AddressSanitizer + UndefinedBehaviorSanitizer build (clang): all tests but the exhaustive
#      walk and packaging (fewer RapidCheck cases: max_success=100);
#   4. libFuzzer build (clang): every fuzz target for TANBO_FUZZ_SECONDS each (fuzz_differential:
#      10,000 executions, TANBO_FUZZ_DIFF_RUNS), seed corpus first;
#   5. the documentation (Doxygen with WARN_AS_ERROR, generated rules pages);
#   6. scale-out fuzzing paths (ossfuzz): fuzz/oss-fuzz/build.sh run as OSS-Fuzz's compile does
#      with libFuzzer and with AFL++, every target fuzzed briefly under each engine
#      (TANBO_OSSFUZZ_SECONDS, default 5). (The workflow/OSS-Fuzz file checks are CTest tests.)
#   7. formal: the Coq proofs of the rules (no axioms) and the extracted oracle tanbo-spec against
#      the reference engine (ctest -L formal in the g++ build; formal/, docs/formal.md).
# Environment: TANBO_FUZZ_SECONDS (default 30), TANBO_BUILD_ROOT (default build-tests),
# TANBO_STAGES (default "gcc clang asan fuzz docs ossfuzz formal"), JOBS (default: number of cores).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

root=${TANBO_BUILD_ROOT:-build-tests}
stages=${TANBO_STAGES:-gcc clang asan fuzz docs ossfuzz formal}
jobs=${JOBS:-$(nproc)}
fuzz_seconds=${TANBO_FUZZ_SECONDS:-30}
export CTEST_OUTPUT_ON_FAILURE=1

log() { printf '\n=== %s (%s)\n' "$*" "$(date +%H:%M:%S)"; }

# configure_build DIR [cmake args...]
configure_build() {
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTANBO_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
}

# run_ctest DIR [ctest args...]
run_ctest() {
  local dir=$1; shift
  ctest --test-dir "$dir" -j "$jobs" --timeout 1800 --output-on-failure "$@"
}

for stage in $stages; do
  case $stage in
    gcc)
      log "g++ build and tests"
      configure_build "$root/gcc" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc -DTANBO_BUILD_PYTHON=ON
      run_ctest "$root/gcc" -LE formal ;;
    clang)
      log "clang build with coverage, all tests, coverage report"
      scripts/coverage.sh --build-dir "$root/clang" --jobs "$jobs" ;;
    asan)
      log "AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
      configure_build "$root/asan" -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14 \
        -DTANBO_SANITIZE=ON -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_BENCHMARKS=OFF \
        -DTANBO_RC_PARAMS="seed=20260101 max_success=100"
      # The exhaustive walk (80 s in Release), the packaging builds and the CI file checks already
      # ran in the g++ stage.
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
        run_ctest "$root/asan" -LE "packaging|exhaustive|ci-config" ;;
    fuzz)
      log "libFuzzer targets, ${fuzz_seconds}s each"
      scripts/fuzz.sh ci --seconds "$fuzz_seconds" --build-dir "$root/fuzz" ;;
    docs)
      log "documentation (reuses the g++ build)"
      configure_build "$root/gcc" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc
      cmake --build "$root/gcc" --target docs ;;
    ossfuzz)
      log "OSS-Fuzz build simulated with libFuzzer and with AFL++"
      scripts/oss-fuzz-check.sh --engine libfuzzer --seconds "${TANBO_OSSFUZZ_SECONDS:-5}" --dir "$root/oss-fuzz"
      scripts/fuzz.sh ci --engine afl --seconds "${TANBO_OSSFUZZ_SECONDS:-5}" --jobs 1 --build-dir "$root/afl" ;;
    formal)
      log "Coq proofs of the rules and the tanbo-spec oracle (reuses the g++ build)"
      configure_build "$root/gcc" -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc
      run_ctest "$root/gcc" -L formal ;;
    *)
      echo "run-tests: unknown stage '$stage' (known: gcc clang asan fuzz docs ossfuzz formal)" >&2
      exit 2 ;;
  esac
done
log "all stages passed: $stages"
