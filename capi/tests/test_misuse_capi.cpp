// The C API's misuse paths, one row per argument a caller can get wrong: a NULL pointer, an int
// out of its documented range, an enum value that is no enumerator, a finished game or a game
// without moves. Each call must return the documented status, leave tanbo_last_error (or the
// create functions' error buffer) naming the function and the argument, and leave the game as it
// was: what api/include/tanbo/api/errors.hpp promises every face.
// check-map: code capi
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "tanbo/tanbo.h"

namespace {

struct Row {
  const char* what;                         // the call and the argument it gets wrong
  std::function<tanbo_status(tanbo_game*)> call;
  tanbo_status want;
  const char* message;  // the text tanbo_last_error must hold (nullptr: handle-less, status only)
};

tanbo_game* make(const char* start) {
  tanbo_game* g = nullptr;
  char err[256] = {};
  REQUIRE(tanbo_game_create(start, &g, err, sizeof err) == TANBO_OK);
  return g;
}

/// A finished lattice-5 game: random moves from seed 3 until the end.
tanbo_game* finished() {
  tanbo_game* g = make("lattice-5");
  tanbo_rng rng;
  tanbo_rng_seed(&rng, 3);
  int index = 0;
  while (tanbo_is_over(g) == 0) {
    REQUIRE(tanbo_random_move(g, &rng, &index) == TANBO_OK);
    REQUIRE(tanbo_play_index(g, index) == TANBO_OK);
  }
  return g;
}

std::string position_of(tanbo_game* g) {
  char buf[512] = {};
  std::size_t needed = 0;
  REQUIRE(tanbo_position_string(g, buf, sizeof buf, &needed) == TANBO_OK);
  return buf;
}

void check_rows(const std::vector<Row>& rows, tanbo_game* (*setup)()) {
  for (const Row& row : rows) {
    INFO(row.what);
    tanbo_game* g = setup();
    const std::string before = position_of(g);
    CHECK(row.call(g) == row.want);
    if (row.message != nullptr) CHECK_THAT(tanbo_last_error(g), Catch::Contains(row.message));
    CHECK(position_of(g) == before);
    tanbo_game_free(g);
  }
}

tanbo_game* running() { return make("lattice-5"); }

}  // namespace

TEST_CASE("C API misuse: NULL pointers and out-of-range ints get the documented status, named",
          "[capi][errors]") {
  tanbo_rng rng;
  tanbo_rng_seed(&rng, 1);
  int index = 0;
  uint64_t u64 = 0;
  tanbo_color color = TANBO_NONE;
  tanbo_illegal_reason reason = TANBO_REASON_LEGAL;
  tanbo_move_result result{};
  const std::vector<Row> rows = {
      {"perft: out NULL", [](tanbo_game* g) { return tanbo_perft(g, 1, nullptr); }, TANBO_ERR_NULL_ARGUMENT,
       "tanbo_perft: out is NULL"},
      {"perft: depth -1", [&](tanbo_game* g) { return tanbo_perft(g, -1, &u64); }, TANBO_ERR_INVALID_ARGUMENT,
       "depth must be an int in [0, 64], not -1"},
      {"perft: depth 65", [&](tanbo_game* g) { return tanbo_perft(g, 65, &u64); }, TANBO_ERR_INVALID_ARGUMENT,
       "not 65"},
      {"random_move: rng NULL", [&](tanbo_game* g) { return tanbo_random_move(g, nullptr, &index); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_random_move: rng is NULL"},
      {"random_move: index NULL", [&](tanbo_game* g) { return tanbo_random_move(g, &rng, nullptr); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_random_move: index is NULL"},
      {"playout: rng NULL", [&](tanbo_game* g) { return tanbo_playout(g, nullptr, 0, &color, nullptr); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_playout: rng is NULL"},
      {"playout: winner NULL", [&](tanbo_game* g) { return tanbo_playout(g, &rng, 1, nullptr, nullptr); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_playout: winner is NULL"},
      {"playouts: rng NULL", [&](tanbo_game* g) { return tanbo_playouts(g, nullptr, 1, &u64, &u64); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_playouts: rng is NULL"},
      {"playouts: count -1", [&](tanbo_game* g) { return tanbo_playouts(g, &rng, -1, &u64, &u64); },
       TANBO_ERR_INVALID_ARGUMENT, "count must be an int in [0, 2147483647], not -1"},
      {"mcts_move: index NULL", [](tanbo_game* g) { return tanbo_mcts_move(g, 10, 1, nullptr); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_mcts_move: index is NULL"},
      {"mcts_move: playouts 0", [&](tanbo_game* g) { return tanbo_mcts_move(g, 0, 1, &index); },
       TANBO_ERR_INVALID_ARGUMENT, "playouts must be an int in [1, 10000000], not 0"},
      {"mcts_move: playouts 10000001", [&](tanbo_game* g) { return tanbo_mcts_move(g, 10'000'001, 1, &index); },
       TANBO_ERR_INVALID_ARGUMENT, "not 10000001"},
      {"explain: reason NULL", [](tanbo_game* g) { return tanbo_explain(g, 0, nullptr, nullptr); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_explain: reason is NULL"},
      {"explain: an index off the board is a question, not an error",
       [&](tanbo_game* g) {
         const tanbo_status s = tanbo_explain(g, 1000, &reason, nullptr);
         return s == TANBO_OK && reason == TANBO_REASON_OFF_BOARD ? TANBO_OK : TANBO_ERR_INTERNAL;
       },
       TANBO_OK, nullptr},
      {"point_index_query: point NULL", [&](tanbo_game* g) { return tanbo_point_index_query(g, nullptr, &index); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_point_index_query: point is NULL"},
      {"point_index_query: index NULL", [](tanbo_game* g) { return tanbo_point_index_query(g, "A1", nullptr); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_point_index_query: index is NULL"},
      {"cells: out NULL", [](tanbo_game* g) { return tanbo_cells(g, nullptr, 25); }, TANBO_ERR_NULL_ARGUMENT,
       "tanbo_cells: out is NULL"},
      {"legal_mask: buffer too small",
       [](tanbo_game* g) {
         unsigned char mask[24];
         return tanbo_legal_mask(g, mask, sizeof mask);
       },
       TANBO_ERR_BUFFER_TOO_SMALL, "the board needs 25 bytes but the buffer has 24"},
      {"last_result: out NULL", [](tanbo_game* g) { return tanbo_last_result(g, nullptr, nullptr, 0, nullptr); },
       TANBO_ERR_NULL_ARGUMENT, "tanbo_last_result: out is NULL"},
      {"last_result: no move played", [&](tanbo_game* g) { return tanbo_last_result(g, &result, nullptr, 0, nullptr); },
       TANBO_ERR_NO_MOVE_TO_UNDO, "tanbo_last_result: no move has been played"},
  };
  check_rows(rows, running);
}

TEST_CASE("C API misuse: a finished game refuses the calls that need a move to choose", "[capi][errors]") {
  tanbo_rng rng;
  tanbo_rng_seed(&rng, 1);
  int index = 0;
  uint64_t u64 = 0;
  const std::vector<Row> rows = {
      {"random_move", [&](tanbo_game* g) { return tanbo_random_move(g, &rng, &index); }, TANBO_ERR_GAME_OVER,
       "tanbo_random_move: the game is over"},
      {"playouts", [&](tanbo_game* g) { return tanbo_playouts(g, &rng, 1, &u64, nullptr); }, TANBO_ERR_GAME_OVER,
       "tanbo_playouts: the game is over"},
      {"mcts_move", [&](tanbo_game* g) { return tanbo_mcts_move(g, 10, 1, &index); }, TANBO_ERR_GAME_OVER,
       "tanbo_mcts_move: the game is over"},
  };
  check_rows(rows, finished);
}

TEST_CASE("C API misuse: functions without a handle refuse NULL and bad values", "[capi][errors]") {
  tanbo_rng rng;
  tanbo_rng_seed(&rng, 1);
  uint32_t below = 0;
  CHECK(tanbo_rng_below(&rng, 3, nullptr) == TANBO_ERR_NULL_ARGUMENT);
  const tanbo_rng kept = rng;
  CHECK(tanbo_rng_below(&rng, 0, &below) == TANBO_ERR_INVALID_ARGUMENT);
  CHECK(std::memcmp(&kept, &rng, sizeof rng) == 0);  // a refused call draws nothing

  // The create functions, which have no handle yet, write into the caller's buffer. (Enum values
  // that are no enumerator are capi_test.c's: C may pass them, C++ may not.)
  char err[256] = {};
  tanbo_game* g = nullptr;
  CHECK(tanbo_game_create_with_engine("lattice-5", TANBO_ENGINE_OPTIMIZED, nullptr, err, sizeof err) ==
        TANBO_ERR_NULL_ARGUMENT);
  CHECK_THAT(err, Catch::Contains("out is NULL"));
  CHECK(tanbo_game_create_with_engine(nullptr, TANBO_ENGINE_OPTIMIZED, &g, err, sizeof err) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(g == nullptr);
  tanbo_engine parsed = TANBO_ENGINE_REFERENCE;
  CHECK(tanbo_engine_parse(nullptr, &parsed, err, sizeof err) == TANBO_ERR_NULL_ARGUMENT);
  CHECK_THAT(err, Catch::Contains("tanbo_engine_parse: name is NULL"));
  CHECK(tanbo_engine_parse("optimized", nullptr, err, sizeof err) == TANBO_ERR_NULL_ARGUMENT);
  CHECK_THAT(err, Catch::Contains("tanbo_engine_parse: out is NULL"));
}
