// From-scratch Zobrist hash: the definition incremental hashes are checked against.
#include "tanbo/core/zobrist.hpp"

namespace tanbo {

std::uint64_t zobrist_hash(const Position& pos) noexcept {
  std::uint64_t h = pos.to_move() == Color::White ? kZobrist.white_to_move : 0;
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x) {
      const Cell c = pos.at({x, y});
      if (c == Cell::Black) h ^= zobrist_key(Color::Black, {x, y});
      if (c == Cell::White) h ^= zobrist_key(Color::White, {x, y});
    }
  return h;
}

}  // namespace tanbo
