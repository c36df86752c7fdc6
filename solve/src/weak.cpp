// The weak solver (weak.hpp): the value of one position, then its perfect-play length and move,
// then the winner's proof, each step a search on one shared board (weak_board.hpp):
//   weak_keys.hpp       keys canonical under the root's symmetries
//   weak_table.hpp      the transposition-table template and its replacement scheme
//   weak_board.hpp      the board, its keys, the node budget and the move order
//   weak_alphabeta.hpp  alpha-beta over exact scores and MTD(f) for the length
//   weak_dfpn.hpp       df-pn for the value of larger starts
//   weak_proof.hpp      the proof walk
// This file runs the steps in order and fills WeakResult. Every limit is a node count, so
// answers are deterministic.
#include "tanbo/solve/weak.hpp"

#include <cstddef>
#include <optional>
#include <string>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/reference/rules.hpp"
#include "weak_alphabeta.hpp"
#include "weak_board.hpp"
#include "weak_dfpn.hpp"
#include "weak_proof.hpp"

namespace tanbo::solve {

namespace {

template <int MaxN>
class WeakSolver {
  using Board = optimized::BasicBoard<MaxN>;
  using Vertex = optimized::Vertex;

 public:
  WeakSolver(const Position& start, const WeakBudget& budget)
      : budget_(budget),
        search_board_(start, budget),
        alpha_beta_(search_board_, budget.table_log2),
        proof_numbers_(search_board_, budget.table_log2, start.to_move()) {}
  // The searches hold a reference to search_board_: a copy would search the original's board.
  WeakSolver(const WeakSolver&) = delete;
  WeakSolver& operator=(const WeakSolver&) = delete;

  WeakResult run() {
    WeakResult r;
    Answer& a = r.answer;
    const auto& board = search_board_.board();
    a.to_move = board.to_move();
    r.table_slots = static_cast<long long>(alpha_beta_.table().capacity());
    // A finished game never gets here: solve_weak answers it by rule 7 (the engine cannot be
    // set up from one).
    const int value_score = value();
    r.value_nodes = search_board_.nodes();
    if (search_board_.aborted()) return finish(r);
    const bool win = value_score > 0;
    const Color prover = win ? board.to_move() : opponent(board.to_move());
    a.outcome.value = win ? Value::Win : Value::Loss;
    // The length: MTD(f) on the proven side.
    int known_score = win ? 1 : -1;  // of the exact score: at least this (win), at most (loss)
    if (budget_.length)
      if (const std::optional<int> exact = alpha_beta_.exact_score(value_score)) {
        known_score = *exact;
        a.outcome.length = weak::length_of(*exact);
      }
    if (!search_board_.aborted()) a.best_move = best_move(prover, known_score, a.outcome.length >= 0);
    r.length_nodes = search_board_.nodes() - r.value_nodes;
    if (!search_board_.aborted() && a.best_move && budget_.proof)
      r.proof = weak::ProofWalk<MaxN>(search_board_, alpha_beta_, by_proof_numbers() ? &proof_numbers_ : nullptr, prover).run();
    r.proof_nodes = search_board_.nodes() - r.value_nodes - r.length_nodes;
    return finish(r);
  }

 private:
  bool by_proof_numbers() const noexcept { return budget_.value_search == ValueSearch::ProofNumber; }

  // The value as a score whose sign is the answer. Alpha-beta: no score is 0, so the window
  // (-1, 1) settles the sign and nothing else. df-pn: "the side to move wins" is proven or
  // disproven (no draws), and stands for the scores 1 and -1.
  int value() {
    if (!by_proof_numbers()) return alpha_beta_.search(-1, 1);
    return proof_numbers_.settle().proof == 0 ? 1 : -1;
  }

  // A move whose child gives the known score. With the length, perfect_move()'s choice: the
  // known score is the exact best, so the first move in row-major order that reaches it is the
  // fastest win or longest defence a probe names (answer.hpp). Without it, a winning move, or for
  // a loss the first move in search order. nullopt once aborted.
  std::optional<Point> best_move(Color prover, int known_score, bool with_length) {
    const bool win = known_score > 0;
    const std::size_t base = search_board_.move_count();
    const std::size_t count = search_board_.generate(alpha_beta_.table_move(), nullptr);
    weak::ProofWalk<MaxN> prover_moves(search_board_, alpha_beta_, &proof_numbers_, prover);
    if (with_length) search_board_.sort_row_major(base, count);
    if (by_proof_numbers() && win && !with_length) prover_moves.known_win_first(base, count);  // no search at all
    std::optional<Point> best;
    for (std::size_t i = base; i < base + count && !best && !search_board_.aborted(); ++i) {
      const Vertex m = search_board_.move(i);
      if (!with_length && !win) best = Board::point(m);
      else if (with_length || !by_proof_numbers() ? alpha_beta_.child_at_least(m, known_score) : prover_moves.wins_after(m))
        best = Board::point(m);
    }
    search_board_.truncate_moves(base);
    return best;
  }

  WeakResult& finish(WeakResult& r) const {
    r.table_used = alpha_beta_.table().used() + proof_numbers_.table().used();
    r.answer.nodes = search_board_.nodes();
    return r;
  }

  WeakBudget budget_;
  weak::SearchBoard<MaxN> search_board_;
  weak::AlphaBeta<MaxN> alpha_beta_;
  weak::ProofNumberSearch<MaxN> proof_numbers_;
};

}  // namespace

WeakResult solve_weak(const Position& start, const WeakBudget& budget) {
  if (budget.nodes < 0)
    throw UsageError("solve_weak: node budget " + std::to_string(budget.nodes) + " is negative");
  if (budget.table_log2 < 4 || budget.table_log2 > 30)
    throw UsageError("solve_weak: table_log2 " + std::to_string(budget.table_log2) +
                     " is outside 4..30 (2^table_log2 entries of 32 bytes)");
  if (budget.progress_interval <= 0)
    throw UsageError("solve_weak: progress_interval " + std::to_string(budget.progress_interval) + " is not positive");
  if (budget.proof_positions < 0)
    throw UsageError("solve_weak: proof_positions " + std::to_string(budget.proof_positions) + " is negative");
  // A finished game (what a game in progress becomes; the engines refuse to be set up from one):
  // rule 7 decides, whoever is to move. A board without stones is the engine's to refuse.
  if (const std::optional<Color> winner = reference::winner(start)) {
    WeakResult r;
    r.answer.to_move = start.to_move();
    r.answer.outcome = Outcome::of(*winner == start.to_move(), 0);
    if (budget.proof) r.proof = Proof{*winner, {ProofLine{start, std::nullopt}}, 0};
    return r;
  }
  return optimized::with_capacity_for(start.size(), [&](auto cap) {
    WeakSolver<decltype(cap)::value> solver(start, budget);
    return solver.run();
  });
}

}  // namespace tanbo::solve
