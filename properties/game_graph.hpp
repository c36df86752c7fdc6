// The game graph of a small board, for `tanbo_exhaustive --complete`: its nodes are numbered by
// core's PositionSet of exact keys (core/exact_key.hpp, so deduplication is exact, not by hash);
// here the moves as a compressed adjacency list, and the longest path from the start with cycle
// detection. Engine-free, so test_game_graph.cpp can check it on hand-made graphs (a real Tanbo
// graph never has a cycle; see README.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace tanbo::props {

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
