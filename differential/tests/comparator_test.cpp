// The checker is checked: for every field each comparator depth compares (compare.hpp), an engine
// broken only there (a planted bug of planted/*.hpp) must be reported at that depth and not
// below it; and every rule of the Schedule (Full at its steps 1, 2, 4, ..., at copies and at the
// end; Consistency after removals) must report a difference visible only at that depth at the
// expected step of a differential script.
// check-map: code differential
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <string>
#include <type_traits>
#include <vector>

#include "tanbo/reference/game.hpp"
#include "tanbo/differential/compare.hpp"
#include "tanbo/differential/driver.hpp"
#include "tanbo/differential/planted/board.hpp"
#include "tanbo/differential/planted/history.hpp"
#include "tanbo/differential/planted/legal.hpp"
#include "tanbo/differential/planted/removal.hpp"

using namespace tanbo;
using namespace tanbo::differential;
using namespace tanbo::differential::planted;

namespace {

// Plays the same `plies` legal moves (#0 each time) on the reference and on `E`, from lattice-5.
template <class E>
std::pair<reference::Game, E> after(int plies) {
  std::pair<reference::Game, E> games{reference::Game(Variant::lattice(5)), E(Variant::lattice(5))};
  for (int i = 0; i < plies; ++i) {
    const Point p = games.first.legal_moves().front();
    games.first.play(p);
    games.second.play(p);
  }
  return games;
}

// The depths at which the difference of `Bug` is reported after `plies` moves, checking that the
// report names `field`.
template <class Bug>
std::vector<Depth> reported(const std::string& field, int plies = 2) {
  std::vector<Depth> out;
  for (const Depth d : {Depth::Step, Depth::Consistency, Depth::Full}) {
    const auto [ref, bad] = after<Bug>(plies);
    if (const auto what = Comparator().first_difference(ref, bad, d)) {
      INFO("depth " << static_cast<int>(d) << " reported: " << *what);
      CHECK(what->find(field) != std::string::npos);
      out.push_back(d);
    }
  }
  return out;
}

const std::vector<Depth> kAll{Depth::Step, Depth::Consistency, Depth::Full};
const std::vector<Depth> kConsistencyUp{Depth::Consistency, Depth::Full};
const std::vector<Depth> kFullOnly{Depth::Full};

}  // namespace

TEST_CASE("every depth reports each field it compares, and no depth below reports it",
          "[differential][comparator]") {
  // The unbroken wrapper: no depth reports anything.
  CHECK(reported<Forwarding<>>("").empty());
  // Depth::Step and up.
  CHECK(reported<WrongSize>("size()") == kAll);
  CHECK(reported<WrongToMove>("to_move()") == kAll);
  CHECK(reported<PlyOffByOne>("ply()") == kAll);
  CHECK(reported<IsOverInverted>("is_over()") == kAll);
  CHECK(reported<AlwaysWhiteWins>("winner()") == kAll);
  CHECK(reported<MiscountsStones<Color::Black>>("stone_count(X)") == kAll);
  CHECK(reported<MiscountsStones<Color::White>>("stone_count(O)") == kAll);
  CHECK(reported<EmptyReadsBlack>("position()") == kAll);
  CHECK(reported<WrongHashAfterMove>("hash()") == kAll);
  CHECK(reported<MiscountsLegalMoves>("legal_move_count()") == kAll);
  CHECK(reported<LegalSetSwapped>("legal moves: ") == kAll);
  CHECK(reported<LegalSetDuplicate>("legal moves: ") == kAll);
  CHECK(reported<WrongResultPlayer>("last_result()") == kAll);
  // Depth::Consistency and up.
  CHECK(reported<ReportsInconsistency>("check_consistency(): planted") == kConsistencyUp);
  // Depth::Full only.
  CHECK(reported<LegalMovesReversed>("legal_moves()") == kFullOnly);
  CHECK(reported<LastResultAtStart>("last_result()", 0) == kFullOnly);
  CHECK(reported<RootCountOffByOne>("root_count(X)") == kFullOnly);
  CHECK(reported<GrowthOffByOne>("growth_of(") == kFullOnly);
  // The board's one-pass comparison of every point is what Depth::Step asks when there is one:
  // its answer is taken (a false difference is reported at once), and at() is tested at Full.
  CHECK(reported<SameCellsAlwaysDiffers>("same_cells()") == kAll);
  CHECK(reported<AtLiesBehindSameCells>("at(") == kFullOnly);
  CHECK(reported<ForgetsVariantTag>("position()") == kFullOnly);
  CHECK(reported<WrongStartMover>("start_position()") == kFullOnly);
  CHECK(reported<MovesLoseLast>("moves()") == kFullOnly);
  CHECK(reported<RefusesFirstLegalMove<>>("is_legal(") == kFullOnly);
  CHECK(reported<OccupiedCalledNoFriend<>>("why_illegal(") == kFullOnly);
}

TEST_CASE("Depth::Step names the point where the optimized engine's stones differ from the oracle's",
          "[differential][comparator]") {
  // The optimized board answers Depth::Step's every-point comparison in one pass (same_cells());
  // a real difference is then located by at(), and no other field differs here.
  reference::Game ref(Variant::lattice(5));
  optimized::Game cand(Variant::lattice(5));
  const std::vector<Point> legal = ref.legal_moves();
  REQUIRE(legal.size() >= 2);
  ref.play(legal[0]);
  cand.play(legal[1]);
  const auto what = Comparator().first_difference(ref, cand, Depth::Step);
  REQUIRE(what.has_value());
  INFO(*what);
  CHECK(what->rfind("position(): ", 0) == 0);
  CHECK(what->find(point_name(legal[0])) != std::string::npos);
  CHECK(what->find("same_cells") == std::string::npos);
  // The same moves: nothing differs at any depth.
  cand.undo();
  cand.play(legal[0]);
  CHECK_FALSE(Comparator().first_difference(ref, cand, Depth::Full).has_value());
}

TEST_CASE("Schedule: Full at steps 1, 2, 4, 8, ... and at copies; Consistency after removals",
          "[differential][comparator]") {
  Schedule s;
  const std::vector<std::pair<Change, Depth>> steps{
      {Change::Copy, Depth::Full},      {Change::Plain, Depth::Full},  {Change::Plain, Depth::Step},
      {Change::Removal, Depth::Full},   {Change::Removal, Depth::Consistency},
      {Change::Copy, Depth::Full},      {Change::Plain, Depth::Step},  {Change::Plain, Depth::Full},
      {Change::Plain, Depth::Step},     {Change::Removal, Depth::Consistency}};
  for (std::size_t i = 0; i < steps.size(); ++i) {
    CAPTURE(i + 1);
    CHECK(s.next(steps[i].first) == steps[i].second);
  }
}

namespace {

Script plain_moves(int n) { return {Variant::classic(), std::vector<Step>(static_cast<std::size_t>(n), Step::legal(0))}; }

}  // namespace

TEST_CASE("the driver reports a Full-only difference at the next power-of-two step, a copy, or the end",
          "[differential][comparator]") {
  // Classic with legal move #0 each time: no removal in the first 12 moves (checked below).
  DiffStats stats;
  REQUIRE_FALSE(Driver<optimized::Game>(&stats).run(plain_moves(12)));
  REQUIRE(stats.removals == 0);

  auto d = Driver<MovesLoseFirstFromPly5>(nullptr, "broken").run(plain_moves(12));
  REQUIRE(d);
  // The set-up is the schedule's first step, so moves 1, 3, 7, 15 are compared in full: the
  // difference from move 5 on is seen at move 7.
  CHECK(d->step == 7);
  CHECK(d->what.find("moves()") != std::string::npos);

  Script copy_at_6 = plain_moves(5);
  copy_at_6.steps.push_back(Step::copy());
  copy_at_6.steps.push_back(Step::legal(0));
  d = Driver<MovesLoseFirstFromPly5>(nullptr, "broken").run(copy_at_6);
  REQUIRE(d);
  CHECK(d->step == 6);
  CHECK(d->action.find("copy") != std::string::npos);

  d = Driver<MovesLoseFirstFromPly5>(nullptr, "broken").run(plain_moves(6));
  REQUIRE(d);
  CHECK(d->step == 6);
  CHECK(d->action == "end of the input");
}

TEST_CASE("the driver reports a Consistency-only difference at the step that removed stones",
          "[differential][comparator]") {
  // A lattice-5 script whose first removal comes at a step that is not a power of two.
  for (std::uint8_t b = 0; b < 40; ++b) {
    Script s{Variant::lattice(5), std::vector<Step>(60, Step::legal(b))};
    reference::Game g(Variant::lattice(5));
    std::size_t removal_step = 0;
    for (std::size_t i = 0; i < s.steps.size() && !g.is_over() && removal_step == 0; ++i) {
      const auto legal = g.legal_moves();
      if (g.play(legal[b % legal.size()]).removal != Removal::None) removal_step = i + 1;
    }
    // Move k is the schedule's step k + 1 (the set-up is its first).
    if (removal_step == 0 || std::has_single_bit(removal_step + 1)) continue;
    CAPTURE(b, removal_step);
    const auto d = Driver<InconsistentAfterRemoval>(nullptr, "broken").run(s);
    REQUIRE(d);
    CHECK(d->step == removal_step);
    CHECK(d->what.find("planted after a removal") != std::string::npos);
    return;
  }
  FAIL("no script with a removal at a step that is not a power of two");
}
