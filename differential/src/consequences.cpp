// The board and move consequences of the rule-consequence oracle (consequences.hpp), computed
// with the reference rule functions from the boards alone.
#include "tanbo/differential/consequences.hpp"

#include <algorithm>

namespace tanbo::differential {
namespace {

std::string name(Color c) { return std::string(1, color_char(c)); }

// Each root is a tree: its same-root adjacencies number its stones minus one (roots grow one
// leaf at a time). That the roots partition the stones into maximal groups is how
// reference::all_roots builds them, so it is not checked again here.
std::optional<std::string> roots_are_trees(const Position& pos, const std::vector<reference::Root>& roots) {
  std::vector<int> owner(pos.cells().size(), -1);
  for (std::size_t i = 0; i < roots.size(); ++i)
    for (const Point s : roots[i].stones) owner[static_cast<std::size_t>(pos.index(s))] = static_cast<int>(i);
  std::vector<int> edges(roots.size(), 0);
  const int n = pos.size();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const Point p{x, y};
      if (pos.at(p) == Cell::Empty) continue;
      for (const Point q : {Point{x + 1, y}, Point{x, y + 1}})  // each adjacency once
        if (on_board(q, n) && pos.at(q) == pos.at(p)) ++edges[static_cast<std::size_t>(owner[static_cast<std::size_t>(pos.index(p))])];
    }
  for (std::size_t i = 0; i < roots.size(); ++i)
    if (edges[i] != static_cast<int>(roots[i].stones.size()) - 1)
      return "root at " + point_name(roots[i].stones.front()) + " has " + std::to_string(roots[i].stones.size()) +
             " stones but " + std::to_string(edges[i]) + " internal adjacencies (not a tree)";
  return std::nullopt;
}

}  // namespace

int root_count(const Position& pos) { return static_cast<int>(reference::all_roots(pos).size()); }

std::vector<Point> rules_legal_moves(const Position& pos) {
  std::vector<Point> out;
  if (pos.count(Color::Black) == 0 || pos.count(Color::White) == 0) return out;
  for (const reference::Root& r : reference::all_roots(pos))
    if (r.color == pos.to_move())
      for (const Point p : reference::growth_points(pos, r)) out.push_back(p);
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<std::string> position_consequence(const Position& pos) {
  if (pos.count(Color::Black) == 0 && pos.count(Color::White) == 0) return "both sides have no stones";
  const std::vector<reference::Root> roots = reference::all_roots(pos);
  if (auto p = roots_are_trees(pos, roots)) return p;
  // Rule 6 removes every bounded root, so none survives a move (nor exists at the start). Whose
  // root it is says which part of rule 6 failed: the side that just moved (its expanded root,
  // case 1, or its other roots, case 2) or the side to move (case 2).
  for (const reference::Root& r : roots)
    if (reference::is_bounded(pos, r))
      return "the " + name(r.color) + " root at " + point_name(r.stones.front()) + " (" +
             (r.color == pos.to_move() ? "the side to move" : "the side that just moved") +
             ") is bounded at the start of a turn";
  return std::nullopt;
}

std::optional<std::string> move_consequence(const Position& before, Point move, const MoveEffect& effect,
                                            const MoveResult& r, const Position& after) {
  const Color mover = before.to_move();
  if (!(r.move == move)) return "last_result().move " + point_name(r.move) + " is not the move played " + point_name(move);
  if (r.player != mover) return "last_result().player is not the side that moved";
  if (r.removal != effect.removal)
    return std::string("last_result() says removal ") + removal_name(r.removal) + ", play() returned " +
           removal_name(effect.removal);
  if (after.to_move() != opponent(mover)) return "the turn did not pass";
  if (!on_board(move, before.size()) || before.at(move) != Cell::Empty)
    return "the move " + point_name(move) + " was not played on an empty point";
  // Rule 3: the stone joins exactly one root (two neighbours in one root would close a cycle).
  int friends = 0;
  for (const Point q : {Point{move.x - 1, move.y}, Point{move.x + 1, move.y}, Point{move.x, move.y - 1},
                        Point{move.x, move.y + 1}})
    friends += on_board(q, before.size()) && before.at(q) == stone(mover);
  if (friends != 1)
    return "the move " + point_name(move) + " touches " + std::to_string(friends) +
           " friendly stones (rule 3: exactly one)";
  Position placed = before;  // the board between placement and removal
  placed.set(move, stone(mover));
  const std::vector<reference::Root> roots_placed = reference::all_roots(placed);
  const std::vector<Point>& removed = r.removed;
  if (!std::is_sorted(removed.begin(), removed.end())) return "the removed stones are not row-major";
  if (std::adjacent_find(removed.begin(), removed.end()) != removed.end()) return "a stone is removed twice";
  int removed_of[2] = {0, 0};
  for (const Point s : removed) {
    if (!on_board(s, before.size()) || placed.at(s) == Cell::Empty)
      return "the removed stone " + point_name(s) + " was not on the board";
    ++removed_of[placed.at(s) == Cell::Black ? 0 : 1];
  }
  if (effect.removed_black != removed_of[0] || effect.removed_white != removed_of[1])
    return "play() says it removed " + std::to_string(effect.removed_black) + " X and " +
           std::to_string(effect.removed_white) + " O stones, last_result() lists " +
           std::to_string(removed_of[0]) + " and " + std::to_string(removed_of[1]);
  // Which roots of the placed position were removed: each wholly or not at all.
  std::size_t removed_roots = 0, enemy_roots = 0;
  bool expanded_removed = false;
  for (const reference::Root& root : roots_placed) {
    std::size_t in = 0;
    for (const Point s : root.stones) in += std::binary_search(removed.begin(), removed.end(), s);
    if (in != 0 && in != root.stones.size())
      return "the root at " + point_name(root.stones.front()) + " was removed only in part";
    if (in == 0) continue;
    ++removed_roots;
    enemy_roots += root.color != mover;
    if (std::binary_search(root.stones.begin(), root.stones.end(), move)) expanded_removed = true;
  }
  // Placing a stone changes no enemy neighbour count, so an enemy root can only lose the growth
  // point the stone occupies, which touches one enemy stone: at most one enemy root goes.
  if (enemy_roots > 1) return "a move removed " + std::to_string(enemy_roots) + " enemy roots";
  switch (r.removal) {
    case Removal::None:
      if (!removed.empty()) return "stones removed but the removal kind is none";
      break;
    case Removal::ExpandedRoot:
      if (removed_roots != 1 || !expanded_removed) return "an expanded-root removal did not remove exactly the expanded root";
      break;
    case Removal::BoundedRoots:
      if (removed_roots == 0) return "a bounded-roots removal removed nothing";
      if (expanded_removed) return "a bounded-roots removal removed the expanded root";
      break;
  }
  if (after.size() != before.size())
    return "the board after the move is " + std::to_string(after.size()) + "x" + std::to_string(after.size()) +
           ", not " + std::to_string(before.size()) + "x" + std::to_string(before.size());
  for (int y = 0; y < before.size(); ++y)
    for (int x = 0; x < before.size(); ++x) {
      const Point p{x, y};
      const bool gone = std::binary_search(removed.begin(), removed.end(), p);
      if (after.at(p) != (gone ? Cell::Empty : placed.at(p)))
        return "the board after the move is not the placement minus the removed stones at " + point_name(p);
    }
  // What follows from the board being the placement minus whole roots (one stone added without
  // removal, the root count falling by the roots removed, at least one stone left) needs no check.
  return std::nullopt;
}

}  // namespace tanbo::differential
