// The exact key of a small board's position: 2 bits per point (row-major, the Cell values: 0
// empty, 1 X, 2 O) and the side to move in bit 2*N*N of one 64-bit word, so two positions share
// a key only when they are the same (never by hash). The strong solver's table files store keys
// in this layout (solve/key.hpp), and `tanbo_exhaustive --complete` numbers its graph's nodes by
// them (properties/game_graph.hpp).
#pragma once

#include <cstdint>

#include "tanbo/core/position.hpp"

namespace tanbo {

/// Most points an exact key holds: 2 bits each plus the side bit in 64 bits.
inline constexpr int kMaxExactKeyPoints = 31;

/// The exact key of `pos`'s board and side to move (its variant tag is not part of it).
/// @throws UsageError if the board has more than kMaxExactKeyPoints points.
std::uint64_t exact_key(const Position& pos);

/// The position of `key` on a board shaped and tagged like `like` (the inverse of exact_key).
Position from_exact_key(std::uint64_t key, const Position& like);

}  // namespace tanbo
