// The weak solver's transposition table, one template for both searches (alpha-beta's bounds and
// df-pn's proof numbers), so the replacement scheme is written once.
//
// Why two tiers: a bucket is two 32-byte entries, one 64-byte cache line. The first slot keeps
// the entry that is worth most - a proven one (its value settled) before an unproven one, then
// the one whose search visited more nodes - and the second slot takes whatever the first does
// not keep, so the most recent work is never lost to an old large entry. A proven entry is never
// evicted for an unproven one: when a table is full, settling a subtree again may cost a whole
// search, while an unproven entry only holds numbers that steer it. (The old scheme, "replace
// the smaller of the two", evicted proofs once both slots of a bucket were taken.)
//
// Entries are found by key (weak_keys.hpp: canonical under the root's symmetries) and bucketed
// by the key's mixed bits, so a position and its images share one bucket.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

#include "weak_keys.hpp"

namespace tanbo::solve::weak {

/// An entry: a key, what the search knows of it (Payload, with `bool proven() const`), and the
/// size class (bit width of the node count) of the search that produced it.
template <class Payload>
struct TableEntry {
  Key key;
  Payload data{};
  std::uint8_t work = 0;
  bool used = false;
};

/// 2^log2 entries in buckets of two, allocated when first written.
template <class Payload>
class TranspositionTable {
 public:
  explicit TranspositionTable(int log2) : mask_((std::size_t{1} << log2) - 1) {}

  bool allocated() const noexcept { return !entries_.empty(); }
  std::size_t capacity() const noexcept { return mask_ + 1; }
  long long used() const noexcept { return used_; }

  /// What the table knows of `key`, or nullptr.
  const Payload* find(const Key& key) const noexcept {
    if (entries_.empty()) return nullptr;
    const std::size_t first = bucket(key);
    for (std::size_t slot = first; slot < first + 2; ++slot)
      if (entries_[slot].used && entries_[slot].key == key) return &entries_[slot].data;
    return nullptr;
  }
  /// Starts loading `key`'s bucket (the reads of a large table are cache misses).
  void prefetch(const Key& key) const noexcept {
    if (!entries_.empty()) __builtin_prefetch(&entries_[bucket(key)]);
  }

  /// Records what a search of `work` nodes found of `key`: merged into the entry by
  /// `merge(Payload& old)` when the key is in the table, else `fresh` is placed by the two-tier
  /// rule (it may be dropped when both slots hold proofs and it is none).
  template <class Merge>
  void store(const Key& key, const Payload& fresh, long long work, Merge merge) {
    if (entries_.empty()) entries_.resize(mask_ + 1);
    const auto size_class = static_cast<std::uint8_t>(std::bit_width(static_cast<std::uint64_t>(work)));
    const std::size_t first = bucket(key);
    Entry& keep = entries_[first];
    Entry& recent = entries_[first + 1];
    for (Entry* e : {&keep, &recent})
      if (e->used && e->key == key) {
        merge(e->data);
        e->work = std::max(e->work, size_class);
        if (e == &recent && outranks(recent, keep)) std::swap(keep, recent);
        return;
      }
    const Entry entry{key, fresh, size_class, true};
    if (!keep.used || !outranks(keep, entry)) {
      if (keep.used) place_recent(recent, keep);
      else ++used_;
      keep = entry;
      return;
    }
    place_recent(recent, entry);
  }

 private:
  using Entry = TableEntry<Payload>;
  static_assert(sizeof(Entry) <= 32, "two entries per 64-byte bucket");

  std::size_t bucket(const Key& key) const noexcept {
    return static_cast<std::size_t>(key.mixed() & mask_) & ~std::size_t{1};
  }
  // Is x worth more than y: proven first, then the larger search.
  static bool outranks(const Entry& x, const Entry& y) noexcept {
    const bool x_proven = x.data.proven(), y_proven = y.data.proven();
    return x_proven != y_proven ? x_proven : x.work > y.work;
  }
  // The second slot takes `entry` unless it holds a proof and `entry` does not.
  void place_recent(Entry& recent, const Entry& entry) noexcept {
    if (recent.used && recent.data.proven() && !entry.data.proven()) return;
    if (!recent.used) ++used_;
    recent = entry;
  }

  std::vector<Entry> entries_;
  std::size_t mask_;
  long long used_ = 0;
};

}  // namespace tanbo::solve::weak
