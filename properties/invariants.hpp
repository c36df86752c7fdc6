// Rule consequences checked on positions and moves, computed with the reference rule functions
// from the board alone (so they apply to either engine): root structure, no bounded root at the
// start of a turn, and the stone/root accounting of a move. Each returns "" when all hold,
// otherwise a description of the first violation.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "tanbo/core/notation.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::props {

/// Roots partition the stones; two roots of one colour never touch (maximality); the stones of
/// each root form a tree (same-root adjacencies = stones - 1: roots grow one leaf at a time).
inline std::string root_structure_problem(const Position& pos) {
  const int n = pos.size();
  std::vector<int> owner(pos.cells().size(), -1);
  const std::vector<reference::Root> roots = reference::all_roots(pos);
  for (std::size_t i = 0; i < roots.size(); ++i)
    for (const Point s : roots[i].stones) {
      auto& o = owner[static_cast<std::size_t>(pos.index(s))];
      if (o != -1) return "stone " + point_name(s) + " belongs to two roots";
      if (pos.at(s) != stone(roots[i].color)) return "root stone " + point_name(s) + " has the wrong colour";
      o = static_cast<int>(i);
    }
  std::vector<int> edges(roots.size(), 0);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const Point p{x, y};
      if (pos.at(p) == Cell::Empty) continue;
      const int r = owner[static_cast<std::size_t>(pos.index(p))];
      if (r < 0) return "stone " + point_name(p) + " is in no root";
      for (const Point q : {Point{x + 1, y}, Point{x, y + 1}}) {  // each edge once
        if (!on_board(q, n) || pos.at(q) != pos.at(p)) continue;
        const int rq = owner[static_cast<std::size_t>(pos.index(q))];
        if (rq != r) return "roots touching at " + point_name(p) + "-" + point_name(q);
        ++edges[static_cast<std::size_t>(r)];
      }
    }
  for (std::size_t i = 0; i < roots.size(); ++i)
    if (edges[i] != static_cast<int>(roots[i].stones.size()) - 1)
      return "root at " + point_name(roots[i].stones.front()) + " has " + std::to_string(roots[i].stones.size()) +
             " stones but " + std::to_string(edges[i]) + " internal adjacencies (not a tree)";
  return {};
}

/// At the start of every turn no root is bounded, and the side to move has a legal move exactly
/// when the game is not over (it still has stones, so some root has a growth point).
inline std::string turn_start_problem(const Position& pos, int legal_move_count, bool is_over) {
  for (const reference::Root& r : reference::all_roots(pos))
    if (reference::is_bounded(pos, r))
      return std::string("root of ") + color_char(r.color) + " at " + point_name(r.stones.front()) +
             " is bounded at the start of a turn";
  const bool over = pos.count(Color::Black) == 0 || pos.count(Color::White) == 0;
  if (over != is_over) return "is_over() disagrees with the stone counts";
  if (pos.count(Color::Black) == 0 && pos.count(Color::White) == 0) return "both sides are empty";
  if (!over && legal_move_count == 0) return "the side to move has stones but no legal move";
  if (over && legal_move_count != 0) return "legal moves after the game ended";
  return {};
}

/// Stone and root accounting of the move `result` (played from `before`, giving `after`):
/// without removal the mover gains exactly one stone and no root count changes; a removal
/// removes whole roots of the position after placement (exactly the expanded root for
/// ExpandedRoot); root counts never increase; a move never empties both sides.
inline std::string move_accounting_problem(const Position& before, const MoveResult& r,
                                           const Position& after) {
  const Color mover = r.player;
  if (mover != before.to_move()) return "last_result().player is not the side that moved";
  if (after.to_move() != opponent(mover)) return "the turn did not pass";
  if (before.at(r.move) != Cell::Empty) return "the move was played on an occupied point";
  Position placed = before;
  placed.set(r.move, stone(mover));
  const std::vector<reference::Root> roots_before = reference::all_roots(before);
  const std::vector<reference::Root> roots_placed = reference::all_roots(placed);
  if (roots_placed.size() != roots_before.size()) return "placing the stone changed the root count";
  std::vector<Point> removed = r.removed;
  if (!std::is_sorted(removed.begin(), removed.end())) return "removed stones are not row-major";
  if (std::adjacent_find(removed.begin(), removed.end()) != removed.end()) return "a stone is removed twice";
  // Which roots of the placed position were removed: each wholly or not at all.
  std::size_t removed_roots = 0, covered = 0;
  bool expanded_removed = false;
  for (const reference::Root& root : roots_placed) {
    std::size_t in = 0;
    for (const Point s : root.stones) in += std::binary_search(removed.begin(), removed.end(), s);
    if (in != 0 && in != root.stones.size())
      return "root at " + point_name(root.stones.front()) + " was removed only in part";
    if (in == 0) continue;
    ++removed_roots;
    covered += in;
    if (std::binary_search(root.stones.begin(), root.stones.end(), r.move)) expanded_removed = true;
  }
  if (covered != removed.size()) return "a removed stone was not on the board";
  switch (r.removal) {
    case Removal::None:
      if (!removed.empty()) return "stones removed but the removal kind is none";
      if (after.count(mover) != before.count(mover) + 1) return "mover did not gain exactly one stone";
      if (after.count(opponent(mover)) != before.count(opponent(mover))) return "opponent stone count changed";
      break;
    case Removal::ExpandedRoot:
      if (removed_roots != 1 || !expanded_removed) return "expanded-root removal removed other roots";
      break;
    case Removal::BoundedRoots:
      if (removed_roots == 0) return "bounded-roots removal removed nothing";
      if (expanded_removed) return "bounded-roots removal removed the expanded root";
      break;
  }
  for (int y = 0; y < before.size(); ++y)
    for (int x = 0; x < before.size(); ++x) {
      const Point p{x, y};
      const bool gone = std::binary_search(removed.begin(), removed.end(), p);
      if (after.at(p) != (gone ? Cell::Empty : placed.at(p)))
        return "the board after the move is not placement minus removed stones at " + point_name(p);
    }
  const std::vector<reference::Root> roots_after = reference::all_roots(after);
  if (roots_after.size() != roots_placed.size() - removed_roots)
    return "root count after the move is not the count before minus the removed roots";
  for (const Color c : {Color::Black, Color::White}) {
    int removed_c = 0;
    for (const Point s : removed) removed_c += placed.at(s) == stone(c);
    if (after.count(c) != placed.count(c) - removed_c) return "stone counts do not match the removed stones";
  }
  if (after.count(Color::Black) == 0 && after.count(Color::White) == 0) return "the move emptied both sides";
  return {};
}

/// Number of roots on the board (for the game-length bound roots0 * (N^2 + 1)).
inline int root_count(const Position& pos) { return static_cast<int>(reference::all_roots(pos).size()); }

}  // namespace tanbo::props
