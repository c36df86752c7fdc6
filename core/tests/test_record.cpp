// Game records beyond the documented layout and its round trip (test_contract_core.cpp): what the
// reader accepts (comments, blank lines, case, CRLF, headers anywhere before the moves, the
// default variant), and errors with line, column and token.
// In core/tests: checks core's game-record reader.
// check-map: code core
#include <string>
#include <vector>

#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::pt;
using tanbo_test::thrown;

namespace {

// "G6@3:1" for a move at line 3, column 1: compact expectations for whole records.
std::vector<std::string> located(const GameRecord& r) {
  std::vector<std::string> out;
  for (const RecordMove& m : r.moves)
    out.push_back(point_name(m.point) + "@" + std::to_string(m.line) + ":" + std::to_string(m.column));
  return out;
}

}  // namespace

TEST_CASE("records: an empty or comment-only record is a classic game without moves", "[record][notation]") {
  CHECK(parse_record("").start == opening(Variant::classic()));
  CHECK(parse_record("").moves.empty());
  CHECK(parse_record("\n\n# nothing but a comment\n").moves.empty());
  // An empty record is a game without moves (what format_record writes for one), so it is valid
  // here; the CLI, where an empty file is likely the wrong file, refuses it itself.
  CHECK(format_record(opening(Variant::classic()), {}).empty());
}

TEST_CASE("records: comments, blank lines, case, CRLF and the default variant", "[record][notation]") {
  const GameRecord r = parse_record("# a game\n\ng6 f7   # first two\n\n  H7#glued comment\n\tm12");
  CHECK(located(r) == std::vector<std::string>{"G6@3:1", "F7@3:4", "H7@5:3", "M12@6:2"});
  const GameRecord crlf = parse_record("G6\r\nF7\r\n");
  CHECK(located(crlf) == std::vector<std::string>{"G6@1:1", "F7@2:1"});
  // Without a header the caller's default variant applies.
  const GameRecord five = parse_record("B1 d5", Variant::lattice(5));
  CHECK(five.start == opening(Variant::lattice(5)));
  CHECK(five.points() == std::vector<Point>{pt("B1", 5), pt("D5", 5)});
}

TEST_CASE("records: [Variant] and [Position] headers", "[record][notation]") {
  const GameRecord v = parse_record("[Variant \"lattice-9\"]\nC2 G2\n");
  CHECK(v.start == opening(Variant::lattice(9)));
  CHECK(located(v) == std::vector<std::string>{"C2@2:1", "G2@2:4"});
  // Comments and blank lines may precede the header, and it may be indented and commented.
  const GameRecord p =
      parse_record("# from a diagram\n\n  [Position \"X3O/5/5/5/O3X O\"]  # White first\nE2\n");
  CHECK(p.start == Position::parse("X3O/5/5/5/O3X O"));
  CHECK(located(p) == std::vector<std::string>{"E2@4:1"});
  // The header overrides the default variant.
  CHECK(parse_record("[Variant \"dense-7\"]", Variant::lattice(5)).start == opening(Variant::dense(7)));
  // A header's variant name is case-insensitive like everywhere else.
  CHECK(parse_record("[Variant \"Lattice-13\"]").start == opening(Variant::lattice(13)));
  // Records check syntax only: a position breaking the rules is the engine's business.
  CHECK(parse_record("[Position \"3/3/3 X\"]").start == Position(3));
}

TEST_CASE("record errors give line, column and token", "[record][notation]") {
  struct Bad {
    std::string text;
    int line, column;
    std::string reason;
    std::string token;  // "*" = not checked
  };
  const std::string accepted =
      "expected classic, lattice-N (N in 5 7 9 13 19 21), dense-N (odd N, 5-25) or custom-N (N 2-25)";
  const std::vector<Bad> cases = {
      {"G6 T1", 1, 4, "move 2: 'T1' is not a point of the 19x19 board (columns A-S, rows 1-19)", "T1"},
      {"G6\n\n   g7 xyz # c", 3, 7, "move 3: 'xyz' is not a point of the 19x19 board (columns A-S, rows 1-19)", "xyz"},
      {"[Variant \"lattice-5\"]\nA1 F1", 2, 4,
       "move 2: 'F1' is not a point of the 5x5 board (columns A-E, rows 1-5)", "F1"},
      // Bytes of binary input are escaped in the message (a NUL would cut what()); the token
      // keeps them.
      {std::string("G6 B1\0D1", 8), 1, 4,
       "move 2: 'B1\\x00D1' is not a point of the 19x19 board (columns A-S, rows 1-19)",
       std::string("B1\0D1", 5)},
      {"\x1b[2J\xff", 1, 1,
       "move 1: '\\x1b[2J\\xff' is not a point of the 19x19 board (columns A-S, rows 1-19)",
       "\x1b[2J\xff"},
      {"G6\n[Variant \"lattice-9\"]", 2, 1, "header after the first move; headers go at the top", "*"},
      {"[Variant \"lattice-9\"]\n[Variant \"lattice-9\"]", 2, 1,
       "only one header ([Variant] or [Position]) is allowed", "*"},
      {"[Foo \"x\"]", 1, 2, "unknown header 'Foo' (expected Variant or Position)", "Foo"},
      {"[variant \"classic\"]", 1, 2, "unknown header 'variant' (expected Variant or Position)", "variant"},
      // Errors inside the value point into the value (column 11 is the 'l' of lattice-8).
      {"[Variant \"lattice-8\"]", 1, 11, "no lattice opening for size 8; " + accepted, "*"},
      {"[Variant \"foo\"]", 1, 11, "unknown variant 'foo'; " + accepted, "foo"},
      {"[Variant \"custom-5\"]", 1, 11, "custom-5 has no opening of its own; give the start as a position string", "custom-5"},
      // Column 24 is the Y: the value starts at column 12 and the Y is its 13th character.
      {"[Position \"X3O/5/5/5/O3Y X\"]", 1, 24,
       "position string: unexpected character 'Y' in the board (expected X, O, a digit or /)", "Y"},
      {"[Position \"X3O/5/5/5/O3X X lattice-7\"]", 1, 28,
       "position string: variant lattice-7 does not match the 5x5 board", "*"},
      {"[Variant lattice-9]", 1, 10, "header value must be in double quotes", "*"},
      {"[Variant \"classic", 1, 10, "unterminated header value", "*"},
      {"[Variant \"classic\"", 1, 19, "header must end with ']'", "*"},
      {"[Variant \"classic\"] G6", 1, 21, "unexpected text after header", "*"},
      {"[\"lattice-9\"]", 1, 2, "header needs a name, e.g. [Variant \"lattice-9\"]", "*"},
      // Indented headers: every column moves right by two, also for errors found while reading
      // the header itself (regression: parse_header() once counted those from the '[').
      {"  [Variant lattice-9]", 1, 12, "header value must be in double quotes", "*"},
      {"  [Variant \"classic", 1, 12, "unterminated header value", "*"},
      {"  [Variant \"classic\"", 1, 21, "header must end with ']'", "*"},
      {"  [Variant \"classic\"] G6", 1, 23, "unexpected text after header", "*"},
      {"  [\"lattice-9\"]", 1, 4, "header needs a name, e.g. [Variant \"lattice-9\"]", "*"},
      {"  [Position \"X3O/5/5/5/O3Y X\"]", 1, 26,
       "position string: unexpected character 'Y' in the board (expected X, O, a digit or /)", "Y"},
  };
  for (const Bad& b : cases) {
    INFO("record: \"" << b.text << "\"");
    const auto e = thrown<ParseError>([&] { parse_record(b.text); });
    REQUIRE(e.has_value());
    CHECK(e->line() == b.line);
    CHECK(e->column() == b.column);
    CHECK(e->reason() == b.reason);
    if (b.token != "*") CHECK(e->token() == b.token);
    CHECK(std::string(e->what()) == "line " + std::to_string(b.line) + ", column " +
                                        std::to_string(b.column) + ": " + b.reason);
  }
}
