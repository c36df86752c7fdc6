// Property bodies for the rule consequences and undo, written once as
// templates over the engine type so they run on both engines (test_invariants.cpp) and on the
// planted-bug engines that must fail them (test_planted_bugs.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "generators.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/differential/compare.hpp"
#include "tanbo/differential/consequences.hpp"

namespace tanbo::props {

/// Fails the property unless `problem` is empty, printing the game so far as a record.
template <class E>
void ensure(const std::string& problem, const E& game, const std::string& where) {
  if (!problem.empty())
    RC_FAIL(where + ": " + problem + "\nGame record:\n" + differential::record_of(game) +
            "\nPosition: " + game.position().to_string());
}

/// Every move of a generated game obeys the consequences of the rules (the oracle of
/// tanbo/differential/consequences.hpp, which also bounds the game's length).
template <class E>
void rules_property(const GameSpec& spec) {
  E game(spec.variant);
  differential::RuleOracle<E> oracle(game);
  MovePicker picker(spec.policy, spec.seed);
  ensure(oracle.check_start(game).value_or(""), game, "at the start");
  for (int i = 0; i < spec.length && !game.is_over(); ++i) {
    const Point p = picker.pick(game);
    const MoveEffect effect = game.play(p);
    ensure(oracle.check_move(game, p, effect).value_or(""), game,
           "after move " + std::to_string(game.ply()) + " (" + point_name(p) + ")");
  }
}

/// How `got` differs from `want` (an earlier copy of the same game), or "".
template <class E>
std::string state_change(const E& want, const E& got) {
  return differential::first_difference(want, got).value_or("");
}

/// Undo restores the previous state exactly: after every move, undo on a copy and replay the
/// move; at the end, unwind the whole game back to the start; then undo must throw UsageError.
template <class E>
void undo_property(const GameSpec& spec) {
  E game(spec.variant);
  MovePicker picker(spec.policy, spec.seed);
  std::vector<E> history{game};  // copies of the game before each move
  for (int i = 0; i < spec.length && !game.is_over(); ++i) {
    const Point p = picker.pick(game);
    game.play(p);
    const E now = game;
    // Values, not a copy: a copy that shares state with `game` would change along with it.
    const std::string position_text = game.position().to_string();
    const std::uint64_t hash = game.hash();
    E copy = game;
    copy.undo();
    const std::string where = "undo of move " + std::to_string(history.size()) + " (" + point_name(p) + ")";
    ensure(state_change(history.back(), copy), game, where);
    if (game.position().to_string() != position_text || game.hash() != hash ||
        game.ply() != static_cast<int>(history.size()))
      ensure("the original changed", game, where + " on a copy");
    ensure(state_change(now, game), game, where + " on a copy changed the original");
    copy.play(p);
    ensure(state_change(now, copy), game, where + " then replaying it");
    history.push_back(now);
  }
  const E finished = game;
  while (game.ply() > 0) {
    game.undo();
    history.pop_back();
    ensure(state_change(history.back(), game), finished, "unwinding to ply " + std::to_string(game.ply()));
  }
  bool threw = false;
  try {
    game.undo();
  } catch (const UsageError&) {
    threw = true;
  }
  if (!threw) ensure("undo() at the start did not throw UsageError", game, "unwound game");
}

}  // namespace tanbo::props
