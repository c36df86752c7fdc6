// Rule-by-rule implementation; see rules.hpp. Deliberately naive: flood fills and full scans.
#include "tanbo/reference/rules.hpp"

#include <algorithm>

#include "tanbo/core/notation.hpp"

namespace tanbo::reference {

std::vector<Point> neighbours(const Position& pos, Point p) {
  std::vector<Point> out;
  for (const Point q : {Point{p.x, p.y - 1}, Point{p.x - 1, p.y}, Point{p.x + 1, p.y}, Point{p.x, p.y + 1}})
    if (on_board(q, pos.size())) out.push_back(q);
  return out;
}

int friendly_neighbours(const Position& pos, Point p, Color c) {
  int n = 0;
  for (const Point q : neighbours(pos, p)) n += pos.at(q) == stone(c);
  return n;
}

std::optional<IllegalReason> placement_problem(const Position& pos, Point p, Color c) {
  if (!on_board(p, pos.size())) return IllegalReason::OffBoard;
  if (pos.at(p) != Cell::Empty) return IllegalReason::Occupied;
  const int friends = friendly_neighbours(pos, p, c);
  if (friends == 0) return IllegalReason::NoFriendlyNeighbour;
  if (friends > 1) return IllegalReason::SeveralFriendlyNeighbours;
  return std::nullopt;
}

Root root_at(const Position& pos, Point p) {
  const Cell cell = pos.at(p);
  Root root{cell == Cell::Black ? Color::Black : Color::White, {}};
  std::vector<bool> seen(pos.cells().size(), false);
  std::vector<Point> todo{p};
  seen[static_cast<std::size_t>(pos.index(p))] = true;
  while (!todo.empty()) {
    const Point q = todo.back();
    todo.pop_back();
    root.stones.push_back(q);
    for (const Point r : neighbours(pos, q)) {
      auto&& s = seen[static_cast<std::size_t>(pos.index(r))];
      if (!s && pos.at(r) == cell) {
        s = true;
        todo.push_back(r);
      }
    }
  }
  std::sort(root.stones.begin(), root.stones.end());
  return root;
}

std::vector<Root> all_roots(const Position& pos) {
  std::vector<Root> roots;
  std::vector<bool> covered(pos.cells().size(), false);
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x) {
      const Point p{x, y};
      if (pos.at(p) == Cell::Empty || covered[static_cast<std::size_t>(pos.index(p))]) continue;
      roots.push_back(root_at(pos, p));
      for (const Point s : roots.back().stones) covered[static_cast<std::size_t>(pos.index(s))] = true;
    }
  return roots;
}

std::vector<Point> growth_points(const Position& pos, const Root& root) {
  std::vector<Point> out;
  for (const Point s : root.stones)
    for (const Point q : neighbours(pos, s))
      if (pos.at(q) == Cell::Empty && friendly_neighbours(pos, q, root.color) == 1) out.push_back(q);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool is_bounded(const Position& pos, const Root& root) { return growth_points(pos, root).empty(); }

std::pair<Removal, std::vector<Point>> stones_to_remove(const Position& after, Point placed) {
  const Root expanded = root_at(after, placed);
  if (is_bounded(after, expanded)) return {Removal::ExpandedRoot, expanded.stones};
  std::vector<Point> removed;
  for (const Root& r : all_roots(after))
    if (is_bounded(after, r)) removed.insert(removed.end(), r.stones.begin(), r.stones.end());
  if (removed.empty()) return {Removal::None, {}};
  std::sort(removed.begin(), removed.end());
  return {Removal::BoundedRoots, removed};
}

std::optional<Color> winner(const Position& pos) {
  const int black = pos.count(Color::Black), white = pos.count(Color::White);
  if (black == 0 && white > 0) return Color::White;
  if (white == 0 && black > 0) return Color::Black;
  return std::nullopt;
}

std::optional<InvalidPositionError> position_problem(const Position& pos) {
  for (const Color c : {Color::Black, Color::White})
    if (pos.count(c) == 0) return InvalidPositionError::no_stones(c);
  for (const Root& r : all_roots(pos))
    if (is_bounded(pos, r)) return InvalidPositionError::bounded_root(r.color, r.stones.front());
  return std::nullopt;
}

}  // namespace tanbo::reference
