// Deterministic pseudo-random numbers (xoshiro256** seeded through splitmix64), identical on
// every platform and compiler, so seeds printed by tests and tools replay anywhere.
#pragma once

#include <cstdint>

#include "tanbo/core/mix.hpp"

namespace tanbo {

/// Small, fast, deterministic generator. Value type: copy it to fork a stream.
class Rng {
 public:
  /// Seeds the four state words from `seed` with splitmix64 (core/mix.hpp).
  explicit constexpr Rng(std::uint64_t seed = 0) noexcept {
    for (auto& w : s_) w = splitmix64(seed);
  }
  /// Next 64 random bits.
  constexpr std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// Uniform integer in [0, n) for n >= 1 (multiply-shift: fast; bias below 2^-32 for n < 2^32).
  constexpr std::uint32_t below(std::uint32_t n) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }
  std::uint64_t s_[4]{};
};

}  // namespace tanbo
