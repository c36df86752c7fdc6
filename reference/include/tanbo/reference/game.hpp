// The reference engine: a game of Tanbo whose every query is recomputed from the board using
// the rule functions of rules.hpp. Simple and written rule by rule: the oracle the optimized
// engine is checked against.
// It keeps no derived state between moves: only the board, the history and, for undo, the
// earlier boards themselves (restoring a stored board cannot be wrong).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::reference {

/// A game in progress. Copyable value; no hidden caches.
class Game {
 public:
  /// Starts from the opening of `v` (@ref rule2 "rule 2"). Default: classic 19x19.
  explicit Game(const Variant& v = Variant::classic());
  /// Starts from any position. @throws InvalidPositionError if a side has no stones or a root
  /// is bounded (such a position cannot arise in play).
  explicit Game(const Position& start);

  int size() const noexcept { return board_.size(); }  ///< Board side length (@ref rule1 "rule 1").
  /// Content of `p`. @throws UsageError if `p` is off the board.
  Cell at(Point p) const;
  Color to_move() const noexcept { return board_.to_move(); }  ///< Side to move (@ref rule2 "rule 2").
  int ply() const noexcept { return static_cast<int>(history_.size()); }  ///< Moves played.
  bool is_over() const { return winner().has_value(); }  ///< @ref rule7 "Rule 7": a side has no stones.
  /// @ref rule7 "Rule 7": the side with stones left, once the other has none.
  std::optional<Color> winner() const;
  int stone_count(Color c) const { return board_.count(c); }  ///< Stones of colour `c`.

  /// @ref rule3 "Rule 3": may the side to move play `p` now? False off the board and after the
  /// game.
  bool is_legal(Point p) const;
  /// Why the side to move may not play `p`, or nullopt if it may.
  std::optional<IllegalReason> why_illegal(Point p) const;
  /// Every legal move of the side to move, row-major. Empty once the game is over.
  std::vector<Point> legal_moves() const;
  /// Same, written into `out` (cleared first), so a caller can reuse one buffer.
  void legal_moves(std::vector<Point>& out) const;
  /// Number of legal moves of the side to move.
  int legal_move_count() const;

  /// Plays `p` for the side to move: places the stone (@ref rule3 "rules 3" and @ref rule4 "4"),
  /// removes stones (@ref rule5 "rules 5" and @ref rule6 "6"), passes the turn
  /// (@ref rule2 "rule 2"). @throws IllegalMoveError (state unchanged) if not legal.
  MoveEffect play(Point p);
  /// Takes back the last move: restores the board stored before it.
  /// @throws UsageError if no move has been played.
  void undo();
  /// Full description of the last move. @throws UsageError if no move has been played.
  MoveResult last_result() const;
  /// Every move played so far, with its removals.
  const std::vector<MoveResult>& history() const noexcept { return history_; }
  /// The points played so far.
  std::vector<Point> moves() const;

  /// The current position (tagged with the start's variant).
  Position position() const { return board_; }
  /// The current position without a copy.
  const Position& board() const noexcept { return board_; }
  /// The position the game started from.
  const Position& start_position() const noexcept { return start_; }
  /// Zobrist hash of (board, side to move), computed from scratch.
  std::uint64_t hash() const noexcept;
  /// Every root on the board (@ref rule4 "rule 4"), ordered by first stone.
  std::vector<Root> roots() const { return all_roots(board_); }

 private:
  // Calls f(p) for every legal move p of the side to move, row-major (rule 3; none after rule 7).
  template <class F>
  void for_each_legal_move(F f) const {
    if (is_over()) return;
    for (int y = 0; y < size(); ++y)
      for (int x = 0; x < size(); ++x)
        if (!placement_problem(board_, {x, y}, to_move())) f(Point{x, y});
  }

  Position start_;
  Position board_;
  std::vector<MoveResult> history_;
  // earlier_[i]: the board before move i (for undo). Stored boards never change, so copies of
  // a game share them: copying a game (the model test copies it for every command) costs one
  // pointer per move instead of one board per move.
  std::vector<std::shared_ptr<const Position>> earlier_;
};

static_assert(Engine<Game>);

}  // namespace tanbo::reference
