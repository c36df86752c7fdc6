#!/usr/bin/env python3
"""Perfect play's latency from Python (the figures of python/README.md's "Perfect play"):

* the table: Solution.solve("lattice-5") once, its file written and read back with
  Solution.open, then Solution.probe / best_moves and PerfectPlayer's move on positions of seeded
  random lattice-5 games (every ply of --games games);
* on demand: Game.solve(budget) (the weak solver, no table) on positions at a few plies of seeded
  random lattice-5 games, for several node budgets: how often it answers, its nodes and time.

Times are CPU seconds of this process (time.process_time: the machine's other load does not count),
the median per call over every position; a run takes about a minute. Figures vary by machine; the
counts (positions, nodes, answered) do not.

    PYTHONPATH=<build>/python python3 probe_latency.py [--games 200] [--seed 1]
"""

import argparse
import os
import statistics
import tempfile
import time

import tanbo
from tanbo import env as tenv


def cpu(call):
    """(result, CPU seconds) of call()."""
    t = time.process_time()
    out = call()
    return out, time.process_time() - t


def per_call_us(call, items, repeat=5):
    """Median over `items` of the CPU time of call(item) in microseconds; each item timed as the
    mean of `repeat` calls (one call is near the clock's resolution)."""
    times = []
    for item in items:
        t = time.process_time()
        for _ in range(repeat):
            call(item)
        times.append((time.process_time() - t) / repeat * 1e6)
    return statistics.median(times), statistics.mean(times)


def random_games(games, seed, plies=None):
    """Positions of seeded random lattice-5 games: every ply, or only the plies in `plies`."""
    out = []
    for i in range(games):
        rng = tanbo.Rng(seed + i)
        g = tanbo.Game("lattice-5")
        while not g.is_over:
            if plies is None or g.ply in plies:
                out.append(g.copy())
            g.play(g.random_move(rng))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games whose positions are probed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    solution, seconds = cpu(lambda: tanbo.Solution.solve("lattice-5"))
    print(f"Solution.solve('lattice-5'): {solution.positions:,} positions, {seconds:.2f} s CPU")
    small, seconds = cpu(lambda: tanbo.Solution.solve("X2O/4/4/O2X X"))
    print(f"Solution.solve('X2O/4/4/O2X X'): {small.positions:,} positions, {seconds * 1e3:.0f} ms CPU")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "lattice-5.tbl")
        with open(path, "wb") as f:
            f.write(solution.to_bytes())
        opened, seconds = cpu(lambda: tanbo.Solution.open(path))
        print(f"Solution.open(lattice-5.tbl, {os.path.getsize(path) / 2**20:.0f} MiB): {seconds:.2f} s CPU")

    positions = random_games(args.games, args.seed)  # the positions before each move
    print(f"\ntable probes over the {len(positions):,} positions of {args.games} random games; "
          f"CPU microseconds per call, median (mean):")
    player = tenv.PerfectPlayer(opened, 0)
    for name, call, items in [("Solution.probe(game)", opened.probe, positions),
                              ("Solution.best_moves(game)", opened.best_moves, positions),
                              ("PerfectPlayer(game) (the env's move)", player, positions)]:
        median, mean = per_call_us(call, items)
        print(f"  {name:<38} {median:8.1f} ({mean:.1f})")

    plies = (0, 8, 12, 16, 20)
    print(f"\nGame.solve(budget), no table, on positions at plies {', '.join(map(str, plies))} of "
          f"{min(args.games, 40)} random games:")
    print(f"  {'ply':>3} {'budget':>9} {'positions':>9} {'answered':>8} {'with length':>11} "
          f"{'mean nodes':>10} {'median ms':>9} {'max ms':>7}")
    sample = random_games(min(args.games, 40), args.seed, set(plies))
    for ply in plies:
        at = [g for g in sample if g.ply == ply and not g.is_over]
        if not at:
            print(f"  {ply:>3} (no game lasted so long)")
            continue
        for budget in (10_000, 100_000, 1_000_000):
            results = [cpu(lambda g=g: g.solve(budget)) for g in at]
            answered = sum(a.known for a, _ in results)
            exact = sum(a.length is not None for a, _ in results)
            nodes = statistics.mean(a.nodes for a, _ in results)
            ms = [s * 1e3 for _, s in results]
            print(f"  {ply:>3} {budget:>9,} {len(at):>9} {answered:>8} {exact:>11} {nodes:>10,.0f} "
                  f"{statistics.median(ms):>9.2f} {max(ms):>7.1f}")


if __name__ == "__main__":
    main()
