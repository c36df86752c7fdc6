// Testing the tester: the differential driver, fed the same random scripts a campaign uses, must
// catch each planted engine bug below within a bounded number of inputs, and
// the minimizer must turn the catch into a short record that still diverges.
// check-map: code differential
#include <catch2/catch.hpp>

#include "tanbo/differential/campaign.hpp"
#include "tanbo/differential/driver.hpp"
#include "tanbo/differential/planted/history.hpp"
#include "tanbo/differential/planted/legal.hpp"
#include "tanbo/differential/planted/removal.hpp"

using namespace tanbo;
using namespace tanbo::differential;

namespace {

// Index of the first of `limit` campaign inputs (seed 1) on which the driver diverges, the
// candidate behaving as `Bug`, or -1.
template <class Bug>
int first_catch(int limit, std::optional<Divergence>& found) {
  for (int i = 0; i < limit; ++i) {
    Rng rng(execution_seed(1, static_cast<std::uint64_t>(i)));
    Driver<Bug> driver(nullptr, "mutant");
    if ((found = driver.run(random_script(rng, 1024)))) return i;
  }
  return -1;
}

}  // namespace

TEMPLATE_TEST_CASE("each mutant engine is caught within 200 random inputs", "[differential][mutants]",
                   planted::DropsLegalMove, planted::HashFlippedAfterUndo,
                   planted::ShortRemovalList, planted::MislabelsSeveralFriendlyNeighbours,
                   planted::AcceptsMovesAfterEnd, planted::CopyForgetsHistory) {
  std::optional<Divergence> d;
  const int at = first_catch<TestType>(200, d);
  CAPTURE(at);
  REQUIRE(at >= 0);
  INFO(d->report());
  CHECK(d->report().find("DIVERGENCE") != std::string::npos);
  CHECK_FALSE(d->what.empty());
}

TEST_CASE("the unbroken wrapper is never caught", "[differential][mutants]") {
  std::optional<Divergence> d;
  CHECK(first_catch<planted::Wrapped>(30, d) == -1);
}

TEST_CASE("a caught mutant minimizes to a short record that still diverges", "[differential][mutants]") {
  std::optional<Divergence> d;
  const int at = first_catch<planted::DropsLegalMove>(200, d);
  REQUIRE(at >= 0);
  Rng rng(execution_seed(1, static_cast<std::uint64_t>(at)));
  const Script script = random_script(rng, 1024);
  const Checker checker = checker_for<planted::DropsLegalMove>("mutant");
  const auto rep = minimize(script, {20, 5000}, checker);
  REQUIRE(rep);
  INFO(rep->divergence.report());
  CHECK(rep->record_reproduces);
  // The minimized script is canonical, no longer than the original and still diverges.
  const Script shrunk = decode(rep->input);
  CHECK(encode(shrunk) == rep->input);
  CHECK(shrunk.steps.size() <= script.steps.size());
  CHECK(checker.run(shrunk, nullptr).has_value());
  CHECK(checker.replay(rep->start, rep->moves, true).divergence.has_value());
  // 1-minimal in its moves: removing the last move makes it stop diverging.
  if (!rep->moves.empty()) {
    auto shorter = rep->moves;
    shorter.pop_back();
    CHECK_FALSE(checker.replay(rep->start, shorter, true).divergence.has_value());
  }
}

TEST_CASE("a mutant campaign stops at the first divergence and writes a reproducer", "[differential][mutants]") {
  const auto dir = std::filesystem::temp_directory_path() / "tanbo-differential-mutant-campaign";
  std::filesystem::remove_all(dir);
  CampaignOptions o;
  o.seconds = 30;
  o.seed = 5;
  o.max_input = 1024;
  o.out_dir = dir;
  o.minimize = {10, 3000};
  o.checker = checker_for<planted::HashFlippedAfterUndo>("mutant");
  const CampaignSummary s = run_campaign(o);
  REQUIRE(s.divergences == 1);
  REQUIRE(s.files);
  CHECK(std::filesystem::exists(s.files->record));
  CHECK(std::filesystem::exists(s.files->report));
  CHECK(s.seconds < 30);  // found well before the time was up
  const std::string summary = format_summary(s, o, "tanbo diff");
  CHECK(summary.find("--replay") != std::string::npos);
  std::filesystem::remove_all(dir);
}
