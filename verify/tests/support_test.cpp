// Tests of the comparator's helpers (support.hpp) on the cases the correct engines never produce:
// each exception class, foreign and non-standard exceptions, and each way two positions differ.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "tanbo/verify/support.hpp"

using namespace tanbo;
using namespace tanbo::verify::detail;

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

TEST_CASE("exceptions are classified by their tanbo class; anything else is flagged", "[verify][support]") {
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

TEST_CASE("position differences name the first differing point, the side or the tag", "[verify][support]") {
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
