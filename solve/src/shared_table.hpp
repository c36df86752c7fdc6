// The strong solver's hash table, shared by its threads without locks, and the layout of its
// words. Each word packs a canonical key (bits 0..50), the value (51), the length (52..58),
// "done" (59) and "busy" (60): threads claim a position by a compare-and-swap of a busy word into
// an empty slot and publish it by a plain store of its done word, which every thread computes
// identically. Plain words accessed through the compilers' __atomic builtins (what
// std::atomic_ref does; libc++ 14 and Emscripten 3.1.6 lack atomic_ref), so the array can be
// compacted into the sorted records in place at the end (records.hpp). The doubling is here; when
// the threads do it is the barrier's business (solve_state.hpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>

#include "tanbo/solve/key.hpp"
#include "tanbo/solve/record.hpp"
#include "zeroed_words.hpp"

namespace tanbo::solve::strong {

inline constexpr int kValueShift = kKeyBits;  // 51: value, 52..58: length
inline constexpr std::uint64_t kDone = std::uint64_t{1} << 59;
inline constexpr std::uint64_t kBusy = std::uint64_t{1} << 60;

// A node's result is a record's packed outcome (record.hpp), held in bits 51..58 of its word.
constexpr PackedOutcome outcome_of(std::uint64_t word) { return {static_cast<std::uint8_t>(word >> kValueShift)}; }
constexpr std::uint64_t done_word(std::uint64_t key, PackedOutcome result) {
  return key | static_cast<std::uint64_t>(result.bits) << kValueShift | kDone;
}

__extension__ typedef unsigned __int128 Uint128;  // for a multiply-high (GCC and Clang)

// The low bits of a board key are far from random, so a key is mixed before it picks a slot. A
// two-multiply mixer in splitmix64's manner, but not core's mix64 (core/mix.hpp): the strong
// solver's table speed was measured with this one, and mix64 would move every key's slot (a
// deliberate copy, docs/design.md).
inline std::uint64_t mix(std::uint64_t key) noexcept {
  key ^= key >> 31;
  key *= 0x9e3779b97f4a7c15ull;
  key ^= key >> 29;
  key *= 0xbf58476d1ce4e5b9ull;
  key ^= key >> 32;
  return key;
}

// The slot a key hashes to in a table of `slots` slots (any count: a multiply-high, not a mask).
inline std::size_t home_slot(std::uint64_t key, std::size_t slots) noexcept {
  return static_cast<std::size_t>((static_cast<Uint128>(mix(key)) * slots) >> 64);
}

// Open addressing with linear probing; 0 = an empty slot.
class SharedTable {
 public:
  explicit SharedTable(std::uint64_t slots) : slots_(static_cast<std::size_t>(slots)) {}
  std::uint64_t capacity() const noexcept { return slots_.size(); }

  // Asks the cache for `key`'s home slot ahead of find() or insert().
  void prefetch(std::uint64_t key) const noexcept { __builtin_prefetch(slots_.data() + home(key)); }
  // The word holding `key`, or 0 if absent.
  std::uint64_t find(std::uint64_t key) {
    for (std::size_t i = home(key), probes = 0;; i = next(i), full(++probes)) {
      const std::uint64_t word = load(i);
      if (word == 0 || (word & kKeyMask) == key) return word;
    }
  }
  // Inserts `word` (its key absent) or returns the word already there with its key (0 if inserted).
  std::uint64_t insert(std::uint64_t word) {
    const std::uint64_t key = word & kKeyMask;
    for (std::size_t i = home(key), probes = 0;; i = next(i), full(++probes)) {
      std::uint64_t there = load(i);
      if (there == 0) {
        if (__atomic_compare_exchange_n(&slots_[i], &there, word, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
          return 0;
        // `there` now holds what another thread wrote
      }
      if ((there & kKeyMask) == key) return there;
    }
  }
  // Stores the final word of `key`; returns true if it inserted the key (it was absent).
  bool publish(std::uint64_t word) {
    const std::uint64_t key = word & kKeyMask;
    for (std::size_t i = home(key), probes = 0;; i = next(i), full(++probes)) {
      std::uint64_t there = load(i);
      if (there == 0) {
        if (__atomic_compare_exchange_n(&slots_[i], &there, word, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
          return true;
      }
      if ((there & kKeyMask) == key) {
        __atomic_store_n(&slots_[i], word, __ATOMIC_RELEASE);
        return false;
      }
    }
  }
  // Doubling, by every thread together while none touches the table otherwise: begin_grow()
  // allocates the new array (one thread), rehash() moves the old words chunk by chunk (each thread
  // takes chunks; compare-and-swap into the new array), end_grow() makes it the table (one thread).
  void begin_grow() {
    ZeroedWords(slots_.size() * 2).swap(bigger_);
    next_chunk_.store(0);
  }
  void rehash() noexcept {
    constexpr std::size_t kChunkSlots = std::size_t{1} << 15;
    for (std::size_t chunk; (chunk = next_chunk_.fetch_add(1)) * kChunkSlots < slots_.size();) {
      const std::size_t end = std::min(slots_.size(), (chunk + 1) * kChunkSlots);
      for (std::size_t j = chunk * kChunkSlots; j < end; ++j)
        if (slots_[j] != 0) move_to_bigger(slots_[j]);
    }
  }
  void end_grow() {
    slots_.swap(bigger_);
    ZeroedWords().swap(bigger_);
  }
  ZeroedWords& words() noexcept { return slots_; }

 private:
  std::size_t home(std::uint64_t key) const noexcept { return home_slot(key, slots_.size()); }
  std::size_t next(std::size_t i) const noexcept { return i + 1 == slots_.size() ? 0 : i + 1; }
  // A probe that went round the whole table (growth keeps it at most 3/4 full: a bug).
  void full(std::size_t probes) const {
    if (probes > slots_.size()) [[unlikely]]
      throw std::logic_error("strong solver: the hash table is full");
  }
  std::uint64_t load(std::size_t i) noexcept { return __atomic_load_n(&slots_[i], __ATOMIC_ACQUIRE); }
  void move_to_bigger(std::uint64_t word) noexcept {
    const std::size_t size = bigger_.size();
    for (std::size_t i = home_slot(word & kKeyMask, size);; i = i + 1 == size ? 0 : i + 1) {
      std::uint64_t empty = 0;
      if (__atomic_compare_exchange_n(&bigger_[i], &empty, word, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return;
    }
  }

  ZeroedWords slots_;
  ZeroedWords bigger_;                      // the doubled array while growing
  std::atomic<std::size_t> next_chunk_{0};  // the next chunk of slots_ to rehash
};

}  // namespace tanbo::solve::strong
