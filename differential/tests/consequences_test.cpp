// Testing the rule-consequence oracle like the comparator: for every consequence it checks
// (consequences.hpp) a planted bug (planted/*.hpp) violates exactly that one, and the oracle,
// run along fixed-seed games, must report that consequence first; on the correct engines it
// must report nothing along the same games. A consequence of a move is shown to bite whoever
// moves and in each case of rule 6 the bug can occur in: the bug narrowed to Black's moves, to
// White's, and to each removal kind (planted::Only), must each be reported.
// check-map: code differential
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/differential/consequences.hpp"
#include "tanbo/differential/planted/board.hpp"
#include "tanbo/differential/planted/legal.hpp"
#include "tanbo/differential/planted/removal.hpp"

using namespace tanbo;
using namespace tanbo::differential;
using planted::Whose;

namespace {

// The first consequence the oracle reports along seeded random games of `G` on a few variants,
// prefixed with where it was found. Each turn first tries one random point the engine does not
// list as legal (the correct engines refuse it), then plays one of its legal moves.
template <EngineGame G>
std::optional<std::string> first_report(const std::function<void(G&)>& set_up = {}) {
  for (const Variant& v : {Variant::classic(), Variant::lattice(5), Variant::lattice(9), Variant::dense(7)}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const std::string where = v.name() + ", seed " + std::to_string(seed) + ": ";
      G g(v);
      if (set_up) set_up(g);
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

// The oracle reports `consequence` first along the games of `Bug`. The report is
// "<variant>, seed <s>: <start|move m>: <consequence>".
template <class Bug>
void expect_report(const std::string& bug, const char* consequence, const std::function<void(Bug&)>& set_up = {}) {
  INFO("planted bug " << bug << ", expected report '" << consequence << "'");
  const std::optional<std::string> report = first_report<Bug>(set_up);
  REQUIRE(report.has_value());
  INFO("reported: " << *report);
  const std::size_t at = report->find(": ", report->find(": ") + 2);
  REQUIRE(at != std::string::npos);
  CHECK(report->find(consequence, at) != std::string::npos);
}

// A move bug (a TamperedMoves) narrowed to each side, and to each of `kinds` if any are named.
template <class Bug>
void expect_for_each_side(const std::string& bug, const char* consequence, std::vector<Removal> kinds = {}) {
  std::vector<std::optional<Removal>> narrowings(kinds.begin(), kinds.end());
  if (narrowings.empty()) narrowings.emplace_back();
  for (const Color side : {Color::Black, Color::White})
    for (const std::optional<Removal>& kind : narrowings)
      expect_report<planted::Only<Bug>>(
          bug + " on " + color_char(side) + "'s " + (kind ? std::string(removal_name(*kind)) + " " : "") + "moves",
          consequence, [&](planted::Only<Bug>& g) { g.mover = side, g.kind = kind; });
}

}  // namespace

TEST_CASE("the oracle reports nothing along games of the correct engines",
          "[differential][consequences][rule2][rule3][rule4][rule5][rule6][rule7]") {
  CHECK(first_report<reference::Game>() == std::nullopt);
  CHECK(first_report<optimized::Game>() == std::nullopt);
  CHECK(first_report<planted::Wrapped>() == std::nullopt);
}

// One check per consequence, in the order consequences.hpp lists them.
TEST_CASE("the oracle reports each planted violation of a board or state consequence first",
          "[differential][consequences][rule1][rule2][rule4][rule5][rule7]") {
  // Board
  expect_report<planted::ReportsEmptyBoard>("ReportsEmptyBoard", "both sides have no stones");
  expect_report<planted::ReportsFilledBoard>("ReportsFilledBoard", "(not a tree)");
  expect_report<planted::HidesRemoval>("HidesRemoval", "is bounded at the start of a turn");
  // ... the same consequence for each side and each case of rule 6 that removes from it
  expect_report<planted::KeepsBoundedRoot<Whose::Mover, Removal::ExpandedRoot>>(
      "KeepsBoundedRoot<Mover, ExpandedRoot>", "(the side that just moved) is bounded at the start of a turn");
  expect_report<planted::KeepsBoundedRoot<Whose::Mover, Removal::BoundedRoots>>(
      "KeepsBoundedRoot<Mover, BoundedRoots>", "(the side that just moved) is bounded at the start of a turn");
  expect_report<planted::KeepsBoundedRoot<Whose::NextToMove, Removal::BoundedRoots>>(
      "KeepsBoundedRoot<NextToMove, BoundedRoots>", "(the side to move) is bounded at the start of a turn");
  // Engine state
  expect_report<planted::MiscountsStones<Color::Black>>("MiscountsStones<Black>", "stone_count()");
  expect_report<planted::MiscountsStones<Color::White>>("MiscountsStones<White>", "stone_count()");
  expect_report<planted::NeverOver>("NeverOver", "winner()/is_over() disagree");
  expect_report<planted::WrongWinner>("WrongWinner", "winner()/is_over() disagree");
  expect_report<planted::PositionWrongMover>("PositionWrongMover", "position().to_move() differs");
  expect_report<planted::ForgetsVariantTag>("ForgetsVariantTag", "position()'s variant tag");
  expect_report<planted::MiscountsLegalMoves>("MiscountsLegalMoves", "legal_move_count()");
  expect_report<planted::NoLegalMovesAfterFirstMove>("NoLegalMovesAfterFirstMove", "has stones but no legal move");
  expect_report<planted::LegalMovesAfterEnd>("LegalMovesAfterEnd", "legal moves after the game ended");
  expect_report<planted::DropsLegalMove>("DropsLegalMove", "legal_moves() is not the growth points");
  expect_report<planted::WrongHashAfterMove>("WrongHashAfterMove", "hash() differs");
  expect_report<planted::ReportsInconsistency>("ReportsInconsistency", "check_consistency(): planted");
  // Game
  expect_report<planted::InflatesPly>("InflatesPly", "game longer than");
}

TEST_CASE("the oracle reports each planted violation of a move consequence first, for each side and case of rule 6",
          "[differential][consequences][rule3][rule6]") {
  using enum Removal;
  expect_for_each_side<planted::WrongResultMove>("WrongResultMove", "last_result().move");
  expect_for_each_side<planted::WrongResultPlayer>("WrongResultPlayer", "last_result().player");
  expect_for_each_side<planted::ResultRemovalDiffers>("ResultRemovalDiffers", "last_result() says removal",
      {ExpandedRoot, BoundedRoots});
  expect_report<planted::TurnDoesNotPass>("TurnDoesNotPass", "the turn did not pass");
  expect_report<planted::AcceptsOccupiedPoint>("AcceptsOccupiedPoint", "was not played on an empty point");
  expect_report<planted::AcceptsSeveralFriendlyNeighbours>("AcceptsSeveralFriendlyNeighbours",
                                                           "friendly stones (rule 3: exactly one)");
  expect_report<planted::AcceptsNoFriendlyNeighbour>("AcceptsNoFriendlyNeighbour", "touches 0 friendly stones");
  expect_for_each_side<planted::UnsortedRemovalList>(
      "UnsortedRemovalList", "the removed stones are not row-major", {ExpandedRoot, BoundedRoots});
  expect_for_each_side<planted::RepeatsRemovedStone>("RepeatsRemovedStone", "a stone is removed twice",
      {ExpandedRoot, BoundedRoots});
  expect_for_each_side<planted::RemovesOffBoardStone>("RemovesOffBoardStone", "(-1,-1) was not on the board",
      {ExpandedRoot, BoundedRoots});
  expect_for_each_side<planted::RemovesEmptyPoint>("RemovesEmptyPoint", "was not on the board",
      {None, ExpandedRoot, BoundedRoots});
  expect_for_each_side<planted::MiscountsRemovedStones>("MiscountsRemovedStones", "play() says it removed",
      {ExpandedRoot, BoundedRoots});
  expect_for_each_side<planted::RemovesPartOfRoot>("RemovesPartOfRoot", "was removed only in part");
  expect_for_each_side<planted::RemovesTwoEnemyRoots>("RemovesTwoEnemyRoots", " enemy roots",
      {ExpandedRoot, BoundedRoots});
  expect_for_each_side<planted::RemovalKindNone>(
      "RemovalKindNone", "stones removed but the removal kind is none", {ExpandedRoot, BoundedRoots});
  expect_for_each_side<planted::CallsBoundedRemovalExpanded>(
      "CallsBoundedRemovalExpanded", "an expanded-root removal did not remove exactly the expanded root");
  expect_for_each_side<planted::ExpandedRemovalTakesEnemyRoot>(
      "ExpandedRemovalTakesEnemyRoot", "an expanded-root removal did not remove exactly the expanded root");
  expect_for_each_side<planted::CallsPlainMoveBoundedRemoval>("CallsPlainMoveBoundedRemoval",
                                                              "a bounded-roots removal removed nothing");
  expect_for_each_side<planted::CallsExpandedRemovalBounded>("CallsExpandedRemovalBounded",
                                                             "a bounded-roots removal removed the expanded root");
  expect_report<planted::ResizesBoard>("ResizesBoard", "the board after the move is 20x20");
  expect_report<planted::ShowsRemovedStones>("ShowsRemovedStones",
                                              "the board after the move is not the placement minus the removed stones");
}
