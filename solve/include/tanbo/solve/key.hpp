// Exact position keys for the strong solver, and their canonical form under the symmetries of a
// start. A key is core's exact key (core/exact_key.hpp) of a board of at most 25 points (5x5): 2
// bits per point (row-major, the Cell values) and the side to move in bit 2*N*N, so it
// identifies a position exactly (never by hash). The canonical key of a position is the least key
// over the images of the position under the start's symmetry group: the dihedral symmetries of
// the square that map the start to itself keeping each stone's colour. The rules commute with
// them (properties/metamorphic.hpp), so a position and its images have the same value and length,
// and a position is reachable from the start exactly when its images are.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::solve {

/// Most points a key holds: 2 bits each plus the side bit in 51 bits, leaving a word's top 13
/// bits for the solver's value, length and flags.
inline constexpr int kMaxStrongPoints = 25;
/// Largest board side the strong solver takes (5x5 = kMaxStrongPoints points).
inline constexpr int kMaxStrongSize = 5;
/// Bits of a key: 2 * kMaxStrongPoints board bits and the side bit.
inline constexpr int kKeyBits = 2 * kMaxStrongPoints + 1;
/// Mask of a key's bits in a word.
inline constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << kKeyBits) - 1;

/// A dihedral symmetry of the square, coded as props::Symmetry::square: bit 4 = transpose first,
/// then bit 1 = mirror columns, bit 2 = mirror rows (0 = identity, 3 = rotate 180).
constexpr Point transform_point(int symmetry, Point p, int n) noexcept {
  if (symmetry & 4) p = {p.y, p.x};
  if (symmetry & 1) p.x = n - 1 - p.x;
  if (symmetry & 2) p.y = n - 1 - p.y;
  return p;
}

/// The dihedral symmetries (transform_point's codes, identity first) that map `pos` to itself
/// keeping each stone's colour: the symmetry group of a start (KeyCodec), or of the position the
/// weak solver searches.
std::vector<int> symmetries_kept_by(const Position& pos);

/// Keys of positions on the board of one start, and their canonical forms.
class KeyCodec {
 public:
  /// The codec of `start`'s board size and symmetry group.
  /// @throws UsageError if the board has more than kMaxStrongPoints points.
  explicit KeyCodec(const Position& start);

  int size() const noexcept { return n_; }  ///< Board side.
  /// The symmetries (codes 0..7, identity first) that map the start to itself.
  const std::vector<int>& symmetries() const noexcept { return symmetries_; }
  /// The bit of the side to move (2 * N * N).
  int side_shift() const noexcept { return 2 * n_ * n_; }

  /// Exact key of `pos` (board and side to move; the variant tag is ignored).
  /// @throws UsageError if `pos` has another board size.
  std::uint64_t key(const Position& pos) const;
  /// The position of `key` (the inverse of key()), tagged with the start's variant.
  Position position(std::uint64_t key) const;
  /// The image of `key` under symmetry number `i` of symmetries().
  std::uint64_t image(std::uint64_t key, std::size_t i) const noexcept {
    if (i == 0) return key;
    const auto& t = tables_[i - 1];
    std::uint64_t out = key & (std::uint64_t{1} << side_shift());
    for (std::size_t c = 0; c < kChunks; ++c) out |= t[c][(key >> (8 * c)) & 0xff];
    return out;
  }
  /// The least key over the images of `key` under the group.
  std::uint64_t canonical(std::uint64_t key) const noexcept {
    std::uint64_t best = key;
    for (std::size_t i = 1; i < symmetries_.size(); ++i) {
      const std::uint64_t k = image(key, i);
      if (k < best) best = k;
    }
    return best;
  }
  /// How many distinct positions the class of `key` holds (the group's order over the order of
  /// the stabiliser of `key`).
  int orbit_size(std::uint64_t key) const noexcept;

 private:
  static constexpr std::size_t kChunks = (2 * kMaxStrongPoints + 7) / 8;  // 4 points per byte
  int n_;
  Position like_;  // the start, for position(): size and variant tag
  std::vector<int> symmetries_;
  // For each non-identity symmetry and each byte of the board bits: the image bits of that byte.
  std::vector<std::array<std::array<std::uint64_t, 256>, kChunks>> tables_;
};

}  // namespace tanbo::solve
