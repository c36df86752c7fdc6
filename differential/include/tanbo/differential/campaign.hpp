// Portable differential campaigns (no libFuzzer needed): seeded random scripts (script.hpp) for
// the driver of differential.hpp, a minimizer turning a diverging script into a short game record,
// reproducer files, and run_campaign(), the loop behind `tanbo diff` (the one campaign front end,
// which scripts/fuzz-campaign.sh runs). Everything here works on Scripts; bytes are the codec's
// business (script.cpp) and appear only in the reproducer's .bin file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/differential/differential.hpp"
#include "tanbo/differential/script.hpp"

namespace tanbo::differential {

/// The engine pair being checked. Empty functions mean reference vs optimized (the functions
/// of differential.hpp); tests plug in deliberately broken engines (driver.hpp: checker_for) to
/// prove that campaigns find and minimize divergences, and any other candidate engine (one
/// behind a pipe, say) plugs in the same way.
struct Checker {
  /// Runs one script (run_differential).
  std::function<std::optional<Divergence>(const Script&, DiffStats*)> run;
  /// Replays one record (replay_record).
  std::function<ReplayResult(const Position&, std::span<const Point>, bool)> replay;

  /// Runs `script` on this pair (run, or run_differential when empty).
  std::optional<Divergence> check(const Script& script, DiffStats* stats = nullptr) const;
  /// Replays a record on this pair (replay, or replay_record when empty).
  ReplayResult check_record(const Position& start, std::span<const Point> moves, bool unwind = true) const;
};

/// A random script (script.hpp) whose encoding takes at most `max_length` bytes (or just its
/// start, if a custom start alone is longer): any start (85% named variants, 15% custom), then
/// mostly legal moves (88%) with raw points, undos, copies, probes and record checks mixed in,
/// so most scripts play whole games. Deterministic.
Script random_script(Rng& rng, std::size_t max_length = 2048);

/// Seed of execution `index` of a campaign seeded with `seed`: every execution is reproducible
/// on its own as random_script(Rng(execution_seed(seed, index)), max_length).
std::uint64_t execution_seed(std::uint64_t seed, std::uint64_t index) noexcept;

/// A shrunk divergence.
struct Reproducer {
  Divergence divergence;             ///< What the reproducer shows (of the record if it reproduces).
  Position start;                    ///< Start of the minimized record.
  std::vector<Point> moves;          ///< Moves of the minimized record.
  bool record_reproduces = false;    ///< replay_record(start, moves) diverges.
  std::vector<std::uint8_t> input;   ///< Canonical bytes of the minimized script (empty when minimizing a record).
  std::size_t tests = 0;             ///< Candidate reductions tried.
};

/// Budget of a minimization.
struct MinimizeLimits {
  double seconds = 30;             ///< Wall-clock budget.
  std::size_t max_tests = 20000;   ///< Most candidates to try.
};

/// Shrinks a diverging script: its steps after the diverging one are dropped, then ddmin-style
/// deletion of chunks of steps, then the game record of the divergence is shrunk with
/// minimize_record(). nullopt if `script` does not diverge.
std::optional<Reproducer> minimize(const Script& script, MinimizeLimits limits = {},
                                   const Checker& checker = {});

/// Shrinks a record whose replay_record() diverges: the shortest diverging prefix, then deletion
/// of chunks of moves as long as the rest is still a legal game that diverges. nullopt if the
/// record does not diverge.
std::optional<Reproducer> minimize_record(const Position& start, std::vector<Point> moves,
                                          MinimizeLimits limits = {}, const Checker& checker = {});

/// Paths written by write_reproducer (empty path: not written).
struct ReproducerFiles {
  std::filesystem::path record;  ///< <stem>.txt: the game record, report as '#' comments.
  std::filesystem::path input;   ///< <stem>.bin: the fuzz input, if there is one.
  std::filesystem::path report;  ///< <stem>.log: the full report.
};

/// Writes the reproducer files into `dir` (created if needed).
/// @throws std::runtime_error naming the file that could not be written.
ReproducerFiles write_reproducer(const std::filesystem::path& dir, const std::string& stem,
                                 const Reproducer& r);

/// The shell commands that replay `files`; `diff_command` is the front-end's own spelling,
/// e.g. "tanbo diff" or "build/dev/cli/tanbo diff".
std::string replay_commands(const ReproducerFiles& files, const std::string& diff_command);

/// A progress snapshot, reported about once per progress interval.
struct CampaignProgress {
  double elapsed = 0;            ///< Seconds since the start.
  std::uint64_t executions = 0;  ///< Inputs run so far.
  DiffStats stats;               ///< Counters so far.
};

/// What run_campaign does.
struct CampaignOptions {
  double seconds = 120;             ///< Duration of the random search.
  /// If non-zero, the campaign runs exactly the executions 0..max_executions-1 (unless it stops
  /// earlier on a divergence or at `seconds`): a run bounded by work, not time, which covers the
  /// same code on every machine (tests and the coverage gate use it).
  std::uint64_t max_executions = 0;
  std::uint64_t seed = 1;           ///< Campaign seed (see execution_seed).
  unsigned jobs = 1;                ///< Worker threads.
  std::size_t max_input = 2048;     ///< Longest input generated.
  std::filesystem::path out_dir = ".";   ///< Where a reproducer is written.
  std::filesystem::path corpus_dir;      ///< If set, scripts that finish a game are saved here (canonical bytes).
  std::size_t max_saved_inputs = 64;     ///< Most inputs saved to corpus_dir.
  /// If set, each worker first writes the script it is about to run to inflight-<worker>.bin
  /// here (the files are removed at the end): a crash of an engine (a segfault, which no
  /// comparison can report) leaves the input behind for replay under sanitizers.
  std::filesystem::path inflight_dir;
  double progress_interval = 1.0;        ///< Seconds between progress calls.
  std::function<void(const CampaignProgress&)> progress;  ///< Called from the calling thread.
  MinimizeLimits minimize;               ///< Budget for shrinking a divergence.
  Checker checker;                       ///< The engines compared (default: the real ones).
};

/// What a campaign did.
struct CampaignSummary {
  double seconds = 0;                  ///< Wall time of the search (minimizing excluded).
  std::uint64_t executions = 0;        ///< Inputs run.
  DiffStats stats;                     ///< Counters over all inputs.
  std::uint64_t divergences = 0;       ///< 0, or 1: the campaign stops at the first.
  std::size_t corpus_files = 0;        ///< Files in corpus_dir afterwards.
  std::uintmax_t corpus_bytes = 0;     ///< Their total size.
  std::optional<std::uint64_t> failing_execution;  ///< Index of the diverging execution.
  std::optional<Reproducer> reproducer;            ///< The minimized divergence.
  std::optional<ReproducerFiles> files;            ///< Where it was written.
};

/// One progress line: "[  12.0 s] 1234 executions (103/s), 456789 steps compared, ...".
std::string format_progress(const CampaignProgress& p);
/// The multi-line end-of-campaign summary (and, after a divergence, the reproducer files and
/// replay commands, spelled with `diff_command`).
std::string format_summary(const CampaignSummary& s, const CampaignOptions& o,
                           const std::string& diff_command);

/// Runs random inputs on `jobs` threads until the time is up or an input diverges; then
/// minimizes the divergence and writes the reproducer into out_dir (stem
/// "diverge-<seed>-<execution>").
CampaignSummary run_campaign(const CampaignOptions& options);

}  // namespace tanbo::differential
