// BasicBoard::check_consistency(): rebuilds the board from its stones alone and compares every
// incremental quantity (KataGo's checkConsistency idea). Included once by board.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <string>

#include "board_impl.hpp"

namespace tanbo::optimized {

template <int MaxN>
std::optional<std::string> BasicBoard<MaxN>::check_consistency() const {
  // Build a fresh board without the validity checks (a bounded root is itself a difference).
  // From this board's cells directly (no Position in between): the checks call this often.
  BasicBoard fresh = *this;
  fresh.build(size_, to_move_, variant_, [this](Point p) { return static_cast<Cell>(cell(vertex(p))); });
  auto at_point = [](Vertex v) { return point_name(point(v)); };
  const char* names[2] = {"X", "O"};

  if (hash_ != fresh.hash_) return "hash differs from recomputation";
  for (int c = 0; c < 2; ++c) {
    if (stones_[c] != fresh.stones_[c]) return std::string("stone count of ") + names[c] + " differs";
    if (roots_[c] != fresh.roots_[c]) return std::string("root count of ") + names[c] + " differs";
    if (legal_count_[c] != fresh.legal_count_[c])
      return std::string("legal-move count of ") + names[c] + " is " + std::to_string(legal_count_[c]) +
             ", recomputed " + std::to_string(fresh.legal_count_[c]);
  }
  // Roots: the same partition of stones (heads may differ), each list exactly its stones.
  // Per-vertex tables instead of maps: the differential checks call this thousands of times a
  // second, on every removal and undo that restores one.
  const std::size_t used = used_vertices(size_, kWidth);
  std::array<Vertex, kVertices> to_fresh, from_fresh;
  std::array<std::uint16_t, kVertices> members;
  std::fill_n(to_fresh.begin(), used, kNoVertex);
  std::fill_n(from_fresh.begin(), used, kNoVertex);
  std::fill_n(members.begin(), used, std::uint16_t{0});
  std::array<Vertex, kPlayable> heads;
  int head_count = 0;
  for (int y = 0; y < size_; ++y)
    for (Vertex v = vertex({0, y}); v < vertex({0, y}) + size_; ++v) {
      // The whole word at once (content, both counts and XORs); the detail only on a difference.
      if (point_[v] != fresh.point_[v]) {
        if (cell(v) != fresh.cell(v)) return "cell " + at_point(v) + " differs";
        const int c = count(0, v) != fresh.count(0, v) || single_neighbour(0, v) != fresh.single_neighbour(0, v) ? 0 : 1;
        return std::string("neighbour count/XOR of ") + names[c] + " at " + at_point(v) + " differs";
      }
      // Membership is the point word (compared above); each member must sit at its index.
      // With the counts equal, that makes the first legal_count_ entries exactly the set.
      for (int c = 0; c < 2; ++c)
        if (is_growth_word(c, point_[v]) &&
            (legal_pos_[c][v] >= legal_count_[c] || legal_[c][legal_pos_[c][v]] != v))
          return at_point(v) + " is a legal point of " + names[c] + " missing from its legal set";
      if (cell(v) == kEmpty) continue;
      const Vertex mine = root_[v], theirs = fresh.root_[v];
      if (mine >= used || cell(mine) != cell(v) || root_[mine] != mine)
        return "stone " + at_point(v) + " names a head that is not a live stone of its root";
      const bool first_of_root = to_fresh[mine] == kNoVertex;
      if (first_of_root) {
        to_fresh[mine] = theirs;
        heads[static_cast<std::size_t>(head_count++)] = mine;
      }
      if (from_fresh[theirs] == kNoVertex) from_fresh[theirs] = mine;
      if (to_fresh[mine] != theirs || from_fresh[theirs] != mine)
        return "stone " + at_point(v) + " is in a different root than recomputed";
      ++members[mine];
      if (first_of_root && growth_[mine] != fresh.growth_[theirs])
        return "root at " + at_point(mine) + " has " + std::to_string(growth_[mine]) +
               " growth points, recomputed " + std::to_string(fresh.growth_[theirs]);
    }
  for (int i = 0; i < head_count; ++i) {
    const Vertex head = heads[static_cast<std::size_t>(i)];
    const int count = members[head];
    int walked = 0;
    Vertex s = head;
    do {
      if (root_[s] != head || ++walked > count) return "stone list of root " + at_point(head) + " is broken";
      s = next_[s];
    } while (s != head);
    if (walked != count) return "stone list of root " + at_point(head) + " misses stones";
  }
  return std::nullopt;
}

}  // namespace tanbo::optimized
