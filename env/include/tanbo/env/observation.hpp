// What a learning program observes of a game: the six planes of Python's Game.observation() and
// observation_tensor() (pyspiel's layout), which the vector batch (vector.hpp) writes for
// hundreds of boards at once through the same plane writer. One definition, so a face never
// derives its own.
#pragma once

#include "tanbo/api/game.hpp"

namespace tanbo::env {

/// The planes of `g` from `side`'s view into `planes` (6 * N * N values, plane-major, each
/// point y * N + x): own stones, opponent stones, empty, own moves, opponent moves, X to move
/// (all 1 or all 0). Each side's move plane is rule 3 (an empty point touching exactly one of its
/// stones: the side to move's legal moves, the moves the other would have on its turn), from the
/// optimized board's growth test as in the vector batch (one writer, env/src/planes.hpp); both
/// are empty once the game is over. T is float or std::uint8_t.
template <typename T>
void observation_planes(const api::AnyGame& g, Color side, T* planes);

/// @cond INSTANTIATIONS
// Compiled once, in observation.cpp.
extern template void observation_planes<float>(const api::AnyGame&, Color, float*);
extern template void observation_planes<std::uint8_t>(const api::AnyGame&, Color, std::uint8_t*);
/// @endcond

}  // namespace tanbo::env
