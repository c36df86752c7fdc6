// A set of exact position keys, numbered in insertion order: the memory of the certificate
// checker (every accepted position) and of `tanbo_exhaustive --complete` (every reached
// position). A key is any fixed number of 64-bit words that identifies a position exactly (never
// by hash); the caller computes it. Open addressing over the numbers, keys in fixed-size chunks
// (never moved, so growing costs no copy of the keys): about 8 * words + 6-12 bytes per key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/core/mix.hpp"

namespace tanbo {

/// A set of exact position keys of a fixed number of 64-bit words, numbered 0, 1, 2, ... in
/// insertion order; lookups never compare hashes alone.
class PositionSet {
 public:
  /// A set of keys of `words` 64-bit words each (at least 1).
  explicit PositionSet(std::size_t words) : words_(words < 1 ? 1 : words) {}

  std::size_t words() const noexcept { return words_; }  ///< Words per key.
  std::size_t size() const noexcept { return count_; }   ///< Keys inserted.

  /// The 0-based number of `key` (words() words), if it was inserted.
  std::optional<std::size_t> find(const std::uint64_t* key) const noexcept {
    if (slots_.empty()) return std::nullopt;
    for (std::size_t s = slot_of(key);; s = (s + 1) & (slots_.size() - 1)) {
      const std::uint32_t n = slots_[s];
      if (n == 0) return std::nullopt;
      if (equal(stored(n - 1), key)) return n - 1;
    }
  }

  /// Inserts a key not in the set (ask find() first); it gets number size(), which is returned.
  /// @throws std::length_error beyond 2^32 - 1 keys.
  std::size_t insert(const std::uint64_t* key) {
    if (count_ >= 0xffffffffu) throw std::length_error("PositionSet: more than 2^32-1 positions");
    if ((count_ + 1) * 10 > slots_.size() * 7) grow();
    if (count_ % kChunkKeys == 0) chunks_.push_back(std::make_unique<std::uint64_t[]>(kChunkKeys * words_));
    std::uint64_t* dest = chunks_.back().get() + (count_ % kChunkKeys) * words_;
    for (std::size_t w = 0; w < words_; ++w) dest[w] = key[w];
    std::size_t s = slot_of(key);
    while (slots_[s] != 0) s = (s + 1) & (slots_.size() - 1);
    slots_[s] = static_cast<std::uint32_t>(++count_);
    return count_ - 1;
  }

  /// The number of `key`, inserting it first if it is new, and whether it was.
  std::pair<std::size_t, bool> find_or_insert(const std::uint64_t* key) {
    if (const auto n = find(key)) return {*n, false};
    return {insert(key), true};
  }

  /// The key numbered `n` (words() words). @throws std::out_of_range unless n < size().
  const std::uint64_t* key(std::size_t n) const {
    if (n >= count_) throw std::out_of_range("PositionSet: no key numbered " + std::to_string(n));
    return stored(n);
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
    std::uint64_t h = 0;
    for (std::size_t w = 0; w < words_; ++w) h = mix64(h ^ key[w]);  // a board's low bits are far from random
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

}  // namespace tanbo
