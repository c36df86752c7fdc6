#!/usr/bin/env bash
# Builds and runs tanbo's libFuzzer targets (fuzz/): fuzzing with the seed corpora, merging new
# inputs back, corpus minimization, crash minimization and replay. Needs clang++ with libFuzzer
# (Debian: clang-14 libclang-rt-14-dev; clang++ or clang++-N). See fuzz/README.md.
#
#   scripts/fuzz.sh build                       configure + build the targets (TANBO_FUZZ=ON)
#   scripts/fuzz.sh run [TARGET...]             fuzz each target --seconds S (default 60)
#   scripts/fuzz.sh ci                          build, then run every target briefly (CI)
#   scripts/fuzz.sh merge [TARGET...]           add work-corpus inputs with new coverage to fuzz/corpus
#   scripts/fuzz.sh cmin [TARGET...]            minimize fuzz/corpus/<t> in place (-merge=1)
#   scripts/fuzz.sh minimize --target T CRASH   shrink a crash input (-minimize_crash=1)
#   scripts/fuzz.sh replay --target T FILE...   run inputs once
# Options:
#   --seconds S       fuzzing time per target (run: 60, ci: 40)
#   --jobs N          parallel fuzzing processes per target, libFuzzer fork mode (-fork=N);
#                     0 = all local cores (nproc). Default 1 (run), 2 (ci).
#   --workers N       use libFuzzer's older -jobs=N -workers=N mode instead of fork mode (each
#                     worker is an independent fuzzer sharing the corpus directory; one log each)
#   --build-dir DIR   default build-fuzz
#   --target T        for minimize / replay
# Targets: every fuzz_* executable in BUILD_DIR/fuzz (fuzz_differential fuzz_notation
# fuzz_position fuzz_record, and fuzz_capi when the C API is built).
# New inputs go to BUILD_DIR/fuzz-work/<t>, crashes to BUILD_DIR/fuzz-artifacts/<t>/.
# Exit status: 0 ok, 1 a target crashed (or found a divergence), 2 usage or build error.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build-fuzz"
seconds=""
jobs=""
workers=""
target=""
cmd="${1:-}"
[[ -n "$cmd" ]] && shift || true
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --workers) workers="$2"; shift 2 ;;
    --build-dir) build="$(realpath -m "$2")"; shift 2 ;;
    --target) target="$2"; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
[[ "$jobs" == 0 ]] && jobs="$(nproc)"
[[ "$workers" == 0 ]] && workers="$(nproc)"

die() { echo "fuzz.sh: $*" >&2; exit 2; }

# Per-target libFuzzer options: input size bounds and dictionaries.
target_flags() {
  local t="$1" name="${1#fuzz_}"
  case "$t" in
    fuzz_differential) echo "-max_len=4096" ;;
    fuzz_notation) echo "-max_len=16" ;;
    fuzz_position) echo "-max_len=1024" ;;
    fuzz_record) echo "-max_len=4096" ;;
  esac
  [[ -f "$root/fuzz/dict/$name.dict" ]] && echo "-dict=$root/fuzz/dict/$name.dict"
  return 0
}

# The first clang++ found: plain clang++ (Debian package clang) or a versioned one (clang-N).
find_clang() {
  local c
  for c in clang++ clang++-{20..14}; do command -v "$c" >/dev/null && { echo "$c"; return 0; }; done
  return 1
}

do_build() {
  local cxx
  cxx="$(find_clang)" || die "no clang++ found (Debian: apt-get install clang-14 libclang-rt-14-dev)"
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    CXX="$cxx" CC="${cxx/clang++/clang}" cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DTANBO_FUZZ=ON -DTANBO_BUILD_TESTS=OFF -DTANBO_BUILD_CLI=OFF -DTANBO_BUILD_BENCHMARKS=OFF \
      -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_EXAMPLES=OFF -DTANBO_INSTALL=OFF || die "configure failed"
  fi
  cmake --build "$build" -j"$(nproc)" || die "build failed"
}

all_targets() {
  local f
  for f in "$build"/fuzz/fuzz_*; do [[ -x "$f" ]] && basename "$f"; done
}

binary() {
  local b="$build/fuzz/$1"
  [[ -x "$b" ]] || die "no fuzz target '$1' in $build/fuzz (run: scripts/fuzz.sh build)"
  echo "$b"
}

# Fuzzes one target; prints a one-line result; returns 1 on a crash.
run_one() {
  local t="$1" secs="$2" bin work art log corpus
  bin="$(binary "$t")"
  work="$build/fuzz-work/$t"; art="$build/fuzz-artifacts/$t"; log="$build/fuzz-logs/$t.log"
  corpus="$root/fuzz/corpus/${t#fuzz_}"
  mkdir -p "$work" "$art" "$(dirname "$log")"
  local -a opts=(-max_total_time="$secs" -print_final_stats=1 -timeout=60 -rss_limit_mb=4096
                 -artifact_prefix="$art/")
  mapfile -t extra < <(target_flags "$t")
  opts+=("${extra[@]}")
  if [[ -n "$workers" ]]; then opts+=(-jobs="$workers" -workers="$workers")
  elif [[ -n "$jobs" && "$jobs" -gt 1 ]]; then opts+=(-fork="$jobs")
  fi
  local dirs=("$work")
  [[ -d "$corpus" ]] && dirs+=("$corpus")
  local status=0 stats="$build/fuzz-logs/$t.stats"
  rm -f "$stats"
  # fuzz_differential appends its counters (steps compared, moves) to this file at exit.
  (cd "$build/fuzz-logs" && TANBO_FUZZ_STATS="$stats" "$bin" "${opts[@]}" "${dirs[@]}") >"$log" 2>&1 || status=$?
  # Figures: single-process runs print stat:: lines, fork mode a "#N: cov: ... exec/s N" line.
  local execs rate cov
  execs="$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)"
  rate="$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' | tail -1)"
  if [[ -z "$execs" ]]; then  # fork mode: the last "#N:" is the total over all jobs
    execs="$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')"
    [[ -n "$execs" ]] && rate=$(( execs / (secs > 0 ? secs : 1) ))
  fi
  local steps=""
  [[ -f "$stats" ]] && steps="$(awk '{s += $4} END {print s + 0}' "$stats")"
  [[ -n "$steps" ]] && steps=" ($steps steps compared)"
  cov="$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$')"
  local crashes
  crashes="$(find "$art" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)"
  printf '%-18s %6ss  %9s execs  %6s exec/s  cov %6s  corpus %5s files  %s\n' "$t" "$secs" \
    "${execs:-?}" "${rate:-?}" "${cov:-?}" "$(find "$work" -type f | wc -l)" \
    "$([[ $status == 0 && $crashes == 0 ]] && echo "ok$steps" || echo "FAILED (status $status, $crashes artifacts in $art)")"
  if [[ $status != 0 || $crashes != 0 ]]; then
    echo "----- last lines of $log -----"
    tail -n 60 "$log"
    echo "-----"
    local a
    for a in "$art"/*; do
      [[ -f "$a" ]] || continue
      echo "artifact: $a"
      echo "  replay:   $bin $a"
      echo "  minimize: scripts/fuzz.sh minimize --target $t $a"
      [[ "$t" == fuzz_differential ]] && echo "  as a game record: $build/verify/tanbo-verify --input $a"
    done
    return 1
  fi
}

run_targets() {
  local secs="$1"; shift
  local targets=("$@") failed=0 t
  [[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(all_targets)
  [[ ${#targets[@]} -gt 0 ]] || die "no fuzz targets in $build/fuzz (run: scripts/fuzz.sh build)"
  echo "fuzzing ${#targets[@]} target(s) for ${secs}s each (jobs ${jobs:-1}${workers:+, workers $workers}); logs in $build/fuzz-logs"
  for t in "${targets[@]}"; do run_one "$t" "$secs" || failed=1; done
  return $failed
}

merge_into() {  # merge_into TARGET DEST SOURCES...
  local t="$1" dest="$2"; shift 2
  local bin; bin="$(binary "$t")"
  mkdir -p "$dest"
  "$bin" -merge=1 $(target_flags "$t" | grep -v -- -dict) "$dest" "$@" 2>&1 | grep -E '^MERGE-OUTER: [0-9]+ new files' || true
}

case "$cmd" in
  build) do_build ;;
  run) run_targets "${seconds:-60}" "${args[@]}" || exit 1 ;;
  ci)
    jobs="${jobs:-2}"
    do_build
    run_targets "${seconds:-40}" "${args[@]}" || exit 1 ;;
  merge)
    [[ ${#args[@]} -gt 0 ]] || mapfile -t args < <(all_targets)
    for t in "${args[@]}"; do
      [[ -d "$build/fuzz-work/$t" ]] || continue
      echo "$t:"; merge_into "$t" "$root/fuzz/corpus/${t#fuzz_}" "$build/fuzz-work/$t"
    done ;;
  cmin)
    [[ ${#args[@]} -gt 0 ]] || mapfile -t args < <(all_targets)
    for t in "${args[@]}"; do
      corpus="$root/fuzz/corpus/${t#fuzz_}"
      [[ -d "$corpus" ]] || continue
      tmp="$(mktemp -d)"
      echo "$t: $(find "$corpus" -type f | wc -l) files before"
      merge_into "$t" "$tmp" "$corpus"
      rm -rf "$corpus" && mv "$tmp" "$corpus"
      echo "$t: $(find "$corpus" -type f | wc -l) files after"
    done ;;
  minimize)
    [[ -n "$target" && ${#args[@]} -eq 1 ]] || die "usage: scripts/fuzz.sh minimize --target T CRASH_FILE"
    bin="$(binary "$target")"
    out="${args[0]}.min"
    "$bin" -minimize_crash=1 -max_total_time="${seconds:-60}" -exact_artifact_path="$out" "${args[0]}" || true
    [[ -f "$out" ]] || die "minimization produced nothing (does ${args[0]} still crash?)"
    echo "minimized crash: $out ($(wc -c <"$out") bytes); replay: $bin $out" ;;
  replay)
    [[ -n "$target" && ${#args[@]} -gt 0 ]] || die "usage: scripts/fuzz.sh replay --target T FILE..."
    "$(binary "$target")" "${args[@]}" ;;
  *) die "unknown or missing command '${cmd}' (build, run, ci, merge, cmin, minimize, replay; see --help)" ;;
esac
