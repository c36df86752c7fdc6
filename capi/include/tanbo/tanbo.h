/* The tanbo C API: a plain-C99 interface to tanbo's two Tanbo engines, for embedding tanbo in
 * C programs and in other languages through their C foreign-function interfaces (the JavaScript
 * package is this API compiled to WebAssembly). */
#ifndef TANBO_TANBO_H
#define TANBO_TANBO_H

#include <stddef.h>
#include <stdint.h>

/**
 * @file tanbo.h
 * @brief C API of the tanbo rules engine (link `tanbo::c`, or `pkg-config tanbo-c`).
 *
 * A game is an opaque handle, ::tanbo_game, made by tanbo_game_create(),
 * tanbo_game_create_from_position() (both on the optimized engine),
 * tanbo_game_create_with_engine() or tanbo_game_create_from_record() (either engine) and released
 * with tanbo_game_free().
 *
 * Points are named as in the rules ("G7": column letter A.., row number 1.. with row 1 at the
 * top) or given by their *index* `y * size + x` (row-major, 0-based; index 0 is A1).
 *
 * **Errors.** Every function that can fail for a reason other than a null handle returns a
 * ::tanbo_status. On failure it also stores a message naming what went wrong and where in the
 * handle; read it with tanbo_last_error() (tanbo_session_last_error() for a protocol session,
 * ::tanbo_session). The create functions, which have no handle yet, write
 * their message into a caller buffer instead. No function aborts, throws or reads memory it was
 * not given: null pointers and out-of-range arguments are reported as errors. The statuses
 * follow the error model every face of tanbo shares (api/include/tanbo/api/errors.hpp):
 * ::TANBO_ERR_PARSE, ::TANBO_ERR_ILLEGAL_MOVE and ::TANBO_ERR_INVALID_POSITION are the C++, Python
 * and JavaScript ParseError, IllegalMoveError and InvalidPositionError; ::TANBO_ERR_INVALID_ARGUMENT,
 * ::TANBO_ERR_NO_MOVE_TO_UNDO and ::TANBO_ERR_GAME_OVER are their UsageError. The message after
 * the function's name is the one the other faces give for the same input.
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
  TANBO_ERR_INTERNAL = 10,        /**< Unexpected internal failure (a bug: please report it). */
  TANBO_ERR_BAD_TABLE = 11        /**< A solved table is damaged, truncated or not a table file
                                       (the message names the byte offset). */
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
 * State of the deterministic random generator of tanbo_random_move() and tanbo_random_legal_move()
 * (xoshiro256**).
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
 *         which has no opening: give a position string to tanbo_game_create_from_position()),
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
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_ILLEGAL_MOVE (the game is
 *         unchanged; also for an index off the board: "illegal move index 25 (indices are
 *         0..24) by X: the point is not on the board").
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
 * The engine's own uniformly random legal move of the side to move, without playing it: O(1) on
 * the optimized engine (the pick its playouts make), which move a given generator state picks
 * depending on the engine and on the moves and undos made so far. For the pick that is the same
 * on both engines and matches `tanbo selfplay`, see tanbo_random_move(). (Which name means which
 * pick on every face: tanbo/api/game.hpp, "Random moves".)
 * @param game The game.
 * @param rng The caller's generator; advanced by one step.
 * @param index Receives the chosen move's index.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_GAME_OVER.
 */
tanbo_status tanbo_random_legal_move(tanbo_game* game, tanbo_rng* rng, int* index);

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
 * Index of a named point for a yes/no query (is it legal? why not?): like tanbo_point_index(),
 * but a well-formed name off this board ("F1" on a 5x5 board) is no error.
 * @param game The game (gives the board size).
 * @param point Point name such as "g7" (case-insensitive).
 * @param index Receives `y * size + x`, or -1 for a well-formed name off the board.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_PARSE (a malformed name, such as
 *         "A0" or "hello").
 */
tanbo_status tanbo_point_index_query(tanbo_game* game, const char* point, int* index);

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


/* ---- Engines, starts and records ---------------------------------------------------------- */

/**
 * The two rules engines. Both play the same game (the differential campaign checks it); the
 * optimized one is incremental and fast, the reference one is written to be read against the
 * rules text. tanbo_game_create() and tanbo_game_create_from_position() use the optimized one.
 */
typedef enum tanbo_engine {
  TANBO_ENGINE_OPTIMIZED = 0, /**< "optimized": incremental, O(1) legal-move count and pick. */
  TANBO_ENGINE_REFERENCE = 1  /**< "reference": recomputes the rules from the board each move. */
} tanbo_engine;

/**
 * Name of an engine, e.g. "reference". Enumerate the engines by asking for 0, 1, ... until NULL.
 * @param engine Any value.
 * @return A static string, or NULL if @p engine is not an engine.
 */
const char* tanbo_engine_name(tanbo_engine engine);

/**
 * The engine of a name, as tanbo_engine_name() spells it (exact, lower case).
 * @param name The name.
 * @param out Receives the engine.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_INVALID_ARGUMENT (no such
 *         engine; the message lists the engines).
 */
tanbo_status tanbo_engine_parse(const char* name, tanbo_engine* out, char* err_buf,
                                size_t err_len);

/**
 * Starts a game on a chosen engine from a variant name or a position string.
 * @param start A variant name as for tanbo_game_create(), or a position string as for
 *        tanbo_game_create_from_position().
 * @param engine ::TANBO_ENGINE_OPTIMIZED or ::TANBO_ENGINE_REFERENCE.
 * @param out Receives the new handle on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (not an engine),
 *         ::TANBO_ERR_PARSE, ::TANBO_ERR_INVALID_POSITION or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_game_create_with_engine(const char* start, tanbo_engine engine,
                                           tanbo_game** out, char* err_buf, size_t err_len);

/**
 * Replays a game record (the text tanbo_record() writes) on a chosen engine.
 * @param record The record: an optional [Variant "..."] or [Position "..."] header, then moves.
 * @param engine ::TANBO_ENGINE_OPTIMIZED or ::TANBO_ENGINE_REFERENCE.
 * @param out Receives the new handle (all moves played) on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (not an engine),
 *         ::TANBO_ERR_PARSE (located "line L, column C"; an illegal move is reported there too,
 *         as "move K: ..."), ::TANBO_ERR_INVALID_POSITION or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_game_create_from_record(const char* record, tanbo_engine engine,
                                           tanbo_game** out, char* err_buf, size_t err_len);

/**
 * Engine of a game.
 * @param game The game.
 * @return Its engine; ::TANBO_ENGINE_OPTIMIZED if @p game is NULL.
 */
tanbo_engine tanbo_game_engine(const tanbo_game* game);

/**
 * The named variants, one per line ("classic\nlattice-5\n..."), in the order of the C++
 * `tanbo::Variant::all_named()`.
 * @param buf Receives the text; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT (@p buf NULL with @p len > 0) or
 *         ::TANBO_ERR_BUFFER_TOO_SMALL.
 */
tanbo_status tanbo_variants(char* buf, size_t len, size_t* needed);

/* ---- More board queries ------------------------------------------------------------------- */

/**
 * The whole board in one call: one ::tanbo_color per point, row-major.
 * @param game The game.
 * @param out Receives size * size bytes.
 * @param capacity Number of bytes @p out can hold.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_BUFFER_TOO_SMALL (nothing
 *         written; the board needs size * size bytes).
 */
tanbo_status tanbo_cells(tanbo_game* game, unsigned char* out, size_t capacity);

/**
 * The legal moves as a mask: 1 at the index of every legal move of the side to move, else 0.
 * @param game The game.
 * @param out Receives size * size bytes.
 * @param capacity Number of bytes @p out can hold.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_BUFFER_TOO_SMALL (nothing
 *         written).
 */
tanbo_status tanbo_legal_mask(tanbo_game* game, unsigned char* out, size_t capacity);

/**
 * The moves played since the start, as indices, oldest first.
 * @param game The game.
 * @param out Receives up to @p capacity indices; may be NULL when @p capacity is 0.
 * @param capacity Number of ints @p out can hold.
 * @param count Receives the number of moves; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_BUFFER_TOO_SMALL (the first
 *         @p capacity moves were written).
 */
tanbo_status tanbo_moves(tanbo_game* game, int* out, size_t capacity, size_t* count);

/** Which removal rule (rule 6) the last move triggered. Values match `tanbo::Removal`. */
typedef enum tanbo_removal {
  TANBO_REMOVAL_NONE = 0,          /**< No root became bounded. */
  TANBO_REMOVAL_EXPANDED_ROOT = 1, /**< The mover's expanded root was bounded: it was removed. */
  TANBO_REMOVAL_BOUNDED_ROOTS = 2  /**< Other roots were bounded: all of them were removed. */
} tanbo_removal;

/** What the last move did (tanbo_last_result()). */
typedef struct tanbo_move_result {
  int move;              /**< Index of the point played. */
  tanbo_color player;    /**< Who played it. */
  tanbo_removal removal; /**< Which removal rule applied. */
  int removed_black;     /**< Black stones removed. */
  int removed_white;     /**< White stones removed. */
} tanbo_move_result;

/**
 * What the last move did, and the indices of the stones it removed (row-major).
 * @param game The game.
 * @param out Receives the result.
 * @param removed Receives up to @p capacity indices; may be NULL when @p capacity is 0.
 * @param capacity Number of ints @p removed can hold.
 * @param count Receives the number of removed stones; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_NO_MOVE_TO_UNDO (no move played)
 *         or ::TANBO_ERR_BUFFER_TOO_SMALL (@p out and the first @p capacity indices written).
 */
tanbo_status tanbo_last_result(tanbo_game* game, tanbo_move_result* out, int* removed,
                               size_t capacity, size_t* count);

/**
 * Position string of the start of the game (before the moves of tanbo_moves()).
 * @param game The game.
 * @param buf Receives the text; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_BUFFER_TOO_SMALL or
 *         ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_start_position_string(tanbo_game* game, char* buf, size_t len,
                                         size_t* needed);

/**
 * Name of the variant the game started from: "classic", "lattice-5", ... or "custom-N" for a
 * start that is no variant's opening.
 * @param game The game.
 * @param buf Receives the text; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_BUFFER_TOO_SMALL or
 *         ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_variant_name(tanbo_game* game, char* buf, size_t len, size_t* needed);

/* ---- Explaining the rules ----------------------------------------------------------------- */

/** Why a point is not a legal move (rule 3, or rule 7 once over). Values are
 *  `tanbo::IllegalReason` plus one. */
typedef enum tanbo_illegal_reason {
  TANBO_REASON_LEGAL = 0,                       /**< The move is legal. */
  TANBO_REASON_OFF_BOARD = 1,                   /**< Not a point of the board. */
  TANBO_REASON_OCCUPIED = 2,                    /**< The point holds a stone. */
  TANBO_REASON_NO_FRIENDLY_NEIGHBOUR = 3,       /**< No adjacent stone of the mover's colour. */
  TANBO_REASON_SEVERAL_FRIENDLY_NEIGHBOURS = 4, /**< Two or more adjacent friendly stones. */
  TANBO_REASON_GAME_OVER = 5                    /**< The game has ended. */
} tanbo_illegal_reason;

/**
 * Why the side to move may or may not play a point, from the reference rule functions.
 * @param game The game.
 * @param index Row-major index of the point; any value (off the board: ::TANBO_REASON_OFF_BOARD).
 * @param reason Receives ::TANBO_REASON_LEGAL or the reason the move is illegal.
 * @param friendly_neighbours Receives the number of orthogonal neighbours holding a stone of the
 *        side to move (0 to 4; 0 off the board); may be NULL.
 * @return ::TANBO_OK or ::TANBO_ERR_NULL_ARGUMENT.
 */
tanbo_status tanbo_explain(tanbo_game* game, int index, tanbo_illegal_reason* reason,
                           int* friendly_neighbours);

/**
 * Every root (rule 4) with its growth points (rule 5), ordered by first stone, as ints:
 * for each root `colour, k, k stone indices, m, m growth-point indices` (row-major; colour is a
 * ::tanbo_color; m is 0 for a bounded root).
 * @param game The game.
 * @param out Receives up to @p capacity ints; may be NULL when @p capacity is 0.
 * @param capacity Number of ints @p out can hold.
 * @param count Receives the number of ints of the whole encoding; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_BUFFER_TOO_SMALL (the first
 *         @p capacity ints written).
 */
tanbo_status tanbo_roots(tanbo_game* game, int* out, size_t capacity, size_t* count);

/**
 * The root holding the stone at a point, encoded as one root of tanbo_roots().
 * @param game The game.
 * @param index Row-major index of a point holding a stone.
 * @param out Receives up to @p capacity ints; may be NULL when @p capacity is 0.
 * @param capacity Number of ints @p out can hold.
 * @param count Receives the number of ints of the encoding; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (index off the
 *         board, or an empty point) or ::TANBO_ERR_BUFFER_TOO_SMALL (the first @p capacity
 *         ints written).
 */
tanbo_status tanbo_root_at(tanbo_game* game, int index, int* out, size_t capacity,
                           size_t* count);

/* ---- Search and random play --------------------------------------------------------------- */

/**
 * Counts the move sequences of a length from the current position, as `tanbo perft` does (a
 * finished game is one leaf). Exponential in @p depth.
 * @param game The game.
 * @param depth 0 to 64.
 * @param out Receives the count.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_INVALID_ARGUMENT (depth out of
 *         range).
 */
tanbo_status tanbo_perft(tanbo_game* game, int depth, uint64_t* out);

/**
 * The next 64 bits of a generator (the C++ `tanbo::Rng::next()`).
 * @param rng The generator; NULL gives 0.
 * @return The bits.
 */
uint64_t tanbo_rng_next(tanbo_rng* rng);

/**
 * A uniform integer in [0, n) from a generator (the C++ `tanbo::Rng::below()`).
 * @param rng The generator; advanced by one step.
 * @param n The bound, at least 1.
 * @param out Receives the number.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_INVALID_ARGUMENT (n is 0).
 */
tanbo_status tanbo_rng_below(tanbo_rng* rng, uint32_t n, uint32_t* out);

/**
 * Chooses the legal move `legal[below(n)]` of the row-major list of tanbo_legal_moves(),
 * without playing it: the choice `tanbo selfplay` makes, the same on both engines and on every
 * face (C++, Python and JavaScript call it random_move / randomMove too). The engine's faster
 * O(1) pick, which differs between engines, is tanbo_random_legal_move().
 * @param game The game.
 * @param rng The caller's generator; advanced by one step.
 * @param index Receives the chosen move's index.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_GAME_OVER.
 */
tanbo_status tanbo_random_move(tanbo_game* game, tanbo_rng* rng, int* index);

/**
 * Plays uniformly random moves to the end of the game (the engine's own pick, as its
 * playouts make it).
 * @param game The game.
 * @param rng The caller's generator.
 * @param in_place 0: on a copy (the game is unchanged); otherwise on the game itself (the moves
 *        join its history, so they can be undone).
 * @param winner Receives the winner.
 * @param length Receives the number of moves played; may be NULL.
 * @return ::TANBO_OK or ::TANBO_ERR_NULL_ARGUMENT. A finished game plays no move.
 */
tanbo_status tanbo_playout(tanbo_game* game, tanbo_rng* rng, int in_place, tanbo_color* winner,
                           int* length);

/**
 * Plays @p count random playouts from the current position, each on a copy, as `tanbo bench`
 * plays them.
 * @param game The game (unchanged).
 * @param rng The caller's generator.
 * @param count Number of playouts, 0 or more.
 * @param black_wins Receives how many Black won; may be NULL.
 * @param moves Receives the moves played in all of them; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (negative
 *         @p count) or ::TANBO_ERR_GAME_OVER.
 */
tanbo_status tanbo_playouts(tanbo_game* game, tanbo_rng* rng, int count, uint64_t* black_wins,
                            uint64_t* moves);

/**
 * Chooses a move by Monte-Carlo tree search (UCT, the C++ `tanbo::player::Mcts`), without playing
 * it. Deterministic for a given seed.
 * @param game The game.
 * @param playouts Simulations, 1 to 10,000,000.
 * @param seed Seed of the search's random choices.
 * @param index Receives the chosen move's index.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (@p playouts out
 *         of range) or ::TANBO_ERR_GAME_OVER.
 */
tanbo_status tanbo_mcts_move(tanbo_game* game, int playouts, uint64_t seed, int* index);


/* ---- The engine protocol ----------------------------------------------------------------- */

/**
 * Opaque protocol session: one game spoken to in the tanbo engine protocol (docs/protocol.md),
 * a request line in, its answer line out. It is the session `tanbo serve` runs (the C++
 * `tanbo::protocol::Server`), so a program that pumps lines between a pipe and
 * tanbo_session_handle() is a conforming engine with no protocol code of its own (the npm
 * package's `tanbo-serve` is one). Made by tanbo_session_create(), released with
 * tanbo_session_free().
 */
typedef struct tanbo_session tanbo_session;

/**
 * Starts a session on a named engine, with the classic variant started.
 * @param engine An engine name as tanbo_engine_name() spells it ("optimized", "reference").
 * @param out Receives the new handle on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (no such engine:
 *         "engine must be 'optimized' or 'reference', not 'x'", the words of `tanbo serve
 *         --engine x`) or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_session_create(const char* engine, tanbo_session** out, char* err_buf,
                                  size_t err_len);

/**
 * Releases a session. Every handle from tanbo_session_create() must be freed exactly once.
 * @param session The handle to release; NULL is allowed and does nothing.
 */
void tanbo_session_free(tanbo_session* session);

/**
 * Message of the last failed call on @p session (as tanbo_last_error() for games).
 * @param session The handle; may be NULL.
 * @return The message, "" if the last call succeeded; for a NULL @p session, a static text.
 */
const char* tanbo_session_last_error(const tanbo_session* session);

/**
 * Hands the session one request line and writes its answer line. A request the protocol
 * refuses (an illegal move, a malformed point, an unknown command) is still a success of this
 * call: its answer is the refusal, "?[id] KIND message". The answer never holds a line break and
 * is empty exactly when the line gets no answer (a blank or comment line); a program serving the
 * protocol writes each non-empty answer followed by "\n", flushes, and stops once
 * tanbo_session_done() says so.
 * @param session The session.
 * @param line One request line; a final "\n" or "\r\n" is dropped.
 * @param buf Receives the answer; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the answer's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (a line break
 *         before the end of @p line: one request per call; nothing was handled),
 *         ::TANBO_ERR_BUFFER_TOO_SMALL (the request WAS handled: read the whole answer with
 *         tanbo_session_answer(), do not hand the line again) or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_session_handle(tanbo_session* session, const char* line, char* buf, size_t len,
                                  size_t* needed);

/**
 * tanbo_session_handle() of a request line given with its length, for a pump that reads bytes:
 * a NUL byte is part of the line (the session answers it as `tanbo serve` does, with a refusal
 * that quotes it as an escape) instead of ending it early.
 * @param session The session.
 * @param line One request line of @p line_len bytes, any bytes; may be NULL when @p line_len is 0.
 * @param line_len Length of @p line in bytes.
 * @param buf Receives the answer; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the answer's length without the NUL; may be NULL.
 * @return As tanbo_session_handle().
 */
tanbo_status tanbo_session_handle_n(tanbo_session* session, const char* line, size_t line_len, char* buf,
                                    size_t len, size_t* needed);

/**
 * The answer to the last request handed to tanbo_session_handle() again ("" before the first,
 * after a comment line or after a failed call), for a caller whose buffer was too small.
 * @param session The session.
 * @param buf Receives the answer; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the answer's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_BUFFER_TOO_SMALL.
 */
tanbo_status tanbo_session_answer(tanbo_session* session, char* buf, size_t len, size_t* needed);

/**
 * Whether `quit` was answered: the serving program should stop reading.
 * @param session The session.
 * @return 1 once `quit` was answered, 0 before, -1 if @p session is NULL.
 */
int tanbo_session_done(const tanbo_session* session);

/* ---- Perfect play ------------------------------------------------------------------------- */

/**
 * Opaque handle on a solved start (docs/solutions.md): the value and perfect-play length of every
 * position reachable from it, read from a table file (`tanbo solve START --out FILE`) or solved on
 * demand for a small start. Made by tanbo_solution_open(), tanbo_solution_from_bytes() or
 * tanbo_solution_solve_start(), released with tanbo_solution_free(). Probing never modifies it:
 * one handle may be probed from several threads at once (each with its own output buffers;
 * tanbo_solution_last_error() then reports one of their failures).
 */
typedef struct tanbo_solution tanbo_solution;

/** A position's value for its side to move. */
typedef enum tanbo_value {
  TANBO_VALUE_UNKNOWN = 0, /**< Not in the table, or not proven within the budget. */
  TANBO_VALUE_WIN = 1,     /**< The side to move wins with perfect play. */
  TANBO_VALUE_LOSS = 2     /**< The side to move loses with perfect play. */
} tanbo_value;

/** What a probe or a solve says about a position (fixed-width fields: a layout the JavaScript
 *  package reads from WebAssembly memory). */
typedef struct tanbo_answer {
  int32_t value;       /**< A ::tanbo_value. */
  int32_t length;      /**< Perfect-play length in plies (0: the game is over); -1 if not known. */
  int32_t winner;      /**< The ::tanbo_color that wins with perfect play; TANBO_NONE if unknown. */
  int32_t best_move;   /**< Row-major index of a perfect-play move; -1 if none (unknown, or over). */
  int32_t move_count;  /**< Legal moves answered (the entries `moves` needs); 0 if not asked. */
  int32_t line_length; /**< Moves of the perfect-play line (the entries `line` needs). */
  int64_t nodes;       /**< Search nodes spent (tanbo_solve()); 0 for a probe. */
} tanbo_answer;

/** One legal move of an answered position: playing it, the mover's value and the plies to the
 *  end from the answered position. */
typedef struct tanbo_move_outcome {
  int32_t move;   /**< Row-major index of the move. */
  int32_t value;  /**< A ::tanbo_value for the side that plays it. */
  int32_t length; /**< Plies from the answered position to the end; -1 if not known. */
  int32_t best;   /**< 1 if the move keeps the answer's value and length (a move of perfect play:
                       every fastest win, every longest defence), else 0. */
} tanbo_move_outcome;

/**
 * Reads a table file.
 * @param path The file's path.
 * @param out Receives the new handle on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (the file cannot be
 *         opened), ::TANBO_ERR_BAD_TABLE (damaged, truncated or foreign: the message names the
 *         byte offset) or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_solution_open(const char* path, tanbo_solution** out, char* err_buf, size_t err_len);

/**
 * Reads a table from bytes in memory (a file a browser user picked), as tanbo_solution_open().
 * @param bytes The file's bytes; may be NULL when @p len is 0.
 * @param len Their count.
 * @param name Names the table in error messages; may be NULL ("table").
 * @param out Receives the new handle on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return as tanbo_solution_open().
 */
tanbo_status tanbo_solution_from_bytes(const unsigned char* bytes, size_t len, const char* name,
                                       tanbo_solution** out, char* err_buf, size_t err_len);

/**
 * Strongly solves a start now, on the calling thread (lattice-5: about 5 s and 100 MB).
 * @param start A variant name or a position string, as for tanbo_game_create_with_engine().
 * @param max_classes Refuse a start with more position classes than this (0: the default,
 *        8,000,000, which lattice-5's 3,856,425 fit and dense-5's 84,805,263 do not).
 * @param out Receives the new handle on success, NULL on failure.
 * @param err_buf Receives the error message on failure (cut to fit); may be NULL.
 * @param err_len Size of @p err_buf in bytes; 0 if there is none.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_PARSE, ::TANBO_ERR_INVALID_POSITION,
 *         ::TANBO_ERR_INVALID_ARGUMENT (a board larger than 5x5, more classes than
 *         @p max_classes) or ::TANBO_ERR_OUT_OF_MEMORY.
 */
tanbo_status tanbo_solution_solve_start(const char* start, uint64_t max_classes, tanbo_solution** out,
                                        char* err_buf, size_t err_len);

/**
 * Releases a solution. Every handle made must be freed exactly once.
 * @param solution The handle to release; NULL is allowed and does nothing.
 */
void tanbo_solution_free(tanbo_solution* solution);

/**
 * Message of the last failed call on this solution (as tanbo_last_error() for games).
 * @param solution The handle; may be NULL.
 * @return The message, "" if the last call succeeded; for a NULL @p solution, a static text.
 */
const char* tanbo_solution_last_error(const tanbo_solution* solution);

/**
 * The solved start: a variant name (`lattice-5`) or a position string.
 * @param solution The solution.
 * @param buf Receives the text; see "Strings out" in the file description.
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL; may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_BUFFER_TOO_SMALL.
 */
tanbo_status tanbo_solution_start(tanbo_solution* solution, char* buf, size_t len, size_t* needed);

/**
 * The table's content hash: its SHA-256 as 64 lowercase hex digits, the hash the file carries and
 * `tanbo solve` prints, to compare with the published ones (docs/solutions.md).
 * @param solution The solution.
 * @param buf Receives the text; see "Strings out" in the file description (65 bytes suffice).
 * @param len Size of @p buf in bytes.
 * @param needed Receives the text's length without the NUL (64); may be NULL.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_BUFFER_TOO_SMALL.
 */
tanbo_status tanbo_solution_hash(tanbo_solution* solution, char* buf, size_t len, size_t* needed);

/**
 * The table's answer for a game's current position: value, perfect-play length, best move, and,
 * into the caller's arrays, every legal move's value and length (row-major) and the perfect-play
 * line. A position the table does not hold (not reachable from its start) is answered
 * ::TANBO_VALUE_UNKNOWN, never a guess.
 * @param solution The solution.
 * @param game The game whose current position is probed (either engine).
 * @param out Receives the answer (its move_count and line_length are the entries needed).
 * @param moves Receives the legal moves' values; may be NULL when @p moves_capacity is 0.
 * @param moves_capacity Entries @p moves holds (the board's points always suffice).
 * @param line Receives the perfect-play line as row-major indices; may be NULL when
 *        @p line_capacity is 0.
 * @param line_capacity Entries @p line holds (127 always suffice). With 0 the line is not
 *        walked (walking it looks up every move on each of its plies, most of a probe's time: a
 *        perfect opponent after best_move or the moves skips it); line_length is then the answer's
 *        length, the moves the line has.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (a position on
 *         another board size than the table's), ::TANBO_ERR_BAD_TABLE (a forged table, its hash
 *         recomputed, whose record of this position or of its line contradicts rule 7 or its
 *         children's records: the message names the byte offset and the position),
 *         ::TANBO_ERR_BUFFER_TOO_SMALL (an array with room but too little: @p out is complete,
 *         the arrays hold a prefix) or ::TANBO_ERR_OUT_OF_MEMORY. Errors are reported on
 *         @p solution.
 */
tanbo_status tanbo_solution_probe(tanbo_solution* solution, const tanbo_game* game, tanbo_answer* out,
                                  tanbo_move_outcome* moves, size_t moves_capacity, int* line,
                                  size_t line_capacity);

/**
 * The weak solver on a game's current position (any size) within a node budget: its value, its
 * perfect-play length and best move when proven in time, else ::TANBO_VALUE_UNKNOWN. The same
 * budget gives the same answer on every machine. With @p moves_capacity > 0 every legal move is
 * answered too, each solved in turn with what is left of the budget.
 * @param game The game (unchanged).
 * @param nodes The node budget, 1 to 2^40.
 * @param out Receives the answer.
 * @param moves Receives the legal moves' values (::TANBO_VALUE_UNKNOWN where the budget ran out);
 *        may be NULL when @p moves_capacity is 0, and then no move is solved.
 * @param moves_capacity Entries @p moves holds.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT, ::TANBO_ERR_INVALID_ARGUMENT (a budget out of
 *         range), ::TANBO_ERR_BUFFER_TOO_SMALL or ::TANBO_ERR_OUT_OF_MEMORY. Errors are reported
 *         on @p game.
 */
tanbo_status tanbo_solve(tanbo_game* game, int64_t nodes, tanbo_answer* out, tanbo_move_outcome* moves,
                         size_t moves_capacity);

/* ---- Drawing ------------------------------------------------------------------------------ */

/** The layout, in pixels, of a board drawing as tanbo's SVG figures draw it, for front ends that
 *  draw boards themselves (the rules explorer): point (x, y) is at
 *  (left + spacing / 2 + x * spacing, top + spacing / 2 + y * spacing). */
typedef struct tanbo_board_geometry {
  int size;            /**< Board side length. */
  int spacing;         /**< Distance between neighbouring points (even). */
  int left;            /**< Margin left of the board (row numbers). */
  int top;             /**< Margin above the board (column letters). */
  int right;           /**< Margin right of the board. */
  int bottom;          /**< Margin below the board. */
  int width;           /**< Width of the board with its margins. */
  int height;          /**< Height of the board with its margins. */
  int stone_radius;    /**< Radius of a stone. */
  int growth_square;   /**< Side of the square marking a growth point. */
  int coordinate_font; /**< Font size of the column letters and row numbers. */
} tanbo_board_geometry;

/**
 * The layout of a board of a given size (the C++ `tanbo::svg::board_geometry`).
 * @param size Board side length, 2 to 25.
 * @param out Receives the layout.
 * @return ::TANBO_OK, ::TANBO_ERR_NULL_ARGUMENT or ::TANBO_ERR_INVALID_ARGUMENT (size out of
 *         range).
 */
tanbo_status tanbo_board_geometry_of(int size, tanbo_board_geometry* out);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TANBO_TANBO_H */
