// Tests of the campaign's side outputs and failure paths: inputs saved as a corpus, in-flight
// files cleaned up, the summary and progress lines, reproducer files that cannot be written, a
// record that does not reproduce alone, and minimization under a spent budget.
// check-map: code differential
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "tanbo/core/record.hpp"
#include "tanbo/differential/campaign.hpp"
#include "tanbo/differential/driver.hpp"
#include "tanbo/differential/planted/history.hpp"

using namespace tanbo;
using namespace tanbo::differential;
using Catch::Matchers::Contains;

namespace {

std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(dir);
  return dir;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a campaign saves game-ending inputs as a corpus and removes its in-flight files",
          "[differential][campaign]") {
  const auto dir = fresh_dir("tanbo-differential-campaign-corpus");
  CampaignOptions o;
  o.seconds = 600;          // a safety net only: the run is bounded by its count
  o.max_executions = 200;   // the same inputs, so the same files, on every machine
  o.seed = 7;
  o.max_input = 512;
  o.corpus_dir = dir / "corpus";
  o.inflight_dir = dir / "inflight";
  o.max_saved_inputs = 3;
  const CampaignSummary s = run_campaign(o);
  CHECK(s.divergences == 0);
  CHECK(s.executions == 200);
  CHECK(s.corpus_files == 3);  // 200 inputs finish far more than three games
  CHECK(s.corpus_bytes > 0);
  CHECK(std::filesystem::is_empty(o.inflight_dir));  // inflight-0.bin was removed at the end
  // Each saved input is the canonical encoding of a script that runs without a divergence.
  for (const auto& e : std::filesystem::directory_iterator(o.corpus_dir)) {
    const std::string bytes = read_text(e.path());
    const Script script = decode(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
    CHECK_FALSE(run_differential(script));
  }
  const std::string summary = format_summary(s, o, "tanbo diff");
  CHECK_THAT(summary, Contains("reference vs optimized"));
  CHECK_THAT(summary, Contains("corpus              3 inputs, "));
  CHECK_THAT(summary, Contains("divergences         0\n"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("progress lines give the elapsed time, executions and rates", "[differential][campaign]") {
  CampaignProgress p;
  p.elapsed = 2;
  p.executions = 10;
  p.stats.steps = 400;
  CHECK_THAT(format_progress(p), Contains("[    2.0 s] 10 executions (5/s, 200 steps/s): "));
  p.elapsed = 0;  // rates over no time are taken over one second, not divided by zero
  CHECK_THAT(format_progress(p), Contains("(10/s, 400 steps/s)"));
}

TEST_CASE("reproducer files: errors name the path; a record that needs the script says so",
          "[differential][campaign]") {
  const auto dir = fresh_dir("tanbo-differential-repro-errors");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "file") << "x";
  Reproducer r;
  r.start = opening(Variant::lattice(5));
  r.divergence.start = r.start;
  r.divergence.what = "line one\nline two";
  r.record_reproduces = false;
  // A directory under a regular file cannot be created.
  CHECK_THROWS_WITH(write_reproducer(dir / "file" / "sub", "x", r),
                    Contains("cannot create directory '" + (dir / "file" / "sub").string() + "': "));
  // A record path that is a directory cannot be written.
  std::filesystem::create_directories(dir / "y.txt");
  CHECK_THROWS_WITH(write_reproducer(dir, "y", r), "cannot write '" + (dir / "y.txt").string() + "'");
  // Without input bytes: no .bin, and the record says it does not diverge by itself.
  const ReproducerFiles f = write_reproducer(dir, "z", r);
  CHECK(f.input.empty());
  const std::string text = read_text(f.record);
  CHECK_THAT(text, Contains("does NOT diverge by itself"));
  CHECK_THAT(text, Contains("# difference:  line one\n# line two\n"));
  const std::string commands = replay_commands(f, "tanbo diff");
  CHECK_THAT(commands, Contains("--replay"));
  CHECK_THAT(commands, !Contains("--input"));
  CHECK(replay_commands(ReproducerFiles{}, "tanbo diff").empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("minimizing under a spent budget still returns a diverging reproducer", "[differential][campaign]") {
  const Checker checker = checker_for<planted::HashFlippedAfterUndo>("mutant");
  // Find a diverging script from fixed seeds (the mutant campaign test shows there is one).
  std::optional<Script> failing;
  for (std::uint64_t i = 0; i < 500 && !failing; ++i) {
    Rng rng(execution_seed(5, i));
    Script s = random_script(rng, 1024);
    if (checker.check(s)) failing = std::move(s);
  }
  REQUIRE(failing);
  const std::optional<Reproducer> r = minimize(*failing, {0, 1}, checker);  // no time, one test
  REQUIRE(r);
  CHECK(r->tests <= 2);
  CHECK(checker.check(decode(r->input)).has_value());
}
