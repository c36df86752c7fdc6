#!/usr/bin/env bash
# THE differential fuzz campaign: checks the optimized engine against the reference engine on
# generated games for a fixed time, with progress, then a summary (executions, moves compared,
# divergences, corpus size). On a divergence it writes a minimized reproducer game record and
# prints the commands that replay it. First installs the missing Debian packages
# (scripts/install-deps.sh; set TANBO_SKIP_INSTALL=1 to skip).
#
#   scripts/fuzz-campaign.sh [--seconds S] [--seed X] [--jobs N] [--out DIR] [--portable]
#                            [--build-dir DIR]
#     --seconds S   campaign length (default 120)
#     --seed X      seed of the portable runner (libFuzzer mode: -seed=X) (default 1)
#     --jobs N      parallel fuzzing processes / threads (default: all cores, nproc)
#     --out DIR     corpus, logs and reproducers (default build/campaign)
#     --portable    use the portable runner even if libFuzzer is available
# Mode: with clang++ and libFuzzer (clang + libclang-rt-*-dev) it builds fuzz_differential with
# -DTANBO_FUZZ=ON twice, and runs --jobs coverage-guided workers sharing one corpus (seeded from
# fuzz/corpus/differential): one under ASan + UBSan, the others uninstrumented (faster); otherwise
# the CLI's portable campaign `tanbo diff` (seeded random games, any compiler). Both use the same
# driver (differential/); `tanbo diff` also turns a libFuzzer crash file into a minimized record.
# Exit status: the table of `tanbo diff` (cli/README.md): 0 the engines agree, 2 bad command
# line, 3 divergence (or an engine crashed), 4 a build failed or a tool stopped unexpectedly.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ "${TANBO_SKIP_INSTALL:-0}" == 1 ]] || "$root/scripts/install-deps.sh"
seconds=120
seed=1
jobs="$(nproc)"
out="$root/build/campaign"  # git-ignored, like every build folder
portable=0
build=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --out) out="$(realpath -m "$2")"; shift 2 ;;
    --portable) portable=1; shift ;;
    --build-dir) build="$(realpath -m "$2")"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "fuzz-campaign.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ "$seconds" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ && "$jobs" =~ ^[1-9][0-9]*$ ]] ||
  { echo "fuzz-campaign.sh: --seconds, --seed and --jobs take whole numbers (jobs >= 1)" >&2; exit 2; }

die() { echo "fuzz-campaign.sh: $*" >&2; exit 4; }

# The first clang++ found: plain clang++ (Debian package clang) or a versioned one (clang-N).
find_clang() {
  local c
  for c in clang++ clang++-{20..14}; do command -v "$c" >/dev/null && { echo "$c"; return 0; }; done
  return 1
}

# libFuzzer is usable if clang++ links a trivial fuzz target with the sanitizers we use.
have_libfuzzer() {
  local cxx tmp ok=0
  cxx="$(find_clang)" || return 1
  tmp="$(mktemp -d)"
  printf '#include <cstdint>\n#include <cstddef>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' >"$tmp/t.cpp"
  "$cxx" -fsanitize=fuzzer,address,undefined "$tmp/t.cpp" -o "$tmp/t" >/dev/null 2>&1 || ok=1
  rm -rf "$tmp"
  return $ok
}

configure_build() {  # configure_build DIR TARGETS... (extra cmake args in $cmake_args)
  local dir="$1"; shift
  # Configured every time (quick once cached), so a build folder from before keeps up with the
  # options (the CLI is needed in both modes: `tanbo diff` is the campaign front end).
  local generator=(-G Ninja)
  [[ -f "$dir/CMakeCache.txt" ]] && generator=()
  cmake -S "$root" -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTANBO_BUILD_CLI=ON \
    -DTANBO_BUILD_BENCHMARKS=OFF -DTANBO_BUILD_DOCS=OFF -DTANBO_BUILD_EXAMPLES=OFF \
    -DTANBO_INSTALL=OFF "${cmake_args[@]}" >"$out/configure.log" 2>&1 ||
    { tail -20 "$out/configure.log"; die "configure failed (log: $out/configure.log)"; }
  echo "building $* in $dir ..."
  cmake --build "$dir" --target "$@" -j"$(nproc)" >"$out/build.log" 2>&1 ||
    { tail -30 "$out/build.log"; die "build failed (log: $out/build.log)"; }
}

mkdir -p "$out"
start_time=$(date +%s)

if [[ $portable == 0 ]] && have_libfuzzer; then
  # ---- libFuzzer mode ----
  # The cores go where bugs are found fastest: one worker on the ASan+UBSan build (memory errors,
  # undefined behaviour) and the others on an uninstrumented build (-fsanitize=fuzzer only, several
  # times the executions per second), all sharing one corpus directory: libFuzzer reloads it every
  # second (-reload=1), so each worker runs what the others found.
  build="${build:-$root/build/fuzz}"
  fast_build="${build}-fast"
  CXX="$(find_clang)"
  export CXX CC="${CXX/clang++/clang}"
  cmake_args=(-DTANBO_FUZZ=ON -DTANBO_BUILD_TESTS=OFF)
  configure_build "$build" fuzz_differential tanbo
  workers=("$build/fuzz/fuzz_differential")
  if [[ $jobs -gt 1 ]]; then
    cmake_args=(-DTANBO_FUZZ=ON -DTANBO_BUILD_TESTS=OFF "-DTANBO_FUZZ_FLAGS=-fsanitize=fuzzer -g"
      "-DTANBO_FUZZ_LIB_FLAGS=-fsanitize=fuzzer-no-link -g")
    configure_build "$fast_build" fuzz_differential
    for ((i = 1; i < jobs; i++)); do workers+=("$fast_build/fuzz/fuzz_differential"); done
  fi
  # One execution's cost is bounded by the input length (the options file is shared with OSS-Fuzz).
  max_len=$(sed -n 's/^max_len *= *//p' "$root/fuzz/oss-fuzz/options/fuzz_differential.options")
  corpus="$out/corpus"; art="$out/artifacts"; stats="$out/stats.txt"
  mkdir -p "$corpus" "$art"
  rm -f "$stats" "$art"/crash-* "$art"/timeout-* "$art"/oom-* "$out"/worker-*.log
  echo "differential campaign: libFuzzer, ${seconds}s, seed $seed, corpus $corpus, max_len $max_len"
  echo "workers: 1 x ASan+UBSan ($build)$([[ $jobs -gt 1 ]] && echo ", $((jobs - 1)) x uninstrumented ($fast_build)")"
  pids=()
  for i in "${!workers[@]}"; do
    TANBO_FUZZ_STATS="$stats" "${workers[$i]}" -max_total_time="$seconds" -seed=$((seed + i)) \
      -max_len="$max_len" -timeout=60 -rss_limit_mb=4096 -reload=1 -print_final_stats=1 \
      -artifact_prefix="$art/" "$corpus" "$root/fuzz/corpus/differential" >"$out/worker-$i.log" 2>&1 &
    pids+=($!)
  done
  # Progress every 10 s: each worker's latest libFuzzer status line ("#EXECS ... exec/s: R").
  while kill -0 "${pids[@]}" 2>/dev/null; do
    sleep 10
    for i in "${!workers[@]}"; do
      line=$(grep -aE '^#[0-9]+' "$out/worker-$i.log" | tail -1 | cut -c1-110)
      [[ -n "$line" ]] && echo "  worker $i: $line"
    done
    find "$art" -maxdepth 1 -type f -name 'crash-*' | grep -q . && break
  done
  status=0
  for p in "${pids[@]}"; do wait "$p" || status=$?; done
  elapsed=$(( $(date +%s) - start_time ))
  sum() { awk -v k="$1" '{for (i = 1; i < NF; i++) if ($i == k) s += $(i + 1)} END {print s + 0}' "$stats" 2>/dev/null || echo 0; }
  crashes=$(find "$art" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  rate() { awk -v n="$1" -v t="$seconds" 'BEGIN {printf "%.0f", (t > 0 ? n / t : 0)}'; }
  echo
  echo "differential campaign summary (reference vs optimized, libFuzzer)"
  printf '  %-20s%s\n' "seconds" "$elapsed (incl. build), $seconds fuzzing" \
    "executions" "$(sum executions) ($(rate "$(sum executions)")/s)" \
    "steps compared" "$(sum steps) ($(rate "$(sum steps)")/s)" "moves played" "$(sum moves)" \
    "game ends reached" "$(sum games_over)" "divergences" "$crashes (distinct failing inputs)" \
    "corpus" "$(find "$corpus" -type f | wc -l) inputs, $(find "$corpus" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}') bytes in $corpus"
  if [[ $crashes -gt 0 || $status -ne 0 ]]; then
    crash="$(find "$art" -maxdepth 1 -type f -name 'crash-*' | head -1)"
    if [[ -z "$crash" ]]; then
      grep -aE 'ERROR|SUMMARY' "$out"/worker-*.log | head -5
      die "fuzz_differential stopped with status $status and no crash input (see $out/worker-*.log)"
    fi
    echo
    echo "DIVERGENCE (or crash) found: $crash; minimizing ..."
    "$build/fuzz/fuzz_differential" -minimize_crash=1 -max_total_time=30 \
      -exact_artifact_path="$out/crash.min" "$crash" >"$out/minimize.log" 2>&1 || true
    [[ -s "$out/crash.min" ]] || cp "$crash" "$out/crash.min"
    "$build/cli/tanbo" diff --input "$out/crash.min" --out "$out" || true
    echo "  (the libFuzzer build replays it too: $build/fuzz/fuzz_differential $out/crash.min)"
    exit 3
  fi
  exit 0
fi

# ---- portable mode ----
build="${build:-$root/build/verify}"
cmake_args=(-DTANBO_BUILD_TESTS=OFF)
configure_build "$build" tanbo
echo "differential campaign: portable runner, ${seconds}s on $jobs thread(s), seed $seed"
rm -f "$out"/inflight-*.bin
status=0
"$build/cli/tanbo" diff --seconds "$seconds" --seed "$seed" --jobs "$jobs" --out "$out" || status=$?
if [[ $status -ge 128 ]]; then
  # An engine crashed (e.g. a segfault): no comparison could report it, but every worker wrote
  # the input it was running first.
  echo "the portable runner CRASHED (status $status) while running one of these inputs:"
  ls -1 "$out"/inflight-*.bin 2>/dev/null | sed 's/^/  /'
  echo "replay one under AddressSanitizer: scripts/fuzz.sh build && build/fuzz/fuzz/fuzz_differential FILE"
  echo "(or any build: fuzz_differential FILE, tanbo diff --input FILE)"
  exit 3
fi
exit $status
