// The board and move consequences of the rule-consequence oracle (consequences.hpp), computed
// with the reference rule functions from the boards alone.
#include "tanbo/verify/consequences.hpp"

#include <algorithm>

namespace tanbo::verify {
namespace {

std::string name(Color c) { return std::string(1, color_char(c)); }

// Roots partition the stones; two roots of one colour never touch (maximality); the stones of
// each root form a tree (same-root adjacencies = stones - 1).
std::optional<std::string> root_structure(const Position& pos, const std::vector<reference::Root>& roots) {
  const int n = pos.size();
  std::vector<int> owner(pos.cells().size(), -1);
  for (std::size_t i = 0; i < roots.size(); ++i)
    for (const Point s : roots[i].stones) {
      int& o = owner[static_cast<std::size_t>(pos.index(s))];
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
      for (const Point q : {Point{x + 1, y}, Point{x, y + 1}}) {  // each adjacency once
        if (!on_board(q, n) || pos.at(q) != pos.at(p)) continue;
        if (owner[static_cast<std::size_t>(pos.index(q))] != r)
          return "roots touching at " + point_name(p) + "-" + point_name(q);
        ++edges[static_cast<std::size_t>(r)];
      }
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
  if (auto p = root_structure(pos, roots)) return p;
  // Rule 6 removes every bounded root, so none survives a move (nor exists at the start).
  for (const reference::Root& r : roots)
    if (reference::is_bounded(pos, r))
      return "the " + name(r.color) + " root at " + point_name(r.stones.front()) +
             " is bounded at the start of a turn";
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
  Position placed = before;  // the board between placement and removal
  placed.set(move, stone(mover));
  const std::vector<reference::Root> roots_before = reference::all_roots(before);
  const std::vector<reference::Root> roots_placed = reference::all_roots(placed);
  if (roots_placed.size() != roots_before.size()) return "placing the stone changed the root count";
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
  for (int y = 0; y < before.size(); ++y)
    for (int x = 0; x < before.size(); ++x) {
      const Point p{x, y};
      const bool gone = std::binary_search(removed.begin(), removed.end(), p);
      if (after.at(p) != (gone ? Cell::Empty : placed.at(p)))
        return "the board after the move is not the placement minus the removed stones at " + point_name(p);
    }
  const std::size_t roots_after = reference::all_roots(after).size();
  if (roots_after > roots_before.size())
    return "the root count rose from " + std::to_string(roots_before.size()) + " to " + std::to_string(roots_after);
  if (roots_after != roots_before.size() - removed_roots)
    return "the root count went from " + std::to_string(roots_before.size()) + " to " +
           std::to_string(roots_after) + " but " + std::to_string(removed_roots) + " roots were removed";
  if (r.removal == Removal::None) {
    if (after.count(mover) != before.count(mover) + 1 || after.count(opponent(mover)) != before.count(opponent(mover)))
      return "a move without removal did not add exactly one stone";
  } else if (roots_after >= roots_before.size()) {
    return std::string("a move with removal '") + removal_name(r.removal) + "' removed no root";
  }
  if (after.count(Color::Black) == 0 && after.count(Color::White) == 0) return "the move emptied both sides";
  return std::nullopt;
}

}  // namespace tanbo::verify
