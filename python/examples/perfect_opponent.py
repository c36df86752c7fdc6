#!/usr/bin/env python3
"""Example: how well do a random agent and an MCTS agent play against perfect play on lattice-5?

    python3 perfect_opponent.py --games 20 --playouts 1000,10000 --seed 1

lattice-5 is solved (docs/solutions.md): X, who moves first, wins in 24 plies with perfect play.
The agents play both seats of tanbo.env.TanboEnv(variant="lattice-5", opponent="perfect"), whose
opponent keeps the perfect-play value on every move (the fastest win, the longest defence; ties
broken by its seeded Rng). As O the agent has a lost game: perfect play never lets it win. As X
it has a won game and must find a winning move on every turn to keep it.

Game i of a seat is env.reset(seed=SEED + i) with the agent seeded SEED + i: the run replays
from its seed. lattice-5's table is solved once, here (about 5 s and 110 MB), and shared by the
environments (solution=). Prints a table: games, the agent's wins, its win rate and the mean
game length per agent and seat.
"""

import argparse
import time

import tanbo
from tanbo import env as tenv


def play(solution, agent_seat, make_agent, games, seed):
    """Plays `games` episodes; returns (agent wins, plies of each game)."""
    env = tenv.TanboEnv(variant="lattice-5", opponent="perfect", agent=agent_seat, solution=solution)
    wins, plies = 0, []
    for i in range(games):
        env.reset(seed=seed + i)
        agent = make_agent(seed + i)
        done = False
        while not done:
            _, reward, done, _, _ = env.step(agent(env.game))
        wins += reward == 1.0
        plies.append(env.game.ply)
    return wins, plies


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--games", type=int, default=10, help="games per agent and seat (default 10)")
    parser.add_argument("--playouts", default="1000",
                        help="MCTS simulations per move, or a comma-separated list of them, one MCTS "
                             "agent each (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 0 (default 1)")
    args = parser.parse_args()
    try:
        playouts = [int(p) for p in args.playouts.split(",")]
    except ValueError:
        parser.error(f"--playouts: not a list of ints: {args.playouts!r}")
    if args.games < 1 or min(playouts) < 1:
        parser.error("--games and --playouts must be at least 1")

    start = time.process_time()
    solution = tanbo.Solution.solve("lattice-5")
    print(f"lattice-5 solved: {solution.positions:,} positions in {time.process_time() - start:.1f} s of CPU")
    agents = {"random": lambda s: tenv.RandomPlayer(s)}
    for n in playouts:
        agents[f"MCTS {n}"] = lambda s, n=n: tenv.MCTSPlayer(playouts=n, seed=s)
    print(f"\n{'agent':<12} {'seat':<14} {'games':>5} {'wins':>5} {'win rate':>8} {'mean plies':>10}")
    for name, make in agents.items():
        for seat in ("X", "O"):
            wins, plies = play(solution, seat, make, args.games, args.seed)
            label = f"{seat} ({'won' if seat == 'X' else 'lost'} start)"
            print(f"{name:<12} {label:<14} {args.games:>5} {wins:>5} {wins / args.games:>8.0%} "
                  f"{sum(plies) / len(plies):>10.1f}")


if __name__ == "__main__":
    main()
