// Searches over a run-time engine handle (AnyGame) that every front end offers: the MCTS move
// (tanbo::api::Mcts runs on the optimized engine's boards, so the game's board is rebuilt from
// its start and moves) and a batch of random playouts as `tanbo bench` plays them.
#pragma once

#include <cstdint>

#include "tanbo/api/game.hpp"
#include "tanbo/api/mcts.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::api {

/// The UCT move (Mcts, `playouts` simulations, random choices from `seed`) for the side to move.
/// @throws UsageError once the game is over or for `playouts` < 1.
inline Point mcts_move(const AnyGame& g, int playouts, std::uint64_t seed) {
  if (g.is_over()) throw UsageError("mcts_move: the game is over");
  if (playouts < 1) throw UsageError("mcts_move: playouts must be at least 1");
  // Replayed from the start, not built from position(): after a rule-6 expanded-root removal
  // the current board may hold a bounded root, which a board's constructor rejects. One board
  // type for every size: a second instantiation of the search would only grow the WebAssembly
  // (the explorer's download budget), and every face then gets the same move for a seed.
  optimized::Board board{g.start_position()};
  for (const Point p : g.moves()) board.play(p);
  Mcts<optimized::Board> mcts(playouts, seed);
  return optimized::Board::point(mcts.choose(board));
}

/// What a batch of playouts ended with.
struct PlayoutTally {
  std::uint64_t black_wins = 0;  ///< Playouts Black won (White won the others).
  std::uint64_t moves = 0;  ///< Moves played in all of them.
};

/// `count` random playouts from the current position, each on a copy (AnyGame::playout: the
/// bare-board copy-make loop `tanbo bench` measures on the optimized engine).
/// @throws UsageError once the game is over or for a negative count.
inline PlayoutTally playouts(const AnyGame& g, Rng& rng, int count) {
  if (g.is_over()) throw UsageError("playouts: the game is over");
  if (count < 0) throw UsageError("playouts: count must be 0 or more, not " + std::to_string(count));
  PlayoutTally t;
  for (int i = 0; i < count; ++i) {
    const PlayoutResult r = g.playout(rng);
    t.black_wins += r.winner == Color::Black ? 1 : 0;
    t.moves += static_cast<std::uint64_t>(r.length);
  }
  return t;
}

}  // namespace tanbo::api
