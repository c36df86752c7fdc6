// Engine test harness in the style of OpenSpiel's random-simulation tests: plays seeded random
// games with any tanbo::Engine and, after every move, checks the engine against itself (copies,
// undo, check_consistency), against the core formats (position strings, game records, Zobrist
// hash), against the reference engine (lockstep, for every other engine) and against the
// consequences of the rules (the oracle of tanbo/differential/consequences.hpp). Used by
// test_engine_games.cpp.
// In optimized/tests: its lockstep against the reference engine checks the other engine, the
// optimized one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "engine_types.hpp"
#include "tanbo/core.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/differential/compare.hpp"
#include "tanbo/differential/consequences.hpp"
#include "test_util.hpp"

namespace tanbo_test {

/// Knobs for simulate_random_games.
struct SimOptions {
  /// Checks whose cost grows with the game length (replaying the record from the start) run
  /// after every move while ply < deep_plies, at plies 64, 128, 256, ..., where long-lived
  /// incremental state could have drifted from a fresh replay (the total cost stays linear in
  /// the game length), and always after the last move. Everything else, undo included (both
  /// engines undo in constant time), runs after every move.
  /// The default checks everything after every move.
  int deep_plies = 1 << 30;
};

/// What the simulated games went through (the counters every differential check keeps), so
/// callers can assert the games were not trivial.
using SimStats = tanbo::differential::DiffStats;

/// Engines other than the reference engine are also compared move by move with it.
template <typename G>
inline constexpr bool kCompareWithReference = !std::is_same_v<G, tanbo::reference::Game>;

/// `expected` and `actual` agree on everything the one comparator (tanbo/differential/compare.hpp)
/// compares at `depth`; on failure the first difference is printed.
template <tanbo::Engine A, tanbo::Engine B>
void require_same_state(const A& expected, const B& actual,
                        tanbo::differential::Depth depth = tanbo::differential::Depth::Full) {
  const std::optional<std::string> difference = tanbo::differential::first_difference(expected, actual, depth);
  INFO("first difference: " << difference.value_or("none"));
  REQUIRE_FALSE(difference.has_value());
}

/// The rule-consequence oracle (tanbo/differential/consequences.hpp) found nothing.
inline void require_no_violation(const std::optional<std::string>& problem) {
  INFO("violated consequence of the rules: " << problem.value_or("none"));
  REQUIRE_FALSE(problem.has_value());
}

/// The state of a freshly started game.
template <tanbo::Engine G>
void require_fresh_game(const G& g, const tanbo::Position& start) {
  REQUIRE(g.ply() == 0);
  REQUIRE(g.position() == start);
  REQUIRE(g.start_position() == start);
  REQUIRE(g.size() == start.size());
  REQUIRE(g.to_move() == start.to_move());
  REQUIRE(g.moves().empty());
  REQUIRE(g.hash() == tanbo::zobrist_hash(start));
  REQUIRE_FALSE(g.is_over());
  REQUIRE_FALSE(g.winner().has_value());
  REQUIRE(g.legal_move_count() > 0);
  require_no_violation(tanbo::differential::RuleOracle<G>(g).check_start(g));
}

/// A finished game: exactly one side has stones and wins; no move is legal or accepted.
template <tanbo::Engine G>
void require_game_over(const G& g) {
  using namespace tanbo;
  const Position pos = g.position();
  const int black = pos.count(Color::Black), white = pos.count(Color::White);
  REQUIRE((black == 0) != (white == 0));
  REQUIRE(g.is_over());
  REQUIRE(g.winner() == std::optional<Color>(black == 0 ? Color::White : Color::Black));
  REQUIRE(g.legal_moves().empty());
  REQUIRE(g.legal_move_count() == 0);
  // Try an empty point that would be a legal placement but for the game's end, if there is one
  // (the winner is to move when the loser eliminated itself), otherwise any empty point. There
  // is always one: the winner's roots are not bounded, so they have growth points.
  std::optional<Point> target;
  for (int y = 0; y < pos.size() && !target; ++y)
    for (int x = 0; x < pos.size(); ++x)
      if (!reference::placement_problem(pos, {x, y}, g.to_move())) {
        target = Point{x, y};
        break;
      }
  for (int y = 0; y < pos.size() && !target; ++y)
    for (int x = 0; x < pos.size(); ++x)
      if (pos.at({x, y}) == Cell::Empty) {
        target = Point{x, y};
        break;
      }
  REQUIRE(target.has_value());
  G copy = g;
  const auto err = thrown<IllegalMoveError>([&] { copy.play(*target); });
  REQUIRE(err.has_value());
  REQUIRE(err->point() == *target);
  REQUIRE(err->reason() == IllegalReason::GameOver);
  require_same_state(g, copy);
}

/// Plays `games` random games from `start` (game i uses seed `seed + i`), checking everything
/// above after every move (O(game length) checks as SimOptions says).
template <tanbo::Engine G>
SimStats simulate_random_games(const tanbo::Position& start, std::uint64_t seed, int games,
                               const SimOptions& opt = {}) {
  using namespace tanbo;
  SimStats stats;
  for (int i = 0; i < games; ++i) {
    const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(i);
    INFO("random game from \"" << start.to_string() << "\" with seed " << game_seed);
    Rng rng(game_seed);
    G g(start);
    require_fresh_game(g, start);
    G twin = g;  // a copy must evolve exactly like the original
    std::optional<reference::Game> oracle;
    if constexpr (kCompareWithReference<G>) oracle.emplace(start);
    differential::RuleOracle<G> rules(g);

    while (!g.is_over()) {
      const int ply = g.ply();
      const Color mover = g.to_move();
      const std::vector<Point> legal = g.legal_moves();
      REQUIRE_FALSE(legal.empty());
      const Point m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      INFO("ply " << ply << ": " << color_char(mover) << " plays " << point_name(m));
      REQUIRE(g.is_legal(m));
      const G before = g;

      const MoveEffect effect = g.play(m);
      REQUIRE(g.ply() == ply + 1);
      REQUIRE(twin.play(m) == effect);
      if (oracle) REQUIRE(oracle->play(m) == effect);
      require_no_violation(rules.check_move(g, m, effect));  // bounds the game's length too

      const std::vector<Point> moves = g.moves();
      const std::string record = format_record(g.start_position(), moves);
      INFO("record so far:\n" << record);
      const GameRecord parsed = parse_record(record);
      REQUIRE(parsed.start == g.start_position());
      REQUIRE(parsed.points() == moves);
      const bool power_of_two = ply > 0 && (ply & (ply - 1)) == 0;
      const bool deep = ply < opt.deep_plies || power_of_two || g.is_over();
      using tanbo::differential::Depth;
      require_same_state(twin, g, deep ? Depth::Full : Depth::Step);
      if (oracle) require_same_state(*oracle, g, deep ? Depth::Full : Depth::Step);

      {
        G undone = g;
        undone.undo();
        require_same_state(before, undone);
        // Playing the move again after undo must give the same result as the first time.
        REQUIRE(undone.play(m) == effect);
        require_same_state(g, undone, Depth::Step);
      }
      if (deep) {
        ++stats.full_comparisons;
        G replay(parsed.start);
        for (const Point p : parsed.points()) replay.play(p);
        require_same_state(g, replay);
        twin = g;  // copy-assignment mid-game; the twin carries on from here
        require_same_state(g, twin);
      }

      stats.count_move(effect);
    }
    require_game_over(g);
    stats.count_game_end(*g.winner(), g.ply());
  }
  return stats;
}

/// Same, from the opening of a named variant.
template <tanbo::Engine G>
SimStats simulate_random_games(const tanbo::Variant& v, std::uint64_t seed, int games,
                               const SimOptions& opt = {}) {
  return simulate_random_games<G>(tanbo::opening(v), seed, games, opt);
}

}  // namespace tanbo_test
