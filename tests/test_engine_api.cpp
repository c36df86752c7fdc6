// The Engine API beyond the rules, for every engine: misuse errors (off-board points, undo and
// last_result with no move), the contents of MoveEffect and MoveResult, the order of
// legal_moves(), is_legal() against legal_moves(), value semantics and the start position.
#include <algorithm>
#include <string>
#include <vector>

#include "engine_types.hpp"
#include "rules_scenario.hpp"
#include "test_util.hpp"

using namespace tanbo;
using namespace tanbo_test;

TEMPLATE_TEST_CASE("playing a point off the board is an illegal move that changes nothing", "[api]",
                   TANBO_TEST_ENGINES) {
  TestType g;
  const Position start = g.position();
  for (const Point p : {Point{19, 0}, Point{0, 19}, Point{-1, 0}, Point{0, -1}, Point{25, 25},
                        Point{-100, 3}}) {
    INFO(point_name(p));
    CHECK_FALSE(g.is_legal(p));
    const auto e = thrown<IllegalMoveError>([&] { g.play(p); });
    REQUIRE(e.has_value());
    CHECK(e->reason() == IllegalReason::OffBoard);
    CHECK(e->point() == p);
    CHECK(e->player() == Color::Black);
    CHECK(std::string(e->what()) == "illegal move " + point_name(p) + " by X: the point is not on the board");
    CHECK(g.position() == start);
    CHECK(g.ply() == 0);
  }
}

TEMPLATE_TEST_CASE("undo, last_result and at() report misuse with UsageError", "[api]",
                   TANBO_TEST_ENGINES) {
  TestType g(Variant::lattice(5));
  const auto undo = thrown<UsageError>([&] { g.undo(); });
  REQUIRE(undo.has_value());
  CHECK(std::string(undo->what()) == "undo: no move to take back");
  const auto last = thrown<UsageError>([&] { (void)g.last_result(); });
  REQUIRE(last.has_value());
  CHECK(std::string(last->what()) == "last_result: no move has been played");
  for (const Point p : {Point{5, 0}, Point{0, 5}, Point{-1, 2}, Point{2, -1}}) {
    INFO(point_name(p));
    const auto e = thrown<UsageError>([&] { (void)g.at(p); });
    REQUIRE(e.has_value());
    // The message names the point.
    CHECK(std::string(e->what()).find(point_name(p)) != std::string::npos);
  }
  // After one move and its undo, there is again nothing to undo.
  g.play(pt("B1", 5));
  g.undo();
  CHECK_THROWS_AS(g.undo(), UsageError);
  CHECK_THROWS_AS(g.last_result(), UsageError);
  CHECK(g.position() == opening(Variant::lattice(5)));
}

TEMPLATE_TEST_CASE("MoveEffect and MoveResult describe the move", "[api]", TANBO_TEST_ENGINES) {
  // A quiet move, then a capture (see test_rules_removal.cpp for the diagram).
  TestType g(Position::parse("OX2/1X2/4/3O X"));
  const MoveEffect quiet = g.play(pt("C1", 4));
  CHECK(quiet == MoveEffect{Removal::None, 0, 0});
  CHECK(g.last_result() == MoveResult{pt("C1", 4), Color::Black, Removal::None, {}, 0, 0});
  const MoveEffect reply = g.play(pt("D3", 4));
  CHECK(reply == MoveEffect{});
  CHECK(g.last_result() == MoveResult{pt("D3", 4), Color::White, Removal::None, {}, 0, 0});
  const MoveEffect capture = g.play(pt("A2", 4));
  CHECK(capture == MoveEffect{Removal::BoundedRoots, 0, 1});
  CHECK(g.last_result() == MoveResult{pt("A2", 4), Color::Black, Removal::BoundedRoots, {pt("A1", 4)}, 0, 1});
  CHECK(g.moves() == std::vector<Point>{pt("C1", 4), pt("D3", 4), pt("A2", 4)});
  CHECK(g.ply() == 3);
  // Removal names used in reports.
  CHECK(std::string(removal_name(Removal::None)) == "none");
  CHECK(std::string(removal_name(Removal::ExpandedRoot)) == "expanded-root");
  CHECK(std::string(removal_name(Removal::BoundedRoots)) == "bounded-roots");
}

TEMPLATE_TEST_CASE("legal_moves is row-major and agrees with is_legal everywhere", "[api]",
                   TANBO_TEST_ENGINES) {
  for (const Variant& v : Variant::all_named()) {
    if (v.size > 13) continue;
    const std::uint64_t seed = 31 + static_cast<std::uint64_t>(v.size);
    INFO(v.name() << ", seed " << seed);
    TestType g(v);
    Rng rng(seed);
    while (!g.is_over() && g.ply() < 40) {
      const std::vector<Point> legal = g.legal_moves();
      INFO("ply " << g.ply());
      REQUIRE(std::is_sorted(legal.begin(), legal.end()));
      REQUIRE(std::adjacent_find(legal.begin(), legal.end()) == legal.end());
      REQUIRE(g.legal_move_count() == static_cast<int>(legal.size()));
      for (int y = -1; y <= g.size(); ++y)
        for (int x = -1; x <= g.size(); ++x) {
          const Point p{x, y};
          REQUIRE(g.is_legal(p) == std::binary_search(legal.begin(), legal.end(), p));
        }
      g.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  // Row-major means by row first: B1 (row 1) before A2 (row 2).
  CHECK((pt("B1", 5) < pt("A2", 5)));
  CHECK((pt("A2", 5) < pt("B2", 5)));
}

TEMPLATE_TEST_CASE("engines are values: copies are independent; start_position is kept", "[api]",
                   TANBO_TEST_ENGINES) {
  TestType g;
  CHECK(g.size() == 19);
  CHECK(g.start_position() == opening(Variant::classic()));
  TestType copy = g;
  copy.play(pt("G6", 19));
  CHECK(g.ply() == 0);
  CHECK(g.position() == opening(Variant::classic()));
  CHECK(copy.ply() == 1);
  CHECK(copy.start_position() == opening(Variant::classic()));  // the start does not move
  CHECK(copy.position().variant() == Variant::classic());       // positions keep the start's tag
  g = copy;
  CHECK(g.position() == copy.position());
  CHECK(g.moves() == copy.moves());
  CHECK(g.hash() == copy.hash());
  // Constructing from a variant or from its opening is the same game.
  const TestType a(Variant::dense(7));
  const TestType b(opening(Variant::dense(7)));
  CHECK(a.position() == b.position());
  CHECK(a.start_position() == b.start_position());
  CHECK(a.legal_moves() == b.legal_moves());
  CHECK(a.hash() == b.hash());
  // Hash: equal to the core definition and different for the side to move.
  Position white_first = opening(Variant::dense(7));
  white_first.set_to_move(Color::White);
  const TestType w(white_first);
  CHECK(a.hash() == zobrist_hash(a.position()));
  CHECK(w.hash() == zobrist_hash(white_first));
  CHECK(w.hash() != a.hash());
  CHECK(a.stone_count(Color::Black) == 8);
  CHECK(a.stone_count(Color::White) == 8);
}

TEMPLATE_TEST_CASE("undo restores everything, move by move, back to the start", "[api]",
                   TANBO_TEST_ENGINES) {
  TestType g(Variant::lattice(7));
  Rng rng(4242);
  std::vector<TestType> snapshots;
  while (!g.is_over()) {
    snapshots.push_back(g);
    const auto legal = g.legal_moves();
    g.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  INFO("seed 4242, game of " << g.ply() << " moves");
  while (!snapshots.empty()) {
    g.undo();
    const TestType& s = snapshots.back();
    REQUIRE(g.ply() == s.ply());
    REQUIRE(g.position() == s.position());
    REQUIRE(g.legal_moves() == s.legal_moves());
    REQUIRE(g.moves() == s.moves());
    REQUIRE(g.hash() == s.hash());
    REQUIRE(g.is_over() == s.is_over());
    if (s.ply() > 0) REQUIRE(g.last_result() == s.last_result());
    snapshots.pop_back();
  }
  CHECK(g.position() == opening(Variant::lattice(7)));
  CHECK_THROWS_AS(g.undo(), UsageError);
}
