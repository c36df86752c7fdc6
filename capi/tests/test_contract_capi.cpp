// Contract tests of the C API (capi/include/tanbo/tanbo.h): on every position of seeded random
// games over several variants, each C function returns what the C++ engine it wraps
// (tanbo::optimized::Game) returns for the same game: indices map to points row-major, colours
// to tanbo_color, texts to the C++ formatters, statuses to the documented error cases. Built
// into tanbo_tests (C++), next to the C99 test capi_test.c; index: verify/CONTRACT.md.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "contract_util.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/tanbo.h"
#include "test_util.hpp"

using namespace tanbo;

namespace {

struct Free {
  void operator()(tanbo_game* g) const noexcept { tanbo_game_free(g); }
};
using Handle = std::unique_ptr<tanbo_game, Free>;

Handle create_from(const Position& start) {
  tanbo_game* g = nullptr;
  char err[256] = {};
  const std::string text = start.to_string();
  const tanbo_status s = tanbo_game_create_from_position(text.c_str(), &g, err, sizeof err);
  INFO(text << ": " << err);
  REQUIRE(s == TANBO_OK);
  return Handle(g);
}

tanbo_color to_c(Cell c) { return c == Cell::Black ? TANBO_BLACK : c == Cell::White ? TANBO_WHITE : TANBO_NONE; }
tanbo_color to_c(std::optional<Color> c) { return c ? to_c(stone(*c)) : TANBO_NONE; }

// A text export, fetched snprintf-style: length first, then the text into an exact buffer.
template <typename F>
std::string text_of(tanbo_game* g, F&& export_fn) {
  std::size_t needed = 0;
  REQUIRE(export_fn(g, nullptr, 0, &needed) == TANBO_ERR_BUFFER_TOO_SMALL);
  std::string out(needed + 1, '\0');
  std::size_t again = 0;
  REQUIRE(export_fn(g, out.data(), out.size(), &again) == TANBO_OK);
  REQUIRE(again == needed);
  REQUIRE(std::strlen(out.c_str()) == needed);
  out.resize(needed);
  return out;
}

// Every query of the handle against the C++ game in the same state.
void require_same(tanbo_game* g, const optimized::Game& cpp) {
  const int n = cpp.size();
  REQUIRE(tanbo_size(g) == n);
  REQUIRE(tanbo_ply(g) == cpp.ply());
  REQUIRE(tanbo_to_move(g) == to_c(stone(cpp.to_move())));
  REQUIRE(tanbo_is_over(g) == (cpp.is_over() ? 1 : 0));
  REQUIRE(tanbo_winner(g) == to_c(cpp.winner()));
  REQUIRE(tanbo_stone_count(g, TANBO_BLACK) == cpp.stone_count(Color::Black));
  REQUIRE(tanbo_stone_count(g, TANBO_WHITE) == cpp.stone_count(Color::White));
  REQUIRE(tanbo_hash(g) == cpp.hash());
  REQUIRE(tanbo_legal_move_count(g) == cpp.legal_move_count());
  // tanbo_legal_moves: the row-major indices of legal_moves(), with the count.
  std::vector<int> want;
  for (const Point p : cpp.legal_moves()) want.push_back(p.y * n + p.x);
  std::vector<int> got(static_cast<std::size_t>(n * n) + 1, -1);
  std::size_t count = 0;
  REQUIRE(tanbo_legal_moves(g, got.data(), got.size(), &count) == TANBO_OK);
  got.resize(count);
  REQUIRE(got == want);
  for (int i = -1; i <= n * n; ++i) {
    INFO("index " << i);
    const Point p{i >= 0 ? i % n : -1, i >= 0 ? i / n : 0};
    const bool on = i >= 0 && i < n * n;
    REQUIRE(tanbo_is_legal(g, i) == (on && cpp.is_legal(p) ? 1 : 0));
    tanbo_color cell = TANBO_NONE;
    char name[8] = {};
    std::size_t len = 0;
    if (!on) {
      REQUIRE(tanbo_cell_at(g, i, &cell) == TANBO_ERR_INVALID_ARGUMENT);
      REQUIRE(tanbo_point_name(g, i, name, sizeof name, &len) == TANBO_ERR_INVALID_ARGUMENT);
      continue;
    }
    REQUIRE(tanbo_cell_at(g, i, &cell) == TANBO_OK);
    REQUIRE(cell == to_c(cpp.at(p)));
    REQUIRE(tanbo_point_name(g, i, name, sizeof name, &len) == TANBO_OK);
    REQUIRE(std::string(name) == point_name(p));
    REQUIRE(len == point_name(p).size());
    int index = -1;
    REQUIRE(tanbo_point_index(g, name, &index) == TANBO_OK);
    REQUIRE(index == i);
  }
  REQUIRE(text_of(g, tanbo_position_string) == cpp.position().to_string());
  REQUIRE(text_of(g, tanbo_diagram) == cpp.position().diagram());
  REQUIRE(text_of(g, tanbo_record) == format_record(cpp.start_position(), cpp.moves()));
  REQUIRE(std::string(tanbo_last_error(g)).empty());  // the successful calls cleared it
}

}  // namespace

TEST_CASE("contract: every C API query returns what the C++ engine returns, on random games",
          "[contract][capi]") {
  long long positions = 0;
  std::vector<Position> starts = tanbo_test::contract_starts();
  starts.push_back(opening(Variant::lattice(13)));
  for (const Position& start : starts) {
    INFO("start \"" << start.to_string() << "\"");
    for (std::uint64_t seed = 7500; seed < 7503; ++seed) {
      Handle g = create_from(start);
      optimized::Game cpp(start);
      tanbo_rng crng;
      tanbo_rng_seed(&crng, seed);
      Rng rng(seed);
      require_same(g.get(), cpp);
      while (!cpp.is_over()) {
        // tanbo_random_move draws what random_legal_move draws from the same generator state,
        // and advances the caller's generator exactly as the C++ one advances.
        int index = -1;
        REQUIRE(tanbo_random_move(g.get(), &crng, &index) == TANBO_OK);
        const Point p = cpp.random_legal_move(rng);
        REQUIRE(index == p.y * cpp.size() + p.x);
        tanbo_rng expected_state;
        std::memcpy(expected_state.state, static_cast<const void*>(&rng), sizeof expected_state.state);
        REQUIRE(std::memcmp(crng.state, expected_state.state, sizeof crng.state) == 0);
        // Alternate the two ways of playing; every few plies try a copy and an undo too.
        const std::string name = point_name(p);
        REQUIRE((cpp.ply() % 2 ? tanbo_play(g.get(), name.c_str()) : tanbo_play_index(g.get(), index)) == TANBO_OK);
        cpp.play(p);
        ++positions;
        require_same(g.get(), cpp);
        if (cpp.ply() % 7 == 0) {
          tanbo_game* copy = nullptr;
          REQUIRE(tanbo_game_copy(g.get(), &copy) == TANBO_OK);
          Handle c(copy);
          require_same(c.get(), cpp);
          REQUIRE(tanbo_undo(c.get()) == TANBO_OK);
          optimized::Game back = cpp;
          back.undo();
          require_same(c.get(), back);
        }
      }
      int index = 7;
      REQUIRE(tanbo_random_move(g.get(), &crng, &index) == TANBO_ERR_GAME_OVER);
      REQUIRE(index == 7);
    }
  }
  CHECK(positions > 300);
}

TEST_CASE("contract: C API create functions, statuses and errors match the C++ engine's",
          "[contract][capi]") {
  // tanbo_game_create accepts exactly the named variants and starts from their openings.
  for (const Variant& v : Variant::all_named()) {
    tanbo_game* g = nullptr;
    REQUIRE(tanbo_game_create(v.name().c_str(), &g, nullptr, 0) == TANBO_OK);
    Handle h(g);
    REQUIRE(tanbo_hash(g) == zobrist_hash(opening(v)));
    REQUIRE(text_of(g, tanbo_position_string) == opening(v).to_string());
  }
  char err[256] = {};
  tanbo_game* g = nullptr;
  CHECK(tanbo_game_create("lattice-8", &g, err, sizeof err) == TANBO_ERR_PARSE);
  CHECK(g == nullptr);
  CHECK(std::string(err) == "tanbo_game_create: " + std::string(tanbo_test::thrown<ParseError>([] { Variant::parse("lattice-8"); })->what()));
  CHECK(tanbo_game_create("custom-5", &g, err, sizeof err) == TANBO_ERR_PARSE);
  // Invalid positions give the C++ engine's message.
  const char* bounded = "XO1/OX1/3 X";
  CHECK(tanbo_game_create_from_position(bounded, &g, err, sizeof err) == TANBO_ERR_INVALID_POSITION);
  const auto want = tanbo_test::thrown<InvalidPositionError>([&] { optimized::Game x(Position::parse(bounded)); });
  REQUIRE(want.has_value());
  CHECK(std::string(err).find(want->what()) != std::string::npos);
  // Illegal moves give the C++ IllegalMoveError's message and change nothing.
  Handle h = create_from(opening(Variant::lattice(5)));
  const std::uint64_t before = tanbo_hash(h.get());
  CHECK(tanbo_play(h.get(), "C3") == TANBO_ERR_ILLEGAL_MOVE);
  const auto illegal = tanbo_test::thrown<IllegalMoveError>([] { optimized::Game(Variant::lattice(5)).play({2, 2}); });
  REQUIRE(illegal.has_value());
  CHECK(std::string(tanbo_last_error(h.get())) == std::string("tanbo_play: ") + illegal->what());
  CHECK(tanbo_hash(h.get()) == before);
  CHECK(tanbo_undo(h.get()) == TANBO_ERR_NO_MOVE_TO_UNDO);
  CHECK(std::string(tanbo_version()) == version());
  CHECK(std::string(tanbo_status_string(TANBO_ERR_ILLEGAL_MOVE)) == "illegal move");
  // tanbo_rng_seed gives tanbo::Rng(seed)'s state, so C and C++ streams are the same.
  tanbo_rng r;
  tanbo_rng_seed(&r, 12345);
  const Rng cpp(12345);
  CHECK(std::memcmp(r.state, static_cast<const void*>(&cpp), sizeof r.state) == 0);
}
