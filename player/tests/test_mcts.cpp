// Tests of tanbo::player, the UCT player: mcts_move's refusals, and the same move for a seed on
// both engines (the board is rebuilt from the game's start and moves, whatever the engine).
// check-map: code player
#include <string>

#include "tanbo/api/start.hpp"
#include "tanbo/player/mcts.hpp"
#include "test_util.hpp"

using namespace tanbo;

TEST_CASE("player: mcts_move refuses a finished game and a playout count under 1", "[player][errors][sampling]") {
  const auto over = api::start_game("lattice-5", "optimized");
  Rng rng(7);
  while (!over->is_over()) over->play(over->random_move(rng));
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message([&] { (void)player::mcts_move(*over, 10, 1); }) == "mcts_move: the game is over");
  const auto fresh = api::start_game("lattice-5", "optimized");
  CHECK(message([&] { (void)player::mcts_move(*fresh, 0, 1); }) == "mcts_move: playouts must be at least 1");
}

TEST_CASE("player: mcts_move gives one move for a seed on both engines, always a legal one", "[player][engine][sampling]") {
  for (const char* start : {"lattice-5", "classic"}) {
    const auto optimized = api::start_game(start, "optimized");
    const auto reference = api::start_game(start, "reference");
    Rng rng(3);
    for (int i = 0; i < 6 && !optimized->is_over(); ++i) {
      const Point p = optimized->random_move(rng);
      optimized->play(p);
      reference->play(p);
    }
    const Point move = player::mcts_move(*optimized, 40, 11);
    CHECK(optimized->is_legal(move));
    CHECK(player::mcts_move(*reference, 40, 11) == move);
    CHECK(player::mcts_move(*optimized, 40, 11) == move);
  }
}
