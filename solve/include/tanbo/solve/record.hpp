// One record of a strong table: a position class's canonical key and its outcome in the 64-bit
// word the table file holds (the layout is table.cpp's diagram, docs/solutions.md's format). The
// table, its file, the compaction of a solve, the verifier and the strong solver's shared-table
// words all pack and unpack it here, so the word's shifts are written once.
#pragma once

#include <compare>
#include <cstdint>

#include "tanbo/solve/answer.hpp"

namespace tanbo::solve {

/// A record's low byte: its outcome, packed (the win bit and a 7-bit length, at most kMaxLength;
/// table.cpp's diagram). The strong solver's search carries it as it is.
struct PackedOutcome {
  std::uint8_t bits = 0;

  /// The proven outcome `wins` in `length` plies (0..127).
  static constexpr PackedOutcome of(bool wins, int length) noexcept {
    return {static_cast<std::uint8_t>(static_cast<unsigned>(wins) | static_cast<unsigned>(length) << 1)};
  }
  static constexpr PackedOutcome of(const Outcome& o) noexcept { return of(o.wins(), o.length); }
  constexpr bool wins() const noexcept { return (bits & 1u) != 0; }         ///< The side to move wins.
  constexpr int length() const noexcept { return static_cast<int>(bits >> 1); }  ///< Plies to the end.
  constexpr Outcome outcome() const noexcept { return Outcome::of(wins(), length()); }  ///< Unpacked.
  friend constexpr bool operator==(PackedOutcome, PackedOutcome) = default;
};

/// One table record: the canonical key above the packed outcome (table.cpp's diagram), so
/// records sort by key.
struct Record {
  std::uint64_t word = 0;

  /// The record of the position class of canonical key `key` with outcome `outcome`.
  static constexpr Record of(std::uint64_t key, PackedOutcome outcome) noexcept {
    return {key << 8 | outcome.bits};
  }
  static constexpr Record of(std::uint64_t key, const Outcome& outcome) noexcept {
    return of(key, PackedOutcome::of(outcome));
  }
  /// The least record of key `key` (the first a sorted search for it can meet).
  static constexpr Record first_of(std::uint64_t key) noexcept { return {key << 8}; }

  constexpr std::uint64_t key() const noexcept { return word >> 8; }  ///< The canonical key.
  /// The packed outcome (the low byte).
  constexpr PackedOutcome packed() const noexcept { return {static_cast<std::uint8_t>(word & 0xff)}; }
  constexpr Outcome outcome() const noexcept { return packed().outcome(); }  ///< Value and length.
  /// The same key with another outcome.
  constexpr Record with(PackedOutcome outcome) const noexcept { return of(key(), outcome); }
  friend constexpr auto operator<=>(Record, Record) = default;
};

}  // namespace tanbo::solve
