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
#
# On a shared machine wall-clock rates depend on the load, so the page leads with what does not:
# callgrind instruction counts (deterministic), the bench signature (identical for every engine
# and build), sizes, and ratios measured in the same run (per CPU-second, interleaved rounds).
# Needs: cmake, ninja, a C++20 compiler, libbenchmark-dev, valgrind, python3.
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

tanbo="$build/cli/tanbo"
micro="$build/bench/tanbo_microbench"
playouts="$build/examples/random_playouts"
if [[ ! -f $build/CMakeCache.txt ]]; then
  (cd "$root" && cmake --preset release -B "$build" -DTANBO_BUILD_PYTHON=OFF > /dev/null)
fi
grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt" ||
  die "$build is not a Release build (figures from other build types mean nothing)"
cmake --build "$build" -j "$(nproc)" --target tanbo tanbo_microbench tanbo_example_random_playouts > /dev/null
for bin in "$tanbo" "$micro" "$playouts"; do [[ -x $bin ]] || die "$bin was not built"; done

# --- the machine ------------------------------------------------------------------------------
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
cores=$(nproc)
load=$(cut -d' ' -f1 /proc/loadavg)
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
compiler=$("$cxx" --version | head -1)
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
for f in $(find "$root/fuzz/corpus/differential" -type f -printf '%s %p\n' | sort -k1,1nr -k2 | head -8 | cut -d' ' -f2); do
  total=$(callgrind_total --profile "$tmp/profile-$i.txt" "$tanbo" diff --input "$f")
  i=$((i + 1))
  steps=$("$tanbo" diff --input "$f" | sed -n 's/.*the engines agree: \([0-9]*\) steps.*/\1/p')
  [[ -n $total && -n $steps ]] || die "could not measure tanbo diff --input $f"
  diff_instr=$((diff_instr + total - diff_one)) diff_steps=$((diff_steps + steps))
done
echo "$diff_instr $diff_steps" > "$tmp/diff-steps.txt"

# Google Benchmark micro-benchmarks, CPU time, three repetitions (the median is reported).
"$micro" --benchmark_filter='^(BM_PlayUndo|BM_CopyBoard19|BM_CopyMake|BM_EnginePlayUndo|BM_NthLegalVertex|BM_Playout<Board19>|BM_RandomLegalVertex)$' \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_format=json > "$tmp/micro.json" 2> /dev/null

# --- the page ---------------------------------------------------------------------------------
page=$(python3 - "$tmp" "$cpu" "$cores" "$load" "$compiler" "$version" "$seconds" "$rounds" <<'EOF'
import json, re, statistics, sys
tmp, cpu, cores, load, compiler, version, seconds, rounds = sys.argv[1:]
rounds = int(rounds)

def load_json(name):
    with open(f"{tmp}/{name}") as f:
        return json.load(f)

def num(x, digits=0):
    return f"{x:,.{digits}f}"

compare = [load_json(f"compare-{i}.json") for i in range(rounds)]
ratios = [c["speedup_vs_reference"] for c in compare]
opt_rates = [c["playouts_per_cpu_s"] for c in compare]
ref_rates = [c["reference"]["playouts_per_cpu_s"] for c in compare]
first = compare[0]
threads = load_json("threads.json")
reference = load_json("reference.json")
signatures = {c["signature"] for c in compare} | {c["reference"]["signature"] for c in compare}
signatures |= {threads["signature"], reference["signature"]}
if len(signatures) != 1:
    sys.exit(f"performance-report: the engines printed different bench signatures: {signatures}")
signature = signatures.pop()

instr = open(f"{tmp}/instructions.txt").read()
per_playout = int(re.search(r"^playout: (\d+)", instr, re.M).group(1))
sp_opt = int(open(f"{tmp}/selfplay-optimized.txt").read())
sp_ref = int(open(f"{tmp}/selfplay-reference.txt").read())

diff_instr, diff_steps = map(int, open(f"{tmp}/diff-steps.txt").read().split())

# Where a differential step's instructions go: every function's own instructions (callgrind
# exclusive counts, which add up to the total) by the part of tanbo it belongs to. The first
# matching part wins, in this order.
PARTS = [
    ("candidate's self-check (`check_consistency`, a rebuild from the stones)",
     lambda q, raw: "check_consistency" in raw),
    ("reference engine (`tanbo::reference`: the rules, recomputed)", lambda q, raw: q.startswith("tanbo::reference::")),
    ("candidate engine (`tanbo::optimized`)", lambda q, raw: q.startswith("tanbo::optimized::")),
    ("comparator (`verify::Comparator` and its helpers; inlined engine queries included)",
     lambda q, raw: q.startswith(("tanbo::verify::Comparator::", "tanbo::verify::detail::"))),
    ("driver, script codec and CLI (`verify::Driver`, `verify::Script`, `tanbo::cli`)",
     lambda q, raw: q.startswith(("tanbo::verify::", "tanbo::cli::", "tanbo::api::"))),
    ("shared core (`Position`, hashing, notation: mostly the reference's, whose state is a `Position`)",
     lambda q, raw: q.startswith("tanbo::")),
    ("C++ runtime (allocation, copies, strings, exceptions) and start-up", lambda q, raw: True),
]

def qualified(function):
    """`ns::f` of callgrind's `ret ns::f<args>(params) const`: template arguments dropped."""
    name = function.replace("[abi:cxx11]", "")
    while True:
        shorter = re.sub(r"<[^<>]*>", "", name)
        if shorter == name:
            break
        name = shorter
    words = name.split("(", 1)[0].split()
    return words[-1] if words else name

def profile(name):
    parts = {what: 0 for what, _ in PARTS}
    for line in open(f"{tmp}/{name}"):
        m = re.match(r"\s*([\d,]+) \([ \d.]+%\)  (?:[^:]*):(.*?)(?: \[[^\]]*\])?$", line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        raw = m.group(2)
        q = qualified(raw)
        what = next(w for w, matches in PARTS if matches(q, raw))
        parts[what] += int(m.group(1).replace(",", ""))
    return parts

one = profile("profile-one.txt")
split = {what: 0 for what in one}
inputs = 0
while True:
    try:
        p = profile(f"profile-{inputs}.txt")
    except FileNotFoundError:
        break
    inputs += 1
    for what in split:
        split[what] += p[what] - one[what]
split_total = sum(split.values())

micro = {}
for b in load_json("micro.json")["benchmarks"]:
    if b.get("aggregate_name") == "median":
        micro[b["run_name"]] = (b["cpu_time"], b["time_unit"])

def bench_ns(name):
    t, unit = micro[name]
    return t * {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[unit]

rows = [
    ("optimized / reference, random playouts per CPU-second",
     " / ".join(f"{r:,.0f}×" for r in ratios),
     f"`tanbo bench --compare`, {rounds} rounds of {seconds} s, both engines in each round"),
    ("optimized / reference, instructions per random game through the `tanbo::Engine` API",
     f"{sp_ref / sp_opt:,.0f}× ({num(sp_ref)} / {num(sp_opt)})",
     "callgrind, `tanbo selfplay --seed 1`, start-up removed; every move is "
     "`play(random_move(g, rng))`: the i-th legal move in row-major order (the optimized "
     "engine's legal bitset; the reference builds its list), a checked `play`, the history"),
    ("optimized: instructions per random classic game through the `tanbo::Engine` API",
     num(sp_opt),
     "the row above; 2× the playout loop is the goal (`perf_gate` keeps it within 2 % of "
     "`bench/perf-budget.txt`)"),
    ("optimized: instructions per classic playout",
     num(per_playout),
     "callgrind, `scripts/count-playout-instructions.sh` (300 playouts, start-up removed)"),
    ("optimized: random classic playouts per CPU-second",
     " / ".join(num(r) for r in opt_rates),
     "`tanbo bench` (the rounds above); a lower bound on a shared machine"),
    ("reference: random classic playouts per CPU-second",
     " / ".join(num(r, 1) for r in ref_rates),
     "`tanbo bench --compare` (the rounds above)"),
    ("mean classic game length",
     f"{first['mean_game_length']:,.1f} moves",
     "`tanbo bench`"),
    ("bench signature",
     f"`{signature}`",
     "8 fixed-seed games, identical for both engines and every build"),
    ("play + undo of a random legal move, mid-game",
     f"{bench_ns('BM_PlayUndo'):,.0f} ns",
     "Google Benchmark `BM_PlayUndo`, median CPU time of 3"),
    ("play + undo through the `tanbo::Engine` API (`Game19`), mid-game",
     f"{bench_ns('BM_EnginePlayUndo'):,.0f} ns",
     "Google Benchmark `BM_EnginePlayUndo`: `random_move`, a checked `play`, `undo`"),
    ("copy of a `Board19` (copy-make)",
     f"{bench_ns('BM_CopyBoard19'):,.0f} ns",
     "Google Benchmark `BM_CopyBoard19`"),
    ("copy of a `Board19` + one random move on the copy",
     f"{bench_ns('BM_CopyMake'):,.0f} ns",
     "Google Benchmark `BM_CopyMake` (copy-make's cost per move; compare play + undo)"),
    ("i-th legal move in row-major order",
     f"{bench_ns('BM_NthLegalVertex'):,.1f} ns",
     "Google Benchmark `BM_NthLegalVertex`: what `random_move` draws, no list built"),
    ("random legal move",
     f"{bench_ns('BM_RandomLegalVertex'):,.1f} ns",
     "Google Benchmark `BM_RandomLegalVertex`"),
    ("random classic playout, start to end",
     f"{bench_ns('BM_Playout<Board19>') / 1000:,.1f} µs",
     "Google Benchmark `BM_Playout<Board19>`"),
    ("`sizeof(optimized::Board19)` / `sizeof(reference::Game)`",
     f"{num(first['sizeof_game'])} B / {num(first['reference']['sizeof_game'])} B",
     "`tanbo bench --compare --json`, `sizeof_game`: the object a playout copies"),
    ("differential check: instructions per step",
     f"{num(diff_instr / diff_steps)} ({num(diff_instr)} / {num(diff_steps)} steps)",
     "callgrind, `tanbo diff --input` over the 8 largest inputs of `fuzz/corpus/differential`, "
     "start-up removed; both engines step and are compared (the schedule: verification.md)"),
    ("2 threads / 1 thread, playouts per second",
     f"{threads['thread_speedup']:.2f}×",
     f"`tanbo bench --threads 2`; bounded by the other jobs' load on {cores} cores"),
]

print("# Performance {#performance}")
print()
print("One table, every figure from one run of `scripts/performance-report.sh`, which writes this")
print("page; re-run it rather than editing the page. What the engines are and why they are fast:")
print("[design](design.md). How the speed is kept honest (the same signature from both engines, the")
print("differential checks): [verification](verification.md).")
print()
print(f"**Method.** {version}, Release build, {compiler}; {cpu}, `nproc` {cores}, "
      f"load average {load} at the start of the run: the machine was shared with "
      "other jobs, so the deterministic counts (callgrind instructions, the signature, sizes) and the "
      "same-run ratios are the figures to trust; absolute rates are lower bounds.")
print()
print("| what | figure | how |")
print("|---|---|---|")
for what, figure, how in rows:
    print(f"| {what} | {figure} | {how} |")
print()
print(f"**Where a differential step goes** (the row \"differential check\" above, {num(diff_steps)} steps):")
print("callgrind's own instructions of every function, by the part of tanbo it belongs to; they add")
print("up to the step (start-up removed). The reference recomputes by design (it is the oracle); the")
print("rest is what `tanbo diff` and `fuzz_differential` could still lose.")
print()
print("| part | instructions per step | share |")
print("|---|---|---|")
for what, n in sorted(split.items(), key=lambda kv: -kv[1]):
    print(f"| {what} | {num(n / diff_steps)} | {100 * n / split_total:.1f} % |")
print()
print("Reproduce one figure by hand: `tanbo bench --compare`, `tanbo bench --threads 2`,")
print("`scripts/count-playout-instructions.sh BUILD_DIR`, `BUILD_DIR/bench/tanbo_microbench`.")
EOF
)

if [[ $out == - ]]; then
  printf '%s\n' "$page"
else
  printf '%s\n' "$page" > "$out"
  printf 'performance-report: wrote %s\n' "$out"
fi
