// The rules of Tanbo, one small function per rule, transcribed as literally as possible.
// Rule numbers refer to the binding interpretation in docs/rules.md (issue "Foundation"):
//   1 board and point names, 2 opening and turn order, 3 legal placement, 4 roots,
//   5 growth points and bounded roots, 6 removal, 7 end of the game.
// Everything is recomputed from scratch on every call: clarity over speed.
#pragma once

#include <optional>
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

/// @ref rule3 "Rule 3": the up-to-four orthogonal neighbours of `p` that lie on the board.
std::vector<Point> neighbours(const Position& pos, Point p);

/// @ref rule3 "Rule 3": how many stones of colour `c` are orthogonally adjacent to `p`.
int friendly_neighbours(const Position& pos, Point p, Color c);

/// @ref rule3 "Rule 3": why `c` may not place a stone on `p`, or nullopt if the placement is
/// legal (`p` empty with exactly one adjacent stone of colour `c`). Ignores whose turn it is.
std::optional<IllegalReason> placement_problem(const Position& pos, Point p, Color c);

/// @ref rule4 "Rule 4": the root containing the stone on `p` (flood fill). @pre `p` holds a stone.
Root root_at(const Position& pos, Point p);

/// @ref rule4 "Rule 4": every root on the board, ordered by their first stone (row-major).
std::vector<Root> all_roots(const Position& pos);

/// @ref rule5 "Rule 5": the growth points of `root`: empty points adjacent to exactly one stone
/// of its colour, that stone belonging to the root.
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
