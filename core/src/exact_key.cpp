// Exact keys of small boards' positions (core/exact_key.hpp).
#include "tanbo/core/exact_key.hpp"

#include <string>

#include "tanbo/core/errors.hpp"

namespace tanbo {

std::uint64_t exact_key(const Position& pos) {
  const std::vector<Cell>& cells = pos.cells();
  if (cells.size() > static_cast<std::size_t>(kMaxExactKeyPoints))
    throw UsageError("exact_key: a " + std::to_string(pos.size()) + "x" + std::to_string(pos.size()) +
                     " board has more than " + std::to_string(kMaxExactKeyPoints) + " points");
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) key |= static_cast<std::uint64_t>(cells[i]) << (2 * i);
  return key | static_cast<std::uint64_t>(pos.to_move() == Color::White) << (2 * cells.size());
}

Position from_exact_key(std::uint64_t key, const Position& like) {
  const int n = like.size();
  Position pos(n);
  for (int i = 0; i < n * n; ++i) pos.set(row_major_point(i, n), static_cast<Cell>((key >> (2 * i)) & 3));
  pos.set_to_move((key >> (2 * n * n)) & 1 ? Color::White : Color::Black);
  pos.set_variant(like.variant());
  return pos;
}

}  // namespace tanbo
