// The board the weak solver's searches walk (alpha-beta, df-pn and the proof walk share one):
// the optimized engine's make/unmake board, the position's symmetric keys (weak_keys.hpp) kept
// current with every move, the node budget every search counts against, and the stack of move
// lists of the nodes on the current path, ordered best first.
//
// Why one object: a node is counted once whichever search visits it, a key is updated in one
// place, and the move lists of all searches share one growing buffer (no allocation per node).
//
// Why this move order: the table's move first, then by what one ply shows (stones removed from
// the opponent minus own stones lost, then the opponent's fewest replies), ties by vertex, so the
// order depends on the position alone and a run answers the same on every machine.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/solve/weak.hpp"
#include "weak_keys.hpp"

namespace tanbo::solve::weak {

/// The order of a move that ends the game, for the mover or against it (generate()).
inline constexpr int kWinningMoveOrder = 1 << 29;
/// The order of the table's move: before every other.
inline constexpr int kTableMoveOrder = 1 << 30;

template <int MaxN>
class SearchBoard {
 public:
  using Board = optimized::BasicBoard<MaxN>;
  using Vertex = optimized::Vertex;
  /// What unmake() needs: the engine's record and the keys before the move.
  struct Undo {
    optimized::MoveRecord record;
    typename SymmetricKeys<MaxN>::Saved keys;
  };
  /// A move and its place in the order (higher first).
  struct OrderedMove {
    Vertex vertex;
    int order;
  };

  SearchBoard(const Position& root, const WeakBudget& budget)
      : board_(root), keys_(root, symmetries_kept_by(root)), budget_(budget), node_limit_(budget.nodes) {
    moves_.reserve(4096);
  }

  const Board& board() const noexcept { return board_; }
  const SymmetricKeys<MaxN>& keys() const noexcept { return keys_; }
  const WeakBudget& budget() const noexcept { return budget_; }

  // ---- Moves and keys ---------------------------------------------------------------------------
  /// Plays legal move v and keeps the keys current (the new stone, the removed roots, the side).
  Undo make(Vertex v) noexcept {
    Undo undo{{}, keys_.save()};
    const int mover = static_cast<int>(board_.to_move());
    undo.record = board_.play_vertex(v);
    keys_.toggle_stone(mover, v);
    if (undo.record.removed_roots > 0) {
      // Roots are walked in record order; the head of root i + 1 starts its walk.
      int root = 0;
      board_.for_each_removed_stone(undo.record, [&](Vertex stone) {
        if (root + 1 < undo.record.removed_roots && stone == undo.record.removed[static_cast<std::size_t>(root + 1)])
          ++root;
        keys_.toggle_stone((undo.record.removed_white_mask >> root) & 1, stone);
      });
    }
    keys_.toggle_side();
    return undo;
  }
  void unmake(const Undo& undo) noexcept {
    board_.undo(undo.record);
    keys_.restore(undo.keys);
  }

  // ---- Node budget ------------------------------------------------------------------------------
  /// Counts a node; false (and aborted() from then on) once the budget is spent.
  bool count_node() {
    if (nodes_ >= node_limit_) {
      aborted_ = true;
      return false;
    }
    ++nodes_;
    if (budget_.progress && nodes_ % budget_.progress_interval == 0)  // solve_weak refuses an interval < 1
      budget_.progress({static_cast<std::uint64_t>(nodes_), 0});
    return true;
  }
  bool aborted() const noexcept { return aborted_; }
  long long nodes() const noexcept { return nodes_; }

  // ---- The move stack ---------------------------------------------------------------------------
  /// Where the current node's list starts: truncate_moves(base) when the node is done.
  std::size_t move_count() const noexcept { return moves_.size(); }
  Vertex move(std::size_t i) const noexcept { return moves_[i].vertex; }
  void swap_moves(std::size_t i, std::size_t j) noexcept { std::swap(moves_[i], moves_[j]); }
  void truncate_moves(std::size_t base) { moves_.resize(base); }
  /// Puts the moves [base, base + count) in row-major order of their points: perfect_move's order
  /// among moves of equal outcome (answer.hpp).
  void sort_row_major(std::size_t base, std::size_t count) {
    const auto first = moves_.begin() + static_cast<std::ptrdiff_t>(base);
    std::sort(first, first + static_cast<std::ptrdiff_t>(count),
              [](const OrderedMove& x, const OrderedMove& y) { return Board::point(x.vertex) < Board::point(y.vertex); });
  }

  /// Appends the side to move's legal moves in the engine's order, unsorted (df-pn sorts none).
  /// Copied: the engine's internal order changes as moves are played and undone.
  std::size_t push_legal_moves() {
    const std::size_t base = moves_.size();
    for (const Vertex v : board_.legal_vertices()) moves_.push_back({v, 0});
    return moves_.size() - base;
  }

  /// Appends the side to move's legal moves best first (the file comment's order). A move that
  /// ends the game in the mover's favour is reported through `win` when it is not null (and
  /// generation stops); one that ends it the other way goes last. Returns how many it appended.
  std::size_t generate(Vertex table_move, Vertex* win) {
    const std::size_t base = moves_.size();
    push_legal_moves();
    const Color mover = board_.to_move();
    for (std::size_t i = base; i < moves_.size(); ++i) {
      OrderedMove& m = moves_[i];
      const optimized::MoveRecord record = board_.play_vertex(m.vertex);
      const int removed_mine = mover == Color::Black ? record.removed_black : record.removed_white;
      const int removed_theirs = mover == Color::Black ? record.removed_white : record.removed_black;
      if (board_.is_over()) {
        const bool won = *board_.winner() == mover;
        board_.undo(record);
        if (won && win != nullptr) {
          *win = m.vertex;
          return moves_.size() - base;
        }
        m.order = won ? kWinningMoveOrder : -kWinningMoveOrder;
        continue;
      }
      const int replies = board_.legal_move_count();
      board_.undo(record);
      m.order = (removed_theirs - removed_mine) * 1024 - replies;
      if (m.vertex == table_move) m.order = kTableMoveOrder;
    }
    std::sort(moves_.begin() + static_cast<std::ptrdiff_t>(base), moves_.end(),
              [](const OrderedMove& x, const OrderedMove& y) {
                return x.order != y.order ? x.order > y.order : x.vertex < y.vertex;
              });
    return moves_.size() - base;
  }

 private:
  Board board_;
  SymmetricKeys<MaxN> keys_;
  WeakBudget budget_;
  long long nodes_ = 0, node_limit_;
  bool aborted_ = false;
  std::vector<OrderedMove> moves_;  // the move lists of the nodes on the current path, stacked
};

}  // namespace tanbo::solve::weak
