// Hand-made scenarios for rules 6 and 7 (which roots a move removes; the end of the game) and
// for the starting positions engines must reject, run against every engine. Each expected
// board was derived by hand from the rules in the preamble; the reasoning is next to it.
// In optimized/tests: run on every engine; reference/tests checks the reference alone, so what
// these add is the optimized engine.
// check-map: code reference optimized
#include <string>
#include <vector>

#include "engine_types.hpp"
#include "rules_scenario.hpp"
#include "tanbo/reference/rules.hpp"
#include "test_util.hpp"

using namespace tanbo;
using namespace tanbo_test;

namespace {

// Growth points of the root through `p` in `pos` (reference rule functions), as names.
std::vector<std::string> growth_of(const Position& pos, const char* p) {
  return names(reference::growth_points(pos, reference::root_at(pos, pt(p, pos.size()))));
}

}  // namespace

TEMPLATE_TEST_CASE("rule 6: a bounded expanded root is removed alone, even when others are bounded",
                   "[rules][rule6]", TANBO_TEST_ENGINES) {
  //     A B C       X to move. Roots: X {A1}, O {B1,B2}, X {C1,C2,C3,B3}.
  //   1 X O X       X {A1}: growth A2 (touches A1 only). X {C1..B3}: growth A3 (touches B3
  //   2 . O X       only; A2 is empty). O {B1,B2}: growth A2 (touches B2 only). Valid start.
  //   3 . X X       X's moves: A2 and A3.
  //
  // X plays A2: it joins {A1} -> expanded root {A1,A2}. Its only empty neighbour A3 now touches
  // A2 and B3 (two X stones): {A1,A2} is bounded. So is X's {C1..B3} (A3 was its only growth
  // point) and O's {B1,B2} (A2, its only growth point, is filled). Rule 6: the expanded root is
  // bounded, so it ALONE is removed: A1, A2 go; both other bounded roots stay.
  //     A B C
  //   1 . O X       Afterwards the survivors have growth points again: A3 touches only B3;
  //   2 . O X       A1 and A2 each touch one O stone.
  //   3 . X X
  const std::string start = "XOX/1OX/1XX X";
  TestType g(Position::parse(start));
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"A2", "A3"});
  play_and_expect(g, "A2", Removal::ExpandedRoot, {"A1", "A2"}, "1OX/1OX/1XX O");
  CHECK(growth_of(g.position(), "C1") == std::vector<std::string>{"A3"});
  CHECK(growth_of(g.position(), "B1") == std::vector<std::string>{"A1", "A2"});
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"A1", "A2"});  // O's moves
  CHECK_FALSE(g.is_over());

  // X's other move, A3, is just as bad: {C1,C2,C3,B3,A3}'s only empty neighbour A2 touches A1
  // and A3, so the expanded root is bounded and its five stones go. X's {A1} (bounded for the
  // moment, as A2 touches two X stones) stays and grows at A2 again; O's {B1,B2} keeps A2.
  //     A B C
  //   1 X O .
  //   2 . O .
  //   3 . . .
  TestType h(Position::parse(start));
  play_and_expect(h, "A3", Removal::ExpandedRoot, {"C1", "C2", "A3", "B3", "C3"}, "XO1/1O1/3 O");
  CHECK(growth_of(h.position(), "A1") == std::vector<std::string>{"A2"});
}

TEMPLATE_TEST_CASE("rule 6: otherwise every bounded root goes, of both colours at once", "[rules][rule6]",
                   TANBO_TEST_ENGINES) {
  //     A B C D     X to move. Roots: X {A1,A2} (growth B2, A3), O {B1} (growth B2 only),
  //   1 X O X X     X {C1,D1} (growth C2 only), O {D2} (growth C2, D3). Valid start.
  //   2 X . . O
  //   3 . . . .     X plays B2, joining {A1,A2} -> {A1,A2,B2}: still has A3 and B3, not bounded.
  //   4 . . . .     O {B1}: every neighbour is now X -> bounded. X {C1,D1}: C2 now touches C1
  //                 and B2 -> no growth point -> bounded. O {D2} keeps C2 and D3.
  // Rule 6: the expanded root is not bounded, so ALL bounded roots go: O's B1 and X's own C1, D1.
  //     A B C D
  //   1 X . . .     O then has D1, C2 and D3 (each touches only D2 among O stones).
  //   2 X X . O
  //   3 . . . .
  //   4 . . . .
  TestType g(Position::parse("XOXX/X2O/4/4 X"));
  play_and_expect(g, "B2", Removal::BoundedRoots, {"B1", "C1", "D1"}, "X3/XX1O/4/4 O");
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"D1", "C2", "D3"});

  // Without O's B1 the same move removes only the mover's own bounded root {C1,D1}.
  //     A B C D     (B1 touches A1 and C1: a growth point of neither; {A1,A2} grows at B2, A3;
  //   1 X . X X      {C1,D1} at C2 only.) After B2: {C1,D1} bounded as above; nothing else.
  //   2 X . . O
  TestType own(Position::parse("X1XX/X2O/4/4 X"));
  play_and_expect(own, "B2", Removal::BoundedRoots, {"C1", "D1"}, "X3/XX1O/4/4 O");

  // And an ordinary capture of one enemy root, with the game going on.
  //     A B C D     O {A1}'s only growth point is A2. X plays A2 (touches B2 only): the
  //   1 O X . .     expanded root {B1,B2,A2} keeps C1, C2, B3; O {A1} has no empty neighbour
  //   2 . X . .     -> bounded -> removed. O still has D4.
  //   3 . . . .
  //   4 . . . O
  TestType cap(Position::parse("OX2/1X2/4/3O X"));
  play_and_expect(cap, "A2", Removal::BoundedRoots, {"A1"}, "1X2/XX2/4/3O O");
  CHECK_FALSE(cap.is_over());
}

TEMPLATE_TEST_CASE("rule 6: a move bounding both colours, with the expanded root bounded", "[rules][rule6]",
                   TANBO_TEST_ENGINES) {
  //     A B         O to move. O plays B1: {B1,B2} keeps A2 (touches B2 only); X {A1} keeps A2
  //   1 X .         (touches A1 only). Nothing is bounded.
  //   2 . O
  TestType g(Position::parse("X1/1O O"));
  play_and_expect(g, "B1", Removal::None, {}, "XO/1O X");
  //     A B         X's only move is A2. Afterwards the board is full: X {A1,A2} and O {B1,B2}
  //   1 X O         are both bounded. The expanded root is bounded, so only X's root goes:
  //   2 X O         rule 6 never lets a self-bounding move take enemy stones with it.
  //                 X has no stones left: White wins (rule 7).
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"A2"});
  play_and_expect(g, "A2", Removal::ExpandedRoot, {"A1", "A2"}, "1O/1O O");
  CHECK(g.is_over());
  CHECK(g.winner() == std::optional<Color>(Color::White));
}

TEMPLATE_TEST_CASE("rule 7: removing the last enemy stone wins; the game then accepts no move",
                   "[rules][rule7]", TANBO_TEST_ENGINES) {
  //     A B C       X to move. X {B1,B2}: growth C1, A2, C2, B3. O {A1}: growth A2 only.
  //   1 O X .       X plays A2 (touches B2 only): {A2,B1,B2} keeps C1; O {A1} is bounded and
  //   2 . X .       removed. White has no stones: Black wins.
  //   3 . . .
  const std::string start = "OX1/1X1/3 X";
  TestType g(Position::parse(start));
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"C1", "A2", "C2", "B3"});
  CHECK_FALSE(g.is_over());
  CHECK_FALSE(g.winner().has_value());
  play_and_expect(g, "A2", Removal::BoundedRoots, {"A1"}, "1X1/XX1/3 O");
  CHECK(g.is_over());
  CHECK(g.winner() == std::optional<Color>(Color::Black));
  CHECK(g.stone_count(Color::White) == 0);
  CHECK(g.stone_count(Color::Black) == 3);
  CHECK(g.legal_moves().empty());
  CHECK(g.legal_move_count() == 0);
  for (const char* p : {"C1", "A1", "B1", "C3"}) {
    INFO(p);
    CHECK_FALSE(g.is_legal(pt(p, 3)));
    const auto e = thrown<IllegalMoveError>([&] { g.play(pt(p, 3)); });
    REQUIRE(e.has_value());
    CHECK(e->reason() == IllegalReason::GameOver);
    CHECK(e->player() == Color::White);
    CHECK(e->point() == pt(p, 3));
    CHECK(std::string(e->what()) == std::string("illegal move ") + p + " by O: the game is over");
  }
  CHECK(g.position() == Position::parse("1X1/XX1/3 O"));
  CHECK(g.ply() == 1);

  // Undo after the end restores the start exactly, and the game can go on differently.
  g.undo();
  CHECK(g.position() == Position::parse(start));
  CHECK(g.ply() == 0);
  CHECK_FALSE(g.is_over());
  CHECK_FALSE(g.winner().has_value());
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"C1", "A2", "C2", "B3"});
  CHECK(g.hash() == zobrist_hash(Position::parse(start)));
  play_and_expect(g, "C1", Removal::None, {}, "OXX/1X1/3 O");
}

TEMPLATE_TEST_CASE("rule 7: a side can be forced to remove its own last root", "[rules][rule7]",
                   TANBO_TEST_ENGINES) {
  //     A B C       X to move. X {A1}: growth A2 only (B1 is O). O {B1,B2,B3,A3}: growth C1,
  //   1 X O .       C2, C3. X's only move is A2; then {A1,A2} touches only O stones and no
  //   2 . O .       empty point: bounded, removed (the expanded root). Black has no stones:
  //   3 O O .       White wins although Black moved last. No pass exists to avoid it.
  TestType g(Position::parse("XO1/1O1/OO1 X"));
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"A2"});
  play_and_expect(g, "A2", Removal::ExpandedRoot, {"A1", "A2"}, "1O1/1O1/OO1 O");
  CHECK(g.is_over());
  CHECK(g.winner() == std::optional<Color>(Color::White));
  const auto e = thrown<IllegalMoveError>([&] { g.play(pt("C1", 3)); });  // O's growth point
  REQUIRE(e.has_value());
  CHECK(e->reason() == IllegalReason::GameOver);
}

TEMPLATE_TEST_CASE("invalid starting positions are rejected with the exact message",
                   "[rules][rule5][rule7][errors]",
                   TANBO_TEST_ENGINES) {
  struct Bad {
    const char* position;
    const char* message;
  };
  const Bad cases[] = {
      {"X4/5/5/5/5 X", "invalid starting position: White (O) has no stones"},
      {"5/5/5/5/4O O", "invalid starting position: Black (X) has no stones"},
      {"3/3/3 X", "invalid starting position: Black (X) has no stones"},
      //     A B C     O {A3}: A2 touches B2 and A3, B3 touches B2 and A3 (two O stones each):
      //   1 X O .     no growth point. X {A1} (A2) and O {B1,B2} (C1, C2) are fine. The
      //   2 . O .     bounded root is named by its first stone.
      //   3 O . .
      {"XO1/1O1/O2 X", "invalid starting position: the O root at A3 is bounded (it has no growth point)"},
      //     A B C     X {C1,B2,C2,B3}: B1 touches C1 and B2, C3 touches C2 and B3: bounded.
      //   1 . . X     Named by its first stone in row-major order, C1. O {A2,A3} grows at A1.
      //   2 O X X
      //   3 O X .
      {"2X/OXX/OX1 X", "invalid starting position: the X root at C1 is bounded (it has no growth point)"},
      // A full board: every root is bounded; the first in row-major order is named.
      {"XO/OX X", "invalid starting position: the X root at A1 is bounded (it has no growth point)"},
      // Two diagonal stones in a corner: B1 and A2 each touch both, so neither has growth.
      {"X2/1X1/2O O", "invalid starting position: the X root at A1 is bounded (it has no growth point)"},
  };
  for (const Bad& b : cases) {
    INFO(b.position);
    const Position p = Position::parse(b.position);
    const auto e = thrown<InvalidPositionError>([&] { TestType g(p); });
    REQUIRE(e.has_value());
    CHECK(std::string(e->what()) == b.message);
  }
  // A custom variant has no opening to start from.
  CHECK_THROWS_AS(TestType(Variant::custom(5)), InvalidPositionError);
}
