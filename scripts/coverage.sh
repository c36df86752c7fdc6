#!/usr/bin/env bash
# Line and branch coverage of tanbo, with clang's source-based coverage (llvm-cov, Debian
# packages clang-14 and llvm-14). Two modes:
#
#   scripts/coverage.sh [OPTIONS]
#       Builds everything with the "coverage" CMake preset (clang, -Werror, TANBO_COVERAGE=ON and
#       TANBO_SANITIZE=ON: every test below also runs under ASan+UBSan),
#       runs every CTest test but packaging and those running no C++ of the build (proofs-only,
#       ci-config, the configure-only `build` check) (unit, CLI, properties, exhaustive walks,
#       C API, examples, and the fuzz corpora replayed through each fuzz target's replay
#       main()), then prints line and branch coverage of each library folder separately (core/,
#       reference/, optimized/, solve/, certificate/, capi/, api/ the front-end layer, player/, env/,
#       protocol/ and svg/ beside it, differential/ the
#       checker users run), writes an HTML report, and exits 1 if a folder is under the thresholds
#       (or a test failed). A line or
#       branch is counted once per place in the source, over every template instantiation
#       (scripts/coverage_summary.py says why).
#   scripts/coverage.sh --fuzz-target NAME --corpus DIR [--html OUT] [OPTIONS]
#       Coverage of one fuzz target (fuzz_differential, fuzz_capi, ...) on any corpus, e.g. a
#       campaign's: builds the target with its replay main(), runs every input, prints the
#       coverage of each project folder and writes the HTML report (what OSS-Fuzz's coverage
#       build shows). Inputs that crash are skipped and listed; thresholds are not applied.
# Options:
#   --build-dir DIR     build directory (default build/coverage)
#   --html OUT          HTML report directory (default BUILD_DIR/coverage-html, or
#                       BUILD_DIR/coverage-NAME-html for a fuzz target); open OUT/index.html
#   --min-lines P       per-folder line coverage threshold in percent (default 95)
#   --min-branches P    per-folder branch coverage threshold in percent (default 90)
#   --no-check          report only, never fail on the thresholds
#   --jobs N            build and test parallelism (default: number of cores)
#   --report-only       skip configure, build and tests: report from the profiles already in
#                       BUILD_DIR/coverage-profiles (e.g. after running one more test binary
#                       with LLVM_PROFILE_FILE=BUILD_DIR/coverage-profiles/%4m.profraw)
# Also written: BUILD_DIR/coverage-summary.txt (the table) and BUILD_DIR/coverage-files.txt
# (llvm-cov's per-file report: what each file misses, counted in each function's best
# instantiation, so its figures differ from the table's). Exit status: 0 ok, 1 a test failed or a
# folder is under a threshold, 2 usage or build error.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build/coverage"
html=""
fuzz_target=""
corpus=""
min_lines=95
min_branches=90
check=1
report_only=0
jobs="$(nproc)"
die() { echo "coverage.sh: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build-dir) build="$(realpath -m "$2")"; shift 2 ;;
    --html) html="$(realpath -m "$2")"; shift 2 ;;
    --fuzz-target) fuzz_target="$2"; shift 2 ;;
    --corpus) corpus="$(realpath -m "$2")"; shift 2 ;;
    --min-lines) min_lines="$2"; shift 2 ;;
    --min-branches) min_branches="$2"; shift 2 ;;
    --no-check) check=0; shift ;;
    --report-only) report_only=1; shift ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[[ -n "$fuzz_target" && -z "$corpus" ]] && die "--fuzz-target needs --corpus DIR"
[[ -z "$fuzz_target" && -n "$corpus" ]] && die "--corpus needs --fuzz-target NAME"
[[ -n "$corpus" && ! -e "$corpus" ]] && die "corpus '$corpus' does not exist"
[[ -n "$fuzz_target" && ! "$fuzz_target" =~ ^fuzz_[a-z_]+$ ]] &&
  die "--fuzz-target '$fuzz_target' is not a fuzz target name (fuzz_differential, fuzz_capi, ...)"

# The clang and LLVM tools of one version: clang++-14 with llvm-cov-14, or unversioned ones.
tool() {
  local name
  for name in "$1-14" "$1"; do
    command -v "$name" >/dev/null && { echo "$name"; return; }
  done
  die "$1 not found (Debian: apt-get install clang-14 llvm-14, or run scripts/install-deps.sh)"
}
cxx="$(tool clang++)" cc="$(tool clang)" profdata="$(tool llvm-profdata)" cov_tool="$(tool llvm-cov)"

start=$SECONDS
profiles="$build/coverage-profiles"
if [[ $report_only == 0 ]]; then
  (cd "$root" && cmake --preset coverage -B "$build" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_C_COMPILER="$cc" >/dev/null) || die "configure failed"
  rm -rf "$profiles"
  mkdir -p "$profiles"
fi
# %4m: each binary merges its runs into at most 4 files as it exits (safe with parallel tests).
export LLVM_PROFILE_FILE="$profiles/%4m.profraw"
status=0

if [[ -n "$fuzz_target" && $report_only == 1 ]]; then
  objects=("$build/fuzz/$fuzz_target")
  folders=(core reference optimized solve certificate capi api player env protocol svg differential fuzz)
  html="${html:-$build/coverage-$fuzz_target-html}"
elif [[ -n "$fuzz_target" ]]; then
  cmake --build "$build" -j "$jobs" --target "$fuzz_target" >/dev/null ||
    die "cannot build '$fuzz_target' (see fuzz/CMakeLists.txt for the targets)"
  objects=("$build/fuzz/$fuzz_target")
  folders=(core reference optimized solve certificate capi api player env protocol svg differential fuzz)
  html="${html:-$build/coverage-$fuzz_target-html}"
  # The corpus in one run; if an input crashes, rerun input by input and skip the crashing ones
  # (their counters are lost with the process, as in OSS-Fuzz's coverage runs).
  if ! "${objects[0]}" "$corpus" >"$build/coverage-replay.log" 2>&1; then
    rm -f "$profiles"/*
    crashed=0 ran=0
    while IFS= read -r -d '' f; do
      if "${objects[0]}" "$f" >/dev/null 2>&1; then ran=$((ran + 1))
      else crashed=$((crashed + 1)); echo "coverage.sh: skipped (fails or crashes): $f" >&2
      fi
    done < <(find "$corpus" -type f -print0 | sort -z)
    echo "coverage.sh: $ran inputs replayed, $crashed skipped"
  else
    tail -n 1 "$build/coverage-replay.log"
  fi
else
  if [[ $report_only == 0 ]]; then
    cmake --build "$build" -j "$jobs" || die "build failed"
    # Packaging tests build consumer projects against the installed (here: instrumented)
    # libraries without the profile runtime; they run in the dev stage of scripts/run-tests.sh.
    (cd "$root" && ctest --preset coverage --test-dir "$build" -j "$jobs") || status=1
  fi
  # Every instrumented executable of the build (tests, CLI, examples, fuzz replays).
  objects=()
  while IFS= read -r -d '' f; do
    readelf -S "$f" 2>/dev/null | grep -q __llvm_covmap && objects+=("$f")
  done < <(find "$build" -type f -perm -u+x -not -path '*/CMakeFiles/*' -not -name '*.so*' -print0 | sort -z)
  folders=(core reference optimized solve certificate capi api player env protocol svg differential)
  html="${html:-$build/coverage-html}"
fi
((${#objects[@]})) || die "no instrumented executables in $build"
shopt -s nullglob
raw=("$profiles"/*.profraw)
((${#raw[@]})) || die "no profiles written under $profiles"
"$profdata" merge -sparse "${raw[@]}" -o "$build/coverage.profdata"

# llvm-cov warns about functions whose name appears with different code in several binaries
# (main, LLVMFuzzerTestOneInput, test helpers); the libraries are compiled once, so not theirs.
cov() { "$cov_tool" "$@" 2> >(grep -v -e 'functions have mismatched data' -e $'^\e\[0m$' >&2); }
cov_args=(-instr-profile "$build/coverage.profdata" "${objects[0]}")
for o in "${objects[@]:1}"; do cov_args+=(-object "$o"); done
# System headers, generated files and test code: a folder's own tests (FOLDER/tests/, whatever the
# folder; differential/'s planted bugs, broken engines only tests build, among them) are not what it
# ships. The paths are matched literally (a checkout inside a folder named tests/ is not test code).
literal() { sed 's/[][\.*^$+?(){}|]/\\&/g' <<<"$1"; }
ignore='(^/usr/|^'"$(literal "$root")"'/[^/]+/tests/|^'"$(literal "$build")"'/)'
sources=()
for d in "${folders[@]}"; do sources+=("$root/$d"); done
cov report -use-color=false "${cov_args[@]}" -ignore-filename-regex="$ignore" "${sources[@]}" >"$build/coverage-files.txt"

# One line per folder: lines and branches covered (scripts/coverage_summary.py).
{
  printf '%-12s %22s %22s\n' folder lines branches
  cov export "${cov_args[@]}" -ignore-filename-regex="$ignore" "${sources[@]}" |
    python3 "$root/scripts/coverage_summary.py" "$root" "${folders[@]}"
} | tee "$build/coverage-summary.txt"

cov show "${cov_args[@]}" -ignore-filename-regex="$ignore" -format=html -show-branches=count \
  -show-line-counts-or-regions -output-dir "$html" "${sources[@]}"
cp "$build/coverage-summary.txt" "$html/summary.txt"
echo "HTML report: $html/index.html (per-file misses: $build/coverage-files.txt; $((SECONDS - start)) s)"

if [[ -z "$fuzz_target" && $check == 1 ]]; then
  if ! awk -v ml="$min_lines" -v mb="$min_branches" 'NR > 1 && $2 != "-" {
         l = $3 + 0; b = $5 + 0
         if (l < ml) { printf "coverage.sh: %s lines %.1f%% < %s%%\n", $1, l, ml; bad = 1 }
         if (b < mb) { printf "coverage.sh: %s branches %.1f%% < %s%%\n", $1, b, mb; bad = 1 } }
       END { exit bad }' "$build/coverage-summary.txt" >&2; then
    status=1
  else
    echo "coverage: every folder at or above ${min_lines}% lines and ${min_branches}% branches"
  fi
fi
[[ $status == 0 ]] || echo "coverage.sh: FAILED (see above)" >&2
exit $status
