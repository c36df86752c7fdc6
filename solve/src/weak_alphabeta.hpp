// The weak solver's alpha-beta: fail-soft negamax on the shared search board (weak_board.hpp),
// over scores that are exact game-theoretic values, never estimates:
//   a win in d plies for the side to move scores kWinScore - d, a loss in d plies -(kWinScore - d).
// Maximising this score is exactly perfect play as docs/solutions.md defines it (the winner ends as
// soon as it can, the loser delays as long as it can), and since no position is ever scored by a
// heuristic, every bound the search returns or stores is a true bound: the transposition table
// needs no depth field and its entries stay valid for every later search (value, length, proof).
//
// The value is one null-window search around 0 (no score is 0, so it answers win or loss); the
// length is MTD(f) null-window steps on the proven side (exact_score), each moving one bound.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "tanbo/optimized/board.hpp"
#include "tanbo/solve/answer.hpp"
#include "weak_board.hpp"
#include "weak_keys.hpp"
#include "weak_table.hpp"

namespace tanbo::solve::weak {

// Score of a finished game for the side to move; a game not over scores inside
// (-kWinScore, kWinScore), and no game lasts anywhere near kWinScore plies (B(R, N) <= 624 * 625
// on 25x25).
inline constexpr int kWinScore = 1'000'000'000;
// Beyond every score: the bounds of an entry that knows nothing.
inline constexpr int kUnbounded = kWinScore + 1;

// The parent's score when the child (the position after the parent's move) scores s: the
// child's win in d is the parent's loss in d + 1, and the other way round.
constexpr int parent_score(int s) noexcept { return s > 0 ? -s + 1 : -s - 1; }
// The child bound that matches the parent bound v: parent_score(s) > v <=> s < child_bound(v)
// and parent_score(s) < v <=> s > child_bound(v). parent_score is decreasing, so the parent's
// window (alpha, beta) becomes the child's (child_bound(beta), child_bound(alpha)).
constexpr int child_bound(int v) noexcept { return v > 0 ? -v - 1 : v < 0 ? 1 - v : 0; }
static_assert(parent_score(-kWinScore) == kWinScore - 1 && parent_score(kWinScore) == -(kWinScore - 1));
static_assert(parent_score(child_bound(5) - 1) > 5 && parent_score(child_bound(5)) == 5);
static_assert(parent_score(child_bound(-5) - 1) > -5 && parent_score(child_bound(-5)) == -5);

// The score of a proven outcome with its length. The scores are perfect play's order
// (better_for_mover, answer.hpp) written as numbers, deliberately: alpha-beta's windows, bounds
// and MTD(f) steps need integers and arithmetic (parent_score, child_bound) that a comparison of
// Outcomes does not give. The asserts below hold the two encodings to one order.
constexpr int score_of(const Outcome& o) noexcept { return o.wins() ? kWinScore - o.length : -(kWinScore - o.length); }
constexpr bool same_order(const Outcome& a, const Outcome& b) noexcept {
  return better_for_mover(a, b) == (score_of(a) > score_of(b)) && better_for_mover(b, a) == (score_of(b) > score_of(a));
}
static_assert(same_order(Outcome::of(true, 3), Outcome::of(true, 5)) && same_order(Outcome::of(false, 3), Outcome::of(false, 5)) &&
              same_order(Outcome::of(true, 9), Outcome::of(false, 2)) && same_order(Outcome::of(true, 4), Outcome::of(true, 4)));
static_assert(parent_score(score_of(Outcome::of(true, 6))) == score_of(Outcome::of(true, 6).before_move()) &&
              parent_score(score_of(Outcome::of(false, 0))) == score_of(Outcome::of(false, 0).before_move()));

/// The perfect-play length of an exact score.
constexpr int length_of(int score) noexcept { return kWinScore - (score > 0 ? score : -score); }

/// Alpha-beta's table entry: true bounds lo <= score <= hi and the move that proved the lower
/// bound (in the canonical image's frame). Proven once the bounds settle the sign (no score is 0).
struct Bounds {
  std::int32_t lo = -kUnbounded, hi = kUnbounded;
  optimized::Vertex move = optimized::kNoVertex;
  bool proven() const noexcept { return lo > 0 || hi < 0; }
};

template <int MaxN>
class AlphaBeta {
  using Vertex = optimized::Vertex;

 public:
  AlphaBeta(SearchBoard<MaxN>& search_board, int table_log2) : search_board_(search_board), table_(table_log2) {}

  const TranspositionTable<Bounds>& table() const noexcept { return table_; }

  /// Fail-soft negamax at the current position: the exact score when it lies in (alpha, beta),
  /// else a bound on the far side of the window (an upper bound <= alpha or a lower bound >=
  /// beta). 0 once aborted.
  int search(int alpha, int beta) {
    if (!search_board_.count_node()) return 0;
    const auto& board = search_board_.board();
    if (board.is_over()) return *board.winner() == board.to_move() ? kWinScore : -kWinScore;
    // A game not over scores within +-(kWinScore - 1): the win in 1 ply is the best there is.
    if (alpha >= kWinScore - 1) return kWinScore - 1;
    if (beta <= -(kWinScore - 1)) return -(kWinScore - 1);
    Vertex table_move = optimized::kNoVertex;
    if (const Bounds* known = probe()) {
      if (known->lo >= beta || known->lo == known->hi) return known->lo;
      if (known->hi <= alpha) return known->hi;
      alpha = std::max(alpha, known->lo);
      beta = std::min(beta, known->hi);
      table_move = search_board_.keys().from_image(search_board_.keys().least_image(), known->move);
    }
    const long long nodes_before = search_board_.nodes();
    const std::size_t base = search_board_.move_count();
    Vertex win = optimized::kNoVertex;
    const std::size_t count = search_board_.generate(table_move, &win);
    if (win != optimized::kNoVertex) {
      search_board_.truncate_moves(base);
      store(kWinScore - 1, kWinScore - 1, win, 1);
      return kWinScore - 1;
    }
    int best = -kUnbounded;
    Vertex best_move = optimized::kNoVertex;
    const int alpha_in = alpha;
    for (std::size_t i = base; i < base + count; ++i) {
      const Vertex v = search_board_.move(i);
      const auto undo = search_board_.make(v);
      const int child = search(child_bound(beta), child_bound(alpha));
      search_board_.unmake(undo);
      if (search_board_.aborted()) {
        search_board_.truncate_moves(base);
        return 0;
      }
      const int score = parent_score(child);
      if (score > best) {
        best = score;
        best_move = v;
        if (score > alpha) {
          alpha = score;
          if (score >= beta) break;
        }
      }
    }
    search_board_.truncate_moves(base);
    const long long work = search_board_.nodes() - nodes_before;
    if (best <= alpha_in) store(-kUnbounded, best, optimized::kNoVertex, work);
    else if (best >= beta) store(best, kUnbounded, best_move, work);
    else store(best, best, best_move, work);
    return best;
  }

  /// Does playing m give the side to move a score of at least v? (false once aborted)
  bool child_at_least(Vertex m, int v) {
    const auto undo = search_board_.make(m);
    const int bound = child_bound(v - 1);  // parent_score(s) >= v <=> s < bound
    const int child = search(bound - 1, bound);
    search_board_.unmake(undo);
    return !search_board_.aborted() && child < bound;
  }

  /// MTD(f) from a proven value: `proven` is a score the value search returned (> 0: at least
  /// that, a win; < 0: at most that, a loss); each null-window step moves one bound until they
  /// meet. The exact score, or nullopt once aborted.
  std::optional<int> exact_score(int proven) {
    const bool win = proven > 0;
    int lower = win ? proven : -(kWinScore - 1), upper = win ? kWinScore - 1 : proven;
    int guess = proven;
    while (lower < upper) {
      const int beta = guess == lower ? guess + 1 : guess;
      guess = search(beta - 1, beta);
      if (search_board_.aborted()) return std::nullopt;
      if (guess < beta) upper = guess;
      else lower = guess;
    }
    return lower;
  }

  /// The table's move for the current position, in its own frame (kNoVertex when none).
  Vertex table_move() const noexcept {
    const Bounds* known = probe();
    return known ? search_board_.keys().from_image(search_board_.keys().least_image(), known->move) : optimized::kNoVertex;
  }

 private:
  const Bounds* probe() const noexcept { return table_.find(search_board_.keys().canonical()); }

  // Records lo <= score <= hi (either may be unbounded), keeping what the entry knew.
  void store(int lo, int hi, Vertex move, long long work) {
    const Vertex canonical_move = search_board_.keys().to_image(search_board_.keys().least_image(), move);
    table_.store(search_board_.keys().canonical(), Bounds{lo, hi, canonical_move}, work, [&](Bounds& old) {
      old.lo = std::max(old.lo, lo);
      old.hi = std::min(old.hi, hi);
      if (canonical_move != optimized::kNoVertex) old.move = canonical_move;
    });
  }

  SearchBoard<MaxN>& search_board_;
  TranspositionTable<Bounds> table_;
};

}  // namespace tanbo::solve::weak
