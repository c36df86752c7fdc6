// The WebAssembly module of the npm package (js/) is the C API (capi/include/tanbo/tanbo.h)
// itself: js/CMakeLists.txt exports every tanbo_* function, and src/api.mjs calls them. This file
// holds no code of its own; it pins the memory layout src/api.mjs reads and writes, so a change
// to a C type that JavaScript reads by offset fails the build instead of corrupting values.
#include <cstddef>

#include "tanbo/tanbo.h"

static_assert(sizeof(int) == 4 && sizeof(std::size_t) == 4 && sizeof(void*) == 4 &&
                  sizeof(tanbo_game*) == 4 && sizeof(tanbo_session*) == 4,
              "api.mjs reads ints, size_t and pointers (the game and session handles a create "
              "function writes) as 32-bit words (wasm32)");
static_assert(sizeof(tanbo_rng) == 32, "api.mjs allocates 32 bytes per Rng");
static_assert(sizeof(tanbo_move_result) == 20 && offsetof(tanbo_move_result, move) == 0 &&
                  offsetof(tanbo_move_result, player) == 4 && offsetof(tanbo_move_result, removal) == 8,
              "api.mjs reads tanbo_move_result as five ints");
static_assert(sizeof(tanbo_board_geometry) == 44, "api.mjs reads tanbo_board_geometry as eleven ints");
static_assert(sizeof(tanbo_answer) == 32 && offsetof(tanbo_answer, value) == 0 && offsetof(tanbo_answer, length) == 4 &&
                  offsetof(tanbo_answer, winner) == 8 && offsetof(tanbo_answer, best_move) == 12 &&
                  offsetof(tanbo_answer, move_count) == 16 && offsetof(tanbo_answer, line_length) == 20 &&
                  offsetof(tanbo_answer, nodes) == 24 && sizeof(tanbo_answer::nodes) == 8,
              "api.mjs (readAnswer, ANSWER_BYTES) reads tanbo_answer as six int32 and an int64 at byte 24");
static_assert(sizeof(tanbo_move_outcome) == 16 && offsetof(tanbo_move_outcome, move) == 0 &&
                  offsetof(tanbo_move_outcome, value) == 4 && offsetof(tanbo_move_outcome, length) == 8 &&
                  offsetof(tanbo_move_outcome, best) == 12,
              "api.mjs (readAnswer, MOVE_OUTCOME_BYTES) reads tanbo_move_outcome as four int32");
static_assert(TANBO_VALUE_UNKNOWN == 0 && TANBO_VALUE_WIN == 1 && TANBO_VALUE_LOSS == 2 && TANBO_NONE == 0 &&
                  TANBO_BLACK == 1 && TANBO_WHITE == 2,
              "api.mjs's VALUES and COLORS index tanbo_value and tanbo_color");
static_assert(TANBO_ERR_BUFFER_TOO_SMALL == 8 && TANBO_ERR_BAD_TABLE == 11,
              "api.mjs's STATUS_CLASSES and retries index tanbo_status");
static_assert(sizeof(tanbo_solution*) == 4, "api.mjs reads the solution handle a create function writes as a 32-bit word");
static_assert(sizeof(tanbo_color) == 4 && sizeof(tanbo_illegal_reason) == 4 && sizeof(tanbo_engine) == 4,
              "api.mjs reads C enums as ints");
