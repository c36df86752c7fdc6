// The weak solver's depth-first proof-number search (df-pn, Nagai 2002, with the 1 + epsilon
// thresholds of Pawlewicz and Lew) on the shared search board (weak_board.hpp): it proves or
// disproves "the attacker (the root's side to move) wins", which settles the value of larger
// starts in fewer nodes than alpha-beta. It searches no length.
//
// Proof and disproof numbers are from the attacker's side at every node: at the attacker's nodes
// (OR) the proof number is the least child's and the disproof number the sum of the children's;
// at the defender's nodes (AND) the other way round. 0 proves, kInfiniteProofNumber refutes.
// Tanbo's game graph has no cycles (rule 7's measure falls every move), so the search has none
// of df-pn's cycle troubles.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tanbo/core/types.hpp"
#include "tanbo/optimized/board.hpp"
#include "weak_board.hpp"
#include "weak_keys.hpp"
#include "weak_table.hpp"

namespace tanbo::solve::weak {

inline constexpr std::uint32_t kInfiniteProofNumber = 0x3FFFFFFF;

/// A node's proof and disproof numbers; df-pn's table entry.
struct ProofNumbers {
  std::uint32_t proof = 1, disproof = 1;
  /// Settled: proven (proof 0) or disproven (disproof 0). The table keeps these first.
  bool proven() const noexcept { return proof == 0 || disproof == 0; }
};

template <int MaxN>
class ProofNumberSearch {
  using Vertex = optimized::Vertex;

 public:
  /// df-pn proving that `attacker` wins (the root's side to move).
  ProofNumberSearch(SearchBoard<MaxN>& search_board, int table_log2, Color attacker)
      : search_board_(search_board), table_(table_log2), attacker_(attacker) {}

  const TranspositionTable<ProofNumbers>& table() const noexcept { return table_; }

  /// The numbers of the current position, searched until settled (unless aborted).
  ProofNumbers settle() {
    const ProofNumbers here = leaf();
    if (here.proven()) return here;
    return mid(kInfiniteProofNumber, kInfiniteProofNumber);
  }

  /// Does `prover` win after the side to move plays m? (searched; false once aborted)
  bool wins_after(Color prover, Vertex m) {
    const auto undo = search_board_.make(m);
    const ProofNumbers numbers = settle();
    search_board_.unmake(undo);
    return !search_board_.aborted() && proves(prover, numbers);
  }
  /// Does the table already show that `prover` wins after m? (no search)
  bool known_win_after(Color prover, Vertex m) {
    const auto undo = search_board_.make(m);
    const ProofNumbers numbers = leaf();
    search_board_.unmake(undo);
    return proves(prover, numbers);
  }

 private:
  // A child of the node being searched: its move, its key, and its numbers as last seen.
  struct ChildNumbers {
    Vertex vertex;
    Key key;
    ProofNumbers numbers;
  };

  bool proves(Color prover, ProofNumbers numbers) const noexcept {
    return prover == attacker_ ? numbers.proof == 0 : numbers.disproof == 0;
  }
  static std::uint32_t capped(std::uint64_t x) noexcept {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(x, kInfiniteProofNumber));
  }

  // The numbers of a finished game, or the first estimate of a position not over by mobility
  // (the side to move's replies: at a defender's node every reply must be refuted, at an
  // attacker's node every move must fail).
  ProofNumbers first_estimate() const noexcept {
    const auto& board = search_board_.board();
    if (board.is_over())
      return *board.winner() == attacker_ ? ProofNumbers{0, kInfiniteProofNumber} : ProofNumbers{kInfiniteProofNumber, 0};
    const auto replies = static_cast<std::uint32_t>(board.legal_move_count());
    return board.to_move() == attacker_ ? ProofNumbers{1, replies} : ProofNumbers{replies, 1};
  }
  // The numbers of a position just reached by a move: settled when the game is over, from the
  // table, else the first estimate.
  ProofNumbers leaf() const noexcept {
    if (search_board_.board().is_over()) return first_estimate();
    if (const ProofNumbers* known = table_.find(search_board_.keys().canonical())) return *known;
    return first_estimate();
  }

  // Pushes the current position's children onto children_, with their numbers. Two passes: the
  // first plays each move, estimates the child and prefetches its table bucket; the second reads
  // the buckets. The reads are cache misses of a large table, and overlapping them took most of
  // df-pn's time off.
  void expand() {
    const std::size_t first_move = search_board_.move_count();
    const std::size_t base = children_.size();
    search_board_.push_legal_moves();
    for (std::size_t i = first_move; i < search_board_.move_count(); ++i) {
      const auto undo = search_board_.make(search_board_.move(i));
      if (!search_board_.board().is_over()) table_.prefetch(search_board_.keys().canonical());
      children_.push_back({search_board_.move(i), search_board_.keys().canonical(), first_estimate()});
      search_board_.unmake(undo);
    }
    search_board_.truncate_moves(first_move);
    for (std::size_t i = base; i < children_.size(); ++i) {
      ChildNumbers& c = children_[i];
      if (c.numbers.proven()) continue;
      if (const ProofNumbers* known = table_.find(c.key)) c.numbers = *known;
    }
  }

  // This node's numbers from its children's (children_[base..]), and which child to search:
  // the most proving one, and the least number among the others (its threshold's margin).
  struct Summary {
    ProofNumbers numbers;
    std::size_t most_proving;
    std::uint32_t second_least;
  };
  Summary summarise(std::size_t base, bool or_node) const noexcept {
    std::uint64_t sum = 0;
    std::uint32_t least = kInfiniteProofNumber, second = kInfiniteProofNumber;
    std::size_t best = base;
    for (std::size_t i = base; i < children_.size(); ++i) {
      const ProofNumbers& c = children_[i].numbers;
      const std::uint32_t minimised = or_node ? c.proof : c.disproof;  // the number this node minimises
      sum += or_node ? c.disproof : c.proof;                             // and the one it adds up
      if (minimised < least) {
        second = least;
        least = minimised;
        best = i;
      } else if (minimised < second) {
        second = minimised;
      }
    }
    const ProofNumbers numbers = or_node ? ProofNumbers{least, capped(sum)} : ProofNumbers{capped(sum), least};
    return {numbers, best, second};
  }

  // Multiple-iterative deepening at the current position (not over) until its proof number
  // reaches `proof_limit` or its disproof number `disproof_limit`; stores and returns its
  // numbers ({1, 1} once aborted).
  ProofNumbers mid(std::uint32_t proof_limit, std::uint32_t disproof_limit) {
    if (!search_board_.count_node()) return {1, 1};
    const long long nodes_before = search_board_.nodes();
    const Key key = search_board_.keys().canonical();
    const bool or_node = search_board_.board().to_move() == attacker_;
    const std::size_t base = children_.size();
    expand();
    ProofNumbers here{1, 1};
    for (;;) {
      // The children's numbers are read from the table once, at expansion: a child settled
      // meanwhile through a transposition is seen when this node is expanded again; re-reading
      // every child every iteration cost more than it saved.
      const Summary summary = summarise(base, or_node);
      here = summary.numbers;
      if (here.proof >= proof_limit || here.disproof >= disproof_limit || here.proven()) break;
      // The most proving child, with limits that send the search back here once it stops being
      // the best by a margin (1 + epsilon, epsilon = 1/4: fewer switches between children).
      const ChildNumbers& child = children_[summary.most_proving];
      const std::uint32_t next_best = capped(std::uint64_t{summary.second_least} + summary.second_least / 4 + 1);
      ProofNumbers child_limits{};
      if (or_node)
        child_limits = {std::min(proof_limit, next_best),
                        capped(std::uint64_t{disproof_limit} - here.disproof + child.numbers.disproof)};
      else
        child_limits = {capped(std::uint64_t{proof_limit} - here.proof + child.numbers.proof),
                        std::min(disproof_limit, next_best)};
      const auto undo = search_board_.make(child.vertex);
      const ProofNumbers got =
          search_board_.board().is_over() ? leaf() : mid(child_limits.proof, child_limits.disproof);
      search_board_.unmake(undo);
      if (search_board_.aborted()) {
        children_.resize(base);
        return {1, 1};
      }
      children_[summary.most_proving].numbers = got;
    }
    children_.resize(base);
    table_.store(key, here, search_board_.nodes() - nodes_before + 1, [&](ProofNumbers& old) { old = here; });
    return here;
  }

  SearchBoard<MaxN>& search_board_;
  TranspositionTable<ProofNumbers> table_;
  Color attacker_;
  std::vector<ChildNumbers> children_;  // the children of the nodes on the current path, stacked
};

}  // namespace tanbo::solve::weak
