// Registers the metamorphic symmetry property (metamorphic.hpp) for both engines, plus sanity
// checks of the transforms themselves (symmetry.hpp), on which that property relies.
// check-map: code optimized reference
#include "metamorphic.hpp"

#include <set>

#include "props.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

TEST_CASE("the 16 transforms are distinct bijections that map openings to valid positions",
          "[metamorphic][differential]") {
  using namespace tanbo;
  for (const int n : {5, 6}) {
    std::set<std::vector<Point>> images;
    for (const props::Symmetry& s : props::all_symmetries()) {
      CAPTURE(n, props::symmetry_name(s));
      std::set<Point> seen;
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          const Point q = props::transform(s, Point{x, y}, n);
          REQUIRE(on_board(q, n));
          seen.insert(q);
        }
      REQUIRE(seen.size() == static_cast<std::size_t>(n * n));  // a bijection
      if (!s.swap_colours) {
        std::vector<Point> image;  // images of an asymmetric pair of points tell the 8 apart
        for (const Point p : {Point{0, 0}, Point{1, 0}}) image.push_back(props::transform(s, p, n));
        images.insert(image);
      }
    }
    REQUIRE(images.size() == 8);
  }
  for (const props::Symmetry& s : props::all_symmetries()) {
    const Position pos = props::transform(s, opening(Variant::dense(7)));
    CAPTURE(props::symmetry_name(s), pos.to_string());
    REQUIRE(pos.count(s.swap_colours ? Color::White : Color::Black) == opening(Variant::dense(7)).count(Color::Black));
    REQUIRE_NOTHROW(reference::Game(pos));
  }
}

TEMPLATE_TEST_CASE("the rules commute with the symmetries of the square and colour swap",
                   "[metamorphic][rule3][rule5][rule6]", tanbo::reference::Game, tanbo::optimized::Game) {
  tanbo::props::check("T(play(P, m)) == play(T(P), T(m)) for every legal m",
                      [] { tanbo::props::metamorphic_property<TestType>(); });
}
