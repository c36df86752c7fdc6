// An independent brute force for the strong solver's tests: plain recursive negamax on the
// reference engine over every reachable position, keyed by position strings (no exact keys, no
// symmetry, no shared code with the solver), with docs/solutions.md's definitions written out.
#pragma once

#include <algorithm>
#include <map>
#include <string>

#include "tanbo/reference/game.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve::testing {

/// Where a planted bug goes in the brute force (to show that the comparison catches it).
// check-map: planted LoserShortestDefence [solve]
// check-map: planted FinishedGameWonByMover [solve]
enum class BruteBug { None, LoserShortestDefence, FinishedGameWonByMover };

// Board and side to move of the game's position, as a position string without a variant tag.
inline std::string board_text(const reference::Game& g) {
  Position p(g.size());
  for (int i = 0; i < g.size() * g.size(); ++i) p.set(p.point(i), g.board().cells()[static_cast<std::size_t>(i)]);
  p.set_to_move(g.to_move());
  return p.to_string();
}

inline Outcome brute_force(reference::Game& g, std::map<std::string, Outcome>& memo, BruteBug bug = BruteBug::None) {
  const std::string key = board_text(g);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  Outcome out;
  if (g.is_over()) {
    // Rule 7: the side with stones wins, whoever is to move.
    out = Outcome::of(bug == BruteBug::FinishedGameWonByMover ? true : *g.winner() == g.to_move(), 0);
  } else {
    bool wins = false;
    int fastest = 1 << 30, slowest = 0, shortest_loss = 1 << 30;
    for (const Point m : g.legal_moves()) {
      g.play(m);
      const Outcome child = brute_force(g, memo, bug);
      g.undo();
      if (!child.wins()) {
        wins = true;
        fastest = std::min(fastest, child.length + 1);
      } else {
        slowest = std::max(slowest, child.length + 1);
        shortest_loss = std::min(shortest_loss, child.length + 1);
      }
    }
    out = wins ? Outcome::of(true, fastest)
               : Outcome::of(false, bug == BruteBug::LoserShortestDefence ? shortest_loss : slowest);
  }
  memo.emplace(key, out);
  return out;
}

/// Every reachable position of `start` with its outcome.
inline std::map<std::string, Outcome> brute_force_all(const Position& start, BruteBug bug = BruteBug::None) {
  reference::Game g(start);
  std::map<std::string, Outcome> memo;
  brute_force(g, memo, bug);
  return memo;
}

/// The first position where the table and the brute force differ ("" if none), and the counts.
inline std::string first_difference(const Table& table, const std::map<std::string, Outcome>& brute) {
  for (const auto& [text, outcome] : brute) {
    const auto got = table.lookup(Position::parse(text));
    if (!got) return text + ": the table does not hold it";
    if (*got != outcome)
      return text + ": table " + (got->wins() ? "win" : "loss") + " in " + std::to_string(got->length) + ", brute force " +
             (outcome.wins() ? "win" : "loss") + " in " + std::to_string(outcome.length);
  }
  if (table.positions() != brute.size())
    return "the table counts " + std::to_string(table.positions()) + " positions, the brute force " +
           std::to_string(brute.size());
  return "";
}

}  // namespace tanbo::solve::testing
