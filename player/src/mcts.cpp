// player::mcts_move: the UCT player on a run-time game (mcts.hpp).
#include "tanbo/player/mcts.hpp"

namespace tanbo::player {

Point mcts_move(const api::AnyGame& g, int playouts, std::uint64_t seed) {
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

}  // namespace tanbo::player
