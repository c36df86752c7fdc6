// SVG board diagrams, for the rules pages and every front end that draws a board: grid,
// coordinates, stones and the marks the rules text refers to (the move, removed stones, growth
// points, lettered points). Output is plain text built from integers only, so the same input
// gives the same bytes on every platform.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::api {

/// What to draw on top of the stones of one board.
struct Marks {
  std::optional<Point> move_ring;  // dashed ring: where the move is about to be played
  std::optional<Point> move_dot;   // red dot: the stone just played
  std::vector<Point> doomed;                       // stones the move removes (crossed out)
  std::vector<std::pair<Point, Color>> growth;     // growth points, by the colour of their root
  std::vector<std::pair<char, Point>> labels;      // lettered points
};

/// One board of a figure with its heading.
struct Panel {
  std::string heading;
  Position pos;
  Marks marks;
};

/// A figure: boards side by side, separated by arrows. `title` becomes the SVG <title>.
std::string render_figure(const std::string& title, const std::vector<Panel>& panels);

/// A key to every symbol render_figure() uses.
std::string render_legend();

}  // namespace tanbo::api
