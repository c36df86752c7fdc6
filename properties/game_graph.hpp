// The game graph of a small board, for `tanbo_exhaustive --complete`: exact 64-bit keys of
// positions (2 bits per point + the side to move, so deduplication is exact, not by hash), an
// index from keys to dense node numbers, the moves as a compressed adjacency list, and the
// longest path from the start with cycle detection. Engine-free, so test_game_graph.cpp can
// check it on hand-made graphs (a real Tanbo graph never has a cycle; see README.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/core/position.hpp"

namespace tanbo::props {

/// Most points an exact key holds: 2 bits each plus one bit for the side to move in 64 bits.
inline constexpr int kMaxExactKeyPoints = 31;

/// Board (2 bits per point, row-major, Cell values) and side to move (bit 2*N*N) of `pos`.
/// @throws std::invalid_argument if the board has more than kMaxExactKeyPoints points.
inline std::uint64_t exact_key(const Position& pos) {
  const std::vector<Cell>& cells = pos.cells();
  if (cells.size() > static_cast<std::size_t>(kMaxExactKeyPoints))
    throw std::invalid_argument("exact_key: a " + std::to_string(pos.size()) + "x" + std::to_string(pos.size()) +
                                " board has more than " + std::to_string(kMaxExactKeyPoints) + " points");
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) key |= static_cast<std::uint64_t>(cells[i]) << (2 * i);
  return key | static_cast<std::uint64_t>(pos.to_move() == Color::White) << (2 * cells.size());
}

/// The position of `key` on a board shaped and tagged like `like` (inverse of exact_key).
inline Position from_exact_key(std::uint64_t key, const Position& like) {
  Position pos(like.size());
  const int n = like.size();
  for (int i = 0; i < n * n; ++i) pos.set({i % n, i / n}, static_cast<Cell>((key >> (2 * i)) & 3));
  pos.set_to_move((key >> (2 * n * n)) & 1 ? Color::White : Color::Black);
  pos.set_variant(like.variant());
  return pos;
}

/// Distinct keys numbered 0, 1, ... in insertion order (open addressing over node numbers, so
/// the memory is the key array plus 4 bytes per slot: ~20 bytes per position).
class PositionIndex {
 public:
  /// The node number of `key`, and whether it was new.
  std::pair<std::uint32_t, bool> insert(std::uint64_t key) {
    if ((keys_.size() + 1) * 2 > slots_.size()) grow();
    std::size_t s = slot_of(key);
    for (; slots_[s] != 0; s = (s + 1) & (slots_.size() - 1))
      if (keys_[slots_[s] - 1] == key) return {slots_[s] - 1, false};
    if (keys_.size() >= 0xffffffffu) throw std::length_error("PositionIndex: more than 2^32-1 positions");
    keys_.push_back(key);
    slots_[s] = static_cast<std::uint32_t>(keys_.size());
    return {static_cast<std::uint32_t>(keys_.size() - 1), true};
  }
  std::size_t size() const noexcept { return keys_.size(); }
  std::uint64_t key(std::uint32_t node) const { return keys_.at(node); }

 private:
  std::size_t slot_of(std::uint64_t key) const noexcept {
    key ^= key >> 31;  // splitmix64 finaliser: the low bits of a board key are far from random
    key *= 0x9e3779b97f4a7c15ull;
    key ^= key >> 29;
    return static_cast<std::size_t>(key) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<std::uint32_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, 0);
    for (const std::uint32_t node : old) {
      if (node == 0) continue;
      std::size_t s = slot_of(keys_[node - 1]);
      while (slots_[s] != 0) s = (s + 1) & (slots_.size() - 1);
      slots_[s] = node;
    }
  }
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> slots_;  // node + 1, 0 = empty
};

/// Successor lists of nodes 0, 1, ..., added in node order (compressed sparse rows).
class GameGraph {
 public:
  /// Starts the successor list of the next node (nodes are numbered in call order).
  void add_node() { offsets_.push_back(targets_.size()); }
  /// Adds a move from the node of the last add_node() to `target`.
  void add_edge(std::uint32_t target) { targets_.push_back(target); }
  std::size_t node_count() const noexcept { return offsets_.size(); }
  std::size_t edge_count() const noexcept { return targets_.size(); }
  /// Successors of `node`: [begin, end) into targets().
  std::pair<std::size_t, std::size_t> range(std::uint32_t node) const {
    return {offsets_.at(node), node + 1 < offsets_.size() ? offsets_[node + 1] : targets_.size()};
  }
  std::uint32_t target(std::size_t edge) const { return targets_.at(edge); }

 private:
  std::vector<std::size_t> offsets_;
  std::vector<std::uint32_t> targets_;
};

/// Longest path from a start node, or a cycle reachable from it.
struct LongestPath {
  int length = 0;                   ///< Edges on the longest path (meaningless if cycle is set).
  std::vector<std::uint32_t> path;  ///< One longest path, start node first.
  std::optional<std::vector<std::uint32_t>> cycle;  ///< Nodes of a cycle, first node repeated last.
};

/// Memoized iterative depth-first search from `start` (no recursion: paths can be long). A
/// successor that is still on the search stack closes a cycle, which is returned instead.
inline LongestPath longest_path(const GameGraph& g, std::uint32_t start) {
  enum : std::uint8_t { kNew, kOnStack, kDone };
  std::vector<std::uint8_t> state(g.node_count(), kNew);
  std::vector<std::int32_t> height(g.node_count(), 0);     // longest path from the node
  std::vector<std::uint32_t> best(g.node_count(), ~0u);    // successor on that path
  std::vector<std::pair<std::uint32_t, std::size_t>> stack;  // node, next edge to look at
  state.at(start) = kOnStack;
  stack.emplace_back(start, g.range(start).first);
  LongestPath out;
  while (!stack.empty()) {
    auto& [node, edge] = stack.back();
    if (edge == g.range(node).second) {
      state[node] = kDone;
      stack.pop_back();
      continue;
    }
    const std::uint32_t next = g.target(edge++);
    if (state[next] == kOnStack) {
      std::vector<std::uint32_t> cycle;
      std::size_t i = 0;
      while (stack[i].first != next) ++i;
      for (; i < stack.size(); ++i) cycle.push_back(stack[i].first);
      cycle.push_back(next);
      out.cycle = std::move(cycle);
      return out;
    }
    if (state[next] == kNew) {  // `node` is revisited once `next` is done; its edge then counts
      --edge;
      state[next] = kOnStack;
      stack.emplace_back(next, g.range(next).first);
      continue;
    }
    if (best[node] == ~0u || height[next] + 1 > height[node]) {
      height[node] = height[next] + 1;
      best[node] = next;
    }
  }
  out.length = height[start];
  for (std::uint32_t n = start;; n = best[n]) {
    out.path.push_back(n);
    if (best[n] == ~0u) break;
  }
  return out;
}

}  // namespace tanbo::props
