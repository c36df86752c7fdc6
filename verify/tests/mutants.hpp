// Deliberately broken engines for testing the tester: each wraps tanbo::optimized::Game and
// gets one observable thing wrong in a rare situation, the way real incremental-engine bugs do.
#pragma once

#include <string>
#include <vector>

#include "tanbo/verify/forwarding.hpp"

namespace tanbo::verify::mutants {

/// optimized::Game behind the one forwarding engine; mutants hide one member.
using Wrapped = Forwarding<>;

/// Forgets a legal move on crowded boards: the last one when there are more than 40.
class DropsLegalMove : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    auto m = inner().legal_moves();
    if (m.size() > 40) m.pop_back();
    return m;
  }
  int legal_move_count() const noexcept { return static_cast<int>(legal_moves().size()); }
};

/// Reports a stale hash after an undo until the next move is played.
class StaleHashAfterUndo : public Wrapped {
 public:
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

/// Loses the last removed stone from last_result() when a move removes three or more stones
/// of several roots (rule 6, second case).
class ShortRemovalList : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    if (r.removal == Removal::BoundedRoots && r.removed.size() >= 3) r.removed.pop_back();
    return r;
  }
};

/// Calls a move with two friendly neighbours "no friendly neighbour".
class WrongIllegalReason : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<IllegalReason> why_illegal(Point p) const noexcept {
    auto r = inner().why_illegal(p);
    return r == IllegalReason::SeveralFriendlyNeighbours ? IllegalReason::NoFriendlyNeighbour : r;
  }
  MoveEffect play(Point p) {
    if (why_illegal(p) == IllegalReason::NoFriendlyNeighbour &&
        inner().why_illegal(p) == IllegalReason::SeveralFriendlyNeighbours)
      throw IllegalMoveError(p, inner().to_move(), IllegalReason::NoFriendlyNeighbour);
    return inner().play(p);
  }
};

/// Silently ignores moves once the game is over instead of throwing.
class AcceptsMovesAfterEnd : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (inner().is_over()) return {};
    return inner().play(p);
  }
};

/// Copies lose the move history (the copy restarts from the current position).
class CopyForgetsHistory : public Wrapped {
 public:
  using Wrapped::Wrapped;
  CopyForgetsHistory(const CopyForgetsHistory& o) : Wrapped(o.position()) {}
  CopyForgetsHistory& operator=(const CopyForgetsHistory& o) {
    reset(o.position());
    return *this;
  }
  CopyForgetsHistory(CopyForgetsHistory&&) = default;
  CopyForgetsHistory& operator=(CopyForgetsHistory&&) = default;
};

}  // namespace tanbo::verify::mutants
