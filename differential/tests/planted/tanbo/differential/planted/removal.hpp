// Planted bugs in what a move reports and removes (rule 6): play()'s effect, last_result()'s
// move, player, removal kind and removed stones, and the stones position() keeps. Each wraps
// optimized::Game (forwarding.hpp); most edit the truth after each real move (TamperedMoves),
// and Only<Bug> narrows one to the moves of one side and one case of rule 6. The
// index of every planted bug is differential/PLANTED.md.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/differential/forwarding.hpp"

namespace tanbo::differential::planted {

/// Loses the last removed stone from last_result() when a move removes three or more stones
/// of several roots (rule 6, second case).
// check-map: planted ShortRemovalList [rule6]
struct ShortRemovalList : Wrapped {
  using Wrapped::Wrapped;
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    if (r.removal == Removal::BoundedRoots && r.removed.size() >= 3) r.removed.pop_back();
    return r;
  }
};

/// last_result() forgets one stone when both colours are removed.
// check-map: planted DropRemovedStone [rule6]
struct DropRemovedStone : Wrapped {
  using Wrapped::Wrapped;
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    const optimized::MoveRecord& rec = inner().records().back();
    if (rec.removed_black > 0 && rec.removed_white > 0) r.removed.pop_back();
    return r;
  }
};

/// play() returns one Black stone removed more than it removed.
// check-map: planted MiscountsPlayedRemovals [rule6]
struct MiscountsPlayedRemovals : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    MoveEffect e = inner().play(p);
    ++e.removed_black;
    return e;
  }
};

/// Base of the planted bugs that falsify what a move reports: `Bug::tamper(before, result,
/// effect)` edits the truth after each real move, play() returns the edited effect and
/// last_result() the edited result.
template <class Bug>
struct TamperedMoves : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    const Position before = inner().position();
    MoveEffect e = inner().play(p);
    MoveResult r = inner().last_result();
    static_cast<const Bug&>(*this).tamper(before, r, e);
    results_.push_back(std::move(r));
    return e;
  }
  void undo() {
    inner().undo();
    if (!results_.empty()) results_.pop_back();
  }
  MoveResult last_result() const { return results_.empty() ? inner().last_result() : results_.back(); }

 private:
  std::vector<MoveResult> results_;
};

namespace impl {
// Adds `stones` to the removed list of `r` (kept sorted) and to the counts of `e`.
inline void also_removed(const Position& board, const std::vector<Point>& stones, MoveResult& r, MoveEffect& e) {
  for (const Point s : stones) {
    (board.at(s) == Cell::Black ? e.removed_black : e.removed_white) += 1;
    r.removed.insert(std::lower_bound(r.removed.begin(), r.removed.end(), s), s);
  }
}
// Adds up to `wanted` whole enemy roots the move did not touch to the removal of `r`, if it has
// that many.
inline void add_enemy_roots(const Position& before, std::size_t wanted, MoveResult& r, MoveEffect& e) {
  std::vector<Point> extra;
  std::size_t roots = 0;
  for (const reference::Root& root : reference::all_roots(before)) {
    if (root.color == r.player || roots == wanted) continue;
    const auto touched = [&](Point s) {
      return std::binary_search(r.removed.begin(), r.removed.end(), s) || std::abs(s.x - r.move.x) + std::abs(s.y - r.move.y) <= 1;
    };
    if (std::any_of(root.stones.begin(), root.stones.end(), touched)) continue;
    extra.insert(extra.end(), root.stones.begin(), root.stones.end());
    ++roots;
  }
  if (roots == wanted) also_removed(before, extra, r, e);
}
}  // namespace impl

/// last_result() names a point off the board as the move.
// check-map: planted WrongResultMove [rule6]
struct WrongResultMove : TamperedMoves<WrongResultMove> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { r.move = {-1, -1}; }
};

/// last_result() names the wrong player.
// check-map: planted WrongResultPlayer [rule6]
struct WrongResultPlayer : TamperedMoves<WrongResultPlayer> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { r.player = opponent(r.player); }
};

/// last_result() says "no removal" when play() reported one.
// check-map: planted ResultRemovalDiffers [rule6]
struct ResultRemovalDiffers : TamperedMoves<ResultRemovalDiffers> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { r.removal = Removal::None; }
};

/// Lists the removed stones in reverse order.
// check-map: planted UnsortedRemovalList [rule6]
struct UnsortedRemovalList : TamperedMoves<UnsortedRemovalList> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { std::reverse(r.removed.begin(), r.removed.end()); }
};

/// Lists the first removed stone twice.
// check-map: planted RepeatsRemovedStone [rule6]
struct RepeatsRemovedStone : TamperedMoves<RepeatsRemovedStone> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) {
    if (!r.removed.empty()) r.removed.insert(r.removed.begin(), r.removed.front());
  }
};

/// Lists a stone off the board among the removed ones.
// check-map: planted RemovesOffBoardStone [rule6]
struct RemovesOffBoardStone : TamperedMoves<RemovesOffBoardStone> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) {
    if (!r.removed.empty()) r.removed.insert(r.removed.begin(), Point{-1, -1});
  }
};

/// play() counts one Black stone too many whenever stones are removed.
// check-map: planted MiscountsRemovedStones [rule6]
struct MiscountsRemovedStones : TamperedMoves<MiscountsRemovedStones> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) { e.removed_black += !r.removed.empty(); }
};

/// An expanded root is reported removed without its last stone (counts adjusted to match).
// check-map: planted RemovesPartOfRoot [rule6]
struct RemovesPartOfRoot : TamperedMoves<RemovesPartOfRoot> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal != Removal::ExpandedRoot) return;  // that root has two stones or more
    (r.player == Color::Black ? e.removed_black : e.removed_white) -= 1;
    r.removed.pop_back();
  }
};

/// A removal also lists two whole enemy roots (counts adjusted to match).
// check-map: planted RemovesTwoEnemyRoots [rule6]
struct RemovesTwoEnemyRoots : TamperedMoves<RemovesTwoEnemyRoots> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position& before, MoveResult& r, MoveEffect& e) {
    if (r.removal != Removal::None) impl::add_enemy_roots(before, 2, r, e);
  }
};

/// An expanded-root removal also lists one whole enemy root (counts adjusted to match).
// check-map: planted ExpandedRemovalTakesEnemyRoot [rule6]
struct ExpandedRemovalTakesEnemyRoot : TamperedMoves<ExpandedRemovalTakesEnemyRoot> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position& before, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::ExpandedRoot) impl::add_enemy_roots(before, 1, r, e);
  }
};

/// Every move also lists an empty point as removed.
// check-map: planted RemovesEmptyPoint [rule6]
struct RemovesEmptyPoint : TamperedMoves<RemovesEmptyPoint> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position& before, MoveResult& r, MoveEffect&) {
    for (int i = 0; i < before.size() * before.size(); ++i) {
      const Point p{i % before.size(), i / before.size()};
      if (before.at(p) != Cell::Empty || p == r.move) continue;
      r.removed.insert(std::lower_bound(r.removed.begin(), r.removed.end(), p), p);
      return;
    }
  }
};

/// Removal kind "none" (in play() and last_result()) for moves that remove stones.
// check-map: planted RemovalKindNone [rule6]
struct RemovalKindNone : TamperedMoves<RemovalKindNone> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) { r.removal = e.removal = Removal::None; }
};

/// Calls a bounded-roots removal an expanded-root removal.
// check-map: planted CallsBoundedRemovalExpanded [rule6]
struct CallsBoundedRemovalExpanded : TamperedMoves<CallsBoundedRemovalExpanded> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::BoundedRoots) r.removal = e.removal = Removal::ExpandedRoot;
  }
};

/// Calls a move without removal a bounded-roots removal.
// check-map: planted CallsPlainMoveBoundedRemoval [rule6]
struct CallsPlainMoveBoundedRemoval : TamperedMoves<CallsPlainMoveBoundedRemoval> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::None) r.removal = e.removal = Removal::BoundedRoots;
  }
};

/// Calls an expanded-root removal a bounded-roots removal.
// check-map: planted CallsExpandedRemovalBounded [rule6]
struct CallsExpandedRemovalBounded : TamperedMoves<CallsExpandedRemovalBounded> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::ExpandedRoot) r.removal = e.removal = Removal::BoundedRoots;
  }
};

/// `Bug`'s tampering narrowed to the moves of `mover` and, when `kind` is set, to the removals of
/// that kind: a check that must see a bug whoever moves, and in each case of rule 6, is shown to
/// catch every narrowing (differential/tests/consequences_test.cpp).
template <class Bug>
struct Only : TamperedMoves<Only<Bug>> {
  using TamperedMoves<Only>::TamperedMoves;
  Color mover = Color::Black;
  std::optional<Removal> kind;
  void tamper(const Position& before, MoveResult& r, MoveEffect& e) const {
    if (r.player == mover && (!kind || r.removal == *kind)) Bug::tamper(before, r, e);
  }
};

/// Base of the planted bugs whose position() still shows the stones the last move removed:
/// with kHide, play() and last_result() also say nothing was removed.
template <bool kHide>
struct RemovedStonesStay : Wrapped {
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    const Position before = inner().position();
    const MoveEffect e = inner().play(p);
    ghosts_.clear();
    for (const Point s : inner().last_result().removed)
      ghosts_.push_back({s, s == p ? stone(before.to_move()) : before.at(s)});
    return kHide ? MoveEffect{} : e;
  }
  void undo() {
    inner().undo();
    ghosts_.clear();
  }
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    if (kHide) r.removal = Removal::None, r.removed.clear();
    return r;
  }
  Position position() const {
    Position p = inner().position();
    for (const auto& [s, c] : ghosts_) p.set(s, c);
    return p;
  }

 private:
  std::vector<std::pair<Point, Cell>> ghosts_;
};

/// The removed stones stay on the board position() shows (the move reports them removed).
// check-map: planted ShowsRemovedStones [rule6]
struct ShowsRemovedStones : RemovedStonesStay<false> {
  using RemovedStonesStay::RemovedStonesStay;
};

/// Never removes anything as far as one can see: a bounded root survives into the next turn.
// check-map: planted HidesRemoval [rule6]
struct HidesRemoval : RemovedStonesStay<true> {
  using RemovedStonesStay::RemovedStonesStay;
};

/// Whose roots KeepsBoundedRoot keeps: the side that just moved, or the side to move next.
enum class Whose { Mover, NextToMove };

/// Rule 6 half done: the roots of `kWhose` that a removal of kind `kBranch` takes stay on the
/// board, and play(), last_result() and position() all agree that they stay (the removal lists
/// only the other stones, and says "none" when nothing else went), so nothing but the bounded
/// root at the start of the next turn gives the bug away. Each branch and side the rules remove
/// from has one: <Mover, ExpandedRoot> (case 1), <Mover, BoundedRoots> and <NextToMove,
/// BoundedRoots> (case 2: your own other roots, and the opponent's).
template <Whose kWhose, Removal kBranch>
// check-map: planted KeepsBoundedRoot [rule6]
struct KeepsBoundedRoot : TamperedMoves<KeepsBoundedRoot<kWhose, kBranch>> {
  using TamperedMoves<KeepsBoundedRoot>::TamperedMoves;
  static Color whose(const MoveResult& r) { return kWhose == Whose::Mover ? r.player : opponent(r.player); }
  static void tamper(const Position& before, MoveResult& r, MoveEffect& e) {
    if (r.removal != kBranch) return;
    const Color kept = whose(r);
    std::erase_if(r.removed, [&](Point s) {
      const Cell c = s == r.move ? stone(r.player) : before.at(s);
      if (c != stone(kept)) return false;
      (kept == Color::Black ? e.removed_black : e.removed_white) -= 1;
      return true;
    });
    if (r.removed.empty()) r.removal = e.removal = Removal::None;
  }
  /// The board with the stones the last move's removal no longer lists put back.
  Position position() const {
    Position pos = this->inner().position();
    if (this->ply() == 0) return pos;
    const MoveResult truth = this->inner().last_result();
    const MoveResult shown = this->last_result();
    for (const Point s : truth.removed)
      if (!std::binary_search(shown.removed.begin(), shown.removed.end(), s)) pos.set(s, stone(whose(truth)));
    return pos;
  }
};

}  // namespace tanbo::differential::planted
