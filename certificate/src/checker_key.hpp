// The checker's exact key of a position: 2 bits per point and the side to move, in as many 64-bit
// words as the board needs (1 for 5x5, 20 for 25x25), stored in core's PositionSet. Written here,
// not taken from core/exact_key.hpp: that is the solver's key, and a flaw shared by the solver and
// its checker could let the checker accept a proof the solver got wrong (docs/design.md,
// "Deliberate copies").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tanbo/core/position.hpp"

namespace tanbo::certificate::detail {

/// Words in a key of a board of side `size`.
inline std::size_t key_words(int size) noexcept {
  return (1 + 2 * static_cast<std::size_t>(size) * static_cast<std::size_t>(size) + 63) / 64;
}

/// Writes the key of `p` (key_words(p.size()) words): bit 0 the side to move (1: O), then 2 bits
/// per point row-major (the Cell value: 0 empty, 1 X, 2 O).
inline void checker_key(const Position& p, std::uint64_t* out) noexcept {
  const std::size_t words = key_words(p.size());
  for (std::size_t w = 0; w < words; ++w) out[w] = 0;
  out[0] = p.to_move() == Color::White ? 1 : 0;
  const std::vector<Cell>& cells = p.cells();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto v = static_cast<unsigned>(cells[i]);
    const std::size_t bit = 1 + 2 * i;
    if (v & 1u) out[bit / 64] |= std::uint64_t{1} << (bit % 64);
    if (v & 2u) out[(bit + 1) / 64] |= std::uint64_t{1} << ((bit + 1) % 64);
  }
}

}  // namespace tanbo::certificate::detail
