// BasicBoard::check_consistency(): rebuilds the board from its stones alone and compares every
// incremental quantity (KataGo's checkConsistency idea). Included once by board.cpp.
#pragma once

#include <map>
#include <string>

#include "board_impl.hpp"

namespace tanbo::optimized {

template <int MaxN>
std::optional<std::string> BasicBoard<MaxN>::check_consistency() const {
  // Build a fresh board without the validity checks (a bounded root is itself a difference).
  BasicBoard fresh = *this;
  fresh.build(position());
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
  std::map<Vertex, Vertex> to_fresh, from_fresh;
  std::map<Vertex, int> members;
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const Vertex v = vertex({x, y});
      if (cell(v) != fresh.cell(v)) return "cell " + at_point(v) + " differs";
      for (int c = 0; c < 2; ++c) {
        if (count(c, v) != fresh.count(c, v) || single_neighbour(c, v) != fresh.single_neighbour(c, v))
          return std::string("neighbour count/XOR of ") + names[c] + " at " + at_point(v) + " differs";
        const bool in = legal_pos_[c][v] != kNoVertex;
        if (in != (fresh.legal_pos_[c][v] != kNoVertex))
          return at_point(v) + (in ? " is" : " is not") + " in the legal set of " + names[c] +
                 " but should" + (in ? " not" : "") + " be";
        if (in && (legal_pos_[c][v] >= legal_count_[c] || legal_[c][legal_pos_[c][v]] != v))
          return std::string("legal set of ") + names[c] + " has a broken index for " + at_point(v);
      }
      if (cell(v) == kEmpty) continue;
      const Vertex mine = root_[v], theirs = fresh.root_[v];
      if (cell(mine) != cell(v) || root_[mine] != mine)
        return "stone " + at_point(v) + " names a head that is not a live stone of its root";
      auto [a, fresh_a] = to_fresh.emplace(mine, theirs);
      auto [b, fresh_b] = from_fresh.emplace(theirs, mine);
      if (a->second != theirs || b->second != mine)
        return "stone " + at_point(v) + " is in a different root than recomputed";
      ++members[mine];
      if (fresh_a && growth_[mine] != fresh.growth_[theirs])
        return "root at " + at_point(mine) + " has " + std::to_string(growth_[mine]) +
               " growth points, recomputed " + std::to_string(fresh.growth_[theirs]);
    }
  for (const auto& [head, count] : members) {
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
