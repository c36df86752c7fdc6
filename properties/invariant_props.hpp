// Property bodies for the rule consequences, undo and text round-trips, written once as
// templates over the engine type so they run on both engines (test_invariants.cpp) and on the
// planted-bug engines that must fail them (test_planted_bugs.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "compare.hpp"
#include "generators.hpp"
#include "invariants.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/zobrist.hpp"

namespace tanbo::props {

/// Fails the property unless `problem` is empty, printing the game so far as a record.
template <class E>
void ensure(const std::string& problem, const E& game, const std::string& where) {
  if (!problem.empty())
    RC_FAIL(where + ": " + problem + "\nGame record:\n" + record_of(game) +
            "\nPosition: " + game.position().to_string());
}

/// Checks made on every position of a game, whichever engine plays it.
template <class E>
std::string position_problem(const E& game) {
  const Position pos = game.position();
  if (std::string s = root_structure_problem(pos); !s.empty()) return s;
  if (std::string s = turn_start_problem(pos, game.legal_move_count(), game.is_over()); !s.empty()) return s;
  if (game.hash() != zobrist_hash(pos)) return "hash() != zobrist_hash(position())";
  if (static_cast<int>(game.legal_moves().size()) != game.legal_move_count())
    return "legal_move_count() != legal_moves().size()";
  if (Position::parse(pos.to_string()) != pos) return "position string does not round-trip";
  if constexpr (requires { game.check_consistency(); })
    if (auto c = game.check_consistency()) return "check_consistency: " + *c;
  return {};
}

/// Every move of a generated game obeys the consequences of the rules (see invariants.hpp),
/// and the game ends within roots0 * (N^2 + 1) moves.
template <class E>
void rules_property(const GameSpec& spec) {
  E game(spec.variant);
  const int n = game.size();
  const int bound = root_count(game.position()) * (n * n + 1);
  MovePicker picker(spec.policy, spec.seed);
  ensure(position_problem(game), game, "at the start");
  for (int i = 0; i < spec.length && !game.is_over(); ++i) {
    const Position before = game.position();
    const Point p = picker.pick(game);
    const MoveEffect effect = game.play(p);
    const MoveResult r = game.last_result();
    const std::string where = "after move " + std::to_string(game.ply()) + " (" + point_name(p) + ")";
    if (!(r.move == p)) ensure("last_result().move is not the move played", game, where);
    int removed[2] = {0, 0};
    for (const Point s : r.removed)
      if (on_board(s, n) && before.at(s) != Cell::Empty) ++removed[static_cast<int>(before.at(s)) - 1];
      else if (s == p) ++removed[static_cast<int>(before.to_move())];
    const MoveEffect from_result{r.removal, removed[0], removed[1]};
    if (!(effect == from_result))
      ensure("play() returned " + text(effect) + " but last_result() says " + text(from_result), game, where);
    ensure(move_accounting_problem(before, r, game.position()), game, where);
    ensure(position_problem(game), game, where);
    if (game.ply() > bound) ensure("game longer than roots0 * (N^2 + 1) moves", game, where);
  }
}

/// What undo must restore exactly.
struct Snapshot {
  Position position;
  std::vector<Point> legal;
  std::uint64_t hash = 0;
  int ply = 0;
  std::vector<Point> moves;
  std::optional<MoveResult> last;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

template <class E>
Snapshot snapshot(const E& g) {
  return {g.position(), g.legal_moves(), g.hash(), g.ply(), g.moves(), last_result_of(g)};
}

inline std::string snapshot_difference(const Snapshot& want, const Snapshot& got) {
  Differences d("expected", "got");
  d.expect("position", want.position, got.position);
  d.expect("legal_moves", want.legal, got.legal);
  d.expect("hash", want.hash, got.hash);
  d.expect("ply", want.ply, got.ply);
  d.expect("moves", want.moves, got.moves);
  d.expect("last_result", want.last, got.last);
  return d.str();
}

/// Undo restores the previous state exactly: after every move, undo on a copy and replay the
/// move; at the end, unwind the whole game back to the start; then undo must throw UsageError.
template <class E>
void undo_property(const GameSpec& spec) {
  E game(spec.variant);
  MovePicker picker(spec.policy, spec.seed);
  std::vector<Snapshot> history{snapshot(game)};
  for (int i = 0; i < spec.length && !game.is_over(); ++i) {
    const Point p = picker.pick(game);
    game.play(p);
    const Snapshot now = snapshot(game);
    E copy = game;
    copy.undo();
    const std::string where = "undo of move " + std::to_string(history.size()) + " (" + point_name(p) + ")";
    ensure(snapshot_difference(history.back(), snapshot(copy)), game, where);
    ensure(snapshot_difference(now, snapshot(game)), game, where + " on a copy changed the original");
    copy.play(p);
    ensure(snapshot_difference(now, snapshot(copy)), game, where + " then replaying it");
    history.push_back(now);
  }
  const E finished = game;
  while (game.ply() > 0) {
    game.undo();
    history.pop_back();
    ensure(snapshot_difference(history.back(), snapshot(game)), finished,
           "unwinding to ply " + std::to_string(game.ply()));
  }
  bool threw = false;
  try {
    game.undo();
  } catch (const UsageError&) {
    threw = true;
  }
  if (!threw) ensure("undo() at the start did not throw UsageError", game, "unwound game");
}

/// Point names, position strings and game records round-trip, and a game restarted from its
/// position string (or replayed from its record) is the same game.
template <class E>
void notation_property(const GameSpec& spec) {
  E game(spec.variant);
  const int n = game.size();
  MovePicker picker(spec.policy, spec.seed);
  for (int i = 0; i < spec.length && !game.is_over(); ++i) {
    const Point p = picker.pick(game);
    std::string lower = point_name(p);
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (parse_point(point_name(p), n) != p || parse_point(lower, n) != p)
      ensure("point name " + point_name(p) + " does not round-trip", game, "notation");
    game.play(p);
  }
  const Position pos = game.position();
  if (Position::parse(pos.to_string()) != pos) ensure("position string does not round-trip", game, "end");
  if (!game.is_over()) {
    const E resumed(Position::parse(pos.to_string()));
    if (resumed.legal_moves() != game.legal_moves() || resumed.hash() != game.hash() ||
        resumed.position() != pos)
      ensure("a game restarted from the position string differs", game, "resume");
  }
  const std::string record = record_of(game);
  const GameRecord parsed = parse_record(record);
  if (parsed.start != game.start_position()) ensure("record start does not round-trip", game, "record");
  if (parsed.points() != game.moves()) ensure("record moves do not round-trip", game, "record");
  E replay(parsed.start);
  for (const Point m : parsed.points()) replay.play(m);
  if (replay.position() != pos || replay.hash() != game.hash() || replay.moves() != game.moves())
    ensure("replaying the record gives another game", game, "record replay");
}

}  // namespace tanbo::props
