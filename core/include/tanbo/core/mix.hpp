// splitmix64 (Steele, Lea and Flood; Vigna's constants): the one 64-bit mixer of the tree. Rng
// seeds itself with it, the solvers' and checkers' hash tables place keys with it, and seeds of
// independent streams are derived with it.
#pragma once

#include <cstdint>

namespace tanbo {

/// splitmix64's output function: a bijection of 64-bit words in which every output bit depends
/// on every input bit. For hashing keys whose low bits are far from random (board keys), and for
/// turning related seeds into unrelated ones.
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// splitmix64's increment (2^64 divided by the golden ratio, odd): the step between states.
inline constexpr std::uint64_t kSplitmixIncrement = 0x9E3779B97F4A7C15ull;

/// One splitmix64 step: advances `state` by kSplitmixIncrement and returns mix64 of it, so a
/// state word gives a stream of well-mixed words (the same on every platform).
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  state += kSplitmixIncrement;
  return mix64(state);
}

}  // namespace tanbo
