// The Engine API's misuse errors, for every engine, with their messages: off-board points, undo
// and last_result with no move, at() off the board. (MoveEffect and MoveResult are checked move
// by move in the rule scenarios; order of legal_moves(), is_legal(), copies, undo and the start
// position after every move by the harness of test_engine_games.cpp.)
// In optimized/tests: run on every engine; reference/tests checks the reference alone, so what
// these add is the optimized engine.
// check-map: code reference optimized
#include <string>

#include "engine_types.hpp"
#include "test_util.hpp"

using namespace tanbo;
using namespace tanbo_test;

TEMPLATE_TEST_CASE("playing a point off the board is an illegal move that changes nothing",
                   "[api][rule1][rule3]",
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

TEMPLATE_TEST_CASE("undo, last_result and at() report misuse with UsageError", "[api][errors]",
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
