// env::observation_planes: the six planes a learning program observes (observation.hpp), written
// by the batch's plane writer (planes.hpp) from an optimized board of the game: the game's own
// when it is on the optimized engine, else one replayed from its start and moves. So a game on
// either engine and the vector batch's boards get their planes, the waiting side's moves
// included, from one writer and one source.
#include "tanbo/env/observation.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "planes.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/optimized/game.hpp"

namespace tanbo::env {

template <typename T>
void observation_planes(const api::AnyGame& g, Color side, T* planes) {
  const int n = g.size();
  optimized::with_capacity_for(n, [&](auto capacity) {
    using Board = optimized::BasicBoard<capacity()>;
    using Vertex = optimized::Vertex;
    std::vector<Vertex> vertex;
    for (int i = 0; i < n * n; ++i) vertex.push_back(Board::vertex(row_major_point(i, n)));
    const auto write = [&](const Board& b) {
      PlaneWriter<T>(planes, vertex.size(), side).whole(b, vertex.data(), !b.is_over(), b.to_move() == Color::Black,
                                                        nullptr);
    };
    if (const auto* on = dynamic_cast<const api::GameOn<optimized::BasicGame<capacity()>>*>(&g)) {
      write(on->game().board());
      return;
    }
    // Replayed from the start, not built from position(): after a rule-6 expanded-root removal
    // the current board may hold a bounded root, which a board's constructor rejects.
    Board board(g.start_position());
    for (const Point p : g.moves()) board.play(p);
    write(board);
  });
}

template void observation_planes<float>(const api::AnyGame&, Color, float*);
template void observation_planes<std::uint8_t>(const api::AnyGame&, Color, std::uint8_t*);

}  // namespace tanbo::env
