// The strong solver's benchmark and its baseline. The baseline is the straightforward solver the
// issue measures against, written plainly: memoized negamax on the reference engine (which finds
// the roots from the board after every move), every reachable position keyed exactly (2 bits per
// point and the side to move) in a std::unordered_map, no symmetry, one thread. Each run is its
// own process, so its peak RSS is its own:
//   tanbo_solve_bench baseline START        the baseline
//   tanbo_solve_bench strong START [THREADS] [optimized|reference] [INITIAL_SLOTS]   Table::solve
//   tanbo_solve_bench compare START         both, and every position's outcome compared
// It prints positions, CPU seconds, positions per CPU-second, peak RSS and bytes per position.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unordered_map>

#include "tanbo/core/position.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/solve/measure.hpp"
#include "tanbo/solve/strong.hpp"

namespace {

using tanbo::Color;
using tanbo::Point;
using tanbo::Position;

using tanbo::solve::peak_rss_bytes;
double cpu_seconds() { return tanbo::solve::process_cpu_seconds(); }

// ---- The baseline ------------------------------------------------------------------------------

std::uint64_t board_key(const Position& pos) {
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < pos.cells().size(); ++i) key |= static_cast<std::uint64_t>(pos.cells()[i]) << (2 * i);
  return key | static_cast<std::uint64_t>(pos.to_move() == Color::White) << (2 * pos.cells().size());
}

// Value (bit 0: the side to move wins) and length (bits 1..) of the game's position.
using Memo = std::unordered_map<std::uint64_t, std::uint8_t>;
std::uint8_t baseline(tanbo::reference::Game& g, Memo& memo) {
  const std::uint64_t key = board_key(g.board());
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  std::uint8_t out;
  if (g.is_over()) {
    out = *g.winner() == g.to_move() ? 1 : 0;
  } else {
    bool wins = false;
    int fastest = 1000, slowest = 0;
    for (const Point m : g.legal_moves()) {
      g.play(m);
      const std::uint8_t child = baseline(g, memo);
      g.undo();
      const int length = (child >> 1) + 1;
      if ((child & 1) == 0) {
        wins = true;
        fastest = std::min(fastest, length);
      } else {
        slowest = std::max(slowest, length);
      }
    }
    out = static_cast<std::uint8_t>(wins ? 1 | fastest << 1 : slowest << 1);
  }
  memo.emplace(key, out);
  return out;
}

Position read_start(const std::string& text) {
  return text.find('/') != std::string::npos ? Position::parse(text) : tanbo::opening(tanbo::Variant::parse_named(text));
}

void report(const char* what, std::uint64_t positions, double cpu, double wall, std::uint64_t table_bytes,
            bool wins, int length) {
  std::printf("%s: %llu positions, start: side to move %s in %d plies\n", what,
              static_cast<unsigned long long>(positions), wins ? "wins" : "loses", length);
  std::printf("%s: %.2f s CPU, %.2f s wall, %.0f positions per CPU-second\n", what, cpu, wall,
              static_cast<double>(positions) / cpu);
  std::printf("%s: peak RSS %.1f MB = %.2f bytes/position; table %.1f MB = %.2f bytes/position\n", what,
              static_cast<double>(peak_rss_bytes()) / 1048576.0,
              static_cast<double>(peak_rss_bytes()) / static_cast<double>(positions),
              static_cast<double>(table_bytes) / 1048576.0,
              static_cast<double>(table_bytes) / static_cast<double>(positions));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: tanbo_solve_bench baseline|strong|compare START [THREADS] [optimized|reference] [SLOTS]\n";
    return 2;
  }
  const std::string mode = argv[1];
  const Position start = read_start(argv[2]);
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_seconds();
  auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  if (mode == "baseline" || mode == "compare") {
    tanbo::reference::Game g(start);
    Memo memo;
    const std::uint8_t root = baseline(g, memo);
    // The map's own bytes: buckets, plus one node (key, value, next pointer, cached hash) per entry
    // as malloc rounds it (32 bytes).
    const std::uint64_t bytes = memo.bucket_count() * sizeof(void*) + memo.size() * 32;
    report("baseline", memo.size(), cpu_seconds() - c0, wall(), bytes, root & 1, root >> 1);
    if (mode == "compare") {
      const tanbo::solve::Table table = tanbo::solve::Table::solve(start);
      std::uint64_t differences = 0;
      for (const auto& [key, value] : memo) {
        const auto o = table.lookup_key(key);
        if (!o || o->wins != ((value & 1) != 0) || o->length != (value >> 1)) ++differences;
      }
      std::printf("compare: %llu positions, table %llu, %llu differences\n",
                  static_cast<unsigned long long>(memo.size()), static_cast<unsigned long long>(table.positions()),
                  static_cast<unsigned long long>(differences));
      return differences == 0 && table.positions() == memo.size() ? 0 : 1;
    }
    return 0;
  }
  if (mode == "strong") {
    tanbo::solve::SolveOptions o;
    o.threads = argc > 3 ? std::atoi(argv[3]) : 1;
    if (argc > 4 && std::string(argv[4]) == "reference") o.engine = tanbo::solve::SolverEngine::Reference;
    if (argc > 5) o.initial_slots = std::strtoull(argv[5], nullptr, 10);  // no growth if large enough
    tanbo::solve::SolveStats stats;
    const tanbo::solve::Table table = tanbo::solve::Table::solve(start, o, &stats);
    const double cpu = cpu_seconds() - c0;
    report("strong", stats.positions, cpu, wall(), stats.peak_table_bytes, table.start_outcome().wins,
           table.start_outcome().length);
    std::printf("strong: %llu classes under %d symmetries, %llu move searches (%.3f per unfinished class), "
                "%d thread(s), %llu slots at the end, table sha256 %s\n",
                static_cast<unsigned long long>(stats.classes), stats.symmetries,
                static_cast<unsigned long long>(stats.expanded),
                static_cast<double>(stats.expanded) / static_cast<double>(stats.classes - stats.terminal),
                stats.threads, static_cast<unsigned long long>(stats.table_slots),
                tanbo::solve::hex(table.content_hash()).c_str());
    // The critical path on idle cores: the serial part, then the slowest worker (its CPU time plus
    // all the time workers waited at the growth barrier, counted in full as an upper bound).
    double slowest = 0, workers = 0;
    for (const double w : stats.worker_cpu_seconds) {
      slowest = std::max(slowest, w);
      workers += w;
    }
    std::printf("strong: serial part %.2f s CPU, workers %.2f s CPU in all, slowest %.2f s, barrier waits %.2f s, "
                "table doublings %.2f s CPU: critical path %.2f s (%.2f s with the doublings as the only waits)\n",
                stats.serial_cpu_seconds, workers, slowest, stats.barrier_wait_seconds, stats.grow_cpu_seconds,
                stats.serial_cpu_seconds + slowest + stats.barrier_wait_seconds,
                stats.serial_cpu_seconds + slowest + (stats.worker_cpu_seconds.empty() ? 0 : stats.grow_cpu_seconds));
    return 0;
  }
  std::cerr << "unknown mode " << mode << "\n";
  return 2;
}
