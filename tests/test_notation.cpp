// Point names (rule 1): column letter A.. with no letter skipped, row 1 at the top; input is
// case-insensitive, output upper-case; malformed or off-board names are errors that name the
// token and the board's valid range.
#include <string>

#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::thrown;

TEST_CASE("point names print column letter and 1-based row, upper-case", "[notation]") {
  CHECK(point_name({0, 0}) == "A1");
  CHECK(point_name({6, 6}) == "G7");
  CHECK(point_name({8, 0}) == "I1");  // 'I' is not skipped (unlike Go)
  CHECK(point_name({18, 18}) == "S19");
  CHECK(point_name({24, 24}) == "Y25");
  CHECK(point_name({2, 9}) == "C10");
  // Points no board has are still printable (for error messages), as 0-based (x,y).
  CHECK(point_name({-1, 0}) == "(-1,0)");
  CHECK(point_name({25, 3}) == "(25,3)");
}

TEST_CASE("point names parse case-insensitively", "[notation]") {
  CHECK(parse_point("A1", 19) == Point{0, 0});
  CHECK(parse_point("a1", 19) == Point{0, 0});
  CHECK(parse_point("s19", 19) == Point{18, 18});
  CHECK(parse_point("S19", 19) == Point{18, 18});
  CHECK(parse_point("i9", 9) == Point{8, 8});
  CHECK(parse_point("J10", 19) == Point{9, 9});
  CHECK(parse_point("y25", 25) == Point{24, 24});
  CHECK(parse_point("B2", 2) == Point{1, 1});
  CHECK(try_parse_point("g7", 19) == Point{6, 6});
}

TEST_CASE("every point of every board size round-trips through its name", "[notation]") {
  for (int n = kMinSize; n <= kMaxSize; ++n)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const Point p{x, y};
        const std::string name = point_name(p);
        INFO("size " << n << ", name " << name);
        REQUIRE(parse_point(name, n) == p);
        std::string lower = name;
        lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
        REQUIRE(parse_point(lower, n) == p);
      }
}

TEST_CASE("malformed and off-board point names are rejected", "[notation]") {
  // Name, board size. Each is wrong for a specific reason noted alongside.
  const std::pair<const char*, int> bad[] = {
      {"T1", 19},    // column T is past S on 19x19
      {"A20", 19},   // row 20 is past 19
      {"A0", 19},    // rows start at 1
      {"A07", 19},   // no leading zeros
      {"A00", 19},   //
      {"", 19},      // empty
      {"A", 19},     // no row
      {"1A", 19},    // row before column
      {"11", 19},    // no column
      {"AA1", 19},   // two letters
      {"A1 ", 19},   // trailing space
      {" A1", 19},   // leading space
      {"A-1", 19},   // sign
      {"A+1", 19},   //
      {"A1x", 19},   // trailing junk
      {"A100", 25},  // three-digit row
      {"Z1", 25},    // Z is past Y even on the largest board
      {"@1", 19},    // the character before 'A'
      {"[1", 19},    // the character after 'Z'
      {"F1", 5},     // off a small board
      {"A6", 5},     //
      {"C1", 2},     //
  };
  for (const auto& entry : bad) {
    // Not a structured binding: clang 14 cannot capture those in the lambda below.
    const std::string text = entry.first;
    const int size = entry.second;
    INFO("'" << text << "' on " << size << "x" << size);
    CHECK_FALSE(try_parse_point(text, size).has_value());
    const auto e = thrown<ParseError>([&] { parse_point(text, size); });
    REQUIRE(e.has_value());
    CHECK(e->token() == text);
    CHECK(e->line() == 0);  // a single token has no line/column
    CHECK(e->column() == 0);
  }
}

TEST_CASE("point-name errors say what and where", "[notation]") {
  const auto e = thrown<ParseError>([] { parse_point("T1", 19); });
  REQUIRE(e.has_value());
  CHECK(std::string(e->what()) == "'T1' is not a point of the 19x19 board (columns A-S, rows 1-19)");
  CHECK(e->reason() == e->what());
  const auto f = thrown<ParseError>([] { parse_point("a0", 9); });
  REQUIRE(f.has_value());
  CHECK(std::string(f->what()) == "'a0' is not a point of the 9x9 board (columns A-I, rows 1-9)");
  // Very long input is cut in the message rather than copied whole.
  const std::string junk(1000, 'Q');
  const auto g = thrown<ParseError>([&] { parse_point(junk, 19); });
  REQUIRE(g.has_value());
  CHECK(g->token().size() <= 40);
}

// printable() (errors.hpp) is how every message quotes input: one readable line whatever the
// bytes, valid UTF-8 kept, the rest as \xNN.
TEST_CASE("printable escapes controls and malformed UTF-8, keeps valid UTF-8", "[notation]") {
  using namespace std::string_literals;
  const std::pair<std::string, std::string> cases[] = {
      {"B1", "B1"},
      {"B1\0D1"s, "B1\\x00D1"},               // NUL: would end what() early
      {"\x1b[31mred\n", "\\x1b[31mred\\x0a"},  // ESC, newline
      {"\x7f\t", "\\x7f\\x09"},              // DEL, tab
      {"back\\slash", "back\\slash"},         // unchanged: escaping twice changes nothing
      {"\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80", "\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80"},  // 2-4 bytes
      {"\xff\xfe", "\\xff\\xfe"},            // never UTF-8
      {"a\xc3", "a\\xc3"},                    // cut sequence
      {"\xc3(", "\\xc3("},                    // bad continuation
      {"\xc0\xaf", "\\xc0\\xaf"},            // overlong '/'
      {"\xe0\x80\xaf", "\\xe0\\x80\\xaf"},  // overlong, 3 bytes
      {"\xed\xa0\x80", "\\xed\\xa0\\x80"},  // UTF-16 surrogate U+D800
      {"\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80"},  // above U+10FFFF
      {"\xc2\x9b", "\\xc2\\x9b"},            // C1 control CSI
      {"\xc2\xa0", "\xc2\xa0"},                // U+00A0, first character after C1
  };
  for (const auto& [in, out] : cases) {
    INFO("input bytes: " << printable(in));
    CHECK(printable(in) == out);
    CHECK(printable(out) == out);
  }
  // Cut after max_bytes input bytes, never inside a character, marked by "...".
  CHECK(printable("abcdef", 3) == "abc...");
  CHECK(printable("abc", 3) == "abc");
  CHECK(printable("ab\xc3\xa9", 3) == "ab...");
  CHECK(printable("ab\x01", 2) == "ab...");
  CHECK(printable(std::string(1000, 'Q'), kQuotedTokenBytes) == std::string(40, 'Q') + "...");
}

TEST_CASE("point-name errors quote the token escaped", "[notation]") {
  const std::string token("B1\0\x1b", 4);
  const auto e = thrown<ParseError>([&] { parse_point(token, 19); });
  REQUIRE(e.has_value());
  CHECK(std::string(e->what()) == "'B1\\x00\\x1b' is not a point of the 19x19 board (columns A-S, rows 1-19)");
  CHECK(e->token() == token);  // the exact bytes stay available
  const auto g = thrown<ParseError>([] { parse_point(std::string(1000, 'Q'), 19); });
  REQUIRE(g.has_value());
  CHECK(std::string(g->what()).rfind("'" + std::string(40, 'Q') + "...' is not a point", 0) == 0);
}
