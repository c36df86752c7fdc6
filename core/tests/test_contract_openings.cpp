// The shared core checked independently: every named variant's opening against a
// table written out here from the rules text (docs/rules.md, "Variants": lattice
// sizes, spacings and offsets literally; dense stones on odd columns and rows in a checkerboard
// with A1 Black, by that definition; the classic lists of rule 2 and the diagram of the original
// rules text), decoded by a ten-line reader of this file's own, so neither opening() nor
// Position::parse() is trusted to produce the expectation. Also the variant table: which names
// and sizes exist, and how other names are refused.
// In core/tests: checks core's openings and variant table (the reference rules only decode them).
// check-map: code core
#include <string>
#include <utility>
#include <vector>

#include "tanbo/reference/rules.hpp"
#include "test_util.hpp"

using namespace tanbo;

namespace {

// Board rows of each classic and lattice opening, row 1 first: X Black, O White, a number = that
// many empty points. Written from the rules text (Black to move in every opening).
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
};

// A dense opening's rows by the definition: a stone on every point whose column and row (0-based)
// are both even, the colours alternating along rows and columns, A1 Black.
std::string dense_rows(int n) {
  std::string rows;
  for (int y = 0; y < n; ++y) {
    if (y > 0) rows += '/';
    if (y % 2 == 1) rows += std::to_string(n);
    for (int x = 0; x < n && y % 2 == 0; x += 2) {
      if (x > 0) rows += '1';
      rows += (x / 2 + y / 2) % 2 == 0 ? 'X' : 'O';
    }
  }
  return rows;
}

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
          "[openings][core][rule2]") {
  std::vector<std::pair<std::string, std::string>> table = kOpenings;
  for (int n = 5; n <= 25; n += 2) table.emplace_back("dense-" + std::to_string(n), dense_rows(n));
  CHECK(dense_rows(5) == "X1O1X/5/O1X1O/5/X1O1X");  // the definition, checked against the rules text's figure
  std::vector<std::string> names;
  for (const Variant& v : Variant::all_named()) names.push_back(v.name());
  std::vector<std::string> table_names;
  for (const auto& entry : table) table_names.push_back(entry.first);
  CHECK(names == table_names);  // exactly these variants, in this order
  for (const auto& [name, rows] : table) {
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
    CHECK(Position::parse(got.to_string()) == got);
    CHECK_FALSE(reference::position_problem(got).has_value());  // a valid start: no bounded root
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
          "[openings][core][rule2]") {
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

TEST_CASE("variant table: exactly the documented names and sizes exist", "[openings][core][rule1][rule2]") {
  // docs/rules.md: lattice-N for N in {5, 7, 9, 13, 19, 21}; dense-N for odd N from 5 to 25;
  // custom-N for 2 to 25; classic is 19x19.
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
  CHECK(Variant::parse("lattice-19") != Variant::classic());  // the classic board, another variant
  // Names of no variant, each wrong in its own way; the message quotes the name escaped
  // (printable()) and cut to kQuotedTokenBytes.
  for (const char* bad : {"", "classic-19", "lattice", "lattice-", "lattice-005", "dense-", "go-19",
                          "lattice-x", "lattice--5", "lattice-+5"}) {
    INFO("'" << bad << "'");
    CHECK_THROWS_AS(Variant::parse(bad), ParseError);
  }
  const auto e = tanbo_test::thrown<ParseError>([] { Variant::parse("foo"); });
  REQUIRE(e.has_value());
  CHECK(e->token() == "foo");
  CHECK(std::string(e->what()) ==
        "unknown variant 'foo'; expected classic, lattice-N (N in 5 7 9 13 19 21), dense-N (odd N, "
        "5-25) or custom-N (N 2-25)");
  const auto b = tanbo_test::thrown<ParseError>([] { Variant::parse("lat\x1b\xfftice-5"); });
  REQUIRE(b.has_value());
  CHECK(b->reason().rfind("unknown variant 'lat\\x1b\\xfftice-5'; expected", 0) == 0);
  const auto l = tanbo_test::thrown<ParseError>([] { Variant::parse(std::string(100, 'z')); });
  REQUIRE(l.has_value());
  CHECK(l->reason().rfind("unknown variant '" + std::string(kQuotedTokenBytes, 'z') + "...';", 0) == 0);
}
