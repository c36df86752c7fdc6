// The position string format beyond its round trip (test_contract_core.cpp checks that on random
// boards of every size, test_contract_openings.cpp on every opening): what the reader accepts
// besides the canonical form, and parse errors with their exact 1-based column.
// In core/tests: checks core's position reader.
// check-map: code core
#include <string>
#include <vector>

#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::thrown;

TEST_CASE("position strings: syntax details", "[position][notation]") {
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

TEST_CASE("position string errors give the exact 1-based column", "[position][notation]") {
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
