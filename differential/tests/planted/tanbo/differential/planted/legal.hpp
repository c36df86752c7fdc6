// Planted bugs in the legal set and in refusals: legal_moves(), legal_move_count(), is_legal(),
// why_illegal() and what play() accepts or refuses (rules 3 and 5). Each wraps optimized::Game
// (forwarding.hpp) and gets one thing wrong; the index of every planted bug is differential/PLANTED.md.
#pragma once

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/differential/forwarding.hpp"

namespace tanbo::differential::planted {

/// Forgets a legal move on crowded boards: the last one when there are more than 40.
// check-map: planted DropsLegalMove [rule5]
struct DropsLegalMove : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    auto m = inner().legal_moves();
    if (m.size() > 40) m.pop_back();
    return m;
  }
  int legal_move_count() const noexcept { return static_cast<int>(legal_moves().size()); }
};

/// legal_moves() omits column A whenever column B has a legal move.
// check-map: planted AsymmetricLegal [rule3]
struct AsymmetricLegal : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    std::vector<Point> legal = inner().legal_moves();
    bool column_b = false;
    for (const Point p : legal) column_b = column_b || p.x == 1;
    if (column_b) std::erase_if(legal, [](Point p) { return p.x == 0; });
    return legal;
  }
};

/// Same size of legal set, one legal point replaced by an occupied one.
// check-map: planted LegalSetSwapped [rule5]
struct LegalSetSwapped : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    const Position pos = position();
    for (int y = 0; y < pos.size(); ++y)
      for (int x = 0; x < pos.size(); ++x)
        if (pos.at({x, y}) != Cell::Empty) {
          m.back() = {x, y};
          return m;
        }
    return m;
  }
};

/// Same size of legal set, the first move twice, the last missing.
// check-map: planted LegalSetDuplicate [rule5]
struct LegalSetDuplicate : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    m.back() = m.front();
    return m;
  }
};

/// The right legal set in the wrong order.
// check-map: planted LegalMovesReversed [internals]
struct LegalMovesReversed : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    std::reverse(m.begin(), m.end());
    return m;
  }
};

/// legal_move_count() is one more than legal_moves() has.
// check-map: planted MiscountsLegalMoves [rule5]
struct MiscountsLegalMoves : Wrapped {
  using Wrapped::Wrapped;
  int legal_move_count() const { return inner().legal_move_count() + 1; }
};

/// No legal moves once a move has been played, though both sides have stones.
// check-map: planted NoLegalMovesAfterFirstMove [rule5]
struct NoLegalMovesAfterFirstMove : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const { return ply() > 0 ? std::vector<Point>{} : inner().legal_moves(); }
  int legal_move_count() const { return static_cast<int>(legal_moves().size()); }
};

/// Lists A1 as a legal move once the game is over.
// check-map: planted LegalMovesAfterEnd [rule7]
struct LegalMovesAfterEnd : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    return inner().is_over() ? std::vector<Point>{Point{0, 0}} : inner().legal_moves();
  }
  int legal_move_count() const { return static_cast<int>(legal_moves().size()); }
};

/// From ply 2 on, legal_moves() throws std::runtime_error (so do the comparison and describing it).
// check-map: planted LegalMovesThrowFromPly2 [errors]
struct LegalMovesThrowFromPly2 : Wrapped {
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    if (ply() >= 2) throw std::runtime_error("planted: no list today");
    return inner().legal_moves();
  }
};

/// is_legal() refuses the first legal move, from ply `kFromPly` on (from ply 2, only a Full
/// comparison or a probe of the differential driver sees it).
template <int kFromPly = 0>
// check-map: planted RefusesFirstLegalMove [rule3]
struct RefusesFirstLegalMove : Wrapped {
  using Wrapped::Wrapped;
  bool is_legal(Point p) const {
    return inner().is_legal(p) && !(ply() >= kFromPly && p == inner().legal_moves().front());
  }
};

/// why_illegal() calls an occupied point "no friendly neighbour", from ply `kFromPly` on.
template <int kFromPly = 0>
// check-map: planted OccupiedCalledNoFriend [rule3]
struct OccupiedCalledNoFriend : Wrapped {
  using Wrapped::Wrapped;
  std::optional<IllegalReason> why_illegal(Point p) const {
    const auto r = inner().why_illegal(p);
    return ply() >= kFromPly && r == IllegalReason::Occupied ? IllegalReason::NoFriendlyNeighbour : r;
  }
};

/// Calls a move with two friendly neighbours "no friendly neighbour", in why_illegal() and play().
// check-map: planted MislabelsSeveralFriendlyNeighbours [rule3]
struct MislabelsSeveralFriendlyNeighbours : Wrapped {
  using Wrapped::Wrapped;
  std::optional<IllegalReason> why_illegal(Point p) const noexcept {
    auto r = inner().why_illegal(p);
    return r == IllegalReason::SeveralFriendlyNeighbours ? IllegalReason::NoFriendlyNeighbour : r;
  }
  MoveEffect play(Point p) {
    if (inner().why_illegal(p) == IllegalReason::SeveralFriendlyNeighbours)
      throw IllegalMoveError(p, inner().to_move(), IllegalReason::NoFriendlyNeighbour);
    return inner().play(p);
  }
};

/// play() throws "no friendly neighbour" for "several friendly neighbours" (why_illegal() is right).
// check-map: planted PlayThrowsWrongReason [rule3]
struct PlayThrowsWrongReason : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (inner().why_illegal(p) == IllegalReason::SeveralFriendlyNeighbours)
      throw IllegalMoveError(p, to_move(), IllegalReason::NoFriendlyNeighbour);
    return inner().play(p);
  }
};

/// Accepts a move on an occupied point: it plays its first legal move instead and reports the
/// occupied point as the move (likewise AcceptsSeveralFriendlyNeighbours and
/// AcceptsNoFriendlyNeighbour: a stone touching two friendly stones, or none).
template <IllegalReason kAccepted>
struct AcceptsIllegal : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (!on_board(p, size()) || inner().why_illegal(p) != kAccepted) {
      accepted_.reset();
      return inner().play(p);
    }
    const MoveEffect e = inner().play(inner().legal_moves().front());
    accepted_ = p;
    return e;
  }
  void undo() {
    inner().undo();
    accepted_.reset();
  }
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    if (accepted_) r.move = *accepted_;
    return r;
  }

 private:
  std::optional<Point> accepted_;
};

// check-map: planted AcceptsOccupiedPoint [rule3]
struct AcceptsOccupiedPoint : AcceptsIllegal<IllegalReason::Occupied> {
  using AcceptsIllegal::AcceptsIllegal;
};

// check-map: planted AcceptsSeveralFriendlyNeighbours [rule3]
struct AcceptsSeveralFriendlyNeighbours : AcceptsIllegal<IllegalReason::SeveralFriendlyNeighbours> {
  using AcceptsIllegal::AcceptsIllegal;
};

// check-map: planted AcceptsNoFriendlyNeighbour [rule3]
struct AcceptsNoFriendlyNeighbour : AcceptsIllegal<IllegalReason::NoFriendlyNeighbour> {
  using AcceptsIllegal::AcceptsIllegal;
};

/// Silently ignores moves once the game is over instead of throwing.
// check-map: planted AcceptsMovesAfterEnd [rule7]
struct AcceptsMovesAfterEnd : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (inner().is_over()) return {};
    return inner().play(p);
  }
};

/// play() refuses the second move, legal or not, as occupied.
// check-map: planted RefusesSecondMove [rule3]
struct RefusesSecondMove : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (ply() == 1) throw IllegalMoveError(p, to_move(), IllegalReason::Occupied);
    return inner().play(p);
  }
};

/// play() throws std::runtime_error instead of playing the second move.
// check-map: planted PlayThrowsOther [errors]
struct PlayThrowsOther : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (ply() == 1) throw std::runtime_error("planted: out of stones");
    return inner().play(p);
  }
};

}  // namespace tanbo::differential::planted
