// Tests of the differential driver on the real engines: random scripts over every variant find no
// divergence, every step kind runs, records replay, counters count (the codec: script_test.cpp).
// check-map: code differential
#include <catch2/catch.hpp>

#include "tanbo/core/record.hpp"
#include "tanbo/differential/campaign.hpp"
#include "tanbo/differential/differential.hpp"

using namespace tanbo;
using namespace tanbo::differential;

TEST_CASE("random scripts over every variant agree, and play games to the end", "[differential]") {
  DiffStats stats;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Rng rng(seed);
    const Script script = random_script(rng, 600);
    CAPTURE(seed, script.steps.size());
    const auto d = run_differential(script, &stats);
    INFO((d ? d->report() : std::string("no divergence")));
    REQUIRE_FALSE(d.has_value());
  }
  CHECK(stats.games_over > 0);
  CHECK(stats.removals > 0);
  CHECK(stats.undos > 0);
  CHECK(stats.rejected > 0);
  CHECK(stats.steps >= stats.moves + stats.undos);
}

TEST_CASE("every step kind runs on a small board", "[differential]") {
  // lattice-5 (selector 1), then: legal, raw A1 (occupied), wide, undo, copy, multi-undo,
  // probe, record check, and undo at ply 0.
  const std::vector<std::uint8_t> input = {1,    0,    5,    kStepRaw, 2, 2, kStepWide, 0, 1,
                                           kStepUndo, kStepCopy, 3, kStepMultiUndo, 7,
                                           kStepProbe, 4, kStepRecordCheck, kStepUndo};
  DiffStats stats;
  const auto d = run_differential(input, &stats);
  INFO((d ? d->report() : std::string()));
  REQUIRE_FALSE(d);
  CHECK(stats.rejected >= 1);  // the raw point A1 is occupied
  CHECK(stats.undos >= 2);
}

TEST_CASE("custom starts both engines reject end the input without a divergence", "[differential]") {
  // 2x2 board with one Black stone only: White has no stones, both engines must refuse it.
  const std::vector<std::uint8_t> input = {kCustomStartSelector, 0, 0, 0, 0, 0, 1, 2, 3};
  DiffStats stats;
  CHECK_FALSE(run_differential(input, &stats));
  CHECK(stats.steps == 0);
}

TEST_CASE("records replay forward and back; illegal records stop without a divergence", "[differential]") {
  const GameRecord rec = parse_record("[Variant \"lattice-5\"]\nB1 D1 B2\n");
  const ReplayResult ok = replay_record(rec.start, rec.points());
  CHECK_FALSE(ok.divergence);
  CHECK(ok.moves_played == 3);
  CHECK(ok.stopped.empty());

  const GameRecord bad = parse_record("[Variant \"lattice-5\"]\nB1 C3\n");
  const ReplayResult stopped = replay_record(bad.start, bad.points());
  CHECK_FALSE(stopped.divergence);
  CHECK(stopped.moves_played == 1);
  CHECK(stopped.stopped.find("illegal") != std::string::npos);
}

TEST_CASE("random_script and execution_seed are deterministic", "[differential]") {
  Rng a(execution_seed(7, 3)), b(execution_seed(7, 3));
  CHECK(random_script(a, 100) == random_script(b, 100));
  CHECK(execution_seed(7, 3) != execution_seed(7, 4));
  CHECK(execution_seed(7, 3) != execution_seed(8, 3));
  Rng c(1);
  // Within the length, unless a custom start alone is longer (up to 67 bytes).
  for (int i = 0; i < 200; ++i) {
    const Script s = random_script(c, 40);
    CHECK((encode(s).size() <= 40 || s.steps.empty()));
  }
  CHECK(random_script(c, 0) == Script{});
}
