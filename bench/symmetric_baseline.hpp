// The second baseline of the strong solver's benchmark: the plain symmetric solver a careful
// programmer writes in an afternoon, to keep tanbo's speed figures honest (the unordered_map
// baseline is soft: it has no symmetry and a node per position). Written apart from solve/ on
// purpose and sharing none of its code: memoized negamax on the reference engine (flood-fill
// roots from the board after every move), each position keyed by the least base-3 number of its
// board over the start's symmetries, one flat table of 64-bit words allocated once (open
// addressing, linear probing; its size is given, never grown), one thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo::bench {

/// The negamax step both baselines share: the value byte (bit 0: the side to move wins; bits 1..7:
/// the perfect-play length) of `game`'s position, not over, from its children's bytes, each found
/// by `solve_child` on the game after the move: the fastest win, else the longest defence.
template <class SolveChild>
std::uint8_t negamax_node(reference::Game& game, SolveChild&& solve_child) {
  bool wins = false;
  int fastest = 1000, slowest = 0;
  for (const Point move : game.legal_moves()) {
    game.play(move);
    const std::uint8_t child = solve_child(game);
    game.undo();
    const int length = (child >> 1) + 1;
    if ((child & 1) == 0) {
      wins = true;
      fastest = std::min(fastest, length);
    } else {
      slowest = std::max(slowest, length);
    }
  }
  return static_cast<std::uint8_t>(wins ? 1 | fastest << 1 : slowest << 1);
}

class SymmetricBaseline {
 public:
  // `slots`: the table's size, fixed (it must exceed the start's position classes).
  SymmetricBaseline(const Position& start, std::uint64_t slots) : n_(start.size()), table_(slots, 0) {
    for (int s = 0; s < 8; ++s) {  // bit 4: transpose, bit 1: mirror x, bit 2: mirror y
      std::vector<int> map(static_cast<std::size_t>(n_ * n_));
      bool fixes_start = true;
      for (int y = 0; y < n_; ++y)
        for (int x = 0; x < n_; ++x) {
          int tx = s & 4 ? y : x, ty = s & 4 ? x : y;
          if (s & 1) tx = n_ - 1 - tx;
          if (s & 2) ty = n_ - 1 - ty;
          map[static_cast<std::size_t>(y * n_ + x)] = ty * n_ + tx;
          fixes_start = fixes_start && start.at({x, y}) == start.at({tx, ty});
        }
      if (fixes_start) maps_.push_back(std::move(map));
    }
  }

  // Bit 0: the side to move wins; bits 1..7: the perfect-play length.
  std::uint8_t solve(reference::Game& game) {
    const std::uint64_t key = least_key(game.board());
    std::uint64_t& slot = find(key);
    if (slot != 0) return static_cast<std::uint8_t>(slot >> kKeyBits);
    std::uint8_t out;
    if (game.is_over()) {
      out = *game.winner() == game.to_move() ? 1 : 0;
    } else {
      out = negamax_node(game, [this](reference::Game& child) { return solve(child); });
    }
    // Found again: while the children were solved, one of them may have taken the empty slot.
    find(key) = (key + 1) | static_cast<std::uint64_t>(out) << kKeyBits;
    ++classes_;
    return out;
  }

  std::uint64_t classes() const noexcept { return classes_; }
  std::uint64_t table_bytes() const noexcept { return table_.size() * sizeof(std::uint64_t); }
  // Positions: each class's orbit (the images of its board that differ) summed.
  std::uint64_t positions() const {
    std::uint64_t total = 0;
    for (const std::uint64_t word : table_) {
      if (word == 0) continue;
      std::vector<std::uint64_t> images;  // the distinct ones
      const std::uint64_t key = (word & kKeyMask) - 1;
      for (const auto& map : maps_) {
        const std::uint64_t one = image(key, map);
        if (std::find(images.begin(), images.end(), one) == images.end()) images.push_back(one);
      }
      total += images.size();
    }
    return total;
  }

 private:
  static constexpr int kKeyBits = 42;  // 3^25 * 2 < 2^42
  static constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << kKeyBits) - 1;

  // The board in base 3 (row-major, point i is digit i) and the side to move as the top digit.
  std::uint64_t least_key(const Position& pos) const {
    std::uint64_t side = pos.to_move() == Color::White ? 1 : 0, best = ~std::uint64_t{0};
    for (const auto& map : maps_) {
      std::uint64_t key = side;
      for (int i = n_ * n_ - 1; i >= 0; --i) key = key * 3 + static_cast<std::uint64_t>(pos.cells()[static_cast<std::size_t>(map[static_cast<std::size_t>(i)])]);
      best = std::min(best, key);
    }
    return best;
  }
  // The key of an image of `key`'s board: digit i of the image is digit map[i] of `key` (the
  // images over the group are the same whichever way a map is read).
  std::uint64_t image(std::uint64_t key, const std::vector<int>& map) const {
    std::uint64_t digits[25];
    for (int i = 0; i < n_ * n_; ++i, key /= 3) digits[i] = key % 3;
    std::uint64_t out = key;  // the side digit
    for (int i = n_ * n_ - 1; i >= 0; --i) out = out * 3 + digits[map[static_cast<std::size_t>(i)]];
    return out;
  }
  std::uint64_t& find(std::uint64_t key) {
    const std::uint64_t stored = key + 1;  // 0 is an empty slot
    std::size_t i = static_cast<std::size_t>((stored * 0x9e3779b97f4a7c15ull >> 20) % table_.size());
    for (std::size_t probes = 0; table_[i] != 0 && (table_[i] & kKeyMask) != stored; i = (i + 1) % table_.size())
      if (++probes == table_.size()) throw std::runtime_error("symmetric baseline: the table is full");
    return table_[i];
  }

  int n_;
  std::vector<std::vector<int>> maps_;  // each symmetry fixing the start: point i goes to map[i]
  std::vector<std::uint64_t> table_;
  std::uint64_t classes_ = 0;
};

}  // namespace tanbo::bench
