/* Tests of the C API, written in C99 and built by the C compiler as a user's program would be:
 * what only a C caller can do wrong (NULL handles and arguments, short buffers, enum values that
 * are no enumerator), the messages that name the function, and the protocol session. The values
 * of the successful calls are checked against the C++ engine in test_contract_capi.cpp, bad text
 * and numbers by the bad-input table (bad_inputs_capi.cpp), other misuse in test_misuse_capi.cpp. */
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
  CHECK(g != NULL && strcmp(err, "") == 0 && strcmp(tanbo_last_error(g), "") == 0);
  tanbo_game_free(g);
  g = must_create("LATTICE-9"); /* names are case-insensitive */
  CHECK(tanbo_size(g) == 9);
  tanbo_game_free(g);

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

  /* Without a variant name the position string is a custom start, the side to move as given. */
  CHECK_STATUS(NULL, tanbo_game_create_from_position("X3O/5/5/5/O3X O", &g, err, sizeof err), TANBO_OK);
  CHECK(g != NULL && tanbo_to_move(g) == TANBO_WHITE);
  tanbo_game_free(g);
  CHECK_STATUS(NULL, tanbo_game_create_from_position("X3O/5/5 X", &g, err, sizeof err), TANBO_ERR_PARSE);
  CHECK(g == NULL && contains(err, "column"));
  CHECK_STATUS(NULL, tanbo_game_create_from_position(NULL, &g, err, sizeof err), TANBO_ERR_NULL_ARGUMENT);
  CHECK(g == NULL && contains(err, "position is NULL"));
  CHECK_STATUS(NULL, tanbo_game_create_from_position("X O", NULL, NULL, 0), TANBO_ERR_NULL_ARGUMENT);
}

/* The calls on a game, where C gets them wrong: NULL arguments, short buffers, indices off the
 * board. The values of the successful calls are test_contract_capi.cpp's, against the C++ engine. */
static void test_game_misuse(void) {
  tanbo_game* g = must_create("lattice-9");
  tanbo_game* c = (tanbo_game*)&failures;
  tanbo_rng rng;
  int moves[81], two[2], ints[64];
  char buf[512], tiny[2];
  size_t n = 0, n2 = 0;
  int index = -1, move = 7;
  tanbo_color cell = TANBO_WHITE;

  CHECK_STATUS(g, tanbo_play(g, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "point is NULL"));
  CHECK_STATUS(g, tanbo_undo(g), TANBO_ERR_NO_MOVE_TO_UNDO);
  CHECK(contains(tanbo_last_error(g), "tanbo_undo"));

  /* Too small: the first moves are still written, and the count tells how many exist. */
  CHECK_STATUS(g, tanbo_legal_moves(g, moves, 81, &n), TANBO_OK);
  CHECK((int)n == tanbo_legal_move_count(g) && n > 2);
  CHECK_STATUS(g, tanbo_legal_moves(g, two, 2, &n2), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(n2 == n && two[0] == moves[0] && two[1] == moves[1]);
  CHECK(contains(tanbo_last_error(g), "room for 2"));
  CHECK_STATUS(g, tanbo_legal_moves(g, NULL, 0, &n2), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(n2 == n);
  CHECK_STATUS(g, tanbo_legal_moves(g, moves, 81, NULL), TANBO_OK);
  CHECK_STATUS(g, tanbo_legal_moves(g, NULL, 5, &n2), TANBO_ERR_NULL_ARGUMENT);

  tanbo_rng_seed(NULL, 1);
  tanbo_rng_seed(&rng, 1);
  CHECK_STATUS(g, tanbo_random_legal_move(g, NULL, &move), TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "rng is NULL"));
  CHECK_STATUS(g, tanbo_random_legal_move(g, &rng, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK(move == 7);

  CHECK_STATUS(g, tanbo_game_copy(g, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "tanbo_game_copy: out is NULL"));
  CHECK(tanbo_game_copy(NULL, &c) == TANBO_ERR_NULL_ARGUMENT && c == NULL);

  CHECK_STATUS(g, tanbo_point_name(g, 0, tiny, sizeof tiny, &n), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(strcmp(tiny, "A") == 0 && n == 2 && contains(tanbo_last_error(g), "needs 3 bytes"));
  CHECK_STATUS(g, tanbo_point_name(g, 81, buf, sizeof buf, NULL), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "9x9"));
  CHECK_STATUS(g, tanbo_point_name(g, 0, NULL, 4, NULL), TANBO_ERR_NULL_ARGUMENT);
  /* A well-formed name off the board: a parse error here, -1 from tanbo_point_index_query. */
  CHECK_STATUS(g, tanbo_point_index(g, "J1", &index), TANBO_ERR_PARSE);
  CHECK(contains(tanbo_last_error(g), "columns A-I"));
  CHECK_STATUS(g, tanbo_point_index(g, NULL, &index), TANBO_ERR_NULL_ARGUMENT);
  CHECK_STATUS(g, tanbo_point_index(g, "A1", NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK_STATUS(g, tanbo_cell_at(g, 81, &cell), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(cell == TANBO_WHITE); /* untouched on failure */
  CHECK_STATUS(g, tanbo_cell_at(g, 0, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_stone_count(g, TANBO_NONE) == -1 && tanbo_stone_count(g, (tanbo_color)7) == -1);

  /* Short text buffers get a cut, terminated text. */
  CHECK_STATUS(g, tanbo_position_string(g, tiny, sizeof tiny, &n), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(strlen(tiny) == 1);
  CHECK_STATUS(g, tanbo_position_string(g, NULL, 3, NULL), TANBO_ERR_NULL_ARGUMENT);
  CHECK_STATUS(g, tanbo_diagram(g, buf, 10, &n), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(strlen(buf) == 9);
  CHECK_STATUS(g, tanbo_roots(g, NULL, 0, &n2), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK_STATUS(g, tanbo_roots(g, ints, 3, &n), TANBO_ERR_BUFFER_TOO_SMALL);
  CHECK(n == n2 && n > 3);
  CHECK_STATUS(g, tanbo_root_at(g, 40, ints, 64, &n), TANBO_ERR_INVALID_ARGUMENT);
  CHECK(contains(tanbo_last_error(g), "E5 holds no stone"));
  tanbo_game_free(g);
}

/* Engine values that are no enumerator: C may pass them, C++ may not. */
static void test_engine_values(void) {
  tanbo_game* g = NULL;
  char err[256];

  CHECK(tanbo_engine_name((tanbo_engine)7) == NULL && tanbo_engine_name((tanbo_engine)-1) == NULL);
  CHECK_STATUS(NULL, tanbo_game_create_with_engine("lattice-5", (tanbo_engine)9, &g, err, sizeof err),
               TANBO_ERR_INVALID_ARGUMENT);
  CHECK(g == NULL && contains(err, "engine 9"));
  CHECK_STATUS(NULL, tanbo_game_create_with_engine("lattice-5", (tanbo_engine)-1, &g, err, sizeof err),
               TANBO_ERR_INVALID_ARGUMENT);
  CHECK(g == NULL && contains(err, "engine -1 is not TANBO_ENGINE_OPTIMIZED (0) or TANBO_ENGINE_REFERENCE (1)"));
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
  CHECK(tanbo_rng_next(NULL) == 0);
  CHECK(tanbo_variants(NULL, 0, &n) == TANBO_ERR_BUFFER_TOO_SMALL && n > 0); /* no handle, no buffer */
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
  /* A line with its length: a NUL byte is part of it, refused as `tanbo serve` refuses it. */
  CHECK(tanbo_session_handle_n(s, "play A\0" "1 trailing", 8, buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "? syntax 'A\\x001' is not a point name") == 0);
  CHECK(tanbo_session_handle_n(s, "position", 8, buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "= XX2O/5/5/5/O3X O") == 0);
  CHECK(tanbo_session_handle_n(s, NULL, 0, buf, sizeof buf, &n) == TANBO_OK && n == 0);
  CHECK(tanbo_session_handle_n(s, NULL, 3, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(contains(tanbo_session_last_error(s), "tanbo_session_handle_n: line is NULL but line_len > 0"));
  CHECK(tanbo_session_handle_n(s, "undo\nundo", 9, buf, sizeof buf, &n) == TANBO_ERR_INVALID_ARGUMENT);
  CHECK(tanbo_session_handle(s, "3 quit", buf, sizeof buf, &n) == TANBO_OK);
  CHECK(strcmp(buf, "=3") == 0);
  CHECK(tanbo_session_done(s) == 1);
  tanbo_session_free(s);

  tanbo_session_free(NULL);
  CHECK(strlen(tanbo_session_last_error(NULL)) > 0);
  CHECK(tanbo_session_done(NULL) == -1);
  CHECK(tanbo_session_handle(NULL, "name", buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_session_answer(NULL, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
  CHECK(tanbo_session_handle_n(NULL, "name", 4, buf, sizeof buf, &n) == TANBO_ERR_NULL_ARGUMENT);
}

int main(void) {
  test_library();
  test_create();
  test_game_misuse();
  test_engine_values();
  test_null_game();
  test_session();
  if (failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("all C API checks passed (tanbo %s)\n", tanbo_version());
  return 0;
}
