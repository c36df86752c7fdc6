// The strong solver's driver: Table::solve runs the search (negamax.hpp) on the chosen move
// generator, with worker threads over a frontier of the start's subtrees (frontier.hpp) sharing
// one lock-free table (shared_table.hpp, solve_state.hpp), then the positions above the frontier
// on one thread, and turns the table into the Table's records (records.hpp). The rooms are apart
// so that each can be read alone: the table and its barrier, the search, the records, and the
// CPU accounting (measure.hpp).
#include <atomic>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "explorers.hpp"
#include "frontier.hpp"
#include "negamax.hpp"
#include "records.hpp"
#include "solve_state.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/solve/measure.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve {

namespace {

using strong::Aborted;
using strong::SolveState;
using strong::Worker;

// The worker pool: threads take frontier positions in turn and solve their subtrees. Records
// each worker's CPU seconds and the barrier's waits in `stats`.
template <class Explorer>
void solve_frontier(const Position& start, const KeyCodec& codec, SolveState& state, int threads, SolveStats& stats) {
  const auto paths = strong::frontier<Explorer>(start, codec, static_cast<std::size_t>(16 * threads));
  std::atomic<std::size_t> next_path{0};
  std::vector<double> worker_cpu(static_cast<std::size_t>(threads), 0.0);
  std::vector<std::thread> pool;
  for (int index = 0; index < threads; ++index)
    pool.emplace_back([&, index] {
      try {
        Worker<Explorer> worker(state, codec, start, index % 2 == 1);
        for (std::size_t i; (i = next_path.fetch_add(1)) < paths.size();) {
          state.safepoint();
          for (const int move : paths[i]) strong::play_index(worker.explorer(), move, start.size());
          worker.solve_here();
          for (std::size_t ply = 0; ply < paths[i].size(); ++ply) worker.explorer().undo();
        }
        worker.flush();
      } catch (const Aborted&) {
      } catch (...) {
        state.fail(std::current_exception());
      }
      worker_cpu[static_cast<std::size_t>(index)] = thread_cpu_seconds();
      state.leave();
    });
  for (std::thread& worker : pool) worker.join();
  state.rethrow();
  state.join();
  stats.worker_cpu_seconds = worker_cpu;
  stats.barrier_wait_seconds = state.waited();
}

template <class Explorer>
std::vector<Record> solve_with(const Position& start, const KeyCodec& codec, const StrongOptions& options,
                                      SolveStats& stats) {
  SolveState state(options, options.threads);
  const double serial_start = thread_cpu_seconds();
  double pool_cpu = 0;  // the main thread's CPU while the workers ran (none: it only waits)
  if (options.threads > 1) {
    const double before_pool = thread_cpu_seconds();
    solve_frontier<Explorer>(start, codec, state, options.threads, stats);
    pool_cpu = thread_cpu_seconds() - before_pool;
  }
  {  // The positions above the frontier (everything, with one thread), from finished children.
    Worker<Explorer> worker(state, codec, start, false);
    try {
      worker.solve_root();
      worker.flush();
    } catch (const Aborted&) {
    }
    state.rethrow();
  }
  stats.nodes = state.expanded.load();
  stats.table_slots = state.table.capacity();
  stats.peak_table_bytes = state.peak_bytes;
  std::vector<Record> records = strong::compact_records(state.table.words(), options.threads);
  stats.serial_cpu_seconds = thread_cpu_seconds() - serial_start - pool_cpu;
  stats.grow_cpu_seconds = state.grow_cpu();
  return records;
}

}  // namespace


Table Table::solve(const Position& start, const StrongOptions& options, SolveStats* stats, const std::string& start_text) {
  if (options.threads < 1 || options.threads > 64)
    throw UsageError("threads must be from 1 to 64, got " + std::to_string(options.threads));
  Table table(start, start_text.empty() ? start_label(start) : start_text);
  {  // a start that cannot begin a game is refused by the engines themselves
    const optimized::BasicBoard<optimized::kSmallCapacity> check(start);
    (void)check;
  }
  SolveStats unasked;
  SolveStats& figures = stats != nullptr ? *stats : unasked;
  figures = SolveStats{};
  figures.threads = options.threads;
  figures.symmetries = static_cast<int>(table.codec_.symmetries().size());
  table.records_ = options.engine == SolverEngine::Optimized
                       ? solve_with<detail::OptimizedExplorer>(start, table.codec_, options, figures)
                       : solve_with<detail::ReferenceExplorer>(start, table.codec_, options, figures);
  table.finish();
  figures.classes = table.records_.size();
  figures.positions = table.positions_;
  for (const Record record : table.records_) figures.terminal += record.packed().length() == 0;
  return table;
}

}  // namespace tanbo::solve
