#!/usr/bin/env python3
"""Writes docs/performance.md's text from the measurements scripts/performance-report.sh leaves in
its temporary folder (that script runs the measurements and calls this; run it, not this).

usage: performance_page.py TMP CPU CORES LOAD COMPILER VERSION SECONDS ROUNDS HAS_BEFORE
                           BEFORE_VERSION BEFORE_COMPILER
"""
import json, os, re, statistics, sys
tmp, cpu, cores, load, compiler, version, seconds, rounds = sys.argv[1:9]
has_before, before_version, before_compiler = sys.argv[9:12]
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
    ("comparator (`differential::Comparator` and its helpers; inlined engine queries included)",
     lambda q, raw: q.startswith(("tanbo::differential::Comparator::", "tanbo::differential::detail::"))),
    ("driver, script codec and CLI (`differential::Driver`, `differential::Script`, `tanbo::cli`)",
     lambda q, raw: q.startswith(("tanbo::differential::", "tanbo::cli::", "tanbo::api::"))),
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
    ("set-up of a `Board19`: a named opening (classic) / any other position",
     f"{bench_ns('BM_SetUpNamedOpening'):,.0f} ns / {bench_ns('BM_SetUpOtherPosition'):,.0f} ns",
     "Google Benchmark `BM_SetUpNamedOpening` (a copy of the board built on the opening's first set-up) "
     "and `BM_SetUpOtherPosition` (the same stones tagged custom-19: built from the position)"),
    ("i-th legal move in row-major order",
     f"{bench_ns('BM_NthLegalVertex'):,.1f} ns",
     "Google Benchmark `BM_NthLegalVertex`: what `random_move` draws, no list built"),
    ("the last move's removed stones (8 or more), row-major: `last_result()` / `tanbo::for_each_removed_stone`",
     f"{bench_ns('BM_LastResult'):,.0f} ns / {bench_ns('BM_ForEachRemovedStone'):,.0f} ns",
     "Google Benchmark `BM_LastResult` (the list built: one allocation) and `BM_ForEachRemovedStone` "
     "(the Engine API's walk: sorted on the stack, nothing allocated), `Game19`"),
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

# The before-and-after table (TANBO_PERF_BEFORE): one row per loop, from before-after.tsv.
BEFORE_AFTER = {
    # key: (what, kind, how); kind "count" (instructions: fewer is faster) or "rate"
    "selfplay": ("Engine-API game, for scale: instructions per random classic game", "count",
                 "callgrind, `tanbo selfplay --games N --seed 1 --engine optimized`, (101 games − 1) / "
                 "100: the first table's row, the path the loops below sit on"),
    "playout": ("playout loop, for scale: instructions per classic playout", "count",
                "callgrind, `scripts/count-playout-instructions.sh` (300 playouts, seed 42)"),
    "diff": ("differential check (`tanbo diff`): instructions per step", "count",
             "callgrind, `tanbo diff --input` over the 8 inputs of the first table's row, start-up removed"),
    "fuzz": ("differential fuzz target (`fuzz_differential`): instructions per step", "count",
             "callgrind, `fuzz/fuzz_differential` over the same 8 inputs, start-up removed: the target's "
             "`LLVMFuzzerTestOneInput` under the replay `main` of a build without libFuzzer (a fuzzing "
             "build adds coverage and sanitizers to every step); steps counted by `TANBO_FUZZ_STATS`"),
    "mcts": ("MCTS example (`examples/mcts_player`): instructions per game", "count",
             "callgrind, `mcts_player N 300 1 lattice-9` (UCT, 300 playouts per move, against a random "
             "player), (3 games − 1) / 2; the search plays on `optimized::Board19` directly (copy-make; "
             "descent and simulations as `player::Mcts` plays them in each build), not through the Engine API"),
    "capi": ("C API random game: instructions per game", "count",
             "callgrind, `scripts/perf-capi-games.c` compiled against each build's `tanbo.h` and "
             "libraries: `tanbo_random_legal_move` and `tanbo_play_index` until `tanbo_is_over` (the loop of "
             "`examples/c_random_game.c` without its printing), classic, seed 1, (11 games − 1) / 10"),
    "python": ("Python per-move loop: instructions per game", "count",
               "callgrind, `legal = g.legal_actions(); g.apply_action(legal[rng.below(len(legal))])` "
               "until `g.is_terminal()`, classic, seed 1, (11 games − 1) / 10, `PYTHONHASHSEED=0`; one "
               "script, each build's module (`PYTHONPATH=BUILD/python`)"),
    "python-rate": ("Python per-move loop: moves per CPU-second", "rate",
                    "the loop above"),
    "js-rate": ("JavaScript per-move loop: moves per CPU-second", "rate",
                "Node, `game.play(game.randomMove(rng))` until `game.isOver`, classic, seed 1; one "
                "script, each build's npm package folder (`src/`, `dist/`)"),
}

if has_before:
    lines = [line.rstrip("\n").split("\t") for line in open(f"{tmp}/before-after.tsv")]
    # A change's figures: the page says what the two builds measure; the story of the change is
    # its CHANGELOG.md entry's (docs/check_product_words.py keeps the narration out of this page).
    print(f"**Against an older build** (a change's figures, quoted by its CHANGELOG.md entry): the loops users run, on an older Release build (named by "
          f"`TANBO_PERF_BEFORE`; {before_version}, {before_compiler}) and on the build above, the same "
          "inputs and seeds on both sides. Instruction counts are callgrind's, deterministic; rates are "
          f"per CPU-second, the median of {rounds} round{'s' * (rounds > 1)} of {seconds} s per build, interleaved in this run "
          "(before then after, after then before, ...). The speed-up is before / after for "
          "instructions, after / before for rates: above 1, the current build is faster. Each side "
          "runs its own build of the loop's program; where that program's source differs between the "
          "two trees (beyond the engines and bindings being measured), the how-column names the files.")
    print()
    print("| loop | before | after | speed-up | how |")
    print("|---|---|---|---|---|")
    for fields in lines:
        key, b, a, same = fields[:4]
        note = fields[4] if len(fields) > 4 else ""
        what, kind, how = BEFORE_AFTER[key]
        if b == "-":
            print(f"| {what} | – | – | – | not measured: {same} |")
            continue
        if kind == "count":
            b, a = int(b), int(a)
            figures = (num(b), num(a), f"{b / a:.2f}×")
        else:
            bs, as_ = [float(x) for x in b.split(",")], [float(x) for x in a.split(",")]
            mb, ma = statistics.median(bs), statistics.median(as_)
            figures = (num(mb), num(ma), f"{ma / mb:.2f}×")
            how += (f"; {len(bs)} interleaved round{'s' * (len(bs) > 1)} of {seconds} s per build, "
                    "after / before per round: " + " / ".join(f"{y / x:.2f}×" for x, y in zip(bs, as_)))
        if same == "same":
            if kind == "count" and key not in ("playout",):
                how += "; both builds print the same result"
        else:
            how += f"; **{same}** between the builds"
        if note:
            how += "; the loop's own source differs between the trees: " + ", ".join(
                f"`{p}`" for p in note.split(","))
        print(f"| {what} | {figures[0]} | {figures[1]} | {figures[2]} | {how} |")
    print()
def solve_run(name):
    """positions, CPU s, wall s, peak RSS bytes per position and the start's outcome of one
    tanbo_solve_bench run."""
    text = open(f"{tmp}/solve-{name}.txt").read()
    positions, outcome = re.search(r": (\d+) positions, start: side to move (\w+ in \d+ plies)", text).groups()
    cpu, wall = map(float, re.search(r": ([\d.]+) s CPU, ([\d.]+) s wall", text).groups())
    per_position = float(re.search(r"peak RSS [\d.]+ MB = ([\d.]+) bytes/position", text).group(1))
    return int(positions), cpu, wall, per_position, outcome

runs = {kind: [solve_run(f"{kind}-{i}") for i in range(rounds)]
        for kind in ("strong-1", "strong-2", "sized-1", "sized-2", "symmetric")}
base = solve_run("baseline")
every = [r for kind in runs.values() for r in kind] + [base]
if len({r[0] for r in every}) != 1 or len({r[4] for r in every}) != 1:
    sys.exit(f"performance-report: the solvers disagree on lattice-5: {runs}, {base}")
def median_run(runs):
    """The run of median wall time."""
    return sorted(runs, key=lambda r: r[2])[len(runs) // 2]
columns = ["strong-1", "strong-2", "sized-1", "sized-2", "symmetric"]
med = {kind: median_run(runs[kind]) for kind in columns}
def per_round(numerator, denominator, field):
    """numerator / denominator of `field` in each round, and their median."""
    ratios = [a[field] / b[field] for a, b in zip(runs[numerator], runs[denominator])]
    return " / ".join(f"{r:.2f}×" for r in ratios) + f" (median {statistics.median(ratios):.2f}×)"
print(f"**The strong solver** on lattice-5 ({num(base[0])} positions; the side to move {base[4]}): "
      "`tanbo_solve_bench strong lattice-5 THREADS` with the table doubling from 2^20 slots (the default), and "
      "`tanbo_solve_bench strong lattice-5 THREADS optimized 0 3856425` with the table sized up front from the "
      "class count (`StrongOptions::expected_classes`), each its own process (peak RSS is the process's). "
      "Two baselines, written apart from solve/: `tanbo_solve_bench baseline lattice-5`, memoized negamax on the "
      "reference engine with every position in a `std::unordered_map`, no symmetry (`bench/solve_bench.cpp`); "
      "and `tanbo_solve_bench symmetric lattice-5 8388608`, the plain symmetric solver: the same negamax, each "
      "position keyed by the least base-3 number of its board over the start's symmetries, one flat table of "
      f"2^23 words allocated once (`bench/symmetric_baseline.hpp`). All but the first baseline ran in {rounds} "
      f"interleaved round{'s' * (rounds > 1)}; their columns are the round of median wall time, the ratios "
      "are per round. What the solver is: [solutions](solutions.md).")
print()
print("| what | doubling, 1 thread | doubling, 2 threads | sized, 1 thread | sized, 2 threads | "
      "symmetric baseline | unordered_map baseline | how |")
print("|---|---|---|---|---|---|---|---|")
def row(what, field, fmt, how):
    cells = " | ".join(fmt(med[kind][field]) for kind in columns)
    print(f"| {what} | {cells} | {fmt(base[field])} | {how} |")
row("CPU seconds", 1, lambda v: f"{v:.2f}",
    f"symmetric / sized 1 thread: {per_round('symmetric', 'sized-1', 1)}; symmetric / doubling 1 thread: "
    f"{per_round('symmetric', 'strong-1', 1)}; unordered_map / sized 1 thread: {base[1] / med['sized-1'][1]:.1f}×")
row("wall seconds", 2, lambda v: f"{v:.2f}",
    f"1 thread / 2 threads, sized: {per_round('sized-1', 'sized-2', 2)}; doubling: "
    f"{per_round('strong-1', 'strong-2', 2)}; bounded by the other jobs' load on {cores} cores")
print("| positions per CPU-second | " + " | ".join(num(med[k][0] / med[k][1]) for k in columns) +
      f" | {num(base[0] / base[1])} | the goal: 5× the symmetric baseline's |")
def critical_path(name):
    """The solve's critical path on idle cores (tanbo_solve_bench's estimate: the serial part, the
    slowest worker and the barrier's waits, in CPU seconds)."""
    return float(re.search(r"critical path ([\d.]+) s", open(f"{tmp}/solve-{name}.txt").read()).group(1))
paths = {kind: [critical_path(f"{kind}-{i}") for i in range(rounds)] for kind in columns[:4]}
print("| critical path, CPU seconds | " + " | ".join(f"{statistics.median(paths[k]):.2f}" for k in columns[:4]) +
      " | | | the serial part plus the slowest worker and the barrier's waits (`tanbo_solve_bench` prints it): "
      "what 2 threads would take on idle cores, medians of the rounds; 1 thread / 2 threads, sized: " +
      " / ".join(f"{a / b:.2f}×" if b > 0 else "-" for a, b in zip(paths["sized-1"], paths["sized-2"])) +
      "; doubling: " + " / ".join(f"{a / b:.2f}×" if b > 0 else "-" for a, b in zip(paths["strong-1"], paths["strong-2"])) +
      " (an estimate: CPU time does not see two threads contending for memory bandwidth) |")
row("peak RSS per position", 3, lambda v: f"{v:.2f} B",
    f"symmetric / sized 1 thread: {med['symmetric'][3] / med['sized-1'][3]:.2f}×")
print()
if os.path.exists(f"{tmp}/solve-dense5-sized.txt"):
    sized = solve_run("dense5-sized")
    sym = float(re.search(r"= ([\d.]+) bytes/position of (\d+) positions",
                          open(f"{tmp}/solve-dense5-symmetric.txt").read()).group(1))
    print(f"**Memory on dense-5** ({num(sized[0])} positions; the side to move {sized[4]}): "
          "`tanbo_solve_bench strong dense-5 1 optimized 0 84805263` (the table sized from the class count, "
          f"{sized[1]:.0f} s CPU), and the symmetric baseline's peak with a table of 2^27 words (the least power "
          "of two of at least 1.5 times the 84,805,263 classes), allocated whole before its first move: "
          "`tanbo_solve_bench symmetric-table dense-5 134217728 678160578` measures it without the solve "
          "(about 12 CPU-minutes).")
    print()
    print("| what | tanbo, sized, 1 thread | symmetric baseline | how |")
    print("|---|---|---|---|")
    print(f"| peak RSS per position | {sized[3]:.2f} B | {sym:.2f} B | symmetric / tanbo: {sym / sized[3]:.2f}× "
          "(the goal: at most the symmetric baseline's) |")
    print()
else:
    print("**Memory on dense-5**: not in this run (`TANBO_PERF_DENSE5=run scripts/performance-report.sh` adds "
          "tanbo's and the symmetric baseline's peak bytes per position there, about 4 CPU-minutes more).")
    print()
probe = open(f"{tmp}/solve-probe.txt").read()
probes, games, per_probe, moves, per_best, best, table_positions, table_cpu = re.search(
    r"probe: (\d+) positions of (\d+) random games, ([\d.]+) us CPU per probe .*?; ([\d.]+) moves\), "
    r"([\d.]+) us CPU without the line \(([\d.]+) best moves\), "
    r"table of (\d+) positions solved on demand in ([\d.]+) s CPU", probe).groups()
print(f"**Perfect play in the faces** (`tanbo::api::Solution` and `tanbo::api::solve`, which the C API, "
      f"Python, JavaScript and the protocol's `solve` wrap): `tanbo_solve_bench probe lattice-5`, over every "
      f"position of {games} random lattice-5 games. A probe answers the value, the length, every legal "
      f"move's value and length and the perfect-play line. What the answers mean: [solutions](solutions.md).")
print()
print("| what | figure | how |")
print("|---|---|---|")
print(f"| lattice-5's table solved on demand (`Solution::solve_start`) | {float(table_cpu):.2f} s CPU | "
      f"{num(int(table_positions))} positions, one thread |")
print(f"| a table probe | {float(per_probe):.1f} µs CPU | mean over {num(int(probes))} positions "
      f"({float(moves):.1f} legal moves each) |")
print(f"| a probe without the line (`probe(pos, false)`: a perfect opponent's move) | {float(per_best):.2f} µs CPU | "
      f"the same positions, then `best_moves` ({float(best):.2f} best moves each) |")
for back, settled, asked, nodes, ms in re.findall(
        r"solve: (\d+) plies before the end: (\d+) of (\d+) positions settled with their length within "
        r"1,000,000 nodes, (\d+) nodes and ([\d.]+) ms CPU per position", probe):
    print(f"| the weak solver on demand, {back} plies before the end | {float(ms):.2f} ms CPU, "
          f"{num(int(nodes))} nodes | {settled} of {asked} positions settled with their length within "
          f"1,000,000 nodes (`api::solve`; the same budget answers the same on every machine) |")
print()
print("Reproduce one figure by hand: `tanbo bench --compare`, `tanbo bench --threads 2`,")
print("`scripts/count-playout-instructions.sh BUILD_DIR`, `BUILD_DIR/bench/tanbo_microbench`.")
print("`TANBO_PERF_BEFORE=DIR scripts/performance-report.sh`, DIR a Release build of an older commit")
print("(and `TANBO_PERF_BEFORE_JS=` its `js/` folder with `dist/` built), adds the loops users run")
print("measured on both builds: the differential check, the MCTS example, a C API game, and Python's")
print("and JavaScript's per-move loops.")
