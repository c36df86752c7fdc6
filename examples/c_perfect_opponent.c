/* Example: a perfect opponent in C. Solves a small start on demand (tanbo_solution_solve_start),
 * then plays seeded random games of a random player against perfect play, the perfect player
 * taking each seat in turn: at its turns it plays the probe's best move (the fastest win, the
 * longest defence). Prints the perfect player's results and exits 1 if it ever lost a game from
 * a position it had won, which perfect play never does.
 *
 * Build (CMake):      target_link_libraries(app PRIVATE tanbo::c)
 * Build (pkg-config): cc -std=c99 c_perfect_opponent.c $(pkg-config --cflags --libs tanbo-c)
 *
 * Usage: c_perfect_opponent [start="X2O/4/4/O2X X"] [games=100] [seed=1]
 *        c_perfect_opponent lattice-5 20      (about 4 s to solve lattice-5 first) */
#include <stdio.h>
#include <stdlib.h>

#include "tanbo/tanbo.h"

int main(int argc, char** argv) {
  const char* start = argc > 1 ? argv[1] : "X2O/4/4/O2X X";
  const int games = argc > 2 ? atoi(argv[2]) : 100;
  const unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
  tanbo_solution* solution = NULL;
  tanbo_rng rng;
  char err[256];
  int wins = 0, won_starts = 0, lost_won_positions = 0, g;
  tanbo_status status = tanbo_solution_solve_start(start, 0, &solution, err, sizeof err);
  if (status != TANBO_OK) {
    fprintf(stderr, "c_perfect_opponent: %s\n", err);
    return 1;
  }
  tanbo_rng_seed(&rng, seed);
  for (g = 0; g < games; ++g) {
    const tanbo_color perfect = g % 2 == 0 ? TANBO_BLACK : TANBO_WHITE;
    tanbo_game* game = NULL;
    int had_won = 0, index = -1;
    tanbo_answer answer;
    if (tanbo_game_create_with_engine(start, TANBO_ENGINE_OPTIMIZED, &game, err, sizeof err) != TANBO_OK) {
      fprintf(stderr, "c_perfect_opponent: %s\n", err);
      tanbo_solution_free(solution);
      return 1;
    }
    while (!tanbo_is_over(game)) {
      if (tanbo_to_move(game) == perfect) {
        /* The value only: no arrays for the moves or the line. */
        status = tanbo_solution_probe(solution, game, &answer, NULL, 0, NULL, 0);
        if (status != TANBO_OK) break;
        if (answer.value == TANBO_VALUE_WIN) had_won = 1;
        index = answer.best_move;
      } else {
        status = tanbo_random_move(game, &rng, &index);
        if (status != TANBO_OK) break;
      }
      status = tanbo_play_index(game, index);
      if (status != TANBO_OK) break;
    }
    if (status != TANBO_OK) {
      fprintf(stderr, "c_perfect_opponent: %s (%s)\n", tanbo_status_string(status),
              tanbo_to_move(game) == perfect ? tanbo_solution_last_error(solution) : tanbo_last_error(game));
      tanbo_game_free(game);
      tanbo_solution_free(solution);
      return 1;
    }
    if (tanbo_winner(game) == perfect) ++wins;
    else if (had_won) ++lost_won_positions;
    won_starts += had_won;
    tanbo_game_free(game);
  }
  printf("start: %s\ngames: %d (perfect play as Black in the even-numbered ones)\n", start, games);
  printf("perfect play won: %d\n", wins);
  printf("games in which perfect play reached a won position: %d\n", won_starts);
  printf("games lost from a won position: %d\n", lost_won_positions);
  tanbo_solution_free(solution);
  return lost_won_positions == 0 ? 0 : 1;
}
