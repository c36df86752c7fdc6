// KeyCodec: exact keys of small boards and the symmetry tables that canonicalise them.
#include "tanbo/solve/key.hpp"

#include <string>

#include "tanbo/core/errors.hpp"

namespace tanbo::solve {

namespace {

Cell cell_of_key(std::uint64_t key, int index) { return static_cast<Cell>((key >> (2 * index)) & 3); }

}  // namespace

std::vector<int> symmetries_kept_by(const Position& pos) {
  const int n = pos.size();
  std::vector<int> kept;
  for (int symmetry = 0; symmetry < 8; ++symmetry) {
    bool keeps = true;
    for (int y = 0; y < n && keeps; ++y)
      for (int x = 0; x < n && keeps; ++x) keeps = pos.at(transform_point(symmetry, {x, y}, n)) == pos.at({x, y});
    if (keeps) kept.push_back(symmetry);
  }
  return kept;
}

KeyCodec::KeyCodec(const Position& start) : n_(start.size()), like_(start) {
  if (n_ * n_ > kMaxKeyPoints)
    throw UsageError("a " + std::to_string(n_) + "x" + std::to_string(n_) + " board has " +
                     std::to_string(n_ * n_) + " points; the strong solver's exact keys hold at most " +
                     std::to_string(kMaxKeyPoints) + " (5x5)");
  symmetries_ = symmetries_kept_by(start);
  for (const int s : symmetries_) {
    if (s == 0) continue;
    auto& t = tables_.emplace_back();
    for (std::size_t c = 0; c < kChunks; ++c)
      for (std::uint64_t byte = 0; byte < 256; ++byte) {
        std::uint64_t out = 0;
        for (int j = 0; j < 4; ++j) {
          const int index = static_cast<int>(4 * c) + j;
          if (index >= n_ * n_) break;
          const std::uint64_t cell = (byte >> (2 * j)) & 3;
          const Point to = transform_point(s, row_major_point(index, n_), n_);
          out |= cell << (2 * row_major_index(to, n_));
        }
        t[c][byte] = out;
      }
  }
}

std::uint64_t KeyCodec::key(const Position& pos) const {
  if (pos.size() != n_)
    throw UsageError("a " + std::to_string(pos.size()) + "x" + std::to_string(pos.size()) +
                     " position on a " + std::to_string(n_) + "x" + std::to_string(n_) + " board");
  std::uint64_t key = 0;
  const std::vector<Cell>& cells = pos.cells();
  for (std::size_t i = 0; i < cells.size(); ++i) key |= static_cast<std::uint64_t>(cells[i]) << (2 * i);
  return key | static_cast<std::uint64_t>(pos.to_move() == Color::White) << side_shift();
}

Position KeyCodec::position(std::uint64_t key) const {
  Position pos(n_);
  for (int i = 0; i < n_ * n_; ++i) pos.set(row_major_point(i, n_), cell_of_key(key, i));
  pos.set_to_move((key >> side_shift()) & 1 ? Color::White : Color::Black);
  pos.set_variant(like_.variant());
  return pos;
}

int KeyCodec::orbit_size(std::uint64_t key) const noexcept {
  int stabiliser = 0;
  for (std::size_t i = 0; i < symmetries_.size(); ++i) stabiliser += image(key, i) == key;
  return static_cast<int>(symmetries_.size()) / stabiliser;
}

}  // namespace tanbo::solve
