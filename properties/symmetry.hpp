// The symmetries the rules must commute with: the 8 symmetries of the square (dihedral group
// D4) combined with swapping the colours. Applies them to points, positions and move results
// for the metamorphic properties.
#pragma once

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"

namespace tanbo::props {

/// One element of D4 x {keep, swap colours}. `square` bits: 4 = transpose first, then
/// 1 = mirror columns, 2 = mirror rows; the 8 values give the 8 distinct symmetries.
struct Symmetry {
  int square = 0;
  bool swap_colours = false;
};

inline std::string symmetry_name(const Symmetry& s) {
  static const char* const names[8] = {"identity", "mirror-columns", "mirror-rows", "rotate-180",
                                       "transpose", "rotate-90", "rotate-270", "anti-transpose"};
  return std::string(names[s.square & 7]) + (s.swap_colours ? "+swap-colours" : "");
}

inline void showValue(const Symmetry& s, std::ostream& os) { os << symmetry_name(s); }

/// Every symmetry, for exhaustive loops.
inline std::vector<Symmetry> all_symmetries() {
  std::vector<Symmetry> out;
  for (int swap = 0; swap < 2; ++swap)
    for (int sq = 0; sq < 8; ++sq) out.push_back({sq, swap == 1});
  return out;
}

/// Image of `p` on a board of side `n`.
constexpr Point transform(const Symmetry& s, Point p, int n) noexcept {
  if (s.square & 4) p = {p.y, p.x};
  if (s.square & 1) p.x = n - 1 - p.x;
  if (s.square & 2) p.y = n - 1 - p.y;
  return p;
}

inline Color transform(const Symmetry& s, Color c) noexcept { return s.swap_colours ? opponent(c) : c; }

inline Cell transform(const Symmetry& s, Cell c) noexcept {
  if (!s.swap_colours || c == Cell::Empty) return c;
  return c == Cell::Black ? Cell::White : Cell::Black;
}

/// Image of a list of points, sorted row-major (the order engines report points in).
inline std::vector<Point> transform(const Symmetry& s, const std::vector<Point>& pts, int n) {
  std::vector<Point> out;
  out.reserve(pts.size());
  for (const Point p : pts) out.push_back(transform(s, p, n));
  std::sort(out.begin(), out.end());
  return out;
}

/// Image of a position: board and side to move. The variant tag becomes custom-N, since an
/// image of an opening is in general no named opening.
inline Position transform(const Symmetry& s, const Position& pos) {
  const int n = pos.size();
  Position out(n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) out.set(transform(s, Point{x, y}, n), transform(s, pos.at({x, y})));
  out.set_to_move(transform(s, pos.to_move()));
  return out;
}

/// Image of a move result: point, player, removed stones (re-sorted); the removal kind is kept.
inline MoveResult transform(const Symmetry& s, const MoveResult& r, int n) {
  return {transform(s, r.move, n), transform(s, r.player), r.removal, transform(s, r.removed, n)};
}

/// Board and side to move only (the variant tag is not part of the rules' state).
inline bool same_board(const Position& a, const Position& b) {
  return a.size() == b.size() && a.cells() == b.cells() && a.to_move() == b.to_move();
}

}  // namespace tanbo::props
