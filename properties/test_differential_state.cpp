// Registers the stateful differential property (differential.hpp): reference engine as the
// model, each optimized engine instantiation as the system under test.
// check-map: code optimized reference
#include "differential.hpp"

#include "props.hpp"
#include "tanbo/optimized/game.hpp"

TEST_CASE("optimized::Game agrees with the reference under random command sequences",
          "[differential][state][rule2][rule3][rule4][rule5][rule6][rule7][history]") {
  tanbo::props::check("play / try / undo / copy / restart",
                      [] { tanbo::props::stateful::property<tanbo::optimized::Game>(19); });
}

TEST_CASE("optimized::Game19 agrees with the reference under random command sequences",
          "[differential][state][rule2][rule3][rule4][rule5][rule6][rule7][history]") {
  tanbo::props::check("play / try / undo / copy / restart",
                      [] { tanbo::props::stateful::property<tanbo::optimized::Game19>(19); });
}
