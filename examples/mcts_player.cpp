// Example: a small UCT Monte-Carlo tree search (MCTS) player built on the optimized engine
// (the search itself is in mcts.hpp), playing a series of seeded games against a uniformly
// random player.
//
// Usage: mcts_player [games=20] [playouts=300] [seed=1] [variant=lattice-9] [min_win_rate=0]
// The MCTS player alternates colours (Black in even games). Prints one line per game and the
// win rate; exits with status 1 if the win rate is below min_win_rate (used by the tests).
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/player/mcts.hpp"
#include "tanbo/core.hpp"
#include "tanbo/optimized/board.hpp"

namespace {

using Board = tanbo::optimized::Board19;  // boards up to 19x19
using tanbo::optimized::Vertex;
using Mcts = tanbo::player::Mcts<Board>;

}  // namespace

int main(int argc, char** argv) {
  try {
    const int games = argc > 1 ? std::stoi(argv[1]) : 20;
    const int playouts = argc > 2 ? std::stoi(argv[2]) : 300;
    const std::uint64_t seed = argc > 3 ? std::stoull(argv[3]) : 1;
    const tanbo::Variant variant = tanbo::Variant::parse(argc > 4 ? argv[4] : "lattice-9");
    const double min_win_rate = argc > 5 ? std::stod(argv[5]) : 0.0;
    if (games < 1 || playouts < 1) throw std::invalid_argument("games and playouts must be >= 1");

    std::printf("MCTS (%d playouts/move) vs random on %s, %d games, seed %llu\n", playouts,
                variant.name().c_str(), games, static_cast<unsigned long long>(seed));
    int mcts_wins = 0;
    for (int g = 0; g < games; ++g) {
      // Every game has its own seeds, so any single game can be replayed on its own.
      const std::uint64_t game_seed = seed * 1000003u + static_cast<std::uint64_t>(g);
      Mcts mcts(playouts, game_seed);
      tanbo::Rng random_player(game_seed ^ 0x5eedULL);
      const tanbo::Color mcts_color = g % 2 == 0 ? tanbo::Color::Black : tanbo::Color::White;

      Board board(variant);
      while (!board.is_over()) {
        const Vertex move = board.to_move() == mcts_color ? mcts.choose(board)
                                                          : board.random_legal_vertex(random_player);
        board.play_vertex(move);
      }
      const bool won = *board.winner() == mcts_color;
      mcts_wins += won;
      std::printf("game %2d: MCTS as %c %s in %d moves\n", g + 1, tanbo::color_char(mcts_color),
                  won ? "wins " : "loses", board.ply());
    }
    const double rate = static_cast<double>(mcts_wins) / games;
    std::printf("MCTS win rate: %d/%d = %.1f%%\n", mcts_wins, games, 100.0 * rate);
    if (rate < min_win_rate) {
      std::printf("below the required %.1f%%\n", 100.0 * min_win_rate);
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr,
                 "mcts_player: %s\nusage: mcts_player [games] [playouts] [seed] [variant] [min_win_rate]\n",
                 e.what());
    return 2;
  }
}
