// Generic perft (move-path enumeration) over any tanbo::Engine, shared by the CLI, the tests and
// the benchmarks so that everyone counts the same thing the same way.
//
// perft(g, d) = number of move sequences of length d from g, where a node whose game is over is
// a leaf counting 1 whatever depth remains (a finished game is one line of play, not zero).
// perft(g, 0) = 1.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/types.hpp"

// If the optimized engine is on the include path (the including target links tanbo::optimized),
// perft walks it with play/undo; see perft_uses_undo below.
#if __has_include("tanbo/optimized/game.hpp")
#include "tanbo/optimized/game.hpp"
#define TANBO_PERFT_KNOWS_OPTIMIZED 1
#endif

namespace tanbo {

/// Whether perft() walks engine `G` with play/undo (true) or by copying the game per move
/// (false). Copying is the default because the reference engine's undo() replays the whole game
/// from the start, which is far slower than copying its board; engines whose undo() is cheap
/// opt in with a specialization.
template <typename G>
inline constexpr bool perft_uses_undo = false;

#ifdef TANBO_PERFT_KNOWS_OPTIMIZED
template <int MaxN>
inline constexpr bool perft_uses_undo<optimized::BasicGame<MaxN>> = true;
#endif

/// perft by copying: each child is a fresh copy of `g` with one move played.
template <Engine G>
std::uint64_t perft_copy(const G& g, int depth) {
  if (depth <= 0 || g.is_over()) return 1;
  // Bulk count at the frontier: each legal move is one leaf, whether or not it ends the game.
  if (depth == 1) return static_cast<std::uint64_t>(g.legal_move_count());
  std::uint64_t total = 0;
  for (const Point p : g.legal_moves()) {
    G child = g;
    child.play(p);
    total += perft_copy(child, depth - 1);
  }
  return total;
}

/// perft by play/undo on `g` itself; `g` is back in its original state on return.
template <Engine G>
std::uint64_t perft_undo(G& g, int depth) {
  if (depth <= 0 || g.is_over()) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(g.legal_move_count());
  std::uint64_t total = 0;
  for (const Point p : g.legal_moves()) {
    g.play(p);
    total += perft_undo(g, depth - 1);
    g.undo();
  }
  return total;
}

/// perft with the walking strategy chosen by perft_uses_undo<G>.
template <Engine G>
std::uint64_t perft(const G& g, int depth) {
  if constexpr (perft_uses_undo<G>) {
    G work = g;
    return perft_undo(work, depth);
  } else {
    return perft_copy(g, depth);
  }
}

/// One root move and the perft of the position after it (at depth - 1).
struct PerftDivideEntry {
  Point move;            ///< The root move.
  std::uint64_t count;   ///< perft(child, depth - 1).
};

/// Splits perft(g, depth) by root move, in the engine's (row-major) legal-move order. The counts
/// sum to perft(g, depth) whenever depth >= 1 and the game is not over; otherwise the list is
/// empty and perft(g, depth) is 1.
template <Engine G>
std::vector<PerftDivideEntry> perft_divide(const G& g, int depth) {
  std::vector<PerftDivideEntry> out;
  if (depth <= 0 || g.is_over()) return out;
  for (const Point p : g.legal_moves()) {
    G child = g;
    child.play(p);
    out.push_back({p, perft(child, depth - 1)});
  }
  return out;
}

}  // namespace tanbo
