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
#include "tanbo/verify/driver.hpp"
#include "tanbo/verify/planted_bugs.hpp"

using namespace tanbo;
using namespace tanbo::verify;

namespace {

// The first consequence the oracle reports along seeded random games of `G` on a few variants,
// prefixed with where it was found. Each turn first tries one random point the engine does not
// list as legal (the correct engines refuse it), then plays one of its legal moves.
// `make` makes the games (G's constructor by default).
template <EngineGame G, class Make = Construct<G>>
std::optional<std::string> first_report(Make make = {}) {
  for (const Variant& v : {Variant::classic(), Variant::lattice(5), Variant::lattice(9), Variant::dense(7)}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const std::string where = v.name() + ", seed " + std::to_string(seed) + ": ";
      G g = make(v);
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

// The oracle's bugs as one engine type: one instantiation of the oracle (as a checker has)
// must report each.
using Oracle = planted::OneOf<planted::Wrapped, planted::ReportsEmptyBoard, planted::ReportsFilledBoard, planted::HidesRemoval, planted::MiscountsStones, planted::NeverOver, planted::WrongWinner, planted::PositionWrongMover, planted::ForgetsVariantTag, planted::MiscountsLegalMoves, planted::NoLegalMovesAfterFirstMove, planted::LegalMovesAfterEnd, planted::DropsLegalMove, planted::WrongHashAfterMove, planted::ReportsInconsistency, planted::WrongResultMove, planted::WrongResultPlayer, planted::ResultRemovalDiffers, planted::TurnDoesNotPass, planted::AcceptsOccupiedPoint, planted::AcceptsSeveralFriendlyNeighbours, planted::AcceptsNoFriendlyNeighbour, planted::UnsortedRemovalList, planted::RepeatsRemovedStone, planted::RemovesOffBoardStone, planted::RemovesEmptyPoint, planted::MiscountsRemovedStones, planted::RemovesPartOfRoot, planted::RemovesTwoEnemyRoots, planted::RemovalKindNone, planted::CallsBoundedRemovalExpanded, planted::ExpandedRemovalTakesEnemyRoot, planted::CallsPlainMoveBoundedRemoval, planted::CallsExpandedRemovalBounded, planted::ResizesBoard, planted::ShowsRemovedStones, planted::InflatesPly,
    planted::KeepsBoundedRoot<planted::Whose::Mover, Removal::ExpandedRoot>,
    planted::KeepsBoundedRoot<planted::Whose::Mover, Removal::BoundedRoots>,
    planted::KeepsBoundedRoot<planted::Whose::NextToMove, Removal::BoundedRoots>>;

struct Case {
  const char* bug;
  Oracle::Maker make;
  const char* consequence;  // what the oracle must report (part of its text)
};

// One row per consequence, in the order consequences.hpp lists them.
const Case kCases[] = {
    // Board
    {"ReportsEmptyBoard", Oracle::maker<planted::ReportsEmptyBoard>(), "both sides have no stones"},
    {"ReportsFilledBoard", Oracle::maker<planted::ReportsFilledBoard>(), "(not a tree)"},
    {"HidesRemoval", Oracle::maker<planted::HidesRemoval>(), "is bounded at the start of a turn"},
    // ... the same consequence for each side and each case of rule 6 that removes from it
    {"KeepsBoundedRoot<Mover, ExpandedRoot>",
     Oracle::maker<planted::KeepsBoundedRoot<planted::Whose::Mover, Removal::ExpandedRoot>>(),
     "(the side that just moved) is bounded at the start of a turn"},
    {"KeepsBoundedRoot<Mover, BoundedRoots>",
     Oracle::maker<planted::KeepsBoundedRoot<planted::Whose::Mover, Removal::BoundedRoots>>(),
     "(the side that just moved) is bounded at the start of a turn"},
    {"KeepsBoundedRoot<NextToMove, BoundedRoots>",
     Oracle::maker<planted::KeepsBoundedRoot<planted::Whose::NextToMove, Removal::BoundedRoots>>(),
     "(the side to move) is bounded at the start of a turn"},
    // Engine state
    {"MiscountsStones", Oracle::maker<planted::MiscountsStones>(), "stone_count()"},
    {"NeverOver", Oracle::maker<planted::NeverOver>(), "winner()/is_over() disagree"},
    {"WrongWinner", Oracle::maker<planted::WrongWinner>(), "winner()/is_over() disagree"},
    {"PositionWrongMover", Oracle::maker<planted::PositionWrongMover>(), "position().to_move() differs"},
    {"ForgetsVariantTag", Oracle::maker<planted::ForgetsVariantTag>(), "position()'s variant tag"},
    {"MiscountsLegalMoves", Oracle::maker<planted::MiscountsLegalMoves>(), "legal_move_count()"},
    {"NoLegalMovesAfterFirstMove", Oracle::maker<planted::NoLegalMovesAfterFirstMove>(), "has stones but no legal move"},
    {"LegalMovesAfterEnd", Oracle::maker<planted::LegalMovesAfterEnd>(), "legal moves after the game ended"},
    {"DropsLegalMove", Oracle::maker<planted::DropsLegalMove>(), "legal_moves() is not the growth points"},
    {"WrongHashAfterMove", Oracle::maker<planted::WrongHashAfterMove>(), "hash() differs"},
    {"ReportsInconsistency", Oracle::maker<planted::ReportsInconsistency>(), "check_consistency(): planted"},
    // Move
    {"WrongResultMove", Oracle::maker<planted::WrongResultMove>(), "last_result().move"},
    {"WrongResultPlayer", Oracle::maker<planted::WrongResultPlayer>(), "last_result().player"},
    {"ResultRemovalDiffers", Oracle::maker<planted::ResultRemovalDiffers>(), "last_result() says removal"},
    {"TurnDoesNotPass", Oracle::maker<planted::TurnDoesNotPass>(), "the turn did not pass"},
    {"AcceptsOccupiedPoint", Oracle::maker<planted::AcceptsOccupiedPoint>(), "was not played on an empty point"},
    {"AcceptsSeveralFriendlyNeighbours", Oracle::maker<planted::AcceptsSeveralFriendlyNeighbours>(),
     "friendly stones (rule 3: exactly one)"},
    {"AcceptsNoFriendlyNeighbour", Oracle::maker<planted::AcceptsNoFriendlyNeighbour>(),
     "touches 0 friendly stones"},
    {"UnsortedRemovalList", Oracle::maker<planted::UnsortedRemovalList>(), "the removed stones are not row-major"},
    {"RepeatsRemovedStone", Oracle::maker<planted::RepeatsRemovedStone>(), "a stone is removed twice"},
    {"RemovesOffBoardStone", Oracle::maker<planted::RemovesOffBoardStone>(), "(-1,-1) was not on the board"},
    {"RemovesEmptyPoint", Oracle::maker<planted::RemovesEmptyPoint>(), "was not on the board"},
    {"MiscountsRemovedStones", Oracle::maker<planted::MiscountsRemovedStones>(), "play() says it removed"},
    {"RemovesPartOfRoot", Oracle::maker<planted::RemovesPartOfRoot>(), "was removed only in part"},
    {"RemovesTwoEnemyRoots", Oracle::maker<planted::RemovesTwoEnemyRoots>(), " enemy roots"},
    {"RemovalKindNone", Oracle::maker<planted::RemovalKindNone>(), "stones removed but the removal kind is none"},
    {"CallsBoundedRemovalExpanded", Oracle::maker<planted::CallsBoundedRemovalExpanded>(),
     "an expanded-root removal did not remove exactly the expanded root"},
    {"ExpandedRemovalTakesEnemyRoot", Oracle::maker<planted::ExpandedRemovalTakesEnemyRoot>(),
     "an expanded-root removal did not remove exactly the expanded root"},
    {"CallsPlainMoveBoundedRemoval", Oracle::maker<planted::CallsPlainMoveBoundedRemoval>(),
     "a bounded-roots removal removed nothing"},
    {"CallsExpandedRemovalBounded", Oracle::maker<planted::CallsExpandedRemovalBounded>(),
     "a bounded-roots removal removed the expanded root"},
    {"ResizesBoard", Oracle::maker<planted::ResizesBoard>(), "the board after the move is 20x20"},
    {"ShowsRemovedStones", Oracle::maker<planted::ShowsRemovedStones>(),
     "the board after the move is not the placement minus the removed stones"},
    // Game
    {"InflatesPly", Oracle::maker<planted::InflatesPly>(), "game longer than"},
};

}  // namespace

TEST_CASE("the oracle reports nothing along games of the correct engines", "[verify][consequences]") {
  CHECK(first_report<reference::Game>() == std::nullopt);
  CHECK(first_report<optimized::Game>() == std::nullopt);
  CHECK(first_report<planted::Wrapped>() == std::nullopt);
  CHECK(first_report<Oracle>(Oracle::maker<planted::Wrapped>()) == std::nullopt);
}

TEST_CASE("the oracle reports each planted violation of a consequence first", "[verify][consequences]") {
  for (const Case& c : kCases) {
    INFO("planted bug " << c.bug << ", expected report '" << c.consequence << "'");
    const std::optional<std::string> report = first_report<Oracle>(c.make);
    REQUIRE(report.has_value());
    INFO("reported: " << *report);
    // The report is "<variant>, seed <s>: <start|move m>: <consequence>".
    const std::size_t at = report->find(": ", report->find(": ") + 2);
    REQUIRE(at != std::string::npos);
    CHECK(report->find(c.consequence, at) != std::string::npos);
  }
}
