// Testing the rule-consequence oracle like the comparator: for every consequence it checks
// (consequences.hpp) a planted bug (planted_bugs.hpp) violates exactly that one, and the oracle,
// run along fixed-seed games, must report that consequence first; on the correct engines it
// must report nothing along the same games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <string>

#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/verify/consequences.hpp"
#include "tanbo/verify/planted_bugs.hpp"

using namespace tanbo;
using namespace tanbo::verify;

namespace {

// The first consequence the oracle reports along seeded random games of `G` on a few variants,
// prefixed with where it was found. Each turn first tries one random point the engine does not
// list as legal (the correct engines refuse it), then plays one of its legal moves.
template <Engine G>
std::optional<std::string> first_report() {
  for (const Variant& v : {Variant::classic(), Variant::lattice(5), Variant::lattice(9), Variant::dense(7)}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const std::string where = v.name() + ", seed " + std::to_string(seed) + ": ";
      G g(v);
      RuleOracle<G> oracle(g);
      if (auto r = oracle.check_start(g)) return where + "start: " + *r;
      Rng rng(seed);
      for (int move = 1; move <= 400; ++move) {
        const std::vector<Point> legal = g.legal_moves();
        const int n = g.size();
        const Point q{static_cast<int>(rng.below(static_cast<std::uint32_t>(n))),
                      static_cast<int>(rng.below(static_cast<std::uint32_t>(n)))};
        if (std::find(legal.begin(), legal.end(), q) == legal.end()) {
          try {
            const MoveEffect e = g.play(q);
            if (auto r = oracle.check_move(g, q, e)) return where + "move " + std::to_string(move) + ": " + *r;
            continue;
          } catch (const IllegalMoveError&) {
          }
        }
        if (legal.empty()) break;
        const Point p = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        const MoveEffect e = g.play(p);
        if (auto r = oracle.check_move(g, p, e)) return where + "move " + std::to_string(move) + ": " + *r;
      }
    }
  }
  return std::nullopt;
}

struct Case {
  const char* bug;
  std::optional<std::string> (*run)();
  const char* consequence;  // what the oracle must report (part of its text)
};

// One row per consequence, in the order consequences.hpp lists them.
const Case kCases[] = {
    // Board
    {"ReportsEmptyBoard", first_report<planted::ReportsEmptyBoard>, "both sides have no stones"},
    {"ReportsFilledBoard", first_report<planted::ReportsFilledBoard>, "(not a tree)"},
    {"HidesRemoval", first_report<planted::HidesRemoval>, "is bounded at the start of a turn"},
    // Engine state
    {"MiscountsStones", first_report<planted::MiscountsStones>, "stone_count()"},
    {"NeverOver", first_report<planted::NeverOver>, "winner()/is_over() disagree"},
    {"WrongWinner", first_report<planted::WrongWinner>, "winner()/is_over() disagree"},
    {"PositionWrongMover", first_report<planted::PositionWrongMover>, "position().to_move() differs"},
    {"ForgetsVariantTag", first_report<planted::ForgetsVariantTag>, "position()'s variant tag"},
    {"MiscountsLegalMoves", first_report<planted::MiscountsLegalMoves>, "legal_move_count()"},
    {"NoLegalMovesAfterFirstMove", first_report<planted::NoLegalMovesAfterFirstMove>, "has stones but no legal move"},
    {"LegalMovesAfterEnd", first_report<planted::LegalMovesAfterEnd>, "legal moves after the game ended"},
    {"DropsLegalMove", first_report<planted::DropsLegalMove>, "legal_moves() is not the growth points"},
    {"WrongHashAfterMove", first_report<planted::WrongHashAfterMove>, "hash() differs"},
    {"ReportsInconsistency", first_report<planted::ReportsInconsistency>, "check_consistency(): planted"},
    // Move
    {"WrongResultMove", first_report<planted::WrongResultMove>, "last_result().move"},
    {"WrongResultPlayer", first_report<planted::WrongResultPlayer>, "last_result().player"},
    {"ResultRemovalDiffers", first_report<planted::ResultRemovalDiffers>, "last_result() says removal"},
    {"TurnDoesNotPass", first_report<planted::TurnDoesNotPass>, "the turn did not pass"},
    {"AcceptsOccupiedPoint", first_report<planted::AcceptsOccupiedPoint>, "was not played on an empty point"},
    {"AcceptsSeveralFriendlyNeighbours", first_report<planted::AcceptsSeveralFriendlyNeighbours>,
     "friendly stones (rule 3: exactly one)"},
    {"AcceptsNoFriendlyNeighbour", first_report<planted::AcceptsNoFriendlyNeighbour>,
     "touches 0 friendly stones"},
    {"UnsortedRemovalList", first_report<planted::UnsortedRemovalList>, "the removed stones are not row-major"},
    {"RepeatsRemovedStone", first_report<planted::RepeatsRemovedStone>, "a stone is removed twice"},
    {"RemovesOffBoardStone", first_report<planted::RemovesOffBoardStone>, "(-1,-1) was not on the board"},
    {"RemovesEmptyPoint", first_report<planted::RemovesEmptyPoint>, "was not on the board"},
    {"MiscountsRemovedStones", first_report<planted::MiscountsRemovedStones>, "play() says it removed"},
    {"RemovesPartOfRoot", first_report<planted::RemovesPartOfRoot>, "was removed only in part"},
    {"RemovesTwoEnemyRoots", first_report<planted::RemovesTwoEnemyRoots>, " enemy roots"},
    {"RemovalKindNone", first_report<planted::RemovalKindNone>, "stones removed but the removal kind is none"},
    {"CallsBoundedRemovalExpanded", first_report<planted::CallsBoundedRemovalExpanded>,
     "an expanded-root removal did not remove exactly the expanded root"},
    {"ExpandedRemovalTakesEnemyRoot", first_report<planted::ExpandedRemovalTakesEnemyRoot>,
     "an expanded-root removal did not remove exactly the expanded root"},
    {"CallsPlainMoveBoundedRemoval", first_report<planted::CallsPlainMoveBoundedRemoval>,
     "a bounded-roots removal removed nothing"},
    {"CallsExpandedRemovalBounded", first_report<planted::CallsExpandedRemovalBounded>,
     "a bounded-roots removal removed the expanded root"},
    {"ResizesBoard", first_report<planted::ResizesBoard>, "the board after the move is 20x20"},
    {"ShowsRemovedStones", first_report<planted::ShowsRemovedStones>,
     "the board after the move is not the placement minus the removed stones"},
    // Game
    {"InflatesPly", first_report<planted::InflatesPly>, "game longer than"},
};

}  // namespace

TEST_CASE("the oracle reports nothing along games of the correct engines", "[verify][consequences]") {
  CHECK(first_report<reference::Game>() == std::nullopt);
  CHECK(first_report<optimized::Game>() == std::nullopt);
  CHECK(first_report<planted::Wrapped>() == std::nullopt);
}

TEST_CASE("the oracle reports each planted violation of a consequence first", "[verify][consequences]") {
  for (const Case& c : kCases) {
    INFO("planted bug " << c.bug << ", expected report '" << c.consequence << "'");
    const std::optional<std::string> report = c.run();
    REQUIRE(report.has_value());
    INFO("reported: " << *report);
    // The report is "<variant>, seed <s>: <start|move m>: <consequence>".
    const std::size_t at = report->find(": ", report->find(": ") + 2);
    REQUIRE(at != std::string::npos);
    CHECK(report->find(c.consequence, at) != std::string::npos);
  }
}
