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
  const std::string_view name = check_engine_name(engine);  // a literal of kEngineNames
  // The last game set up on this thread, never played on: a classic game costs about 25,000
  // instructions to set up on the optimized engine, the comparison and the copy about 5,000. A
  // start that fails to set up throws before it is kept.
  struct Last {
    std::string_view engine;
    std::unique_ptr<AnyGame> game;
  };
  thread_local Last last;
  if (last.game == nullptr || last.engine != name || !(last.game->start_position() == start)) {
    last.game = nullptr;  // kept only once set up
    last.game = set_up(start, name);
    last.engine = name;
  }
  return last.game->clone();
}

}  // namespace tanbo::api
