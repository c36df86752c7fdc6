// The Engine concept: the API both engines (reference and optimized) provide, so tests, tools
// and users can be written once for either. See each engine's header for documentation.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"

namespace tanbo {

/// What every tanbo engine offers. Both engines are copyable value types.
template <typename G>
concept Engine = std::copyable<G> && std::constructible_from<G, const Variant&> &&
                 std::constructible_from<G, const Position&> &&
                 requires(G g, const G cg, Point p) {
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

}  // namespace tanbo
