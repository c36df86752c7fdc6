// Variants and their openings: names parse and print, classic is the rules text's diagram and
// equals lattice-19, lattice and dense openings match their definitions, stone counts per
// variant, and every opening is a valid start (no bounded root).
#include <string>
#include <vector>

#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"
#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::pt;
using tanbo_test::thrown;

namespace {

// The names of the points of `pos` holding `c`, in row-major order.
std::vector<std::string> stones(const Position& pos, Cell c) {
  std::vector<std::string> out;
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x)
      if (pos.at({x, y}) == c) out.push_back(point_name({x, y}));
  return out;
}

}  // namespace

TEST_CASE("variant names parse case-insensitively and print canonically", "[variant]") {
  CHECK(Variant::parse("classic") == Variant::classic());
  CHECK(Variant::parse("CLASSIC") == Variant::classic());
  CHECK(Variant::parse("Lattice-9") == Variant{VariantKind::Lattice, 9});
  CHECK(Variant::parse("dense-25") == Variant{VariantKind::Dense, 25});
  CHECK(Variant::parse("custom-2") == Variant{VariantKind::Custom, 2});
  CHECK(Variant::classic().name() == "classic");
  CHECK(Variant::lattice(13).name() == "lattice-13");
  CHECK(Variant::dense(7).name() == "dense-7");
  CHECK(Variant::custom(11).name() == "custom-11");
  // lattice-19 is the classic board but a different name (classic is its own variant).
  CHECK(Variant::parse("lattice-19") != Variant::classic());
}

TEST_CASE("the named variants are exactly classic, six lattices and eleven dense", "[variant]") {
  std::vector<std::string> names;
  for (const Variant& v : Variant::all_named()) names.push_back(v.name());
  CHECK(names == std::vector<std::string>{
                     "classic", "lattice-5", "lattice-7", "lattice-9", "lattice-13", "lattice-19",
                     "lattice-21", "dense-5", "dense-7", "dense-9", "dense-11", "dense-13",
                     "dense-15", "dense-17", "dense-19", "dense-21", "dense-23", "dense-25"});
  for (const Variant& v : Variant::all_named()) {
    INFO(v.name());
    CHECK(Variant::parse(v.name()) == v);
  }
}

TEST_CASE("unknown variant names and sizes are rejected", "[variant]") {
  for (const char* bad : {"", "classic-19", "lattice", "lattice-", "lattice-8", "lattice-23",
                          "lattice-005", "dense-4", "dense-3", "dense-27", "dense-", "custom-1",
                          "custom-26", "go-19", "lattice-x", "lattice--5", "lattice-+5"}) {
    INFO("'" << bad << "'");
    CHECK_THROWS_AS(Variant::parse(bad), ParseError);
  }
  const auto e = thrown<ParseError>([] { Variant::parse("foo"); });
  REQUIRE(e.has_value());
  CHECK(e->token() == "foo");
  CHECK(std::string(e->what()) ==
        "unknown variant 'foo'; expected classic, lattice-N (N in 5 7 9 13 19 21), dense-N (odd N, "
        "5-25) or custom-N (N 2-25)");
  // The name is quoted escaped (printable()), and cut to kQuotedTokenBytes.
  const auto b = thrown<ParseError>([] { Variant::parse("lat\x1b\xfftice-5"); });
  REQUIRE(b.has_value());
  CHECK(b->reason().rfind("unknown variant 'lat\\x1b\\xfftice-5'; expected", 0) == 0);
  const auto l = thrown<ParseError>([] { Variant::parse(std::string(100, 'z')); });
  REQUIRE(l.has_value());
  CHECK(l->reason().rfind("unknown variant '" + std::string(kQuotedTokenBytes, 'z') + "...';", 0) == 0);
  CHECK_THROWS_AS(Variant::lattice(11), ParseError);
  CHECK_THROWS_AS(Variant::dense(6), ParseError);
  CHECK_THROWS_AS(Variant::custom(26), ParseError);
  // A custom variant has no opening of its own.
  CHECK_THROWS_AS(opening(Variant::custom(9)), InvalidPositionError);
}

TEST_CASE("classic opening is the rules text's diagram (rule 2) and equals lattice-19", "[variant]") {
  const Position classic = opening(Variant::classic());
  CHECK(classic.size() == 19);
  CHECK(classic.to_move() == Color::Black);
  CHECK(classic.variant() == Variant::classic());
  // Rule 2's lists, which happen to be in row-major order: the order stones() reports them.
  CHECK(stones(classic, Cell::Black) ==
        std::vector<std::string>{"A1", "M1", "G7", "S7", "A13", "M13", "G19", "S19"});
  CHECK(stones(classic, Cell::White) ==
        std::vector<std::string>{"G1", "S1", "A7", "M7", "G13", "S13", "A19", "M19"});
  const Position lattice19 = opening(Variant::lattice(19));
  CHECK(lattice19.cells() == classic.cells());
  CHECK(lattice19.to_move() == Color::Black);
  CHECK(lattice19.variant() == Variant::lattice(19));
  // The same board written out as a position string, row 1 first.
  CHECK(classic.to_string() ==
        "X5O5X5O/19/19/19/19/19/O5X5O5X/19/19/19/19/19/X5O5X5O/19/19/19/19/19/O5X5O5X X classic");
}

TEST_CASE("lattice openings put k x k stones every `step` points, alternating colours", "[variant]") {
  // (size, step, k, offset) as specified for the lattice family; A1-most stone Black.
  struct Shape {
    int size, step, k, offset;
  };
  for (const Shape s : {Shape{5, 4, 2, 0}, Shape{7, 6, 2, 0}, Shape{9, 6, 2, 1}, Shape{13, 4, 4, 0},
                        Shape{19, 6, 4, 0}, Shape{21, 4, 6, 0}}) {
    INFO("lattice-" << s.size);
    Position expected(s.size);
    for (int i = 0; i < s.k; ++i)
      for (int j = 0; j < s.k; ++j)
        expected.set({s.offset + i * s.step, s.offset + j * s.step},
                     (i + j) % 2 == 0 ? Cell::Black : Cell::White);
    const Position got = opening(Variant::lattice(s.size));
    CHECK(got.cells() == expected.cells());
    CHECK(got.count(Color::Black) == s.k * s.k / 2);
    CHECK(got.count(Color::White) == s.k * s.k / 2);
  }
  // Two written out by hand.
  CHECK(opening(Variant::lattice(5)).to_string() == "X3O/5/5/5/O3X X lattice-5");
  CHECK(opening(Variant::lattice(9)).to_string() == "9/1X5O1/9/9/9/9/9/1O5X1/9 X lattice-9");
}

TEST_CASE("dense openings fill every other point of every other row in a checkerboard", "[variant]") {
  // Definition: a stone on every point whose column and row (0-based) are both even; along rows
  // and columns these stones alternate colour, with A1 Black.
  for (int n = 5; n <= 25; n += 2) {
    INFO("dense-" << n);
    const Position got = opening(Variant::dense(n));
    int black = 0, white = 0;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        Cell want = Cell::Empty;
        if (x % 2 == 0 && y % 2 == 0) want = (x / 2 + y / 2) % 2 == 0 ? Cell::Black : Cell::White;
        INFO(point_name({x, y}));
        REQUIRE(got.at({x, y}) == want);
        black += want == Cell::Black;
        white += want == Cell::White;
      }
    // m x m stones with m = (n+1)/2; a checkerboard starting with Black has ceil(m^2/2) Black
    // and floor(m^2/2) White stones.
    const int m = (n + 1) / 2;
    CHECK(black == (m * m + 1) / 2);
    CHECK(white == m * m / 2);
    CHECK(got.count(Color::Black) == black);
    CHECK(got.count(Color::White) == white);
  }
  CHECK(opening(Variant::dense(5)).to_string() == "X1O1X/5/O1X1O/5/X1O1X X dense-5");
  CHECK(opening(Variant::dense(7)).to_string() ==
        "X1O1X1O/7/O1X1O1X/7/X1O1X1O/7/O1X1O1X X dense-7");
}

TEST_CASE("every opening is a valid start: Black to move, both sides present, no bounded root",
          "[variant]") {
  for (const Variant& v : Variant::all_named()) {
    INFO(v.name());
    const Position p = opening(v);
    CHECK(p.size() == v.size);
    CHECK(p.variant() == v);
    CHECK(p.to_move() == Color::Black);
    CHECK(p.count(Color::Black) > 0);
    CHECK(p.count(Color::White) > 0);
    CHECK_FALSE(reference::position_problem(p).has_value());
    for (const auto& r : reference::all_roots(p)) CHECK_FALSE(reference::is_bounded(p, r));
    const reference::Game g(v);
    CHECK(g.position() == p);
    CHECK(g.legal_move_count() > 0);
  }
  // The classic board: 16 single stones, each with its free orthogonal neighbours as growth
  // points (2 in a corner, 3 on an edge, 4 inside).
  CHECK(reference::all_roots(opening(Variant::classic())).size() == 16);
  CHECK(reference::growth_points(opening(Variant::classic()),
                                 reference::root_at(opening(Variant::classic()), pt("A1", 19)))
            .size() == 2);
}
