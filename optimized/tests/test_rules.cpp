// Hand-made scenarios for rules 1-5 (board and names, opening and turns, legal placement,
// roots, growth points), run against every engine. Each expected board was derived by hand
// from the rules in the preamble; the reasoning is written next to each diagram.
// Rules 6-7 (removal, end of game, invalid starts) are in test_rules_removal.cpp.
// In optimized/tests: run on every engine; reference/tests checks the reference alone, so what
// these add is the optimized engine.
// check-map: code reference optimized
#include <string>
#include <vector>

#include "engine_types.hpp"
#include "rules_scenario.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/differential/consequences.hpp"
#include "test_util.hpp"

using namespace tanbo;
using namespace tanbo_test;

TEMPLATE_TEST_CASE("rule 1: column letter + row, row 1 at the top", "[rules][rule1]", TANBO_TEST_ENGINES) {
  //     A B C D E
  //   1 X . . . .      The first row of a position string is row 1, the top row,
  //   2 . . . . .      and its first point is column A.
  //   3 . . . . .
  //   4 . . . . .
  //   5 . . . . O
  TestType g(Position::parse("X4/5/5/5/4O X"));
  CHECK(g.size() == 5);
  CHECK(g.at(pt("A1", 5)) == Cell::Black);
  CHECK(g.at(pt("E5", 5)) == Cell::White);
  CHECK(g.at(pt("B1", 5)) == Cell::Empty);
  CHECK(g.at(pt("A2", 5)) == Cell::Empty);
  // A2 is the point below A1: X may play there (one friendly neighbour, A1). Lower-case names
  // are accepted by parse_point; the stone appears in the second row of the position string.
  play_and_expect(g, "a2", Removal::None, {}, "X4/X4/5/5/4O O");

  // No letter is skipped: on 9x9 the columns are A-I and I8 is the point right of H8.
  //     A B C D E F G H I
  //   2 . X . . . . . O .      lattice-9: X at B2 and H8, O at H2 and B8
  //   8 . O . . . . . X .
  TestType l9(Variant::lattice(9));
  REQUIRE(pt("I8", 9) == Point{8, 7});
  play_and_expect(l9, "I8", Removal::None, {}, "9/1X5O1/9/9/9/9/9/1O5XX/9 O lattice-9");
}

TEMPLATE_TEST_CASE("rule 2: classic opening, Black first, players alternate", "[rules][rule2]",
                   TANBO_TEST_ENGINES) {
  TestType g;  // default: classic
  CHECK(g.position() == opening(Variant::classic()));
  CHECK(g.to_move() == Color::Black);
  // Black's 24 first moves are the free orthogonal neighbours of its 8 stones (2 at the corner
  // stones A1/S19, 3 at the edge stones M1 S7 A13 G19, 4 at the inner G7 M13); no point is next
  // to two Black stones because they are 6 apart. Row-major order.
  CHECK(names(g.legal_moves()) ==
        std::vector<std::string>{"B1",  "L1",  "N1",  "A2",  "M2",  "G6",  "S6",  "F7",
                                 "H7",  "R7",  "G8",  "S8",  "A12", "M12", "B13", "L13",
                                 "N13", "A14", "M14", "G18", "S18", "F19", "H19", "R19"});
  play_and_expect(g, "G6", Removal::None, {},
                  "X5O5X5O/19/19/19/19/6X12/O5X5O5X/19/19/19/19/19/X5O5X5O/19/19/19/19/19/"
                  "O5X5O5X O classic");
  // Now White moves: Black's stone at G6 gives White nothing, and Black may not move twice.
  CHECK(g.to_move() == Color::White);
  CHECK_FALSE(g.is_legal(pt("G5", 19)));
  const auto e = thrown<IllegalMoveError>([&] { g.play(pt("G5", 19)); });
  REQUIRE(e.has_value());
  CHECK(e->player() == Color::White);
  CHECK(e->reason() == IllegalReason::NoFriendlyNeighbour);
  // White's 24 moves, the mirror image of Black's (its stones are also 6 apart and far from G6).
  CHECK(names(g.legal_moves()) ==
        std::vector<std::string>{"F1",  "H1",  "R1",  "G2",  "S2",  "A6",  "M6",  "B7",
                                 "L7",  "N7",  "A8",  "M8",  "G12", "S12", "F13", "H13",
                                 "R13", "G14", "S14", "A18", "M18", "B19", "L19", "N19"});
  play_and_expect(g, "A6", Removal::None, {},
                  "X5O5X5O/19/19/19/19/O5X12/O5X5O5X/19/19/19/19/19/X5O5X5O/19/19/19/19/19/"
                  "O5X5O5X X classic");
  CHECK(g.to_move() == Color::Black);

  // A custom start may give White the first move.
  //     A B
  //   1 X .      O to move: B1 and A2 each touch one O stone (B2).
  //   2 . O
  TestType w(Position::parse("X1/1O O"));
  CHECK(w.to_move() == Color::White);
  CHECK(names(w.legal_moves()) == std::vector<std::string>{"B1", "A2"});
}

TEMPLATE_TEST_CASE("rule 3: a stone needs exactly one friendly neighbour and an empty point",
                   "[rules][rule3]", TANBO_TEST_ENGINES) {
  //     A B C D E F
  //   1 X . X . . .     X to move. Friendly (X) neighbours of the empty points near X stones:
  //   2 . O . . . .       B1: A1 C1 -> 2   A2: A1 -> 1 (+ enemy B2)   D1: C1 -> 1   C2: C1 -> 1
  //   3 . . . X . .       D2: D3 -> 1   C3: D3 C4 -> 2   E3: D3 E4 -> 2   D4: D3 C4 E4 D5 -> 4
  //   4 . . X . X .       B4: C4 -> 1   F4: E4 -> 1   C5: C4 D5 -> 2   E5: E4 D5 -> 2   D6: D5 -> 1
  //   5 . . . X . .     Every other empty point has no X neighbour (B3 and F5 touch only O).
  //   6 . . . . . O     Each X stone is a root with a growth point, O's B2 and F6 too: valid.
  const std::string start = "X1X3/1O4/3X2/2X1X1/3X2/5O X";
  TestType g(Position::parse(start));
  CHECK(names(g.legal_moves()) ==
        std::vector<std::string>{"D1", "A2", "C2", "D2", "B4", "F4", "D6"});

  struct Illegal {
    const char* point;
    IllegalReason reason;
  };
  for (const Illegal& bad : {Illegal{"B1", IllegalReason::SeveralFriendlyNeighbours},
                             Illegal{"C3", IllegalReason::SeveralFriendlyNeighbours},
                             Illegal{"D4", IllegalReason::SeveralFriendlyNeighbours},  // four
                             Illegal{"E5", IllegalReason::SeveralFriendlyNeighbours},
                             Illegal{"B3", IllegalReason::NoFriendlyNeighbour},  // enemy only
                             Illegal{"F5", IllegalReason::NoFriendlyNeighbour},  // enemy only
                             Illegal{"A6", IllegalReason::NoFriendlyNeighbour},  // nothing
                             Illegal{"A1", IllegalReason::Occupied},             // own stone
                             Illegal{"B2", IllegalReason::Occupied},             // enemy stone
                             Illegal{"F6", IllegalReason::Occupied}}) {
    INFO(bad.point);
    const Point p = pt(bad.point, 6);
    CHECK_FALSE(g.is_legal(p));
    const auto e = thrown<IllegalMoveError>([&] { g.play(p); });
    REQUIRE(e.has_value());
    CHECK(e->point() == p);
    CHECK(e->player() == Color::Black);
    CHECK(e->reason() == bad.reason);
    CHECK(std::string(e->what()) == std::string("illegal move ") + bad.point + " by X: " +
                                        illegal_reason_text(bad.reason));
    // A rejected move changes nothing.
    CHECK(g.position() == Position::parse(start));
    CHECK(g.ply() == 0);
  }
  // An enemy neighbour does not matter: A2 touches X's A1 and O's B2.
  play_and_expect(g, "A2", Removal::None, {}, "X1X3/XO4/3X2/2X1X1/3X2/5O O");
}

TEMPLATE_TEST_CASE("rule 4: roots are orthogonal groups; a stone joins exactly one", "[rules][rule4]",
                   TANBO_TEST_ENGINES) {
  //     A B C D
  //   1 . . . .     X's B2 and C3 touch only diagonally: two roots, not one.
  //   2 . X . .     C2 and B3 touch both (2 friendly neighbours), so rule 3 forbids them:
  //   3 . . X .     roots never merge. A2 touches only B2: it joins root {B2}, which becomes
  //   4 . . . O     the expanded root {A2, B2}; the number of roots stays 3.
  TestType g(Position::parse("4/1X2/2X1/3O X"));
  CHECK(reference::all_roots(g.position()).size() == 3);
  CHECK_FALSE(g.is_legal(pt("C2", 4)));
  CHECK_FALSE(g.is_legal(pt("B3", 4)));
  play_and_expect(g, "A2", Removal::None, {}, "4/XX2/2X1/3O O");
  const auto roots = reference::all_roots(g.position());
  REQUIRE(roots.size() == 3);
  CHECK(roots[0].color == Color::Black);
  CHECK(names(roots[0].stones) == std::vector<std::string>{"A2", "B2"});
  CHECK(names(roots[1].stones) == std::vector<std::string>{"C3"});
  CHECK(roots[2].color == Color::White);
  CHECK(names(roots[2].stones) == std::vector<std::string>{"D4"});
}

TEST_CASE("rule 5: growth points (reference rule functions)", "[rules][rule5]") {
  //     A B C D
  //   1 X O X X     Roots: X {A1,A2}, O {B1}, X {C1,D1}, O {D2}.
  //   2 X . . O     X {A1,A2}: B2 (touches only A2 among X) and A3 -> growth points B2, A3.
  //   3 . . . .     O {B1}: B2 (touches only B1 among O) -> B2. Colours do not interfere:
  //   4 . . . .       B2 is a growth point of an X root and of an O root.
  //                 X {C1,D1}: C2 only (D1's other neighbour D2 is O).
  //                 O {D2}: C2 (one O neighbour; its two X neighbours do not matter) and D3.
  const Position pos = Position::parse("XOXX/X2O/4/4 X");
  const auto roots = reference::all_roots(pos);
  REQUIRE(roots.size() == 4);
  CHECK(names(reference::growth_points(pos, roots[0])) == std::vector<std::string>{"B2", "A3"});
  CHECK(names(reference::growth_points(pos, roots[1])) == std::vector<std::string>{"B2"});
  CHECK(names(reference::growth_points(pos, roots[2])) == std::vector<std::string>{"C2"});
  CHECK(names(reference::growth_points(pos, roots[3])) == std::vector<std::string>{"C2", "D3"});

  //     A B C D
  //   1 X O X X     The same board just after X places B2, before removal (not a position a
  //   2 X X . O     game starts a turn in). C2 now touches C1 and B2, two X stones of two
  //   3 . . . .     different roots: a growth point of neither. {C1,D1} is bounded; so is O's
  //   4 . . . .     {B1} (no empty neighbour at all). {A1,A2,B2} keeps A3 and B3. B1 touches
  //                 A1 and B2 of the same root: not a growth point either (two X stones).
  const Position placed = Position::parse("XOXX/XX1O/4/4 O");
  const auto r2 = reference::all_roots(placed);
  REQUIRE(r2.size() == 4);
  CHECK(names(r2[0].stones) == std::vector<std::string>{"A1", "A2", "B2"});
  CHECK(names(reference::growth_points(placed, r2[0])) == std::vector<std::string>{"A3", "B3"});
  CHECK(reference::is_bounded(placed, r2[1]));  // O {B1}
  CHECK(reference::is_bounded(placed, r2[2]));  // X {C1,D1}
  CHECK(names(reference::growth_points(placed, r2[3])) == std::vector<std::string>{"C2", "D3"});
  // What rule 6 then removes is the first scenario of "rule 6: otherwise every bounded root goes".
}

TEMPLATE_TEST_CASE("rule 5: the mover's legal moves are the growth points of its roots", "[rules][rule5]",
                   TANBO_TEST_ENGINES) {
  // By rules 3 and 5 both are "empty points touching exactly one stone of the mover's colour",
  // so for the board above X may play B2, C2 and A3 and nothing else.
  TestType g(Position::parse("XOXX/X2O/4/4 X"));
  CHECK(names(g.legal_moves()) == std::vector<std::string>{"B2", "C2", "A3"});
  CHECK(differential::rules_legal_moves(g.position()) == g.legal_moves());
}
