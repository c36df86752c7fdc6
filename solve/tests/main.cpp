// The Catch2 runner's main() for the solver's tests, in its own translation unit.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
