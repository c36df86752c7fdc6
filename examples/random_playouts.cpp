// Example: fast seeded random playouts with the optimized engine's board.
//
// The pattern every Monte-Carlo program needs: set up the start board once, then for each
// playout copy it (a Board19 is a flat value of a few kilobytes, so a copy is a memcpy) and
// play uniformly random legal moves until a side has no stones. playout() plays exactly the
// moves of the loop `while (!board.is_over()) board.play_vertex(board.random_legal_vertex(rng));`
// (random_legal_vertex() is O(1); play_vertex() skips the legality check, which the random
// choice already guarantees), without building undo records, so it is cheaper.
//
// Usage: random_playouts [games=1000] [seed=1] [variant=classic]
//   e.g. random_playouts 10000 42 lattice-9
// Prints the number of games, the mean game length in moves and each side's wins.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

#include "tanbo/core.hpp"
#include "tanbo/optimized/board.hpp"

int main(int argc, char** argv) {
  try {
    const long games = argc > 1 ? std::stol(argv[1]) : 1000;
    const std::uint64_t seed = argc > 2 ? std::stoull(argv[2]) : 1;
    const tanbo::Variant variant = tanbo::Variant::parse(argc > 3 ? argv[3] : "classic");
    if (games < 1) throw std::invalid_argument("games must be at least 1");

    // Board19 handles boards up to 19x19; tanbo::optimized::Board 21x21 to 25x25 (code written
    // for any BasicBoard<N> runs on the one sized for a board via optimized::with_capacity_for).
    const tanbo::optimized::Board19 start(variant);
    tanbo::Rng rng(seed);  // one stream for all playouts: the whole run replays from `seed`
    long long total_moves = 0;
    long wins[2] = {0, 0};

    for (long g = 0; g < games; ++g) {
      tanbo::optimized::Board19 board = start;  // copy-make: the start board is never touched
      total_moves += board.playout(rng);
      ++wins[static_cast<int>(*board.winner())];
    }

    std::printf("variant: %s\n", variant.name().c_str());
    std::printf("seed: %llu\n", static_cast<unsigned long long>(seed));
    std::printf("games: %ld\n", games);
    std::printf("mean length: %.2f moves\n", static_cast<double>(total_moves) / static_cast<double>(games));
    std::printf("Black (X) wins: %ld (%.1f%%)\n", wins[0], 100.0 * static_cast<double>(wins[0]) / static_cast<double>(games));
    std::printf("White (O) wins: %ld (%.1f%%)\n", wins[1], 100.0 * static_cast<double>(wins[1]) / static_cast<double>(games));
    return 0;
  } catch (const std::exception& e) {
    // Bad arguments (std::stol) and unknown variants (tanbo::ParseError) end up here.
    std::fprintf(stderr, "random_playouts: %s\nusage: random_playouts [games] [seed] [variant]\n", e.what());
    return 2;
  }
}
