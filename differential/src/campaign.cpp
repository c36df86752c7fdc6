// Random inputs and the multi-threaded portable campaign loop.
#include "tanbo/differential/campaign.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>

#include "tanbo/core/mix.hpp"

namespace tanbo::differential {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// One step drawn from the mix documented in campaign.hpp.
Step random_step(Rng& rng) {
  const std::uint32_t r = rng.below(1000);
  auto byte = [&](std::uint32_t below) { return static_cast<std::uint8_t>(rng.below(below)); };
  if (r < 880) return Step::legal(byte(kStepRaw));
  if (r < 910) {
    std::uint8_t xy[2];
    for (std::uint8_t& c : xy)  // coordinates, now and then the INT_MIN / INT_MAX extremes
      c = rng.below(20) == 0 ? static_cast<std::uint8_t>(0xFE + byte(2)) : byte(0xFE);
    return Step::raw(xy[0], xy[1]);
  }
  if (r < 920) {
    const std::uint8_t low = byte(8);
    return Step::wide(static_cast<std::uint16_t>(rng.below(0x10000)), low);
  }
  if (r < 960) return Step::undo();
  if (r < 970) return Step::copy();
  if (r < 985) return Step::multi_undo(static_cast<std::uint8_t>(1 + byte(8)));
  if (r < 992) return Step::probe();
  return Step::record_check();
}

std::pair<std::size_t, std::uintmax_t> directory_size(const std::filesystem::path& dir) {
  std::size_t files = 0;
  std::uintmax_t bytes = 0;
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_directory(dir, ec)) return {0, 0};
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec)) continue;
    ++files;
    bytes += e.file_size(ec);
  }
  return {files, bytes};
}

// State shared by the worker threads of one campaign (owned by run_campaign, not global).
struct Shared {
  Shared(const CampaignOptions& o, Clock::time_point end) : options(o), deadline(end) {}
  const CampaignOptions& options;
  Clock::time_point deadline;
  std::atomic<std::uint64_t> next_index{0};
  std::atomic<bool> stop{false};
  std::atomic<unsigned> running{0};  // workers not yet returned (the count bound ends them)
  std::mutex mutex;  // guards everything below
  std::uint64_t executions = 0;
  DiffStats stats;
  std::size_t saved = 0;
  std::optional<std::uint64_t> failing_index;
  Script failing_script;
};

std::filesystem::path inflight_path(const CampaignOptions& o, unsigned worker) {
  return o.inflight_dir / ("inflight-" + std::to_string(worker) + ".bin");
}

void write_script(const std::filesystem::path& path, const Script& script) {
  const std::vector<std::uint8_t> bytes = encode(script);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void worker(Shared& s, unsigned id) {
  const CampaignOptions& o = s.options;
  struct Done {
    Shared& s;
    ~Done() { --s.running; }
  } done{s};
  while (!s.stop.load() && Clock::now() < s.deadline) {
    const std::uint64_t index = s.next_index.fetch_add(1);
    if (o.max_executions != 0 && index >= o.max_executions) break;
    Rng rng(execution_seed(o.seed, index));
    const Script script = random_script(rng, o.max_input);
    if (!o.inflight_dir.empty()) write_script(inflight_path(o, id), script);
    DiffStats local;
    const auto d = o.checker.check(script, &local);
    const std::lock_guard<std::mutex> lock(s.mutex);
    ++s.executions;
    s.stats += local;
    if (d) {
      if (!s.failing_index) {
        s.failing_index = index;
        s.failing_script = script;
      }
      s.stop = true;
    } else if (!o.corpus_dir.empty() && local.games_over > 0 && s.saved < o.max_saved_inputs) {
      // Inputs that play a game to its end make good seeds for libFuzzer.
      write_script(o.corpus_dir / ("exec-" + std::to_string(index) + ".bin"), script);
      ++s.saved;
    }
  }
}

}  // namespace

Script random_script(Rng& rng, std::size_t max_length) {
  if (max_length == 0) return {};
  // Long scripts are favoured: three quarters get at least half the maximum.
  const std::size_t half = max_length / 2;
  const std::size_t length = rng.below(4) == 0
                                 ? 1 + rng.below(static_cast<std::uint32_t>(max_length))
                                 : half + rng.below(static_cast<std::uint32_t>(max_length - half + 1));
  Script script;
  const std::vector<Variant> named = Variant::all_named();
  if (rng.below(100) < 85) {
    script.start = named[rng.below(static_cast<std::uint32_t>(named.size()))];
  } else {
    CustomStart c;
    c.size = kMinSize + static_cast<int>(rng.below(kMaxSize - kMinSize + 1));
    c.to_move = rng.below(2) ? Color::White : Color::Black;
    const std::uint32_t stones = 1 + rng.below(32);
    const auto n = static_cast<std::uint32_t>(c.size);
    for (std::uint32_t i = 0; i < stones; ++i) {
      const Point p{static_cast<int>(rng.below(n)), static_cast<int>(rng.below(n))};
      c.stones.push_back({p, rng.below(2) ? Color::White : Color::Black});
    }
    script.start = std::move(c);
  }
  for (std::size_t size = script.offset_of(0);;) {
    const Step step = random_step(rng);
    if (size + step.size() > length) break;
    script.steps.push_back(step);
    size += step.size();
  }
  return script;
}

std::uint64_t execution_seed(std::uint64_t seed, std::uint64_t index) noexcept {
  // One splitmix64 round over (seed, index): distinct, well-mixed streams per execution.
  return mix64(seed * kSplitmixIncrement + index + 0x632BE59BD9B4E019ull);
}

CampaignSummary run_campaign(const CampaignOptions& o) {
  const Clock::time_point t0 = Clock::now();
  Shared s(o, t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds)));
  if (!o.corpus_dir.empty()) std::filesystem::create_directories(o.corpus_dir);
  if (!o.inflight_dir.empty()) std::filesystem::create_directories(o.inflight_dir);
  std::vector<std::thread> threads;
  s.running = std::max(1u, o.jobs);
  for (unsigned i = 0; i < std::max(1u, o.jobs); ++i) threads.emplace_back(worker, std::ref(s), i);

  // Progress from this thread while the workers run.
  const auto interval = std::chrono::duration<double>(std::max(0.05, o.progress_interval));
  Clock::time_point next_report = t0 + std::chrono::duration_cast<Clock::duration>(interval);
  while (!s.stop.load() && Clock::now() < s.deadline && s.running.load() > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (o.progress && Clock::now() >= next_report) {
      CampaignProgress p;
      {
        const std::lock_guard<std::mutex> lock(s.mutex);
        p = {seconds_since(t0), s.executions, s.stats};
      }
      o.progress(p);
      next_report += std::chrono::duration_cast<Clock::duration>(interval);
    }
  }
  for (auto& t : threads) t.join();

  CampaignSummary sum;
  sum.seconds = seconds_since(t0);
  sum.executions = s.executions;
  sum.stats = s.stats;
  if (o.progress) o.progress({sum.seconds, sum.executions, sum.stats});
  if (s.failing_index) {
    sum.divergences = 1;
    sum.failing_execution = s.failing_index;
    sum.reproducer = minimize(s.failing_script, o.minimize, o.checker);
    if (sum.reproducer)
      sum.files = write_reproducer(o.out_dir, "diverge-" + std::to_string(o.seed) + "-" +
                                                  std::to_string(*s.failing_index),
                                   *sum.reproducer);
  }
  std::tie(sum.corpus_files, sum.corpus_bytes) = directory_size(o.corpus_dir);
  // Only now: minimizing reruns the failing input, which may crash an engine too.
  if (!o.inflight_dir.empty()) {
    std::error_code ec;  // best effort: leftovers are harmless
    for (unsigned i = 0; i < std::max(1u, o.jobs); ++i) std::filesystem::remove(inflight_path(o, i), ec);
  }
  return sum;
}

std::string format_progress(const CampaignProgress& p) {
  char buf[128];
  const double t = p.elapsed > 0 ? p.elapsed : 1.0;
  std::snprintf(buf, sizeof buf, "[%7.1f s] %llu executions (%.0f/s, %.0f steps/s): ", p.elapsed,
                static_cast<unsigned long long>(p.executions), static_cast<double>(p.executions) / t,
                static_cast<double>(p.stats.steps) / t);
  return buf + format_stats(p.stats);
}

std::string format_summary(const CampaignSummary& s, const CampaignOptions& o,
                           const std::string& diff_command) {
  auto line = [](const std::string& k, const std::string& v) {
    return "  " + k + std::string(k.size() < 20 ? 20 - k.size() : 1, ' ') + v + "\n";
  };
  auto num = [](std::uint64_t v) { return std::to_string(v); };
  // A plugged-in checker (tanbo diff --engine, tests' broken engines) is not the optimized engine.
  std::string out = o.checker.run ? "differential campaign summary (reference vs candidate)\n"
                                  : "differential campaign summary (reference vs optimized)\n";
  out += line("seed", num(o.seed));
  out += line("jobs", num(std::max(1u, o.jobs)));
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f", s.seconds);
  out += line("seconds", secs);
  const double t = s.seconds > 0 ? s.seconds : 1.0;
  char rates[96];
  std::snprintf(rates, sizeof rates, "%.0f executions/s, %.0f steps/s, %.0f moves/s, %.1f game ends/s",
                static_cast<double>(s.executions) / t, static_cast<double>(s.stats.steps) / t,
                static_cast<double>(s.stats.moves) / t, static_cast<double>(s.stats.games_over) / t);
  out += line("executions", num(s.executions));
  out += line("rates", rates);
  out += line("compared", format_stats(s.stats));
  out += line("divergences", num(s.divergences));
  if (!o.corpus_dir.empty())
    out += line("corpus", num(s.corpus_files) + " inputs, " + num(s.corpus_bytes) + " bytes in " +
                              o.corpus_dir.string());
  if (s.reproducer) {
    out += '\n';  // appended piecewise: g++ 12 reports a false -Wrestrict for "lit" + string&&
    out += s.reproducer->divergence.report();
    out += "\nminimized to " + num(s.reproducer->moves.size()) + " moves / " +
           num(s.reproducer->input.size()) + " input bytes (" + num(s.reproducer->tests) +
           " candidates tried)\n";
  }
  if (s.files) out += "reproducer written; replay it with:\n" + replay_commands(*s.files, diff_command);
  return out;
}

}  // namespace tanbo::differential
