/* Consumer-test program (C99): what a user's C program linking tanbo::c (or `pkg-config
 * tanbo-c`) looks like. Plays a seeded random game; prints "tanbo C consumer ok" on success. */
#include <stdio.h>

#include "tanbo/tanbo.h"

int main(void) {
  tanbo_game* game = NULL;
  tanbo_rng rng;
  char err[256];
  int move = 0;

  if (tanbo_game_create("lattice-9", &game, err, sizeof err) != TANBO_OK) {
    printf("create failed: %s\n", err);
    return 1;
  }
  tanbo_rng_seed(&rng, 7);
  while (!tanbo_is_over(game)) {
    if (tanbo_random_legal_move(game, &rng, &move) != TANBO_OK || tanbo_play_index(game, move) != TANBO_OK) {
      printf("move failed: %s\n", tanbo_last_error(game));
      tanbo_game_free(game);
      return 1;
    }
  }
  printf("tanbo C consumer ok: tanbo %s, %d moves, winner %s\n", tanbo_version(), tanbo_ply(game),
         tanbo_winner(game) == TANBO_BLACK ? "Black" : "White");
  tanbo_game_free(game);
  return 0;
}
