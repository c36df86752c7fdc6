// Shared core checked independently (issue 10, part 3): every named variant's opening against a
// table written out literally here from the rules text (README "Variants" and docs/rules.md:
// lattice sizes, spacings and offsets; dense stones on odd columns and rows in a checkerboard
// with A1 Black; the classic lists of rule 2 and the diagram of the original rules text), decoded
// by a ten-line reader of this file's own, so neither opening() nor Position::parse() is trusted
// to produce the expectation. Also the variant table: which names and sizes exist.
#include <string>
#include <utility>
#include <vector>

#include "test_util.hpp"

using namespace tanbo;

namespace {

// Board rows of each opening, row 1 first: X Black, O White, a number = that many empty points.
// Written from the rules text (Black to move in every opening).
const std::vector<std::pair<std::string, std::string>> kOpenings = {
    {"classic", "X5O5X5O/19/19/19/19/19/O5X5O5X/19/19/19/19/19/X5O5X5O/19/19/19/19/19/O5X5O5X"},
    {"lattice-5", "X3O/5/5/5/O3X"},
    {"lattice-7", "X5O/7/7/7/7/7/O5X"},
    {"lattice-9", "9/1X5O1/9/9/9/9/9/1O5X1/9"},
    {"lattice-13", "X3O3X3O/13/13/13/O3X3O3X/13/13/13/X3O3X3O/13/13/13/O3X3O3X"},
    {"lattice-19", "X5O5X5O/19/19/19/19/19/O5X5O5X/19/19/19/19/19/X5O5X5O/19/19/19/19/19/O5X5O5X"},
    {"lattice-21",
     "X3O3X3O3X3O/21/21/21/O3X3O3X3O3X/21/21/21/X3O3X3O3X3O/21/21/21/"
     "O3X3O3X3O3X/21/21/21/X3O3X3O3X3O/21/21/21/O3X3O3X3O3X"},
    {"dense-5",
     "X1O1X/5/O1X1O/5/X1O1X"},
    {"dense-7",
     "X1O1X1O/7/O1X1O1X/7/X1O1X1O/7/O1X1O1X"},
    {"dense-9",
     "X1O1X1O1X/9/O1X1O1X1O/9/X1O1X1O1X/9/O1X1O1X1O/9/X1O1X1O1X"},
    {"dense-11",
     "X1O1X1O1X1O/11/O1X1O1X1O1X/11/X1O1X1O1X1O/11/O1X1O1X1O1X/11/"
     "X1O1X1O1X1O/11/O1X1O1X1O1X"},
    {"dense-13",
     "X1O1X1O1X1O1X/13/O1X1O1X1O1X1O/13/X1O1X1O1X1O1X/13/O1X1O1X1O1X1O/13/"
     "X1O1X1O1X1O1X/13/O1X1O1X1O1X1O/13/X1O1X1O1X1O1X"},
    {"dense-15",
     "X1O1X1O1X1O1X1O/15/O1X1O1X1O1X1O1X/15/X1O1X1O1X1O1X1O/15/"
     "O1X1O1X1O1X1O1X/15/X1O1X1O1X1O1X1O/15/O1X1O1X1O1X1O1X/15/"
     "X1O1X1O1X1O1X1O/15/O1X1O1X1O1X1O1X"},
    {"dense-17",
     "X1O1X1O1X1O1X1O1X/17/O1X1O1X1O1X1O1X1O/17/X1O1X1O1X1O1X1O1X/17/"
     "O1X1O1X1O1X1O1X1O/17/X1O1X1O1X1O1X1O1X/17/O1X1O1X1O1X1O1X1O/17/"
     "X1O1X1O1X1O1X1O1X/17/O1X1O1X1O1X1O1X1O/17/X1O1X1O1X1O1X1O1X"},
    {"dense-19",
     "X1O1X1O1X1O1X1O1X1O/19/O1X1O1X1O1X1O1X1O1X/19/X1O1X1O1X1O1X1O1X1O/19/"
     "O1X1O1X1O1X1O1X1O1X/19/X1O1X1O1X1O1X1O1X1O/19/O1X1O1X1O1X1O1X1O1X/19/"
     "X1O1X1O1X1O1X1O1X1O/19/O1X1O1X1O1X1O1X1O1X/19/X1O1X1O1X1O1X1O1X1O/19/"
     "O1X1O1X1O1X1O1X1O1X"},
    {"dense-21",
     "X1O1X1O1X1O1X1O1X1O1X/21/O1X1O1X1O1X1O1X1O1X1O/21/"
     "X1O1X1O1X1O1X1O1X1O1X/21/O1X1O1X1O1X1O1X1O1X1O/21/"
     "X1O1X1O1X1O1X1O1X1O1X/21/O1X1O1X1O1X1O1X1O1X1O/21/"
     "X1O1X1O1X1O1X1O1X1O1X/21/O1X1O1X1O1X1O1X1O1X1O/21/"
     "X1O1X1O1X1O1X1O1X1O1X/21/O1X1O1X1O1X1O1X1O1X1O/21/"
     "X1O1X1O1X1O1X1O1X1O1X"},
    {"dense-23",
     "X1O1X1O1X1O1X1O1X1O1X1O/23/O1X1O1X1O1X1O1X1O1X1O1X/23/"
     "X1O1X1O1X1O1X1O1X1O1X1O/23/O1X1O1X1O1X1O1X1O1X1O1X/23/"
     "X1O1X1O1X1O1X1O1X1O1X1O/23/O1X1O1X1O1X1O1X1O1X1O1X/23/"
     "X1O1X1O1X1O1X1O1X1O1X1O/23/O1X1O1X1O1X1O1X1O1X1O1X/23/"
     "X1O1X1O1X1O1X1O1X1O1X1O/23/O1X1O1X1O1X1O1X1O1X1O1X/23/"
     "X1O1X1O1X1O1X1O1X1O1X1O/23/O1X1O1X1O1X1O1X1O1X1O1X"},
    {"dense-25",
     "X1O1X1O1X1O1X1O1X1O1X1O1X/25/O1X1O1X1O1X1O1X1O1X1O1X1O/25/"
     "X1O1X1O1X1O1X1O1X1O1X1O1X/25/O1X1O1X1O1X1O1X1O1X1O1X1O/25/"
     "X1O1X1O1X1O1X1O1X1O1X1O1X/25/O1X1O1X1O1X1O1X1O1X1O1X1O/25/"
     "X1O1X1O1X1O1X1O1X1O1X1O1X/25/O1X1O1X1O1X1O1X1O1X1O1X1O/25/"
     "X1O1X1O1X1O1X1O1X1O1X1O1X/25/O1X1O1X1O1X1O1X1O1X1O1X1O/25/"
     "X1O1X1O1X1O1X1O1X1O1X1O1X/25/O1X1O1X1O1X1O1X1O1X1O1X1O/25/"
     "X1O1X1O1X1O1X1O1X1O1X1O1X"},
};

// The original rules text's diagram of the classic opening, transcribed row by row (its two
// stray ',' marks at F7 and F19 are empty points).
const char* const kOriginalDiagram[19] = {
    "X.....O.....X.....O", "...................", "...................", "...................",
    "...................", "...................", "O.....X.....O.....X", "...................",
    "...................", "...................", "...................", "...................",
    "X.....O.....X.....O", "...................", "...................", "...................",
    "...................", "...................", "O.....X.....O.....X"};

// This file's own reader of the rows above: cells in row-major order.
std::vector<Cell> decode(const std::string& rows) {
  std::vector<Cell> out;
  int run = 0;
  for (const char ch : rows) {
    if (ch >= '0' && ch <= '9') {
      run = run * 10 + (ch - '0');
      continue;
    }
    out.insert(out.end(), static_cast<std::size_t>(run), Cell::Empty);
    run = 0;
    if (ch == 'X') out.push_back(Cell::Black);
    if (ch == 'O') out.push_back(Cell::White);
  }
  out.insert(out.end(), static_cast<std::size_t>(run), Cell::Empty);
  return out;
}

}  // namespace

TEST_CASE("openings: every named variant's opening is the rules text's, written out literally",
          "[openings][core]") {
  std::vector<std::string> names;
  for (const Variant& v : Variant::all_named()) names.push_back(v.name());
  std::vector<std::string> table_names;
  for (const auto& entry : kOpenings) table_names.push_back(entry.first);
  CHECK(names == table_names);  // exactly these variants, in this order
  for (const auto& [name, rows] : kOpenings) {
    INFO(name);
    const Variant v = Variant::parse(name);
    const Position got = opening(v);
    const std::vector<Cell> want = decode(rows);
    REQUIRE(want.size() == static_cast<std::size_t>(v.size * v.size));
    CHECK(got.size() == v.size);
    CHECK(got.cells() == want);
    CHECK(got.to_move() == Color::Black);
    CHECK(got.variant() == v);
    CHECK(got.to_string() == rows + " X " + name);
    int black = 0, white = 0;
    for (const Cell c : want) {
      black += c == Cell::Black;
      white += c == Cell::White;
    }
    CHECK(got.count(Color::Black) == black);
    CHECK(got.count(Color::White) == white);
  }
}

TEST_CASE("openings: classic is rule 2's stone lists and the original rules text's diagram",
          "[openings][core]") {
  const Position classic = opening(Variant::classic());
  std::vector<Cell> diagram;
  for (const char* row : kOriginalDiagram)
    for (const char* c = row; *c; ++c) diagram.push_back(*c == 'X' ? Cell::Black : *c == 'O' ? Cell::White : Cell::Empty);
  CHECK(classic.cells() == diagram);
  for (const char* name : {"A1", "M1", "G7", "S7", "A13", "M13", "G19", "S19"})
    CHECK(classic.at(tanbo_test::pt(name, 19)) == Cell::Black);
  for (const char* name : {"G1", "S1", "A7", "M7", "G13", "S13", "A19", "M19"})
    CHECK(classic.at(tanbo_test::pt(name, 19)) == Cell::White);
  CHECK(classic.count(Color::Black) == 8);
  CHECK(classic.count(Color::White) == 8);
  CHECK(opening(Variant::lattice(19)).cells() == classic.cells());  // "the same as lattice-19"
}

TEST_CASE("variant table: exactly the documented names and sizes exist", "[openings][core]") {
  // README: lattice-N for N in {5, 7, 9, 13, 19, 21}; dense-N for odd N from 5 to 25; custom-N
  // for 2 to 25; classic is 19x19.
  for (int n = -2; n <= 30; ++n) {
    INFO("n = " << n);
    const bool lattice = n == 5 || n == 7 || n == 9 || n == 13 || n == 19 || n == 21;
    const bool dense = n >= 5 && n <= 25 && n % 2 == 1;
    const bool custom = n >= 2 && n <= 25;
    CHECK(!tanbo_test::thrown<ParseError>([&] { Variant::lattice(n); }) == lattice);
    CHECK(!tanbo_test::thrown<ParseError>([&] { Variant::dense(n); }) == dense);
    CHECK(!tanbo_test::thrown<ParseError>([&] { Variant::custom(n); }) == custom);
    const std::string s = std::to_string(n);
    for (const auto& [family, ok] : {std::pair<std::string, bool>{"lattice-", lattice}, {"dense-", dense}, {"custom-", custom}}) {
      const std::string name = family + s;
      INFO(name);
      if (!ok) {
        CHECK_THROWS_AS(Variant::parse(name), ParseError);
        continue;
      }
      const Variant v = Variant::parse(name);
      CHECK(v.size == n);
      CHECK(v.name() == name);
      CHECK(v.kind == (family == "lattice-" ? VariantKind::Lattice : family == "dense-" ? VariantKind::Dense : VariantKind::Custom));
      std::string upper = name;
      for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      CHECK(Variant::parse(upper) == v);
      CHECK_THROWS_AS(Variant::parse(" " + name), ParseError);
      if (v.kind == VariantKind::Custom) CHECK_THROWS_AS(opening(v), InvalidPositionError);
    }
  }
  CHECK(Variant::classic() == Variant{VariantKind::Classic, 19});
  CHECK(Variant::parse("Classic") == Variant::classic());
  CHECK(Variant::classic().name() == "classic");
  CHECK(Variant{} == Variant::classic());
  CHECK_THROWS_AS(opening(Variant{VariantKind::Classic, 9}), InvalidPositionError);
  CHECK_THROWS_AS(opening(Variant{VariantKind::Lattice, 11}), InvalidPositionError);
  CHECK_THROWS_AS(opening(Variant{VariantKind::Dense, 6}), InvalidPositionError);
}
