// The rules of Tanbo, one small function per rule, transcribed as literally as possible.
// Rule numbers refer to the binding interpretation in docs/rules.md:
//   1 board and point names, 2 opening and turn order, 3 legal placement, 4 roots,
//   5 growth points and bounded roots, 6 removal, 7 end of the game.
// Everything is recomputed from the board on every call; nothing is carried between moves.
// The small per-point rules are inline, because the others call them for every point of the
// board. The functions the game calls on every move allocate nothing: neighbour lists have a fixed
// capacity of four, and the roots of a board are labelled in one pass into fixed-size tables
// (RootMap, GrowthCounts) instead of one flood fill and one vector per root. The vector-returning
// functions (root_at, all_roots, growth_points) are the same rules spelled out for tests, tools
// and docs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::reference {

/// A root (@ref rule4 "rule 4"): a maximal orthogonally connected group of stones of one colour.
struct Root {
  Color color = Color::Black;  ///< Colour of its stones.
  std::vector<Point> stones;   ///< Its stones, row-major order.
  /// Same colour and same stones.
  friend bool operator==(const Root&, const Root&) = default;
};

/// The up-to-four orthogonal neighbours of a point that lie on the board (fixed capacity).
struct Neighbours {
  std::array<Point, 4> points{};  ///< The first `count` entries are the neighbours.
  int count = 0;                  ///< How many there are (2 in a corner, 3 on an edge, else 4).
  const Point* begin() const noexcept { return points.data(); }          ///< First neighbour.
  const Point* end() const noexcept { return points.data() + count; }   ///< Past the last.
  std::size_t size() const noexcept { return static_cast<std::size_t>(count); }  ///< count.
};

/// @ref rule3 "Rule 3": calls `f(q)` for each orthogonal neighbour `q` of `p` that lies on the
/// board, in row-major order (up, left, right, down). Inline: the other rules call it for every
/// point of the board.
template <class F>
inline void for_each_neighbour(const Position& pos, Point p, F&& f) {
  const int n = pos.size();
  const bool column_on = p.x >= 0 && p.x < n, row_on = p.y >= 0 && p.y < n;
  if (column_on && p.y - 1 >= 0 && p.y - 1 < n) f(Point{p.x, p.y - 1});
  if (row_on && p.x - 1 >= 0 && p.x - 1 < n) f(Point{p.x - 1, p.y});
  if (row_on && p.x + 1 >= 0 && p.x + 1 < n) f(Point{p.x + 1, p.y});
  if (column_on && p.y + 1 >= 0 && p.y + 1 < n) f(Point{p.x, p.y + 1});
}

/// @ref rule3 "Rule 3": the up-to-four orthogonal neighbours of `p` that lie on the board.
inline Neighbours neighbours(const Position& pos, Point p) {
  Neighbours out;
  for_each_neighbour(pos, p, [&](Point q) { out.points[static_cast<std::size_t>(out.count++)] = q; });
  return out;
}

/// @ref rule3 "Rule 3": how many stones of colour `c` are orthogonally adjacent to `p`.
inline int friendly_neighbours(const Position& pos, Point p, Color c) {
  int n = 0;
  for_each_neighbour(pos, p, [&](Point q) { n += pos.at(q) == stone(c); });
  return n;
}

/// @ref rule3 "Rule 3": why `c` may not place a stone on `p`, or nullopt if the placement is
/// legal (`p` empty with exactly one adjacent stone of colour `c`). Ignores whose turn it is.
inline std::optional<IllegalReason> placement_problem(const Position& pos, Point p, Color c) {
  if (!on_board(p, pos.size())) return IllegalReason::OffBoard;
  if (pos.at(p) != Cell::Empty) return IllegalReason::Occupied;
  const int friends = friendly_neighbours(pos, p, c);
  if (friends == 0) return IllegalReason::NoFriendlyNeighbour;
  if (friends > 1) return IllegalReason::SeveralFriendlyNeighbours;
  return std::nullopt;
}

/// @ref rule4 "Rule 4": every stone labelled with the root it belongs to. Roots are numbered
/// 0, 1, ... in the row-major order of their first stone.
struct RootMap {
  static constexpr int kNoRoot = -1;                ///< Label of an empty point.
  std::array<std::int16_t, kMaxPoints> label{};        ///< Root of each point (row-major index).
  std::array<Color, kMaxPoints> color{};               ///< Colour of root r.
  std::array<std::int16_t, kMaxPoints> first_stone{};  ///< Index of root r's first stone.
  int count = 0;                                       ///< Number of roots.
  /// The root of the stone on `p`, or kNoRoot if `p` is empty. @pre `p` is on the board.
  int root_of(const Position& pos, Point p) const noexcept { return label[static_cast<std::size_t>(pos.index(p))]; }
};

/// @ref rule4 "Rule 4": labels every root of the board (one flood fill per root, no allocation).
RootMap label_roots(const Position& pos);

/// @ref rule4 "Rule 4": the root containing the stone on `p`. @pre `p` holds a stone.
Root root_at(const Position& pos, Point p);

/// @ref rule4 "Rule 4": every root on the board, ordered by their first stone (row-major).
std::vector<Root> all_roots(const Position& pos);

/// @ref rule5 "Rule 5" at one point, for both colours: `of[c]` is the stone of colour c next to
/// `q` when `q` is empty and touches exactly one stone of colour c (`q` is then a growth point of
/// that stone's root); otherwise nullopt.
struct GrowthAnchors {
  std::array<std::optional<Point>, 2> of;  ///< Indexed by Color.
};

/// @ref rule5 "Rule 5": the growth anchors of `q` (see GrowthAnchors).
inline GrowthAnchors growth_anchors(const Position& pos, Point q) {
  GrowthAnchors out;
  if (pos.at(q) != Cell::Empty) return out;
  int friends[2] = {0, 0};
  for_each_neighbour(pos, q, [&](Point s) {
    if (const Cell cell = pos.at(s); cell != Cell::Empty) {
      const int c = cell == Cell::Black ? 0 : 1;
      ++friends[c];
      out.of[static_cast<std::size_t>(c)] = s;
    }
  });
  for (const int c : {0, 1})
    if (friends[c] != 1) out.of[static_cast<std::size_t>(c)].reset();  // 0 or 2+ stones: no growth point
  return out;
}

/// Number of growth points of each root of a RootMap (index = root number).
using GrowthCounts = std::array<int, kMaxPoints>;

/// @ref rule5 "Rule 5": how many growth points every root has (one pass over the board).
GrowthCounts growth_counts(const Position& pos, const RootMap& roots);

/// @ref rule5 "Rule 5": the growth points of `root`: empty points adjacent to exactly one stone
/// of its colour, that stone belonging to the root. Row-major.
std::vector<Point> growth_points(const Position& pos, const Root& root);

/// @ref rule5 "Rule 5": a root is bounded when it has no growth point.
bool is_bounded(const Position& pos, const Root& root);

/// @ref rule6 "Rule 6": given the position just after the stone on `placed` was added, decides
/// which stones go: the expanded root alone if it is bounded, otherwise every bounded root of both
/// colours.
/// Returns the removal kind and the stones to remove (row-major).
std::pair<Removal, std::vector<Point>> stones_to_remove(const Position& after_placement, Point placed);

/// @ref rule7 "Rule 7": the winner, if one side has no stones left (the side that still has stones).
std::optional<Color> winner(const Position& pos);

/// Why `pos` cannot start a game (a side without stones, a bounded root), or nullopt.
/// The error names the first offending root by its first stone (row-major).
std::optional<InvalidPositionError> position_problem(const Position& pos);

}  // namespace tanbo::reference
