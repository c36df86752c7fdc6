// Shrinking diverging scripts and records, and writing reproducer files (the record, the
// script's canonical bytes and a report with the script described).
#include <chrono>
#include <fstream>
#include <stdexcept>

#include "tanbo/core/record.hpp"
#include "tanbo/differential/campaign.hpp"

namespace tanbo::differential {
namespace {

// Counts candidates and says when the budget is spent.
class Budget {
 public:
  explicit Budget(const MinimizeLimits& l)
      : limits_(l),
        end_(std::chrono::steady_clock::now() +
             std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                 std::chrono::duration<double>(l.seconds))) {}
  bool spent() const { return tests_ >= limits_.max_tests || std::chrono::steady_clock::now() > end_; }
  void count() { ++tests_; }
  std::size_t tests() const { return tests_; }

 private:
  MinimizeLimits limits_;
  std::chrono::steady_clock::time_point end_;
  std::size_t tests_ = 0;
};

// ddmin-style reduction of `items`: delete chunks of halving size while `still_fails` holds.
// `still_fails` receives a candidate and returns whether it keeps the failure.
template <class T, class Pred>
void delete_chunks(std::vector<T>& items, Budget& budget, std::size_t keep_front, Pred still_fails) {
  for (std::size_t chunk = std::max<std::size_t>(1, items.size() / 2); chunk >= 1; chunk /= 2) {
    bool removed_any = true;
    while (removed_any && !budget.spent()) {
      removed_any = false;
      // From the back: late moves/steps are the ones whose removal keeps earlier ones legal.
      for (std::size_t end = items.size(); end > keep_front && !budget.spent();) {
        const std::size_t begin = end >= keep_front + chunk ? end - chunk : keep_front;
        std::vector<T> candidate(items.begin(), items.begin() + static_cast<long>(begin));
        candidate.insert(candidate.end(), items.begin() + static_cast<long>(end), items.end());
        budget.count();
        if (still_fails(candidate)) {
          items = std::move(candidate);
          removed_any = true;
        }
        end = begin;
      }
    }
    if (chunk == 1) break;
  }
}

std::optional<Reproducer> shrink_record(const Position& start, std::vector<Point> moves,
                                        Budget& budget, const Checker& checker) {
  auto diverges = [&](std::span<const Point> m) {
    budget.count();
    return checker.check_record(start, m).divergence;
  };
  auto d = diverges(moves);
  if (!d) return std::nullopt;
  // Shortest diverging prefix. A divergence found while playing forward at step k is already
  // one for the first k moves; otherwise binary-search (failures are near-monotone in length).
  if (d->step > 0 && d->step <= moves.size() && diverges(std::span(moves).first(d->step))) {
    moves.resize(d->step);
  } else {
    std::size_t lo = 0, hi = moves.size();
    while (lo < hi && !budget.spent()) {
      const std::size_t mid = (lo + hi) / 2;
      if (diverges(std::span(moves).first(mid))) hi = mid;
      else lo = mid + 1;
    }
    moves.resize(hi);
  }
  delete_chunks(moves, budget, 0, [&](const std::vector<Point>& m) {
    return checker.check_record(start, m).divergence.has_value();
  });
  Reproducer r;
  r.start = start;
  r.moves = moves;
  r.divergence = *checker.check_record(start, moves).divergence;
  r.record_reproduces = true;
  return r;
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  out.close();
  if (!out) throw std::runtime_error("cannot write '" + path.string() + "'");
}

}  // namespace

std::optional<Divergence> Checker::check(const Script& script, DiffStats* stats) const {
  return run ? run(script, stats) : run_differential(script, stats);
}

ReplayResult Checker::check_record(const Position& start, std::span<const Point> moves, bool unwind) const {
  return replay ? replay(start, moves, unwind) : replay_record(start, moves, unwind);
}

std::optional<Reproducer> minimize_record(const Position& start, std::vector<Point> moves,
                                          MinimizeLimits limits, const Checker& checker) {
  Budget budget(limits);
  auto r = shrink_record(start, std::move(moves), budget, checker);
  if (r) r->tests = budget.tests();
  return r;
}

std::optional<Reproducer> minimize(const Script& script, MinimizeLimits limits, const Checker& checker) {
  // Half the budget for the steps, the rest for the record.
  Budget step_budget({limits.seconds / 2, limits.max_tests / 2});
  auto first = checker.check(script);
  if (!first) return std::nullopt;
  Script s = script;
  // Cut right after the diverging step (step k of the report is steps[k - 1]; 0 is the start).
  if (first->step < s.steps.size()) {
    Script cut{s.start, {s.steps.begin(), s.steps.begin() + static_cast<long>(first->step)}};
    step_budget.count();
    if (checker.check(cut)) s = std::move(cut);
  }
  delete_chunks(s.steps, step_budget, 0, [&](const std::vector<Step>& steps) {
    return checker.check(Script{s.start, steps}).has_value();
  });
  Reproducer out;
  out.input = encode(s);
  out.divergence = *checker.check(s);
  out.start = out.divergence.start;
  out.moves = out.divergence.moves;
  Budget record_budget({limits.seconds / 2, limits.max_tests - limits.max_tests / 2});
  if (auto rec = shrink_record(out.start, out.moves, record_budget, checker)) {
    out.start = rec->start;
    out.moves = rec->moves;
    out.divergence = rec->divergence;
    out.record_reproduces = true;
  }
  out.tests = step_budget.tests() + record_budget.tests();
  return out;
}

ReproducerFiles write_reproducer(const std::filesystem::path& dir, const std::string& stem,
                                 const Reproducer& r) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("cannot create directory '" + dir.string() + "': " + ec.message());
  ReproducerFiles files;
  const std::string report = r.divergence.report();
  std::string text = "# tanbo differential reproducer: replaying this record ";
  text += r.record_reproduces
              ? "makes the engines diverge.\n"
              : "does NOT diverge by itself;\n# the divergence needs the undo/copy steps of " +
                    stem + ".bin (replay that file instead).\n";
  std::size_t from = 0;
  while (from < report.size()) {
    std::size_t eol = report.find('\n', from);
    if (eol == std::string::npos) eol = report.size();
    text += "# " + report.substr(from, eol - from) + "\n";
    from = eol + 1;
  }
  text += format_record(r.start, r.moves);
  files.record = dir / (stem + ".txt");
  write_file(files.record, text);
  files.report = dir / (stem + ".log");
  write_file(files.report, r.input.empty() ? report
                                           : report + "\nscript of " + stem + ".bin:\n" + describe(decode(r.input)));
  if (!r.input.empty()) {
    files.input = dir / (stem + ".bin");
    write_file(files.input, std::string(r.input.begin(), r.input.end()));
  }
  return files;
}

std::string replay_commands(const ReproducerFiles& files, const std::string& diff_command) {
  std::string out;
  if (!files.record.empty()) {
    out += "  " + diff_command + " --replay " + files.record.string() + "\n";
    out += "  tanbo replay --engine optimized " + files.record.string() + "\n";
  }
  if (!files.input.empty()) {
    out += "  " + diff_command + " --input " + files.input.string() + "\n";
    out += "  fuzz_differential " + files.input.string() + "   (any build of fuzz/)\n";
  }
  return out;
}

}  // namespace tanbo::differential
