// Micro-benchmarks for the optimized engine's hot operations, with the reference engine's
// playout beside them for scale. Run: build/bench/tanbo_microbench (Release build).
#include <benchmark/benchmark.h>

#include <stdexcept>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

namespace {

using tanbo::Rng;
using tanbo::Variant;
using tanbo::optimized::Board;
using tanbo::optimized::Board19;
using tanbo::optimized::MoveRecord;
using tanbo::optimized::Vertex;

// A mid-game position (100 random plies into a classic game), where boards are busy.
template <typename B>
B midgame() {
  B b{Variant::classic()};
  Rng rng(42);
  for (int i = 0; i < 100 && !b.is_over(); ++i) b.play_vertex(b.random_legal_vertex(rng));
  return b;
}

template <typename B>
void BM_Playout(benchmark::State& state) {
  const B start{Variant::classic()};
  Rng rng(1);
  std::int64_t moves = 0;
  for (auto _ : state) {
    B b = start;
    moves += b.playout(rng);
    benchmark::DoNotOptimize(b.hash());
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  state.counters["sizeof"] = sizeof(B);
}
BENCHMARK_TEMPLATE(BM_Playout, Board19);
BENCHMARK_TEMPLATE(BM_Playout, Board);

void BM_PlayoutReference(benchmark::State& state) {
  Rng rng(1);
  for (auto _ : state) {
    tanbo::reference::Game g;
    while (!g.is_over()) {
      const auto moves = g.legal_moves();
      g.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    benchmark::DoNotOptimize(g.ply());
  }
}
BENCHMARK(BM_PlayoutReference)->Unit(benchmark::kMillisecond);

// One play + undo of a random legal move in a mid-game position.
void BM_PlayUndo(benchmark::State& state) {
  Board19 b = midgame<Board19>();
  Rng rng(7);
  for (auto _ : state) {
    const MoveRecord rec = b.play_vertex(b.random_legal_vertex(rng));
    b.undo(rec);
  }
  benchmark::DoNotOptimize(b.hash());
}
BENCHMARK(BM_PlayUndo);

void BM_CopyBoard19(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  for (auto _ : state) {
    Board19 copy = b;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyBoard19);

// Setting up a board from a position: a named opening is a copy of the board built on its first
// set-up (BasicBoard::named_opening), any other position is built. The classic opening's points with the
// variant tag custom-19 take the build: the same stones, so the two rows differ by the lookup only.
void BM_SetUpNamedOpening(benchmark::State& state) {
  const tanbo::Position start = tanbo::opening(Variant::classic());
  for (auto _ : state) {
    Board19 b(start);
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_SetUpNamedOpening);

void BM_SetUpOtherPosition(benchmark::State& state) {
  tanbo::Position start = tanbo::opening(Variant::classic());
  start.set_variant(Variant::custom(19));
  for (auto _ : state) {
    Board19 b(start);
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_SetUpOtherPosition);

void BM_LegalVertices(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  for (auto _ : state) {
    unsigned sum = 0;
    for (const Vertex v : b.legal_vertices()) sum += v;
    benchmark::DoNotOptimize(sum);
  }
}
BENCHMARK(BM_LegalVertices);

void BM_LegalMovesSorted(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  for (auto _ : state) benchmark::DoNotOptimize(b.legal_moves());
}
BENCHMARK(BM_LegalMovesSorted);

// The row-major paths of the Engine API: the i-th legal move (what tanbo::random_move draws)
// and a walk over all of them, neither sorting nor allocating.
void BM_NthLegalVertex(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  Rng rng(5);
  for (auto _ : state)
    benchmark::DoNotOptimize(b.nth_legal_vertex(static_cast<int>(rng.below(static_cast<std::uint32_t>(b.legal_move_count())))));
}
BENCHMARK(BM_NthLegalVertex);

void BM_ForEachLegalVertex(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  for (auto _ : state) {
    unsigned sum = 0;
    b.for_each_legal_vertex([&sum](Vertex v) { sum += v; });
    benchmark::DoNotOptimize(sum);
  }
}
BENCHMARK(BM_ForEachLegalVertex);

// Copy-make: a copy of the board plus one move on it (the alternative to play + undo).
void BM_CopyMake(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  Rng rng(7);
  for (auto _ : state) {
    Board19 copy = b;
    copy.play_vertex(copy.random_legal_vertex(rng));
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyMake);

// One random move and its undo through the tanbo::Engine API (Game19): random_move's row-major
// pick, play(Point) with its legality check, the history, undo().
void BM_EnginePlayUndo(benchmark::State& state) {
  tanbo::optimized::Game19 g{midgame<Board19>().position()};
  Rng rng(7);
  for (auto _ : state) {
    g.play(tanbo::random_move(g, rng));
    g.undo();
  }
  benchmark::DoNotOptimize(g.hash());
}
BENCHMARK(BM_EnginePlayUndo);

// The first move of a random classic game (Rng 42) that removes at least 8 stones, played
// through the Engine API: what a front end reports after a removal.
tanbo::optimized::Game19 after_removal() {
  tanbo::optimized::Game19 g{Variant::classic()};
  Rng rng(42);
  while (!g.is_over()) {
    const tanbo::MoveEffect e = g.play(tanbo::random_move(g, rng));
    if (e.removed_black + e.removed_white >= 8) return g;
  }
  throw std::logic_error("after_removal: the game removed fewer than 8 stones at once");
}

// The last move's removed stones: last_result() builds the list (one allocation, sorted), the
// Engine API's for_each_removed_stone walks them row-major without one.
void BM_LastResult(benchmark::State& state) {
  const tanbo::optimized::Game19 g = after_removal();
  for (auto _ : state) benchmark::DoNotOptimize(g.last_result());
}
BENCHMARK(BM_LastResult);

void BM_ForEachRemovedStone(benchmark::State& state) {
  const tanbo::optimized::Game19 g = after_removal();
  for (auto _ : state) {
    int sum = 0;
    tanbo::for_each_removed_stone(g, [&sum](tanbo::Point p) { sum += p.x + p.y; });
    benchmark::DoNotOptimize(sum);
  }
}
BENCHMARK(BM_ForEachRemovedStone);

void BM_RandomLegalVertex(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  Rng rng(3);
  for (auto _ : state) benchmark::DoNotOptimize(b.random_legal_vertex(rng));
}
BENCHMARK(BM_RandomLegalVertex);

void BM_HashIncremental(benchmark::State& state) {
  const Board19 b = midgame<Board19>();
  for (auto _ : state) benchmark::DoNotOptimize(b.hash());
}
BENCHMARK(BM_HashIncremental);

void BM_HashFromScratch(benchmark::State& state) {
  const tanbo::Position pos = midgame<Board19>().position();
  for (auto _ : state) benchmark::DoNotOptimize(tanbo::zobrist_hash(pos));
}
BENCHMARK(BM_HashFromScratch);

}  // namespace

BENCHMARK_MAIN();
