// Tests of the fuzz-input codec (script.hpp): each part of the byte format decodes as documented,
// encode writes the canonical bytes, errors name the field, offsets and descriptions match.
// (The round-trip properties over random scripts and bytes are in properties/test_script.cpp.)
// check-map: code differential
#include <catch2/catch.hpp>

#include <climits>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/differential/script.hpp"

using namespace tanbo;
using namespace tanbo::differential;
using Bytes = std::vector<std::uint8_t>;

TEST_CASE("start selectors decode as documented", "[differential][script]") {
  const auto named = Variant::all_named();
  CHECK(decode(Bytes{}).start == std::variant<Variant, CustomStart>(Variant::classic()));
  CHECK(decode(Bytes{0}).start == std::variant<Variant, CustomStart>(Variant::classic()));
  CHECK(decode(Bytes{static_cast<std::uint8_t>(named.size())}).start ==
        std::variant<Variant, CustomStart>(Variant::classic()));
  CHECK(decode(Bytes{1}).start == std::variant<Variant, CustomStart>(named[1]));
  // n = 2 + 3 = 5, White to move, 2 stones: 0x8005 White at index 5 = A2, 0x0000 Black at A1.
  const Script s = decode(Bytes{0xE7, 3, 0x01 << 1 | 1, 0x80, 0x05, 0x00, 0x00});
  const CustomStart want{5, Color::White, {{{0, 1}, Color::White}, {{0, 0}, Color::Black}}};
  CHECK(s.start == std::variant<Variant, CustomStart>(want));
  CHECK(s.steps.empty());
  const Position p = want.position();
  CHECK(p.size() == 5);
  CHECK(p.to_move() == Color::White);
  CHECK(p.at({0, 1}) == Cell::White);
  CHECK(p.at({0, 0}) == Cell::Black);
  // Sizes wrap modulo 24, stone indexes modulo n * n; a missing byte reads as 0.
  const Script wrapped = decode(Bytes{0xE0, 24 + 1, 0, 0x7F, 0xFF});
  CHECK(wrapped.start == std::variant<Variant, CustomStart>(CustomStart{3, Color::Black, {{{1, 2}, Color::Black}}}));  // 32767 % 9 = 7
  CHECK(decode(Bytes{0xE0}).start ==
        std::variant<Variant, CustomStart>(CustomStart{2, Color::Black, {{{0, 0}, Color::Black}}}));
}

TEST_CASE("every step selector range decodes as documented", "[differential][script]") {
  const Script s = decode(Bytes{0, 0x00, 0xDF, 0xE5, 1, 2, 0xEB, 0x01, 0x02, 0xF7, 0xFB, 0xFD, 9, 0xFE, 0xFF});
  const std::vector<Step> want{Step::legal(0),   Step::legal(0xDF),    Step::raw(1, 2),
                               Step::wide(0x0102, 3), Step::undo(),   Step::copy(),
                               Step::multi_undo(2),   Step::probe(),  Step::record_check()};
  CHECK(s.steps == want);
  // Operands missing at the end read as 0.
  CHECK(decode(Bytes{0, 0xE8, 7}).steps == std::vector<Step>{Step::wide(0x0700)});
  CHECK(decode(Bytes{0, 0xFC}).steps == std::vector<Step>{Step::multi_undo(1)});
  CHECK(decode_steps(Bytes{0xE0, 0xFF}) == std::vector<Step>{Step::raw(0xFF, 0)});
}

TEST_CASE("encode writes the canonical bytes, and offsets are those of the input", "[differential][script]") {
  const Bytes input{0, 0x00, 0xDF, 0xE5, 1, 2, 0xEB, 0x01, 0x02, 0xF7, 0xFB, 0xFD, 9, 0xFE, 0xFF};
  const Script s = decode(input);
  CHECK(encode(s) == Bytes{0, 0x00, 0xDF, 0xE0, 1, 2, 0xEB, 0x01, 0x02, 0xF0, 0xF8, 0xFC, 1, 0xFE, 0xFF});
  CHECK(decode(encode(s)) == s);
  CHECK(s.offset_of(0) == 1);
  CHECK(s.offset_of(3) == 6);   // the wide step's selector 0xEB
  CHECK(s.offset_of(6) == 11);  // the multi-undo's selector 0xFD
  CHECK(s.offset_of(9) == input.size());
  const Script custom = decode(Bytes{0xF0, 3, 2, 0x00, 0x00, 0x80, 0x05, 0x11});
  CHECK(custom.offset_of(0) == 7);
  CHECK(encode(custom) == Bytes{0xE0, 3, 2, 0x00, 0x00, 0x80, 0x05, 0x11});
}

TEST_CASE("encode refuses what no bytes decode to, naming the field", "[differential][script]") {
  const auto message = [](const Script& s) {
    try {
      encode(s);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message({Variant::custom(5), {}}).find("not a named variant") != std::string::npos);
  CHECK(message({CustomStart{26, Color::Black, {{{0, 0}, Color::Black}}}, {}}).find("size must be 2..25") !=
        std::string::npos);
  CHECK(message({CustomStart{1, Color::Black, {{{0, 0}, Color::Black}}}, {}}).find("size must be 2..25") !=
        std::string::npos);
  CHECK(message({CustomStart{5, Color::Black, {}}, {}}).find("1..32 stones") != std::string::npos);
  CHECK(message({CustomStart{5, Color::Black, std::vector<StartStone>(33, {{0, 0}, Color::Black})}, {}})
            .find("1..32 stones, got 33") != std::string::npos);
  CHECK(message({CustomStart{5, Color::Black, {{{5, 0}, Color::Black}}}, {}}).find("off the 5x5 board") !=
        std::string::npos);
  CHECK(message({Variant::classic(), {Step::legal(0xE0)}}).find("below 0xE0") != std::string::npos);
  CHECK(message({Variant::classic(), {Step::multi_undo(9)}}).find("1..8") != std::string::npos);
  CHECK(message({Variant::classic(), {Step::multi_undo(0)}}).find("1..8 moves, got 0") != std::string::npos);
  CHECK(message({Variant::classic(), {Step{Step::Kind::Raw, 0x100, 0}}}).find("below 0x100, got 256") !=
        std::string::npos);
  CHECK(message({Variant::classic(), {Step::wide(0, 8)}}).find("0..7") != std::string::npos);
}

TEST_CASE("describe names the start and every step with its input offset", "[differential][script]") {
  const Script s{Variant::lattice(5), {Step::legal(5), Step::wide(300, 1), Step::raw(0xFF, 2), Step::multi_undo(3)}};
  CHECK(describe(s) ==
        "start: lattice-5\n"
        "@1 step 1: legal move #5 (after the end: try a point)\n"
        "@2 step 2: wide legal move #300 (after the end: undo 10)\n"
        "@5 step 3: raw point (x byte 0xFF, y byte 0x02)\n"
        "@8 step 4: undo 3 moves\n");
  CHECK(describe(Step::legal(0x45)) == "legal move #69 (after the end: undo 6)");
  CHECK(describe(Step::undo()) == "undo");
  CHECK(describe(Step::copy()) == "copy both games");
  CHECK(describe(Step::probe()) == "probe every point");
  CHECK(describe(Step::record_check()) == "record round trip");
  const Script c{CustomStart{2, Color::White, {{{0, 0}, Color::Black}, {{1, 1}, Color::White}}}, {}};
  CHECK(describe(c) == "start: custom 2x2, O to move, stones XA1 OB2 (position " +
                           std::get<CustomStart>(c.start).position().to_string() + ")\n");
}

TEST_CASE("raw coordinates cover a ring around the board and the extremes", "[differential][script]") {
  CHECK(raw_coordinate(0, 5) == -2);
  CHECK(raw_coordinate(8, 5) == 6);
  CHECK(raw_coordinate(9, 5) == -2);
  CHECK(raw_coordinate(0xFF, 5) == INT_MAX);
  CHECK(raw_coordinate(0xFE, 5) == INT_MIN);
}

TEST_CASE("after the end of a game, legal-move steps try a point or undo", "[differential][script]") {
  const Position board5(5), board19(19);
  // Selectors below 0x40 name the point at row-major index selector % (n * n).
  CHECK(after_end(Step::legal(0x05), board5) == AfterEnd{Point{0, 1}, 0});
  CHECK(after_end(Step::legal(0x3F), board5) == AfterEnd{Point{3, 2}, 0});  // 63 % 25 = 13
  CHECK(after_end(Step::legal(0x3F), board19) == AfterEnd{Point{6, 3}, 0});
  // From 0x40 on they undo 1 + selector % 16 moves; a wide step's selector is 0xE8 + its low bits.
  CHECK(after_end(Step::legal(0x40), board5) == AfterEnd{std::nullopt, 1});
  CHECK(after_end(Step::legal(0xDF), board5) == AfterEnd{std::nullopt, 16});
  CHECK(after_end(Step::wide(7, 0), board5) == AfterEnd{std::nullopt, 9});
  CHECK(after_end(Step::wide(7, 7), board5) == AfterEnd{std::nullopt, 16});
  // Other steps mean the same after the end.
  CHECK(after_end(Step::raw(1, 1), board5) == AfterEnd{});
  CHECK(after_end(Step::undo(), board5) == AfterEnd{});
}

// The codec's round-trip tests and the minimizer compare scripts with ==, documented as "every
// field": each field alone must make two values differ.
TEST_CASE("== on StartStone, CustomStart, Step, Script and AfterEnd sees every field", "[differential][script]") {
  const StartStone s{{1, 2}, Color::White};
  CHECK(s == StartStone{{1, 2}, Color::White});
  CHECK_FALSE(s == StartStone{{2, 2}, Color::White});
  CHECK_FALSE(s == StartStone{{1, 2}, Color::Black});

  const CustomStart c{5, Color::White, {s}};
  CHECK(c == CustomStart{5, Color::White, {s}});
  CHECK_FALSE(c == CustomStart{6, Color::White, {s}});
  CHECK_FALSE(c == CustomStart{5, Color::Black, {s}});
  CHECK_FALSE(c == CustomStart{5, Color::White, {}});

  const Step w = Step::wide(300, 2);
  CHECK(w == Step::wide(300, 2));
  CHECK_FALSE(w == Step::raw(44, 2));  // kind
  CHECK_FALSE(w == Step::wide(301, 2));
  CHECK_FALSE(w == Step::wide(300, 3));

  const Script a{Variant::lattice(5), {Step::legal(1), Step::undo()}};
  CHECK(a == Script{Variant::lattice(5), {Step::legal(1), Step::undo()}});
  CHECK_FALSE(a == Script{Variant::lattice(7), a.steps});
  CHECK_FALSE(a == Script{c, a.steps});
  CHECK_FALSE(a == Script{a.start, {Step::legal(1)}});

  const AfterEnd e{Point{1, 1}, 0};
  CHECK(e == AfterEnd{Point{1, 1}, 0});
  CHECK_FALSE(e == AfterEnd{std::nullopt, 0});
  CHECK_FALSE(e == AfterEnd{Point{1, 1}, 2});
}
