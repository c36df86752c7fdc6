// Rule explanations through the reference rule functions (see explain.hpp).
#include "tanbo/api/explain.hpp"

#include <string>

#include "tanbo/reference/rules.hpp"

namespace tanbo::api {

Explanation explain(const AnyGame& game, Point p) {
  const Position pos = game.position();
  Explanation out;
  out.friendly_neighbours = reference::friendly_neighbours(pos, p, game.to_move());
  out.reason = game.is_over() ? std::optional(IllegalReason::GameOver)
                              : reference::placement_problem(pos, p, game.to_move());
  return out;
}

namespace {
RootInfo info(const Position& pos, reference::Root root) {
  std::vector<Point> growth = reference::growth_points(pos, root);
  return {root.color, std::move(root.stones), std::move(growth)};
}
}  // namespace

std::vector<RootInfo> roots(const Position& pos) {
  std::vector<RootInfo> out;
  for (reference::Root& r : reference::all_roots(pos)) out.push_back(info(pos, std::move(r)));
  return out;
}

RootInfo root_at(const Position& pos, Point p, const char* what) {
  if (!on_board(p, pos.size())) throw UsageError(std::string(what) + ": " + point_name(p) + " is not on the board");
  if (pos.at(p) == Cell::Empty) throw UsageError(std::string(what) + ": " + point_name(p) + " holds no stone");
  return info(pos, reference::root_at(pos, p));
}

}  // namespace tanbo::api
