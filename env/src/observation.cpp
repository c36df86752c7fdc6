// env::observation_planes: the six planes a learning program observes (observation.hpp).
#include "tanbo/env/observation.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tanbo/api/explain.hpp"

namespace tanbo::env {

template <typename T>
void observation_planes(const api::AnyGame& g, Color side, T* plane) {
  const int n = g.size();
  const std::size_t nn = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  std::fill(plane, plane + 6 * nn, T{0});
  const Position pos = g.position();
  const Cell own = stone(side);
  const Cell theirs = stone(opponent(side));
  std::vector<std::uint8_t> mask(nn), waiting(nn);
  g.legal_mask(mask.data());
  // The waiting side's moves are rule 3 from the reference rules (none once the game is over).
  if (!g.is_over()) api::placement_mask(pos, opponent(g.to_move()), waiting.data());
  const std::size_t to_move_plane = side == g.to_move() ? 3 : 4;
  for (std::size_t i = 0; i < nn; ++i) {
    const Cell c = pos.cells()[i];
    plane[0 * nn + i] = T(c == own);
    plane[1 * nn + i] = T(c == theirs);
    plane[2 * nn + i] = T(c == Cell::Empty);
    plane[to_move_plane * nn + i] = T(mask[i]);
    plane[(7 - to_move_plane) * nn + i] = T(waiting[i]);
  }
  if (g.to_move() == Color::Black) std::fill(plane + 5 * nn, plane + 6 * nn, T{1});
}

template void observation_planes<float>(const api::AnyGame&, Color, float*);
template void observation_planes<std::uint8_t>(const api::AnyGame&, Color, std::uint8_t*);

}  // namespace tanbo::env
