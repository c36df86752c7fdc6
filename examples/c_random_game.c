/* Example: using tanbo from C. Plays one seeded random game through the C API and prints the
 * moves, the final board and the game record, checking every call's status on the way.
 *
 * Build (CMake):      target_link_libraries(app PRIVATE tanbo::c)
 * Build (pkg-config): cc -std=c99 c_random_game.c $(pkg-config --cflags --libs tanbo-c)
 *
 * Usage: c_random_game [variant=lattice-9] [seed=1]
 *        c_random_game "X3O/5/5/5/O3X X" 7      (a position string works too) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tanbo/tanbo.h"

/* Prints a failed call's message and leaves: one place for all error handling. */
static int fail(tanbo_game* game, const char* what, tanbo_status status) {
  fprintf(stderr, "c_random_game: %s failed (%s): %s\n", what, tanbo_status_string(status),
          tanbo_last_error(game));
  tanbo_game_free(game);
  return 1;
}

int main(int argc, char** argv) {
  const char* start = argc > 1 ? argv[1] : "lattice-9";
  const unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  tanbo_game* game = NULL;
  tanbo_rng rng;
  tanbo_status status;
  char err[256];
  char* text;
  size_t needed = 0;

  /* A position string contains '/'; anything else is taken as a variant name. */
  if (strchr(start, '/') != NULL)
    status = tanbo_game_create_from_position(start, &game, err, sizeof err);
  else
    status = tanbo_game_create(start, &game, err, sizeof err);
  if (status != TANBO_OK) {
    fprintf(stderr, "c_random_game: cannot start from '%s': %s\n", start, err);
    return 1;
  }
  printf("tanbo %s, %dx%d board, seed %llu\n", tanbo_version(), tanbo_size(game), tanbo_size(game), seed);

  /* The generator state belongs to the caller: no hidden global state in the library. */
  tanbo_rng_seed(&rng, (uint64_t)seed);
  while (!tanbo_is_over(game)) {
    int move = -1;
    char name[4];
    if ((status = tanbo_random_legal_move(game, &rng, &move)) != TANBO_OK) return fail(game, "tanbo_random_legal_move", status);
    if ((status = tanbo_point_name(game, move, name, sizeof name, NULL)) != TANBO_OK)
      return fail(game, "tanbo_point_name", status);
    if ((status = tanbo_play_index(game, move)) != TANBO_OK) return fail(game, "tanbo_play_index", status);
    printf("%s%s", tanbo_ply(game) % 20 == 1 ? "" : " ", name);
    if (tanbo_ply(game) % 20 == 0) printf("\n");
  }
  printf("\n");

  /* Text exports follow snprintf: ask for the length first, then allocate exactly. */
  tanbo_diagram(game, NULL, 0, &needed);
  text = (char*)malloc(needed + 1);
  if (text == NULL) return fail(game, "malloc", TANBO_ERR_OUT_OF_MEMORY);
  if ((status = tanbo_diagram(game, text, needed + 1, NULL)) != TANBO_OK) {
    free(text);
    return fail(game, "tanbo_diagram", status);
  }
  printf("%s", text);
  free(text);

  printf("winner: %s after %d moves (Black %d stones, White %d stones)\n",
         tanbo_winner(game) == TANBO_BLACK ? "Black" : "White", tanbo_ply(game),
         tanbo_stone_count(game, TANBO_BLACK), tanbo_stone_count(game, TANBO_WHITE));

  tanbo_record(game, NULL, 0, &needed);
  text = (char*)malloc(needed + 1);
  if (text == NULL) return fail(game, "malloc", TANBO_ERR_OUT_OF_MEMORY);
  if ((status = tanbo_record(game, text, needed + 1, NULL)) != TANBO_OK) {
    free(text);
    return fail(game, "tanbo_record", status);
  }
  printf("record:\n%s", text);
  free(text);
  tanbo_game_free(game);
  return 0;
}
