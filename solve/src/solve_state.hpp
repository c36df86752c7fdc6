// What the threads of one strong solve share: the table, the counters, the first error, and the
// barrier at which they meet to double the table. Its own room because it is the only code in the
// solver that waits: the search (negamax.hpp) only calls safepoint() between table operations and
// add_stored() now and then. The barrier is rare (about log2 of the final size times, none when
// StrongOptions::expected_classes is right) and sits where no worker holds a slot.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>

#include "shared_table.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve::strong {

struct Aborted {};  // unwinds a worker when another one failed

// The table's first size (StrongOptions::expected_classes, initial_slots, or 2^20).
std::uint64_t initial_slots(const StrongOptions& options);

class SolveState {
 public:
  SolveState(const StrongOptions& options, int threads);

  SharedTable table;
  std::uint64_t peak_bytes = 0;  // most bytes the table held at once
  std::atomic<std::uint64_t> stored{0};
  std::atomic<std::uint64_t> expanded{0};

  // Called between table operations; parks the thread while the table grows.
  void safepoint() {
    if (grow_.load(std::memory_order_relaxed) || abort_.load(std::memory_order_relaxed)) [[unlikely]]
      slow_safepoint();
  }
  // Adds a worker's newly stored classes to the count, asking for growth or stopping at the budget.
  void add_stored(std::uint64_t count, std::uint64_t expanded_by_thread);
  void fail(std::exception_ptr error);
  // A worker leaves: the others no longer wait for it at the barrier.
  void leave();
  void join();  // a worker (the final pass's) comes back
  std::uint64_t threads() const noexcept { return static_cast<std::uint64_t>(options_.threads); }
  double waited();    // seconds the workers spent parked at the growth barrier, all together
  double grow_cpu();  // CPU seconds spent doubling the table
  void rethrow() {
    if (first_error_) std::rethrow_exception(first_error_);
  }

 private:
  void slow_safepoint();
  void begin_growth();
  void help_growth(std::unique_lock<std::mutex>& lock);
  void wait_for_next_generation(std::unique_lock<std::mutex>& lock);
  bool helpers_done() const noexcept { return finished_ == helpers_; }  // no growth under way

  const StrongOptions& options_;
  std::atomic<bool> grow_{false};
  std::atomic<bool> abort_{false};
  std::mutex mutex_;
  std::mutex progress_mutex_;
  std::condition_variable woken_;
  int active_;                   // workers that have not left
  int parked_ = 0;               // of them, those at the barrier
  std::uint64_t generation_ = 0; // counts the barrier's steps, so a waiter knows it was woken
  double waited_ = 0;
  double grow_cpu_ = 0;
  int helpers_ = 0;   // workers rehashing in the current growth
  int finished_ = 0;  // of them, those done
  std::exception_ptr first_error_;
};

}  // namespace tanbo::solve::strong
