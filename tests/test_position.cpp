// Positions and the position string format: round-trips for every named opening and for
// positions reached in seeded random games, the value API, the text diagram, and parse errors
// with their exact 1-based column.
#include <string>
#include <vector>

#include "tanbo/reference/game.hpp"
#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::thrown;

TEST_CASE("position strings of every named opening round-trip", "[position]") {
  for (const Variant& v : Variant::all_named()) {
    const Position p = opening(v);
    const std::string s = p.to_string();
    INFO(v.name() << ": " << s);
    CHECK(Position::parse(s) == p);
    CHECK(Position::parse(s).to_string() == s);
    // The variant tag is written last and only for named variants.
    CHECK(s.substr(s.size() - v.name().size()) == v.name());
  }
}

TEST_CASE("position strings of positions from seeded random games round-trip", "[position]") {
  for (const Variant& v : Variant::all_named()) {
    const std::uint64_t seed = 77 + static_cast<std::uint64_t>(v.size);
    INFO(v.name() << ", seed " << seed);
    reference::Game g(v);
    Rng rng(seed);
    // Small boards: every position of a whole game; large boards: a sample of the first plies.
    const int plies = v.size <= 9 ? 1000 : 120;
    const int every = v.size <= 9 ? 1 : 10;
    while (!g.is_over() && g.ply() < plies) {
      const auto legal = g.legal_moves();
      g.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      if (g.ply() % every != 0 && !g.is_over()) continue;
      const Position p = g.position();
      INFO("ply " << g.ply() << ": " << p.to_string());
      REQUIRE(Position::parse(p.to_string()) == p);
      // Without its tag the same board parses as a custom position of the same size.
      Position custom = p;
      custom.set_variant(Variant::custom(p.size()));
      REQUIRE(Position::parse(custom.to_string()) == custom);
      REQUIRE(custom.to_string() + " " + v.name() == p.to_string());
    }
  }
}

TEST_CASE("position strings: syntax details", "[position]") {
  const Position p = Position::parse("X3O/5/5/5/O3X O");
  CHECK(p.size() == 5);
  CHECK(p.to_move() == Color::White);
  CHECK(p.variant() == Variant::custom(5));
  CHECK(p.at({0, 0}) == Cell::Black);  // row 1 is the first row written: the top
  CHECK(p.at({4, 0}) == Cell::White);
  CHECK(p.at({0, 4}) == Cell::White);
  CHECK(p.at({4, 4}) == Cell::Black);
  CHECK(p.count(Color::Black) == 2);
  CHECK(p.count(Color::White) == 2);
  CHECK(p.to_string() == "X3O/5/5/5/O3X O");  // custom variants carry no tag
  // Case-insensitive on input, upper-case on output; surrounding whitespace is ignored.
  CHECK(Position::parse("x3o/5/5/5/o3x o").to_string() == "X3O/5/5/5/O3X O");
  CHECK(Position::parse("  X3O/5/5/5/O3X O \r\n") == p);
  CHECK(Position::parse("X3O/5/5/5/O3X x LATTICE-5").to_string() == "X3O/5/5/5/O3X X lattice-5");
  CHECK(Position::parse("X3O/5/5/5/O3X O custom-5") == p);
  // Multi-digit counts are one number ("10"), not two runs.
  CHECK(Position::parse("X9/10/10/10/10/10/10/10/10/9O X").to_string() ==
        "X9/10/10/10/10/10/10/10/10/9O X");
  // The smallest and largest boards.
  CHECK(Position::parse("XO/2 X").size() == 2);
  const std::string big = "X24/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24O X";
  CHECK(Position::parse(big).size() == 25);
  CHECK(Position::parse(big).to_string() == big);
}

TEST_CASE("position string errors give the exact 1-based column", "[position]") {
  struct Bad {
    std::string text;
    int column;
    std::string reason;
  };
  const std::string one_rows_26 = [] {
    std::string s = "1";
    for (int i = 1; i < 26; ++i) s += "/1";
    return s + " X";
  }();
  const std::vector<Bad> cases = {
      {"", 1, "position string is empty"},
      {" \t\n", 1, "position string is empty"},
      // Column 13 is the Y.
      {"X3O/5/5/5/O3Y X", 13,
       "position string: unexpected character 'Y' in the board (expected X, O, a digit or /)"},
      // Leading blanks are trimmed but columns still count them: the Y is column 15.
      {"  X3O/5/5/5/O3Y X", 15,
       "position string: unexpected character 'Y' in the board (expected X, O, a digit or /)"},
      // Bytes from the input are quoted through printable(): controls and malformed UTF-8 as
      // \xNN, a whole UTF-8 character as it is (the column counts bytes).
      {"X3O/5/5/5/O3\x01 X", 13,
       "position string: unexpected character '\\x01' in the board (expected X, O, a digit or /)"},
      {"X3O/5/5/5/O3\xff X", 13,
       "position string: unexpected character '\\xff' in the board (expected X, O, a digit or /)"},
      {"X3O/5/5/5/O3\xc3\xa9 X", 13,
       "position string: unexpected character '\xc3\xa9' in the board (expected X, O, a digit or /)"},
      {"X3O/5/5/5/O03X X", 12, "position string: an empty-point count cannot start with 0"},
      {"X26/5/5/5/5 X", 2, "position string: empty-point count larger than 25"},
      {"25X/25/25 X", 3, "position string: row 1 is longer than 25 points"},
      {one_rows_26, 50, "position string: more than 25 rows"},
      {"5 X", 2, "position string: a board needs at least 2 rows separated by '/'"},
      // Size mismatches are reported at the end of the board field (column of the space).
      {"X3O/5/5/5 X", 10, "position string: row 1 has 5 points, expected 4 (the board is square)"},
      {"X3O/4/5/5/O3X X", 14, "position string: row 2 has 4 points, expected 5 (the board is square)"},
      // Side to move: missing (reported on the last character), wrong, glued to more text.
      {"X3O/5/5/5/O3X", 13, "position string: missing side to move after the board (expected ' X' or ' O')"},
      {"X3O/5/5/5/O3X Z", 15, "position string: side to move must be X or O"},
      {"X3O/5/5/5/O3X XO", 15, "position string: side to move must be X or O"},
      {"X3O/5/5/5/O3X  X", 15, "position string: side to move must be X or O"},
      // Variant tag: wrong size, unknown name.
      {"X3O/5/5/5/O3X X lattice-7", 17, "position string: variant lattice-7 does not match the 5x5 board"},
      {"X3O/5/5/5/O3X X foo", 17,
       "position string: unknown variant 'foo'; expected classic, lattice-N (N in 5 7 9 13 19 21), "
       "dense-N (odd N, 5-25) or custom-N (N 2-25)"},
  };
  for (const Bad& b : cases) {
    INFO("\"" << b.text << "\"");
    const auto e = thrown<ParseError>([&] { Position::parse(b.text); });
    REQUIRE(e.has_value());
    CHECK(e->line() == 1);
    CHECK(e->column() == b.column);
    CHECK(e->reason() == b.reason);
    CHECK(std::string(e->what()) ==
          "line 1, column " + std::to_string(b.column) + ": " + b.reason);
  }
  // The token is the offending character.
  const auto e = thrown<ParseError>([] { Position::parse("X3O/5/5/5/O3Y X"); });
  REQUIRE(e.has_value());
  CHECK(e->token() == "Y");
}

TEST_CASE("Position value API", "[position]") {
  Position p(3);
  CHECK(p.size() == 3);
  CHECK(p.variant() == Variant::custom(3));
  CHECK(p.to_move() == Color::Black);
  CHECK(p.cells() == std::vector<Cell>(9, Cell::Empty));
  p.set({2, 1}, Cell::White);
  CHECK(p.at({2, 1}) == Cell::White);
  CHECK(p.index({2, 1}) == 5);
  CHECK(p.cells()[5] == Cell::White);
  CHECK(p.count(Color::White) == 1);
  CHECK(p.count(Color::Black) == 0);
  p.set_to_move(Color::White);
  CHECK(p.to_string() == "3/2O/3 O");
  CHECK(p.diagram() == "    A B C\n  1 . . .\n  2 . . O\n  3 . . .\n");
  const Position q = p;
  p.set({2, 1}, Cell::Empty);
  CHECK(p != q);  // values, not references

  CHECK_THROWS_WITH(p.set({3, 0}, Cell::Black), "Position::set: D1 is not on the 3x3 board");
  CHECK_THROWS_AS(p.set({0, -1}, Cell::Black), UsageError);
  CHECK(p.count(Color::Black) == 0);  // a refused set() changes nothing
  CHECK_THROWS_AS(p.set_variant(Variant::lattice(5)), UsageError);
  for (int bad : {-1, 0, 1, 26, 100}) {
    INFO("size " << bad);
    const auto e = thrown<InvalidPositionError>([&] { Position x(bad); });
    REQUIRE(e.has_value());
    CHECK(std::string(e->what()) == "board size " + std::to_string(bad) + " is outside 2-25");
  }
  Position five(5);
  five.set_variant(Variant::lattice(5));
  CHECK(five.variant() == Variant::lattice(5));
  CHECK(five != opening(Variant::lattice(5)));  // same tag, different stones

  // Diagram of a 10x10 board: row numbers right-aligned in three characters.
  const std::string d = Position::parse("X9/10/10/10/10/10/10/10/10/9O X").diagram();
  CHECK(d.substr(0, 24) == "    A B C D E F G H I J\n");
  CHECK(d.find("\n 10 . . . . . . . . . O\n") != std::string::npos);
}
