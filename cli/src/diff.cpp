// `tanbo diff`: the one differential campaign front end (differential/README.md), checking the optimized
// engine (or, with --engine, an external one) against the reference engine with the driver of
// tanbo::differential; every mode goes through one differential::Checker, candidate(). By default a seeded
// random campaign for --seconds with a progress line per second and a summary; --replay plays a
// game record on both engines, --input runs one fuzz input (e.g. a libFuzzer crash file). On a
// divergence it writes a minimized reproducer into --out, prints the commands replaying it and
// exits with kExitCheck (the CLI's one table of exit statuses, cli/README.md); the campaign
// script scripts/fuzz-campaign.sh runs this command.
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

#include "common.hpp"
#include "tanbo/differential/campaign.hpp"
#include "tanbo/conformance/external_engine.hpp"

namespace tanbo::cli {
namespace {

struct DiffOptions {
  double seconds = 60;
  std::uint64_t executions = 0;  // 0: bounded by --seconds only
  std::uint64_t seed = 1;
  unsigned jobs = 1;
  std::size_t max_input = 2048;
  std::optional<std::string> out;
  std::optional<std::string> replay;
  std::optional<std::string> input;
  bool quiet = false;
  std::optional<std::string> engine;  // a program speaking docs/protocol.md, checked instead of optimized
};

// The engine checked against the reference: the --engine program, or (empty) optimized.
differential::Checker candidate(const DiffOptions& o) {
  if (!o.engine) return differential::Checker{};
  return conformance::external_checker(conformance::start_external_engine(*o.engine), "engine");
}

// How the reproducer's replay commands spell this command (with --engine when one is checked).
std::string diff_command(const DiffOptions& o) {
  return o.engine ? "tanbo diff --engine \"" + *o.engine + "\"" : "tanbo diff";
}

// Prints a divergence, writes its reproducer and returns kExitCheck (or kExitOk if none).
int report(const DiffOptions& o, const std::optional<differential::Reproducer>& rep, const std::string& stem) {
  if (!rep) {
    std::cout << "the engines agree\n";
    return kExitOk;
  }
  std::cout << rep->divergence.report();
  const differential::ReproducerFiles files =
      differential::write_reproducer(o.out.value_or("."), stem, *rep);
  std::cout << "minimized to " << rep->moves.size()
            << " moves; reproducer written, replay it with:\n"
            << differential::replay_commands(files, diff_command(o));
  return kExitCheck;
}

int replay_record_file(const DiffOptions& o) {
  const RecordInput in = read_record(*o.replay, Variant::classic());
  const GameRecord& rec = in.record;
  const differential::Checker checker = candidate(o);
  const differential::ReplayResult r = checker.check_record(rec.start, rec.points());
  if (r.divergence) return report(o, differential::minimize_record(rec.start, rec.points(), {}, checker), "replay-minimized");
  std::cout << printable(in.input.name) << ": the engines agree on all " << r.moves_played
            << " moves (played forward, then undone)";
  if (!r.stopped.empty()) std::cout << "; stopped early: " << r.stopped;
  std::cout << '\n';
  return kExitOk;
}

int run_input_file(const DiffOptions& o) {
  const Input in = read_input(*o.input);
  const differential::Script script = differential::decode(std::vector<std::uint8_t>(in.text.begin(), in.text.end()));
  differential::DiffStats stats;
  const differential::Checker checker = candidate(o);
  if (checker.check(script, &stats)) return report(o, differential::minimize(script, {}, checker), "input-minimized");
  std::cout << printable(in.name) << ": the engines agree: " << differential::format_stats(stats) << '\n';
  return kExitOk;
}

int run_diff(const DiffOptions& o) {
  if (o.out) ensure_directory("--out", *o.out);
  if (o.replay) return replay_record_file(o);
  if (o.input) return run_input_file(o);
  differential::CampaignOptions c;
  c.seconds = o.seconds;
  c.max_executions = o.executions;
  c.seed = o.seed;
  c.jobs = o.jobs;
  c.max_input = o.max_input;
  if (o.out) {
    c.out_dir = *o.out;
    c.corpus_dir = c.out_dir / "corpus";
    c.inflight_dir = c.out_dir;  // a crashing input stays behind as DIR/inflight-N.bin
  }
  if (!o.quiet)
    c.progress = [](const differential::CampaignProgress& p) {
      std::cout << differential::format_progress(p) << std::endl;  // flushed: progress is for watching
    };
  if (o.engine) {
    c.checker = candidate(o);
    c.jobs = 1;  // one process answers one request at a time
  }
  const differential::CampaignSummary s = differential::run_campaign(c);
  std::cout << differential::format_summary(s, c, diff_command(o));
  return s.divergences ? kExitCheck : kExitOk;
}

}  // namespace

Command add_diff_command(CLI::App& parent) {
  auto o = std::make_shared<DiffOptions>();
  CLI::App* app = parent.add_subcommand(
      "diff",
      "Run the reference and optimized engines side by side on random games (or a record) and "
      "report the first difference; exit status 3 on a divergence");
  // The cap keeps the deadline representable (a duration in nanoseconds); it is four months.
  add_number_option(*app, "--seconds", o->seconds, 0.0, 1e7, "Duration of the random campaign")
      ->default_str("60");
  add_number_option(*app, "--executions", o->executions, std::uint64_t{1},
                    std::numeric_limits<std::uint64_t>::max(),
                    "Stop after this many random inputs (executions 0..N-1: the same work on every "
                    "machine, whatever its speed), or at --seconds if that comes first");
  add_number_option(*app, "--seed", o->seed, std::uint64_t{0},
                    std::numeric_limits<std::uint64_t>::max(),
                    "Campaign seed; execution i uses a seed derived from it")
      ->default_str("1");
  add_number_option(*app, "--jobs", o->jobs, 1u, 256u, "Worker threads")->default_str("1");
  add_number_option(*app, "--max-input", o->max_input, std::size_t{1}, std::size_t{1} << 20,
                    "Longest random input, in bytes (about one step each)")
      ->default_str("2048");
  add_text_option(*app, "--out", o->out,
                  "Directory for the reproducer of a divergence (default: the current directory) "
                  "and, in a campaign, for inputs that finished a game (DIR/corpus)")
      ->type_name("DIR");
  CLI::Option* replay = add_text_option(
      *app, "--replay", o->replay, "Replay this game record on both engines (forward, then undone)");
  CLI::Option* input = add_text_option(
      *app, "--input", o->input,
      "Run this fuzz input (e.g. a fuzz_differential crash file) on both engines");
  replay->type_name("FILE")->excludes(input);
  input->type_name("FILE");
  app->add_flag("--quiet", o->quiet, "No progress lines, just the summary");
  add_text_option(*app, "--engine", o->engine,
                  "Check this program, speaking the engine protocol (docs/protocol.md), instead of "
                  "the optimized engine, e.g. \"python3 -m tanbo.serve\" (one job)")
      ->type_name("CMD");
  return {app, [o] { return run_diff(*o); }};
}

}  // namespace tanbo::cli
