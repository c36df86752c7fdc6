// The worked examples of the rules documentation: their data model, the parser for
// docs/examples/rules_examples.txt, and the checks that hold every example to an engine.
// One data file feeds both the generated rules page and the tests, so the pictures and
// sentences in the docs cannot disagree with the engines without a test failing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::docs {

/// A lettered point of a diagram with the verdict the rules give for placing a stone there.
struct Label {
  char letter = 'a';
  Point point;
  std::optional<IllegalReason> expected;  // nullopt: the side to move may play here
  int line = 0;                           // where it was written, for error messages
};

/// "The root through `stone` has exactly these growth points" (rule 5), checked by the tests.
struct GrowthExpectation {
  Point stone;
  std::vector<Point> points;  // row-major
  int line = 0;
};

/// One worked example: a position, optionally a move, and what the rules say happens.
struct Example {
  std::string id;     // [id] in the data file; also the SVG file name
  int line = 0;       // line of the [id] header
  int rule = 0;       // the rule it illustrates (0 = variants / general)
  std::string title;  // caption and alt text
  Position start;
  std::optional<Point> move;

  // Which roots get their growth points drawn: the move's root, every root, and/or the roots
  // through the listed stones (points that hold no stone in a panel are skipped there).
  bool growth_of_move = false;
  bool growth_of_all = false;
  std::vector<Point> growth_stones;

  std::vector<Label> labels;
  std::vector<GrowthExpectation> expect_growth;
  std::optional<int> expect_legal_moves;
  // Required when there is a move, forbidden otherwise.
  std::optional<Removal> expect_removal;
  std::vector<Point> expect_removed;      // row-major
  std::optional<Color> expect_winner;     // nullopt: the game goes on
};

/// Parses the whole data file. @throws ParseError with the line (and column) of the problem.
std::vector<Example> parse_examples(std::string_view text);

/// Reads a whole file. @throws Error naming the file if it cannot be read.
std::string read_text_file(const std::string& path);

/// "A1 B2" (or "-" for none).
std::string point_list(const std::vector<Point>& points);

/// "black"/"white" style names used in the data file and sentences.
std::string colour_name(Color c);

/// "legal" or the data-file name of an IllegalReason ("occupied", "no-friendly-neighbour", ...).
std::string verdict_name(const std::optional<IllegalReason>& r);

/// Checks the rule-level facts only the reference rules can answer (growth points, the reason
/// a labelled point is illegal). Returns one message per mismatch; empty when all hold.
std::vector<std::string> check_reference_details(const Example& ex);

/// Checks everything an engine can be asked through the Engine concept: the example's start is
/// accepted, legal-move count, labelled points, and the move's removal kind, removed stones and
/// winner. Returns one message per mismatch; empty when all hold.
template <Engine G>
std::vector<std::string> check_with_engine(const Example& ex) {
  std::vector<std::string> errors;
  auto fail = [&](const std::string& what) {
    errors.push_back("example [" + ex.id + "] (line " + std::to_string(ex.line) + "): " + what);
  };
  std::optional<G> game;
  try {
    game.emplace(ex.start);
  } catch (const Error& e) {
    fail(std::string("the engine rejects the position: ") + e.what());
    return errors;
  }
  if (ex.expect_legal_moves && game->legal_move_count() != *ex.expect_legal_moves)
    fail("expected " + std::to_string(*ex.expect_legal_moves) + " legal moves, engine counts " +
         std::to_string(game->legal_move_count()));
  for (const Label& l : ex.labels)
    if (game->is_legal(l.point) != !l.expected.has_value())
      fail("label " + std::string(1, l.letter) + " (" + point_name(l.point) + "): expected " +
           verdict_name(l.expected) + ", engine says " +
           (game->is_legal(l.point) ? "legal" : "illegal"));
  if (!ex.move) return errors;
  try {
    game->play(*ex.move);
  } catch (const Error& e) {
    fail(std::string("the move is rejected: ") + e.what());
    return errors;
  }
  const MoveResult r = game->last_result();
  if (r.removal != ex.expect_removal)
    fail(std::string("expected removal ") + removal_name(*ex.expect_removal) + ", engine says " +
         removal_name(r.removal));
  if (r.removed != ex.expect_removed)
    fail("expected removed stones " + point_list(ex.expect_removed) + ", engine removes " +
         point_list(r.removed));
  if (game->winner() != ex.expect_winner)
    fail("expected winner " + (ex.expect_winner ? colour_name(*ex.expect_winner) : "none") +
         ", engine says " + (game->winner() ? colour_name(*game->winner()) : "none"));
  return errors;
}

}  // namespace tanbo::docs
