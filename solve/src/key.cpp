// KeyCodec: exact keys of small boards and the symmetry tables that canonicalise them.
#include "tanbo/solve/key.hpp"

#include <string>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/exact_key.hpp"

namespace tanbo::solve {

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
  if (n_ * n_ > kMaxStrongPoints)
    throw UsageError("a " + std::to_string(n_) + "x" + std::to_string(n_) + " board has " +
                     std::to_string(n_ * n_) + " points; the strong solver's exact keys hold at most " +
                     std::to_string(kMaxStrongPoints) + " (5x5)");
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
  return exact_key(pos);  // bit 2*N*N is side_shift()
}

Position KeyCodec::position(std::uint64_t key) const { return from_exact_key(key, like_); }

int KeyCodec::orbit_size(std::uint64_t key) const noexcept {
  int stabiliser = 0;
  for (std::size_t i = 0; i < symmetries_.size(); ++i) stabiliser += image(key, i) == key;
  return static_cast<int>(symmetries_.size()) / stabiliser;
}

}  // namespace tanbo::solve
