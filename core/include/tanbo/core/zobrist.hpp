// Zobrist keys for hashing (board, side to move). The table is a compile-time constant, so
// every engine and every build computes the same 64-bit hash for the same position.
#pragma once

#include <array>
#include <cstdint>

#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo {

/// Keys indexed [colour][y * kMaxSize + x], independent of the board size in use.
struct ZobristKeys {
  std::array<std::array<std::uint64_t, kMaxPoints>, 2> stone{};  ///< Per colour and point.
  std::uint64_t white_to_move = 0;  ///< XORed in when White is to move.
};

namespace detail {
constexpr ZobristKeys make_zobrist_keys() noexcept {
  ZobristKeys k;
  Rng rng(0x7A4B0C0DEull);
  for (auto& colour : k.stone)
    for (auto& key : colour) key = rng.next();
  k.white_to_move = rng.next();
  return k;
}
}  // namespace detail

/// The one key table every engine uses.
inline constexpr ZobristKeys kZobrist = detail::make_zobrist_keys();

/// Key of a stone of colour `c` at `p`.
constexpr std::uint64_t zobrist_key(Color c, Point p) noexcept {
  return kZobrist.stone[static_cast<int>(c)][p.y * kMaxSize + p.x];
}

/// Hash of a position computed from scratch (the definition engines must agree with).
std::uint64_t zobrist_hash(const Position& pos) noexcept;

}  // namespace tanbo
