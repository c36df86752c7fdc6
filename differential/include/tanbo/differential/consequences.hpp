// The rule-consequence oracle: facts the rules (docs/rules.md) imply about every reachable state
// and every move, checked on any Engine from its observable state alone. Roots are recomputed
// from the engine's Position with the reference rule functions, so the oracle does not trust the
// engine under test. Each check returns the first violated consequence as text, or nullopt.
// Used by `tanbo selfplay --check`, the RapidCheck properties, the exhaustive walk and the
// Catch2 engine harness; the comparator (compare.hpp) is the other oracle: engine against engine.
//
// Every consequence listed here has a planted bug violating exactly it (planted/*.hpp) and a
// test that the oracle reports it (differential/tests/consequences_test.cpp); a move consequence is
// shown for each side and each case of rule 6 the bug can occur in (planted::Only), and "no
// bounded root at the start of a turn" for each side and case that removes from that side
// (KeepsBoundedRoot), whose report says whose root survived.
//
//   Board (position_consequence): never both sides without stones; each root is a tree (roots
//     grow one leaf at a time); no root of either colour is bounded at the start of a turn (rule 6
//     removes them all). The roots themselves come from reference::all_roots, which partitions
//     the stones into maximal groups by construction.
//   Engine state (state_consequence): stone_count(), is_over() and winner() agree with the
//     board; position() has the side to move and the start's variant tag; legal_moves() is
//     counted by legal_move_count() and is exactly the growth points of the mover's roots,
//     row-major (rules 3 and 5; none once the game is over); hash() is zobrist_hash(position());
//     check_consistency() (if the engine has one) finds nothing.
//   Move (move_consequence): last_result() names the move, the mover and play()'s removal kind;
//     the turn passes; the point was empty; the stone has exactly one friendly neighbour (rule 3:
//     it joins exactly one root); the removed stones are row-major, distinct stones of the board after
//     placement, counted by play()'s removed counts, whole roots only, at most one enemy root;
//     the removal kind fits: none removes nothing, expanded-root removes exactly the root the
//     stone joined, bounded-roots removes something other than it; the board keeps its size and
//     is the placement minus the removed stones (so a move without removal adds one stone and
//     the root count falls by the roots removed).
//   Game (RuleOracle): all the above along a game, which ends within roots0 * (N^2 + 1) moves
//     (every move adds a stone to a root or removes a root).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::differential {

/// Board consequences of `pos`, a position at the start of a turn (see the file comment).
std::optional<std::string> position_consequence(const Position& pos);

/// Move consequences of `move` by `before.to_move()`: play() returned `effect`, last_result()
/// returned `result`, and the board became `after` (see the file comment).
std::optional<std::string> move_consequence(const Position& before, Point move, const MoveEffect& effect,
                                            const MoveResult& result, const Position& after);

/// The side to move's legal moves by the rules (growth points of its roots, rules 3 and 5),
/// row-major; none when a side has no stones.
std::vector<Point> rules_legal_moves(const Position& pos);

/// Number of roots on the board.
int root_count(const Position& pos);

/// Engine-state consequences of `g` (see the file comment): its reports agree with its board.
template <EngineGame G>
std::optional<std::string> state_consequence(const G& g) {
  const Position pos = g.position();
  const int black = pos.count(Color::Black), white = pos.count(Color::White);
  if (g.stone_count(Color::Black) != black || g.stone_count(Color::White) != white)
    return "stone_count() " + std::to_string(g.stone_count(Color::Black)) + "/" +
           std::to_string(g.stone_count(Color::White)) + " disagrees with the board's " +
           std::to_string(black) + "/" + std::to_string(white);
  // Compared field by field: g++ 12 warns (falsely) on comparing two std::optional<Color>.
  const bool over = black == 0 || white == 0;
  const std::optional<Color> winner = g.winner();
  if (g.is_over() != over || winner.has_value() != over ||
      (over && *winner != (black == 0 ? Color::White : Color::Black)))
    return "winner()/is_over() disagree with the stones on the board";
  if (pos.to_move() != g.to_move()) return "position().to_move() differs from to_move()";
  if (!(pos.variant() == g.start_position().variant()))
    return "position()'s variant tag " + pos.variant().name() + " is not the start's " +
           g.start_position().variant().name();
  const std::vector<Point> legal = g.legal_moves();
  if (static_cast<int>(legal.size()) != g.legal_move_count())
    return "legal_move_count() " + std::to_string(g.legal_move_count()) + " but legal_moves() has " +
           std::to_string(legal.size());
  if (legal != rules_legal_moves(pos)) {
    if (!over && legal.empty())
      return std::string("the side to move ") + color_char(g.to_move()) + " has stones but no legal move";
    if (over) return "legal moves after the game ended";
    return "legal_moves() is not the growth points of the mover's roots, row-major (rules 3 and 5)";
  }
  if (g.hash() != zobrist_hash(pos)) return "hash() differs from zobrist_hash(position())";
  if constexpr (requires { g.check_consistency(); }) {
    if (auto problem = g.check_consistency()) return "check_consistency(): " + *problem;
  }
  return std::nullopt;
}

/// Checks one game: construct it on the start, check_start(), then check_move() after every
/// move played. Keeps the position before the move (resync with restart() after an undo).
template <EngineGame G>
class RuleOracle {
 public:
  explicit RuleOracle(const G& g)
      : before_(g.position()), max_plies_(root_count(before_) * (g.size() * g.size() + 1)) {}

  /// Longest possible game from this start: every move removes a root or adds a stone.
  int max_plies() const noexcept { return max_plies_; }

  /// Consequences of the state `g` is in (the start, or after a restart).
  std::optional<std::string> check_start(const G& g) {
    restart(g);
    if (auto p = position_consequence(before_)) return p;
    return state_consequence(g);
  }

  /// Consequences of the move `move`, which `g` just played returning `effect`.
  std::optional<std::string> check_move(const G& g, Point move, const MoveEffect& effect) {
    const Position after = g.position();
    const Position before = std::move(before_);
    before_ = after;
    if (g.ply() > max_plies_)
      return "game longer than roots0 * (N^2 + 1) = " + std::to_string(max_plies_) + " plies";
    if (auto p = move_consequence(before, move, effect, g.last_result(), after)) return p;
    if (auto p = position_consequence(after)) return p;
    return state_consequence(g);
  }

  /// Takes `g`'s current position as the one before the next move (after an undo, a copy).
  void restart(const G& g) { before_ = g.position(); }

 private:
  Position before_;
  int max_plies_;
};

}  // namespace tanbo::differential
