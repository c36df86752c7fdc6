#!/usr/bin/env python3
"""A fixed workload of tanbo.vector for counting instructions: 200 steps of 256 lattice-9 boards
(random opponent) with a seeded numpy policy choosing a random legal action per board. Timing
belongs to speed.py; this is for callgrind, which counts the same instructions on any load:

    PYTHONPATH=build/dev/python valgrind --tool=callgrind \\
        --toggle-collect='*BatchOn<tanbo::optimized::BasicBoard<9> >::step(*' \\
        /usr/bin/python3 python/benchmarks/vector_steps.py [board|planes|uint8]

The collected instructions divided by the printed board-steps are the instructions per
board-step that docs/design.md's table quotes (the C++ step only: the policy is not counted).
"""

import sys

import numpy as np

import tanbo._core as core

BOARDS, STEPS, N = 256, 200, 9


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "board"
    shapes = {"board": (N * N, np.int8), "planes": (6 * N * N, np.float32), "uint8": (6 * N * N, np.uint8)}
    if kind not in shapes:
        sys.exit(f"vector_steps.py: observation must be one of {', '.join(shapes)}, not {kind!r}")
    width, dtype = shapes[kind]
    games = core.VectorGames("lattice-9", BOARDS)
    obs = np.zeros((BOARDS, width), dtype)
    mask = np.zeros((BOARDS, N * N), np.int8)
    ply = np.zeros(BOARDS, np.int32)
    terminated = np.zeros(BOARDS, bool)
    games.bind(obs, mask, np.zeros(BOARDS), terminated, np.zeros(BOARDS, np.int8), ply, np.zeros(BOARDS, bool))
    games.reset(list(range(BOARDS)))
    rng = np.random.default_rng(1)
    moves = 0
    for _ in range(STEPS):
        actions = (mask * rng.random(mask.shape)).argmax(axis=1)
        before, ended = ply.copy(), terminated.copy()
        games.step(actions)
        moves += int(np.where(ended, ply, ply - before).sum())
    print(f"{kind}: {BOARDS * STEPS} board-steps, {moves} moves")


if __name__ == "__main__":
    main()
