#!/usr/bin/env python3
"""Speed of the Python bindings against the C++ engine, measured in one run.

    PYTHONPATH=build/python python3 python/benchmarks/speed.py --tanbo build/cli/tanbo --seconds 3

Alternates rounds of `tanbo bench --json` (C++: copy the classic start board, Board::playout)
and Python `g.playout(rng)` on the classic start, so both see the same machine load, and compares
playouts per CPU-second (robust on a shared machine). Then reports moves/s of a pure-Python loop
`g.play(g.random_move(rng))` and the cost of single calls. Prints figures; asserts nothing.
"""

import argparse
import json
import subprocess
import time
import timeit

import tanbo


def python_playouts(seconds, seed):
    """Playouts per CPU-second of g.playout(rng) from the classic start (game unchanged)."""
    g = tanbo.Game("classic")
    rng = tanbo.Rng(seed)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            g.playout(rng)
        n += 50
    return n / (time.process_time() - start)


def cpp_playouts(tanbo_cli, seconds, seed):
    run = subprocess.run([tanbo_cli, "bench", "--json", "--seconds", str(seconds), "--seed", str(seed)],
                         check=True, capture_output=True, text=True)
    return json.loads(run.stdout)["playouts_per_cpu_s"]


def python_loop_moves(seconds, seed, engine="optimized"):
    """Moves per CPU-second of `while not g.is_over: g.play(g.random_move(rng))`."""
    rng = tanbo.Rng(seed)
    moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = tanbo.Game("classic", engine=engine)
        while not g.is_over:
            g.play(g.random_move(rng))
        moves += g.ply
    return moves / (time.process_time() - start)


def per_call(stmt, setup, number=20000):
    """Mean seconds per execution of `stmt` (best of 3 repeats)."""
    return min(timeit.repeat(stmt, setup, number=number, repeat=3, globals={"tanbo": tanbo})) / number


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tanbo", required=True, help="path of the C++ tanbo CLI")
    parser.add_argument("--seconds", type=float, default=3.0, help="per round and side")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    cpp, py = [], []
    for r in range(args.rounds):
        cpp.append(cpp_playouts(args.tanbo, args.seconds, r + 1))
        py.append(python_playouts(args.seconds, r + 1))
        print(f"round {r}: C++ tanbo bench {cpp[-1]:.0f}, Python g.playout {py[-1]:.0f} playouts per CPU-second")
    best_cpp, best_py = max(cpp), max(py)
    print(f"playouts per CPU-second (best round): C++ {best_cpp:.0f}, Python {best_py:.0f}; "
          f"ratio C++/Python {best_cpp / best_py:.3f}")
    moves = python_loop_moves(args.seconds, 1)
    print(f"Python loop g.play(g.random_move(rng)): {moves:.0f} moves per CPU-second (optimized engine)")
    setup = "g = tanbo.Game('classic'); rng = tanbo.Rng(1); m = g.legal_moves()[0]"
    for label, stmt in [("g.ply", "g.ply"), ("g.is_legal('A2')", "g.is_legal('A2')"),
                        ("g.legal_move_count()", "g.legal_move_count()"),
                        ("g.random_move(rng)", "g.random_move(rng)"),
                        ("g.play(m); g.undo()", "g.play(m); g.undo()"),
                        ("g.legal_mask()", "g.legal_mask()"), ("g.observation()", "g.observation()"),
                        ("g.copy()", "g.copy()")]:
        print(f"  {label:24s} {per_call(stmt, setup) * 1e9:8.0f} ns per call")


if __name__ == "__main__":
    main()
