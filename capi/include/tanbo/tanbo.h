/* The tanbo C API: a plain-C99 interface to the optimized Tanbo engine, for embedding tanbo in
 * C programs and in other languages through their C foreign-function interfaces. */
#ifndef TANBO_TANBO_H
#define TANBO_TANBO_H

#include <stddef.h>
#include <stdint.h>

/**
 * @file tanbo.h
 * @brief C API of the tanbo rules engine (link `tanbo::c`, or `pkg-config tanbo-c`).
 *
 * A game is an opaque handle, ::tanbo_game, made by tanbo_game_create() or
 * tanbo_game_create_from_position() and released with tanbo_game_free().
 *
 * Points are named as in the rules ("G7": column letter A.., row number 1.. with row 1 at the
 * top) or given by their *index* `y * size + x` (row-major, 0-based; index 0 is A1).
 *
 * **Errors.** Every function that can fail for a reason other than a null handle returns a
 * ::tanbo_status. On failure it also stores a message naming what went wrong and where in the
 * handle; read it with tanbo_last_error(). The create functions, which have no handle yet, write
 * their message into a caller buffer instead. No function aborts, throws or reads memory it was
 * not given: null pointers and out-of-range arguments are reported as errors.
 *
 * **Threads.** The library has no global mutable state, so different handles may be used from
 * different threads at the same time. Functions taking a `const tanbo_game*` never modify the
 * handle and may run concurrently on it; every other call on a handle (they may store a
 * last-error message) must not overlap with any other call on that handle.
 *
 * **Strings out.** Functions that produce text take `buf`, `len` and an optional `needed`, like
 * snprintf(): they write at most `len` bytes including the terminating NUL, always terminate
 * the text when `len > 0`, store the full length (without the NUL) in `*needed` when `needed`
 * is not NULL, and return ::TANBO_ERR_BUFFER_TOO_SMALL if the text was cut. `buf` may be NULL
 * when `len` is 0, to ask for the length only.
 */

#ifdef __cplusplus
extern "C" {
#endif

/** Result of a tanbo C API call. ::TANBO_OK is 0; every other value is a failure. */
typedef enum tanbo_status {
  TANBO_OK = 0,                   /**< Success. */
  TANBO_ERR_NULL_ARGUMENT = 1,    /**< A required pointer argument was NULL. */
  TANBO_ERR_INVALID_ARGUMENT = 2, /**< An argument was out of range (index, colour, buffer). */
  TANBO_ERR_PARSE = 3,            /**< Malformed text: variant name, position string or point. */
  TANBO_ERR_INVALID_POSITION = 4, /**< The position cannot start a game (a side has no stones,
                                       a root is bounded, the size is unsupported). */
  TANBO_ERR_ILLEGAL_MOVE = 5,     /**< The rules forbid the move; the game is unchanged. */
  TANBO_ERR_NO_MOVE_TO_UNDO = 6,  /**< tanbo_undo() with no move played. */
  TANBO_ERR_GAME_OVER = 7,        /**< The game has ended, so there is no move to choose. */
  TANBO_ERR_BUFFER_TOO_SMALL = 8, /**< Output was cut to fit the caller's buffer. */
  TANBO_ERR_OUT_OF_MEMORY = 9,    /**< Memory allocation failed. */
  TANBO_ERR_INTERNAL = 10         /**< Unexpected internal failure (a bug: please report it). */
} tanbo_status;

/** A player, or the content of a point. Values match the engine's `tanbo::Cell`. */
typedef enum tanbo_color {
  TANBO_NONE = 0,  /**< No colour: an empty point, or no winner (yet). */
  TANBO_BLACK = 1, /**< Black ("X"), who moves first. */
  TANBO_WHITE = 2  /**< White ("O"). */
} tanbo_color;

/** Opaque game handle: a position, the side to move and the moves played since the start. */
typedef struct tanbo_game tanbo_game;

/**
 * State of the deterministic random generator used by tanbo_random_move() (xoshiro256**).
 * Owned by the caller, so any number of independent streams can exist; seed it with
 * tanbo_rng_seed(). The same seed gives the same moves on every platform, and the same
 * sequence as the C++ `tanbo::Rng` constructed from that seed.
 */
typedef struct tanbo_rng {
  uint64_t state[4]; /**< Internal state; set by tanbo_rng_seed(), do not edit by hand. */
} tanbo_rng;

/* ---- Library ---------------------------------------------------------------------------- */

/**
 * Version of the linked library.
 * @return The semantic version "MAJOR.MINOR.PATCH", a static string (never NULL).
 */
const char* tanbo_version(void);

/**
 * Generic description of a status code, for messages when no handle is available.
 * @param status Any value; unknown values get a description too.
 * @return A static string (never NULL), e.g. "illegal move" for ::TANBO_ERR_ILLEGAL_MOVE.
 */
const char* tanbo_status_string(tanbo_status status);

/* ---- Creating and releasing games --------------------------------------------------------- */

/**
 * Starts a game from the opening of a named variant.
 * @param variant "classic", "lattice-N" (N in 5 7 9 13 19 21) or "dense-N" (odd N, 5-25);
 *        case-insensitive.
 * @param out Receives the new handle on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_PARSE (unknown name, or custom-N
 *         which has no opening: use tanbo_game_create_from_position()),
 *         ::TANBO_ERR_INVALID_POSITION or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_game_create(const char* variant, tanbo_game** out, char* err_buf,
                               size_t err_len);

/**
 * Starts a game from a position string, e.g. "X3O/5/5/5/O3X X lattice-5": rows from row 1 to
 * row N separated by '/', each a run of X, O and counts of empty points; a space and the side to
 * move; optionally a space and a variant name.
 * @param position The position string.
 * @param out Receives the new handle on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_PARSE (with the column of the
 *         offending character), ::TANBO_ERR_INVALID_POSITION or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_game_create_from_position(const char* position, tanbo_game** out,
                                             char* err_buf, size_t err_len);

/**
 * Makes an independent copy of a game, including its move history (so the copy can undo).
 * @param game The game to copy.
 * @param out Receives the new handle on success, NULL on failure.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_OUT_OF_MEMORY (message in
 *         @p game).
 */
tanbo_status tanbo_game_copy(tanbo_game* game, tanbo_game** out);

/**
 * Releases a game. Every handle from a create or copy function must be freed exactly once.
 * @param game The handle to release; NULL is allowed and does nothing.
 */
void tanbo_game_free(tanbo_game* game);

/**
 * Message of the last failed call on this handle.
 * @param game The handle; may be NULL.
 * @return The message of the most recent status-returning call on @p game, or "" if that call
 *         succeeded. Valid until the next call on the handle. For a NULL @p game, a static text
 *         saying so.
 */
const char* tanbo_last_error(const tanbo_game* game);

/* ---- Moves -------------------------------------------------------------------------------- */

/**
 * Plays a point given by name for the side to move.
 * @param game The game.
 * @param point Point name such as "G7" (case-insensitive).
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_PARSE (not a point of this
 *         board) or ::TANBO_ERR_ILLEGAL_MOVE (with the reason; the game is unchanged).
 */
tanbo_status tanbo_play(tanbo_game* game, const char* point);

/**
 * Plays a point given by index for the side to move.
 * @param game The game.
 * @param index Row-major index `y * size + x`, in `[0, size * size)`.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (index off the
 *         board) or ::TANBO_ERR_ILLEGAL_MOVE (the game is unchanged).
 */
tanbo_status tanbo_play_index(tanbo_game* game, int index);

/**
 * Takes back the last move played.
 * @param game The game.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_NO_MOVE_TO_UNDO.
 */
tanbo_status tanbo_undo(tanbo_game* game);

/**
 * Number of legal moves of the side to move, in O(1).
 * @param game The game.
 * @return The count (0 once the game is over), or -1 if @p game is NULL.
 */
int tanbo_legal_move_count(const tanbo_game* game);

/**
 * Lists the legal moves of the side to move as indices, in row-major order.
 * @param game The game.
 * @param out Receives up to @p capacity indices; may be NULL when @p capacity is 0.
 * @param capacity Number of ints @p out can hold.
 * @param count Receives the total number of legal moves; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT (@p game, or @p out with a non-zero
 *         @p capacity) or ::TANBO_ERR_BUFFER_TOO_SMALL (the first @p capacity moves were
 *         written).
 */
tanbo_status tanbo_legal_moves(tanbo_game* game, int* out, size_t capacity, size_t* count);

/**
 * Tells whether the side to move may play a point.
 * @param game The game.
 * @param index Row-major index of the point; any value is accepted.
 * @return 1 if legal; 0 if not (including off-board indices and a finished game); -1 if
 *         @p game is NULL.
 */
int tanbo_is_legal(const tanbo_game* game, int index);

/**
 * Seeds a random generator. The same seed always gives the same stream.
 * @param rng The generator to seed; NULL is ignored.
 * @param seed Any 64-bit value.
 */
void tanbo_rng_seed(tanbo_rng* rng, uint64_t seed);

/**
 * Chooses a uniformly random legal move of the side to move, without playing it, in O(1).
 * Which move a given generator state picks depends on the moves and undos made so far.
 * @param game The game.
 * @param rng The caller's generator; advanced by one step.
 * @param index Receives the chosen move's index.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_GAME_OVER.
 */
tanbo_status tanbo_random_move(tanbo_game* game, tanbo_rng* rng, int* index);

/* ---- Board and status queries ------------------------------------------------------------- */

/**
 * Board side length.
 * @param game The game.
 * @return The size N of the N x N board, or -1 if @p game is NULL.
 */
int tanbo_size(const tanbo_game* game);

/**
 * Content of one point.
 * @param game The game.
 * @param index Row-major index of the point.
 * @param out Receives ::TANBO_NONE (empty), ::TANBO_BLACK or ::TANBO_WHITE.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_INVALID_ARGUMENT (index off
 *         the board).
 */
tanbo_status tanbo_cell_at(tanbo_game* game, int index, tanbo_color* out);

/**
 * Side to move. Once the game is over this is the side left without stones.
 * @param game The game.
 * @return ::TANBO_BLACK or ::TANBO_WHITE, or ::TANBO_NONE if @p game is NULL.
 */
tanbo_color tanbo_to_move(const tanbo_game* game);

/**
 * Number of moves played since the start (undone moves do not count).
 * @param game The game.
 * @return The ply, or -1 if @p game is NULL.
 */
int tanbo_ply(const tanbo_game* game);

/**
 * Whether the game has ended (a side has no stones left).
 * @param game The game.
 * @return 1 if over, 0 if not, -1 if @p game is NULL.
 */
int tanbo_is_over(const tanbo_game* game);

/**
 * Winner of a finished game: the side that still has stones.
 * @param game The game.
 * @return ::TANBO_BLACK or ::TANBO_WHITE once the game is over; ::TANBO_NONE while it is in
 *         progress or if @p game is NULL.
 */
tanbo_color tanbo_winner(const tanbo_game* game);

/**
 * Number of stones of one colour on the board.
 * @param game The game.
 * @param color ::TANBO_BLACK or ::TANBO_WHITE.
 * @return The count, or -1 if @p game is NULL or @p color is not a player.
 */
int tanbo_stone_count(const tanbo_game* game, tanbo_color color);

/**
 * Zobrist hash of the board and the side to move; equal positions have equal hashes.
 * @param game The game.
 * @return The hash, or 0 if @p game is NULL.
 */
uint64_t tanbo_hash(const tanbo_game* game);

/* ---- Points and text ---------------------------------------------------------------------- */

/**
 * Index of a named point on this game's board.
 * @param game The game (gives the board size).
 * @param point Point name such as "g7" (case-insensitive).
 * @param index Receives `y * size + x`.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_PARSE (not a point of this
 *         board).
 */
tanbo_status tanbo_point_index(tanbo_game* game, const char* point, int* index);

/**
 * Name of a point, e.g. "G7" (at most 4 bytes with the NUL).
 * @param game The game (gives the board size).
 * @param index Row-major index of the point.
 * @param buf Receives the name; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the name's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (index off the
 *         board) or ::TANBO_ERR_BUFFER_TOO_SMALL.
 */
tanbo_status tanbo_point_name(tanbo_game* game, int index, char* buf, size_t len,
                              size_t* needed);

/**
 * Current position as a position string, readable by tanbo_game_create_from_position().
 * @param game The game.
 * @param buf Receives the text; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_BUFFER_TOO_SMALL or
 *         ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_position_string(tanbo_game* game, char* buf, size_t len, size_t* needed);

/**
 * Game record: an optional [Variant "..."] or [Position "..."] header line, then the moves
 * played from the start, ten per line; C++ `tanbo::parse_record()` reads it back.
 * @param game The game.
 * @param buf Receives the text; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_BUFFER_TOO_SMALL or
 *         ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_record(tanbo_game* game, char* buf, size_t len, size_t* needed);

/**
 * Text diagram of the board: column letters on top, row numbers on the left, X, O and '.'.
 * @param game The game.
 * @param buf Receives the text; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_BUFFER_TOO_SMALL or
 *         ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_diagram(tanbo_game* game, char* buf, size_t len, size_t* needed);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TANBO_TANBO_H */
