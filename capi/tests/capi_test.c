/* Tests of the C API, written in C99 and built by the C compiler as a user's program would be.
 * Every function is called on its success path and on each documented error path (null
 * pointers, bad indices, malformed text, illegal moves, small buffers), and the results are
 * checked against each other: exported positions and records replay to the same hash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tanbo/tanbo.h"

static int failures = 0;

/* Reports a failed expectation with its location; tests continue so one run shows them all. */
#define CHECK(cond)                                                      \
  do {                                                                   \
    if (!(cond)) {                                                       \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                        \
    }                                                                    \
  } while (0)

/* Expects status `want`; on a mismatch also prints the handle's message. */
#define CHECK_STATUS(game, expr, want)                                                  \
  do {                                                                                  \
    tanbo_status got_ = (expr);                                                         \
    if (got_ != (want)) {                                                               \
      fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d; last error: %s\n",      \
              __FILE__, __LINE__, #expr, (int)got_, tanbo_status_string(got_), (int)(want), \
              tanbo_last_error(game));                                                  \
      ++failures;                                                                       \
    }                                                                                   \
  } while (0)

static int contains(const char* text, const char* part) { return strstr(text, part) != NULL; }

static tanbo_game* must_create(const char* variant) {
  tanbo_game* g = NULL;
  char err[256];
  if (tanbo_game_create(variant, &g, err, sizeof err) != TANBO_OK) {
    fprintf(stderr, "cannot create %s: %s\n", variant, err);
    exit(1);
  }
  return g;
}

static void test_library(void) {
  tanbo_status s;
  CHECK(strcmp(tanbo_version(), TANBO_EXPECTED_VERSION) == 0);
  for (s = TANBO_OK; s <= TANBO_ERR_INTERNAL; s = (tanbo_status)(s + 1)) {
    CHECK(strlen(tanbo_status_string(s)) > 0);
    CHECK(strcmp(tanbo_status_string(s), "unknown status") != 0);
  }
  CHECK(strcmp(tanbo_status_string((tanbo_status)999), "unknown status") == 0);
}

static void test_create(void) {
  tanbo_game* g = (tanbo_game*)&failures; /* must be reset to NULL on failure */
  char err[256];
  char tiny[8];

  CHECK_STATUS(NULL, tanbo_game_create("classic", &g, err, sizeof err), TANBO_OK);
  CHECK(g != NULL && strcmp(err, "") == 0);
  CHECK(tanbo_size(g) == 19 && tanbo_to_move(g) == TANBO_BLACK && tanbo_ply(g) == 0);
  CHECK(tanbo_is_over(g) == 0 && tanbo_winner(g) == TANBO_NONE);
  CHECK(tanbo_stone_count(g, TANBO_BLACK) == 8 && tanbo_stone_count(g, TANBO_WHITE) == 8);
  CHECK(tanbo_hash(g) != 0);
  CHECK(strcmp(tanbo_last_error(g), "") == 0);
  tanbo_game_free(g);

  g = must_create("LATTICE-9"); /* names are case-insensitive */
  CHECK(tanbo_size(g) == 9);
  tanbo_game_free(g);

  CHECK_STATUS(NULL, tanbo_game_create("lattice-8", &g, err, sizeof err), TANBO_ERR_PARSE);
  CHECK(g == NULL && contains(err, "tanbo_game_create: ") && contains(err, "size 8"));
  CHECK_STATUS(NULL, tanbo_game_create("custom-7", &g, err, sizeof err), TANBO_ERR_PARSE);
  CHECK(g == NULL && contains(err, "custom-7 has no opening") && contains(err, "position string"));
  CHECK_STATUS(NULL, tanbo_game_create(NULL, &g, err, sizeof err), TANBO_ERR_NULL_ARGUMENT);
  CHECK(g == NULL && contains(err, "variant is NULL"));
  CHECK_STATUS(NULL, tanbo_game_create("classic", NULL, err, sizeof err), TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(err, "out is NULL"));
  /* A short error buffer gets a cut, terminated message; no buffer at all is fine too. */
  CHECK_STATUS(NULL, tanbo_game_create("nonsense", &g, tiny, sizeof tiny), TANBO_ERR_PARSE);
  CHECK(strlen(tiny) == sizeof tiny - 1 && strncmp(tiny, "tanbo_g", 7) == 0);
  CHECK_STATUS(NULL, tanbo_game_create("nonsense", &g, NULL, 0), TANBO_ERR_PARSE);
  CHECK(g == NULL);

  CHECK_STATUS(NULL, tanbo_game_create_from_position("X3O/5/5/5/O3X X lattice-5", &g, err, sizeof err), TANBO_OK);
  CHECK(g != NULL && tanbo_size(g) == 5 && tanbo_stone_count(g, TANBO_WHITE) == 2);
  tanbo_game_free(g);
  CHECK_STATUS(NULL, tanbo_game_create_from_position("X3O/5/5/5/O3X O", &g, err, sizeof err), TANBO_OK);
  CHECK(g != NULL && tanbo_to_move(g) == TANBO_WHITE);
  tanbo_game_free(g);
  CHECK_STATUS(NULL, tanbo_game_create_from_position("X3O/5/5 X", &g, err, sizeof err), TANBO_ERR_PARSE);
  CHECK(g == NULL && contains(err, "column"));
  CHECK_STATUS(NULL, tanbo_game_create_from_position("5/5/5/5/5 X", &g, err, sizeof err),
               TANBO_ERR_INVALID_POSITION);
  CHECK(g == NULL && contains(err, "no stones"));
  CHECK_STATUS(NULL, tanbo_game_create_from_position(NULL, &g, err, sizeof err), TANBO_ERR_NULL_ARGUMENT);
  CHECK(g == NULL && contains(err, "position is NULL"));
  CHECK_STATUS(NULL, tanbo_game_create_from_position("X O", NULL, NULL, 0), TANBO_ERR_NULL_ARGUMENT);
}

static void test_moves_and_undo(void) {
  tanbo_game* g = must_create("classic");
  const uint64_t start_hash = tanbo_hash(g);
  int b1 = -1;
  tanbo_color cell = TANBO_NONE;

  CHECK_STATUS(g, tanbo_point_index(g, "b1", &b1), TANBO_OK);
  CHECK(b1 == 1);
  CHECK(tanbo_is_legal(g, b1) == 1);
  CHECK_STATUS(g, tanbo_play(g, "b1"), TANBO_OK);
  CHECK(tanbo_ply(g) == 1 && tanbo_to_move(g) == TANBO_WHITE && tanbo_hash(g) != start_hash);
  CHECK_STATUS(g, tanbo_cell_at(g, b1, &cell), TANBO_OK);
  CHECK(cell == TANBO_BLACK);
  CHECK(strcmp(tanbo_last_error(g), "") == 0);

  /* Illegal moves leave the game unchanged and say why. */
  CHECK_STATUS(g, tanbo_play(g, "B1"), TANBO_ERR_ILLEGAL_MOVE);
  CHECK(contains(tanbo_last_error(g), "tanbo_play") && contains(tanbo_last_error(g), "occupied"));
  CHECK_STATUS(g, tanbo_play(g, "J10"), TANBO_ERR_ILLEGAL_MOVE);
  CHECK(contains(tanbo_last_error(g), "J10") && contains(tanbo_last_error(g), "rule 3"));
  CHECK(tanbo_ply(g) == 1);
  CHECK_STATUS(g, tanbo_play(g, "Z99"), TANBO_ERR_PARSE);
  CHECK(contains(tanbo_last_error(g), "Z99"));
  CHECK_STATUS(g, tanbo_play(g, ""), TANBO_ERR_PARSE);
  CHECK_STATUS(g, tanbo_play(g, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "point is NULL"));
  /* An index off the board is an illegal move (the error model of every face). */
  CHECK_STATUS(g, tanbo_play_index(g, -1), TANBO_ERR_ILLEGAL_MOVE);
  CHECK(contains(tanbo_last_error(g), "index -1 (indices are 0..360)") && contains(tanbo_last_error(g), "not on the board"));
  CHECK_STATUS(g, tanbo_play_index(g, 361), TANBO_ERR_ILLEGAL_MOVE);
  CHECK_STATUS(g, tanbo_play_index(g, 0), TANBO_ERR_ILLEGAL_MOVE); /* A1 holds a stone */

  /* White's G1 stone can grow to G2 (index 19 + 6). */
  CHECK(tanbo_is_legal(g, 25) == 1);
  CHECK_STATUS(g, tanbo_play_index(g, 25), TANBO_OK);
  CHECK(tanbo_ply(g) == 2);
  CHECK_STATUS(g, tanbo_undo(g), TANBO_OK);
  CHECK_STATUS(g, tanbo_undo(g), TANBO_OK);
  CHECK(tanbo_ply(g) == 0 && tanbo_hash(g) == start_hash && tanbo_to_move(g) == TANBO_BLACK);
  CHECK_STATUS(g, tanbo_undo(g), TANBO_ERR_NO_MOVE_TO_UNDO);
  CHECK(contains(tanbo_last_error(g), "tanbo_undo"));

  CHECK(tanbo_is_legal(g, -5) == 0 && tanbo_is_legal(g, 361) == 0 && tanbo_is_legal(g, 0) == 0);
  tanbo_game_free(g);
}

static void test_legal_moves(void) {
  tanbo_game* g = must_create("lattice-9");
  int moves[81], two[2];
  size_t n = 0, n2 = 0, i;
  const int count = tanbo_legal_move_count(g);

  CHECK(count > 2);
  CHECK_STATUS(g, tanbo_legal_moves(g, moves, 81, &n), TANBO_OK);
  CHECK((int)n == count);
  for (i = 0; i < n; ++i) {
    CHECK(tanbo_is_legal(g, moves[i]) == 1);
    if (i > 0) CHECK(moves[i - 1] < moves[i]); /* row-major order */
  }
  /* Too small: the first moves are still written, and the count tells how many exist. */
  CHECK_STATUS(g, tanbo_legal_moves(g, two, 2, &n2), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(n2 == n && two[0] == moves[0] && two[1] == moves[1]);
  CHECK(contains(tanbo_last_error(g), "room for 2"));
  CHECK_STATUS(g, tanbo_legal_moves(g, NULL, 0, &n2), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(n2 == n);
  CHECK_STATUS(g, tanbo_legal_moves(g, moves, 81, NULL), TANBO_OK);
  CHECK_STATUS(g, tanbo_legal_moves(g, NULL, 5, &n2), TANBO_ERR_NULL_ARGUMENT);
  tanbo_game_free(g);
}

/* Plays a seeded random game to the end; returns the game. */
static tanbo_game* random_game(const char* variant, uint64_t seed) {
  tanbo_game* g = must_create(variant);
  tanbo_rng rng;
  int move = -1;
  tanbo_rng_seed(&rng, seed);
  while (!tanbo_is_over(g)) {
    CHECK_STATUS(g, tanbo_random_legal_move(g, &rng, &move), TANBO_OK);
    CHECK(tanbo_is_legal(g, move) == 1);
    CHECK_STATUS(g, tanbo_play_index(g, move), TANBO_OK);
  }
  return g;
}

/* Replays a record by playing each move token on a fresh game of `variant`. */
static tanbo_game* replay(const char* variant, char* record) {
  tanbo_game* g = must_create(variant);
  char* line = strtok(record, "\n");
  for (; line != NULL; line = strtok(NULL, "\n")) {
    char* tok;
    if (line[0] == '[') continue; /* the [Variant "..."] header */
    for (tok = line; *tok;) {
      char name[8] = {0};
      size_t k = 0;
      while (*tok == ' ') ++tok;
      while (*tok && *tok != ' ' && k < sizeof name - 1) name[k++] = *tok++;
      if (k > 0) CHECK_STATUS(g, tanbo_play(g, name), TANBO_OK);
    }
  }
  return g;
}

static void test_random_game_and_exports(void) {
  const uint64_t seed = 20240611u;
  tanbo_game* g = random_game("lattice-9", seed);
  tanbo_game* again = random_game("lattice-9", seed);
  tanbo_game* replayed;
  tanbo_rng rng, rng2;
  tanbo_color winner = tanbo_winner(g);
  char* record;
  size_t needed = 0;
  int move = 7;

  /* Same seed, same game: the generator and the engine are deterministic. */
  CHECK(tanbo_ply(g) == tanbo_ply(again) && tanbo_hash(g) == tanbo_hash(again));
  tanbo_game_free(again);
  tanbo_rng_seed(&rng, seed);
  tanbo_rng_seed(&rng2, seed);
  CHECK(memcmp(&rng, &rng2, sizeof rng) == 0);
  tanbo_rng_seed(NULL, seed);

  CHECK(winner == TANBO_BLACK || winner == TANBO_WHITE);
  CHECK(tanbo_stone_count(g, winner == TANBO_BLACK ? TANBO_WHITE : TANBO_BLACK) == 0);
  CHECK(tanbo_stone_count(g, winner) > 0 && tanbo_is_over(g) == 1);
  CHECK(tanbo_legal_move_count(g) == 0);
  CHECK_STATUS(g, tanbo_random_legal_move(g, &rng, &move), TANBO_ERR_GAME_OVER);
  CHECK(move == 7 && contains(tanbo_last_error(g), "over"));
  CHECK_STATUS(g, tanbo_play_index(g, 40), TANBO_ERR_ILLEGAL_MOVE);

  /* Record: ask for the length, export, replay: same final position. */
  CHECK_STATUS(g, tanbo_record(g, NULL, 0, &needed), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(needed > 20);
  record = (char*)malloc(needed + 1);
  CHECK_STATUS(g, tanbo_record(g, record, needed + 1, NULL), TANBO_OK);
  CHECK(strncmp(record, "[Variant \"lattice-9\"]\n", 22) == 0 && strlen(record) == needed);
  replayed = replay("lattice-9", record);
  CHECK(tanbo_hash(replayed) == tanbo_hash(g) && tanbo_ply(replayed) == tanbo_ply(g));
  tanbo_game_free(replayed);
  free(record);

  /* Undo all the way back to the opening. */
  while (tanbo_ply(g) > 0) CHECK_STATUS(g, tanbo_undo(g), TANBO_OK);
  CHECK(tanbo_is_over(g) == 0 && tanbo_winner(g) == TANBO_NONE);
  {
    tanbo_game* fresh = must_create("lattice-9");
    CHECK(tanbo_hash(fresh) == tanbo_hash(g));
    tanbo_game_free(fresh);
  }

  CHECK_STATUS(g, tanbo_random_legal_move(g, NULL, &move), TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "rng is NULL"));
  CHECK_STATUS(g, tanbo_random_legal_move(g, &rng, NULL), TANBO_ERR_NULL_ARGUMENT);
  tanbo_game_free(g);
}

static void test_copy(void) {
  tanbo_game* g = must_create("lattice-7");
  tanbo_game* c = (tanbo_game*)&failures;
  int moves[49];
  size_t n = 0;

  CHECK_STATUS(g, tanbo_legal_moves(g, moves, 49, &n), TANBO_OK);
  CHECK_STATUS(g, tanbo_play_index(g, moves[0]), TANBO_OK);
  CHECK_STATUS(g, tanbo_game_copy(g, &c), TANBO_OK);
  CHECK(c != NULL && tanbo_hash(c) == tanbo_hash(g) && tanbo_ply(c) == 1);
  CHECK(strcmp(tanbo_last_error(c), "") == 0);
  /* The copy is independent and carries the history, so it can undo. */
  CHECK_STATUS(c, tanbo_undo(c), TANBO_OK);
  CHECK(tanbo_ply(c) == 0 && tanbo_ply(g) == 1 && tanbo_hash(c) != tanbo_hash(g));
  tanbo_game_free(c);

  CHECK_STATUS(g, tanbo_game_copy(g, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "tanbo_game_copy: out is NULL"));
  c = g;
  CHECK(tanbo_game_copy(NULL, &c) == TANBO_ERR_NULL_ARGUMENT && c == NULL);
  tanbo_game_free(g);
}

static void test_points_and_text(void) {
  tanbo_game* g = must_create("lattice-9");
  tanbo_game* back = NULL;
  char buf[512], tiny[2];
  char err[256];
  size_t needed = 0;
  int i, index = -1;
  tanbo_color cell = TANBO_WHITE;

  for (i = 0; i < 81; ++i) {
    CHECK_STATUS(g, tanbo_point_name(g, i, buf, sizeof buf, &needed), TANBO_OK);
    CHECK(needed == strlen(buf) && (needed == 2 || needed == 3));
    CHECK_STATUS(g, tanbo_point_index(g, buf, &index), TANBO_OK);
    CHECK(index == i);
  }
  CHECK_STATUS(g, tanbo_point_name(g, 80, buf, sizeof buf, NULL), TANBO_OK);
  CHECK(strcmp(buf, "I9") == 0);
  CHECK_STATUS(g, tanbo_point_name(g, 0, tiny, sizeof tiny, &needed), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(strcmp(tiny, "A") == 0 && needed == 2 && contains(tanbo_last_error(g), "needs 3 bytes"));
  CHECK_STATUS(g, tanbo_point_name(g, 81, buf, sizeof buf, NULL), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "9x9"));
  CHECK_STATUS(g, tanbo_point_name(g, 0, NULL, 4, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK_STATUS(g, tanbo_point_index(g, "J1", &index), TANBO_ERR_PARSE); /* off the 9x9 board */
  CHECK(contains(tanbo_last_error(g), "columns A-I"));
  CHECK_STATUS(g, tanbo_point_index(g, NULL, &index), TANBO_ERR_NULL_ARGUMENT);
  CHECK_STATUS(g, tanbo_point_index(g, "A1", NULL), TANBO_ERR_NULL_ARGUMENT);

  CHECK_STATUS(g, tanbo_cell_at(g, 81, &cell), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(cell == TANBO_WHITE); /* untouched on failure */
  CHECK_STATUS(g, tanbo_cell_at(g, 0, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_stone_count(g, TANBO_NONE) == -1 && tanbo_stone_count(g, (tanbo_color)7) == -1);

  /* The position string round-trips through create_from_position, mid-game too. */
  {
    int moves[81];
    size_t n = 0;
    CHECK_STATUS(g, tanbo_legal_moves(g, moves, 81, &n), TANBO_OK);
    CHECK_STATUS(g, tanbo_play_index(g, moves[n / 2]), TANBO_OK);
  }
  CHECK_STATUS(g, tanbo_position_string(g, buf, sizeof buf, &needed), TANBO_OK);
  CHECK(needed == strlen(buf) && contains(buf, " O lattice-9"));
  CHECK_STATUS(NULL, tanbo_game_create_from_position(buf, &back, err, sizeof err), TANBO_OK);
  CHECK(back != NULL && tanbo_hash(back) == tanbo_hash(g) && tanbo_to_move(back) == TANBO_WHITE);
  tanbo_game_free(back);
  CHECK_STATUS(g, tanbo_position_string(g, tiny, sizeof tiny, &needed), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(strlen(tiny) == 1);
  CHECK_STATUS(g, tanbo_position_string(g, NULL, 3, NULL), TANBO_ERR_NULL_ARGUMENT);

  CHECK_STATUS(g, tanbo_diagram(g, buf, sizeof buf, &needed), TANBO_OK);
  CHECK(strncmp(buf, "    A B C D E F G H I\n", 22) == 0 && needed == strlen(buf));
  CHECK_STATUS(g, tanbo_diagram(g, buf, 10, &needed), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(strlen(buf) == 9);
  tanbo_game_free(g);

  /* The classic opening's record has neither header nor moves. */
  g = must_create("classic");
  CHECK_STATUS(g, tanbo_record(g, buf, sizeof buf, &needed), TANBO_OK);
  CHECK(needed == 0 && buf[0] == '\0');
  tanbo_game_free(g);
}

/* The engine choice, records, explanations, search and the other calls JavaScript makes, on
 * their success and error paths; every failure leaves the game as it was. */
static void test_engines_and_queries(void) {
  tanbo_game* g = NULL;
  tanbo_game* r = NULL;
  char err[256];
  char buf[512];
  int ints[64];
  unsigned char cells[25];
  size_t n = 0;
  int index = -1, friends = -1, length = -1;
  tanbo_engine e = TANBO_ENGINE_OPTIMIZED;
  tanbo_illegal_reason why = TANBO_REASON_LEGAL;
  tanbo_move_result res;
  tanbo_rng rng;
  tanbo_color w = TANBO_NONE;
  uint64_t nodes = 0, wins = 0, moves = 0;
  uint32_t below = 0;
  uint64_t before;

  CHECK(strcmp(tanbo_engine_name(TANBO_ENGINE_REFERENCE), "reference") == 0);
  CHECK(tanbo_engine_name((tanbo_engine)7) == NULL && tanbo_engine_name((tanbo_engine)-1) == NULL);
  CHECK_STATUS(NULL, tanbo_engine_parse("reference", &e, err, sizeof err), TANBO_OK);
  CHECK(e == TANBO_ENGINE_REFERENCE);
  CHECK_STATUS(NULL, tanbo_engine_parse("fast", &e, err, sizeof err), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(contains(err, "'optimized' or 'reference'") && contains(err, "'fast'"));
  CHECK_STATUS(NULL, tanbo_game_create_with_engine("lattice-5", (tanbo_engine)9, &g, err, sizeof err),
               TANBO_ERR_INVALID_ARGUMENT);
  CHECK(g == NULL && contains(err, "engine 9"));
  CHECK_STATUS(NULL, tanbo_game_create_with_engine("lattice-5", (tanbo_engine)-1, &g, err, sizeof err),
               TANBO_ERR_INVALID_ARGUMENT);
  CHECK(g == NULL && contains(err, "engine -1 is not TANBO_ENGINE_OPTIMIZED (0) or TANBO_ENGINE_REFERENCE (1)"));
  CHECK_STATUS(NULL, tanbo_game_create_with_engine("lattice-8", TANBO_ENGINE_REFERENCE, &g, err, sizeof err),
               TANBO_ERR_PARSE);
  CHECK_STATUS(NULL, tanbo_game_create_with_engine(NULL, TANBO_ENGINE_REFERENCE, &g, err, sizeof err),
               TANBO_ERR_NULL_ARGUMENT);
  CHECK_STATUS(NULL, tanbo_game_create_with_engine("X3O/5/5/5/O3X X", TANBO_ENGINE_REFERENCE, &g, err, sizeof err),
               TANBO_OK);
  CHECK(tanbo_game_engine(g) == TANBO_ENGINE_REFERENCE && tanbo_size(g) == 5);
  tanbo_game_free(g);
  CHECK_STATUS(NULL, tanbo_game_create_with_engine("lattice-5", TANBO_ENGINE_REFERENCE, &g, err, sizeof err),
               TANBO_OK);

  /* Explanations (rule 3) and roots (rules 4 and 5) on the lattice-5 opening. */
  CHECK_STATUS(g, tanbo_explain(g, 0, &why, &friends), TANBO_OK);
  CHECK(why == TANBO_REASON_OCCUPIED);
  CHECK_STATUS(g, tanbo_explain(g, 1, &why, &friends), TANBO_OK);
  CHECK(why == TANBO_REASON_LEGAL && friends == 1);
  CHECK_STATUS(g, tanbo_explain(g, 12, &why, &friends), TANBO_OK);
  CHECK(why == TANBO_REASON_NO_FRIENDLY_NEIGHBOUR && friends == 0);
  CHECK_STATUS(g, tanbo_explain(g, 0, NULL, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK_STATUS(g, tanbo_roots(g, ints, 64, &n), TANBO_OK);
  /* Four single-stone roots (A1 X, E1 O, A5 O, E5 X), each with two growth points. */
  CHECK(n == 4 * 6 && ints[0] == TANBO_BLACK && ints[1] == 1 && ints[2] == 0 && ints[3] == 2);
  CHECK(ints[4] == 1 && ints[5] == 5);
  CHECK_STATUS(g, tanbo_roots(g, ints, 3, &n), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(n == 24);
  CHECK_STATUS(g, tanbo_root_at(g, 4, ints, 64, &n), TANBO_OK);
  CHECK(n == 6 && ints[0] == TANBO_WHITE && ints[2] == 4);
  CHECK_STATUS(g, tanbo_root_at(g, 12, ints, 64, &n), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "C3 holds no stone"));
  CHECK_STATUS(g, tanbo_point_index_query(g, "F1", &index), TANBO_OK);
  CHECK(index == -1);
  CHECK_STATUS(g, tanbo_point_index_query(g, "e5", &index), TANBO_OK);
  CHECK(index == 24);
  CHECK_STATUS(g, tanbo_point_index_query(g, "A0", &index), TANBO_ERR_PARSE);

  /* Board, mask, history and the last move. */
  CHECK_STATUS(g, tanbo_cells(g, cells, sizeof cells), TANBO_OK);
  CHECK(cells[0] == TANBO_BLACK && cells[4] == TANBO_WHITE && cells[12] == TANBO_NONE);
  CHECK_STATUS(g, tanbo_cells(g, cells, 24), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK_STATUS(g, tanbo_legal_mask(g, cells, sizeof cells), TANBO_OK);
  CHECK(cells[1] == 1 && cells[5] == 1 && cells[19] == 1 && cells[23] == 1 && cells[0] == 0);
  CHECK_STATUS(g, tanbo_last_result(g, &res, ints, 64, &n), TANBO_ERR_NO_MOVE_TO_UNDO);
  CHECK_STATUS(g, tanbo_play(g, "B1"), TANBO_OK);
  CHECK_STATUS(g, tanbo_last_result(g, &res, ints, 64, &n), TANBO_OK);
  CHECK(res.move == 1 && res.player == TANBO_BLACK && res.removal == TANBO_REMOVAL_NONE && n == 0);
  CHECK(res.removed_black == 0 && res.removed_white == 0);
  CHECK_STATUS(g, tanbo_moves(g, ints, 64, &n), TANBO_OK);
  CHECK(n == 1 && ints[0] == 1);
  CHECK_STATUS(g, tanbo_start_position_string(g, buf, sizeof buf, &n), TANBO_OK);
  CHECK(strcmp(buf, "X3O/5/5/5/O3X X lattice-5") == 0);
  CHECK_STATUS(g, tanbo_variant_name(g, buf, sizeof buf, &n), TANBO_OK);
  CHECK(strcmp(buf, "lattice-5") == 0);

  /* A record replays on the other engine; an illegal move in it is located. */
  CHECK_STATUS(g, tanbo_record(g, buf, sizeof buf, &n), TANBO_OK);
  CHECK_STATUS(NULL, tanbo_game_create_from_record(buf, TANBO_ENGINE_OPTIMIZED, &r, err, sizeof err), TANBO_OK);
  CHECK(tanbo_hash(r) == tanbo_hash(g) && tanbo_game_engine(r) == TANBO_ENGINE_OPTIMIZED);
  tanbo_game_free(r);
  r = NULL;
  CHECK_STATUS(NULL, tanbo_game_create_from_record("[Variant \"lattice-5\"]\nB1 A1", TANBO_ENGINE_OPTIMIZED, &r, err,
                                                   sizeof err), TANBO_ERR_PARSE);
  CHECK(r == NULL && contains(err, "line 2, column 4: move 2: illegal move A1"));

  /* perft, the generator, playouts and MCTS. */
  CHECK_STATUS(g, tanbo_perft(g, 1, &nodes), TANBO_OK);
  CHECK(nodes == (uint64_t)tanbo_legal_move_count(g));
  CHECK_STATUS(g, tanbo_perft(g, 65, &nodes), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "65"));
  tanbo_rng_seed(&rng, 3);
  CHECK(tanbo_rng_next(&rng) != 0);
  CHECK(tanbo_rng_below(&rng, 10, &below) == TANBO_OK && below < 10);
  CHECK(tanbo_rng_below(&rng, 0, &below) == TANBO_ERR_INVALID_ARGUMENT);
  before = tanbo_hash(g);
  CHECK_STATUS(g, tanbo_random_move(g, &rng, &index), TANBO_OK);
  CHECK(tanbo_is_legal(g, index) == 1);
  CHECK_STATUS(g, tanbo_playout(g, &rng, 0, &w, &length), TANBO_OK);
  CHECK((w == TANBO_BLACK || w == TANBO_WHITE) && length > 0 && tanbo_hash(g) == before);
  CHECK_STATUS(g, tanbo_playouts(g, &rng, 10, &wins, &moves), TANBO_OK);
  CHECK(wins <= 10 && moves >= 10);
  CHECK_STATUS(g, tanbo_playouts(g, &rng, -1, &wins, &moves), TANBO_ERR_INVALID_ARGUMENT);
  CHECK_STATUS(g, tanbo_mcts_move(g, 20, 1, &index), TANBO_OK);
  CHECK(tanbo_is_legal(g, index) == 1);
  CHECK_STATUS(g, tanbo_mcts_move(g, 0, 1, &index), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(tanbo_hash(g) == before && tanbo_ply(g) == 1);
  CHECK_STATUS(g, tanbo_playout(g, &rng, 1, &w, &length), TANBO_OK);
  CHECK(tanbo_is_over(g) == 1 && tanbo_winner(g) == w && tanbo_ply(g) == 1 + length);
  CHECK_STATUS(g, tanbo_random_move(g, &rng, &index), TANBO_ERR_GAME_OVER);
  CHECK_STATUS(g, tanbo_mcts_move(g, 5, 1, &index), TANBO_ERR_GAME_OVER);
  tanbo_game_free(g);

  /* The variant list. */
  CHECK(tanbo_variants(NULL, 0, &n) == TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(tanbo_variants(buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strncmp(buf, "classic\nlattice-5\n", 18) == 0 && contains(buf, "\ndense-25\n"));
}

static void test_null_game(void) {
  tanbo_game* out = NULL;
  tanbo_color cell = TANBO_NONE;
  tanbo_rng rng;
  char buf[16];
  int index = 0;
  size_t n = 0;

  tanbo_rng_seed(&rng, 1);
  tanbo_game_free(NULL);
  CHECK(strlen(tanbo_last_error(NULL)) > 0);
  CHECK(tanbo_game_copy(NULL, &out) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_play(NULL, "A1") == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_play_index(NULL, 0) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_undo(NULL) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_legal_move_count(NULL) == -1);
  CHECK(tanbo_legal_moves(NULL, &index, 1, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_is_legal(NULL, 0) == -1);
  CHECK(tanbo_random_legal_move(NULL, &rng, &index) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_size(NULL) == -1);
  CHECK(tanbo_cell_at(NULL, 0, &cell) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_to_move(NULL) == TANBO_NONE);
  CHECK(tanbo_ply(NULL) == -1);
  CHECK(tanbo_is_over(NULL) == -1);
  CHECK(tanbo_winner(NULL) == TANBO_NONE);
  CHECK(tanbo_stone_count(NULL, TANBO_BLACK) == -1);
  CHECK(tanbo_hash(NULL) == 0);
  CHECK(tanbo_point_index(NULL, "A1", &index) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_point_name(NULL, 0, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_position_string(NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_record(NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_diagram(NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_game_engine(NULL) == TANBO_ENGINE_OPTIMIZED);
  CHECK(tanbo_cells(NULL, (unsigned char*)buf, sizeof buf) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_legal_mask(NULL, (unsigned char*)buf, sizeof buf) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_moves(NULL, &index, 1, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_last_result(NULL, NULL, NULL, 0, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_start_position_string(NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_variant_name(NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_point_index_query(NULL, "A1", &index) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_explain(NULL, 0, NULL, NULL) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_roots(NULL, &index, 1, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_root_at(NULL, 0, &index, 1, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_perft(NULL, 1, NULL) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_random_move(NULL, &rng, &index) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_playout(NULL, &rng, 0, NULL, NULL) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_playouts(NULL, &rng, 1, NULL, NULL) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_mcts_move(NULL, 1, 1, &index) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_rng_below(NULL, 1, NULL) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_engine_parse(NULL, NULL, NULL, 0) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_game_create_from_record("B1", TANBO_ENGINE_OPTIMIZED, NULL, NULL, 0) == TANBO_ERR_NULL_ARGUMENT);
}

/* The protocol session: one line in, one answer out, the same session `tanbo serve` runs. */
static void test_session(void) {
  tanbo_session* s = (tanbo_session*)&failures; /* must be reset to NULL on failure */
  char err[256];
  char buf[256];
  char tiny[4];
  size_t n = 0;

  CHECK(tanbo_session_create("fast", &s, err, sizeof err) == TANBO_ERR_INVALID_ARGUMENT);
  CHECK(s == NULL);
  /* The words `tanbo serve --engine fast` gives. */
  CHECK(contains(err, "tanbo_session_create: engine must be 'optimized' or 'reference', not 'fast'"));
  CHECK(tanbo_session_create(NULL, &s, err, sizeof err) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(err, "engine is NULL"));
  CHECK(tanbo_session_create("reference", NULL, err, sizeof err) == TANBO_ERR_NULL_ARGUMENT);
  if (tanbo_session_create("reference", &s, err, sizeof err) != TANBO_OK) {
    fprintf(stderr, "cannot create a session: %s\n", err);
    ++failures;
    return;
  }
  CHECK(tanbo_session_done(s) == 0);
  CHECK(tanbo_session_handle(s, "7 protocol_version", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "=7 1") == 0 && n == 4);
  CHECK(tanbo_session_handle(s, "version", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "= reference") == 0);
  CHECK(tanbo_session_handle(s, "start lattice-5\r\n", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "=") == 0);
  /* A comment gets no answer: the empty text. */
  CHECK(tanbo_session_handle(s, "# a comment", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "") == 0 && n == 0);
  /* A refusal is an answer, not a failed call; the game is unchanged. */
  CHECK(tanbo_session_handle(s, "play Z9", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strncmp(buf, "? illegal off-board ", 20) == 0);
  CHECK(strcmp(tanbo_session_last_error(s), "") == 0);
  CHECK(tanbo_session_handle(s, "play B1", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "= none") == 0);
  /* A cut answer: the request was handled once; the whole answer is read again, not re-handled. */
  CHECK(tanbo_session_handle(s, "legal", tiny, sizeof tiny, &n) == TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(strcmp(tiny, "= D") == 0 && n == strlen("= D1 E2 A4 B5"));
  CHECK(contains(tanbo_session_last_error(s), "tanbo_session_handle: the text needs 14 bytes"));
  CHECK(tanbo_session_answer(s, NULL, 0, &n) == TANBO_ERR_BUFFER_TOO_SMALL && n == 13);
  CHECK(tanbo_session_answer(s, buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "= D1 E2 A4 B5") == 0);
  CHECK(tanbo_session_handle(s, "position", buf, sizeof buf, NULL) == TANBO_OK);
  CHECK(strcmp(buf, "= XX2O/5/5/5/O3X O") == 0);
  /* Two lines at once are misuse: nothing handled, and the last answer is gone. */
  CHECK(tanbo_session_handle(s, "undo\nundo", buf, sizeof buf, &n) == TANBO_ERR_INVALID_ARGUMENT);
  CHECK(contains(tanbo_session_last_error(s), "line break at byte 4"));
  CHECK(tanbo_session_answer(s, buf, sizeof buf, &n) == TANBO_OK && n == 0);
  CHECK(tanbo_session_handle(s, NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_session_last_error(s), "line is NULL"));
  CHECK(tanbo_session_handle(s, "position", NULL, 5, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_session_handle(s, "position", buf, sizeof buf, NULL) == TANBO_OK);
  CHECK(strcmp(buf, "= XX2O/5/5/5/O3X O") == 0);
  CHECK(tanbo_session_handle(s, "3 quit", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "=3") == 0);
  CHECK(tanbo_session_done(s) == 1);
  tanbo_session_free(s);

  tanbo_session_free(NULL);
  CHECK(strlen(tanbo_session_last_error(NULL)) > 0);
  CHECK(tanbo_session_done(NULL) == -1);
  CHECK(tanbo_session_handle(NULL, "name", buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_session_answer(NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
}

int main(void) {
  test_library();
  test_create();
  test_moves_and_undo();
  test_legal_moves();
  test_random_game_and_exports();
  test_copy();
  test_points_and_text();
  test_engines_and_queries();
  test_null_game();
  test_session();
  if (failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("all C API checks passed (tanbo %s)\n", tanbo_version());
  return 0;
}
