// The engines every engine test runs against. Engine tests are written as
//   TEMPLATE_TEST_CASE("...", "[engine]", TANBO_TEST_ENGINES)
// (TEMPLATE_TEST_CASE rather than TEMPLATE_LIST_TEST_CASE because Catch2 2.x names the cases of
// the latter by index, "- 0", "- 1"; the former names them by engine type in ctest's list).
// Adding another engine is one line here.
// In optimized/tests with the tests run on every engine: they exist to catch the optimized engine
// leaving the reference.
#pragma once

#include <tuple>

#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

#define TANBO_TEST_ENGINES tanbo::reference::Game, tanbo::optimized::Game

namespace tanbo_test {

/// The same list as a type, for code that iterates over engines.
using EngineTypes = std::tuple<TANBO_TEST_ENGINES>;

}  // namespace tanbo_test
