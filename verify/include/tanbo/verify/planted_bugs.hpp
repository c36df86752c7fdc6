// The one catalog of planted-bug wrappers: deliberately broken engines, each wrapping
// tanbo::optimized::Game behind the forwarding engine (forwarding.hpp) and getting one
// observable thing wrong, so tests prove that a checker notices that bug. Names are unique across
// the project; mutation/ is the other catalog (source mutants of the engines themselves).
//   Differential driver and campaigns (verify/tests/mutants_test.cpp): DropsLegalMove ..
//   CopyForgetsHistory. Comparator depths (verify/tests/comparator_test.cpp): WrongSize ..
//   InconsistentAfterRemoval. The driver's other report paths (driver_reports_test.cpp):
//   HashUpdatedOnlyWhenRead .. MiscountsPlayedRemovals.
//   Properties (properties/test_planted_bugs.cpp): DropRemovedStone .. AsymmetricLegal.
//   Rule-consequence oracle (verify/tests/consequences_test.cpp): one wrapper per consequence
//   consequences.hpp lists, each violating exactly that one (ReportsEmptyBoard .. InflatesPly).
// Test-only: nothing in a product links against these.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/verify/forwarding.hpp"

namespace tanbo::verify::planted {

/// optimized::Game behind the one forwarding engine; every planted bug hides one member.
using Wrapped = Forwarding<>;

/// One engine type for several planted bugs: a game made by maker<Bug>() behaves as `Bug`. A
/// checker is a template, and coverage counts each of its branches in one instantiation, the
/// best: run on OneOf, the one instantiation has to report every bug of the list, as the single
/// instantiation a campaign runs would. Made only by a Maker (it has no start-only constructor:
/// the start does not say which bug), which is what the driver takes (driver.hpp, Driver's Make).
template <class... Bugs>
class OneOf {
 public:
  /// Makes OneOf games of one bug from a variant or a start position.
  struct Maker {
    OneOf (*from_variant)(const Variant&);
    OneOf (*from_position)(const Position&);
    OneOf operator()(const Variant& v) const { return from_variant(v); }
    OneOf operator()(const Position& p) const { return from_position(p); }
  };
  /// The Maker of games that behave as `Bug`.
  template <class Bug>
  static Maker maker() {
    return {[](const Variant& v) { return OneOf(Bug(v)); }, [](const Position& p) { return OneOf(Bug(p)); }};
  }

  int size() const { return call([](const auto& g) { return g.size(); }); }
  Cell at(Point p) const { return call([&](const auto& g) { return g.at(p); }); }
  Color to_move() const { return call([](const auto& g) { return g.to_move(); }); }
  int ply() const { return call([](const auto& g) { return g.ply(); }); }
  bool is_over() const { return call([](const auto& g) { return g.is_over(); }); }
  std::optional<Color> winner() const { return call([](const auto& g) { return g.winner(); }); }
  int stone_count(Color c) const { return call([&](const auto& g) { return g.stone_count(c); }); }
  bool is_legal(Point p) const { return call([&](const auto& g) { return g.is_legal(p); }); }
  std::optional<IllegalReason> why_illegal(Point p) const {
    return call([&](const auto& g) { return g.why_illegal(p); });
  }
  std::vector<Point> legal_moves() const { return call([](const auto& g) { return g.legal_moves(); }); }
  int legal_move_count() const { return call([](const auto& g) { return g.legal_move_count(); }); }
  MoveEffect play(Point p) { return std::visit([&](auto& g) { return g.play(p); }, game_); }
  void undo() { std::visit([](auto& g) { g.undo(); }, game_); }
  MoveResult last_result() const { return call([](const auto& g) { return g.last_result(); }); }
  std::vector<Point> moves() const { return call([](const auto& g) { return g.moves(); }); }
  Position position() const { return call([](const auto& g) { return g.position(); }); }
  const Position& start_position() const {
    return call([](const auto& g) -> const Position& { return g.start_position(); });
  }
  std::uint64_t hash() const { return call([](const auto& g) { return g.hash(); }); }
  int root_count(Color c) const { return call([&](const auto& g) { return g.root_count(c); }); }
  std::optional<std::string> check_consistency() const {
    return call([](const auto& g) { return g.check_consistency(); });
  }

 private:
  explicit OneOf(std::variant<Bugs...> game) : game_(std::move(game)) {}
  template <class F>
  decltype(auto) call(F&& f) const { return std::visit(std::forward<F>(f), game_); }
  std::variant<Bugs...> game_;
};

// ---- Caught by the comparator and the differential driver -------------------------------------

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

/// Reports a wrong hash (one bit flipped) after any undo until the next move is played.
class HashFlippedAfterUndo : public Wrapped {
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

/// Calls a move with two friendly neighbours "no friendly neighbour", in why_illegal() and play().
class MislabelsSeveralFriendlyNeighbours : public Wrapped {
 public:
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

// ---- Caught by the comparator at the depths that compare what they break (comparator_test.cpp;
// it also uses the oracle section's MiscountsStones, WrongHashAfterMove, MiscountsLegalMoves,
// WrongResultPlayer, ReportsInconsistency and ForgetsVariantTag) -------------------------------

class WrongSize : public Wrapped {
 public:
  using Wrapped::Wrapped;
  int size() const { return inner().size() + 1; }
};

class WrongToMove : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Color to_move() const { return opponent(inner().to_move()); }
};

class PlyOffByOne : public Wrapped {
 public:
  using Wrapped::Wrapped;
  int ply() const { return inner().ply() + 1; }
};

class IsOverInverted : public Wrapped {
 public:
  using Wrapped::Wrapped;
  bool is_over() const { return !inner().is_over(); }
};

class AlwaysWhiteWins : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<Color> winner() const { return Color::White; }
};

/// Empty points read as Black stones.
class EmptyReadsBlack : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Cell at(Point p) const { return inner().at(p) == Cell::Empty ? Cell::Black : inner().at(p); }
};

/// Same size of legal set, one legal point replaced by an occupied one.
class LegalSetSwapped : public Wrapped {
 public:
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
class LegalSetDuplicate : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    m.back() = m.front();
    return m;
  }
};

/// The right legal set in the wrong order.
class LegalMovesReversed : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    std::reverse(m.begin(), m.end());
    return m;
  }
};

/// last_result() does not throw at ply 0.
class LastResultAtStart : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveResult last_result() const { return ply() == 0 ? MoveResult{} : inner().last_result(); }
};

class RootCountOffByOne : public Wrapped {
 public:
  using Wrapped::Wrapped;
  int root_count(Color c) const { return inner().root_count(c) + 1; }
};

/// The board's growth_of() counts one too many.
class GrowthOffByOne : public Wrapped {
 public:
  using Wrapped::Wrapped;
  struct Board {
    const optimized::Game* g;
    int growth_of(Point p) const { return g->board().growth_of(p) + 1; }
  };
  Board board() const { return {&inner()}; }
};

/// The board's one-pass same_cells() finds a difference where there is none (at() is right).
class SameCellsAlwaysDiffers : public Wrapped {
 public:
  using Wrapped::Wrapped;
  struct Board {
    bool same_cells(const Position&) const { return false; }
  };
  Board board() const { return {}; }
};

/// EmptyReadsBlack's at() behind the engine's own board, whose one-pass same_cells() is right:
/// the comparator takes same_cells() at Depth::Step and tests at() at Full.
class AtLiesBehindSameCells : public EmptyReadsBlack {
 public:
  using EmptyReadsBlack::EmptyReadsBlack;
  const auto& board() const { return inner().board(); }
};

/// start_position() has the other side to move.
class WrongStartMover : public Wrapped {
 public:
  explicit WrongStartMover(const Variant& v) : Wrapped(v), start_(opening(v)) { start_.set_to_move(Color::White); }
  explicit WrongStartMover(const Position& p) : Wrapped(p), start_(p) { start_.set_to_move(opponent(p.to_move())); }
  const Position& start_position() const { return start_; }

 private:
  Position start_;
};

/// moves() loses the last move.
class MovesLoseLast : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> moves() const {
    std::vector<Point> m = inner().moves();
    if (!m.empty()) m.pop_back();
    return m;
  }
};

/// is_legal() refuses the first legal move.
class RefusesFirstLegalMove : public Wrapped {
 public:
  using Wrapped::Wrapped;
  bool is_legal(Point p) const { return inner().is_legal(p) && !(p == inner().legal_moves().front()); }
};

/// why_illegal() calls an occupied point "no friendly neighbour".
class OccupiedCalledNoFriend : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<IllegalReason> why_illegal(Point p) const {
    const auto r = inner().why_illegal(p);
    return r == IllegalReason::Occupied ? IllegalReason::NoFriendlyNeighbour : r;
  }
};

/// Wrong only at Depth::Full, and only from ply 5 on: moves() loses its first move.
class MovesLoseFirstFromPly5 : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> moves() const {
    std::vector<Point> m = inner().moves();
    if (m.size() >= 5) m.erase(m.begin());
    return m;
  }
};

/// Wrong only at Depth::Consistency and Full: check_consistency() fails right after a removal.
class InconsistentAfterRemoval : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<std::string> check_consistency() const {
    if (ply() > 0 && inner().last_result().removal != Removal::None) return std::string("planted after a removal");
    return inner().check_consistency();
  }
};

// ---- Caught by the differential driver's other report paths (verify/tests/driver_reports_test.cpp)

/// An incremental hash brought up to date only when it is read: two moves played with no hash()
/// read between them leave it wrong for good. The driver reads hash() after every step, so only
/// the record check's fresh replay (all the moves, no reads) sees it.
class HashUpdatedOnlyWhenRead : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (!read_since_move_) drifted_ = true;
    read_since_move_ = false;
    return inner().play(p);
  }
  std::uint64_t hash() const {
    read_since_move_ = true;
    return drifted_ ? inner().hash() ^ 1u : inner().hash();
  }

 private:
  mutable bool read_since_move_ = true;
  bool drifted_ = false;
};

/// Refuses every start (its constructors throw).
class RefusesStarts : public Wrapped {
 public:
  explicit RefusesStarts(const Variant&) { refuse(); }
  explicit RefusesStarts(const Position&) { refuse(); }

 private:
  [[noreturn]] static void refuse() { throw InvalidPositionError("planted: no start is good enough"); }
};

/// Accepts a start the rules refuse, playing lattice-5 instead.
class AcceptsInvalidStarts : public Wrapped {
 public:
  using Wrapped::Wrapped;
  explicit AcceptsInvalidStarts(const Position& p)
      : Wrapped(reference::position_problem(p) ? opening(Variant::lattice(5)) : p) {}
};

/// Refuses a start the rules refuse, in other words than the reference.
class RewordsStartErrors : public Wrapped {
 public:
  using Wrapped::Wrapped;
  explicit RewordsStartErrors(const Position& p) : Wrapped(checked(p)) {}

 private:
  static const Position& checked(const Position& p) {
    if (reference::position_problem(p)) throw InvalidPositionError("planted: not a start");
    return p;
  }
};

/// undo() at the start does nothing instead of throwing UsageError.
class UndoesNothingAtStart : public Wrapped {
 public:
  using Wrapped::Wrapped;
  void undo() {
    if (ply() > 0) inner().undo();
  }
};

/// Copy-construction throws (moves work).
class CopyThrows : public Wrapped {
 public:
  using Wrapped::Wrapped;
  CopyThrows(const CopyThrows& o) : Wrapped(o) { throw std::runtime_error("planted: copying fails"); }
  CopyThrows(CopyThrows&&) = default;
  CopyThrows& operator=(const CopyThrows&) = default;
  CopyThrows& operator=(CopyThrows&&) = default;
  ~CopyThrows() = default;
};

/// at() off the board returns Empty instead of throwing UsageError (only probes look there).
class AtOffBoardIsEmpty : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Cell at(Point p) const { return on_board(p, size()) ? inner().at(p) : Cell::Empty; }
};

/// From ply 2 on, is_legal() refuses the first legal move (seen by a Full comparison or a probe).
class RefusesFirstLegalMoveFromPly2 : public Wrapped {
 public:
  using Wrapped::Wrapped;
  bool is_legal(Point p) const {
    return inner().is_legal(p) && !(ply() >= 2 && p == inner().legal_moves().front());
  }
};

/// From ply 2 on, why_illegal() calls an occupied point "no friendly neighbour".
class OccupiedCalledNoFriendFromPly2 : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<IllegalReason> why_illegal(Point p) const {
    const auto r = inner().why_illegal(p);
    return ply() >= 2 && r == IllegalReason::Occupied ? IllegalReason::NoFriendlyNeighbour : r;
  }
};

/// From ply 2 on, legal_moves() throws std::runtime_error (so do the comparison and describing it).
class LegalMovesThrowFromPly2 : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    if (ply() >= 2) throw std::runtime_error("planted: no list today");
    return inner().legal_moves();
  }
};

/// play() throws std::runtime_error instead of playing the second move.
class PlayThrowsOther : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (ply() == 1) throw std::runtime_error("planted: out of stones");
    return inner().play(p);
  }
};

/// play() refuses the second move, legal or not, as occupied.
class RefusesSecondMove : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (ply() == 1) throw IllegalMoveError(p, to_move(), IllegalReason::Occupied);
    return inner().play(p);
  }
};

/// play() returns one Black stone removed more than it removed.
class MiscountsPlayedRemovals : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    MoveEffect e = inner().play(p);
    ++e.removed_black;
    return e;
  }
};

/// Every bug the differential driver's tests plant, as one engine type: the driver is run on
/// this one instantiation (mutants_test.cpp, driver_reports_test.cpp).
using DriverBugs =
    OneOf<DropsLegalMove, HashFlippedAfterUndo, ShortRemovalList, MislabelsSeveralFriendlyNeighbours,
          AcceptsMovesAfterEnd, CopyForgetsHistory, RefusesStarts, AcceptsInvalidStarts, RewordsStartErrors,
          UndoesNothingAtStart, CopyThrows, AtOffBoardIsEmpty, RefusesFirstLegalMoveFromPly2,
          OccupiedCalledNoFriendFromPly2, LegalMovesThrowFromPly2, PlayThrowsOther, RefusesSecondMove,
          MiscountsPlayedRemovals, HashUpdatedOnlyWhenRead, Wrapped>;

// ---- Caught by the RapidCheck properties ------------------------------------------------------

/// last_result() forgets one stone when both colours are removed.
class DropRemovedStone : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    const optimized::MoveRecord& rec = inner().records().back();
    if (rec.removed_black > 0 && rec.removed_white > 0) r.removed.pop_back();
    return r;
  }
};

/// play() throws "no friendly neighbour" for "several friendly neighbours" (why_illegal() is right).
class PlayThrowsWrongReason : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    if (inner().why_illegal(p) == IllegalReason::SeveralFriendlyNeighbours)
      throw IllegalMoveError(p, to_move(), IllegalReason::NoFriendlyNeighbour);
    return inner().play(p);
  }
};

/// hash() is not updated by undoing a move that removed stones (until the next move).
class HashKeptAfterUndoingRemoval : public Wrapped {
 public:
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

/// Copies share one game (a shallow copy).
class SharedCopies : public Forwarding<std::shared_ptr<optimized::Game>> {
 public:
  using Forwarding::Forwarding;
};

/// legal_moves() omits column A whenever column B has a legal move.
class AsymmetricLegal : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    std::vector<Point> legal = inner().legal_moves();
    bool column_b = false;
    for (const Point p : legal) column_b = column_b || p.x == 1;
    if (column_b) std::erase_if(legal, [](Point p) { return p.x == 0; });
    return legal;
  }
};

// ---- Caught by the rule-consequence oracle, one consequence each ------------------------------

/// position() is an empty board: both sides without stones.
class ReportsEmptyBoard : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Position position() const {
    Position p(size());
    p.set_variant(start_position().variant());
    p.set_to_move(to_move());
    return p;
  }
};

/// position() fills every empty point with Black: a black root with cycles (not a tree).
class ReportsFilledBoard : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    for (int y = 0; y < size(); ++y)
      for (int x = 0; x < size(); ++x)
        if (p.at({x, y}) == Cell::Empty) p.set({x, y}, Cell::Black);
    return p;
  }
};

/// stone_count() counts one Black stone too many.
class MiscountsStones : public Wrapped {
 public:
  using Wrapped::Wrapped;
  int stone_count(Color c) const { return inner().stone_count(c) + (c == Color::Black); }
};

/// The game never ends: is_over() false and no winner, whatever the board.
class NeverOver : public Wrapped {
 public:
  using Wrapped::Wrapped;
  bool is_over() const { return false; }
  std::optional<Color> winner() const { return std::nullopt; }
};

/// winner() names the loser once the game is over.
class WrongWinner : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<Color> winner() const {
    const auto w = inner().winner();
    return w ? std::optional<Color>(opponent(*w)) : std::nullopt;
  }
};

/// position() names the wrong side to move.
class PositionWrongMover : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    p.set_to_move(opponent(p.to_move()));
    return p;
  }
};

/// position() forgets the start's variant tag (custom-N instead).
class ForgetsVariantTag : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    p.set_variant(Variant::custom(size()));
    return p;
  }
};

/// legal_move_count() is one more than legal_moves() has.
class MiscountsLegalMoves : public Wrapped {
 public:
  using Wrapped::Wrapped;
  int legal_move_count() const { return inner().legal_move_count() + 1; }
};

/// No legal moves once a move has been played, though both sides have stones.
class NoLegalMovesAfterFirstMove : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const { return ply() > 0 ? std::vector<Point>{} : inner().legal_moves(); }
  int legal_move_count() const { return static_cast<int>(legal_moves().size()); }
};

/// Lists A1 as a legal move once the game is over.
class LegalMovesAfterEnd : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::vector<Point> legal_moves() const {
    return inner().is_over() ? std::vector<Point>{Point{0, 0}} : inner().legal_moves();
  }
  int legal_move_count() const { return static_cast<int>(legal_moves().size()); }
};

/// hash() is off by one bit once a move has been played.
class WrongHashAfterMove : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::uint64_t hash() const { return ply() > 0 ? inner().hash() ^ 1u : inner().hash(); }
};

/// check_consistency() reports a problem once a move has been played.
class ReportsInconsistency : public Wrapped {
 public:
  using Wrapped::Wrapped;
  std::optional<std::string> check_consistency() const {
    if (ply() > 0) return std::string("planted inconsistency");
    return inner().check_consistency();
  }
};

/// position()'s side to move does not change after a move (to_move() does).
class TurnDoesNotPass : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    p.set_to_move(start_position().to_move());
    return p;
  }
  Color to_move() const { return start_position().to_move(); }
};

/// ply() runs far ahead: the game looks longer than any game from its start can be.
class InflatesPly : public Wrapped {
 public:
  using Wrapped::Wrapped;
  int ply() const { return inner().ply() == 0 ? 0 : inner().ply() + 1'000'000; }
};

/// Base of the planted bugs that falsify what a move reports: `Bug::tamper(before, result,
/// effect)` edits the truth after each real move, play() returns the edited effect and
/// last_result() the edited result.
template <class Bug>
class TamperedMoves : public Wrapped {
 public:
  using Wrapped::Wrapped;
  MoveEffect play(Point p) {
    const Position before = inner().position();
    MoveEffect e = inner().play(p);
    MoveResult r = inner().last_result();
    Bug::tamper(before, r, e);
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
struct WrongResultMove : TamperedMoves<WrongResultMove> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { r.move = {-1, -1}; }
};

/// last_result() names the wrong player.
struct WrongResultPlayer : TamperedMoves<WrongResultPlayer> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { r.player = opponent(r.player); }
};

/// last_result() says "no removal" when play() reported one.
struct ResultRemovalDiffers : TamperedMoves<ResultRemovalDiffers> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { r.removal = Removal::None; }
};

/// Lists the removed stones in reverse order.
struct UnsortedRemovalList : TamperedMoves<UnsortedRemovalList> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) { std::reverse(r.removed.begin(), r.removed.end()); }
};

/// Lists the first removed stone twice.
struct RepeatsRemovedStone : TamperedMoves<RepeatsRemovedStone> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) {
    if (!r.removed.empty()) r.removed.insert(r.removed.begin(), r.removed.front());
  }
};

/// Lists a stone off the board among the removed ones.
struct RemovesOffBoardStone : TamperedMoves<RemovesOffBoardStone> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect&) {
    if (!r.removed.empty()) r.removed.insert(r.removed.begin(), Point{-1, -1});
  }
};

/// play() counts one Black stone too many whenever stones are removed.
struct MiscountsRemovedStones : TamperedMoves<MiscountsRemovedStones> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) { e.removed_black += !r.removed.empty(); }
};

/// An expanded root is reported removed without its last stone (counts adjusted to match).
struct RemovesPartOfRoot : TamperedMoves<RemovesPartOfRoot> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal != Removal::ExpandedRoot) return;  // that root has two stones or more
    (r.player == Color::Black ? e.removed_black : e.removed_white) -= 1;
    r.removed.pop_back();
  }
};

/// A removal also lists two whole enemy roots (counts adjusted to match).
struct RemovesTwoEnemyRoots : TamperedMoves<RemovesTwoEnemyRoots> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position& before, MoveResult& r, MoveEffect& e) {
    if (r.removal != Removal::None) impl::add_enemy_roots(before, 2, r, e);
  }
};

/// An expanded-root removal also lists one whole enemy root (counts adjusted to match).
struct ExpandedRemovalTakesEnemyRoot : TamperedMoves<ExpandedRemovalTakesEnemyRoot> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position& before, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::ExpandedRoot) impl::add_enemy_roots(before, 1, r, e);
  }
};

/// Every move also lists an empty point as removed.
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
struct RemovalKindNone : TamperedMoves<RemovalKindNone> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) { r.removal = e.removal = Removal::None; }
};

/// Calls a bounded-roots removal an expanded-root removal.
struct CallsBoundedRemovalExpanded : TamperedMoves<CallsBoundedRemovalExpanded> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::BoundedRoots) r.removal = e.removal = Removal::ExpandedRoot;
  }
};

/// Calls a move without removal a bounded-roots removal.
struct CallsPlainMoveBoundedRemoval : TamperedMoves<CallsPlainMoveBoundedRemoval> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::None) r.removal = e.removal = Removal::BoundedRoots;
  }
};

/// Calls an expanded-root removal a bounded-roots removal.
struct CallsExpandedRemovalBounded : TamperedMoves<CallsExpandedRemovalBounded> {
  using TamperedMoves::TamperedMoves;
  static void tamper(const Position&, MoveResult& r, MoveEffect& e) {
    if (r.removal == Removal::ExpandedRoot) r.removal = e.removal = Removal::BoundedRoots;
  }
};

/// Base of the planted bugs whose position() still shows the stones the last move removed:
/// with kHide, play() and last_result() also say nothing was removed.
template <bool kHide>
class RemovedStonesStay : public Wrapped {
 public:
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
class ShowsRemovedStones : public RemovedStonesStay<false> {
 public:
  using RemovedStonesStay::RemovedStonesStay;
};

/// Never removes anything as far as one can see: a bounded root survives into the next turn.
class HidesRemoval : public RemovedStonesStay<true> {
 public:
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

/// Accepts a move on an occupied point: it plays its first legal move instead and reports the
/// occupied point as the move (likewise AcceptsSeveralFriendlyNeighbours and
/// AcceptsNoFriendlyNeighbour: a stone touching two friendly stones, or none).
template <IllegalReason kAccepted>
class AcceptsIllegal : public Wrapped {
 public:
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

class AcceptsOccupiedPoint : public AcceptsIllegal<IllegalReason::Occupied> {
 public:
  using AcceptsIllegal::AcceptsIllegal;
};

class AcceptsSeveralFriendlyNeighbours : public AcceptsIllegal<IllegalReason::SeveralFriendlyNeighbours> {
 public:
  using AcceptsIllegal::AcceptsIllegal;
};

class AcceptsNoFriendlyNeighbour : public AcceptsIllegal<IllegalReason::NoFriendlyNeighbour> {
 public:
  using AcceptsIllegal::AcceptsIllegal;
};

/// position() after a move is one size larger (the rest of the board as it should be).
class ResizesBoard : public Wrapped {
 public:
  using Wrapped::Wrapped;
  Position position() const {
    const Position inner_pos = inner().position();
    if (ply() == 0 || size() >= kMaxSize) return inner_pos;
    Position p(size() + 1);
    p.set_to_move(inner_pos.to_move());
    for (int y = 0; y < size(); ++y)
      for (int x = 0; x < size(); ++x) p.set({x, y}, inner_pos.at({x, y}));
    return p;
  }
};

}  // namespace tanbo::verify::planted
