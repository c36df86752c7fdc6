// The k-th set bit of a word (tanbo/optimized/bit_select.hpp), behind nth_legal_vertex(): the
// portable and the BMI2 implementation against a bit-by-bit count, on words of every density.
// Both are checked directly, whichever one the processor running the tests makes select_bit()
// use, so a machine with BMI2 still checks the portable code and vice versa where it can.
// In optimized/tests: checks the optimized engine's bit_select.hpp.
// check-map: code optimized
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "tanbo/core/random.hpp"
#include "tanbo/optimized/bit_select.hpp"

namespace {

// Position of the k-th set bit of x, one bit at a time: the definition.
int select_by_counting(std::uint64_t x, int k) {
  for (int bit = 0; bit < 64; ++bit)
    if ((x >> bit & 1) && k-- == 0) return bit;
  return -1;
}

// Words from sparse to dense (AND / OR of random words) and the edge cases.
std::vector<std::uint64_t> sample_words(std::uint64_t seed) {
  tanbo::Rng rng(seed);
  std::vector<std::uint64_t> words = {1, std::uint64_t{1} << 63, ~std::uint64_t{0}, 0x8000000000000001ull,
                                      0x00FF00FF00FF00FFull, 0xFF00000000000000ull};
  for (int i = 0; i < 400; ++i) {
    const std::uint64_t a = rng.next(), b = rng.next(), c = rng.next();
    words.push_back(a & b & c);
    words.push_back(a & b);
    words.push_back(a);
    words.push_back(a | b);
    words.push_back(a | b | c);
  }
  return words;
}

}  // namespace

TEST_CASE("bit select: every implementation finds the k-th set bit of every word",
          "[optimized][bits][internals]") {
  constexpr std::uint64_t kSeed = 20261203;
  INFO("words from tanbo::Rng(" << kSeed << ")");
  for (const std::uint64_t x : sample_words(kSeed)) {
    for (int k = 0; k < std::popcount(x); ++k) {
      INFO("word 0x" << std::hex << x << std::dec << ", k " << k);
      const int want = select_by_counting(x, k);
      REQUIRE(tanbo::optimized::detail::select_bit_portable(x, k) == want);
      REQUIRE(tanbo::optimized::detail::select_bit(x, k) == want);
#ifdef TANBO_SELECT_BIT_BMI2
      if (tanbo::optimized::detail::has_bmi2()) REQUIRE(tanbo::optimized::detail::select_bit_bmi2(x, k) == want);
#endif
    }
  }
}

TEST_CASE("bit select: the portable implementation is a constant expression",
          "[optimized][bits][internals]") {
  static_assert(tanbo::optimized::detail::select_bit_portable(0b1011000, 0) == 3);
  static_assert(tanbo::optimized::detail::select_bit_portable(0b1011000, 2) == 6);
  static_assert(tanbo::optimized::detail::select_bit_portable(~std::uint64_t{0}, 63) == 63);
  SUCCEED("checked at compile time");
}
