// Proof that the properties can fail: engines with planted bugs (wrappers around a private copy
// of optimized::Game; the real engine is untouched) must be caught by the properties, and the
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

namespace {

using namespace tanbo;

enum class Bug {
  DropRemovedStone,    // last_result() forgets one stone when both colours are removed
  WrongIllegalReason,  // play() reports "no friendly neighbour" for "several friendly neighbours"
  StaleHashAfterUndo,  // hash() is not updated by undoing a move that removed stones
  SharedCopies,        // copies share one game (a shallow copy)
  AsymmetricLegal,     // legal_moves() omits column A whenever column B has a legal move
};

/// optimized::Game with one planted bug; otherwise it forwards the Engine API.
template <Bug B>
class Planted {
 public:
  explicit Planted(const Variant& v = Variant::classic()) : g_(std::make_shared<optimized::Game>(v)) {}
  explicit Planted(const Position& p) : g_(std::make_shared<optimized::Game>(p)) {}
  Planted(const Planted& o) : g_(clone(o)), stale_(o.stale_) {}
  Planted& operator=(const Planted& o) {
    if (this != &o) g_ = clone(o), stale_ = o.stale_;
    return *this;
  }

  int size() const { return g_->size(); }
  Cell at(Point p) const { return g_->at(p); }
  Color to_move() const { return g_->to_move(); }
  int ply() const { return g_->ply(); }
  bool is_over() const { return g_->is_over(); }
  std::optional<Color> winner() const { return g_->winner(); }
  int stone_count(Color c) const { return g_->stone_count(c); }
  bool is_legal(Point p) const { return g_->is_legal(p); }
  std::optional<IllegalReason> why_illegal(Point p) const { return g_->why_illegal(p); }
  int legal_move_count() const { return g_->legal_move_count(); }
  std::vector<Point> legal_moves() const {
    std::vector<Point> legal = g_->legal_moves();
    if constexpr (B == Bug::AsymmetricLegal) {
      bool column_b = false;
      for (const Point p : legal) column_b = column_b || p.x == 1;
      if (column_b) std::erase_if(legal, [](Point p) { return p.x == 0; });
    }
    return legal;
  }
  MoveEffect play(Point p) {
    if constexpr (B == Bug::WrongIllegalReason)
      if (g_->why_illegal(p) == IllegalReason::SeveralFriendlyNeighbours)
        throw IllegalMoveError(p, to_move(), IllegalReason::NoFriendlyNeighbour);
    stale_.reset();
    return g_->play(p);
  }
  void undo() {
    const bool removal = g_->ply() > 0 && g_->last_result().removal != Removal::None;
    const std::uint64_t before = g_->hash();
    g_->undo();
    if (B == Bug::StaleHashAfterUndo && removal) stale_ = before;
  }
  MoveResult last_result() const {
    MoveResult r = g_->last_result();
    if constexpr (B == Bug::DropRemovedStone) {
      const optimized::MoveRecord& rec = g_->records().back();
      if (rec.removed_black > 0 && rec.removed_white > 0) r.removed.pop_back();
    }
    return r;
  }
  std::vector<Point> moves() const { return g_->moves(); }
  Position position() const { return g_->position(); }
  const Position& start_position() const { return g_->start_position(); }
  std::uint64_t hash() const { return stale_ ? *stale_ : g_->hash(); }
  std::optional<std::string> check_consistency() const { return g_->check_consistency(); }

 private:
  static std::shared_ptr<optimized::Game> clone(const Planted& o) {
    if constexpr (B == Bug::SharedCopies) return o.g_;
    return std::make_shared<optimized::Game>(*o.g_);
  }
  std::shared_ptr<optimized::Game> g_;
  std::optional<std::uint64_t> stale_;
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

template <Bug B>
void differential() {
  props::differential::property<Planted<B>>();
}
template <Bug B>
void rules() {
  props::rules_property<Planted<B>>(*props::gen_game_spec(400, kAllPolicies));
}
template <Bug B>
void undo() {
  props::undo_property<Planted<B>>(*props::gen_game_spec(120, kAllPolicies));
}
template <Bug B>
void metamorphic() {
  props::metamorphic_property<Planted<B>>();
}

}  // namespace

TEST_CASE("planted bug: last_result() drops a stone when both colours are removed", "[planted]") {
  expect_caught("DropRemovedStone / differential", differential<Bug::DropRemovedStone>);
  expect_caught("DropRemovedStone / rules", rules<Bug::DropRemovedStone>);
  expect_caught("DropRemovedStone / metamorphic", metamorphic<Bug::DropRemovedStone>);
}

TEST_CASE("planted bug: wrong reason for a move with several friendly neighbours", "[planted]") {
  expect_caught("WrongIllegalReason / differential", differential<Bug::WrongIllegalReason>);
}

TEST_CASE("planted bug: hash not restored by undoing a removal", "[planted]") {
  expect_caught("StaleHashAfterUndo / differential", differential<Bug::StaleHashAfterUndo>);
  expect_caught("StaleHashAfterUndo / undo", undo<Bug::StaleHashAfterUndo>);
}

TEST_CASE("planted bug: copies share state", "[planted]") {
  expect_caught("SharedCopies / differential", differential<Bug::SharedCopies>);
  expect_caught("SharedCopies / undo", undo<Bug::SharedCopies>);
}

TEST_CASE("planted bug: legal moves not symmetric", "[planted]") {
  expect_caught("AsymmetricLegal / differential", differential<Bug::AsymmetricLegal>);
  expect_caught("AsymmetricLegal / metamorphic", metamorphic<Bug::AsymmetricLegal>);
  expect_caught("AsymmetricLegal / rules", rules<Bug::AsymmetricLegal>);
}
