// Checks of the pieces behind `tanbo_exhaustive --complete` (game_graph.hpp): exact keys, the
// key index, and the longest path with cycle detection on hand-made graphs (real Tanbo graphs
// have no cycle, so only a hand-made one can show the detection works); and an independent
// brute force giving the figures the CTest run of `--complete` on a 3x3 position must print.
// check-map: code properties
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "game_graph.hpp"
#include "tanbo/core/exact_key.hpp"
#include "tanbo/core/position_set.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/game.hpp"

namespace {

using namespace tanbo;

props::GameGraph graph_of(const std::vector<std::vector<std::uint32_t>>& successors) {
  props::GameGraph g;
  for (const auto& list : successors) {
    g.add_node();
    for (const std::uint32_t t : list) g.add_edge(t);
  }
  return g;
}

// Longest game from `pos` by plain recursion over positions, memoized on the position string;
// collects every position reached. Shares nothing with game_graph.hpp but the reference engine.
int brute_longest(const Position& pos, std::map<std::string, int>& memo) {
  const std::string id = pos.to_string();
  if (const auto it = memo.find(id); it != memo.end()) return it->second;
  int best = 0;
  if (pos.count(Color::Black) > 0 && pos.count(Color::White) > 0) {
    const reference::Game game(pos);
    for (const Point m : game.legal_moves()) {
      reference::Game g = game;
      g.play(m);
      best = std::max(best, 1 + brute_longest(g.position(), memo));
    }
  }
  memo[id] = best;
  return best;
}

}  // namespace

TEST_CASE("exact keys round-trip and tell apart board and side to move", "[game-graph][internals]") {
  for (const char* name : {"lattice-5", "dense-5"}) {
    const Variant v = Variant::parse(name);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      reference::Game g(v);
      Rng rng(seed);
      std::set<std::uint64_t> keys;
      while (!g.is_over()) {
        const Position pos = g.position();
        const std::uint64_t key = tanbo::exact_key(pos);
        INFO(name << " seed " << seed << " ply " << g.ply() << ": " << pos.to_string());
        CHECK(tanbo::from_exact_key(key, pos) == pos);
        Position other = pos;
        other.set_to_move(opponent(pos.to_move()));
        CHECK(tanbo::exact_key(other) != key);
        CHECK(keys.insert(key).second);  // a game never repeats a position (README.md)
        const std::vector<Point> moves = g.legal_moves();
        g.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      }
      CHECK(tanbo::from_exact_key(tanbo::exact_key(g.position()), g.position()) == g.position());
    }
  }
  CHECK_THROWS_AS(tanbo::exact_key(opening(Variant::lattice(7))), UsageError);
  CHECK(tanbo::exact_key(Position::parse("O4/5/5/5/4X O")) >> 50 == 1);  // the side-to-move bit
}

TEST_CASE("the position set numbers distinct keys in insertion order", "[game-graph][internals]") {
  PositionSet index(1);
  Rng rng(7);
  std::vector<std::uint64_t> keys;
  for (int i = 0; i < 200000; ++i) {  // many keys differing only in their high bits
    const std::uint64_t k = i % 2 ? static_cast<std::uint64_t>(i) << 40 : (rng.next() >> 13);
    keys.push_back(k);
  }
  std::map<std::uint64_t, std::uint32_t> truth;
  for (const std::uint64_t k : keys) {
    const auto [node, fresh] = index.find_or_insert(&k);
    const auto [it, truly_fresh] = truth.emplace(k, static_cast<std::uint32_t>(truth.size()));
    REQUIRE(fresh == truly_fresh);
    REQUIRE(node == it->second);
  }
  CHECK(index.size() == truth.size());
  for (const auto& [k, node] : truth) CHECK(*index.key(node) == k);
  CHECK_THROWS_AS(index.key(truth.size()), std::out_of_range);
}

TEST_CASE("longest path of a DAG, and cycles detected", "[game-graph][differential]") {
  // 0 -> 1 -> 3 -> 4, 0 -> 2 -> 3, 0 -> 4, 2 -> 5 (diamond, shortcut, leaf; parallel edge 1 -> 3).
  const props::GameGraph dag = graph_of({{4, 1, 2}, {3, 3}, {5, 3}, {4}, {}, {}});
  const props::LongestPath lp = props::longest_path(dag, 0);
  REQUIRE_FALSE(lp.cycle);
  CHECK(lp.length == 3);
  CHECK((lp.path == std::vector<std::uint32_t>{0, 1, 3, 4} || lp.path == std::vector<std::uint32_t>{0, 2, 3, 4}));
  CHECK(props::longest_path(dag, 4).length == 0);
  CHECK(props::longest_path(dag, 4).path == std::vector<std::uint32_t>{4});

  // A cycle 1 -> 2 -> 3 -> 1 behind a DAG part; the report names it, start of the cycle repeated.
  const props::LongestPath cyc = props::longest_path(graph_of({{4, 1}, {2}, {3}, {1}, {}}), 0);
  REQUIRE(cyc.cycle);
  CHECK(*cyc.cycle == std::vector<std::uint32_t>{1, 2, 3, 1});
  const props::LongestPath self = props::longest_path(graph_of({{1}, {1}}), 0);  // a move to itself
  REQUIRE(self.cycle);
  CHECK(*self.cycle == std::vector<std::uint32_t>{1, 1});
  CHECK_FALSE(props::longest_path(graph_of({{1}, {}, {2}}), 0).cycle);  // unreachable cycle: no game

  // A long chain: the search keeps its own stack, so depth is not limited by the call stack.
  std::vector<std::vector<std::uint32_t>> chain(300000);
  for (std::uint32_t i = 0; i + 1 < chain.size(); ++i) chain[i] = {i + 1};
  CHECK(props::longest_path(graph_of(chain), 0).length == 299999);
}

TEST_CASE("brute force: the complete graph of a 3x3 position", "[game-graph][rule3][rule6][rule7]") {
  // The figures `tanbo_exhaustive --complete "XO1/3/O1X X"` must print (properties/CMakeLists.txt).
  std::map<std::string, int> memo;
  const Position start = Position::parse("XO1/3/O1X X");
  const int longest = brute_longest(start, memo);
  long terminal = 0;
  for (const auto& [id, length] : memo) {
    const Position p = Position::parse(id);
    terminal += p.count(Color::Black) == 0 || p.count(Color::White) == 0;
  }
  CHECK(memo.size() == 458);
  CHECK(terminal == 86);
  CHECK(longest == 12);
}
