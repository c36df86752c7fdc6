// Proof that the properties can fail: engines with planted bugs (differential/tests/planted/,
// indexed in differential/PLANTED.md; the real engine is untouched) must be caught by the properties, and the
// counterexamples must shrink to something small. Each failure found is printed, so the output
// shows what a real failure report looks like.
// check-map: code differential
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "differential.hpp"
#include "invariant_props.hpp"
#include "metamorphic.hpp"
#include "props.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/differential/planted/history.hpp"
#include "tanbo/differential/planted/legal.hpp"
#include "tanbo/differential/planted/removal.hpp"

namespace {

using namespace tanbo;

using namespace tanbo::differential::planted;

using props::kAllPolicies;

/// Runs `property` on a planted bug: it must fail; prints the shrunk counterexample.
template <class Testable>
void expect_caught(const std::string& name, Testable&& property) {
  const auto failure = props::expect_failure(name, std::forward<Testable>(property), 500);
  INFO("planted bug not caught: " << name);
  REQUIRE(failure.has_value());
  std::ostringstream report;
  rc::detail::printResultMessage(*failure, report);
  // Shrinking must have produced a short command sequence (the runs seen needed 1 to 6).
  for (const auto& [type, value] : failure->counterExample)
    if (type.find("Command") != std::string::npos)
      CHECK(std::count(value.begin(), value.end(), '\n') <= 12);
  std::cout << "=== caught " << name << " (after " << failure->numSuccess << " passing cases)\n"
            << report.str() << "\n" << std::endl;
}

template <class Planted>
void stateful() {
  props::stateful::property<Planted>();
}
template <class Planted>
void rules() {
  props::rules_property<Planted>(*props::gen_game_spec(400, kAllPolicies));
}
template <class Planted>
void undo() {
  props::undo_property<Planted>(*props::gen_game_spec(120, kAllPolicies));
}
template <class Planted>
void metamorphic() {
  props::metamorphic_property<Planted>();
}

}  // namespace

TEST_CASE("planted bug: last_result() drops a stone when both colours are removed", "[planted][rule6]") {
  expect_caught("DropRemovedStone / differential", stateful<DropRemovedStone>);
  expect_caught("DropRemovedStone / rules", rules<DropRemovedStone>);
  expect_caught("DropRemovedStone / metamorphic", metamorphic<DropRemovedStone>);
}

TEST_CASE("planted bug: wrong reason for a move with several friendly neighbours", "[planted][rule3]") {
  expect_caught("PlayThrowsWrongReason / differential", stateful<PlayThrowsWrongReason>);
}

TEST_CASE("planted bug: hash not restored by undoing a removal", "[planted][history]") {
  expect_caught("HashKeptAfterUndoingRemoval / differential", stateful<HashKeptAfterUndoingRemoval>);
  expect_caught("HashKeptAfterUndoingRemoval / undo", undo<HashKeptAfterUndoingRemoval>);
}

TEST_CASE("planted bug: copies share state", "[planted][history]") {
  expect_caught("SharedCopies / differential", stateful<SharedCopies>);
  expect_caught("SharedCopies / undo", undo<SharedCopies>);
}

TEST_CASE("planted bug: legal moves not symmetric", "[planted][rule3]") {
  expect_caught("AsymmetricLegal / differential", stateful<AsymmetricLegal>);
  expect_caught("AsymmetricLegal / metamorphic", metamorphic<AsymmetricLegal>);
  expect_caught("AsymmetricLegal / rules", rules<AsymmetricLegal>);
}
