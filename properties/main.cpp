// Catch2 main for tanbo_properties (kept in its own file so editing a property does not
// recompile Catch2's runner).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
