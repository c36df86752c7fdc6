// Proof that the properties can fail: engines with planted bugs (forwarding wrappers around a
// private copy of optimized::Game; the real engine is untouched) must be caught by the properties, and the
// counterexamples must shrink to something small. Each failure found is printed, so the output
// shows what a real failure report looks like.
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
#include "tanbo/verify/forwarding.hpp"

namespace {

using namespace tanbo;

// Each planted bug hides one member of the one forwarding engine (tanbo/verify/forwarding.hpp).
using verify::Forwarding;

/// last_result() forgets one stone when both colours are removed.
struct DropRemovedStone : Forwarding<> {
  using Forwarding::Forwarding;
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    const optimized::MoveRecord& rec = inner().records().back();
    if (rec.removed_black > 0 && rec.removed_white > 0) r.removed.pop_back();
    return r;
  }
};

/// play() reports "no friendly neighbour" for "several friendly neighbours".
struct WrongIllegalReason : Forwarding<> {
  using Forwarding::Forwarding;
  MoveEffect play(Point p) {
    if (inner().why_illegal(p) == IllegalReason::SeveralFriendlyNeighbours)
      throw IllegalMoveError(p, to_move(), IllegalReason::NoFriendlyNeighbour);
    return inner().play(p);
  }
};

/// hash() is not updated by undoing a move that removed stones (until the next move).
struct StaleHashAfterUndo : Forwarding<> {
  using Forwarding::Forwarding;
  MoveEffect play(Point p) {
    stale_.reset();
    return inner().play(p);
  }
  void undo() {
    const bool removal = inner().ply() > 0 && inner().last_result().removal != Removal::None;
    const std::uint64_t before = inner().hash();
    inner().undo();
    if (removal) stale_ = before;
  }
  std::uint64_t hash() const { return stale_ ? *stale_ : inner().hash(); }

 private:
  std::optional<std::uint64_t> stale_;
};

/// Copies share one game (a shallow copy).
struct SharedCopies : Forwarding<std::shared_ptr<optimized::Game>> {
  using Forwarding::Forwarding;
};

/// legal_moves() omits column A whenever column B has a legal move.
struct AsymmetricLegal : Forwarding<> {
  using Forwarding::Forwarding;
  std::vector<Point> legal_moves() const {
    std::vector<Point> legal = inner().legal_moves();
    bool column_b = false;
    for (const Point p : legal) column_b = column_b || p.x == 1;
    if (column_b) std::erase_if(legal, [](Point p) { return p.x == 0; });
    return legal;
  }
};

}  // namespace

namespace {

const std::vector<props::Policy> kAllPolicies{props::Policy::Uniform, props::Policy::Rare,
                                              props::Policy::Squeeze};

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
void differential() {
  props::differential::property<Planted>();
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

TEST_CASE("planted bug: last_result() drops a stone when both colours are removed", "[planted]") {
  expect_caught("DropRemovedStone / differential", differential<DropRemovedStone>);
  expect_caught("DropRemovedStone / rules", rules<DropRemovedStone>);
  expect_caught("DropRemovedStone / metamorphic", metamorphic<DropRemovedStone>);
}

TEST_CASE("planted bug: wrong reason for a move with several friendly neighbours", "[planted]") {
  expect_caught("WrongIllegalReason / differential", differential<WrongIllegalReason>);
}

TEST_CASE("planted bug: hash not restored by undoing a removal", "[planted]") {
  expect_caught("StaleHashAfterUndo / differential", differential<StaleHashAfterUndo>);
  expect_caught("StaleHashAfterUndo / undo", undo<StaleHashAfterUndo>);
}

TEST_CASE("planted bug: copies share state", "[planted]") {
  expect_caught("SharedCopies / differential", differential<SharedCopies>);
  expect_caught("SharedCopies / undo", undo<SharedCopies>);
}

TEST_CASE("planted bug: legal moves not symmetric", "[planted]") {
  expect_caught("AsymmetricLegal / differential", differential<AsymmetricLegal>);
  expect_caught("AsymmetricLegal / metamorphic", metamorphic<AsymmetricLegal>);
  expect_caught("AsymmetricLegal / rules", rules<AsymmetricLegal>);
}
