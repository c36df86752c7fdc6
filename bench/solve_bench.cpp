// The strong solver's benchmark and its two baselines. The first baseline is the straightforward
// solver, written plainly: memoized negamax on the reference engine (which finds the roots from
// the board after every move), every reachable position keyed exactly (2 bits per point and the
// side to move) in a std::unordered_map, no symmetry, one thread. The second, the honest one, is
// the plain symmetric solver of symmetric_baseline.hpp (least base-3 key over the start's
// symmetries, one flat table allocated once). Each run is its own process, so its peak RSS is its
// own:
//   tanbo_solve_bench baseline START        the unordered_map baseline
//   tanbo_solve_bench symmetric START [SLOTS]   the symmetric baseline, its table SLOTS words
//                                           (default 2^23, lattice-5's 3.9 M classes at 46 %)
//   tanbo_solve_bench strong START [THREADS] [optimized|reference] [INITIAL_SLOTS] [EXPECTED_CLASSES]
//                                           Table::solve (StrongOptions' fields of those names)
//   tanbo_solve_bench symmetric-table START SLOTS POSITIONS   the symmetric baseline's peak memory
//                                           per position without the solve (its table is allocated
//                                           whole, zero-filled, before the first move: the peak of a
//                                           run, which on dense-5 takes about 12 CPU-minutes)
//   tanbo_solve_bench compare START         all three, every position's outcome compared with
//                                           the first baseline, the classes, positions and start's
//                                           outcome with the second
//   tanbo_solve_bench probe START [GAMES]   what the faces' perfect play costs (tanbo::api):
//       Solution::probe on every position of GAMES random games (default 200), and the weak
//       solver (api::solve, 1,000,000 nodes) 4, 8, 12 and 16 plies before each game's end
// It prints positions, CPU seconds, positions per CPU-second, peak RSS and bytes per position.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "tanbo/api/game.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/core/hex.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/solve/measure.hpp"
#include "tanbo/solve/strong.hpp"
#include "symmetric_baseline.hpp"

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
    out = tanbo::bench::negamax_node(g, [&memo](tanbo::reference::Game& child) { return baseline(child, memo); });
  }
  memo.emplace(key, out);
  return out;
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

// The probe figures of docs/performance.md: a table's probe and the weak solver's on-demand
// answer, per position, along `games` random games from `start` (game i from Rng(i + 1)).
int probe_figures(const Position& start, int games) {
  const double c0 = cpu_seconds();
  const tanbo::api::Solution solution = tanbo::api::Solution::solve_start(start);
  const double solve_cpu = cpu_seconds() - c0;
  std::vector<std::vector<Position>> lines;
  for (int i = 0; i < games; ++i) {
    tanbo::Rng rng(static_cast<std::uint64_t>(i) + 1);
    auto game = tanbo::api::make_game(start, "optimized");
    std::vector<Position> line{game->position()};
    while (!game->is_over()) {
      game->play(game->random_move(rng));
      line.push_back(game->position());
    }
    lines.push_back(std::move(line));
  }
  long long probes = 0, moves = 0;
  const double p0 = cpu_seconds();
  for (const auto& line : lines)
    for (const Position& pos : line) {
      moves += static_cast<long long>(solution.probe(pos).moves.size());
      ++probes;
    }
  const double probe_cpu = cpu_seconds() - p0;
  // What a perfect opponent asks: the moves' values without the line's walk.
  long long best = 0;
  const double b0 = cpu_seconds();
  for (const auto& line : lines)
    for (const Position& pos : line) best += static_cast<long long>(tanbo::api::best_moves(solution.probe(pos, false)).size());
  const double best_cpu = cpu_seconds() - b0;
  std::printf("probe: %lld positions of %d random games, %.1f us CPU per probe (value, length, every move's, the line; %.1f moves), "
              "%.2f us CPU without the line (%.2f best moves), table of %llu positions solved on demand in %.2f s CPU\n",
              probes, games, 1e6 * probe_cpu / static_cast<double>(probes),
              static_cast<double>(moves) / static_cast<double>(probes), 1e6 * best_cpu / static_cast<double>(probes),
              static_cast<double>(best) / static_cast<double>(probes),
              static_cast<unsigned long long>(solution.positions()), solve_cpu);
  for (const int back : {4, 8, 12, 16}) {
    long long asked = 0, settled = 0, nodes = 0;
    const double s0 = cpu_seconds();
    for (const auto& line : lines) {
      if (static_cast<int>(line.size()) <= back) continue;
      const Position& pos = line[line.size() - 1 - static_cast<std::size_t>(back)];
      const tanbo::api::Answer a = tanbo::api::solve(pos, tanbo::api::WeakBudget::of(1'000'000, false));
      ++asked;
      settled += a.outcome.length >= 0 ? 1 : 0;
      nodes += a.nodes;
    }
    const double cpu = cpu_seconds() - s0;
    std::printf("solve: %d plies before the end: %lld of %lld positions settled with their length within 1,000,000 nodes, "
                "%.0f nodes and %.2f ms CPU per position\n",
                back, settled, asked, static_cast<double>(nodes) / static_cast<double>(asked),
                1e3 * cpu / static_cast<double>(asked));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: tanbo_solve_bench baseline|symmetric|strong|compare|probe START [THREADS] [optimized|reference] [SLOTS]\n";
    return 2;
  }
  const std::string mode = argv[1];
  const Position start = tanbo::read_start(argv[2]);
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
        if (!o || o->wins() != ((value & 1) != 0) || o->length != (value >> 1)) ++differences;
      }
      tanbo::reference::Game game(start);
      tanbo::bench::SymmetricBaseline symmetric(start, std::uint64_t{1} << 16);
      const std::uint8_t symmetric_root = symmetric.solve(game);
      const bool symmetric_agrees = symmetric.classes() == table.records().size() &&
                                    symmetric.positions() == table.positions() && symmetric_root == root;
      std::printf("compare: %llu positions, table %llu, %llu differences; symmetric baseline %llu classes "
                  "(table %llu), %llu positions, %s start\n",
                  static_cast<unsigned long long>(memo.size()), static_cast<unsigned long long>(table.positions()),
                  static_cast<unsigned long long>(differences), static_cast<unsigned long long>(symmetric.classes()),
                  static_cast<unsigned long long>(table.records().size()),
                  static_cast<unsigned long long>(symmetric.positions()), symmetric_root == root ? "the same" : "another");
      return differences == 0 && table.positions() == memo.size() && symmetric_agrees ? 0 : 1;
    }
    return 0;
  }
  if (mode == "symmetric") {
    tanbo::reference::Game game(start);
    tanbo::bench::SymmetricBaseline symmetric(start, argc > 3 ? std::strtoull(argv[3], nullptr, 10) : std::uint64_t{1} << 23);
    const std::uint8_t root = symmetric.solve(game);
    const double cpu = cpu_seconds() - c0, seconds = wall();
    report("symmetric", symmetric.positions(), cpu, seconds, symmetric.table_bytes(), root & 1, root >> 1);
    std::printf("symmetric: %llu classes\n", static_cast<unsigned long long>(symmetric.classes()));
    return 0;
  }
  if (mode == "symmetric-table") {  // its peak without the solve: the table is allocated whole at the start
    if (argc < 5) {
      std::cerr << "usage: tanbo_solve_bench symmetric-table START SLOTS POSITIONS\n";
      return 2;
    }
    const tanbo::bench::SymmetricBaseline symmetric(start, std::strtoull(argv[3], nullptr, 10));
    const std::uint64_t positions = std::strtoull(argv[4], nullptr, 10);
    std::printf("symmetric-table: peak RSS %.1f MB = %.2f bytes/position of %llu positions; table %.1f MB, nothing solved\n",
                static_cast<double>(peak_rss_bytes()) / 1048576.0,
                static_cast<double>(peak_rss_bytes()) / static_cast<double>(positions),
                static_cast<unsigned long long>(positions), static_cast<double>(symmetric.table_bytes()) / 1048576.0);
    return 0;
  }
  if (mode == "probe") return probe_figures(start, argc > 3 ? std::atoi(argv[3]) : 200);
  if (mode == "strong") {
    tanbo::solve::StrongOptions o;
    o.threads = argc > 3 ? std::atoi(argv[3]) : 1;
    if (argc > 4 && std::string(argv[4]) == "reference") o.engine = tanbo::solve::SolverEngine::Reference;
    if (argc > 5) o.initial_slots = std::strtoull(argv[5], nullptr, 10);  // no growth if large enough
    if (argc > 6) o.expected_classes = std::strtoull(argv[6], nullptr, 10);  // the table sized for them
    tanbo::solve::SolveStats stats;
    const tanbo::solve::Table table = tanbo::solve::Table::solve(start, o, &stats);
    const double cpu = cpu_seconds() - c0;
    report("strong", stats.positions, cpu, wall(), stats.peak_table_bytes, table.start_outcome().wins(),
           table.start_outcome().length);
    std::printf("strong: %llu classes under %d symmetries, %llu move searches (%.3f per unfinished class), "
                "%d thread(s), %llu slots at the end, table sha256 %s\n",
                static_cast<unsigned long long>(stats.classes), stats.symmetries,
                static_cast<unsigned long long>(stats.nodes),
                static_cast<double>(stats.nodes) / static_cast<double>(stats.classes - stats.terminal),
                stats.threads, static_cast<unsigned long long>(stats.table_slots),
                tanbo::hex(table.content_hash()).c_str());
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
