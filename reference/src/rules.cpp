// Rule-by-rule implementation; see rules.hpp. Plain scans of the board and flood fills, with
// fixed-size scratch tables so that playing a move allocates nothing.
#include "tanbo/reference/rules.hpp"

#include <algorithm>

namespace tanbo::reference {
RootMap label_roots(const Position& pos) {
  RootMap map;
  map.label.fill(RootMap::kNoRoot);
  std::array<Point, kMaxPoints> todo;  // flood-fill stack: each stone is pushed once
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x) {
      const Point first{x, y};
      const Cell cell = pos.at(first);
      if (cell == Cell::Empty || map.root_of(pos, first) != RootMap::kNoRoot) continue;
      const auto root = static_cast<std::int16_t>(map.count++);
      map.color[static_cast<std::size_t>(root)] = cell == Cell::Black ? Color::Black : Color::White;
      map.first_stone[static_cast<std::size_t>(root)] = static_cast<std::int16_t>(pos.index(first));
      std::size_t pending = 0;
      todo[pending++] = first;
      map.label[static_cast<std::size_t>(pos.index(first))] = root;
      while (pending > 0) {
        const Point q = todo[--pending];
        for_each_neighbour(pos, q, [&](Point r) {
          auto& label = map.label[static_cast<std::size_t>(pos.index(r))];
          if (label == RootMap::kNoRoot && pos.at(r) == cell) {
            label = root;
            todo[pending++] = r;
          }
        });
      }
    }
  return map;
}

Root root_at(const Position& pos, Point p) {
  const RootMap map = label_roots(pos);
  const int root = map.root_of(pos, p);
  Root out{map.color[static_cast<std::size_t>(root)], {}};
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x)
      if (map.root_of(pos, {x, y}) == root) out.stones.push_back({x, y});
  return out;
}

std::vector<Root> all_roots(const Position& pos) {
  const RootMap map = label_roots(pos);
  std::vector<Root> roots(static_cast<std::size_t>(map.count));
  for (int r = 0; r < map.count; ++r) roots[static_cast<std::size_t>(r)].color = map.color[static_cast<std::size_t>(r)];
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x)
      if (const int r = map.root_of(pos, {x, y}); r != RootMap::kNoRoot)
        roots[static_cast<std::size_t>(r)].stones.push_back({x, y});
  return roots;
}

GrowthCounts growth_counts(const Position& pos, const RootMap& roots) {
  GrowthCounts counts{};
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x) {
      if (pos.at({x, y}) != Cell::Empty) continue;  // only empty points can be growth points
      for (const std::optional<Point>& anchor : growth_anchors(pos, {x, y}).of)
        if (anchor) ++counts[static_cast<std::size_t>(roots.root_of(pos, *anchor))];
    }
  return counts;
}

std::vector<Point> growth_points(const Position& pos, const Root& root) {
  std::vector<Point> out;
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x)
      if (const auto anchor = growth_anchors(pos, {x, y}).of[static_cast<std::size_t>(root.color)];
          anchor && std::binary_search(root.stones.begin(), root.stones.end(), *anchor))
        out.push_back({x, y});
  return out;
}

bool is_bounded(const Position& pos, const Root& root) { return growth_points(pos, root).empty(); }

std::pair<Removal, std::vector<Point>> stones_to_remove(const Position& after, Point placed) {
  const RootMap roots = label_roots(after);
  const GrowthCounts growth = growth_counts(after, roots);
  const int expanded = roots.root_of(after, placed);
  const bool expanded_bounded = growth[static_cast<std::size_t>(expanded)] == 0;
  bool any_bounded = false;
  for (int r = 0; r < roots.count; ++r) any_bounded = any_bounded || growth[static_cast<std::size_t>(r)] == 0;
  if (!any_bounded) return {Removal::None, {}};
  std::vector<Point> removed;
  for (int y = 0; y < after.size(); ++y)
    for (int x = 0; x < after.size(); ++x) {
      const int r = roots.root_of(after, {x, y});
      if (r == RootMap::kNoRoot) continue;
      // Expanded root bounded: it alone goes. Otherwise: every bounded root, of both colours.
      const bool goes = expanded_bounded ? r == expanded : growth[static_cast<std::size_t>(r)] == 0;
      if (goes) removed.push_back({x, y});
    }
  return {expanded_bounded ? Removal::ExpandedRoot : Removal::BoundedRoots, removed};
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
  const RootMap roots = label_roots(pos);
  const GrowthCounts growth = growth_counts(pos, roots);
  for (int r = 0; r < roots.count; ++r)  // roots are numbered by first stone, row-major
    if (growth[static_cast<std::size_t>(r)] == 0)
      return InvalidPositionError::bounded_root(roots.color[static_cast<std::size_t>(r)],
                                                pos.point(roots.first_stone[static_cast<std::size_t>(r)]));
  return std::nullopt;
}

}  // namespace tanbo::reference
