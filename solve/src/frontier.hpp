// How the strong solver shares out the start's subtrees between threads: a frontier of positions
// a few plies deep, each reached by a path of moves the worker replays. The positions above it
// are solved last, by one thread, from their finished children (strong.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <unordered_set>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/solve/key.hpp"

namespace tanbo::solve::strong {

// The distinct unfinished classes at the first depth with at least `want` of them (at most 8
// plies), each with the moves (row-major indices) that reach it.
template <class Explorer>
std::vector<std::vector<int>> frontier(const Position& start, const KeyCodec& codec, std::size_t want) {
  Explorer explorer(start, codec);
  const int side = start.size();
  std::vector<std::vector<int>> paths;
  for (int depth = 1; depth <= 8; ++depth) {
    std::unordered_set<std::uint64_t> seen;
    paths.clear();
    std::vector<int> path;
    // Depth-first to `depth` plies, keeping the first path to each class.
    auto walk = [&](auto&& self, int plies_left) -> void {
      if (explorer.is_over()) return;
      if (plies_left == 0) {
        if (seen.insert(codec.canonical(explorer.key())).second) paths.push_back(path);
        return;
      }
      typename Explorer::Move moves[kMaxStrongPoints];
      const int count = explorer.moves(moves);
      std::sort(moves, moves + count,
                [&](auto a, auto b) { return Explorer::index(a, side) < Explorer::index(b, side); });
      for (int i = 0; i < count; ++i) {
        explorer.play(moves[i]);
        path.push_back(Explorer::index(moves[i], side));
        self(self, plies_left - 1);
        path.pop_back();
        explorer.undo();
      }
    };
    walk(walk, depth);
    if (paths.size() >= want || paths.empty()) break;
  }
  return paths;
}

// Plays the move of row-major index `index` (one step of a frontier path).
template <class Explorer>
void play_index(Explorer& explorer, int index, int side) {
  typename Explorer::Move moves[kMaxStrongPoints];
  const int count = explorer.moves(moves);
  for (int i = 0; i < count; ++i)
    if (Explorer::index(moves[i], side) == index) return explorer.play(moves[i]);
  throw std::logic_error("frontier path move is not legal");
}

}  // namespace tanbo::solve::strong
