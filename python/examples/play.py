#!/usr/bin/env python3
"""Example: random self-play and a flat Monte-Carlo player, in pure Python on top of tanbo.

    python3 play.py --games 10 --playouts 50 --variant lattice-9 --seed 1

1. Random self-play: game i uses tanbo.Rng(seed + i) and random_move(), so it is the same game
   as `tanbo selfplay --seed SEED` plays (same lengths, same winners).
2. Flat Monte-Carlo: for every legal move, play it on a copy and run `--playouts` random playouts
   (Game.playout leaves the game unchanged: copy-make in C++); pick the move whose playouts the
   mover wins most often. It plays a random player, alternating colours, and reports its score.
Exits with status 1 if the Monte-Carlo player wins fewer than --min-wins games.
"""

import argparse
import sys

import tanbo


def random_selfplay(variant, seed, games, engine):
    """Plays `games` uniformly random games; returns [(length, winner)]."""
    results = []
    for i in range(games):
        rng = tanbo.Rng(seed + i)
        g = tanbo.Game(variant, engine=engine)
        while not g.is_over:
            g.play(g.random_move(rng))
        results.append((g.ply, g.winner))
    return results


def flat_monte_carlo_move(game, rng, playouts):
    """The legal move whose random continuations the side to move wins most often."""
    me = game.to_move
    best, best_wins = None, -1
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        if after.is_over:  # a move that ends the game can only win it (the mover keeps stones)
            if after.winner == me:
                return move
            continue
        wins = sum(after.playout(rng) == me for _ in range(playouts))
        if wins > best_wins:
            best, best_wins = move, wins
    return best if best is not None else game.legal_moves()[0]


def match(variant, games, playouts, seed, engine):
    """Flat Monte-Carlo against random, alternating colours; returns the Monte-Carlo wins."""
    rng = tanbo.Rng(seed)
    wins = 0
    for i in range(games):
        g = tanbo.Game(variant, engine=engine)
        mc_colour = "X" if i % 2 == 0 else "O"
        while not g.is_over:
            if g.to_move == mc_colour:
                g.play(flat_monte_carlo_move(g, rng, playouts))
            else:
                g.play(g.random_move(rng))
        wins += g.winner == mc_colour
        print(f"game {i}: Monte-Carlo plays {mc_colour}, {g.ply} moves, {g.winner} wins")
    return wins


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games of each kind")
    parser.add_argument("--playouts", type=int, default=50, help="playouts per candidate move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="lattice-9")
    parser.add_argument("--engine", default="optimized", choices=["optimized", "reference"])
    parser.add_argument("--min-wins", type=int, default=0, help="exit 1 below this many wins")
    args = parser.parse_args()

    results = random_selfplay(args.variant, args.seed, args.games, args.engine)
    for i, (length, winner) in enumerate(results):
        print(f"self-play game {i}: seed {args.seed + i}, {length} moves, {winner} wins")
    x_wins = sum(w == "X" for _, w in results)
    print(f"random self-play: {args.games} games, X wins {x_wins}, O wins {args.games - x_wins}")

    wins = match(args.variant, args.games, args.playouts, args.seed, args.engine)
    print(f"flat Monte-Carlo won {wins}/{args.games} games against a random player "
          f"({args.playouts} playouts per move, {args.variant})")
    return 0 if wins >= args.min_wins else 1


if __name__ == "__main__":
    sys.exit(main())
