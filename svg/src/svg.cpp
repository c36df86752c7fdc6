// SVG rendering of board figures. All coordinates are integers and every attribute is written
// in a fixed order, so regenerating the docs reproduces the committed files byte for byte.
#include "tanbo/svg/svg.hpp"

#include <algorithm>

#include "tanbo/core/notation.hpp"

namespace tanbo::svg {

namespace {

constexpr const char* kBoard = "#e2bd72";
constexpr const char* kGrid = "#6b5431";
constexpr const char* kInk = "#1a1a1a";
constexpr const char* kPaper = "#f7f7f7";
constexpr const char* kRed = "#d0021b";
constexpr const char* kBlue = "#1d4f91";
constexpr const char* kFont = "DejaVu Sans, Verdana, Arial, sans-serif";
constexpr int kGap = 48;  // between panels, room for the arrow

std::string n(int v) { return std::to_string(v); }

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

constexpr int kHeading = 26;  // above a figure's board: the panel's heading

// One board drawing of a figure: board_geometry() below a heading. `left` and `top` move (the
// legend draws one-point patches anywhere).
struct Geometry {
  BoardGeometry b;
  int size, c, left, top;
  explicit Geometry(int board)
      : b(board_geometry(board)), size(b.size), c(b.spacing), left(b.left), top(kHeading + b.top) {}
  int width() const { return b.width; }
  int height() const { return kHeading + b.height; }
  int x(int col) const { return left + c / 2 + col * c; }
  int y(int row) const { return top + c / 2 + row * c; }
  int stone_r() const { return b.stone_radius; }
  int square() const { return b.growth_square; }
  int coord_font() const { return b.coordinate_font; }
};

std::string stone_svg(int x, int y, int r, Cell cell, const char* extra = "") {
  const bool black = cell == Cell::Black;
  return "<circle cx=\"" + n(x) + "\" cy=\"" + n(y) + "\" r=\"" + n(r) + "\" fill=\"" +
         (black ? kInk : kPaper) + "\" stroke=\"" + (black ? "#000" : "#333") +
         "\" stroke-width=\"1.5\"" + extra + "/>\n";
}

std::string square_svg(int x, int y, int s, Color c) {
  return "<rect x=\"" + n(x) + "\" y=\"" + n(y) + "\" width=\"" + n(s) + "\" height=\"" + n(s) +
         "\" fill=\"" + (c == Color::Black ? kInk : "#fff") + "\" stroke=\"" + kInk +
         "\" stroke-width=\"1.5\"/>\n";
}

std::string cross_svg(int x, int y, int k) {
  auto line = [&](int dx) {
    return "<line x1=\"" + n(x - dx) + "\" y1=\"" + n(y - k) + "\" x2=\"" + n(x + dx) + "\" y2=\"" +
           n(y + k) + "\" stroke=\"" + kRed + "\" stroke-width=\"3\" stroke-linecap=\"round\"/>\n";
  };
  return line(k) + line(-k);
}

std::string ring_svg(int x, int y, int r) {
  return "<circle cx=\"" + n(x) + "\" cy=\"" + n(y) + "\" r=\"" + n(r) + "\" fill=\"none\" stroke=\"" +
         kRed + "\" stroke-width=\"2.5\" stroke-dasharray=\"5 3\"/>\n";
}

std::string dot_svg(int x, int y, int r) {
  return "<circle cx=\"" + n(x) + "\" cy=\"" + n(y) + "\" r=\"" + n(r) + "\" fill=\"" + kRed + "\"/>\n";
}

std::string text_svg(int x, int y, const std::string& s, int size, const std::string& style) {
  return "<text x=\"" + n(x) + "\" y=\"" + n(y) + "\" font-size=\"" + n(size) + "\"" + style + ">" +
         escape(s) + "</text>\n";
}

// A growth point of one colour gets one square; a point that is a growth point of a Black
// and of a White root (one neighbour of each colour) gets two half-offset squares.
std::string growth_svg(const Geometry& g, const std::vector<std::pair<Point, Color>>& growth) {
  std::string out;
  const int s = g.square();
  for (const auto& entry : growth) {
    const auto [p, colour] = entry;  // not captured below: clang 14 cannot capture bindings
    const bool both = std::count_if(growth.begin(), growth.end(),
                                    [&](const auto& e) { return e.first == entry.first; }) > 1;
    const int x = g.x(p.x), y = g.y(p.y);
    if (!both) out += square_svg(x - s / 2, y - s / 2, s, colour);
    else out += square_svg(colour == Color::Black ? x - s - 1 : x + 1, y - s / 2, s, colour);
  }
  return out;
}

std::string board_svg(const Panel& panel, int ox) {
  const Geometry g(panel.pos.size());
  const Marks& m = panel.marks;
  std::string out = "<g transform=\"translate(" + n(ox) + ",0)\">\n";
  out += text_svg(g.left, 20, panel.heading, 15, " font-weight=\"bold\" fill=\"#222\"");
  out += "<rect x=\"" + n(g.left) + "\" y=\"" + n(g.top) + "\" width=\"" + n(g.size * g.c) +
         "\" height=\"" + n(g.size * g.c) + "\" fill=\"" + kBoard + "\" stroke=\"" + kGrid + "\"/>\n";
  for (int i = 0; i < g.size; ++i) {
    out += "<line x1=\"" + n(g.x(0)) + "\" y1=\"" + n(g.y(i)) + "\" x2=\"" + n(g.x(g.size - 1)) +
           "\" y2=\"" + n(g.y(i)) + "\" stroke=\"" + kGrid + "\"/>\n";
    out += "<line x1=\"" + n(g.x(i)) + "\" y1=\"" + n(g.y(0)) + "\" x2=\"" + n(g.x(i)) + "\" y2=\"" +
           n(g.y(g.size - 1)) + "\" stroke=\"" + kGrid + "\"/>\n";
    const std::string col(1, static_cast<char>('A' + i));
    out += text_svg(g.x(i), g.top - 8, col, g.coord_font(), " text-anchor=\"middle\" fill=\"#333\"");
    out += text_svg(g.left - 6, g.y(i) + g.coord_font() * 4 / 10, n(i + 1), g.coord_font(),
                    " text-anchor=\"end\" fill=\"#333\"");
  }
  const int r = g.stone_r();
  for (int y = 0; y < g.size; ++y)
    for (int x = 0; x < g.size; ++x)
      if (const Cell cell = panel.pos.at({x, y}); cell != Cell::Empty)
        out += stone_svg(g.x(x), g.y(y), r, cell);
  out += growth_svg(g, m.growth);
  if (m.move_ring) out += ring_svg(g.x(m.move_ring->x), g.y(m.move_ring->y), r + 3);
  if (m.move_dot) out += dot_svg(g.x(m.move_dot->x), g.y(m.move_dot->y), std::max(3, r / 3));
  for (const Point p : m.doomed) out += cross_svg(g.x(p.x), g.y(p.y), r * 5 / 8);
  for (const auto& [letter, p] : m.labels) {
    const Cell cell = panel.pos.at(p);
    const char* ink = cell == Cell::Black ? "#fff" : kBlue;
    if (cell == Cell::Empty)
      out += "<circle cx=\"" + n(g.x(p.x)) + "\" cy=\"" + n(g.y(p.y)) + "\" r=\"" + n(r * 3 / 4) +
             "\" fill=\"" + kBoard + "\"/>\n";
    out += text_svg(g.x(p.x), g.y(p.y) + g.c / 5, std::string(1, letter), g.c / 2 + 2,
                    std::string(" text-anchor=\"middle\" font-weight=\"bold\" fill=\"") + ink + "\"");
  }
  return out + "</g>\n";
}

std::string arrow_svg(int x, int y) {
  return "<line x1=\"" + n(x + 8) + "\" y1=\"" + n(y) + "\" x2=\"" + n(x + kGap - 14) + "\" y2=\"" + n(y) +
         "\" stroke=\"#444\" stroke-width=\"3\"/>\n<polygon points=\"" + n(x + kGap - 6) + "," + n(y) +
         " " + n(x + kGap - 16) + "," + n(y - 7) + " " + n(x + kGap - 16) + "," + n(y + 7) +
         "\" fill=\"#444\"/>\n";
}

std::string svg_open(int w, int h, const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + n(w) + "\" height=\"" + n(h) +
         "\" viewBox=\"0 0 " + n(w) + " " + n(h) + "\" font-family=\"" + kFont + "\">\n<title>" +
         escape(title) + "</title>\n<rect width=\"" + n(w) + "\" height=\"" + n(h) + "\" fill=\"#fff\"/>\n";
}

}  // namespace

BoardGeometry board_geometry(int size) {
  // Everything derives from the point spacing, kept even so that half of it is an integer.
  BoardGeometry g{};
  g.size = size;
  g.spacing = size <= 9 ? 34 : size <= 13 ? 26 : size <= 19 ? 18 : 16;
  g.left = 30;
  g.top = 26;
  g.right = 10;
  g.bottom = 10;
  g.width = g.left + size * g.spacing + g.right;
  g.height = g.top + size * g.spacing + g.bottom;
  g.stone_radius = g.spacing * 7 / 16;
  g.growth_square = std::max(6, (g.spacing * 5 / 16) & ~1);
  g.coordinate_font = g.spacing >= 26 ? 13 : 11;
  return g;
}

std::string render_figure(const std::string& title, const std::vector<Panel>& panels) {
  int w = 0, h = 0;
  for (const Panel& p : panels) {
    const Geometry g(p.pos.size());
    w += g.width() + (w ? kGap : 0);
    h = std::max(h, g.height());
  }
  std::string body;
  int ox = 0;
  for (const Panel& p : panels) {
    const Geometry g(p.pos.size());
    if (ox) {
      body += arrow_svg(ox, g.top + g.size * g.c / 2);
      ox += kGap;
    }
    body += board_svg(p, ox);
    ox += g.width();
  }
  return svg_open(w, h, title) + body + "</svg>\n";
}

std::string render_legend() {
  // Each entry: a one-point patch of board carrying the symbol, then its meaning.
  enum class Symbol { BlackStone, WhiteStone, BlackGrowth, WhiteGrowth, BothGrowth, Ring, Dot, Removed, Letter };
  const std::vector<std::pair<Symbol, const char*>> entries = {
      {Symbol::BlackStone, "Black stone (X), moves first"},
      {Symbol::WhiteStone, "White stone (O)"},
      {Symbol::BlackGrowth, "growth point of a Black root"},
      {Symbol::WhiteGrowth, "growth point of a White root"},
      {Symbol::BothGrowth, "growth point of a Black and of a White root"},
      {Symbol::Ring, "the point about to be played"},
      {Symbol::Dot, "the stone just played"},
      {Symbol::Removed, "stone removed by the move (rule 6)"},
      {Symbol::Letter, "lettered point named in the text"},
  };
  Geometry g(9);
  const int row_h = g.c + 10, col_w = 340, rows = static_cast<int>(entries.size() + 1) / 2;
  const int w = 2 * col_w, h = rows * row_h + 2;
  const int r = g.stone_r();
  std::string body;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Symbol sym = entries[i].first;
    const int ox = static_cast<int>(i) / rows * col_w + 6, oy = static_cast<int>(i) % rows * row_h + 6;
    g.left = ox;  // point (0,0) of this Geometry is the middle of the patch
    g.top = oy;
    const int cx = g.x(0), cy = g.y(0);
    body += "<rect x=\"" + n(ox) + "\" y=\"" + n(oy) + "\" width=\"" + n(g.c) + "\" height=\"" + n(g.c) +
            "\" fill=\"" + kBoard + "\"/>\n<line x1=\"" + n(ox) + "\" y1=\"" + n(cy) + "\" x2=\"" + n(ox + g.c) +
            "\" y2=\"" + n(cy) + "\" stroke=\"" + kGrid + "\"/>\n<line x1=\"" + n(cx) + "\" y1=\"" + n(oy) +
            "\" x2=\"" + n(cx) + "\" y2=\"" + n(oy + g.c) + "\" stroke=\"" + kGrid + "\"/>\n";
    const Point o{0, 0};
    switch (sym) {
      case Symbol::BlackStone: body += stone_svg(cx, cy, r, Cell::Black); break;
      case Symbol::WhiteStone: body += stone_svg(cx, cy, r, Cell::White); break;
      case Symbol::BlackGrowth: body += growth_svg(g, {{o, Color::Black}}); break;
      case Symbol::WhiteGrowth: body += growth_svg(g, {{o, Color::White}}); break;
      case Symbol::BothGrowth: body += growth_svg(g, {{o, Color::Black}, {o, Color::White}}); break;
      case Symbol::Ring: body += ring_svg(cx, cy, r + 3); break;
      case Symbol::Dot: body += stone_svg(cx, cy, r, Cell::Black) + dot_svg(cx, cy, std::max(3, r / 3)); break;
      case Symbol::Removed:
        body += stone_svg(cx, cy, r, Cell::White) + cross_svg(cx, cy, r * 5 / 8);
        break;
      case Symbol::Letter:
        body += text_svg(cx, cy + g.c / 5, "a", g.c / 2 + 2,
                         std::string(" text-anchor=\"middle\" font-weight=\"bold\" fill=\"") + kBlue + "\"");
        break;
    }
    body += text_svg(ox + g.c + 10, cy + 5, entries[i].second, 14, " fill=\"#222\"");
  }
  return svg_open(w, h, "Key to the diagrams") + body + "</svg>\n";
}

}  // namespace tanbo::svg
