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

namespace tanbo::svg {

/// The layout of one board drawing, in pixels: the SVG figures and the rules explorer (through
/// the C API's tanbo_board_geometry) draw a board of a given size alike. Point (x, y) is drawn at
/// (left + spacing / 2 + x * spacing, top + spacing / 2 + y * spacing); the margins hold the
/// coordinates (a figure adds its heading above `top`).
struct BoardGeometry {
  int size;             ///< Board side length.
  int spacing;          ///< Distance between neighbouring points.
  int left;             ///< Margin left of the board (row numbers).
  int top;              ///< Margin above the board (column letters).
  int right;            ///< Margin right of the board.
  int bottom;           ///< Margin below the board.
  int width;            ///< Width of the board with its margins.
  int height;           ///< Height of the board with its margins.
  int stone_radius;     ///< of a stone
  int growth_square;    ///< side of a growth-point square
  int coordinate_font;  ///< font size of the column letters and row numbers
};

/// The layout of a board of side `size` (2-25).
BoardGeometry board_geometry(int size);

/// What to draw on top of the stones of one board.
struct Marks {
  std::optional<Point> move_ring;  ///< Dashed ring: where the move is about to be played.
  std::optional<Point> move_dot;   ///< Red dot: the stone just played.
  std::vector<Point> doomed;                       ///< Stones the move removes (crossed out).
  std::vector<std::pair<Point, Color>> growth;     ///< Growth points, by the colour of their root.
  std::vector<std::pair<char, Point>> labels;      ///< Lettered points.
};

/// One board of a figure with its heading.
struct Panel {
  std::string heading;  ///< Text above the board.
  Position pos;         ///< The position drawn.
  Marks marks;          ///< What is drawn on top of the stones.
};

/// A figure: boards side by side, separated by arrows. `title` becomes the SVG title element.
std::string render_figure(const std::string& title, const std::vector<Panel>& panels);

/// A key to every symbol render_figure() uses.
std::string render_legend();

}  // namespace tanbo::svg
