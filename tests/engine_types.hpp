// The engines every engine test runs against. Engine tests are written as
//   TEMPLATE_TEST_CASE("...", "[engine]", TANBO_TEST_ENGINES)
// (TEMPLATE_TEST_CASE rather than TEMPLATE_LIST_TEST_CASE because Catch2 2.x names the cases of
// the latter by index, "- 0", "- 1"; the former names them by engine type in ctest's list).
// The optimized engine joins automatically when CMake finds the tanbo::optimized target
// (tests/CMakeLists.txt then defines TANBO_TESTS_HAVE_OPTIMIZED); adding another engine is one
// line here.
#pragma once

#include <tuple>

#include "tanbo/reference/game.hpp"

#ifdef TANBO_TESTS_HAVE_OPTIMIZED
#include "tanbo/optimized/game.hpp"
#define TANBO_TEST_ENGINES tanbo::reference::Game, tanbo::optimized::Game
#else
#define TANBO_TEST_ENGINES tanbo::reference::Game
#endif

namespace tanbo_test {

/// The same list as a type, for code that iterates over engines.
using EngineTypes = std::tuple<TANBO_TEST_ENGINES>;

/// True for engines whose undo() is cheap (O(1) in the game length). The reference engine's
/// undo() replays the whole game, so the harness checks it only every few plies on long games.
template <typename G>
inline constexpr bool kCheapUndo = false;

#ifdef TANBO_TESTS_HAVE_OPTIMIZED
template <>
inline constexpr bool kCheapUndo<tanbo::optimized::Game> = true;
#endif

}  // namespace tanbo_test
