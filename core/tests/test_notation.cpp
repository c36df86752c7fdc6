// Point-name errors (rule 1's names; which names parse is test_contract_core.cpp's): the message
// names the token, escaped and cut, and the board's valid range; printable(), which every message
// quotes input with.
// In core/tests: checks core's point-name reader and printable().
// check-map: code core
#include <string>

#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::thrown;

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
  const auto e = thrown<ParseError>([] { parse_point("T1", 19); });
  REQUIRE(e.has_value());
  CHECK(std::string(e->what()) == "'T1' is not a point of the 19x19 board (columns A-S, rows 1-19)");
  CHECK(e->reason() == e->what());
  const auto f = thrown<ParseError>([] { parse_point("a0", 9); });
  REQUIRE(f.has_value());
  CHECK(std::string(f->what()) == "'a0' is not a point of the 9x9 board (columns A-I, rows 1-9)");
  const std::string token("B1\0\x1b", 4);
  const auto q = thrown<ParseError>([&] { parse_point(token, 19); });
  REQUIRE(q.has_value());
  CHECK(std::string(q->what()) == "'B1\\x00\\x1b' is not a point of the 19x19 board (columns A-S, rows 1-19)");
  CHECK(q->token() == token);  // the exact bytes stay available
  const auto g = thrown<ParseError>([] { parse_point(std::string(1000, 'Q'), 19); });
  REQUIRE(g.has_value());
  CHECK(std::string(g->what()).rfind("'" + std::string(40, 'Q') + "...' is not a point", 0) == 0);
  CHECK(g->token() == std::string(40, 'Q'));  // the token is cut too
}
