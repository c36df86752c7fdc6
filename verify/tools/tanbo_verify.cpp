// tanbo-verify: the portable differential runner (what `tanbo diff` does, without the CLI's
// dependencies). Used by scripts/fuzz-campaign.sh; also turns libFuzzer crash files into
// minimized game records.
//
//   tanbo-verify [--seconds S] [--seed X] [--jobs N] [--out DIR] [--max-input N] [--quiet]
//   tanbo-verify --replay RECORD [--out DIR]    replay a game record on both engines
//   tanbo-verify --input FILE [--out DIR]       run one fuzz input (e.g. a libFuzzer crash file)
// Exit status: 0 the engines agree, 1 divergence, 2 bad usage or unreadable input.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/verify/campaign.hpp"

namespace {

using namespace tanbo;
using namespace tanbo::verify;

constexpr const char* kSelf = "tanbo-verify";

struct Options {
  std::string self = kSelf;  // argv[0], so printed replay commands work as typed
  CampaignOptions campaign;
  std::string replay, input;
  bool quiet = false;
  bool out_given = false;
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << kSelf << ": " << why << "\n"
            << "usage: " << kSelf << " [--seconds S] [--seed X] [--jobs N] [--out DIR] [--max-input N] [--quiet]\n"
            << "       " << kSelf << " --replay RECORD [--out DIR]\n"
            << "       " << kSelf << " --input FUZZ_INPUT [--out DIR]\n";
  std::exit(2);
}

// Parses a whole unsigned decimal number or calls usage().
std::uint64_t number(const std::string& flag, const std::string& text) {
  std::size_t used = 0;
  unsigned long long v = 0;
  try {
    v = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || text[0] == '-')
    usage(flag + " needs a non-negative whole number, got '" + text + "'");
  return v;
}

Options parse(int argc, char** argv) {
  Options o;
  if (argc > 0 && argv[0] && *argv[0]) o.self = argv[0];
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--seconds") o.campaign.seconds = static_cast<double>(number(a, value()));
    else if (a == "--seed") o.campaign.seed = number(a, value());
    else if (a == "--jobs") o.campaign.jobs = static_cast<unsigned>(number(a, value()));
    else if (a == "--max-input") o.campaign.max_input = number(a, value());
    else if (a == "--out") o.campaign.out_dir = value(), o.out_given = true;
    else if (a == "--replay") o.replay = value();
    else if (a == "--input") o.input = value();
    else if (a == "--quiet") o.quiet = true;
    else if (a == "--help" || a == "-h") usage("differential verification of the optimized engine");
    else usage("unknown argument '" + a + "'");
  }
  if (!o.replay.empty() && !o.input.empty()) usage("give --replay or --input, not both");
  if (o.campaign.jobs == 0) usage("--jobs must be at least 1");
  if (o.out_given) {
    o.campaign.corpus_dir = o.campaign.out_dir / "corpus";
    o.campaign.inflight_dir = o.campaign.out_dir;
  }
  return o;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << kSelf << ": cannot open '" << path << "'\n";
    std::exit(2);
  }
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int report_divergence(const Options& o, const std::optional<Reproducer>& rep, const std::string& stem) {
  if (!rep) {
    std::cout << "the engines agree\n";
    return 0;
  }
  std::cout << rep->divergence.report();
  const ReproducerFiles files = write_reproducer(o.campaign.out_dir, stem, *rep);
  std::cout << "minimized to " << rep->moves.size() << " moves; reproducer written, replay with:\n"
            << replay_commands(files, o.self);
  return 1;
}

int replay(const Options& o) {
  const std::string text = read_file(o.replay);
  GameRecord rec;
  try {
    rec = parse_record(text);
  } catch (const ParseError& e) {
    std::cerr << kSelf << ": " << o.replay << ": " << e.what() << "\n";
    return 2;
  }
  const ReplayResult r = replay_record(rec.start, rec.points());
  if (!r.divergence) {
    std::cout << o.replay << ": the engines agree on all " << r.moves_played
              << " moves (played forward, then undone)";
    if (!r.stopped.empty()) std::cout << "; stopped early: " << r.stopped;
    std::cout << "\n";
    return 0;
  }
  return report_divergence(o, minimize_record(rec.start, rec.points()), "replay-minimized");
}

int run_input(const Options& o) {
  const std::string bytes = read_file(o.input);
  const std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
  DiffStats stats;
  if (!run_differential(input, &stats)) {
    std::cout << o.input << ": the engines agree: " << format_stats(stats) << '\n';
    return 0;
  }
  return report_divergence(o, minimize(input), "input-minimized");
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse(argc, argv);
  try {
    if (!o.replay.empty()) return replay(o);
    if (!o.input.empty()) return run_input(o);
    if (!o.quiet)
      o.campaign.progress = [](const CampaignProgress& p) { std::cout << format_progress(p) << std::endl; };
    const CampaignSummary s = run_campaign(o.campaign);
    std::cout << format_summary(s, o.campaign, o.self);
    return s.divergences ? 1 : 0;
  } catch (const std::exception& e) {
    std::cerr << kSelf << ": " << e.what() << "\n";
    return 2;
  }
}
