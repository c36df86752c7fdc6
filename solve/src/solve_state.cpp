// solve_state.hpp: the strong solver's growth barrier, counters and first error.
#include "solve_state.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "tanbo/solve/measure.hpp"

namespace tanbo::solve::strong {

// Room for the expected classes at a 5 % margin below the growth threshold (3/4 full), so a good
// estimate means no doubling, whose old and new arrays together were the peak of memory. At least
// 64 slots: the growth test lags a few inserts behind (see Worker::flush).
std::uint64_t initial_slots(const StrongOptions& options) {
  if (options.expected_classes != 0) return std::max<std::uint64_t>(options.expected_classes / 3 * 4 / 100 * 105, 64);
  return options.initial_slots != 0 ? std::max<std::uint64_t>(options.initial_slots, 64) : std::uint64_t{1} << 20;
}

SolveState::SolveState(const StrongOptions& options, int threads)
    : table(initial_slots(options)), options_(options), active_(threads) {
  peak_bytes = table.capacity() * 8;
}

void SolveState::add_stored(std::uint64_t count, std::uint64_t expanded_by_thread) {
  const std::uint64_t before = stored.fetch_add(count, std::memory_order_relaxed);
  const std::uint64_t now = before + count;
  if (now * 4 > table.capacity() * 3) grow_.store(true, std::memory_order_relaxed);
  if (options_.max_classes != 0 && now > options_.max_classes) {
    std::lock_guard lock(mutex_);
    if (!first_error_)
      first_error_ = std::make_exception_ptr(UsageError(
          "the game graph has more than " + std::to_string(options_.max_classes) +
          " position classes (the budget); the strong solver stopped there"));
    abort_.store(true);
  }
  if (options_.progress && before >> 21 != now >> 21) {
    std::lock_guard lock(progress_mutex_);
    options_.progress(SolveProgress{expanded_by_thread, now});
  }
}

void SolveState::fail(std::exception_ptr error) {
  std::lock_guard lock(mutex_);
  if (!first_error_) first_error_ = error;
  abort_.store(true);
}

void SolveState::leave() {
  std::unique_lock lock(mutex_);
  --active_;
  if (grow_.load() && active_ > 0 && parked_ == active_ && helpers_done()) begin_growth();  // the parked rehash it
}

void SolveState::join() {
  std::lock_guard lock(mutex_);
  ++active_;
}

double SolveState::waited() {
  std::lock_guard lock(mutex_);
  return waited_;
}

double SolveState::grow_cpu() {
  std::lock_guard lock(mutex_);
  return grow_cpu_;
}

// Parks at the growth barrier: the last active worker to arrive allocates the doubled array,
// then all of them rehash, and the last to finish installs it.
void SolveState::slow_safepoint() {
  if (abort_.load()) throw Aborted{};
  std::unique_lock lock(mutex_);
  if (!grow_.load()) return;
  const auto parked_at = std::chrono::steady_clock::now();
  ++parked_;
  if (parked_ == active_)
    begin_growth();
  else
    wait_for_next_generation(lock);
  if (abort_.load()) throw Aborted{};
  help_growth(lock);
  waited_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - parked_at).count();
  if (abort_.load()) throw Aborted{};
}

void SolveState::wait_for_next_generation(std::unique_lock<std::mutex>& lock) {
  const std::uint64_t generation = generation_;
  woken_.wait(lock, [&] { return generation_ != generation || abort_.load(); });
}

// With mutex_ held and every active worker parked: allocates, then wakes the workers to rehash.
void SolveState::begin_growth() {
  helpers_ = parked_;
  finished_ = 0;
  try {
    table.begin_grow();
  } catch (...) {
    if (!first_error_) first_error_ = std::current_exception();
    abort_.store(true);
  }
  ++generation_;
  woken_.notify_all();
}

// Rehashes chunks until none is left; the last helper to finish installs the table.
void SolveState::help_growth(std::unique_lock<std::mutex>& lock) {
  lock.unlock();
  const double cpu_before = thread_cpu_seconds();
  table.rehash();
  const double spent = thread_cpu_seconds() - cpu_before;
  lock.lock();
  grow_cpu_ += spent;
  if (++finished_ == helpers_) {
    const std::uint64_t before = table.capacity();
    table.end_grow();
    peak_bytes = std::max(peak_bytes, (before + table.capacity()) * 8);
    grow_.store(stored.load() * 4 > table.capacity() * 3);
    parked_ = 0;
    ++generation_;
    woken_.notify_all();
  } else {
    wait_for_next_generation(lock);
  }
}

}  // namespace tanbo::solve::strong
