// The worked examples of the rules page are test cases: each one must behave exactly as the
// data file says on every engine, the set must cover every rule and removal case, and the
// parser and generator must reject bad input with a located message.
// check-map: code docs reference optimized
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "examples.hpp"
#include "page.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/optimized/game.hpp"
#define TANBO_DOCS_ENGINES tanbo::reference::Game, tanbo::optimized::Game

using namespace tanbo;
using namespace tanbo::docs;

namespace {

const std::vector<Example>& examples() {
  static const std::vector<Example> all = parse_examples(read_text_file(TANBO_DOCS_EXAMPLES_FILE));
  return all;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

const Example& example(const std::string& id) {
  const auto& all = examples();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Example& e) { return e.id == id; });
  REQUIRE(it != all.end());
  return *it;
}

}  // namespace

TEST_CASE("every worked example agrees with the reference rules",
          "[rule3][rule4][rule5][rule6][rule7][docs]") {
  for (const Example& ex : examples()) {
    CAPTURE(ex.id, ex.line);
    const auto errors = check_reference_details(ex);
    INFO(joined(errors));
    CHECK(errors.empty());
  }
}

TEMPLATE_TEST_CASE("every worked example has its stated outcome on the engine",
                   "[rule3][rule4][rule5][rule6][rule7][docs]", TANBO_DOCS_ENGINES) {
  for (const Example& ex : examples()) {
    CAPTURE(ex.id, ex.line);
    const auto errors = check_with_engine<TestType>(ex);
    INFO(joined(errors));
    CHECK(errors.empty());
  }
}

TEST_CASE("the examples cover every rule, removal case and placement verdict", "[docs]") {
  std::set<int> rules;
  std::set<Removal> removals;
  std::set<std::string> verdicts;
  bool winner = false, expanded_with_others = false, both_colours = false, own_other_root = false;
  for (const Example& ex : examples()) {
    rules.insert(ex.rule);
    for (const Label& l : ex.labels) verdicts.insert(verdict_name(l.expected));
    if (!ex.move) continue;
    removals.insert(*ex.expect_removal);
    winner = winner || ex.expect_winner.has_value();
    const Color me = ex.start.to_move();
    bool mine = false, theirs = false;
    for (const Point p : ex.expect_removed) (ex.start.at(p) == stone(me) ? mine : theirs) = true;
    both_colours = both_colours || (mine && theirs);
    if (*ex.expect_removal == Removal::BoundedRoots && mine) own_other_root = true;
    // The expanded root is bounded while some other root is too: only the expanded root goes.
    if (*ex.expect_removal == Removal::ExpandedRoot) {
      Position placed = ex.start;
      placed.set(*ex.move, stone(me));
      const auto expanded = reference::root_at(placed, *ex.move);
      for (const auto& r : reference::all_roots(placed))
        if (r.stones != expanded.stones && reference::is_bounded(placed, r)) expanded_with_others = true;
    }
  }
  for (int r = 1; r <= 7; ++r) {
    CAPTURE(r);
    CHECK(rules.count(r) == 1);
  }
  CHECK(removals == std::set<Removal>{Removal::None, Removal::ExpandedRoot, Removal::BoundedRoots});
  CHECK(verdicts.count("legal") == 1);
  CHECK(verdicts.count("no-friendly-neighbour") == 1);
  CHECK(verdicts.count("several-friendly-neighbours") == 1);
  CHECK(winner);
  CHECK(both_colours);
  CHECK(own_other_root);
  CHECK(expanded_with_others);
}

TEST_CASE("the checks notice an example whose stated outcome is wrong", "[rule6][docs][planted]") {
  Example ex = example("bound-enemy");
  REQUIRE(check_with_engine<reference::Game>(ex).empty());
  SECTION("wrong removal kind") { ex.expect_removal = Removal::ExpandedRoot; }
  SECTION("wrong removed stones") { ex.expect_removed.pop_back(); }
  SECTION("wrong winner") { ex.expect_winner = Color::White; }
  CHECK(check_with_engine<reference::Game>(ex).size() == 1);
}

TEST_CASE("the example parser rejects bad data with the line and column", "[docs][errors]") {
  const std::string head = "# comment\n[ok]\ntitle: t\nposition: X3O/5/5/5/O3X X\n";
  struct Case {
    std::string text, message_part;
    int line;
  };
  const std::vector<Case> cases = {
      {head + "colour: red\n", "unknown key", 5},
      {head + "move: Z9\n", "not a point of the 5x5 board", 5},
      {head + "move: B1\nexpect-removal: none\n", "a move needs all three", 2},
      {head + "label: a B1 maybe\n", "unknown verdict 'maybe'", 5},
      {head + "expect-growth: B2: B1\n", "B2 holds no stone", 5},
      {head + "[ok]\ntitle: u\nposition: X3O/5/5/5/O3X X\n", "used twice", 5},
      {"title: t\n", "before the first [id] header", 1},
      {"[x]\nposition: X3O/5/5/5/O3Q X\ntitle: t\n", "unexpected character 'Q'", 2},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    try {
      parse_examples(c.text);
      FAIL("no error");
    } catch (const ParseError& e) {
      CHECK_THAT(e.what(), Catch::Contains(c.message_part));
      CHECK(e.line() == c.line);
    }
  }
}

TEST_CASE("the generated site is deterministic and every placeholder resolves", "[docs]") {
  const std::string tmpl = read_text_file(TANBO_DOCS_TEMPLATE_FILE);
  const Site a = generate_site(examples(), tmpl), b = generate_site(examples(), tmpl);
  CHECK(a == b);
  REQUIRE(a.count("rules.md") == 1);
  CHECK(a.at("rules.md").find("{{") == std::string::npos);
  for (const Example& ex : examples()) {
    CAPTURE(ex.id);
    CHECK(a.at("rules.md").find("(generated/" + ex.id + ".svg)") != std::string::npos);
    const std::string& svg = a.at("generated/" + ex.id + ".svg");
    CHECK(svg.rfind("<svg xmlns=", 0) == 0);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
  }
  CHECK_THROWS_WITH(generate_site(examples(), tmpl + "{{example:nope}}"), Catch::Contains("no example [nope]"));
  CHECK_THROWS_WITH(generate_site(examples(), "{{legend}}"), Catch::Contains("is never shown"));
}
