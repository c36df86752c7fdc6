// Registers the rule-consequence and undo properties (invariant_props.hpp) for both engines: the
// reference engine and the optimized engine in both instantiations. (The text round trips are
// the contract tests' in tests/, on every point name and on random boards of every size, and the
// engine harness's after every move of its games.)
// check-map: code optimized reference
#include "invariant_props.hpp"

#include "props.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

using tanbo::props::kAllPolicies;

TEMPLATE_TEST_CASE("every move obeys the consequences of the rules",
                   "[invariants][rule2][rule3][rule4][rule5][rule6][rule7]",
                   tanbo::reference::Game, tanbo::optimized::Game, tanbo::optimized::Game19) {
  tanbo::props::check("rule consequences along random games", [] {
    const auto spec = *tanbo::props::gen_game_spec(400, kAllPolicies);
    RC_TAG(tanbo::props::policy_name(spec.policy));
    tanbo::props::rules_property<TestType>(spec);
  });
}

TEMPLATE_TEST_CASE("undo restores the previous state exactly", "[invariants][undo][history]",
                   tanbo::reference::Game, tanbo::optimized::Game, tanbo::optimized::Game19) {
  tanbo::props::check("undo after every move, then unwind the game", [] {
    tanbo::props::undo_property<TestType>(*tanbo::props::gen_game_spec(120, kAllPolicies));
  });
}
