// Every way the differential driver reports a divergence (driver.hpp), each shown by a planted
// bug (planted/*.hpp) that takes exactly that path: a start one engine refuses, refusals
// worded apart, undo and copy failing, differences only a probe or a fresh replay sees, and an
// engine that throws while being compared and described. The report must say what happened,
// at which step and action.
// check-map: code differential
#include <catch2/catch.hpp>

#include <string>

#include "tanbo/differential/driver.hpp"
#include "tanbo/differential/planted/board.hpp"
#include "tanbo/differential/planted/history.hpp"
#include "tanbo/differential/planted/legal.hpp"
#include "tanbo/differential/planted/removal.hpp"

using namespace tanbo;
using namespace tanbo::differential;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// The divergence of the driver on `script`, the candidate behaving as `Bug`.
template <class Bug>
Divergence diverges(const Script& script) {
  const auto d = Driver<Bug>(nullptr, "broken").run(script);
  REQUIRE(d);
  INFO(d->report());
  CHECK_THAT(d->report(), Contains("broken"));
  return *d;
}

Script on_lattice5(std::vector<Step> steps) { return {Variant::lattice(5), std::move(steps)}; }

// A 5x5 start with one Black stone only: the rules refuse it (White has no stones).
Script on_lone_stone() {
  CustomStart c;
  c.size = 5;
  c.stones = {{{0, 0}, Color::Black}};
  return {c, {Step::legal(0)}};
}

}  // namespace

TEST_CASE("driver reports: a start only one engine accepts, or both refuse in other words",
          "[differential][driver]") {
  Divergence d = diverges<planted::RefusesStarts>(on_lattice5({Step::legal(0)}));
  CHECK(d.step == 0);
  CHECK_THAT(d.what, StartsWith("constructing the engines: reference accepted, candidate threw"));
  CHECK_THAT(d.what, Contains("planted: no start is good enough"));
  // Only a pair of games is kept: neither is described.
  CHECK(d.candidate.position == "(not constructed)");
  CHECK(d.reference.position == "(not constructed)");
  CHECK_THAT(d.record, Contains("lattice-5"));

  d = diverges<planted::AcceptsInvalidStarts>(on_lone_stone());
  CHECK_THAT(d.what, StartsWith("constructing the engines: reference threw InvalidPositionError"));
  CHECK_THAT(d.what, Contains("candidate accepted"));
  CHECK(d.reference.position == "(not constructed)");
  CHECK_THAT(d.action, StartsWith("set up the start"));

  d = diverges<planted::RewordsStartErrors>(on_lone_stone());
  CHECK_THAT(d.what, StartsWith("constructing the engines: "));
  CHECK_THAT(d.what, Contains("planted: not a start"));
  CHECK(d.candidate.position == "(not constructed)");
  // Refused alike (the unbroken wrapper): nothing to report.
  CHECK_FALSE(Driver<planted::Wrapped>(nullptr, "broken").run(on_lone_stone()));
}

TEST_CASE("driver reports: undo and copy failing", "[differential][driver]") {
  Divergence d = diverges<planted::UndoesNothingAtStart>(on_lattice5({Step::undo()}));
  CHECK(d.step == 1);
  CHECK(d.action == "undo 1 move(s) from ply 0");
  CHECK_THAT(d.what, StartsWith("undo(): "));
  CHECK_THAT(d.reference.attempt, Contains("UsageError"));

  d = diverges<planted::CopyThrows>(on_lattice5({Step::legal(0), Step::copy()}));
  CHECK(d.step == 2);
  CHECK_THAT(d.action, StartsWith("copy both games"));
  CHECK_THAT(d.what, StartsWith("copying threw"));
  CHECK_THAT(d.what, Contains("planted: copying fails"));
}

TEST_CASE("driver reports: differences only a probe or a fresh replay sees", "[differential][driver]") {
  // at() off the board is compared by probes only (raw points and probe steps).
  Divergence d = diverges<planted::AtOffBoardIsEmpty>(on_lattice5({Step::raw(0, 0)}));
  CHECK(d.step == 1);
  CHECK(d.action == "raw point: play (-2,-2)");
  CHECK_THAT(d.what, StartsWith("at((-2,-2)): "));
  d = diverges<planted::AtOffBoardIsEmpty>(on_lattice5({Step::probe()}));
  CHECK(d.action == "probe every point");
  CHECK_THAT(d.what, StartsWith("at("));
  // Wrong from ply 2: move 2 is compared at Depth::Step (schedule step 3), so the probe after it
  // is the first to see is_legal() or why_illegal().
  const Script probe_at_ply2 = on_lattice5({Step::legal(0), Step::legal(0), Step::probe()});
  d = diverges<planted::RefusesFirstLegalMove<2>>(probe_at_ply2);
  CHECK(d.step == 3);
  CHECK_THAT(d.what, StartsWith("is_legal("));
  CHECK_THAT(d.what, Contains("true vs false"));
  d = diverges<planted::OccupiedCalledNoFriend<2>>(probe_at_ply2);
  CHECK(d.step == 3);
  CHECK_THAT(d.what, StartsWith("why_illegal("));
  // The record check replays the moves on a fresh candidate, with no queries between them, and
  // compares it with the live candidate: a state kept right only by being read differs.
  d = diverges<planted::HashUpdatedOnlyWhenRead>(
      on_lattice5({Step::legal(0), Step::legal(0), Step::record_check()}));
  CHECK(d.step == 3);
  CHECK(d.action == "record round trip and fresh replay");
  CHECK_THAT(d.what, StartsWith("a fresh candidate replaying the moves differs: hash(): "));
  // A bug the replay shares with the candidate is not the record check's to find: the Full
  // comparison with the reference at the end of the input finds it.
  d = diverges<planted::RefusesFirstLegalMove<2>>(
      on_lattice5({Step::legal(0), Step::legal(0), Step::record_check()}));
  CHECK(d.action == "end of the input");
  CHECK_THAT(d.what, StartsWith("is_legal() accepts 4 points but legal_moves() has 5"));
}

TEST_CASE("driver reports: an engine that throws while compared and described", "[differential][driver]") {
  const Divergence d = diverges<planted::LegalMovesThrowFromPly2>(on_lattice5({Step::legal(0), Step::wide(0)}));
  CHECK(d.step == 2);
  CHECK_THAT(d.action, StartsWith("wide legal move 1/"));
  CHECK_THAT(d.what, StartsWith("comparing the states threw"));
  CHECK_THAT(d.what, Contains("planted: no list today"));
  CHECK_THAT(d.candidate.status, Contains("[describing it threw"));
  CHECK(d.moves.size() == 2);
}

TEST_CASE("driver reports: a move played, refused or thrown on differently", "[differential][driver]") {
  const Script two_moves = on_lattice5({Step::legal(0), Step::legal(0)});
  Divergence d = diverges<planted::PlayThrowsOther>(two_moves);
  CHECK(d.step == 2);
  CHECK_THAT(d.what, StartsWith("play("));
  CHECK_THAT(d.what, Contains("candidate threw unexpected"));
  CHECK_THAT(d.what, Contains("planted: out of stones"));
  d = diverges<planted::RefusesSecondMove>(two_moves);
  CHECK(d.step == 2);
  CHECK_THAT(d.what, Contains("reference returned"));
  CHECK_THAT(d.what, Contains("candidate threw IllegalMoveError"));
  CHECK(d.moves.size() == 2);  // the move the reference played is in the record
  d = diverges<planted::MiscountsPlayedRemovals>(two_moves);
  CHECK(d.step == 1);
  CHECK_THAT(d.what, Contains(", candidate returned"));
  CHECK(d.reference.attempt != d.candidate.attempt);
}
