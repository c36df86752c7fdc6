// Tests of the comparator's helpers (support.hpp) on the cases the correct engines never produce:
// each exception class, foreign and non-standard exceptions, and each way two positions differ.
// check-map: code differential
#include <catch2/catch.hpp>

#include <stdexcept>

#include "tanbo/differential/differential.hpp"
#include "tanbo/differential/script.hpp"
#include "tanbo/differential/support.hpp"

using namespace tanbo;
using namespace tanbo::differential;
using namespace tanbo::differential::detail;

namespace {
Thrown thrown_by(void (*f)()) {
  try {
    f();
  } catch (...) {
    return current_exception_info();
  }
  return {};
}
}  // namespace

TEST_CASE("exceptions are classified by their tanbo class; anything else is flagged", "[differential][support]") {
  CHECK(thrown_by([] { throw InvalidPositionError("bad"); }).kind == "InvalidPositionError");
  CHECK(thrown_by([] { throw UsageError("use"); }).kind == "UsageError");
  CHECK(thrown_by([] { throw ParseError("syntax"); }).kind == "ParseError");
  const Thrown plain = thrown_by([] { throw Error("plain"); });
  CHECK(plain.kind == "tanbo::Error");
  CHECK(plain.tanbo_error);
  const Thrown range = thrown_by([] { throw std::out_of_range("oops"); });
  CHECK_FALSE(range.tanbo_error);
  CHECK(range.kind.rfind("std::exception (", 0) == 0);
  const Thrown odd = thrown_by([] { throw 42; });
  CHECK(odd.kind == "a non-standard exception");
  CHECK_FALSE(odd.tanbo_error);
  CHECK(show(odd) == "a non-standard exception");
  CHECK(show(plain) == "tanbo::Error \"plain\"");
  // A foreign exception is a difference on either side, whatever the other threw.
  CHECK(thrown_difference(range, plain, Match::KindOnly) == "reference threw unexpected " + show(range));
  CHECK(thrown_difference(plain, odd, Match::KindOnly) == "candidate threw unexpected a non-standard exception");
  const Thrown other = thrown_by([] { throw Error("other"); });
  CHECK_FALSE(thrown_difference(plain, other, Match::KindOnly));
  CHECK(thrown_difference(plain, other, Match::Exact) ==
        "reference threw tanbo::Error \"plain\", candidate threw tanbo::Error \"other\"");
}

TEST_CASE("position differences name the first differing point, the side or the tag", "[differential][support]") {
  const Position a = opening(Variant::lattice(5));
  CHECK_FALSE(position_difference(a, a));
  CHECK_THAT(*position_difference(a, opening(Variant::lattice(7))), Catch::Contains("(sizes differ)"));
  Position b = a;
  b.set({2, 2}, Cell::White);
  CHECK_THAT(*position_difference(a, b), Catch::Contains("(first difference at C3: . vs O)"));
  Position c = a;
  c.set_to_move(Color::White);
  CHECK_THAT(*position_difference(a, c), Catch::Contains("(side to move differs)"));
  Position d = a;
  d.set_variant(Variant::custom(5));
  CHECK_THAT(*position_difference(a, d), Catch::Contains("(variant tag lattice-5 vs custom-5)"));
  CHECK(show(Unit{}) == "normally");
  CHECK(show(std::optional<std::string>{}) == "(nothing)");
  CHECK(show(a) == a.to_string());
}

TEST_CASE("run_differential_from: a start both engines refuse ends the input, a valid one runs",
          "[differential][support]") {
  const std::vector<std::uint8_t> steps(64, 0);  // legal-move steps
  DiffStats stats;
  CHECK_FALSE(run_differential_from(opening(Variant::lattice(5)), steps, &stats));
  CHECK(stats.moves > 0);
  const Position lone = Position::parse("X4/5/5/5/5 X");  // White has no stone: invalid
  DiffStats none;
  CHECK_FALSE(run_differential_from(lone, steps, &none));
  CHECK(none.moves == 0);
}

TEST_CASE("scripts compare field by field", "[differential][support]") {
  CustomStart c;
  c.size = 5;
  c.stones = {{Point{0, 0}, Color::Black}};
  const Script a{c, {Step::legal(1), Step::undo()}};
  Script b = a;
  CHECK(a == b);
  std::get<CustomStart>(b.start).stones[0].color = Color::White;
  CHECK_FALSE(a == b);
  b = a;
  std::get<CustomStart>(b.start).stones[0].point = Point{1, 0};
  CHECK_FALSE(a == b);
  b = a;
  std::get<CustomStart>(b.start).to_move = Color::White;
  CHECK_FALSE(a == b);
  b = a;
  std::get<CustomStart>(b.start).size = 6;
  CHECK_FALSE(a == b);
  b = a;
  b.steps[0] = Step::legal(2);
  CHECK_FALSE(a == b);
  b.steps[0] = Step::raw(1, 0);
  CHECK_FALSE(a == b);
  b = a;
  b.steps.pop_back();
  CHECK_FALSE(a == b);
  b = a;
  b.start = Variant::lattice(5);
  CHECK_FALSE(a == b);
}

TEST_CASE("the value printers say when there is nothing to print", "[differential][support]") {
  CHECK(show(std::vector<Point>{}) == "(none)");
  CHECK(show(std::vector<Point>{{0, 0}, {2, 1}}) == "A1 C2");
  CHECK(show(std::optional<std::string>{}) == "(nothing)");
  CHECK(show(std::optional<std::string>{"x"}) == "x");
}
