// Explanations of the rules for front ends (the explorer, notebooks, teaching tools): why a point
// is illegal (rule 3), the roots (rule 4) and their growth points (rule 5). Every answer comes from
// the reference engine's rule functions (tanbo/reference/rules.hpp), never re-derived here, so an
// explanation is the rules text's own reading. Errors: errors.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tanbo/api/game.hpp"
#include "tanbo/core.hpp"

namespace tanbo::api {

/// Why the side to move may or may not play a point.
struct Explanation {
  /// Why the move is illegal (GameOver first, then rule 3), or nullopt if it is legal.
  std::optional<IllegalReason> reason;
  /// Stones of the side to move orthogonally next to the point (rule 3 needs exactly one);
  /// 0 off the board.
  int friendly_neighbours = 0;
  friend bool operator==(const Explanation&, const Explanation&) = default;  ///< Field by field.
};

/// Why the side to move of `game` may (reason nullopt) or may not play `p`. Never throws for
/// an off-board `p`: its reason is OffBoard.
Explanation explain(const AnyGame& game, Point p);

/// A root (rule 4) with its growth points (rule 5).
struct RootInfo {
  Color color = Color::Black;        ///< Colour of its stones.
  std::vector<Point> stones;         ///< Its stones, row-major.
  std::vector<Point> growth_points;  ///< Its growth points, row-major; empty when bounded.
  friend bool operator==(const RootInfo&, const RootInfo&) = default;  ///< Field by field.
};

/// Every root of `pos`, ordered by first stone (row-major).
std::vector<RootInfo> roots(const Position& pos);

/// The root holding the stone on `p`. @throws UsageError "<what>: F1 is not on the board" or
/// "<what>: C3 holds no stone".
RootInfo root_at(const Position& pos, Point p, const char* what = "root_at");

}  // namespace tanbo::api
