// Tests of the SVG drawings of tanbo::api (svg.hpp): the figure's title is escaped, panels sit
// side by side with an arrow between them, each mark is drawn, and the legend names every symbol.
// (The board geometry, size by size: capi/tests/test_contract_capi.cpp, "board geometry".)
// check-map: code svg
#include <string>
#include <vector>

#include "tanbo/svg/svg.hpp"
#include "test_util.hpp"

using namespace tanbo;
using Catch::Matchers::Contains;

namespace {
std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("svg: a figure draws each panel, an arrow between them, and every mark", "[api][svg][faces]") {
  const Position start = opening(Variant::lattice(5));
  svg::Panel before{"before", start, {}};
  before.marks.move_ring = Point{1, 0};
  before.marks.growth = {{Point{1, 0}, Color::Black}, {Point{0, 1}, Color::Black},
                         {Point{3, 0}, Color::White}, {Point{3, 0}, Color::Black}};
  before.marks.labels = {{'a', Point{2, 2}}, {'b', Point{0, 0}}};
  svg::Panel after{"after", start, {}};
  after.marks.move_dot = Point{0, 0};
  after.marks.doomed = {Point{4, 0}};
  const std::string one = svg::render_figure("one", {svg::Panel{"", start, {}}});
  const std::string two = svg::render_figure("a<b & \"c\">", {before, after});
  CHECK_THAT(two, Contains("<title>a&lt;b &amp; &quot;c&quot;&gt;</title>"));
  CHECK(count(one, "<g transform=") == 1);
  CHECK(count(two, "<g transform=") == 2);
  CHECK_THAT(two, Contains("translate(0,0)"));
  CHECK(count(two, "stroke-dasharray=\"5 3\"") == 1);  // the ring
  CHECK(count(one, "stroke-dasharray") == 0);
  // Four stones per board, a red dot, a cross of two lines; letters on an empty point get a
  // patch of board, on a Black stone white ink.
  CHECK_THAT(two, Contains(">a</text>"));
  CHECK_THAT(two, Contains("fill=\"#fff\">b</text>"));
  CHECK(count(two, "<rect") > count(one, "<rect"));  // growth squares (two at D1, one of each colour)
  CHECK(two.size() > 2 * one.size());
  CHECK(one.rfind("</svg>\n") == one.size() - 7);
}

TEST_CASE("svg: the legend names every symbol", "[api][svg][faces]") {
  const std::string legend = svg::render_legend();
  CHECK_THAT(legend, Contains("<title>Key to the diagrams</title>"));
  for (const char* meaning : {"Black stone (X), moves first", "White stone (O)", "growth point of a Black root",
                              "growth point of a White root", "growth point of a Black and of a White root",
                              "the point about to be played", "the stone just played",
                              "stone removed by the move (rule 6)", "lettered point named in the text"}) {
    CAPTURE(meaning);
    CHECK(count(legend, meaning) == 1);
  }
}
