// Generic perft (move-path enumeration) over any tanbo::Engine, shared by the CLI, the tests,
// the benchmarks and embedding programs, so that everyone counts the same thing the same way.
// It is an implementation-independent oracle: two engines that agree on every perft count (and
// on `perft_divide`) agree on every legal-move list along the way.
//
// perft(g, d) = number of move sequences of length d from g, where a node whose game is over is
// a leaf counting 1 whatever depth remains (a finished game is one line of play, not zero).
// perft(g, 0) = 1.
#pragma once

#include <cstdint>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo {

namespace detail {

// The walk itself, by play/undo on `g`, which is back in its original state on return. Both
// engines undo cheaply (the reference engine restores the board it stored before the move).
template <Engine G>
std::uint64_t perft_walk(G& g, int depth) {
  if (depth <= 0 || g.is_over()) return 1;
  // Bulk count at the frontier: each legal move is one leaf, whether or not it ends the game.
  if (depth == 1) return static_cast<std::uint64_t>(g.legal_move_count());
  std::uint64_t total = 0;
  for (const Point p : g.legal_moves()) {
    g.play(p);
    total += perft_walk(g, depth - 1);
    g.undo();
  }
  return total;
}

}  // namespace detail

/// Number of move sequences of length `depth` from `g` (a finished game counts as one leaf).
/// Works on a copy of `g`, so `g` itself is never touched.
template <Engine G>
std::uint64_t perft(const G& g, int depth) {
  G work = g;
  return detail::perft_walk(work, depth);
}

/// One root move and the perft of the position after it (at depth - 1).
struct PerftDivideEntry {
  Point move;           ///< The root move.
  std::uint64_t count;  ///< perft(child, depth - 1).
};

/// Splits perft(g, depth) by root move, in the engine's (row-major) legal-move order. The counts
/// sum to perft(g, depth) whenever depth >= 1 and the game is not over; otherwise the list is
/// empty and perft(g, depth) is 1.
template <Engine G>
std::vector<PerftDivideEntry> perft_divide(const G& g, int depth) {
  std::vector<PerftDivideEntry> out;
  if (depth <= 0 || g.is_over()) return out;
  G work = g;
  for (const Point p : work.legal_moves()) {
    work.play(p);
    out.push_back({p, detail::perft_walk(work, depth - 1)});
    work.undo();
  }
  return out;
}

}  // namespace tanbo
