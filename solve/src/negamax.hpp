// The strong solver's search: memoized negamax with lengths over the whole game graph, one Worker
// per thread, on either move generator (explorers.hpp). A thread that finds a child another
// thread is solving ("busy") searches its other children first and solves that one itself only
// if it is still unfinished then, so threads spread over the graph instead of repeating each
// other's work. The table (shared_table.hpp) is far larger than the caches, so a node first
// computes all its children's keys and prefetches their slots: the misses of a node overlap
// instead of following each other.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "shared_table.hpp"
#include "solve_state.hpp"
#include "tanbo/solve/key.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve::strong {

// The combination of a node's children (negamax with lengths): perfect play's choice among the
// moves (better_for_mover, answer.hpp: the fastest win, else the longest defeat), whose outcome
// for the mover is the node's.
class Combine {
 public:
  void add(PackedOutcome child) {
    const Outcome move = child.outcome().before_move();  // what the move gives the mover
    if (move.length > kMaxLength)
      throw UsageError("a perfect-play length above " + std::to_string(kMaxLength) + " plies (the table's limit)");
    if (!any_ || better_for_mover(move, best_)) best_ = move;
    any_ = true;
  }
  PackedOutcome result() const { return PackedOutcome::of(any_ ? best_ : Outcome::of(false, 0)); }

 private:
  Outcome best_;
  bool any_ = false;
};

template <class Explorer>
class Worker {
 public:
  using Move = typename Explorer::Move;

  Worker(SolveState& state, const KeyCodec& codec, const Position& start, bool reverse)
      : state_(state), codec_(codec), explorer_(start, codec), reverse_(reverse) {}
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  Explorer& explorer() noexcept { return explorer_; }

  // Solves the position the explorer is at (not finished) if no one has, and publishes it.
  void solve_here() {
    const std::uint64_t key = codec_.canonical(explorer_.key());
    if (state_.table.insert(key | kBusy) != 0) return;  // finished, or another thread is on it (and will finish it)
    ++new_classes_;
    publish(key, solve_node());
  }
  // Solves the position the explorer is at even if another thread is on it (the final pass).
  PackedOutcome solve_root() {
    const std::uint64_t key = codec_.canonical(explorer_.key());
    const std::uint64_t word = state_.table.find(key);
    if (word & kDone) return outcome_of(word);
    const PackedOutcome result = solve_node();
    publish(key, result);
    return result;
  }
  void flush() {
    state_.expanded.fetch_add(expanded_, std::memory_order_relaxed);
    state_.add_stored(new_classes_, expanded_);
    new_classes_ = 0;
    expanded_ = 0;
    // Unflushed classes are unseen by the growth test: keep them a small part of the slack.
    batch_ = std::clamp<std::uint64_t>(state_.table.capacity() / (64 * state_.threads()), 1, 4096);
  }

 private:
  // What the first pass over a node's moves (look_ahead) learns of each child, so that the second pass plays
  // only the children it must solve and finds the others' words in cache.
  struct LookAhead {
    std::uint64_t key;  // canonical
    bool over;          // a finished game
    bool mover_wins;    // (finished) the side to move there won (rule 7)
  };

  void publish(std::uint64_t key, PackedOutcome result) {
    if (state_.table.publish(done_word(key, result))) ++new_classes_;
    if (new_classes_ >= batch_) flush();
  }

  // Negamax over every legal move of the explorer's (unfinished) position.
  PackedOutcome solve_node() {
    ++expanded_;
    Move moves[kMaxStrongPoints];
    const int count = explorer_.moves(moves);
    if (reverse_) std::reverse(moves, moves + count);
    LookAhead children[kMaxStrongPoints];
    look_ahead(moves, count, children);
    int deferred[kMaxStrongPoints];  // children another thread was on
    int deferred_count = 0;
    Combine combine;
    for (int i = 0; i < count; ++i) {
      state_.safepoint();
      const std::uint64_t word = settle(moves[i], children[i]);
      if (word & kDone)
        combine.add(outcome_of(word));
      else
        deferred[deferred_count++] = i;  // come back later
    }
    for (int d = 0; d < deferred_count; ++d) {
      state_.safepoint();
      combine.add(settle_deferred(moves[deferred[d]], children[deferred[d]]));
    }
    return combine.result();
  }
  // The first pass: each child's key and whether its game is over, its slot prefetched.
  void look_ahead(const Move* moves, int count, LookAhead* children) {
    for (int i = 0; i < count; ++i) {
      explorer_.play(moves[i]);
      const std::uint64_t key = codec_.canonical(explorer_.key());
      const bool over = explorer_.is_over();
      children[i] = {key, over, over && explorer_.mover_won()};
      explorer_.undo();
      state_.table.prefetch(key);
    }
  }
  // The child's done word, solving it first if no one has; a busy word if another thread is on it.
  std::uint64_t settle(Move move, const LookAhead& child) {
    const std::uint64_t word = state_.table.find(child.key);
    if (word & kDone) return word;
    if (child.over) {
      const PackedOutcome result = PackedOutcome::of(child.mover_wins, 0);
      publish(child.key, result);
      return done_word(child.key, result);
    }
    if (word != 0) return word;
    if (const std::uint64_t there = state_.table.insert(child.key | kBusy); there != 0) return there;
    ++new_classes_;
    return done_word(child.key, solve_child(move, child.key));
  }
  // A child another thread was on: its result, solved here too if still unfinished (the same
  // result, computed twice).
  PackedOutcome settle_deferred(Move move, const LookAhead& child) {
    const std::uint64_t word = state_.table.find(child.key);
    if (word & kDone) return outcome_of(word);
    return solve_child(move, child.key);
  }
  PackedOutcome solve_child(Move move, std::uint64_t key) {
    explorer_.play(move);
    const PackedOutcome result = solve_node();
    explorer_.undo();
    publish(key, result);
    return result;
  }

  SolveState& state_;
  const KeyCodec& codec_;
  Explorer explorer_;
  bool reverse_;                   // this worker walks the moves in reverse order (odd threads)
  std::uint64_t new_classes_ = 0;  // classes this worker added since its last flush
  std::uint64_t expanded_ = 0;     // move searches since its last flush
  std::uint64_t batch_ = 1;        // new classes between flushes
};

}  // namespace tanbo::solve::strong
