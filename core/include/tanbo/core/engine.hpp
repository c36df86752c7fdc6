// The Engine concept: the API both engines (reference and optimized) provide, so tests, tools
// and users can be written once for either. See each engine's header for documentation.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"

namespace tanbo {

/// What a game of any tanbo engine offers once it exists: queries, play, undo and copies. Engine
/// adds construction from a start; a game that needs more to be made (conformance::ExternalGame, an
/// engine in another process) is only this, and code that is handed games accepts it.
template <typename G>
concept EngineGame = std::copyable<G> && requires(G g, const G cg, Point p) {
  { cg.size() } -> std::same_as<int>;
  { cg.at(p) } -> std::same_as<Cell>;
  { cg.to_move() } -> std::same_as<Color>;
  { cg.ply() } -> std::same_as<int>;
  { cg.is_over() } -> std::same_as<bool>;
  { cg.winner() } -> std::same_as<std::optional<Color>>;
  { cg.stone_count(Color::Black) } -> std::same_as<int>;
  { cg.is_legal(p) } -> std::same_as<bool>;
  { cg.legal_moves() } -> std::same_as<std::vector<Point>>;
  { cg.legal_move_count() } -> std::same_as<int>;
  { g.play(p) } -> std::same_as<MoveEffect>;
  { g.undo() };
  { cg.last_result() } -> std::same_as<MoveResult>;
  { cg.moves() } -> std::same_as<std::vector<Point>>;
  { cg.position() } -> std::same_as<Position>;
  { cg.start_position() } -> std::same_as<const Position&>;
  { cg.hash() } -> std::same_as<std::uint64_t>;
};

/// What every tanbo engine offers: an EngineGame made from a variant or a start position. Both
/// engines are copyable value types.
template <typename G>
concept Engine = EngineGame<G> && std::constructible_from<G, const Variant&> &&
                 std::constructible_from<G, const Position&>;

// ---- Fast paths to the row-major lists ----------------------------------------------------------
// An engine may also offer `Point nth_legal_move(int) const`, `for_each_legal_move(f) const`
// (the optimized engine does: an ordered legal bitset, no list built, nothing sorted or
// allocated) and `for_each_removed_stone(f) const` (the optimized engine's walk of the removed
// roots, sorted on the stack). These functions use them when present and legal_moves() or
// last_result() otherwise, so code written against tanbo::Engine gets the fast path without
// requiring it of every engine.

/// legal_moves()[i]: the i-th legal move of the side to move in row-major order.
/// @throws UsageError unless 0 <= i < legal_move_count().
template <Engine G>
Point nth_legal_move(const G& g, int i) {
  if constexpr (requires { { g.nth_legal_move(i) } -> std::same_as<Point>; }) {
    return g.nth_legal_move(i);
  } else {
    const std::vector<Point> legal = g.legal_moves();
    if (i < 0 || static_cast<std::size_t>(i) >= legal.size())
      throw UsageError("nth_legal_move: index " + std::to_string(i) + " is not below the " +
                       std::to_string(legal.size()) + " legal moves");
    return legal[static_cast<std::size_t>(i)];
  }
}

/// Calls f(Point) on every legal move of the side to move, row-major (none once the game is over).
template <Engine G, class F>
void for_each_legal_move(const G& g, F&& f) {
  if constexpr (requires { g.for_each_legal_move(f); }) {
    g.for_each_legal_move(f);
  } else {
    for (const Point p : g.legal_moves()) f(p);
  }
}

/// Calls f(Point) on every stone the last move removed, row-major: last_result().removed
/// without building the result (no allocation on the optimized engine).
/// @throws UsageError if no move has been played.
template <Engine G, class F>
void for_each_removed_stone(const G& g, F&& f) {
  if constexpr (requires { g.for_each_removed_stone(f); }) {
    g.for_each_removed_stone(f);
  } else {
    for (const Point p : g.last_result().removed) f(p);
  }
}

/// legal_moves()[rng.below(legal_moves().size())]: the uniformly random move of `tanbo selfplay`
/// and of `tanbo bench`'s signature, the same on every engine for the same Rng state.
/// @throws UsageError once the game is over (there is no legal move).
template <Engine G>
Point random_move(const G& g, Rng& rng) {
  if constexpr (requires { g.nth_legal_move(0); }) {
    const int n = g.legal_move_count();
    if (n == 0) throw UsageError("random_move: the side to move has no legal move");
    return g.nth_legal_move(static_cast<int>(rng.below(static_cast<std::uint32_t>(n))));
  } else {
    const std::vector<Point> legal = g.legal_moves();
    if (legal.empty()) throw UsageError("random_move: the side to move has no legal move");
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  }
}

}  // namespace tanbo
