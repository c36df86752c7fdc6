// libFuzzer target: the differential driver (differential/script.hpp documents the byte
// format). On a divergence it prints the report (step, both engines' states, the game record)
// and aborts; replay a crash file with `tanbo diff --input FILE` to get a minimized record.
// check-map: fuzz fuzz_differential [rule2][rule3][rule4][rule5][rule6][rule7][history]
// check-map: code optimized reference differential
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "tanbo/differential/differential.hpp"

namespace {

// Longest input used: longer ones are cut, so one execution stays cheap (a few ms even on 25x25
// boards): coverage-guided search needs executions per second more than long games, which
// short inputs reach through the corpus. Campaigns pass -max_len (fuzz_differential.options).
constexpr std::size_t kMaxInput = 1024;

// Counters for scripts/fuzz-campaign.sh's summary. libFuzzer's interface is a process-wide
// callback, so these are process-wide too (the harness's only global state); they are appended
// to the file named by TANBO_FUZZ_STATS when the process exits normally.
struct StatsSink {
  tanbo::differential::DiffStats stats;
  unsigned long long executions = 0;
  ~StatsSink() {
    const char* path = std::getenv("TANBO_FUZZ_STATS");
    if (!path || !*path || executions == 0) return;
    std::ofstream out(path, std::ios::app);
    out << "executions " << executions << " steps " << stats.steps << " moves " << stats.moves
        << " games_over " << stats.games_over << "\n";
  }
};

StatsSink& sink() {
  static StatsSink s;
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> input(data, std::min(size, kMaxInput));
  StatsSink& s = sink();
  ++s.executions;
  if (const auto d = tanbo::differential::run_differential(input, &s.stats)) {
    std::fprintf(stderr, "\n%s\nTo minimize into a game record: tanbo diff --input <this crash file>\n",
                 d->report().c_str());
    std::fflush(stderr);
    std::abort();
  }
  return 0;
}
