// Contract tests of the C API (capi/include/tanbo/tanbo.h): on every position of seeded random
// games over several variants, each C function returns what the C++ engine it wraps
// (tanbo::optimized::Game) returns for the same game: indices map to points row-major, colours
// to tanbo_color, texts to the C++ formatters, statuses to the documented error cases. Built
// into tanbo_capi_tests (C++), next to the C99 test capi_test.c; index: differential/CONTRACT.md.
// check-map: code capi
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "contract_util.hpp"
#include "tanbo/svg/svg.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
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
          "[contract][capi][faces]") {
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
        // tanbo_random_legal_move draws what random_legal_move draws from the same generator state,
        // and advances the caller's generator exactly as the C++ one advances.
        int index = -1;
        REQUIRE(tanbo_random_legal_move(g.get(), &crng, &index) == TANBO_OK);
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
      // Over: no move drawn, the generator and the out-parameter untouched; a move after the end
      // gets the C++ engine's message. (The engine dispatch behind these calls, reference engine
      // and 21x21 boards included, is api/tests' "GameHandle's per-move calls".)
      const tanbo_rng kept = crng;
      int index = 7;
      REQUIRE(tanbo_random_legal_move(g.get(), &crng, &index) == TANBO_ERR_GAME_OVER);
      REQUIRE(index == 7);
      REQUIRE(std::memcmp(kept.state, crng.state, sizeof crng.state) == 0);
      REQUIRE(std::string(tanbo_last_error(g.get())) == "tanbo_random_legal_move: the game is over; no move to choose");
      const auto after_end = tanbo_test::thrown<IllegalMoveError>([&] { optimized::Game(cpp).play(Point{0, 0}); });
      REQUIRE(after_end.has_value());
      REQUIRE(tanbo_play_index(g.get(), 0) == TANBO_ERR_ILLEGAL_MOVE);
      REQUIRE(std::string(tanbo_last_error(g.get())) == std::string("tanbo_play_index: ") + after_end->what());
    }
  }
  CHECK(positions > 300);
}

TEST_CASE("contract: C API create functions, statuses and errors match the C++ engine's",
          "[contract][capi][errors]") {
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
  CHECK(std::string(tanbo_version()) == version());
  CHECK(std::string(tanbo_status_string(TANBO_ERR_ILLEGAL_MOVE)) == "illegal move");
  // tanbo_rng_seed gives tanbo::Rng(seed)'s state, so C and C++ streams are the same.
  tanbo_rng r;
  tanbo_rng_seed(&r, 12345);
  const Rng cpp(12345);
  CHECK(std::memcmp(r.state, static_cast<const void*>(&cpp), sizeof r.state) == 0);
}

namespace {

Handle create_on(const std::string& start, tanbo_engine engine) {
  tanbo_game* g = nullptr;
  char err[256] = {};
  const tanbo_status s = tanbo_game_create_with_engine(start.c_str(), engine, &g, err, sizeof err);
  INFO(start << ": " << err);
  REQUIRE(s == TANBO_OK);
  return Handle(g);
}

// One root as tanbo_roots encodes it, from brute-force truth.
void append_brute_root(std::vector<int>& out, const brute::Board& b, Point first) {
  const int n = b.n;
  out.push_back(brute::get(b, first.x, first.y) == 1 ? TANBO_BLACK : TANBO_WHITE);
  const std::vector<Point> stones = tanbo_test::brute_root(b, first);
  out.push_back(static_cast<int>(stones.size()));
  for (const Point s : stones) out.push_back(s.y * n + s.x);
  const std::vector<Point> growth = tanbo_test::brute_growth(b, first);
  out.push_back(static_cast<int>(growth.size()));
  for (const Point q : growth) out.push_back(q.y * n + q.x);
}

// The queries JavaScript asks, against brute-force truth on the position of `cpp`.
void require_js_queries(tanbo_game* g, const reference::Game& cpp) {
  const int n = cpp.size();
  const auto nn = static_cast<std::size_t>(n * n);
  const brute::Board b = tanbo_test::to_brute(cpp.position());
  std::vector<unsigned char> cells(nn), mask(nn);
  REQUIRE(tanbo_cells(g, cells.data(), nn) == TANBO_OK);
  REQUIRE(tanbo_legal_mask(g, mask.data(), nn) == TANBO_OK);
  REQUIRE(tanbo_cells(g, cells.data(), nn - 1) == TANBO_ERR_BUFFER_TOO_SMALL);
  const bool over = brute::over(b);
  std::vector<int> all_roots;
  std::vector<char> seen(nn, 0);
  for (int i = 0; i < n * n; ++i) {
    INFO("index " << i);
    const Point p{i % n, i / n};
    const int c = brute::get(b, p.x, p.y);
    REQUIRE(static_cast<int>(cells[static_cast<std::size_t>(i)]) == c);
    REQUIRE(mask[static_cast<std::size_t>(i)] == (!over && brute::legal(b, p.x, p.y) ? 1 : 0));
    tanbo_illegal_reason why = TANBO_REASON_LEGAL;
    int friends = -1;
    REQUIRE(tanbo_explain(g, i, &why, &friends) == TANBO_OK);
    const int touching = brute::touching(b, p.x, p.y, b.mover);
    REQUIRE(friends == touching);
    const tanbo_illegal_reason want = over ? TANBO_REASON_GAME_OVER
                                      : c != 0 ? TANBO_REASON_OCCUPIED
                                      : touching == 0 ? TANBO_REASON_NO_FRIENDLY_NEIGHBOUR
                                      : touching > 1 ? TANBO_REASON_SEVERAL_FRIENDLY_NEIGHBOURS
                                                     : TANBO_REASON_LEGAL;
    REQUIRE(why == want);
    int queried = -9;
    REQUIRE(tanbo_point_index_query(g, point_name(p).c_str(), &queried) == TANBO_OK);
    REQUIRE(queried == i);
    std::vector<int> root(nn * 2 + 4, -9);
    std::size_t count = 0;
    if (c == 0) {
      REQUIRE(tanbo_root_at(g, i, root.data(), root.size(), &count) == TANBO_ERR_INVALID_ARGUMENT);
      continue;
    }
    REQUIRE(tanbo_root_at(g, i, root.data(), root.size(), &count) == TANBO_OK);
    root.resize(count);
    std::vector<int> want_root;
    append_brute_root(want_root, b, p);
    REQUIRE(root == want_root);
    if (!seen[static_cast<std::size_t>(i)]) {  // a root's first stone in row-major order
      for (const Point s : tanbo_test::brute_root(b, p)) seen[static_cast<std::size_t>(s.y * n + s.x)] = 1;
      all_roots.insert(all_roots.end(), want_root.begin(), want_root.end());
    }
  }
  std::size_t count = 0;
  REQUIRE(tanbo_roots(g, nullptr, 0, &count) == (all_roots.empty() ? TANBO_OK : TANBO_ERR_BUFFER_TOO_SMALL));
  std::vector<int> roots(count + 1, -9);
  REQUIRE(tanbo_roots(g, roots.data(), roots.size(), &count) == TANBO_OK);
  roots.resize(count);
  REQUIRE(roots == all_roots);
  // Off the board: explain answers off-board (game over first), a move there is an illegal move
  // that changes nothing.
  const std::uint64_t hash = tanbo_hash(g);
  for (const int off : {-1, n * n, 1 << 30}) {
    tanbo_illegal_reason why = TANBO_REASON_LEGAL;
    int friends = -1;
    REQUIRE(tanbo_explain(g, off, &why, &friends) == TANBO_OK);
    REQUIRE(why == (over ? TANBO_REASON_GAME_OVER : TANBO_REASON_OFF_BOARD));  // rule 7 first
    REQUIRE(friends == 0);
    REQUIRE(tanbo_play_index(g, off) == TANBO_ERR_ILLEGAL_MOVE);
    REQUIRE(std::string(tanbo_last_error(g)).find("index " + std::to_string(off) + " (indices are 0..") != std::string::npos);
    REQUIRE(tanbo_hash(g) == hash);
  }
  // Well-formed names off the board are no point of it; malformed ones are parse errors.
  int queried = -9;
  REQUIRE(tanbo_point_index_query(g, "Z9", &queried) == TANBO_OK);
  REQUIRE(queried == -1);
  std::string below = std::to_string(n + 1);  // "A<n+1>": the row under the board
  below.insert(below.begin(), 'A');
  REQUIRE(tanbo_point_index_query(g, below.c_str(), &queried) == TANBO_OK);
  REQUIRE(queried == -1);
  REQUIRE(tanbo_point_index_query(g, "A0", &queried) == TANBO_ERR_PARSE);
  REQUIRE(queried == -1);
  // History and texts.
  std::vector<int> moves(static_cast<std::size_t>(cpp.ply()) + 1, -9);
  REQUIRE(tanbo_moves(g, moves.data(), moves.size(), &count) == TANBO_OK);
  moves.resize(count);
  std::vector<int> want_moves;
  for (const Point p : cpp.moves()) want_moves.push_back(p.y * n + p.x);
  REQUIRE(moves == want_moves);
  REQUIRE(text_of(g, tanbo_start_position_string) == cpp.start_position().to_string());
  REQUIRE(text_of(g, tanbo_variant_name) == cpp.start_position().variant().name());
  REQUIRE(std::string(tanbo_last_error(g)).empty());
}

}  // namespace

TEST_CASE("contract: C API engine choice and the queries of the JavaScript package, on both engines",
          "[contract][capi][faces]") {
  REQUIRE(std::string(tanbo_engine_name(TANBO_ENGINE_OPTIMIZED)) == "optimized");
  REQUIRE(std::string(tanbo_engine_name(TANBO_ENGINE_REFERENCE)) == "reference");
  REQUIRE(tanbo_engine_name(static_cast<tanbo_engine>(2)) == nullptr);
  long long positions = 0;
  for (const tanbo_engine engine : {TANBO_ENGINE_OPTIMIZED, TANBO_ENGINE_REFERENCE}) {
    tanbo_engine parsed = TANBO_ENGINE_OPTIMIZED;
    REQUIRE(tanbo_engine_parse(tanbo_engine_name(engine), &parsed, nullptr, 0) == TANBO_OK);
    REQUIRE(parsed == engine);
    for (const Position& start : tanbo_test::contract_starts()) {
      INFO("engine " << tanbo_engine_name(engine) << ", start \"" << start.to_string() << "\"");
      Handle g = create_on(start.to_string(), engine);
      REQUIRE(tanbo_game_engine(g.get()) == engine);
      reference::Game cpp(start);
      tanbo_rng crng;
      tanbo_rng_seed(&crng, 4242);
      Rng rng(4242);
      require_js_queries(g.get(), cpp);
      tanbo_move_result r{};
      REQUIRE(tanbo_last_result(g.get(), &r, nullptr, 0, nullptr) == TANBO_ERR_NO_MOVE_TO_UNDO);
      while (!cpp.is_over()) {
        // tanbo_random_move is legal_moves()[below(n)] of the same generator state.
        int index = -1;
        REQUIRE(tanbo_random_move(g.get(), &crng, &index) == TANBO_OK);
        const std::vector<Point> legal = cpp.legal_moves();
        const Point p = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        REQUIRE(index == p.y * cpp.size() + p.x);
        const Position before = cpp.position();
        REQUIRE(tanbo_play_index(g.get(), index) == TANBO_OK);
        cpp.play(p);
        ++positions;
        // tanbo_last_result: the move, the player, the rule, the removed stones by colour.
        const MoveResult want = cpp.last_result();
        std::vector<int> removed(want.removed.size() + 1, -9);
        std::size_t count = 0;
        REQUIRE(tanbo_last_result(g.get(), &r, removed.data(), removed.size(), &count) == TANBO_OK);
        REQUIRE(r.move == index);
        REQUIRE(r.player == (want.player == Color::Black ? TANBO_BLACK : TANBO_WHITE));
        REQUIRE(static_cast<int>(r.removal) == static_cast<int>(want.removal));
        removed.resize(count);
        std::vector<int> want_removed;
        int black = 0;
        for (const Point q : want.removed) {
          want_removed.push_back(q.y * cpp.size() + q.x);
          // The stone just played was not on the board before: it is the mover's.
          black += q == p ? want.player == Color::Black : before.at(q) == Cell::Black;
        }
        REQUIRE(removed == want_removed);
        REQUIRE(r.removed_black == black);
        REQUIRE(r.removed_white == static_cast<int>(want.removed.size()) - black);
        require_js_queries(g.get(), cpp);
      }
      int index = 7;
      REQUIRE(tanbo_random_move(g.get(), &crng, &index) == TANBO_ERR_GAME_OVER);
      REQUIRE(index == 7);
      // The record replays to the same game on the same engine.
      const std::string record = text_of(g.get(), tanbo_record);
      tanbo_game* replayed = nullptr;
      REQUIRE(tanbo_game_create_from_record(record.c_str(), engine, &replayed, nullptr, 0) == TANBO_OK);
      Handle h(replayed);
      REQUIRE(tanbo_hash(replayed) == cpp.hash());
      REQUIRE(tanbo_ply(replayed) == cpp.ply());
      REQUIRE(tanbo_game_engine(replayed) == engine);
    }
  }
  CHECK(positions > 100);
}

TEST_CASE("contract: C API perft, playouts, MCTS, generator and variant list",
          "[contract][capi][faces][sampling]") {
  const Position start = opening(Variant::lattice(5));
  for (const tanbo_engine engine : {TANBO_ENGINE_OPTIMIZED, TANBO_ENGINE_REFERENCE}) {
    INFO("engine " << tanbo_engine_name(engine));
    Handle g = create_on("lattice-5", engine);
    // perft against the brute-force count.
    for (int depth = 0; depth <= 3; ++depth) {
      std::uint64_t nodes = 0;
      REQUIRE(tanbo_perft(g.get(), depth, &nodes) == TANBO_OK);
      REQUIRE(nodes == brute::perft(tanbo_test::to_brute(start), depth));
    }
    std::uint64_t nodes = 99;
    REQUIRE(tanbo_perft(g.get(), -1, &nodes) == TANBO_ERR_INVALID_ARGUMENT);
    REQUIRE(tanbo_perft(g.get(), 65, &nodes) == TANBO_ERR_INVALID_ARGUMENT);
    REQUIRE(nodes == 99);
    // A playout on a copy leaves the game as it was; in place, it plays to the end and can be
    // taken back move by move.
    tanbo_rng rng;
    tanbo_rng_seed(&rng, 77);
    tanbo_color w = TANBO_NONE;
    int length = -1;
    REQUIRE(tanbo_playout(g.get(), &rng, 0, &w, &length) == TANBO_OK);
    REQUIRE((w == TANBO_BLACK || w == TANBO_WHITE));
    REQUIRE(length > 0);
    REQUIRE(tanbo_ply(g.get()) == 0);
    tanbo_rng_seed(&rng, 77);
    tanbo_color w2 = TANBO_NONE;
    int length2 = -1;
    REQUIRE(tanbo_playout(g.get(), &rng, 1, &w2, &length2) == TANBO_OK);
    REQUIRE(w2 == w);
    REQUIRE(length2 == length);
    REQUIRE(tanbo_ply(g.get()) == length);
    REQUIRE(tanbo_winner(g.get()) == w);
    std::uint64_t wins = 0, moves = 0;
    REQUIRE(tanbo_playouts(g.get(), &rng, 3, &wins, &moves) == TANBO_ERR_GAME_OVER);
    int index = -1;
    REQUIRE(tanbo_mcts_move(g.get(), 10, 1, &index) == TANBO_ERR_GAME_OVER);
    while (tanbo_ply(g.get()) > 0) REQUIRE(tanbo_undo(g.get()) == TANBO_OK);
    REQUIRE(tanbo_hash(g.get()) == zobrist_hash(start));
    // playouts: the tally of as many single playouts from the same generator.
    tanbo_rng_seed(&rng, 5);
    REQUIRE(tanbo_playouts(g.get(), &rng, 20, &wins, &moves) == TANBO_OK);
    tanbo_rng_seed(&rng, 5);
    std::uint64_t want_wins = 0, want_moves = 0;
    for (int i = 0; i < 20; ++i) {
      REQUIRE(tanbo_playout(g.get(), &rng, 0, &w, &length) == TANBO_OK);
      want_wins += w == TANBO_BLACK;
      want_moves += static_cast<std::uint64_t>(length);
    }
    REQUIRE(wins == want_wins);
    REQUIRE(moves == want_moves);
    REQUIRE(tanbo_playouts(g.get(), &rng, -1, &wins, &moves) == TANBO_ERR_INVALID_ARGUMENT);
    // MCTS: a legal move, the same for the same seed on both engines (it searches boards).
    REQUIRE(tanbo_mcts_move(g.get(), 50, 3, &index) == TANBO_OK);
    REQUIRE(tanbo_is_legal(g.get(), index) == 1);
    int again = -1;
    REQUIRE(tanbo_mcts_move(g.get(), 50, 3, &again) == TANBO_OK);
    REQUIRE(again == index);
    REQUIRE(tanbo_mcts_move(g.get(), 0, 3, &again) == TANBO_ERR_INVALID_ARGUMENT);
  }
  // The generator: the C++ tanbo::Rng's next() and below().
  tanbo_rng r;
  tanbo_rng_seed(&r, 99);
  Rng cpp(99);
  for (int i = 0; i < 5; ++i) REQUIRE(tanbo_rng_next(&r) == cpp.next());
  for (std::uint32_t n : {1u, 7u, 1000u, 0xffffffffu}) {
    std::uint32_t v = 0;
    REQUIRE(tanbo_rng_below(&r, n, &v) == TANBO_OK);
    REQUIRE(v == cpp.below(n));
  }
  std::uint32_t v = 5;
  REQUIRE(tanbo_rng_below(&r, 0, &v) == TANBO_ERR_INVALID_ARGUMENT);
  REQUIRE(v == 5);
  REQUIRE(tanbo_rng_next(nullptr) == 0);
  // The variant list: Variant::all_named(), one per line.
  std::string want;
  for (const Variant& var : Variant::all_named()) want += var.name() + "\n";
  std::size_t needed = 0;
  REQUIRE(tanbo_variants(nullptr, 0, &needed) == TANBO_ERR_BUFFER_TOO_SMALL);
  std::string got(needed + 1, '\0');
  REQUIRE(tanbo_variants(got.data(), got.size(), &needed) == TANBO_OK);
  got.resize(needed);
  REQUIRE(got == want);
}

TEST_CASE("contract: C API board geometry is the SVG figures' layout", "[contract][capi][faces]") {
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    INFO("size " << size);
    tanbo_board_geometry g{};
    REQUIRE(tanbo_board_geometry_of(size, &g) == TANBO_OK);
    // The spacing table of the docs' figures, and the margins around size * spacing.
    REQUIRE(g.size == size);
    REQUIRE(g.spacing == (size <= 9 ? 34 : size <= 13 ? 26 : size <= 19 ? 18 : 16));
    REQUIRE(g.spacing % 2 == 0);
    REQUIRE(g.width == g.left + size * g.spacing + g.right);
    REQUIRE(g.height == g.top + size * g.spacing + g.bottom);
    REQUIRE((g.stone_radius > 0 && 2 * g.stone_radius < g.spacing));
    REQUIRE((g.growth_square >= 6 && g.growth_square < g.spacing));
    // A one-board SVG figure is that board below a heading: same width, height plus the heading.
    const std::string svg = svg::render_figure("t", {svg::Panel{"", Position(size), {}}});
    const std::string head = "width=\"" + std::to_string(g.width) + "\" height=\"";
    REQUIRE(svg.find(head) != std::string::npos);
    const int figure_height = std::stoi(svg.substr(svg.find(head) + head.size()));
    REQUIRE(figure_height > g.height);
    REQUIRE(figure_height - g.height == g.top);  // the heading takes as much as the letters
    // The column letters sit in the top margin: "A" is drawn at x of column 0.
    REQUIRE(svg.find("x=\"" + std::to_string(g.left + g.spacing / 2) + "\"") != std::string::npos);
  }
  tanbo_board_geometry g{}, big{};
  REQUIRE(tanbo_board_geometry_of(9, &g) == TANBO_OK);
  REQUIRE(tanbo_board_geometry_of(19, &big) == TANBO_OK);
  REQUIRE(g.coordinate_font > big.coordinate_font);  // smaller letters where points are closer
  REQUIRE(tanbo_board_geometry_of(1, &g) == TANBO_ERR_INVALID_ARGUMENT);
  REQUIRE(tanbo_board_geometry_of(26, &g) == TANBO_ERR_INVALID_ARGUMENT);
  REQUIRE(tanbo_board_geometry_of(5, nullptr) == TANBO_ERR_NULL_ARGUMENT);
}
