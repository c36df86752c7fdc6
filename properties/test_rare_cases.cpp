// Removal-heavy games: generators biased towards removals (generators.hpp) play games on both
// engines in lockstep, which must agree after every move. The rare rule-6 cases are counted:
// RC_TAG shows their distribution per property run, and a fixed-seed run asserts each still
// occurs a minimum number of times, so the test fails if the generators stop producing them.
// check-map: code optimized reference
#include <iostream>
#include <string>

#include "classify.hpp"
#include "tanbo/differential/compare.hpp"
#include "generators.hpp"
#include "invariant_props.hpp"
#include "props.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

namespace {

using namespace tanbo;

// Minimum counts over the fixed-seed run (120 games per biased policy): about a quarter of what
// the generators produced when this was written (expanded-with-others 839, both colours 276,
// several roots 276, opponent eliminated 97, mover eliminated itself 143).
constexpr long kMinExpandedWithOthers = 200, kMinBothColours = 70, kMinSeveralRoots = 70,
               kMinOpponentEliminated = 25, kMinSelfEliminated = 35;

struct LockstepResult {
  std::string problem;  // empty when the engines agreed and the rules' consequences held
  props::RareCounts counts;
  std::string record;   // the game so far, for failure messages
};

// Plays `spec` with the reference engine choosing, the optimized engine following.
LockstepResult lockstep_game(const props::GameSpec& spec) {
  reference::Game ref(spec.variant);
  optimized::Game opt(spec.variant);
  props::MovePicker picker(spec.policy, spec.seed);
  differential::RuleOracle<reference::Game> oracle(ref);
  LockstepResult out;
  for (int i = 0; i < spec.length && !ref.is_over() && out.problem.empty(); ++i) {
    const Position before = ref.position();
    const Point p = picker.pick(ref);
    out.counts.add(props::classify_move(before, p));
    const MoveEffect want = ref.play(p);
    const MoveEffect got = opt.play(p);
    const std::string where = "move " + std::to_string(ref.ply()) + " " + point_name(p) + ": ";
    if (!(want == got)) out.problem = where + "effect " + differential::show(got) + ", reference " + differential::show(want);
    if (out.problem.empty()) out.problem = differential::first_difference(ref, opt).value_or("");
    if (out.problem.empty()) out.problem = oracle.check_move(ref, p, want).value_or("");
    if (!out.problem.empty()) out.problem = where + out.problem;
  }
  out.record = differential::record_of(ref);
  return out;
}

}  // namespace

TEST_CASE("engines agree on removal-heavy games", "[rare][rule6]") {
  props::check("biased games to the end, both engines in lockstep", [] {
    const props::GameSpec spec = *props::gen_game_spec(400, {props::Policy::Rare, props::Policy::Squeeze});
    const LockstepResult r = lockstep_game(spec);
    if (!r.problem.empty()) RC_FAIL(r.problem + "\nGame record:\n" + r.record);
    RC_CLASSIFY(r.counts.expanded_with_others > 0, "expanded-with-others");
    RC_CLASSIFY(r.counts.effects.both_colours_removals > 0, "both-colours");
    RC_CLASSIFY(r.counts.several_roots > 0, "several-roots");
    RC_CLASSIFY(r.counts.eliminations > 0, "side-eliminated");
    RC_CLASSIFY(r.counts.self_eliminations > 0, "mover-eliminated-itself");
  });
}

TEST_CASE("biased generators keep producing the rare removal cases", "[rare][rule6]") {
  // Fixed seeds, independent of RC_PARAMS: the counts are reproducible and printed.
  const Variant variants[] = {Variant::lattice(5), Variant::dense(5), Variant::lattice(7),
                              Variant::dense(7),   Variant::lattice(9), Variant::dense(9)};
  props::RareCounts total[3];
  for (const props::Policy policy : {props::Policy::Uniform, props::Policy::Rare, props::Policy::Squeeze}) {
    for (const Variant& v : variants) {
      props::RareCounts counts;
      for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const LockstepResult r = lockstep_game({v, seed, 400, policy});
        CAPTURE(v.name(), seed, props::policy_name(policy), r.record);
        REQUIRE(r.problem.empty());
        counts.add(r.counts);
      }
      std::cout << props::policy_name(policy) << " " << v.name() << ": " << counts.text() << "\n";
      total[static_cast<int>(policy)].add(counts);
    }
  }
  const props::RareCounts& uniform = total[0];
  props::RareCounts biased = total[1];
  biased.add(total[2]);
  std::cout << "uniform total: " << uniform.text() << "\nbiased total: " << biased.text() << std::endl;
  CHECK(biased.expanded_with_others >= kMinExpandedWithOthers);
  CHECK(biased.effects.both_colours_removals >= kMinBothColours);
  CHECK(biased.several_roots >= kMinSeveralRoots);
  CHECK(biased.eliminations - biased.self_eliminations >= kMinOpponentEliminated);
  CHECK(biased.self_eliminations >= kMinSelfEliminated);
  // The bias pays: per game (the biased total has twice the games) at least twice the
  // both-colour removals of uniform play, and no fewer expanded-with-others cases.
  CHECK(biased.effects.both_colours_removals >= 4 * uniform.effects.both_colours_removals);
  CHECK(biased.expanded_with_others >= 2 * uniform.expanded_with_others);
}
