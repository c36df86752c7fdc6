// Run-time checks of the rule consequences listed in docs (preamble "Consequences"), applied by
// `tanbo selfplay --check` after every move. They work on any Engine: roots are recomputed from
// the engine's Position with the reference rule functions, so the oracle is independent of the
// engine under test.
#pragma once

#include <optional>
#include <string>

#include "tanbo/core.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::cli {

/// What the checks remember about a position between moves.
struct Tally {
  int roots = 0;  ///< Number of roots of both colours.
  int black = 0;  ///< Black stones.
  int white = 0;  ///< White stones.
};

inline Tally tally(const Position& pos) {
  return {static_cast<int>(reference::all_roots(pos).size()), pos.count(Color::Black),
          pos.count(Color::White)};
}

/// Checks one game; feed it the start, then every move. Each call returns the first violated
/// consequence, or nullopt.
template <Engine G>
class GameChecker {
 public:
  explicit GameChecker(const G& g)
      : before_(tally(g.position())), max_plies_(before_.roots * (g.size() * g.size() + 1)) {}

  /// Longest possible game from this start: every move removes a root or adds a stone.
  int max_plies() const noexcept { return max_plies_; }

  /// Consequences that hold in every reachable state (including the start).
  std::optional<std::string> check_state(const G& g) const {
    const Position pos = g.position();
    const int black = pos.count(Color::Black), white = pos.count(Color::White);
    if (black == 0 && white == 0) return "both sides have no stones";
    if (g.stone_count(Color::Black) != black || g.stone_count(Color::White) != white)
      return "stone_count() disagrees with the board";
    // Compared field by field: g++ 12 warns (falsely) on comparing two std::optional<Color>.
    const bool over = black == 0 || white == 0;
    const std::optional<Color> winner = g.winner();
    if (g.is_over() != over || winner.has_value() != over ||
        (over && *winner != (black == 0 ? Color::White : Color::Black)))
      return "winner()/is_over() disagree with the stones on the board";
    // Rule 6 removes every bounded root, so none may survive a move (nor exist at the start).
    for (const reference::Root& r : reference::all_roots(pos))
      if (reference::is_bounded(pos, r))
        return "the " + std::string(1, color_char(r.color)) + " root at " +
               point_name(r.stones.front()) + " is bounded";
    const auto moves = g.legal_moves();
    if (static_cast<int>(moves.size()) != g.legal_move_count())
      return "legal_move_count() disagrees with legal_moves()";
    if (!g.is_over() && moves.empty())
      return std::string("side to move ") + color_char(g.to_move()) +
             " has stones but no legal move";
    if (g.hash() != zobrist_hash(pos)) return "hash() differs from the from-scratch Zobrist hash";
    if constexpr (requires { g.check_consistency(); }) {
      if (auto problem = g.check_consistency()) return "engine inconsistency: " + *problem;
    }
    return std::nullopt;
  }

  /// Consequences relating the state before and after the move `mover` just played.
  std::optional<std::string> check_move(const G& g, Color mover, const MoveEffect& effect) {
    const Tally before = before_;
    const Tally after = tally(g.position());
    before_ = after;
    if (g.ply() > max_plies_)
      return "game longer than roots0*(N*N+1) = " + std::to_string(max_plies_) + " plies";
    if (after.roots > before.roots)
      return "root count increased from " + std::to_string(before.roots) + " to " +
             std::to_string(after.roots);
    const int placed_black = mover == Color::Black ? 1 : 0;
    if (after.black != before.black + placed_black - effect.removed_black ||
        after.white != before.white + (1 - placed_black) - effect.removed_white)
      return "the MoveEffect's removed-stone counts do not match the board";
    if (effect.removal == Removal::None) {
      if (after.roots != before.roots || after.black + after.white != before.black + before.white + 1)
        return "a move without removal did not add exactly one stone to an existing root";
    } else if (after.roots >= before.roots) {
      return std::string("a move with removal '") + removal_name(effect.removal) +
             "' removed no root";
    }
    return check_state(g);
  }

 private:
  Tally before_;
  int max_plies_;
};

}  // namespace tanbo::cli
