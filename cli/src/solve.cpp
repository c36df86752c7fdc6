// `tanbo solve` (strongly solve a small start: every reachable position's value and perfect-play
// length; write the table and the winner's certificate), `tanbo solve --check CERT` (check a
// certificate on the reference engine) and `tanbo probe TABLE POSITION` (value, length, every
// move's outcome and the perfect-play line from a table file; "unknown" outside it).
// Definitions and file formats: docs/solutions.md.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "common.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/api/solver.hpp"
#include "tanbo/api/start.hpp"

namespace tanbo::cli {
namespace {

struct SolveCliOptions {
  std::optional<std::string> start;
  std::optional<std::string> out;
  std::optional<std::string> certificate;
  std::optional<std::string> check;
  std::optional<std::string> verify;
  std::string engine;
  int threads = 1;
  unsigned long long budget = 0;
  bool weak = false;
  bool quiet = false;
};

// The start's name in files: the variant's canonical name, or the position string.
std::string start_text_of(const std::string& arg, const Position& start) {
  if (api::looks_like_variant_name(arg)) return Variant::parse_named(arg).name();
  return api::start_label(start);
}

int run_check(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError(kExitInput, path + ": cannot open the certificate");
  try {
    const api::CertificateSummary s = api::check_certificate(in);
    std::cout << "certificate ok: " << color_char(s.header.prover) << " wins from " << s.header.start << " within "
              << s.depth << (s.depth == 1 ? " ply" : " plies") << " ("
              << api::thousands(static_cast<std::uint64_t>(s.header.positions)) << " positions, sha256 " << s.sha256
              << ")\n";
    return kExitOk;
  } catch (const api::CertificateError& e) {
    throw CliError(kExitCheck, path + ": " + e.what());
  } catch (const ParseError& e) {
    throw CliError(kExitInput, path + ": " + e.what());
  }
}

// The weak solver on `start` (docs/solutions.md, "Beyond 5x5"): win, loss or unknown within
// --budget nodes, the best move, the perfect-play length when it was reached, the proof as a
// certificate.
int run_weak(const SolveCliOptions& o, const Position& start) {
  if (o.out) throw CliError(kExitUsage, "--out writes a strong solver's table; the weak solver (a start larger than 5x5, or --weak) has none");
  if (o.engine == "reference") throw CliError(kExitUsage, "--engine reference is for the strong solver; the weak solver runs the optimized engine");
  api::WeakBudget budget;
  if (o.budget != 0) budget.nodes = static_cast<long long>(o.budget);
  budget.proof = o.certificate.has_value();
  const auto t0 = std::chrono::steady_clock::now();
  if (!o.quiet)
    budget.progress = [t0](const api::SolveProgress& p) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::cerr << "tanbo solve: " << api::thousands(p.nodes) << " nodes, " << std::fixed
                << std::setprecision(1) << s << " s\n";
    };
  const api::WeakResult r = [&] {
    try {
      return api::solve_weak(start, budget);
    } catch (const InvalidPositionError& e) {
      throw CliError(kExitInput, "START: " + std::string(e.what()));
    }
  }();
  std::cout << "start: " << api::start_label(start) << " (weak solver)\n";
  const api::Answer& a = r.answer;
  const std::optional<Color> winner = a.winner();
  if (!winner) {
    std::cout << "value: unknown within the budget of " << api::thousands(static_cast<std::uint64_t>(budget.nodes))
              << " nodes (raise --budget)\n";
  } else if (a.outcome.length >= 0) {
    std::cout << "value: " << api::outcome_text(a.outcome, start.to_move()) << " ("
              << color_char(*winner) << " wins)\n";
  } else {
    std::cout << "value: " << color_char(*winner) << " wins (the perfect-play length was not reached within the budget)\n";
  }
  if (a.best_move) std::cout << "best move: " << point_name(*a.best_move) << '\n';
  std::cout << "nodes: " << api::thousands(static_cast<std::uint64_t>(a.nodes)) << '\n';
  if (o.certificate) {
    if (!r.proof) throw CliError(kExitInput, "no certificate: the weak solver did not prove the value within the budget");
    std::ofstream f(*o.certificate, std::ios::binary);
    if (!f) throw CliError(kExitInput, *o.certificate + ": cannot create the certificate file");
    api::write_certificate(f, api::start_label(start), start.size(), *r.proof);
    std::cout << "certificate: " << *o.certificate << " (" << api::thousands(r.proof->lines.size()) << " positions)\n";
  }
  return kExitOk;
}

// `tanbo solve --verify TABLE`: every record checked against the rules and its children's
// records (api::Solution::verify); progress and figures on stderr, the verdict on stdout.
// With a START, a table of another start is refused.
int run_verify(const std::string& path, const std::optional<Position>& start, bool quiet) {
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  // TableError (naming the file and the byte offset): exit status 1.
  const api::Solution solution = start ? api::Solution::open(path, *start) : api::Solution::open(path);
  std::function<void(const api::VerifyProgress&)> progress;
  if (!quiet)
    progress = [&seconds](const api::VerifyProgress& p) {
      std::cerr << "tanbo solve --verify: " << api::thousands(p.checked) << " of " << api::thousands(p.records)
                << " records checked, " << std::fixed << std::setprecision(1) << seconds() << " s\n";
    };
  const std::uint64_t checked = solution.verify(progress);
  const double s = seconds();
  std::cout << "table ok: " << solution.start_text() << " (" << api::thousands(checked) << " records, "
            << api::thousands(solution.positions()) << " positions, every record consistent with the rules and its children)\n"
            << "table sha256: " << solution.content_hash() << '\n';
  std::cout.flush();
  if (!quiet)
    std::cerr << "tanbo solve --verify: " << api::thousands(checked) << " records read and checked in " << std::fixed
              << std::setprecision(1) << s << " s (" << api::thousands(static_cast<std::uint64_t>(static_cast<double>(checked) / std::max(s, 1e-9)))
              << " records/s)\n";
  return kExitOk;
}

// START as given on the command line, or a usage error naming it.
Position start_argument(const std::string& text) {
  try {
    return api::read_start(text);
  } catch (const ParseError& e) {
    throw CliError(kExitUsage, "START: " + std::string(e.what()));
  }
}

// What the strong solver found about the start, on standard output.
void print_strong(const api::Solution& solution, const Position& start, const api::SolveStats& stats) {
  const api::Answer root = solution.probe(start);
  std::cout << "start: " << solution.start_text() << '\n';
  std::cout << "value: " << api::outcome_text(root.outcome, start.to_move()) << " (" << color_char(*root.winner()) << " wins)\n";
  std::cout << "winning first moves:";
  bool any = false;
  for (const api::MoveOutcome& m : root.moves)
    if (m.outcome.wins()) {
      std::cout << ' ' << point_name(m.move) << " (" << m.outcome.length << ")";
      any = true;
    }
  std::cout << (any ? "" : " none") << '\n';
  std::cout << "perfect play:";
  for (const Point p : root.line) std::cout << ' ' << point_name(p);
  std::cout << '\n';
  std::cout << "positions: " << api::thousands(stats.positions) << " (" << api::thousands(stats.classes) << " classes under "
            << stats.symmetries << (stats.symmetries == 1 ? " symmetry" : " symmetries") << ", "
            << api::thousands(stats.terminal) << " finished-game classes)\n";
  std::cout << "table sha256: " << solution.content_hash() << '\n';
}

// The table file and the certificate, when asked for.
void write_strong_files(const SolveCliOptions& o, const api::Solution& solution, int n) {
  if (o.out) {
    std::ofstream f(*o.out, std::ios::binary);
    if (!f) throw CliError(kExitInput, *o.out + ": cannot create the table file");
    solution.write(f);
    std::cout << "table: " << *o.out << '\n';
  }
  if (o.certificate) {
    std::ofstream f(*o.certificate, std::ios::binary);
    if (!f) throw CliError(kExitInput, *o.certificate + ": cannot create the certificate file");
    const api::Proof proof = solution.winner_proof();
    api::write_certificate(f, solution.start_text(), n, proof);
    const std::uint64_t lines = proof.lines.size();
    std::cout << "certificate: " << *o.certificate << " (" << api::thousands(lines) << " positions)\n";
  }
}

// The strong solver on `start`: its report, its files, and (unless quiet) its figures on stderr.
int run_strong(const SolveCliOptions& o, const Position& start) {
  api::StrongOptions options;
  options.threads = o.threads;
  options.max_classes = o.budget;
  options.engine = api::solver_engine(o.engine);
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = api::process_cpu_seconds();
  if (!o.quiet)
    options.progress = [t0](const api::SolveProgress& p) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::cerr << "tanbo solve: " << api::thousands(p.stored) << " position classes solved, " << std::fixed
                << std::setprecision(1) << s << " s\n";
    };
  api::SolveStats stats;
  const std::string text = start_text_of(*o.start, start);
  const api::Solution solution = [&] {
    try {
      return api::Solution::solve_start(start, options, &stats, text);
    } catch (const InvalidPositionError& e) {
      throw CliError(kExitInput, "START: " + std::string(e.what()));
    } catch (const UsageError& e) {
      throw CliError(kExitInput, e.what());
    }
  }();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = api::process_cpu_seconds() - cpu0;
  print_strong(solution, start, stats);
  write_strong_files(o, solution, start.size());
  std::cout.flush();
  if (!o.quiet)
    std::cerr << std::fixed << std::setprecision(1) << "tanbo solve: " << wall << " s, " << cpu << " s CPU, "
              << api::thousands(stats.nodes) << " move searches, " << stats.threads << " thread(s), peak RSS "
              << api::peak_rss_bytes() / (1024 * 1024) << " MB, hash table at peak " << stats.peak_table_bytes / (1024 * 1024)
              << " MB (" << std::setprecision(2)
              << static_cast<double>(stats.peak_table_bytes) / static_cast<double>(stats.positions)
              << " bytes/position)\n";
  return kExitOk;
}

int run_solve(const SolveCliOptions& o) {
  if (o.verify) {
    if (o.out || o.certificate || o.check || o.weak)
      throw CliError(kExitUsage, "--verify takes a table file (and the START it must be of) and nothing else");
    std::optional<Position> start;
    if (o.start) start = start_argument(*o.start);
    return run_verify(*o.verify, start, o.quiet);
  }
  if (o.check) {
    if (o.start || o.out || o.certificate) throw CliError(kExitUsage, "--check takes a certificate and nothing else");
    return run_check(*o.check);
  }
  if (!o.start) throw CliError(kExitUsage, "give a START (a variant name or a position string), --check CERT or --verify TABLE");
  const Position start = start_argument(*o.start);
  const int n = start.size();
  // Boards past the strong solver's key (5x5) get the weak solver: one position under a budget.
  if (o.weak || n * n > api::kMaxStrongPoints) return run_weak(o, start);
  return run_strong(o, start);
}

struct ProbeCliOptions {
  std::string table;
  std::string position;
  bool json = false;
};

int run_probe(const ProbeCliOptions& o) {
  Position pos(5);
  try {
    pos = api::read_start(o.position);
  } catch (const ParseError& e) {
    throw CliError(kExitInput, "POSITION: " + std::string(e.what()));
  }
  // api::Solution: TableError (with the byte offset) and UsageError (no such file, another board
  // size) leave with exit status 1.
  const api::Solution solution = api::Solution::open(o.table);
  const api::Answer r = solution.probe(pos);
  Position plain = pos;
  plain.set_variant(Variant::custom(pos.size()));
  const std::string text = api::start_label(plain);
  if (o.json) {
    nlohmann::ordered_json j;
    j["position"] = text;
    j["table"] = solution.start_text();
    j["sha256"] = solution.content_hash();
    j["known"] = r.outcome.known();
    if (r.outcome.known()) {
      j["wins"] = r.outcome.wins();
      j["winner"] = std::string(1, color_char(*r.winner()));
      j["length"] = r.outcome.length;
      nlohmann::ordered_json moves = nlohmann::ordered_json::array();
      for (const api::MoveOutcome& m : r.moves)
        moves.push_back({{"move", point_name(m.move)}, {"wins", m.outcome.wins()}, {"length", m.outcome.length}});
      j["moves"] = moves;
      nlohmann::ordered_json line = nlohmann::ordered_json::array();
      for (const Point p : r.line) line.push_back(point_name(p));
      j["line"] = line;
    }
    std::cout << j.dump() << '\n';
    return kExitOk;
  }
  std::cout << "table: " << solution.start_text() << " (sha256 " << solution.content_hash() << ")\n";
  std::cout << "position: " << text << '\n';
  if (!r.outcome.known()) {
    std::cout << "unknown: the table of " << solution.start_text() << " does not hold this position\n";
    return kExitOk;
  }
  std::cout << "value: " << api::outcome_text(r.outcome, pos.to_move()) << '\n';
  for (const api::MoveOutcome& m : r.moves)
    std::cout << "  " << point_name(m.move) << ": " << (m.outcome.wins() ? "wins" : "loses") << " in "
              << m.outcome.length << '\n';
  std::cout << "line:";
  for (const Point p : r.line) std::cout << ' ' << point_name(p);
  std::cout << '\n';
  return kExitOk;
}

}  // namespace

Command add_solve_command(CLI::App& parent) {
  auto o = std::make_shared<SolveCliOptions>();
  CLI::App* app = parent.add_subcommand(
      "solve",
      "Solve START (a variant name or a position string): strongly on boards of at most 25 points "
      "(the value and perfect-play length of every reachable position), with the weak solver (one "
      "position under --budget nodes) on larger ones or with --weak (docs/solutions.md); or check a "
      "certificate with --check, or a table file with --verify");
  add_text_option(*app, "START", o->start, "A variant name (lattice-5) or a position string");
  add_text_option(*app, "--out", o->out, "Write the table file here");
  add_text_option(*app, "--certificate", o->certificate, "Write the winner's certificate here");
  add_text_option(*app, "--check", o->check, "Check this certificate on the reference engine instead of solving");
  add_text_option(*app, "--verify", o->verify,
                  "Check every record of this table file against the rules and its children's records instead "
                  "of solving (with START: and that the table is START's)");
  add_number_option(*app, "--threads", o->threads, 1, 64, "Worker threads (the table does not depend on it)");
  add_number_option(*app, "--budget", o->budget, 0ULL, 1ULL << 50,
                    "The strong solver: stop with an error past this many position classes; the weak "
                    "solver: answer unknown past this many search nodes (0: no limit / 50,000,000)");
  app->add_flag("--weak", o->weak, "Use the weak solver even on a board of at most 25 points");
  add_engine_option(*app, o->engine);
  app->add_flag("--quiet", o->quiet, "No progress or figures on stderr");
  return {app, [o] { return run_solve(*o); }};
}

Command add_probe_command(CLI::App& parent) {
  auto o = std::make_shared<ProbeCliOptions>();
  CLI::App* app = parent.add_subcommand(
      "probe",
      "Value, perfect-play length, every legal move's outcome and the perfect-play line of POSITION "
      "from a table written by 'tanbo solve --out' ('unknown' if the table does not hold it)");
  app->add_option("TABLE", o->table, "The table file")->required();
  app->add_option("POSITION", o->position, "A position string (or a variant name: its opening)")->required();
  app->add_flag("--json", o->json, "One JSON object");
  return {app, [o] { return run_probe(*o); }};
}

}  // namespace tanbo::cli
