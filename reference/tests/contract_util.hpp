// Shared pieces of the contract tests (test_contract_*.cpp, capi/tests/test_contract_capi.cpp):
// the seeded start positions they run over, a walk through seeded random games that visits
// every position, and the truths derived from the brute-force rules of brute_force.hpp
// (which contains no engine code) in tanbo's own vocabulary.
// In reference/tests: built on the reference engine and brute_force.hpp; every contract test uses
// it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "tanbo/core.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo_test {

/// Several variants, small enough for the reference engine, plus custom starts: White to move,
/// a non-square-lattice custom board and a 4x4 board whose games end within a few moves.
inline std::vector<tanbo::Position> contract_starts() {
  using tanbo::Variant;
  return {tanbo::opening(Variant::lattice(5)),  tanbo::opening(Variant::dense(5)),
          tanbo::opening(Variant::lattice(7)),  tanbo::opening(Variant::dense(7)),
          tanbo::opening(Variant::lattice(9)),  tanbo::Position::parse("X3O/5/5/5/O3X O lattice-5"),
          tanbo::Position::parse("X1O1/4/O1X1/4 X"), tanbo::Position::parse("XOX1/4/1X2/O3 O")};
}

/// The brute-force board of a position (cells copied, side to move).
inline brute::Board to_brute(const tanbo::Position& pos) {
  brute::Board b{pos.size(), {}, pos.to_move() == tanbo::Color::Black ? 1 : 2};
  for (const tanbo::Cell c : pos.cells()) b.cell.push_back(c == tanbo::Cell::Black ? 1 : c == tanbo::Cell::White ? 2 : 0);
  return b;
}

/// Brute-force truth: the mover's legal points, row-major.
inline std::vector<tanbo::Point> brute_legal(const brute::Board& b) {
  std::vector<tanbo::Point> out;
  for (int y = 0; y < b.n; ++y)
    for (int x = 0; x < b.n; ++x)
      if (brute::legal(b, x, y)) out.push_back({x, y});
  return out;
}

/// Brute-force truth: the points of the root through (x, y), row-major.
inline std::vector<tanbo::Point> brute_root(const brute::Board& b, tanbo::Point p) {
  std::vector<tanbo::Point> out;
  for (const int i : brute::root(b, p.x, p.y)) out.push_back({i % b.n, i / b.n});
  std::sort(out.begin(), out.end());
  return out;
}

/// Brute-force truth: the growth points of the root through `p` (rule 5), row-major.
inline std::vector<tanbo::Point> brute_growth(const brute::Board& b, tanbo::Point p) {
  const int c = brute::get(b, p.x, p.y);
  const std::vector<int> group = brute::root(b, p.x, p.y);
  std::vector<tanbo::Point> out;
  for (int y = 0; y < b.n; ++y)
    for (int x = 0; x < b.n; ++x) {
      if (brute::get(b, x, y) != 0 || brute::touching(b, x, y, c) != 1) continue;
      for (int d = 0; d < 4; ++d) {
        const int nx = x + brute::kDx[d], ny = y + brute::kDy[d];
        if (brute::get(b, nx, ny) == c &&
            std::find(group.begin(), group.end(), ny * b.n + nx) != group.end())
          out.push_back({x, y});
      }
    }
  return out;
}

/// Brute-force truth: the stones a move at `m` removes (rule 6), row-major.
inline std::vector<tanbo::Point> brute_removed(const brute::Board& before, tanbo::Point m) {
  brute::Board after = before;
  brute::play(after, m.x, m.y);
  std::vector<tanbo::Point> out;
  for (int i = 0; i < before.n * before.n; ++i) {
    const bool was = before.cell[static_cast<std::size_t>(i)] != 0 || i == m.y * before.n + m.x;
    if (was && after.cell[static_cast<std::size_t>(i)] == 0) out.push_back({i % before.n, i / before.n});
  }
  return out;
}

/// Plays `games` seeded random games (game i uses Rng(seed + i), moves chosen as
/// legal_moves()[below(n)] on the reference engine) from `start` and calls
/// `visit(const reference::Game& g)` on every position, the start and the final one included.
template <typename Visit>
long long walk_random_games(const tanbo::Position& start, std::uint64_t seed, int games, Visit&& visit) {
  long long positions = 0;
  for (int i = 0; i < games; ++i) {
    tanbo::Rng rng(seed + static_cast<std::uint64_t>(i));
    tanbo::reference::Game g(start);
    visit(g);
    ++positions;
    while (!g.is_over()) {
      const std::vector<tanbo::Point> legal = g.legal_moves();
      g.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      visit(g);
      ++positions;
    }
  }
  return positions;
}

}  // namespace tanbo_test
