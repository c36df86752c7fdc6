// Tests of reproducer files and of campaigns on the real engines (short, fixed seeds).
// check-map: code differential
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>
#include <iterator>

#include "tanbo/core/record.hpp"
#include "tanbo/differential/campaign.hpp"

using namespace tanbo;
using namespace tanbo::differential;

TEST_CASE("scripts and records that do not diverge do not minimize", "[differential]") {
  CHECK_FALSE(minimize(decode(std::vector<std::uint8_t>{1, 0, 0, 0})));
  const GameRecord rec = parse_record("[Variant \"lattice-5\"]\nB1 D1\n");
  CHECK_FALSE(minimize_record(rec.start, rec.points()));
}

TEST_CASE("reproducer files hold a record that parses back", "[differential]") {
  Reproducer r;
  r.start = opening(Variant::lattice(5));
  r.moves = {{1, 0}, {3, 0}};
  r.divergence.start = r.start;
  r.divergence.moves = r.moves;
  r.divergence.what = "made up for the test";
  r.record_reproduces = true;
  r.input = {1, 2, 3};
  const auto dir = std::filesystem::temp_directory_path() / "tanbo-differential-repro-test";
  std::filesystem::remove_all(dir);
  const ReproducerFiles f = write_reproducer(dir, "x", r);
  std::ifstream in(f.record);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const GameRecord back = parse_record(text);
  CHECK(back.start == r.start);
  CHECK(back.points() == r.moves);
  CHECK(text.find("made up for the test") != std::string::npos);
  CHECK(std::filesystem::file_size(f.input) == 3);
  CHECK(replay_commands(f, "tanbo diff").find("tanbo diff --replay") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a short real campaign runs, agrees and reports progress", "[differential]") {
  CampaignOptions o;
  o.seconds = 600;  // a safety net only: the run is bounded by its count
  o.max_executions = 400;
  o.seed = 42;
  o.jobs = 2;
  o.max_input = 512;
  o.progress_interval = 0.05;
  std::atomic<int> calls{0};
  o.progress = [&](const CampaignProgress&) { ++calls; };
  // The first input waits until two progress lines were printed mid-run, so the mid-run
  // progress path runs on every machine, however fast it finishes 400 inputs (bounded wait).
  std::atomic<bool> waited{false};
  o.checker.run = [&](const Script& script, DiffStats* stats) {
    if (!waited.exchange(true))
      for (int i = 0; i < 6000 && calls.load() < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return run_differential(script, stats);
  };
  const CampaignSummary s = run_campaign(o);
  CHECK(s.divergences == 0);
  CHECK(s.executions == 400);
  CHECK(s.stats.steps > 0);
  CHECK(calls >= 3);  // two mid-run, one at the end
  CHECK(format_summary(s, o, "tanbo diff").find("executions") != std::string::npos);
}
