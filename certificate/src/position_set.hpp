// The checker's memory: every accepted position as an exact key (2 bits per point and the side to
// move, as many 64-bit words as the board needs: 1 for 5x5, 20 for 25x25), numbered in the order
// the lines list them. Open addressing over those numbers, keys in fixed-size chunks (never
// moved, so growing costs no copy of the keys): about 8 * words + 6-12 bytes per position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "tanbo/core/position.hpp"

namespace tanbo::certificate::detail {

class PositionSet {
 public:
  /// For boards of side `size`.
  explicit PositionSet(int size)
      : words_((1 + 2 * static_cast<std::size_t>(size) * static_cast<std::size_t>(size) + 63) / 64) {}

  std::size_t words() const noexcept { return words_; }
  std::size_t size() const noexcept { return count_; }

  /// Writes the key of `p` (words() words): bit 0 the side to move (1: O), then 2 bits per point
  /// row-major (the Cell value: 0 empty, 1 X, 2 O).
  void key(const Position& p, std::uint64_t* out) const noexcept {
    for (std::size_t w = 0; w < words_; ++w) out[w] = 0;
    out[0] = p.to_move() == Color::White ? 1 : 0;
    const std::vector<Cell>& cells = p.cells();
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto v = static_cast<unsigned>(cells[i]);
      const std::size_t bit = 1 + 2 * i;
      if (v & 1u) out[bit / 64] |= std::uint64_t{1} << (bit % 64);
      if (v & 2u) out[(bit + 1) / 64] |= std::uint64_t{1} << ((bit + 1) % 64);
    }
  }

  /// The 0-based number of the key, if it was inserted.
  std::optional<std::size_t> find(const std::uint64_t* key) const noexcept {
    if (slots_.empty()) return std::nullopt;
    for (std::size_t s = slot_of(key);; s = (s + 1) & (slots_.size() - 1)) {
      const std::uint32_t n = slots_[s];
      if (n == 0) return std::nullopt;
      if (equal(stored(n - 1), key)) return n - 1;
    }
  }

  /// Inserts a key not in the set (the caller asked find() first); it gets number size().
  /// @pre size() < 2^32 - 1.
  void insert(const std::uint64_t* key) {
    if ((count_ + 1) * 10 > slots_.size() * 7) grow();
    if (count_ % kChunkKeys == 0) chunks_.push_back(std::make_unique<std::uint64_t[]>(kChunkKeys * words_));
    std::uint64_t* dest = chunks_.back().get() + (count_ % kChunkKeys) * words_;
    for (std::size_t w = 0; w < words_; ++w) dest[w] = key[w];
    std::size_t s = slot_of(key);
    while (slots_[s] != 0) s = (s + 1) & (slots_.size() - 1);
    slots_[s] = static_cast<std::uint32_t>(++count_);
  }

 private:
  static constexpr std::size_t kChunkKeys = 4096;

  const std::uint64_t* stored(std::size_t n) const noexcept {
    return chunks_[n / kChunkKeys].get() + (n % kChunkKeys) * words_;
  }
  bool equal(const std::uint64_t* a, const std::uint64_t* b) const noexcept {
    for (std::size_t w = 0; w < words_; ++w)
      if (a[w] != b[w]) return false;
    return true;
  }
  std::size_t slot_of(const std::uint64_t* key) const noexcept {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (std::size_t w = 0; w < words_; ++w) {
      h ^= key[w];  // splitmix64's finaliser per word: a board's low bits are far from random
      h ^= h >> 31;
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 29;
    }
    return static_cast<std::size_t>(h) & (slots_.size() - 1);
  }
  void grow() {
    slots_.assign(slots_.empty() ? 1024 : slots_.size() * 2, 0);
    for (std::size_t n = 0; n < count_; ++n) {
      std::size_t s = slot_of(stored(n));
      while (slots_[s] != 0) s = (s + 1) & (slots_.size() - 1);
      slots_[s] = static_cast<std::uint32_t>(n + 1);
    }
  }

  std::size_t words_;
  std::size_t count_ = 0;
  std::vector<std::uint32_t> slots_;  // 0: empty; n: the key numbered n - 1
  std::vector<std::unique_ptr<std::uint64_t[]>> chunks_;
};

}  // namespace tanbo::certificate::detail
