// Planted bugs in a game's life: starts it accepts or refuses, copies, undo, and the history
// it reports (moves(), start_position(), last_result() at the start). Each wraps
// optimized::Game (forwarding.hpp) and gets one thing wrong; the index of every planted bug is
// differential/PLANTED.md.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/differential/forwarding.hpp"

namespace tanbo::differential::planted {

/// Refuses every start (its constructors throw).
// check-map: planted RefusesStarts [errors]
struct RefusesStarts : Wrapped {
  explicit RefusesStarts(const Variant&) { refuse(); }
  explicit RefusesStarts(const Position&) { refuse(); }

 private:
  [[noreturn]] static void refuse() { throw InvalidPositionError("planted: no start is good enough"); }
};

/// Accepts a start the rules refuse, playing lattice-5 instead.
// check-map: planted AcceptsInvalidStarts [rule5][errors]
struct AcceptsInvalidStarts : Wrapped {
  using Wrapped::Wrapped;
  explicit AcceptsInvalidStarts(const Position& p)
      : Wrapped(reference::position_problem(p) ? opening(Variant::lattice(5)) : p) {}
};

/// Refuses a start the rules refuse, in other words than the reference.
// check-map: planted RewordsStartErrors [errors]
struct RewordsStartErrors : Wrapped {
  using Wrapped::Wrapped;
  explicit RewordsStartErrors(const Position& p) : Wrapped(checked(p)) {}

 private:
  static const Position& checked(const Position& p) {
    if (reference::position_problem(p)) throw InvalidPositionError("planted: not a start");
    return p;
  }
};

/// start_position() has the other side to move.
// check-map: planted WrongStartMover [rule2]
struct WrongStartMover : Wrapped {
  explicit WrongStartMover(const Variant& v) : Wrapped(v), start_(opening(v)) { start_.set_to_move(Color::White); }
  explicit WrongStartMover(const Position& p) : Wrapped(p), start_(p) { start_.set_to_move(opponent(p.to_move())); }
  const Position& start_position() const { return start_; }

 private:
  Position start_;
};

/// Copies lose the move history (the copy restarts from the current position).
// check-map: planted CopyForgetsHistory [history]
struct CopyForgetsHistory : Wrapped {
  using Wrapped::Wrapped;
  CopyForgetsHistory(const CopyForgetsHistory& o) : Wrapped(o.position()) {}
  CopyForgetsHistory& operator=(const CopyForgetsHistory& o) {
    reset(o.position());
    return *this;
  }
  CopyForgetsHistory(CopyForgetsHistory&&) = default;
  CopyForgetsHistory& operator=(CopyForgetsHistory&&) = default;
};

/// Copy-construction throws (moves work).
// check-map: planted CopyThrows [history]
struct CopyThrows : Wrapped {
  using Wrapped::Wrapped;
  CopyThrows(const CopyThrows& o) : Wrapped(o) { throw std::runtime_error("planted: copying fails"); }
  CopyThrows(CopyThrows&&) = default;
  CopyThrows& operator=(const CopyThrows&) = default;
  CopyThrows& operator=(CopyThrows&&) = default;
  ~CopyThrows() = default;
};

/// Copies share one game (a shallow copy).
// check-map: planted SharedCopies [history]
struct SharedCopies : Forwarding<std::shared_ptr<optimized::Game>> {
  using Forwarding::Forwarding;
};

/// undo() at the start does nothing instead of throwing UsageError.
// check-map: planted UndoesNothingAtStart [history]
struct UndoesNothingAtStart : Wrapped {
  using Wrapped::Wrapped;
  void undo() {
    if (ply() > 0) inner().undo();
  }
};

/// Reports a wrong hash (one bit flipped) after any undo until the next move is played.
// check-map: planted HashFlippedAfterUndo [history]
struct HashFlippedAfterUndo : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    stale_ = false;
    return inner().play(p);
  }
  void undo() {
    inner().undo();
    stale_ = true;
  }
  std::uint64_t hash() const noexcept { return stale_ ? inner().hash() ^ 1u : inner().hash(); }

 private:
  bool stale_ = false;
};

/// hash() is not updated by undoing a move that removed stones (until the next move).
// check-map: planted HashKeptAfterUndoingRemoval [history]
struct HashKeptAfterUndoingRemoval : Wrapped {
  using Wrapped::Wrapped;
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

/// moves() loses the last move.
// check-map: planted MovesLoseLast [history]
struct MovesLoseLast : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> moves() const {
    std::vector<Point> m = inner().moves();
    if (!m.empty()) m.pop_back();
    return m;
  }
};

/// Wrong only at Depth::Full, and only from ply 5 on: moves() loses its first move.
// check-map: planted MovesLoseFirstFromPly5 [history]
struct MovesLoseFirstFromPly5 : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> moves() const {
    std::vector<Point> m = inner().moves();
    if (m.size() >= 5) m.erase(m.begin());
    return m;
  }
};

/// last_result() does not throw at ply 0.
// check-map: planted LastResultAtStart [history]
struct LastResultAtStart : Wrapped {
  using Wrapped::Wrapped;
  MoveResult last_result() const { return ply() == 0 ? MoveResult{} : inner().last_result(); }
};

}  // namespace tanbo::differential::planted
