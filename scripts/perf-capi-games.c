/* Helper of scripts/performance-report.sh: plays GAMES seeded random games through the C API, the
 * loop of examples/c_random_game.c without its printing (the engine's own pick, tanbo_play_index
 * until tanbo_is_over), so that callgrind counts the C API's cost per game on any build, old or
 * new. The pick is TANBO_PICK: tanbo_random_legal_move, or on a build whose tanbo.h predates that
 * name, its old name tanbo_random_move (performance-report.sh passes -DTANBO_PICK=... then).
 *
 * Usage: perf-capi-games VARIANT GAMES SEED    prints the total number of moves played */
#include <stdio.h>
#include <stdlib.h>

#include "tanbo/tanbo.h"

#ifndef TANBO_PICK
#define TANBO_PICK tanbo_random_legal_move
#endif

int main(int argc, char** argv) {
  tanbo_rng rng;
  char err[256];
  long games, g, moves = 0;
  if (argc != 4 || (games = strtol(argv[2], NULL, 10)) < 1) {
    fprintf(stderr, "usage: perf-capi-games VARIANT GAMES SEED\n");
    return 2;
  }
  tanbo_rng_seed(&rng, (uint64_t)strtoull(argv[3], NULL, 10));  /* one stream for all games */
  for (g = 0; g < games; ++g) {
    tanbo_game* game = NULL;
    if (tanbo_game_create(argv[1], &game, err, sizeof err) != TANBO_OK) {
      fprintf(stderr, "perf-capi-games: %s\n", err);
      return 1;
    }
    while (!tanbo_is_over(game)) {
      int move = -1;
      if (TANBO_PICK(game, &rng, &move) != TANBO_OK || tanbo_play_index(game, move) != TANBO_OK) {
        fprintf(stderr, "perf-capi-games: %s\n", tanbo_last_error(game));
        tanbo_game_free(game);
        return 1;
      }
    }
    moves += tanbo_ply(game);
    tanbo_game_free(game);
  }
  printf("%ld\n", moves);
  return 0;
}
