// Selecting the k-th set bit of a 64-bit word: the last step of BasicBoard::nth_legal_vertex(),
// the i-th legal move in row-major order that tanbo::random_move plays on every Engine-API move.
// Two implementations, compared by the unit tests on every machine: a portable broadword one,
// and one that uses the BMI2 instruction PDEP on x86-64 processors that have it (Intel since
// 2013, AMD since 2017), chosen at run time so one build serves every x86-64 machine.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace tanbo::optimized::detail {

// Bit counting without -mpopcnt (not in the x86-64 baseline; g++ would call libgcc's loop for
// std::popcount): SWAR. byte_counts() leaves in each byte the number of its set bits.
inline constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t byte_counts(std::uint64_t x) noexcept {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  return (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
}

// kSelectInByte.at[b][k]: position of the k-th (0-based) set bit of the byte b.
struct SelectInByte {
  std::array<std::array<std::uint8_t, 8>, 256> at{};
  constexpr SelectInByte() {
    for (int b = 0; b < 256; ++b)
      for (int bit = 0, k = 0; bit < 8; ++bit)
        if (b >> bit & 1) at[static_cast<std::size_t>(b)][static_cast<std::size_t>(k++)] = static_cast<std::uint8_t>(bit);
  }
};
inline constexpr SelectInByte kSelectInByte{};

// Position of the k-th (0-based) set bit of x, k < its number of set bits, without a loop: the byte
// holding it from the bytes' prefix counts (a multiplication and a SWAR compare), then a table.
constexpr int select_bit_portable(std::uint64_t x, int k) noexcept {
  const std::uint64_t prefix = byte_counts(x) * kOnes;  // byte b: set bits in bytes 0..b
  constexpr std::uint64_t kHighs = 0x8080808080808080ull;
  // High bit of byte b set when prefix_b > k (no borrow crosses bytes: each is at least 0x80
  // and at most 65 is subtracted).
  const std::uint64_t above = ((prefix | kHighs) - kOnes * static_cast<std::uint64_t>(k + 1)) & kHighs;
  const int byte = std::countr_zero(above) / 8;
  const int before = static_cast<int>(((prefix << 8) >> (8 * byte)) & 0xFF);
  return byte * 8 + kSelectInByte.at[(x >> (8 * byte)) & 0xFF][static_cast<std::size_t>(k - before)];
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#define TANBO_SELECT_BIT_BMI2 1
// The same with BMI2: PDEP deposits the bit 1 << k at the k-th set bit of x, whose position the
// trailing-zero count reads (three instructions). Only call it where has_bmi2() is true.
// PDEP is written as an assembler instruction rather than the compiler's builtin: a function
// built for BMI2 cannot be inlined into code built for the baseline, and that call cost more
// than the select itself. The assembler takes the instruction whatever the target; only a
// processor with BMI2 runs it.
inline int select_bit_bmi2(std::uint64_t x, int k) noexcept {
  std::uint64_t deposited;
  asm("pdep %2, %1, %0" : "=r"(deposited) : "r"(std::uint64_t{1} << k), "rm"(x));
  return std::countr_zero(deposited);
}
// Does this processor have BMI2? The compiler runtime reads CPUID once, before main() (a load
// and a test here).
inline bool has_bmi2() noexcept { return __builtin_cpu_supports("bmi2"); }
#endif

// select_bit_bmi2() where the processor has BMI2, otherwise select_bit_portable(): the same
// result (optimized/tests/test_bit_select.cpp checks both on every machine).
inline int select_bit(std::uint64_t x, int k) noexcept {
#ifdef TANBO_SELECT_BIT_BMI2
  if (has_bmi2()) return select_bit_bmi2(x, k);
#endif
  return select_bit_portable(x, k);
}

}  // namespace tanbo::optimized::detail
