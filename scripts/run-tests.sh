#!/usr/bin/env bash
# Builds and runs every test of tanbo: the README's test command and what CI runs (.ci/run).
# Each stage is one CMake preset (CMakePresets.json) or one script:
#   dev       the "dev" preset (g++, -Werror, Python package required): build (the Coq proofs
#             included), then every CTest test: unit, CLI, properties, exhaustive walks, docs
#             examples, corpus replays, examples, packaging consumers, Python (pytest +
#             Hypothesis, sdist and offline installs), the Coq proofs' assumptions and the
#             extracted oracle against the reference engine;
#   js        the "wasm" preset (Debian's Emscripten): the npm package and the rules explorer,
#             npm ci from the lockfile, the Node tests (API, the differential corpus through the
#             WASM replay driver, selfplay and bench signatures against the dev build's CLI, the
#             packed tarball in a fresh project), the browser test (puppeteer-core + Debian's
#             Chromium), the Node engine server under `tanbo conform` and `tanbo diff --engine`,
#             the WASM-vs-native playout benchmark, npm pack (js/tanbo-<version>.tgz);
#   docs      the Doxygen site with the generated rules pages and the explorer (reuses the dev
#             build, and the js stage's bundle when it ran);
#   coverage  the "coverage" preset (clang, ASan+UBSan and source-based coverage in one build)
#             through scripts/coverage.sh: every test under the sanitizers but packaging and
#             those in which no C++ of the build runs (the proofs-only ones: Coq on fixed inputs;
#             the CI-file and configure-only checks: the dev run has them), then line/branch
#             coverage of core/ reference/ optimized/ solve/ certificate/ capi/ api/ player/ env/ protocol/ svg/
#             differential/
#             (fails under 95 % lines / 90 % branches; HTML report in
#             BUILD_ROOT/coverage/coverage-html/);
#   asan      not in the default list (the coverage stage runs every one of its tests under the
#             same sanitizers): the "asan" preset alone, faster to rebuild while mending a
#             sanitizer report (fewer RapidCheck cases, no exhaustive walks);
#   fuzz      fuzz/oss-fuzz/build.sh run as OSS-Fuzz's compile does with libFuzzer, its output
#             checked like OSS-Fuzz's check_build (scripts/oss-fuzz-check.sh), then those
#             binaries through scripts/fuzz.sh ci: every target for TANBO_FUZZ_SECONDS each
#             (fuzz_differential: TANBO_FUZZ_DIFF_RUNS executions), seed corpus first (the "fuzz"
#             preset, `scripts/fuzz.sh build`, is the same build for fuzzing at your desk);
#   afl       fuzz/oss-fuzz/build.sh with AFL++, every target fuzzed briefly under afl-fuzz
#             (TANBO_AFL_SECONDS, default 5).
# Environment: TANBO_STAGES (default: all of the above but asan, in that order), TANBO_BUILD_ROOT
# (default build; the stages build in BUILD_ROOT/<preset>, the fuzz stage in BUILD_ROOT/oss-fuzz),
# TANBO_FUZZ_SECONDS (default 20), JOBS (default: number of cores).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

all_stages="dev js docs coverage asan fuzz afl"
default_stages="dev js docs coverage fuzz afl"
root=${TANBO_BUILD_ROOT:-build}
stages=${TANBO_STAGES:-$default_stages}
jobs=${JOBS:-$(nproc)}
fuzz_seconds=${TANBO_FUZZ_SECONDS:-20}

log() { printf '\n=== %s (%s)\n' "$*" "$(date +%H:%M:%S)"; }

# preset_build PRESET [cmake args...]: configure and build one preset in BUILD_ROOT/PRESET.
preset_build() {
  local preset=$1; shift
  cmake --preset "$preset" -B "$root/$preset" "$@" >/dev/null
  cmake --build "$root/$preset" -j "$jobs"
}

# preset_test PRESET [ctest args...]: the preset's tests (CMakePresets.json says which).
preset_test() {
  local preset=$1; shift
  ctest --preset "$preset" --test-dir "$root/$preset" -j "$jobs" "$@"
}

for stage in $stages; do
  start=$(date +%s)
  case $stage in
    dev)
      log "dev preset (g++): build and every test"
      preset_build dev -DTANBO_BUILD_PYTHON=ON -DTANBO_REQUIRE_FORMAL=ON
      preset_test dev ;;
    js)
      log "wasm preset: npm package and rules explorer, Node and browser tests, npm pack"
      # The native side of the comparisons: the dev build's CLI and fuzz replay driver.
      cmake --preset dev -B "$root/dev" >/dev/null
      cmake --build "$root/dev" -j "$jobs" --target tanbo fuzz_differential
      wasm="$PWD/$root/wasm"
      cmake --preset wasm -B "$wasm" -DTANBO_NATIVE_BUILD_DIR="$PWD/$root/dev" >/dev/null
      NODE_PATH=/usr/share/nodejs cmake --build "$wasm" -j "$jobs"
      (cd js && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund)
      ctest --test-dir "$wasm/js" -j "$jobs" --output-on-failure
      cat "$wasm/js/test-artifacts/figures.txt"
      # The npm package's engine server against the conformance suite and the reference engine
      # (docs/conformance.md), now that js/dist holds the module.
      "$root/dev/cli/tanbo" conform --engine "node js/bin/tanbo-serve.mjs"
      "$root/dev/cli/tanbo" diff --engine "node js/bin/tanbo-serve.mjs" --executions 4 --seconds 100000 --quiet \
        --out "$wasm/js/test-artifacts/diff-engine-node"
      node js/bench/bench.mjs "$root/dev/cli/tanbo" 2
      (cd js && npm pack --loglevel=error) ;;
    docs)
      log "documentation (Doxygen with the generated rules pages; reuses the dev build)"
      explorer="$PWD/$root/wasm/js/explorer"
      [[ -f "$explorer/index.html" ]] || explorer=""
      cmake --preset dev -B "$root/dev" -DTANBO_EXPLORER_DIR="$explorer" >/dev/null
      cmake --build "$root/dev" -j "$jobs" --target docs ;;
    coverage)
      log "coverage preset (clang, ASan+UBSan, coverage): every test, then line/branch coverage"
      scripts/coverage.sh --build-dir "$root/coverage" --jobs "$jobs" ;;
    asan)
      log "asan preset (clang, AddressSanitizer + UndefinedBehaviorSanitizer): build and tests"
      preset_build asan
      preset_test asan ;;
    fuzz)
      log "OSS-Fuzz's build with libFuzzer (ASan+UBSan), checked; every target, ${fuzz_seconds}s each"
      scripts/oss-fuzz-check.sh --engine libfuzzer --seconds 0 --dir "$root/oss-fuzz"
      scripts/fuzz.sh ci --seconds "$fuzz_seconds" --build-dir "$root/oss-fuzz" --bin-dir "$root/oss-fuzz/out" ;;
    afl)
      log "OSS-Fuzz's build with AFL++ (ASan+UBSan); every target under afl-fuzz"
      scripts/fuzz.sh ci --engine afl --seconds "${TANBO_AFL_SECONDS:-5}" --jobs 1 --build-dir "$root/afl" ;;
    *)
      echo "run-tests: unknown stage '$stage' (known: $all_stages)" >&2
      exit 2 ;;
  esac
  echo "run-tests: stage $stage passed in $(( $(date +%s) - start )) s"
done
log "all stages passed: $stages"
