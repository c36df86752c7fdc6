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
static_assert(sizeof(tanbo_color) == 4 && sizeof(tanbo_illegal_reason) == 4 && sizeof(tanbo_engine) == 4,
              "api.mjs reads C enums as ints");
