// Searches over a run-time engine handle (AnyGame) that every front end offers: the MCTS move
// (mcts_move, in mcts.hpp beside the search itself) and a batch of random playouts as
// `tanbo bench` plays them.
#pragma once

#include <cstdint>

#include "tanbo/api/game.hpp"
#include "tanbo/api/mcts.hpp"

namespace tanbo::api {

/// What a batch of playouts ended with.
struct PlayoutTally {
  std::uint64_t black_wins = 0;
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
