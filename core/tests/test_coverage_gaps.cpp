// Tests for code the coverage report (scripts/coverage.sh) showed no other test reaches:
// fallbacks for enum values outside the enumerators, the Zobrist table built at run time (the
// compile-time build leaves no run-time counts) and openings that do not exist.
// In core/tests: every case reaches code of core.
// check-map: code core
#include <array>
#include <cstdint>

#include "tanbo/core/zobrist.hpp"
#include "test_util.hpp"

using namespace tanbo;

TEST_CASE("enum texts fall back for values outside the enumerators", "[coverage][errors]") {
  // Fixed underlying types make every uint8_t value a valid enum value, so a corrupted or
  // future value must still give a text (never UB, never a crash).
  CHECK(std::string(illegal_reason_text(static_cast<IllegalReason>(200))) == "unknown reason");
  CHECK(std::string(removal_name(static_cast<Removal>(200))) == "unknown");
  Variant odd = Variant::lattice(5);
  odd.kind = static_cast<VariantKind>(200);
  CHECK(odd.name() == "unknown");
  CHECK(std::string(illegal_reason_text(IllegalReason::GameOver)) == "the game is over");
}

TEST_CASE("the Zobrist table built at run time equals the compile-time one",
          "[coverage][zobrist][internals]") {
  // (That the keys are distinct and nonzero is the Zobrist contract test's.)
  const ZobristKeys runtime = detail::make_zobrist_keys();
  CHECK(runtime.stone == kZobrist.stone);
  CHECK(runtime.white_to_move == kZobrist.white_to_move);
}

TEST_CASE("variants without an opening are refused with the reason", "[coverage][variant][rule2][errors]") {
  Variant lattice8 = Variant::lattice(5);
  lattice8.size = 8;  // not a lattice size; Variant::lattice(8) refuses it already
  CHECK_THROWS_WITH(opening(lattice8), "variant lattice-8 has no opening");
  Variant classic9 = Variant::classic();
  classic9.size = 9;
  CHECK_THROWS_AS(opening(classic9), InvalidPositionError);
  Variant dense6 = Variant::dense(5);
  dense6.size = 6;
  CHECK_THROWS_WITH(opening(dense6), "variant dense-6 has no opening");
  CHECK_THROWS_AS(opening(Variant::custom(5)), InvalidPositionError);
}
