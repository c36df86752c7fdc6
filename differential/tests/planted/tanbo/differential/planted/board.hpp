// Planted bugs in what an engine says the board and the game are: size, cells, side to move,
// ply, stone and root counts, growth, winner, hash, position() and check_consistency(). Each
// wraps optimized::Game (forwarding.hpp) and gets one observable thing wrong; the index of every
// planted bug in the project, and the test that must catch each, is differential/PLANTED.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tanbo/core/errors.hpp"
#include "tanbo/differential/forwarding.hpp"

namespace tanbo::differential::planted {

// check-map: planted WrongSize [rule1]
struct WrongSize : Wrapped {
  using Wrapped::Wrapped;
  int size() const { return inner().size() + 1; }
};

// check-map: planted WrongToMove [rule2]
struct WrongToMove : Wrapped {
  using Wrapped::Wrapped;
  Color to_move() const { return opponent(inner().to_move()); }
};

// check-map: planted PlyOffByOne [rule2]
struct PlyOffByOne : Wrapped {
  using Wrapped::Wrapped;
  int ply() const { return inner().ply() + 1; }
};

/// ply() runs far ahead: the game looks longer than any game from its start can be.
// check-map: planted InflatesPly [rule7]
struct InflatesPly : Wrapped {
  using Wrapped::Wrapped;
  int ply() const { return inner().ply() == 0 ? 0 : inner().ply() + 1'000'000; }
};

// check-map: planted IsOverInverted [rule7]
struct IsOverInverted : Wrapped {
  using Wrapped::Wrapped;
  bool is_over() const { return !inner().is_over(); }
};

// check-map: planted AlwaysWhiteWins [rule7]
struct AlwaysWhiteWins : Wrapped {
  using Wrapped::Wrapped;
  std::optional<Color> winner() const { return Color::White; }
};

/// The game never ends: is_over() false and no winner, whatever the board.
// check-map: planted NeverOver [rule7]
struct NeverOver : Wrapped {
  using Wrapped::Wrapped;
  bool is_over() const { return false; }
  std::optional<Color> winner() const { return std::nullopt; }
};

/// winner() names the loser once the game is over.
// check-map: planted WrongWinner [rule7]
struct WrongWinner : Wrapped {
  using Wrapped::Wrapped;
  std::optional<Color> winner() const {
    const auto w = inner().winner();
    return w ? std::optional<Color>(opponent(*w)) : std::nullopt;
  }
};

/// Empty points read as Black stones.
// check-map: planted EmptyReadsBlack [rule1]
struct EmptyReadsBlack : Wrapped {
  using Wrapped::Wrapped;
  Cell at(Point p) const { return inner().at(p) == Cell::Empty ? Cell::Black : inner().at(p); }
};

/// EmptyReadsBlack's at() behind the engine's own board, whose one-pass same_cells() is right:
/// the comparator takes same_cells() at Depth::Step and tests at() at Full.
// check-map: planted AtLiesBehindSameCells [internals]
struct AtLiesBehindSameCells : EmptyReadsBlack {
  using EmptyReadsBlack::EmptyReadsBlack;
  const auto& board() const { return inner().board(); }
};

/// The board's one-pass same_cells() finds a difference where there is none (at() is right).
// check-map: planted SameCellsAlwaysDiffers [internals]
struct SameCellsAlwaysDiffers : Wrapped {
  using Wrapped::Wrapped;
  struct Board {
    bool same_cells(const Position&) const { return false; }
  };
  Board board() const { return {}; }
};

/// at() off the board returns Empty instead of throwing UsageError (only probes look there).
// check-map: planted AtOffBoardIsEmpty [rule1]
struct AtOffBoardIsEmpty : Wrapped {
  using Wrapped::Wrapped;
  Cell at(Point p) const { return on_board(p, size()) ? inner().at(p) : Cell::Empty; }
};

/// stone_count() counts one stone of `kWhose` too many.
template <Color kWhose = Color::Black>
// check-map: planted MiscountsStones [rule3]
struct MiscountsStones : Wrapped {
  using Wrapped::Wrapped;
  int stone_count(Color c) const { return inner().stone_count(c) + (c == kWhose); }
};

// check-map: planted RootCountOffByOne [rule4]
struct RootCountOffByOne : Wrapped {
  using Wrapped::Wrapped;
  int root_count(Color c) const { return inner().root_count(c) + 1; }
};

/// The board's growth_of() counts one too many.
// check-map: planted GrowthOffByOne [rule5]
struct GrowthOffByOne : Wrapped {
  using Wrapped::Wrapped;
  struct Board {
    const optimized::Game* g;
    int growth_of(Point p) const { return g->board().growth_of(p) + 1; }
  };
  Board board() const { return {&inner()}; }
};

/// position() is an empty board: both sides without stones.
// check-map: planted ReportsEmptyBoard [rule2]
struct ReportsEmptyBoard : Wrapped {
  using Wrapped::Wrapped;
  Position position() const {
    Position p(size());
    p.set_variant(start_position().variant());
    p.set_to_move(to_move());
    return p;
  }
};

/// position() fills every empty point with Black: a black root with cycles (not a tree).
// check-map: planted ReportsFilledBoard [rule3]
struct ReportsFilledBoard : Wrapped {
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    for (int y = 0; y < size(); ++y)
      for (int x = 0; x < size(); ++x)
        if (p.at({x, y}) == Cell::Empty) p.set({x, y}, Cell::Black);
    return p;
  }
};

/// position() names the wrong side to move.
// check-map: planted PositionWrongMover [rule2]
struct PositionWrongMover : Wrapped {
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    p.set_to_move(opponent(p.to_move()));
    return p;
  }
};

/// position()'s side to move does not change after a move (to_move() does).
// check-map: planted TurnDoesNotPass [rule2]
struct TurnDoesNotPass : Wrapped {
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    p.set_to_move(start_position().to_move());
    return p;
  }
  Color to_move() const { return start_position().to_move(); }
};

/// position() forgets the start's variant tag (custom-N instead).
// check-map: planted ForgetsVariantTag [notation]
struct ForgetsVariantTag : Wrapped {
  using Wrapped::Wrapped;
  Position position() const {
    Position p = inner().position();
    p.set_variant(Variant::custom(size()));
    return p;
  }
};

/// position() after a move is one size larger (the rest of the board as it should be).
// check-map: planted ResizesBoard [rule1]
struct ResizesBoard : Wrapped {
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

/// hash() is off by one bit once a move has been played.
// check-map: planted WrongHashAfterMove [internals]
struct WrongHashAfterMove : Wrapped {
  using Wrapped::Wrapped;
  std::uint64_t hash() const { return ply() > 0 ? inner().hash() ^ 1u : inner().hash(); }
};

/// An incremental hash brought up to date only when it is read: two moves played with no hash()
/// read between them leave it wrong for good. The driver reads hash() after every step, so only
/// the record check's fresh replay (all the moves, no reads) sees it.
// check-map: planted HashUpdatedOnlyWhenRead [internals]
struct HashUpdatedOnlyWhenRead : Wrapped {
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

/// check_consistency() reports a problem once a move has been played.
// check-map: planted ReportsInconsistency [internals]
struct ReportsInconsistency : Wrapped {
  using Wrapped::Wrapped;
  std::optional<std::string> check_consistency() const {
    if (ply() > 0) return std::string("planted inconsistency");
    return inner().check_consistency();
  }
};

/// Wrong only at Depth::Consistency and Full: check_consistency() fails right after a removal.
// check-map: planted InconsistentAfterRemoval [internals]
struct InconsistentAfterRemoval : Wrapped {
  using Wrapped::Wrapped;
  std::optional<std::string> check_consistency() const {
    if (ply() > 0 && inner().last_result().removal != Removal::None) return std::string("planted after a removal");
    return inner().check_consistency();
  }
};

}  // namespace tanbo::differential::planted
