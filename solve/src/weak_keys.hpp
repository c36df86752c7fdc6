// The weak solver's position keys, canonical under the symmetries the searched root keeps.
//
// Why symmetries: the rules commute with the square's dihedral symmetries
// (properties/metamorphic.hpp), so a position and its mirror image have the same value AND the
// same perfect-play length, and a transposition-table entry of one answers for the other. The
// key of a position is the least key over its images under the group of symmetries that map the
// root (the position solve_weak was given) to itself keeping each stone's colour: on lattice-7's
// start that group has 4 elements, so up to 4 images of a position share one entry. Any subgroup
// of the dihedral group is sound (every image has the same value and length); the root's group is
// the one whose images are reachable from the root. A root without symmetries keeps the identity
// alone, and its keys are the plain keys.
//
// Why incremental: the key of every image is updated as stones are placed and removed (one
// exclusive-or per image per stone), so the canonical key costs a minimum over at most 8 keys.
//
// Why two kinds of key: boards up to 7x7 (at most 63 points) are keyed exactly, a holding
// Black's stones and the side to move, b White's stones, one bit per row-major point, so no two
// positions share a key. Larger boards are keyed by two independent 64-bit Zobrist hashes of a
// fixed seed: a wrong answer needs two positions equal in 128 bits (about n^2 / 2^129 for n
// positions), and the certificate checker replays every proof on the reference engine whatever
// the solver believed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "tanbo/core/mix.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/solve/key.hpp"

namespace tanbo::solve::weak {

/// A position's identity: exact on boards up to 7x7, two Zobrist hashes above.
struct Key {
  std::uint64_t a = 0, b = 0;
  friend bool operator==(const Key&, const Key&) = default;
  friend Key operator^(Key x, const Key& y) noexcept { return {x.a ^ y.a, x.b ^ y.b}; }
  bool operator<(const Key& o) const noexcept { return a != o.a ? a < o.a : b < o.b; }
  /// Well-mixed 64 bits of the key (exact keys are sparse bit sets): the table's bucket.
  std::uint64_t mixed() const noexcept { return mix64(a * kSplitmixIncrement ^ (b + 0x632BE59BD9B4E019ull)); }
};
struct KeyHash {
  std::size_t operator()(const Key& k) const noexcept { return static_cast<std::size_t>(k.mixed()); }
};

/// The keys of the current position's images under a symmetry group, kept current by the caller
/// (toggle_stone for every stone placed or removed, toggle_side every move).
template <int MaxN>
class SymmetricKeys {
  using Board = optimized::BasicBoard<MaxN>;
  using Vertex = optimized::Vertex;

 public:
  /// Keys for positions of `root`'s board under `symmetries` (codes of transform_point, the
  /// identity first; solve::symmetries_kept_by(root) in the solver), set to `root`'s keys.
  SymmetricKeys(const Position& root, std::vector<int> symmetries)
      : size_(root.size()), exact_(size_ * size_ <= 63), symmetries_(std::move(symmetries)) {
    const std::size_t images = symmetries_.size();
    const auto points = static_cast<std::size_t>(size_ * size_);
    stone_keys_.assign(images * 2 * points, Key{});
    to_image_.assign(images, {});
    from_image_.assign(images, {});
    std::vector<Key> zobrist(2 * points);  // a point's Zobrist words, per colour
    std::uint64_t seed = 0x7A6B6F5F7765616Bull;  // "weak"
    side_key_ = exact_ ? Key{std::uint64_t{1} << 63, 0} : Key{splitmix64(seed), splitmix64(seed)};
    for (Key& z : zobrist) z = {splitmix64(seed), splitmix64(seed)};  // from a fixed seed
    for (std::size_t image = 0; image < images; ++image)
      for (int y = 0; y < size_; ++y)
        for (int x = 0; x < size_; ++x) {
          const Point to = transform_point(symmetries_[image], {x, y}, size_);
          const auto from_index = static_cast<std::size_t>(y * size_ + x);
          const auto to_index = static_cast<std::size_t>(to.y * size_ + to.x);
          to_image_[image][Board::vertex({x, y})] = Board::vertex(to);
          from_image_[image][Board::vertex(to)] = Board::vertex({x, y});
          for (std::size_t colour = 0; colour < 2; ++colour) {
            Key& k = stone_keys_[(image * 2 + colour) * points + from_index];
            if (!exact_) k = zobrist[colour * points + to_index];
            else (colour == 0 ? k.a : k.b) = std::uint64_t{1} << to_index;
          }
        }
    for (int y = 0; y < size_; ++y)
      for (int x = 0; x < size_; ++x) point_index_[Board::vertex({x, y})] = static_cast<std::uint16_t>(y * size_ + x);
    for (int y = 0; y < size_; ++y)
      for (int x = 0; x < size_; ++x)
        if (const Cell c = root.at({x, y}); c != Cell::Empty) toggle_stone(c == Cell::Black ? 0 : 1, Board::vertex({x, y}));
    if (root.to_move() == Color::White) toggle_side();
  }

  /// A stone of `colour` (0 Black, 1 White) placed on or removed from `v`.
  void toggle_stone(int colour, Vertex v) noexcept {
    const std::size_t points = static_cast<std::size_t>(size_ * size_);
    const std::size_t index = point_index_[v];
    for (std::size_t image = 0; image < symmetries_.size(); ++image)
      image_keys_[image] = image_keys_[image] ^ stone_keys_[(image * 2 + static_cast<std::size_t>(colour)) * points + index];
  }
  /// The side to move changed (the same in every image).
  void toggle_side() noexcept {
    for (std::size_t image = 0; image < symmetries_.size(); ++image) image_keys_[image] = image_keys_[image] ^ side_key_;
  }

  /// The key of the position itself (no symmetry): the proof's set of positions, which must
  /// tell a position from its images (a certificate lists the positions the game reaches).
  const Key& exact() const noexcept { return image_keys_[0]; }
  /// The least key over the images: the table's key.
  Key canonical() const noexcept { return image_keys_[least_image()]; }
  /// Which image gives canonical() (an index into the group).
  std::size_t least_image() const noexcept {
    std::size_t least = 0;
    for (std::size_t image = 1; image < symmetries_.size(); ++image)
      if (image_keys_[image] < image_keys_[least]) least = image;
    return least;
  }
  /// A move of the position seen in its image number `image`, and back: the table keeps moves in
  /// the canonical image's frame, so an entry written by one image serves the others.
  Vertex to_image(std::size_t image, Vertex v) const noexcept {
    return v == optimized::kNoVertex ? v : to_image_[image][v];
  }
  Vertex from_image(std::size_t image, Vertex v) const noexcept {
    return v == optimized::kNoVertex ? v : from_image_[image][v];
  }
  /// The state to save before a move and restore after it (cheaper than undoing the toggles).
  using Saved = std::array<Key, 8>;
  const Saved& save() const noexcept { return image_keys_; }
  void restore(const Saved& saved) noexcept { image_keys_ = saved; }
  std::size_t group_size() const noexcept { return symmetries_.size(); }

 private:
  int size_;
  bool exact_;
  std::vector<int> symmetries_;
  std::array<Key, 8> image_keys_{};  // the current position's key in each image (group_size() used)
  std::vector<Key> stone_keys_;   // [image][colour][row-major point]: what a stone there toggles
  Key side_key_;
  std::vector<std::array<Vertex, Board::kVertices>> to_image_, from_image_;  // move maps per image
  std::array<std::uint16_t, Board::kVertices> point_index_{};               // vertex -> row-major
};

}  // namespace tanbo::solve::weak
