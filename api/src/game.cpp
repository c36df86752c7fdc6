// The engine registry's factory (see game.hpp).
#include "tanbo/api/game.hpp"

namespace tanbo::api {

namespace {

// A new game from `start` on engine `engine` (already checked), set up from the position.
std::unique_ptr<AnyGame> set_up(const Position& start, std::string_view engine) {
  if (engine == "optimized") {
    // Boards up to 19x19 on the engine sized for them, as `tanbo bench` does: smaller arrays,
    // about 10 % faster playouts than the 25x25-capable one.
    if (start.size() <= 19) return std::make_unique<GameOn<optimized::Game19>>(start);
    return std::make_unique<GameOn<optimized::Game>>(start);
  }
  return std::make_unique<GameOn<reference::Game>>(start);
}

}  // namespace

std::unique_ptr<AnyGame> make_game(const Position& start, std::string_view engine) {
  // Set up anew on every call: a cache of the last start would be global mutable state (one
  // per thread), which the engines' contract rules out (docs/design.md); callers that start
  // many games from one position copy a game instead (tanbo_game_copy, Game.copy()).
  return set_up(start, check_engine_name(engine));
}

}  // namespace tanbo::api
