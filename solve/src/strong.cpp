// The strong solver: memoized negamax over the whole game graph into a hash table of 64-bit words
// shared by the threads (lock-free: compare-and-swap into empty slots, plain stores of final
// words, which every thread computes identically). Each word packs a canonical key (bits 0..50),
// the value (51), the length (52..58), "done" (59) and "busy" (60): a thread that finds a child
// another thread is solving ("busy") searches its other children first and solves that one itself
// only if it is still unfinished then, so threads spread over the graph instead of repeating each
// other's work. The table doubles when 3/4 full; threads meet at a barrier for that (rare: about
// log2 of the final size times), at a point where none holds a slot. The start's subtrees are
// split between threads through a frontier of positions a few plies deep; the positions above it
// are solved last, by one thread, from their finished children.
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <new>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "explorers.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve {

namespace {

constexpr int kValueShift = kKeyBits;  // 51: value, 52..58: length
constexpr std::uint64_t kDone = std::uint64_t{1} << 59;
constexpr std::uint64_t kBusy = std::uint64_t{1} << 60;

// A node's result: bit 0 = the side to move wins, bits 1..7 = length.
using Payload = std::uint32_t;
constexpr Payload payload(bool wins, int length) { return static_cast<Payload>(wins) | static_cast<Payload>(length) << 1; }
constexpr Payload payload_of(std::uint64_t word) { return static_cast<Payload>(word >> kValueShift) & 0xff; }
constexpr std::uint64_t done_word(std::uint64_t key, Payload p) { return key | static_cast<std::uint64_t>(p) << kValueShift | kDone; }

// The combination of a node's children (negamax with lengths).
class Combine {
 public:
  void add(Payload child) {
    const int length = static_cast<int>(child >> 1) + 1;
    if (length > kMaxLength)
      throw UsageError("a perfect-play length above " + std::to_string(kMaxLength) + " plies (the table's limit)");
    if ((child & 1) == 0) {  // the opponent loses after this move: a win for the mover
      wins_ = true;
      win_ = std::min(win_, length);
    } else {
      lose_ = std::max(lose_, length);
    }
  }
  Payload result() const { return wins_ ? payload(true, win_) : payload(false, lose_); }

 private:
  bool wins_ = false;
  int win_ = kMaxLength + 1;
  int lose_ = 0;
};

__extension__ typedef unsigned __int128 Uint128;  // for a multiply-high (GCC and Clang)

std::uint64_t mix(std::uint64_t key) noexcept {
  key ^= key >> 31;  // splitmix64's finaliser: the low bits of a board key are far from random
  key *= 0x9e3779b97f4a7c15ull;
  key ^= key >> 29;
  key *= 0xbf58476d1ce4e5b9ull;
  key ^= key >> 32;
  return key;
}

// An array of words that starts zeroed without writing them: calloc hands out fresh pages, which
// the kernel zeroes on first touch, so a doubling's cost is spread over the threads that fill it
// (std::vector's zero fill was the largest serial step of a 2-thread solve).
class ZeroedWords {
 public:
  ZeroedWords() = default;
  explicit ZeroedWords(std::size_t n) : data_(static_cast<std::uint64_t*>(std::calloc(n, sizeof(std::uint64_t)))), size_(n) {
    if (n != 0 && data_ == nullptr) throw std::bad_alloc();
  }
  std::size_t size() const noexcept { return size_; }
  std::uint64_t& operator[](std::size_t i) noexcept { return data_.get()[i]; }
  void swap(ZeroedWords& other) noexcept {
    data_.swap(other.data_);
    std::swap(size_, other.size_);
  }

 private:
  struct Free {
    void operator()(std::uint64_t* p) const noexcept { std::free(p); }
  };
  std::unique_ptr<std::uint64_t, Free> data_;
  std::size_t size_ = 0;
};

// Open addressing with linear probing over plain words accessed through the compilers' __atomic
// builtins (what std::atomic_ref does; libc++ 14 and Emscripten 3.1.6 lack atomic_ref), so the
// array can be compacted into the sorted records in place at the end. Any slot count (the hash is
// mapped by a multiply-high), 0 = empty.
class SharedTable {
 public:
  explicit SharedTable(std::uint64_t slots) : slots_(static_cast<std::size_t>(slots)) {}
  std::uint64_t capacity() const noexcept { return slots_.size(); }

  std::uint64_t find(std::uint64_t key) {
    for (std::size_t i = home(key), probes = 0;; i = next(i), full(++probes)) {
      const std::uint64_t w = load(i);
      if (w == 0 || (w & kKeyMask) == key) return w;
    }
  }
  // Inserts `word` (its key absent) or returns the word already there with its key (0 if inserted).
  std::uint64_t insert(std::uint64_t word) {
    const std::uint64_t key = word & kKeyMask;
    for (std::size_t i = home(key), probes = 0;; i = next(i), full(++probes)) {
      std::uint64_t w = load(i);
      if (w == 0) {
        if (__atomic_compare_exchange_n(&slots_[i], &w, word, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
          return 0;
        // w now holds what another thread wrote there
      }
      if ((w & kKeyMask) == key) return w;
    }
  }
  // Stores the final word of `key`; returns true if it inserted the key (it was absent).
  bool publish(std::uint64_t word) {
    const std::uint64_t key = word & kKeyMask;
    for (std::size_t i = home(key), probes = 0;; i = next(i), full(++probes)) {
      std::uint64_t w = load(i);
      if (w == 0) {
        if (__atomic_compare_exchange_n(&slots_[i], &w, word, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
          return true;
      }
      if ((w & kKeyMask) == key) {
        __atomic_store_n(&slots_[i], word, __ATOMIC_RELEASE);
        return false;
      }
    }
  }
  // Doubling, by every thread together while none touches the table otherwise: begin_grow()
  // allocates the new array (one thread), rehash() moves the old words chunk by chunk (each thread
  // takes chunks; compare-and-swap into the new array), end_grow() makes it the table (one thread).
  void begin_grow() {
    ZeroedWords(slots_.size() * 2).swap(bigger_);
    chunk_.store(0);
  }
  void rehash() noexcept {
    constexpr std::size_t kChunk = std::size_t{1} << 15;
    const std::size_t size = bigger_.size();
    for (std::size_t c; (c = chunk_.fetch_add(1)) * kChunk < slots_.size();) {
      const std::size_t end = std::min(slots_.size(), (c + 1) * kChunk);
      for (std::size_t j = c * kChunk; j < end; ++j) {
        const std::uint64_t w = slots_[j];
        if (w == 0) continue;
        std::size_t i = static_cast<std::size_t>((static_cast<Uint128>(mix(w & kKeyMask)) * size) >> 64);
        for (;;) {
          std::uint64_t empty = 0;
          if (__atomic_compare_exchange_n(&bigger_[i], &empty, w, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            break;
          i = i + 1 == size ? 0 : i + 1;
        }
      }
    }
  }
  void end_grow() {
    slots_.swap(bigger_);
    ZeroedWords().swap(bigger_);
  }
  ZeroedWords& words() noexcept { return slots_; }

 private:
  std::size_t home(std::uint64_t key) const noexcept {
    return static_cast<std::size_t>((static_cast<Uint128>(mix(key)) * slots_.size()) >> 64);
  }
  std::size_t next(std::size_t i) const noexcept { return i + 1 == slots_.size() ? 0 : i + 1; }
  // A probe that went round the whole table (growth keeps it at most 3/4 full: a bug).
  void full(std::size_t probes) const {
    if (probes > slots_.size()) [[unlikely]]
      throw std::logic_error("strong solver: the hash table is full");
  }
  std::uint64_t load(std::size_t i) noexcept {
    return __atomic_load_n(&slots_[i], __ATOMIC_ACQUIRE);
  }
  ZeroedWords slots_;
  ZeroedWords bigger_;  // the doubled array while growing
  std::atomic<std::size_t> chunk_{0};  // the next chunk of slots_ to rehash
};

struct Aborted {};  // unwinds a worker when another one failed

// CPU seconds of the calling thread (for SolveStats' critical path, never for results).
double thread_cpu_seconds() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// What the threads share: the table, the growth barrier, the counters.
class Shared {
 public:
  Shared(const SolveOptions& options, int threads)
      // At least 64 slots: the growth test lags a few inserts behind (see Worker::flush).
      : table(options.initial_slots != 0 ? std::max<std::uint64_t>(options.initial_slots, 64) : std::uint64_t{1} << 20),
        options_(options), active_(threads) {
    peak_bytes = table.capacity() * 8;
  }

  SharedTable table;
  std::uint64_t peak_bytes = 0;
  std::atomic<std::uint64_t> stored{0};
  std::atomic<std::uint64_t> expanded{0};

  // Called between table operations; parks the thread while the table grows.
  void safepoint() {
    if (grow_.load(std::memory_order_relaxed) || abort_.load(std::memory_order_relaxed)) [[unlikely]]
      slow_safepoint();
  }
  // Adds a worker's newly stored classes to the count, asking for growth or stopping at the budget.
  void add_stored(std::uint64_t n, std::uint64_t expanded_by_thread) {
    const std::uint64_t before = stored.fetch_add(n, std::memory_order_relaxed);
    const std::uint64_t now = before + n;
    if (now * 4 > table.capacity() * 3) grow_.store(true, std::memory_order_relaxed);
    if (options_.max_classes != 0 && now > options_.max_classes) {
      std::lock_guard lock(mutex_);
      if (!error_)
        error_ = std::make_exception_ptr(UsageError(
            "the game graph has more than " + std::to_string(options_.max_classes) +
            " position classes (the budget); the strong solver stopped there"));
      abort_.store(true);
    }
    if (options_.progress && before >> 21 != now >> 21) {
      std::lock_guard lock(progress_mutex_);
      options_.progress(Progress{now, expanded_by_thread});
    }
  }
  void fail(std::exception_ptr e) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = e;
    abort_.store(true);
  }
  // A worker leaves: the others no longer wait for it at the barrier.
  void leave() {
    std::unique_lock lock(mutex_);
    --active_;
    if (grow_.load() && active_ > 0 && parked_ == active_ && helpers_done()) begin_growth();  // the parked rehash it
  }
  std::uint64_t threads() const noexcept { return static_cast<std::uint64_t>(options_.threads); }
  // Seconds the workers spent parked at the growth barrier, all together.
  double waited() {
    std::lock_guard lock(mutex_);
    return waited_;
  }
  double grow_cpu() {  // CPU seconds spent doubling the table
    std::lock_guard lock(mutex_);
    return grow_cpu_;
  }
  void join() {  // a worker (the final pass's) comes back
    std::lock_guard lock(mutex_);
    ++active_;
  }
  void rethrow() {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  // Parks at the growth barrier: the last active worker to arrive allocates the doubled array,
  // then all of them rehash, and the last to finish installs it.
  void slow_safepoint() {
    if (abort_.load()) throw Aborted{};
    std::unique_lock lock(mutex_);
    if (!grow_.load()) return;
    const auto t0 = std::chrono::steady_clock::now();
    ++parked_;
    if (parked_ == active_) {
      begin_growth();
    } else {
      const std::uint64_t generation = generation_;
      cv_.wait(lock, [&] { return generation_ != generation || abort_.load(); });
    }
    if (abort_.load()) throw Aborted{};
    help_growth(lock);
    waited_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (abort_.load()) throw Aborted{};
  }
  // With mutex_ held and every active worker parked: allocates, then wakes the workers to rehash.
  void begin_growth() {
    helpers_ = parked_;
    finished_ = 0;
    try {
      table.begin_grow();
    } catch (...) {
      if (!error_) error_ = std::current_exception();
      abort_.store(true);
    }
    ++generation_;
    cv_.notify_all();
  }
  // Rehashes chunks until none is left; the last helper to finish installs the table.
  void help_growth(std::unique_lock<std::mutex>& lock) {
    lock.unlock();
    const double t0 = thread_cpu_seconds();
    table.rehash();
    const double spent = thread_cpu_seconds() - t0;
    lock.lock();
    grow_cpu_ += spent;
    if (++finished_ == helpers_) {
      const std::uint64_t before = table.capacity();
      table.end_grow();
      peak_bytes = std::max(peak_bytes, (before + table.capacity()) * 8);
      grow_.store(stored.load() * 4 > table.capacity() * 3);
      parked_ = 0;
      ++generation_;
      cv_.notify_all();
    } else {
      const std::uint64_t generation = generation_;
      cv_.wait(lock, [&] { return generation_ != generation || abort_.load(); });
    }
  }

  const SolveOptions& options_;
  std::atomic<bool> grow_{false};
  std::atomic<bool> abort_{false};
  std::mutex mutex_;
  std::mutex progress_mutex_;
  std::condition_variable cv_;
  int active_;
  int parked_ = 0;
  std::uint64_t generation_ = 0;
  double waited_ = 0;
  double grow_cpu_ = 0;
  int helpers_ = 0;   // workers rehashing in the current growth
  int finished_ = 0;  // of them, those done
  bool helpers_done() const noexcept { return finished_ == helpers_; }  // no growth under way
  std::exception_ptr error_;
};

template <class E>
class Worker {
 public:
  using Move = typename E::Move;

  Worker(Shared& shared, const KeyCodec& codec, const Position& start, bool reverse)
      : shared_(shared), codec_(codec), explorer_(start, codec), reverse_(reverse) {}
  ~Worker() = default;
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  E& explorer() noexcept { return explorer_; }

  // Solves the position the explorer is at (not finished) if no one has, and publishes it.
  void solve_here() {
    const std::uint64_t key = codec_.canonical(explorer_.key());
    const std::uint64_t w = shared_.table.insert(key | kBusy);
    if (w == 0) ++new_;
    if (w != 0) return;  // finished, or another thread is on it (and will finish it)
    publish(key, solve_node());
  }
  // Solves the position the explorer is at even if another thread is on it (the final pass).
  Payload solve_root() {
    const std::uint64_t key = codec_.canonical(explorer_.key());
    const std::uint64_t w = shared_.table.find(key);
    if (w & kDone) return payload_of(w);
    const Payload p = solve_node();
    publish(key, p);
    return p;
  }
  void flush() {
    shared_.expanded.fetch_add(expanded_, std::memory_order_relaxed);
    shared_.add_stored(new_, expanded_);
    new_ = 0;
    expanded_ = 0;
    // Unflushed classes are unseen by the growth test: keep them a small part of the slack.
    batch_ = std::clamp<std::uint64_t>(shared_.table.capacity() / (64 * shared_.threads()), 1, 4096);
  }

 private:
  void publish(std::uint64_t key, Payload p) {
    if (shared_.table.publish(done_word(key, p))) ++new_;
    if (new_ >= batch_) flush();
  }

  // Negamax over every legal move of the explorer's (unfinished) position.
  Payload solve_node() {
    ++expanded_;
    Move moves[kMaxKeyPoints];
    const int n = explorer_.moves(moves);
    if (reverse_) std::reverse(moves, moves + n);
    Move deferred[kMaxKeyPoints];
    int deferred_count = 0;
    Combine combine;
    for (int i = 0; i < n; ++i) {
      shared_.safepoint();
      explorer_.play(moves[i]);
      const std::uint64_t key = codec_.canonical(explorer_.key());
      std::uint64_t w = shared_.table.find(key);
      if (!(w & kDone)) {
        if (explorer_.is_over()) {
          const Payload p = payload(explorer_.mover_won(), 0);
          publish(key, p);
          w = done_word(key, p);
        } else if (w == 0 && (w = shared_.table.insert(key | kBusy)) == 0) {
          ++new_;
          const Payload p = solve_node();
          publish(key, p);
          w = done_word(key, p);
        }
      }
      explorer_.undo();
      if (w & kDone)
        combine.add(payload_of(w));
      else
        deferred[deferred_count++] = moves[i];  // another thread is on it: come back later
    }
    for (int i = 0; i < deferred_count; ++i) {
      shared_.safepoint();
      explorer_.play(deferred[i]);
      const std::uint64_t key = codec_.canonical(explorer_.key());
      const std::uint64_t w = shared_.table.find(key);
      Payload p;
      if (w & kDone) {
        p = payload_of(w);
      } else {  // still unfinished: solve it too (the same result, computed twice)
        p = solve_node();
        publish(key, p);
      }
      explorer_.undo();
      combine.add(p);
    }
    return combine.result();
  }

  Shared& shared_;
  const KeyCodec& codec_;
  E explorer_;
  bool reverse_;
  std::uint64_t new_ = 0;
  std::uint64_t expanded_ = 0;
  std::uint64_t batch_ = 1;
};

// Positions a few plies deep whose subtrees the threads share out: the distinct unfinished
// classes at the first depth with at least `want` of them (at most 8 plies), each with the moves
// (row-major indices) that reach it.
template <class E>
std::vector<std::vector<int>> frontier(const Position& start, const KeyCodec& codec, std::size_t want) {
  E explorer(start, codec);
  const int n = start.size();
  std::vector<std::vector<int>> items;
  for (int depth = 1; depth <= 8; ++depth) {
    std::unordered_set<std::uint64_t> seen;
    items.clear();
    std::vector<int> path;
    // Depth-first to `depth` plies, keeping the first path to each class.
    auto walk = [&](auto&& self, int left) -> void {
      if (explorer.is_over()) return;
      if (left == 0) {
        if (seen.insert(codec.canonical(explorer.key())).second) items.push_back(path);
        return;
      }
      typename E::Move moves[kMaxKeyPoints];
      const int count = explorer.moves(moves);
      std::sort(moves, moves + count, [&](auto a, auto b) { return E::index(a, n) < E::index(b, n); });
      for (int i = 0; i < count; ++i) {
        explorer.play(moves[i]);
        path.push_back(E::index(moves[i], n));
        self(self, left - 1);
        path.pop_back();
        explorer.undo();
      }
    };
    walk(walk, depth);
    if (items.size() >= want || items.empty()) break;
  }
  return items;
}

template <class E>
void play_index(E& explorer, int index, int n) {
  typename E::Move moves[kMaxKeyPoints];
  const int count = explorer.moves(moves);
  for (int i = 0; i < count; ++i)
    if (E::index(moves[i], n) == index) return explorer.play(moves[i]);
  throw std::logic_error("frontier path move is not legal");
}

// Sorts the records with `threads` threads: each sorts a slice, then the slices are merged in
// rounds, the merges of a round in parallel (a single-threaded sort was a tenth of the 2-thread
// solve of dense-5).
void sort_records(std::vector<std::uint64_t>& v, int threads) {
  std::size_t parts = static_cast<std::size_t>(threads);
  if (parts < 2 || v.size() < (std::size_t{1} << 12)) {  // (the 4x4 tests pass the bound)
    std::sort(v.begin(), v.end());
    return;
  }
  std::vector<std::size_t> bounds;
  for (std::size_t i = 0; i <= parts; ++i) bounds.push_back(v.size() * i / parts);
  auto at = [&](std::size_t i) { return v.begin() + static_cast<std::ptrdiff_t>(bounds[i]); };
  {
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i < parts; ++i) pool.emplace_back([&, i] { std::sort(at(i), at(i + 1)); });
    for (std::thread& t : pool) t.join();
  }
  while (bounds.size() > 2) {
    std::vector<std::size_t> next;
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i + 2 < bounds.size(); i += 2) {
      pool.emplace_back([&, i] { std::inplace_merge(at(i), at(i + 1), at(i + 2)); });
      next.push_back(bounds[i]);
    }
    for (std::thread& t : pool) t.join();
    if (bounds.size() % 2 == 0) next.push_back(bounds[bounds.size() - 2]);  // an odd slice waits a round
    next.push_back(bounds.back());
    bounds = std::move(next);
  }
}

template <class E>
std::vector<std::uint64_t> solve_with(const Position& start, const KeyCodec& codec, const SolveOptions& options,
                                      SolveStats& stats) {
  const int threads = options.threads;
  Shared shared(options, threads);
  const int n = start.size();
  const double serial_start = thread_cpu_seconds();
  double pool_cpu = 0;  // the main thread's CPU while the workers ran (none: it only waits)
  if (threads > 1) {
    const double before_pool = thread_cpu_seconds();
    const auto items = frontier<E>(start, codec, static_cast<std::size_t>(16 * threads));
    std::atomic<std::size_t> next{0};
    std::vector<double> worker_cpu(static_cast<std::size_t>(threads), 0.0);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        try {
          Worker<E> worker(shared, codec, start, t % 2 == 1);
          for (std::size_t i; (i = next.fetch_add(1)) < items.size();) {
            shared.safepoint();
            for (const int m : items[i]) play_index(worker.explorer(), m, n);
            worker.solve_here();
            for (std::size_t k = 0; k < items[i].size(); ++k) worker.explorer().undo();
          }
          worker.flush();
        } catch (const Aborted&) {
        } catch (...) {
          shared.fail(std::current_exception());
        }
        worker_cpu[static_cast<std::size_t>(t)] = thread_cpu_seconds();
        shared.leave();
      });
    for (std::thread& t : pool) t.join();
    shared.rethrow();
    shared.join();
    pool_cpu = thread_cpu_seconds() - before_pool;
    stats.worker_cpu_seconds = worker_cpu;
    stats.barrier_wait_seconds = shared.waited();
  }
  // The positions above the frontier (everything, with one thread), from finished children.
  {
    Worker<E> worker(shared, codec, start, false);
    try {
      worker.solve_root();
      worker.flush();
    } catch (const Aborted&) {
    }
    shared.rethrow();
  }
  stats.expanded = shared.expanded.load();
  stats.table_slots = shared.table.capacity();
  stats.peak_table_bytes = shared.peak_bytes;
  // Compact the table into its records in place: key << 8 | length << 1 | wins, sorted.
  ZeroedWords table;
  table.swap(shared.table.words());
  std::size_t count = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::uint64_t w = table[i];
    if (w == 0) continue;
    if (!(w & kDone)) throw std::logic_error("strong solver: a position was left unfinished");
    table[count++] = (w & kKeyMask) << 8 | payload_of(w);
  }
  std::vector<std::uint64_t> words(&table[0], &table[0] + count);
  ZeroedWords().swap(table);
  sort_records(words, threads);
  stats.serial_cpu_seconds = thread_cpu_seconds() - serial_start - pool_cpu;
  stats.grow_cpu_seconds = shared.grow_cpu();
  return words;
}

}  // namespace

Table Table::solve(const Position& start, const SolveOptions& options, SolveStats* stats, const std::string& start_text) {
  if (options.threads < 1 || options.threads > 64)
    throw UsageError("threads must be from 1 to 64, got " + std::to_string(options.threads));
  Table table(start, start_text.empty() ? start_label(start) : start_text);
  {  // a start that cannot begin a game is refused by the engines themselves
    const optimized::BasicBoard<optimized::kSmallCapacity> check(start);
    (void)check;
  }
  SolveStats local;
  SolveStats& s = stats != nullptr ? *stats : local;
  s = SolveStats{};
  s.threads = options.threads;
  s.symmetries = static_cast<int>(table.codec_.symmetries().size());
  table.records_ = options.engine == SolverEngine::Optimized
                       ? solve_with<detail::OptimizedExplorer>(start, table.codec_, options, s)
                       : solve_with<detail::ReferenceExplorer>(start, table.codec_, options, s);
  table.finish();
  s.classes = table.records_.size();
  s.positions = table.positions_;
  for (const std::uint64_t r : table.records_) s.terminal += ((r >> 1) & 0x7f) == 0;
  return table;
}

}  // namespace tanbo::solve
