// Random move sampling and playouts. Rng::below, BasicBoard::random_legal_vertex (Board19 and
// Board), BasicGame::random_legal_move and the C API's tanbo_random_legal_move must draw every legal
// move with equal probability: a chi-square test over many positions, with fixed seeds, plus
// "every legal move drawn" and a per-move deviation bound. The thresholds are far in the tail
// (about 6 standard deviations), so a correct sampler passes deterministically, while the two
// planted samplers below (one never draws a move, one favours a move) fail clearly; the test
// "[planted]" shows both failing. playout(rng, max) must equal the loop of
// play_vertex(random_legal_vertex(rng)) move for move and stop at exactly max moves.
// In optimized/tests: most samplers checked are the optimized engine's (Rng's and the C API's ride
// along).
// check-map: code core optimized capi
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/tanbo.h"
#include "test_util.hpp"

using namespace tanbo;

namespace {

constexpr int kExpectedPerMove = 200;  // draws per legal move at every sampled position

// Positions to sample at: every 9th position of seeded random games (the legal-set order
// inside the engine depends on the moves played, so mid-game positions matter most).
std::vector<Position> sample_positions() {
  std::vector<Position> out;
  const Variant variants[] = {Variant::lattice(5), Variant::dense(7), Variant::lattice(9),
                              Variant::lattice(13), Variant::classic()};
  for (const Variant& v : variants) {
    Rng rng(7600 + static_cast<std::uint64_t>(v.size));
    optimized::Game g(v);
    while (!g.is_over() && out.size() < 60) {
      if (g.ply() % 9 == 0 && g.legal_move_count() >= 2) out.push_back(g.position());
      const std::vector<Point> legal = g.legal_moves();
      g.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      if (g.ply() > 120) break;
    }
  }
  return out;
}

// Result of sampling: the chi-square sum over all positions with its degrees of freedom, the
// largest standardized deviation of one move's count, and problems found (never-drawn or
// illegal moves).
struct Uniformity {
  double chi2 = 0;
  long long df = 0;
  double max_z = 0;
  std::string problems;
  long long draws = 0;
  /// Passes when the chi-square sum is below df + 6 sqrt(2 df) (p ~ 1e-9 under uniformity),
  /// no move deviates by more than 6.5 standard deviations, and nothing is missing or illegal.
  bool uniform() const { return problems.empty() && chi2 < df + 6.0 * std::sqrt(2.0 * df) && max_z < 6.5; }
  std::string summary() const {
    return "chi2 " + std::to_string(chi2) + " on " + std::to_string(df) + " df (limit " +
           std::to_string(df + 6.0 * std::sqrt(2.0 * df)) + "), max |z| " + std::to_string(max_z) +
           ", draws " + std::to_string(draws) + problems;
  }
};

// `draw(position_index, rng)` samples one move at position i, advancing rng.
using Sampler = std::function<Point(std::size_t, Rng&)>;

Uniformity measure(const std::vector<Position>& positions, const Sampler& draw, std::uint64_t seed) {
  Uniformity u;
  Rng rng(seed);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const std::vector<Point> legal = reference::Game(positions[i]).legal_moves();
    const int k = static_cast<int>(legal.size());
    std::map<Point, long long> counts;
    for (const Point p : legal) counts[p] = 0;
    const long long n = static_cast<long long>(k) * kExpectedPerMove;
    for (long long d = 0; d < n; ++d) {
      const Point p = draw(i, rng);
      const auto it = counts.find(p);
      if (it == counts.end()) {
        u.problems += " | illegal " + point_name(p) + " at \"" + positions[i].to_string() + "\"";
        return u;
      }
      ++it->second;
    }
    u.draws += n;
    u.df += k - 1;
    for (const auto& [p, c] : counts) {
      const double dev = static_cast<double>(c - kExpectedPerMove);
      u.chi2 += dev * dev / kExpectedPerMove;
      u.max_z = std::max(u.max_z, std::abs(dev) / std::sqrt(static_cast<double>(kExpectedPerMove)));
      if (c == 0) u.problems += " | " + point_name(p) + " never drawn at \"" + positions[i].to_string() + "\"";
    }
  }
  return u;
}

// Boards and games built once per position (draws must not rebuild them).
template <typename T>
std::vector<T> build_all(const std::vector<Position>& positions) {
  std::vector<T> out;
  for (const Position& p : positions) out.emplace_back(p);
  return out;
}

}  // namespace

TEST_CASE("sampling: Rng::below(n) is uniform on 0 to n - 1", "[sampling]") {
  for (const std::uint32_t n : {1u, 2u, 3u, 7u, 10u, 97u, 361u, 625u}) {
    INFO("n = " << n);
    Rng rng(7700 + n);
    std::vector<long long> counts(n, 0);
    const long long draws = static_cast<long long>(n) * kExpectedPerMove;
    for (long long d = 0; d < draws; ++d) {
      const std::uint32_t x = rng.below(n);
      REQUIRE(x < n);
      ++counts[x];
    }
    double chi2 = 0;
    for (const long long c : counts) chi2 += (c - kExpectedPerMove) * static_cast<double>(c - kExpectedPerMove) / kExpectedPerMove;
    const double df = n - 1.0;
    CHECK(chi2 <= df + 6.0 * std::sqrt(2.0 * df));
    CHECK(*std::min_element(counts.begin(), counts.end()) > 0);
  }
}

TEMPLATE_TEST_CASE_SIG("sampling: BasicBoard::random_legal_vertex is uniform over the legal moves",
                       "[sampling]", ((int MaxN), MaxN), 19, 25) {
  using B = optimized::BasicBoard<MaxN>;
  const std::vector<Position> positions = sample_positions();
  REQUIRE(positions.size() >= 40);
  const std::vector<B> boards = build_all<B>(positions);
  const Uniformity u = measure(positions, [&](std::size_t i, Rng& rng) {
    return B::point(boards[i].random_legal_vertex(rng));
  }, 7800);
  INFO(u.summary());
  CHECK(u.df > 1000);
  CHECK(u.uniform());
}

TEMPLATE_TEST_CASE_SIG("sampling: BasicGame::random_legal_move is uniform over the legal moves",
                       "[sampling]", ((int MaxN), MaxN), 19, 25) {
  using G = optimized::BasicGame<MaxN>;
  const std::vector<Position> positions = sample_positions();
  const std::vector<G> games = build_all<G>(positions);
  const Uniformity u = measure(positions, [&](std::size_t i, Rng& rng) { return games[i].random_legal_move(rng); }, 7900);
  INFO(u.summary());
  CHECK(u.uniform());
}

TEST_CASE("sampling: the C API's tanbo_random_legal_move is uniform over the legal moves",
          "[sampling][capi]") {
  const std::vector<Position> positions = sample_positions();
  std::vector<tanbo_game*> handles;
  for (const Position& p : positions) {
    tanbo_game* g = nullptr;
    REQUIRE(tanbo_game_create_from_position(p.to_string().c_str(), &g, nullptr, 0) == TANBO_OK);
    handles.push_back(g);
  }
  // One C generator for the whole run, advanced by the library: the C caller's usage.
  tanbo_rng crng;
  tanbo_rng_seed(&crng, 8000);
  const Uniformity u = measure(positions, [&](std::size_t i, Rng&) {
    int index = -1;
    if (tanbo_random_legal_move(handles[i], &crng, &index) != TANBO_OK) return Point{-1, -1};
    const int n = positions[i].size();
    return Point{index % n, index / n};
  }, 0);
  for (tanbo_game* g : handles) tanbo_game_free(g);
  INFO(u.summary());
  CHECK(u.uniform());
}

TEST_CASE("sampling: the uniformity test fails a sampler that never draws a move or favours one",
          "[sampling][planted]") {
  // The planted samplers wrap the correct one, so they differ from it in one way only.
  const std::vector<Position> positions = sample_positions();
  const std::vector<optimized::Board> boards = build_all<optimized::Board>(positions);
  const auto correct = [&](std::size_t i, Rng& rng) {
    return optimized::Board::point(boards[i].random_legal_vertex(rng));
  };
  // (The correct sampler itself passes: "sampling: BasicBoard::random_legal_vertex" on Board.)
  // Never draws the row-major last legal move (re-draws instead): the rest stay uniform.
  const Uniformity never = measure(positions, [&](std::size_t i, Rng& rng) {
    const Point last = boards[i].legal_moves().back();
    Point p = correct(i, rng);
    while (p == last) p = correct(i, rng);
    return p;
  }, 8100);
  INFO("never draws one: " << never.summary());
  CHECK_FALSE(never.uniform());
  CHECK(never.problems.find("never drawn") != std::string::npos);
  // Favours the row-major first legal move: it gets twice the probability of the others.
  const Uniformity favour = measure(positions, [&](std::size_t i, Rng& rng) {
    const std::uint32_t k = static_cast<std::uint32_t>(boards[i].legal_move_count());
    if (rng.below(k + 1) == 0) return boards[i].legal_moves().front();
    return correct(i, rng);
  }, 8100);
  INFO("favours one: " << favour.summary());
  CHECK_FALSE(favour.uniform());
  CHECK(favour.problems.empty());  // nothing missing: only the statistics catch it
}

TEMPLATE_TEST_CASE_SIG("playout(rng, max_moves) plays the moves of the play_vertex(random_legal_vertex) "
                       "loop, exactly max_moves of them, and leaves the board consistent",
                       "[sampling][playout]", ((int MaxN), MaxN), 19, 25) {
  using B = optimized::BasicBoard<MaxN>;
  std::vector<Position> starts = {opening(Variant::lattice(5)), opening(Variant::dense(7)),
                                  opening(Variant::lattice(9)), opening(Variant::classic()),
                                  Position::parse("X3O/5/5/5/O3X O lattice-5")};
  if (MaxN >= 25) starts.push_back(opening(Variant::dense(25)));
  for (const Position& start : starts) {
    INFO("start \"" << start.to_string() << "\"");
    for (std::uint64_t seed = 8200; seed < 8203; ++seed) {
      INFO("seed " << seed);
      // The loop the documentation promises, recording every position on the way.
      Rng loop_rng(seed);
      B loop(start);
      std::vector<Position> path{loop.position()};
      std::vector<Rng> rng_after{loop_rng};
      while (!loop.is_over()) {
        loop.play_vertex(loop.random_legal_vertex(loop_rng));
        path.push_back(loop.position());
        rng_after.push_back(loop_rng);
      }
      const int length = loop.ply();
      // One whole playout: same end, same generator state, returns the game length.
      Rng whole_rng(seed);
      B whole(start);
      REQUIRE(whole.playout(whole_rng) == length);
      REQUIRE(whole.position() == loop.position());
      REQUIRE(whole.hash() == loop.hash());
      REQUIRE(whole.ply() == length);
      REQUIRE(Rng(whole_rng).next() == Rng(loop_rng).next());
      REQUIRE_FALSE(whole.check_consistency().has_value());
      // One move at a time: playout(rng, 1) is exactly the next move of the loop.
      Rng step_rng(seed);
      B step(start);
      for (int ply = 1; ply <= length; ++ply) {
        REQUIRE(step.playout(step_rng, 1) == 1);
        REQUIRE(step.ply() == ply);
        REQUIRE(step.position() == path[static_cast<std::size_t>(ply)]);
      }
      REQUIRE(step.playout(step_rng, 1) == 0);  // over: nothing more to play
      // Stopping points: max_moves below, at and beyond the game length.
      for (const int max : {0, 1, 2, length / 2, length - 1, length, length + 1, length + 100}) {
        if (max < 0) continue;
        Rng r(seed);
        B b(start);
        const int played = b.playout(r, max);
        const int want = std::min(max, length);
        INFO("max_moves " << max);
        REQUIRE(played == want);
        REQUIRE(b.ply() == want);
        REQUIRE(b.position() == path[static_cast<std::size_t>(want)]);
        REQUIRE(Rng(r).next() == Rng(rng_after[static_cast<std::size_t>(want)]).next());
        REQUIRE_FALSE(b.check_consistency().has_value());
        // Continuing plays the rest of the same game.
        REQUIRE(b.playout(r) == length - want);
        REQUIRE(b.position() == loop.position());
      }
      Rng neg(seed);
      B b(start);
      REQUIRE(b.playout(neg, -5) == 0);
      REQUIRE(b.position() == start);
    }
  }
}
