// check_consistency() bites on every invariant it guards: a board reached by real moves is
// corrupted one field at a time (through detail::CorruptState, the only way into the private
// state) and the check must name what broke. Differential checks and the planted bugs rely on
// these messages; this file shows each comparison can fail, on both capacities. (A cell cannot
// differ: the recomputation starts from this board's cells.)
// In optimized/tests: checks the optimized board's check_consistency().
// check-map: code optimized
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tanbo/core/notation.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::optimized::detail {

template <int MaxN>
struct CorruptState {
  using B = BasicBoard<MaxN>;
  static auto& hash(B& b) { return b.hash_; }
  static auto& stones(B& b) { return b.stones_; }
  static auto& roots(B& b) { return b.roots_; }
  static auto& legal_count(B& b) { return b.legal_count_; }
  static auto& over(B& b) { return b.over_; }
  static auto& legal_bits(B& b) { return b.legal_bits_; }
  static auto& legal_word_count(B& b) { return b.legal_word_count_; }
  static auto& point(B& b) { return b.point_; }
  static auto& legal_pos(B& b) { return b.legal_pos_; }
  static auto& root(B& b) { return b.root_; }
  static auto& next(B& b) { return b.next_; }
  static auto& growth(B& b) { return b.growth_; }
  static constexpr int count_shift(int c) { return B::count_shift(c); }
};

}  // namespace tanbo::optimized::detail

namespace {

using tanbo::Cell;
using tanbo::Color;
using tanbo::Point;
using tanbo::optimized::Vertex;
using Catch::Matchers::Contains;

// A 13x13 lattice game (seed fixed) played until X has three roots or more, one of them of
// three stones or more: what the root-label and root-list cases need. Returns the board.
template <int MaxN>
tanbo::optimized::BasicBoard<MaxN> mid_game();

template <int MaxN>
struct Facts {
  using B = tanbo::optimized::BasicBoard<MaxN>;
  using S = tanbo::optimized::detail::CorruptState<MaxN>;
  std::vector<Vertex> stones[2];   // stones of each colour, row-major
  std::vector<Vertex> heads[2];    // root heads of each colour
  std::vector<Vertex> growth[2];   // growth points of each colour
  explicit Facts(B& b) {
    for (int y = 0; y < b.size(); ++y)
      for (int x = 0; x < b.size(); ++x) {
        const Vertex v = B::vertex({x, y});
        const Cell c = b.at_vertex(v);
        for (int k = 0; k < 2; ++k) {
          if (c == (k == 0 ? Cell::Black : Cell::White)) {
            stones[k].push_back(v);
            if (S::root(b)[v] == v) heads[k].push_back(v);
          }
          if (b.is_growth_vertex(static_cast<Color>(k), v)) growth[k].push_back(v);
        }
      }
  }
  // Members of the root headed by `head`.
  std::vector<Vertex> members(B& b, Vertex head) const {
    std::vector<Vertex> out;
    for (const auto& list : stones)
      for (const Vertex s : list)
        if (S::root(b)[s] == head) out.push_back(s);
    return out;
  }
};

template <int MaxN>
tanbo::optimized::BasicBoard<MaxN> mid_game() {
  tanbo::optimized::BasicBoard<MaxN> b(tanbo::Variant::lattice(13));
  tanbo::Rng rng(20261205);
  for (int i = 0; i < 400 && !b.is_over(); ++i) {
    b.play_vertex(b.random_legal_vertex(rng));
    Facts<MaxN> f(b);
    bool big = false;
    for (const Vertex h : f.heads[0]) big = big || f.members(b, h).size() >= 3;
    if (i >= 10 && big && f.heads[0].size() >= 3 && f.growth[0].size() >= 2 && f.growth[1].size() >= 2 &&
        b.to_move() == Color::Black)
      break;
  }
  return b;
}

// Corrupts a copy of `b` with `corrupt` and requires check_consistency() to report `what`.
template <class B, class F>
void require_caught(const B& b, const std::string& what, F&& corrupt) {
  B broken = b;
  corrupt(broken);
  const auto problem = broken.check_consistency();
  INFO("planted: " << what);
  REQUIRE(problem.has_value());
  CHECK_THAT(*problem, Contains(what));
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("check_consistency names every invariant a corrupted board breaks",
                       "[optimized][consistency][internals][planted]", ((int MaxN), MaxN), 19, 25) {
  using B = tanbo::optimized::BasicBoard<MaxN>;
  using S = tanbo::optimized::detail::CorruptState<MaxN>;
  const B b = mid_game<MaxN>();
  REQUIRE_FALSE(b.is_over());
  REQUIRE_FALSE(b.check_consistency().has_value());  // the real board passes
  B probe = b;
  const Facts<MaxN> f(probe);
  // The position has what the cases need: several roots per side, one of several stones.
  Vertex big = tanbo::optimized::kNoVertex;
  for (const Vertex h : f.heads[0])
    if (f.members(probe, h).size() >= 3) big = h;
  REQUIRE(big != tanbo::optimized::kNoVertex);
  REQUIRE(f.heads[0].size() >= 3);
  REQUIRE(f.growth[0].size() >= 2);
  REQUIRE(f.growth[1].size() >= 2);
  const std::vector<Vertex> big_members = f.members(probe, big);
  const Vertex member = big_members[1] == big ? big_members[0] : big_members[1];  // not the head

  SECTION("counters and flags") {
    require_caught(b, "hash differs from recomputation", [](B& x) { S::hash(x) ^= 1; });
    require_caught(b, "stone count of X differs", [](B& x) { ++S::stones(x)[0]; });
    require_caught(b, "stone count of O differs", [](B& x) { ++S::stones(x)[1]; });
    require_caught(b, "root count of X differs", [](B& x) { ++S::roots(x)[0]; });
    require_caught(b, "root count of O differs", [](B& x) { --S::roots(x)[1]; });
    require_caught(b, "legal-move count of O is", [](B& x) { --S::legal_count(x)[1]; });
    require_caught(b, "game-over flag is set, the stones say not over", [](B& x) { S::over(x) = true; });
  }
  SECTION("the legal bitsets and their word counts") {
    const Vertex g = f.growth[1][0];
    require_caught(b, "legal bitset of O differs", [&](B& x) { S::legal_bits(x)[1][g / 64] ^= 1ull << (g % 64); });
    require_caught(b, "legal bitset of X differs", [&](B& x) { ++S::legal_word_count(x)[0][g / 64]; });
  }
  SECTION("point words: neighbour counts and legal-set membership") {
    const Vertex e = f.growth[0][0];
    for (int c = 0; c < 2; ++c)
      require_caught(b, std::string("neighbour count/XOR of ") + (c == 0 ? "X" : "O") + " at",
                     [&](B& x) { S::point(x)[e] += 1u << S::count_shift(c); });
    const std::string missing = " is a legal point of X missing from its legal set";
    const Vertex g0 = f.growth[0][0], g1 = f.growth[0][1];
    require_caught(b, tanbo::point_name(B::point(g0)) + missing,  // an index past the set
                   [&](B& x) { S::legal_pos(x)[0][g0] = S::legal_count(x)[0]; });
    require_caught(b, missing,  // an index inside the set that holds another point
                   [&](B& x) { S::legal_pos(x)[0][g0] = S::legal_pos(x)[0][g1]; });
  }
  SECTION("root labels") {
    const std::string dead = " names a head that is not a live stone of its root";
    const Vertex s = f.stones[0].back() == member ? f.stones[0].front() : f.stones[0].back();
    require_caught(b, dead, [&](B& x) { S::root(x)[s] = static_cast<Vertex>(B::kVertices - 1); });  // off the grid in use
    require_caught(b, dead, [&](B& x) { S::root(x)[s] = f.stones[1].front(); });                     // an O stone
    require_caught(b, dead, [&](B& x) { S::root(x)[s] = member; });                                  // not a head
    // A stone labelled with another root's head: caught as the other root's label is met again
    // (the stone comes after that root's first stone) or as its own root's is (it comes after
    // its own root's first stone but before the other root). A stone first of both is caught
    // later, by the counts, so it is not a case here.
    auto first = [&](Vertex head) { return f.members(probe, head).front(); };  // row-major
    int after_other = 0, after_own = 0;
    for (const Vertex h : f.heads[0])
      for (const Vertex t : f.stones[0]) {
        const Vertex own = S::root(probe)[t];
        if (own == h || own == t) continue;
        if (t > first(h)) ++after_other;
        else if (t > first(own)) ++after_own;
        else continue;
        require_caught(b, " is in a different root than recomputed", [&](B& x) { S::root(x)[t] = h; });
      }
    CHECK(after_other >= 1);
    CHECK(after_own >= 1);
    require_caught(b, " growth points, recomputed ", [&](B& x) { ++S::growth(x)[big]; });
  }
  SECTION("root lists") {
    const std::string broken = "stone list of root " + tanbo::point_name(B::point(big));
    // A link out of the root, a loop that never returns to the head, a list cut short.
    require_caught(b, broken + " is broken", [&](B& x) { S::next(x)[big] = f.stones[1].front(); });
    require_caught(b, broken + " is broken", [&](B& x) { S::next(x)[member] = member; });
    require_caught(b, broken + " misses stones", [&](B& x) { S::next(x)[big] = big; });
  }
}
