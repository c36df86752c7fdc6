// The one writer of the observation planes (observation.hpp's six: own stones, opponent stones,
// empty, own moves, opponent moves, X to move), shared by observation_planes (a game on either
// engine) and the vector batch (its boards, whole or point by point), and their one source of
// both sides' move planes: the optimized board's growth test (rule 3, is_growth_vertex), the
// waiting side's moves included. Inlined into the batch's per-point writes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "tanbo/core.hpp"

namespace tanbo::env {

/// Writes the planes of one board (6 * nn values of T, plane-major, point k = y * N + x) as seen
/// by `side`. T is float or std::uint8_t.
template <typename T>
class PlaneWriter {
 public:
  PlaneWriter(T* planes, std::size_t nn, Color side) noexcept
      : planes_(planes), own_moves_(planes + 3 * nn), their_moves_(planes + 4 * nn), nn_(nn), side_(side),
        own_(stone(side)) {}

  /// A plane's 0 or 1: for float the bits of 1.0f times the flag (a multiply where the
  /// conversion from an integer takes a dependency-breaking zeroing and a convert). memcpy, not
  /// std::bit_cast: Emscripten 3.1.6's libc++ has none (the same single move once compiled).
  [[gnu::always_inline]] static T value(bool on) noexcept {
    if constexpr (std::is_same_v<T, float>) {
      constexpr std::uint32_t kOneBits = 0x3f800000u;  // 1.0f
      static_assert(sizeof(float) == sizeof kOneBits);
      const std::uint32_t bits = static_cast<std::uint32_t>(on) * kOneBits;
      float out;
      std::memcpy(&out, &bits, sizeof out);
      return out;
    } else {
      return static_cast<T>(on);
    }
  }

  /// Planes 0-2 at point k, from what the point holds.
  [[gnu::always_inline]] void contents(std::size_t k, Cell c) const noexcept {
    planes_[k] = value(c == own_);
    planes_[nn_ + k] = value(c != own_ && c != Cell::Empty);
    planes_[2 * nn_ + k] = value(c == Cell::Empty);
  }
  /// Planes 3-4 at point k: whether the viewer and its opponent could place a stone there.
  [[gnu::always_inline]] void moves(std::size_t k, bool own_move, bool their_move) const noexcept {
    own_moves_[k] = value(own_move);
    their_moves_[k] = value(their_move);
  }
  /// Planes 3-4 empty: the game is over (or the viewer's episode ended).
  void no_moves() const noexcept { std::fill_n(planes_ + 3 * nn_, 2 * nn_, value(false)); }
  /// Plane 5: all 1 when X is to move, else all 0.
  void x_to_move(bool x) const noexcept { std::fill_n(planes_ + 5 * nn_, nn_, value(x)); }

  /// Every plane of optimized board `b` (vertex[k]: point k's vertex): the viewer's moves when
  /// `own_live` (also written to `mask` when it is not null), the opponent's while the game runs,
  /// plane 5 from `x_moves`.
  template <class Board, class Vertex>
  void whole(const Board& b, const Vertex* vertex, bool own_live, bool x_moves, std::int8_t* mask) const noexcept {
    const bool running = !b.is_over();
    const Color them = opponent(side_);
    for (std::size_t k = 0; k < nn_; ++k) {
      const Vertex v = vertex[k];
      const bool mine = own_live && b.is_growth_vertex(side_, v);
      if (mask != nullptr) mask[k] = std::int8_t(mine);
      contents(k, b.at_vertex(v));
      moves(k, mine, running && b.is_growth_vertex(them, v));
    }
    x_to_move(x_moves);
  }

 private:
  T* planes_;
  T* own_moves_;    // plane 3
  T* their_moves_;  // plane 4
  std::size_t nn_;
  Color side_;
  Cell own_;
};

}  // namespace tanbo::env
