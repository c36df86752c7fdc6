// The Catch2 test runner's main(), in its own translation unit so that editing a test file does
// not recompile Catch2's implementation.
#define CATCH_CONFIG_MAIN
#include "test_util.hpp"
