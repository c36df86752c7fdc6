#!/usr/bin/env python3
"""Speed of the Python bindings against the C++ engine, measured in one run.

    PYTHONPATH=build/python python3 python/benchmarks/speed.py --tanbo build/cli/tanbo --seconds 3

1. Playouts: alternating rounds of `tanbo bench --json` (C++: copy the classic start board,
   Board::playout), Python `g.playout(rng)` one call per playout, and the batch
   `g.playouts(n, seed)`, all from the classic start, so they see the same machine load;
   compared in playouts per CPU-second (robust on a shared machine).
2. Threads: the batch in 1 and in 2 Python threads (one Game each; the calls release the GIL),
   wall-clock speed-up, next to `tanbo bench --threads 2`'s own C++ speed-up in the same run
   (what the machine allows) and the CPU-seconds per wall-second the 2 Python threads got.
3. Per-move loops in Python: moves per CPU-second of `g.play(g.random_move(rng))` (names) and
   of `g.apply_action(legal[rng.below(len(legal))])` (integer actions), then single-call costs.
4. Environments on lattice-9: the vectorised tanbo.vector.TanboVectorEnv (256 boards, random
   opponent in C++, a random legal action per board chosen with numpy) in env steps and moves
   per CPU-second, against the single TanboEnv's steps and `g.playouts`' moves per CPU-second;
   with copy=True (fresh arrays per call, the default) and copy=False (the env's buffers); the
   best of --rounds interleaved rounds of each.
Prints figures; asserts nothing (speed is measured here, never in tests).
"""

import argparse
import json
import subprocess
import threading
import time
import timeit

import numpy as np

import tanbo
import tanbo.env
import tanbo.vector


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


def batch_playouts(seconds, seed):
    """Playouts per CPU-second of g.playouts(200, seed) from the classic start."""
    g = tanbo.Game("classic")
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g.playouts(200, seed + n)
        n += 200
    return n / (time.process_time() - start)


def cpp_bench(tanbo_cli, seconds, seed, threads=1):
    args = [tanbo_cli, "bench", "--json", "--seconds", str(seconds), "--seed", str(seed)]
    if threads > 1:
        args += ["--threads", str(threads)]
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def threaded(threads, playouts_per_thread, seed):
    """(playouts per wall-second, process CPU-seconds per wall-second) of `threads` Python
    threads each running g.playouts on its own Game."""
    def work(k):
        tanbo.Game("classic").playouts(playouts_per_thread, seed + k * playouts_per_thread)

    pool = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    wall, cpu = time.perf_counter(), time.process_time()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return threads * playouts_per_thread / wall, cpu / wall


def gil_held_fraction(seed):
    """Share of a g.playouts(200) call spent holding the GIL: the call with n = 0 (argument
    checks, the snapshot, the arrays) over the call with n = 200. Amdahl's law turns it into the
    2-thread speed-up the GIL allows, whatever the machine's load."""
    g = tanbo.Game("classic")
    empty = min(timeit.repeat(lambda: g.playouts(0, seed), number=2000, repeat=3)) / 2000
    full = min(timeit.repeat(lambda: g.playouts(200, seed), number=3, repeat=3)) / 3
    return empty / full


def python_loop_moves(seconds, seed, actions, engine="optimized"):
    """Moves per CPU-second of a Python loop playing random moves to the end of each game."""
    rng = tanbo.Rng(seed)
    moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = tanbo.Game("classic", engine=engine)
        if actions:
            while not g.is_terminal():
                legal = g.legal_actions()
                g.apply_action(legal[rng.below(len(legal))])
        else:
            while not g.is_over:
                g.play(g.random_move(rng))
        moves += g.ply
    return moves / (time.process_time() - start)


def playout_moves(seconds, variant):
    """Moves per CPU-second of g.playouts(200, seed) on `variant` (the lengths are the moves)."""
    g = tanbo.Game(variant)
    moves, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        moves += int(g.playouts(200, seed)[1].sum())
        seed += 200
    return moves / (time.process_time() - start)


def vector_env_rate(seconds, variant, boards, observation, copy=True):
    """(env steps, moves) per CPU-second inside TanboVectorEnv.step (the environment's own
    throughput, as EnvPool reports it: the numpy policy choosing a random legal action per
    board is timed apart), and env steps per CPU-second of the whole loop with that policy.
    Moves count both sides, from the boards' plies."""
    env = tanbo.vector.TanboVectorEnv(boards, variant, observation=observation, copy=copy)
    obs, infos = env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = moves = 0
    in_step = 0.0
    done = np.zeros(boards, bool)
    start = time.process_time()
    while time.process_time() - start < seconds:
        mask = obs["action_mask"]
        actions = (mask * rng.random(mask.shape)).argmax(axis=1)
        before = infos["ply"].copy()  # with copy=False the next step updates infos in place
        t = time.process_time()
        obs, _, done_now, _, infos = env.step(actions)
        in_step += time.process_time() - t
        moves += int(np.where(done, infos["ply"], infos["ply"] - before).sum())
        steps += boards
        done = done_now.copy()
    elapsed = time.process_time() - start
    return steps / in_step, moves / in_step, steps / elapsed


def single_env_rate(seconds, variant):
    """Env steps per CPU-second of tanbo.env.TanboEnv with a random legal action."""
    env = tanbo.env.TanboEnv(variant=variant)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if terminated:
            obs, _ = env.reset()
    return steps / (time.process_time() - start)


def per_call(stmt, setup, number=20000):
    """Mean seconds per execution of `stmt` (best of 3 repeats)."""
    return min(timeit.repeat(stmt, setup, number=number, repeat=3, globals={"tanbo": tanbo})) / number


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tanbo", required=True, help="path of the C++ tanbo CLI")
    parser.add_argument("--seconds", type=float, default=3.0, help="per round and side")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    cpp, py, batch = [], [], []
    for r in range(args.rounds):
        cpp.append(cpp_bench(args.tanbo, args.seconds, r + 1)["playouts_per_cpu_s"])
        py.append(python_playouts(args.seconds, r + 1))
        batch.append(batch_playouts(args.seconds, r + 1))
        print(f"round {r}: C++ tanbo bench {cpp[-1]:.0f}, Python g.playout {py[-1]:.0f}, "
              f"g.playouts {batch[-1]:.0f} playouts per CPU-second")
    best_cpp, best_py, best_batch = max(cpp), max(py), max(batch)
    print(f"playouts per CPU-second (best round): C++ {best_cpp:.0f}, Python g.playout {best_py:.0f} "
          f"({best_py / best_cpp:.3f} of C++), g.playouts {best_batch:.0f} ({best_batch / best_cpp:.3f} of C++); "
          f"ratio C++/Python {best_cpp / best_py:.3f}")

    # Threads: enough work per thread for about `seconds` of one core.
    per_thread = max(200, int(best_batch * args.seconds / 2))
    one, _ = threaded(1, 2 * per_thread, 7)
    two, cores = threaded(2, per_thread, 7)
    cpp_threads = cpp_bench(args.tanbo, args.seconds, 1, threads=2)
    held = gil_held_fraction(1)
    print(f"threads: 1 thread {one:.0f}, 2 threads {two:.0f} playouts per wall-second: "
          f"Python 2-thread speed-up {two / one:.2f}x (the 2 threads used {cores:.2f} CPU-seconds per "
          f"second); C++ tanbo bench --threads 2 speed-up {cpp_threads['thread_speedup']:.2f}x in the same run")
    print(f"GIL held for {held * 100:.3f} % of a g.playouts(200) call: at most "
          f"{1 / (held + (1 - held) / 2):.3f}x on 2 threads by Amdahl's law, given 2 free cores")

    names = python_loop_moves(args.seconds, 1, actions=False)
    ints = python_loop_moves(args.seconds, 1, actions=True)
    print(f"Python loop g.play(g.random_move(rng)): {names:.0f} moves per CPU-second (optimized engine)")
    print(f"Python loop g.apply_action(legal[rng.below(len(legal))]): {ints:.0f} moves per CPU-second")
    setup = ("g = tanbo.Game('classic'); rng = tanbo.Rng(1); m = g.legal_moves()[0]; "
             "a = g.legal_actions()[0]")
    for label, stmt in [("g.ply", "g.ply"), ("g.is_legal('A2')", "g.is_legal('A2')"),
                        ("g.legal_move_count()", "g.legal_move_count()"),
                        ("g.legal_actions()", "g.legal_actions()"),
                        ("g.random_move(rng)", "g.random_move(rng)"),
                        ("g.play(m); g.undo()", "g.play(m); g.undo()"),
                        ("g.apply_action(a); g.undo()", "g.apply_action(a); g.undo()"),
                        ("g.legal_mask()", "g.legal_mask()"), ("g.observation()", "g.observation()"),
                        ("g.copy()", "g.copy()")]:
        print(f"  {label:28s} {per_call(stmt, setup) * 1e9:8.0f} ns per call")

    # Environments: interleaved rounds (the playouts, then each configuration), the best round of
    # each compared, as for the playouts above: on a shared machine the best round is the one
    # least disturbed, and both sides get the same number of tries.
    variant, boards = "lattice-9", 256
    configs = (("planes", True), ("board", True), ("planes", False), ("board", False))
    playouts, single, best = 0.0, 0.0, {c: (0.0, 0.0, 0.0) for c in configs}
    for r in range(args.rounds):
        playouts = max(playouts, playout_moves(args.seconds, variant))
        single = max(single, single_env_rate(args.seconds, variant))
        # copy=False: the env's own buffers come back (no copy per call; the policy reads them).
        for config in configs:
            best[config] = max(best[config], vector_env_rate(args.seconds, variant, boards, *config))
    print(f"{variant} (best of {args.rounds} interleaved rounds): g.playouts {playouts:.0f} moves per "
          f"CPU-second; single TanboEnv {single:.0f} env steps per CPU-second")
    for (observation, copy), (steps, moves, with_policy) in best.items():
        print(f"{variant}: TanboVectorEnv({boards}, observation={observation!r}, copy={copy}) step(): {steps:.0f} "
              f"env steps = {moves:.0f} moves per CPU-second ({moves / playouts:.3f}x of playouts' "
              f"moves/s, {steps / single:.0f}x the single env's steps); with a numpy policy "
              f"{with_policy:.0f} env steps per CPU-second")

if __name__ == "__main__":
    main()
