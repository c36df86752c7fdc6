// The weak solver's proof walk: after the value is proven, it re-walks the winner's strategy with
// the searches' tables and writes it as a Proof (weak.hpp) in certificate order - every line's
// successors on earlier lines, each position once, the root last.
//
// Why exact keys here: the tables key a position and its mirror images alike (weak_keys.hpp), but
// a certificate lists the positions the game reaches, so the set of positions already written is
// keyed by the position itself; an image gets its own lines.
//
// Why it asks the searches again: the tables may have lost entries (a full table replaces), so the
// prover's move at each of its nodes is re-proven by the search that proved the value (df-pn, or
// alpha-beta with the window at 0), trying first the move the table already knows.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <unordered_map>

#include "tanbo/core/types.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/solve/weak.hpp"
#include "weak_alphabeta.hpp"
#include "weak_board.hpp"
#include "weak_dfpn.hpp"
#include "weak_keys.hpp"

namespace tanbo::solve::weak {

template <int MaxN>
class ProofWalk {
  using Vertex = optimized::Vertex;
  using Board = optimized::BasicBoard<MaxN>;

 public:
  /// Proofs of wins for `prover`, re-proving its moves by df-pn when `proof_numbers` is given,
  /// else by alpha-beta.
  ProofWalk(SearchBoard<MaxN>& search_board, AlphaBeta<MaxN>& alpha_beta, ProofNumberSearch<MaxN>* proof_numbers,
            Color prover)
      : search_board_(search_board), alpha_beta_(alpha_beta), proof_numbers_(proof_numbers), prover_(prover) {}

  /// The proof of the current position (a win for the prover), or nullopt when the node budget
  /// or the proof's size limit ran out.
  std::optional<Proof> run() {
    Proof proof{prover_, {}, 0};
    Written written;
    if (!prove(proof, written, proof.depth)) return std::nullopt;
    return proof;
  }

  /// Moves the first move of the list at `base` (`count` moves) that the df-pn table already
  /// shows winning for the prover to the front, so it is tried first (no search at all).
  void known_win_first(std::size_t base, std::size_t count) {
    if (proof_numbers_ == nullptr) return;
    for (std::size_t i = base; i < base + count; ++i)
      if (proof_numbers_->known_win_after(prover_, search_board_.move(i))) {
        search_board_.swap_moves(base, i);
        return;
      }
  }
  /// Does the prover win after the side to move plays m? (by the search that proved the value)
  bool wins_after(Vertex m) {
    return proof_numbers_ != nullptr ? proof_numbers_->wins_after(prover_, m) : alpha_beta_.child_at_least(m, 1);
  }

 private:
  // The positions written so far (exact keys) with their depth in the proof.
  using Written = std::unordered_map<Key, int, KeyHash>;

  // Appends the proof of the current position (a win for the prover) after its successors'
  // lines, each position once, and sets `depth` to its depth in the proof (the certified depth
  // of docs/certificates.md: 0 for a finished game, 1 + the deepest successor's otherwise).
  // False when the budget or the proof's size limit ran out.
  bool prove(Proof& proof, Written& written, int& depth) {
    const Key key = search_board_.keys().exact();
    if (const auto known = written.find(key); known != written.end()) {
      depth = known->second;
      return true;
    }
    depth = 0;
    const auto& board = search_board_.board();
    if (board.is_over()) {
      if (*board.winner() != prover_) return false;  // cannot happen: the search proved the win
      proof.lines.push_back({board.position(), std::nullopt});
    } else if (!prove_moves(proof, written, depth)) {
      return false;
    }
    written.emplace(key, depth);
    return static_cast<long long>(proof.lines.size()) <= search_board_.budget().proof_positions;
  }

  // At a position not over: the prover's first winning move's proof, or every reply's; then
  // the position's own line.
  bool prove_moves(Proof& proof, Written& written, int& depth) {
    const bool prover_to_move = search_board_.board().to_move() == prover_;
    const std::size_t base = search_board_.move_count();
    const std::size_t count = search_board_.generate(alpha_beta_.table_move(), nullptr);
    if (prover_to_move) known_win_first(base, count);
    std::optional<Point> chosen;
    bool ok = true;
    for (std::size_t i = base; i < base + count && ok; ++i) {
      const Vertex m = search_board_.move(i);
      if (prover_to_move) {
        if (!wins_after(m)) {
          ok = !search_board_.aborted();
          continue;
        }
        chosen = Board::point(m);
      }
      const auto undo = search_board_.make(m);
      int child_depth = 0;
      ok = prove(proof, written, child_depth);
      depth = std::max(depth, 1 + child_depth);
      search_board_.unmake(undo);
      if (chosen) break;
    }
    search_board_.truncate_moves(base);
    if (!ok || (prover_to_move && !chosen)) return false;
    proof.lines.push_back({search_board_.board().position(), chosen});
    return true;
  }

  SearchBoard<MaxN>& search_board_;
  AlphaBeta<MaxN>& alpha_beta_;
  ProofNumberSearch<MaxN>* proof_numbers_;  // null when alpha-beta proved the value
  Color prover_;
};

}  // namespace tanbo::solve::weak
