// Deliberately broken engines for testing the tester: each wraps tanbo::optimized::Game and
// gets one observable thing wrong in a rare situation, the way real incremental-engine bugs do.
#pragma once

#include <string>
#include <vector>

#include "tanbo/optimized/game.hpp"

namespace tanbo::verify::mutants {

/// Forwards the whole Engine API to optimized::Game; mutants hide one member.
class Wrapped {
 public:
  explicit Wrapped(const Variant& v = Variant::classic()) : g_(v) {}
  explicit Wrapped(const Position& p) : g_(p) {}
  int size() const noexcept { return g_.size(); }
  Cell at(Point p) const { return g_.at(p); }
  Color to_move() const noexcept { return g_.to_move(); }
  int ply() const noexcept { return g_.ply(); }
  bool is_over() const noexcept { return g_.is_over(); }
  std::optional<Color> winner() const noexcept { return g_.winner(); }
  int stone_count(Color c) const noexcept { return g_.stone_count(c); }
  bool is_legal(Point p) const noexcept { return g_.is_legal(p); }
  std::optional<IllegalReason> why_illegal(Point p) const noexcept { return g_.why_illegal(p); }
  std::vector<Point> legal_moves() const { return g_.legal_moves(); }
  int legal_move_count() const noexcept { return g_.legal_move_count(); }
  MoveEffect play(Point p) { return g_.play(p); }
  void undo() { g_.undo(); }
  MoveResult last_result() const { return g_.last_result(); }
  std::vector<Point> moves() const { return g_.moves(); }
  Position position() const { return g_.position(); }
  const Position& start_position() const noexcept { return g_.start_position(); }
  std::uint64_t hash() const noexcept { return g_.hash(); }
  std::optional<std::string> check_consistency() const { return g_.check_consistency(); }

 protected:
  optimized::Game g_;
};

/// Forgets a legal move on crowded boards: the last one when there are more than 40.
class DropsLegalMove : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    auto m = g_.legal_moves();
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
    return g_.play(p);
  }
  void undo() {
    g_.undo();
    stale_ = true;
  }
  std::uint64_t hash() const noexcept { return stale_ ? g_.hash() ^ 1u : g_.hash(); }

 private:
  bool stale_ = false;
};

/// Loses the last removed stone from last_result() when a move removes three or more stones
/// of several roots (rule 6, second case).
class ShortRemovalList : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveResult last_result() const {
    MoveResult r = g_.last_result();
    if (r.removal == Removal::BoundedRoots && r.removed.size() >= 3) r.removed.pop_back();
    return r;
  }
};

/// Calls a move with two friendly neighbours "no friendly neighbour".
class WrongIllegalReason : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<IllegalReason> why_illegal(Point p) const noexcept {
    auto r = g_.why_illegal(p);
    return r == IllegalReason::SeveralFriendlyNeighbours ? IllegalReason::NoFriendlyNeighbour : r;
  }
  MoveEffect play(Point p) {
    if (why_illegal(p) == IllegalReason::NoFriendlyNeighbour &&
        g_.why_illegal(p) == IllegalReason::SeveralFriendlyNeighbours)
      throw IllegalMoveError(p, g_.to_move(), IllegalReason::NoFriendlyNeighbour);
    return g_.play(p);
  }
};

/// Silently ignores moves once the game is over instead of throwing.
class AcceptsMovesAfterEnd : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (g_.is_over()) return {};
    return g_.play(p);
  }
};

/// Copies lose the move history (the copy restarts from the current position).
class CopyForgetsHistory : public Wrapped {
 public:
  using Wrapped::Wrapped;
  CopyForgetsHistory(const CopyForgetsHistory& o) : Wrapped(o.g_.position()) {}
  CopyForgetsHistory& operator=(const CopyForgetsHistory& o) {
    g_ = optimized::Game(o.g_.position());
    return *this;
  }
  CopyForgetsHistory(CopyForgetsHistory&&) = default;
  CopyForgetsHistory& operator=(CopyForgetsHistory&&) = default;
};

}  // namespace tanbo::verify::mutants
