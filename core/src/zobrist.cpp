// From-scratch Zobrist hash: the definition incremental hashes are checked against.
#include "tanbo/core/zobrist.hpp"

namespace tanbo {

// Masks rather than branches: in a played position whether a point holds a stone, and whose, is
// close to a coin flip, and the mispredicted branches cost more than the keys' XOR. The
// differential checks hash the oracle's position after every step.
std::uint64_t zobrist_hash(const Position& pos) noexcept {
  std::uint64_t h = pos.to_move() == Color::White ? kZobrist.white_to_move : 0;
  const Cell* cell = pos.cells().data();
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x, ++cell) {
      const std::uint64_t black = 0 - static_cast<std::uint64_t>(*cell == Cell::Black);
      const std::uint64_t white = 0 - static_cast<std::uint64_t>(*cell == Cell::White);
      h ^= (zobrist_key(Color::Black, {x, y}) & black) ^ (zobrist_key(Color::White, {x, y}) & white);
    }
  return h;
}

}  // namespace tanbo
