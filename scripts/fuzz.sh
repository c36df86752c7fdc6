#!/usr/bin/env bash
# Builds and runs tanbo's fuzz targets (fuzz/) with libFuzzer (default) or AFL++: fuzzing with
# the seed corpora, merging new inputs back, corpus minimization, crash minimization and replay.
# libFuzzer needs clang++ (Debian: clang-14 libclang-rt-14-dev; clang++ or clang++-N); AFL++
# needs afl++ and libc++-14-dev (its build is fuzz/oss-fuzz/build.sh, through
# scripts/oss-fuzz-check.sh --build-only). See fuzz/README.md.
#
#   scripts/fuzz.sh build                       configure + build the targets
#   scripts/fuzz.sh run [TARGET...]             fuzz each target --seconds S (default 60)
#   scripts/fuzz.sh ci                          build, then run every target briefly (CI); with
#                                               --bin-dir, the targets already built there (CI's:
#                                               OSS-Fuzz's libFuzzer build, checked first)
#   scripts/fuzz.sh merge [TARGET...]           add work-corpus inputs with new coverage to fuzz/corpus
#   scripts/fuzz.sh cmin [TARGET...]            minimize fuzz/corpus/<t> in place (-merge=1)
#   scripts/fuzz.sh cmin --work [TARGET...]     minimize the work corpora BUILD_DIR/fuzz-work/<t>
#   scripts/fuzz.sh minimize --target T CRASH   shrink a crash input (-minimize_crash=1)
#   scripts/fuzz.sh replay --target T FILE...   run inputs once
# Options:
#   --engine E        libfuzzer (default) or afl (AFL++'s afl-fuzz; build, run, ci and replay)
#   --seconds S       fuzzing time per target (run: 60, ci: 40)
#   --runs N          stop each target after N executions (libFuzzer -runs; in fork mode the
#                     total over all jobs), --seconds still caps the time. ci gives
#                     fuzz_differential --runs 10000 (TANBO_FUZZ_DIFF_RUNS) capped at 600 s, so
#                     the main target gets a real search whatever the machine's speed.
#   --jobs N          parallel fuzzing processes per target: libFuzzer fork mode (-fork=N), or
#                     AFL++ one main + N-1 secondary afl-fuzz instances; 0 = all local cores
#                     (nproc). Default 1 (run), 2 (ci).
#   --workers N       use libFuzzer's older -jobs=N -workers=N mode instead of fork mode (each
#                     worker is an independent fuzzer sharing the corpus directory; one log each)
#   --build-dir DIR   default build/fuzz (libFuzzer, the "fuzz" CMake preset) or build/afl (AFL++)
#   --bin-dir DIR     where the fuzz_* binaries are: default BUILD_DIR/fuzz (libFuzzer) or
#                     BUILD_DIR/out (AFL++, OSS-Fuzz's $OUT layout); <t>.options and <t>.dict
#                     there are used when present (as OSS-Fuzz does). Given to `ci`, nothing is
#                     built: the binaries there are fuzzed as they are
#   --corpus-root DIR seed corpora DIR/<target minus fuzz_> (default fuzz/corpus)
#   --target T        for minimize / replay
# Targets: every fuzz_* executable in the bin dir (fuzz_differential fuzz_notation
# fuzz_position fuzz_record, and fuzz_capi when the C API is built). Per-target options (max_len,
# timeout) come from fuzz/oss-fuzz/options/<t>.options, dictionaries from fuzz/dict/.
# New inputs go to BUILD_DIR/fuzz-work/<t> (AFL++: BUILD_DIR/afl-out/<t>/*/queue), crashes to
# BUILD_DIR/fuzz-artifacts/<t>/ (AFL++ crashes are copied there as crash-<sha1>).
# fuzz_certcheck compares the C++ certificate checker with the Coq one (`tanbo-certcheck`): the
# program TANBO_CERTCHECK names, else the dev build's build/dev/formal/tanbo-certcheck when it is
# there; without either it fuzzes the C++ checker alone (no OCaml needed), and says so.
# Exit status: 0 ok, 1 a target crashed (or found a divergence), 2 usage or build error.
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build=""
engine=libfuzzer
bin_dir=""
corpus_root="$root/fuzz/corpus"
seconds=""
runs=""
jobs=""
workers=""
target=""
work_corpus=0
prebuilt=0  # --bin-dir given: ci fuzzes what is there instead of building
cmd="${1:-}"
[[ "$cmd" == -h || "$cmd" == --help ]] && usage
[[ -n "$cmd" ]] && shift || true
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --workers) workers="$2"; shift 2 ;;
    --engine) engine="$2"; shift 2 ;;
    --build-dir) build="$(realpath -m "$2")"; shift 2 ;;
    --bin-dir) bin_dir="$(realpath -m "$2")"; prebuilt=1; shift 2 ;;
    --corpus-root) corpus_root="$(realpath -m "$2")"; shift 2 ;;
    --target) target="$2"; shift 2 ;;
    --work) work_corpus=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "fuzz.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
[[ "$jobs" == 0 ]] && jobs="$(nproc)"
if [[ -n "${TANBO_CERTCHECK:-}" ]]; then
  export TANBO_CERTCHECK="$(realpath -m "$TANBO_CERTCHECK")"  # the targets run in the log folder
elif [[ -x "$root/build/dev/formal/tanbo-certcheck" ]]; then
  export TANBO_CERTCHECK="$root/build/dev/formal/tanbo-certcheck"
fi
[[ "$workers" == 0 ]] && workers="$(nproc)"

die() { echo "fuzz.sh: $*" >&2; exit 2; }
case "$engine" in
  libfuzzer) build="${build:-$root/build/fuzz}"; bin_dir="${bin_dir:-$build/fuzz}" ;;
  afl) build="${build:-$root/build/afl}"; bin_dir="${bin_dir:-$build/out}" ;;
  *) die "unknown engine '$engine' (libfuzzer, afl)" ;;
esac

# Per-target libFuzzer options: the [libfuzzer] section of <t>.options (the bin dir's, as
# OSS-Fuzz installs it, else fuzz/oss-fuzz/options/) as -key=value, and the dictionary.
target_flags() {
  local t="$1" name="${1#fuzz_}" opts dict
  opts="$bin_dir/$t.options"
  [[ -f "$opts" ]] || opts="$root/fuzz/oss-fuzz/options/$t.options"
  [[ -f "$opts" ]] && awk -F' *= *' '/^\[/ {s = $0} s == "[libfuzzer]" && NF == 2 {print "-" $1 "=" $2}' "$opts"
  dict="$bin_dir/$t.dict"
  [[ -f "$dict" ]] || dict="$root/fuzz/dict/$name.dict"
  [[ -f "$dict" ]] && echo "-dict=$dict"
  return 0
}

# The first clang++ found: plain clang++ (Debian package clang) or a versioned one (clang-N).
find_clang() {
  local c
  for c in clang++ clang++-{20..14}; do command -v "$c" >/dev/null && { echo "$c"; return 0; }; done
  return 1
}

do_build() {
  if [[ $engine == afl ]]; then  # OSS-Fuzz's AFL++ build: fuzz/oss-fuzz/build.sh, $OUT = BUILD_DIR/out
    bash "$root/scripts/oss-fuzz-check.sh" --engine afl --build-only --dir "$build" || die "AFL++ build failed"
    return
  fi
  local cxx
  cxx="$(find_clang)" || die "no clang++ found (Debian: apt-get install clang-14 libclang-rt-14-dev)"
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    # The "fuzz" preset of CMakePresets.json, with the clang found here.
    (cd "$root" && cmake --preset fuzz -B "$build" -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_C_COMPILER="${cxx/clang++/clang}") || die "configure failed"
  fi
  cmake --build "$build" -j"$(nproc)" || die "build failed"
}

all_targets() {
  local f
  for f in "$bin_dir"/fuzz_*; do [[ -f "$f" && -x "$f" ]] && basename "$f"; done
}

binary() {
  local b="$bin_dir/$1"
  [[ -x "$b" ]] || die "no fuzz target '$1' in $bin_dir (run: scripts/fuzz.sh build$([[ $engine == afl ]] && echo " --engine afl"))"
  echo "$b"
}

# Prints the end of the log and, per crash file, the commands replaying and minimizing it.
report_failure() {  # report_failure TARGET BINARY LOG ARTIFACT_DIR
  local t="$1" bin="$2" log="$3" art="$4" a
  echo "----- last lines of $log -----"
  tail -n 60 "$log"
  echo "-----"
  for a in "$art"/*; do
    [[ -f "$a" ]] || continue
    echo "artifact: $a"
    echo "  replay:   $bin $a"
    if [[ $engine == afl ]]; then
      echo "  minimize: scripts/fuzz.sh minimize --target $t $a   (libFuzzer build: scripts/fuzz.sh build)"
    elif [[ "$bin_dir" != "$build/fuzz" ]]; then
      echo "  minimize: scripts/fuzz.sh minimize --target $t --bin-dir $bin_dir $a"
    else
      echo "  minimize: scripts/fuzz.sh minimize --target $t $a"
    fi
    if [[ "$t" == fuzz_differential ]]; then
      echo "  as a game record: tanbo diff --input $a"
    fi
  done
}

# Fuzzes one target with AFL++ (afl-fuzz -V S); crashes and hangs are copied to the artifact
# folder under libFuzzer's names, so they are reported and replayed the same way.
run_one_afl() {
  local t="$1" secs="$2" bin out art log corpus
  bin="$(binary "$t")" || return 2  # (set -e is off in `run_one ... || failed=1`)
  out="$build/afl-out/$t"; art="$build/fuzz-artifacts/$t"; log="$build/fuzz-logs/$t.log"
  corpus="$corpus_root/${t#fuzz_}"
  [[ -d "$corpus" ]] || die "afl-fuzz needs seeds: no $corpus"
  rm -rf "$out"; mkdir -p "$out" "$art" "$(dirname "$log")"
  local timeout_ms=60000 dict="" flag
  while read -r flag; do
    case "$flag" in
      -timeout=*) timeout_ms=$(( ${flag#-timeout=} * 1000 )) ;;
      -dict=*) dict="${flag#-dict=}" ;;
    esac
  done < <(target_flags "$t")
  local -a opts=(-i "$corpus" -o "$out" -V "$secs" -t "$timeout_ms" -m none)
  [[ -n "$dict" ]] && opts+=(-x "$dict")
  # ASan/UBSan must abort (afl-fuzz sees signals, not exit codes); symbolizing and allocation
  # stacks are left to the replay (with them ASan made executions ~100x slower under afl-fuzz).
  # Unsigned overflow only feeds coverage in OSS-Fuzz's UBSan flags, as there. No CPU binding:
  # the machine is shared; AFL_FAST_CAL: 3 calibration runs per seed, not 8 (slow seeds).
  local -a env=(AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
                AFL_FAST_CAL=1 AFL_QUIET=1 ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=1:malloc_context_size=0
                UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0:silence_unsigned_overflow=1)
  local n="${jobs:-1}" i status=0 pids=()
  for (( i = 1; i < n; i++ )); do  # secondaries share the output folder with the main instance
    env "${env[@]}" afl-fuzz "${opts[@]}" -S "s$i" -- "$bin" >"$log.s$i" 2>&1 & pids+=($!)
  done
  env "${env[@]}" afl-fuzz "${opts[@]}" $([[ $n -gt 1 ]] && echo "-M main") -- "$bin" >"$log" 2>&1 || status=$?
  for i in "${pids[@]}"; do wait "$i" || status=$?; done
  local f kind execs=0 rate=0 cov="?" corpus_n=0 crashes=0 stats
  for f in "$out"/*/crashes/id:* "$out"/*/hangs/id:*; do
    [[ -f "$f" ]] || continue
    kind=crash; [[ "$f" == */hangs/* ]] && kind=timeout
    cp "$f" "$art/$kind-$(sha1sum "$f" | cut -c1-40)"
  done
  for stats in "$out"/*/fuzzer_stats; do
    [[ -f "$stats" ]] || continue
    execs=$(( execs + $(awk '$1 == "execs_done" {v = $3} END {print v + 0}' "$stats") ))
    rate=$(( rate + $(awk '$1 == "execs_per_sec" {v = $3} END {printf "%d", v}' "$stats") ))
    corpus_n=$(( corpus_n + $(awk '$1 == "corpus_count" {v = $3} END {print v + 0}' "$stats") ))
    cov="$(awk '$1 == "edges_found" {print $3}' "$stats")"
  done
  crashes="$(find "$art" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' \) | wc -l)"
  if [[ $crashes != 0 ]]; then  # afl-fuzz logs no report: replay the first crash into the log
    f="$(find "$art" -maxdepth 1 -type f -name 'crash-*' | head -1)"
    [[ -n "$f" ]] && { echo "----- replay of $f -----"; UBSAN_OPTIONS=print_stacktrace=1:silence_unsigned_overflow=1 \
      timeout 120 "$bin" "$f" 2>&1 | tail -n 40; } >>"$log" || true
  fi
  printf '%-18s %6ss  %9s execs  %6s exec/s  edges %4s  queue %5s files  %s\n' "$t" "$secs" \
    "$execs" "$rate" "$cov" "$corpus_n" \
    "$([[ $status == 0 && $crashes == 0 ]] && echo "ok (afl-fuzz, $out)" || echo "FAILED (status $status, $crashes artifacts in $art)")"
  if [[ $status != 0 || $crashes != 0 ]]; then report_failure "$t" "$bin" "$log" "$art"; return 1; fi
}

# Fuzzes one target; prints a one-line result; returns 1 on a crash.
run_one() {
  local t="$1" secs="$2" bin work art log corpus
  bin="$(binary "$t")" || return 2  # (set -e is off in `run_one ... || failed=1`)
  work="$build/fuzz-work/$t"; art="$build/fuzz-artifacts/$t"; log="$build/fuzz-logs/$t.log"
  corpus="$corpus_root/${t#fuzz_}"
  mkdir -p "$work" "$art" "$(dirname "$log")"
  local -a opts=(-max_total_time="$secs" -print_final_stats=1 -timeout=60 -rss_limit_mb=4096
                 -artifact_prefix="$art/")
  mapfile -t extra < <(target_flags "$t")
  opts+=("${extra[@]}")
  [[ -n "$runs" ]] && opts+=(-runs="$runs")
  if [[ -n "$workers" ]]; then opts+=(-jobs="$workers" -workers="$workers")
  elif [[ -n "$jobs" && "$jobs" -gt 1 ]]; then opts+=(-fork="$jobs")
  fi
  local dirs=("$work")
  [[ -d "$corpus" ]] && dirs+=("$corpus")
  local status=0 stats="$build/fuzz-logs/$t.stats" start=$SECONDS
  rm -f "$stats"
  # fuzz_differential appends its counters (steps compared, moves) to this file at exit.
  (cd "$build/fuzz-logs" && TANBO_FUZZ_STATS="$stats" "$bin" "${opts[@]}" "${dirs[@]}") >"$log" 2>&1 || status=$?
  # Figures: single-process runs print stat:: lines, fork mode a "#N: cov: ... exec/s N" line.
  local execs rate cov elapsed=$(( SECONDS - start ))
  execs="$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)"
  rate="$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' | tail -1)"
  if [[ -z "$execs" ]]; then  # fork mode: the last "#N:" is the total over all jobs
    execs="$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')"
    [[ -n "$execs" ]] && rate=$(( execs / (elapsed > 0 ? elapsed : 1) ))
  fi
  local steps=""
  [[ -f "$stats" ]] && steps="$(awk '{s += $4} END {print s + 0}' "$stats")"
  [[ -n "$steps" ]] && steps=" ($steps steps compared)"
  if [[ $t == fuzz_certcheck ]]; then
    steps=" (C++ checker alone: no tanbo-certcheck)"
    [[ -n "${TANBO_CERTCHECK:-}" ]] && steps=" (against $TANBO_CERTCHECK)"
  fi
  cov="$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$')"
  local crashes
  crashes="$(find "$art" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)"
  printf '%-18s %6ss  %9s execs  %6s exec/s  cov %6s  corpus %5s files  %s\n' "$t" "$elapsed" \
    "${execs:-?}" "${rate:-?}" "${cov:-?}" "$(find "$work" -type f | wc -l)" \
    "$([[ $status == 0 && $crashes == 0 ]] && echo "ok$steps" || echo "FAILED (status $status, $crashes artifacts in $art)")"
  if [[ $status != 0 || $crashes != 0 ]]; then report_failure "$t" "$bin" "$log" "$art"; return 1; fi
}

run_targets() {
  local secs="$1"; shift
  local targets=("$@") failed=0 t
  [[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(all_targets)
  [[ ${#targets[@]} -gt 0 ]] || die "no fuzz targets in $bin_dir (run: scripts/fuzz.sh build$([[ $engine == afl ]] && echo " --engine afl"))"
  echo "fuzzing ${#targets[@]} target(s) with $engine for ${secs}s each (jobs ${jobs:-1}${workers:+, workers $workers}); logs in $build/fuzz-logs"
  for t in "${targets[@]}"; do
    if [[ $engine == afl ]]; then run_one_afl "$t" "$secs" || failed=1; else run_one "$t" "$secs" || failed=1; fi
  done
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
    [[ $prebuilt == 1 ]] || do_build
    [[ ${#args[@]} -gt 0 ]] || mapfile -t args < <(all_targets)
    failed=0
    for t in "${args[@]}"; do
      if [[ $t == fuzz_differential && $engine == libfuzzer && -z "$runs" ]]; then
        runs="${TANBO_FUZZ_DIFF_RUNS:-10000}" run_targets 600 "$t" || failed=1
      else
        run_targets "${seconds:-40}" "$t" || failed=1
      fi
    done
    exit $failed ;;
  merge|cmin|minimize)
    [[ $engine == libfuzzer ]] || die "$cmd uses libFuzzer (drop --engine $engine; AFL++ inputs replay in any build)"
    ;;&
  merge)
    [[ ${#args[@]} -gt 0 ]] || mapfile -t args < <(all_targets)
    for t in "${args[@]}"; do
      [[ -d "$build/fuzz-work/$t" ]] || continue
      echo "$t:"; merge_into "$t" "$root/fuzz/corpus/${t#fuzz_}" "$build/fuzz-work/$t"
      # The checked-in differential corpus is kept canonical (a CTest test checks it).
      if [[ $t == fuzz_differential ]]; then "$root/scripts/fuzz-make-corpus.sh"; fi
    done ;;
  cmin)
    [[ ${#args[@]} -gt 0 ]] || mapfile -t args < <(all_targets)
    for t in "${args[@]}"; do
      corpus="$root/fuzz/corpus/${t#fuzz_}"
      [[ $work_corpus == 1 ]] && corpus="$build/fuzz-work/$t"
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
    bin="$(binary "$target")" || exit 2
    "$bin" "${args[@]}" ;;
  *) die "unknown or missing command '${cmd}' (build, run, ci, merge, cmin, minimize, replay; see --help)" ;;
esac
