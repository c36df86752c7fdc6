// Stateful differential property (rc::state): random command sequences run on the reference
// engine (the model) and on an engine under test (the SUT), comparing the full observable state
// after every command. Commands: play a legal move; play any point, maybe illegal or off the
// board (both must refuse with the same reason, or both accept); undo (also with nothing to
// undo: both must throw UsageError); copy (continue on the copy; the abandoned original must not
// change); restart from a variant's opening or from a random reachable position string.
//
// A failure shrinks to a minimal command sequence (printed with show()) and the message carries
// the model's game as a record (tanbo::format_record) for replay with the CLI or a unit test.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "generators.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/differential/compare.hpp"

// The rc::state property's own namespace: inside one named differential, differential:: would
// not reach the library (tanbo::differential) it uses.
namespace tanbo::props::stateful {

using Model = reference::Game;

/// The system under test: the engine, plus the original left behind by the last Copy command
/// with a snapshot of it, to catch copies that share state.
template <class E>
struct Sut {
  E game;
  differential::Comparator comparator;  // compares after every command, at the schedule's depth
  differential::Schedule schedule;
  std::optional<E> abandoned;
  std::string abandoned_position;
  std::uint64_t abandoned_hash = 0;
  std::vector<Point> abandoned_moves;
};

template <class E>
using Command = rc::state::Command<Model, Sut<E>>;

/// Fails the property with `what`, the model's game as a record, and its position.
[[noreturn]] inline void fail(const std::string& what, const Model& model) {
  RC_FAIL(what + "\nModel game (start + moves since the last restart) as a record:\n" +
          differential::record_of(model) + "\nModel position: " + model.position().to_string());
  throw std::logic_error("unreachable");  // RC_FAIL throws; this keeps [[noreturn]] honest
}

/// Compares the SUT with the model after `command`, which made `change`, at the depth the
/// schedule gives it, and checks the abandoned copy is intact.
template <class E>
void expect_agree(const Model& model, Sut<E>& sut, const std::string& command, differential::Change change) {
  std::string diff =
      sut.comparator.first_difference(model, sut.game, sut.schedule.next(change)).value_or("");
  if (!diff.empty()) diff += "\n";
  if (sut.abandoned) {
    const E& old = *sut.abandoned;
    if (old.position().to_string() != sut.abandoned_position || old.hash() != sut.abandoned_hash ||
        old.moves() != sut.abandoned_moves)
      diff += "the game copied away from changed: copies share state\n";
  }
  if (!diff.empty()) fail("after '" + command + "' the engines disagree:\n" + diff, model);
}

/// Plays `p` (legal for the model) on both; effects and states must agree.
template <class E>
void play_both(const Model& model, Sut<E>& sut, Point p, const std::string& command) {
  Model next = model;
  const MoveEffect want = next.play(p);
  MoveEffect got;
  try {
    got = sut.game.play(p);
  } catch (const IllegalMoveError& e) {
    fail("'" + command + "': the engine under test refused a legal move: " + e.what(), model);
  }
  if (!(got == want))
    fail("'" + command + "': MoveEffect " + differential::show(got) + ", reference " + differential::show(want), next);
  expect_agree(next, sut, command, want.removal != Removal::None ? differential::Change::Removal : differential::Change::Plain);
}

template <class E>
struct PlayLegal final : Command<E> {
  Point p;
  explicit PlayLegal(const Model& m) {
    const std::vector<Point> legal = m.legal_moves();
    RC_PRE(!legal.empty());
    p = *rc::gen::elementOf(legal);
  }
  void checkPreconditions(const Model& m) const override { RC_PRE(m.is_legal(p)); }
  void apply(Model& m) const override { m.play(p); }
  void run(const Model& m, Sut<E>& s) const override { play_both(m, s, p, "play " + point_name(p)); }
  void show(std::ostream& os) const override { os << "play " << point_name(p); }
};

template <class E>
struct PlayAny final : Command<E> {
  Point p;
  explicit PlayAny(const Model& m) {
    // One ring beyond the board, so off-board points are tried too.
    p = {*rc::gen::inRange(-1, m.size() + 1), *rc::gen::inRange(-1, m.size() + 1)};
  }
  void apply(Model& m) const override {
    if (m.is_legal(p)) m.play(p);
  }
  void run(const Model& m, Sut<E>& s) const override {
    const std::string command = "try " + point_name(p);
    const std::optional<IllegalReason> want = m.why_illegal(p);
    if (!want) return play_both(m, s, p, command);
    try {
      s.game.play(p);
    } catch (const IllegalMoveError& e) {
      if (e.reason() != *want || !(e.point() == p) || e.player() != m.to_move())
        fail("'" + command + "': refused with '" + illegal_reason_text(e.reason()) + "' for " +
                 color_char(e.player()) + " at " + point_name(e.point()) + ", reference says '" +
                 illegal_reason_text(*want) + "'",
             m);
      return expect_agree(m, s, command, differential::Change::Plain);  // a refused move leaves the state unchanged
    }
    fail("'" + command + "': the engine under test accepted an illegal move (" +
             illegal_reason_text(*want) + ")",
         m);
  }
  void show(std::ostream& os) const override { os << "try " << point_name(p); }
};

template <class E>
struct Undo final : Command<E> {
  void apply(Model& m) const override {
    if (m.ply() > 0) m.undo();
  }
  void run(const Model& m, Sut<E>& s) const override {
    if (m.ply() == 0) {
      try {
        s.game.undo();
      } catch (const UsageError&) {
        return expect_agree(m, s, "undo (nothing to undo)", differential::Change::Plain);
      }
      fail("'undo' with no move played did not throw UsageError", m);
    }
    Model next = m;
    next.undo();
    s.game.undo();
    expect_agree(next, s, "undo", m.history().back().removed.empty() ? differential::Change::Plain : differential::Change::Removal);
  }
  void show(std::ostream& os) const override { os << "undo"; }
};

template <class E>
struct Copy final : Command<E> {
  void run(const Model& m, Sut<E>& s) const override {
    // Copy-construct, keep the original aside, continue on a copy-assigned copy.
    const E copy(s.game);
    s.abandoned.emplace(std::move(s.game));
    s.game = copy;
    s.abandoned_position = s.abandoned->position().to_string();
    s.abandoned_hash = s.abandoned->hash();
    s.abandoned_moves = s.abandoned->moves();
    expect_agree(m, s, "copy", differential::Change::Copy);
  }
  void show(std::ostream& os) const override { os << "copy"; }
};

template <class E>
struct Restart final : Command<E> {
  std::optional<Variant> variant;  // restart from this opening, or else from `start`
  Position start;
  explicit Restart(const Model&) {
    const GameSpec spec = *gen_game_spec(80, kAllPolicies);
    if (*rc::gen::weightedElement<bool>({{1, true}, {2, false}}))
      variant = spec.variant;
    else
      start = reachable_position(spec);
  }
  void apply(Model& m) const override { m = variant ? Model(*variant) : Model(start); }
  void run(const Model& m, Sut<E>& s) const override {
    const Model next = variant ? Model(*variant) : Model(start);
    s.game = variant ? E(*variant) : E(Position::parse(start.to_string()));  // via the string
    s.abandoned.reset();
    expect_agree(next, s, "restart", differential::Change::Copy);
    (void)m;
  }
  void show(std::ostream& os) const override {
    if (variant)
      os << "restart " << variant->name();
    else
      os << "restart from \"" << start.to_string() << "\"";
  }
};

/// The property: a random small variant, then a random command sequence (rc::state::check
/// shrinks it to a minimal failing one).
template <class E>
void property(int max_size = 13) {
  const Variant v = *gen_variant(max_size);
  const Model model(v);
  Sut<E> sut{E(v), {}, {}, std::nullopt, {}, 0, {}};
  expect_agree(model, sut, "start", differential::Change::Copy);
  // Sizes scaled x3: sequences of up to ~300 commands, long enough to reach game ends.
  const auto commands = *rc::gen::scale(
      3.0, rc::state::gen::commands(
               model, rc::state::gen::execOneOfWithArgs<PlayLegal<E>, PlayLegal<E>, PlayLegal<E>,
                                                        PlayLegal<E>, PlayLegal<E>, PlayLegal<E>,
                                                        PlayAny<E>, PlayAny<E>, Undo<E>, Undo<E>,
                                                        Copy<E>, Restart<E>>()));
  const std::size_t n = commands.size();
  RC_TAG(n < 10 ? "0-9 commands" : n < 100 ? "10-99 commands" : n < 200 ? "100-199 commands" : "200+ commands");
  rc::state::runAll(commands, model, sut);
}

}  // namespace tanbo::props::stateful
