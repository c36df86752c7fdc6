// Classifies a move by what rule 6 did, computed from the reference rules alone, so properties
// can count (and biased generators can seek) the rare removal cases: the expanded root bounded
// at the same time as other roots, both colours removed by one move, a side eliminated.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/differential/compare.hpp"

namespace tanbo::props {

/// What one legal move does, from the rules' point of view.
struct MoveClass {
  Removal removal = Removal::None;
  int roots_removed = 0;       ///< Whole roots removed (the expanded root counts once).
  int black_removed = 0;       ///< Black stones removed.
  int white_removed = 0;       ///< White stones removed.
  int bounded_at_placement = 0;     ///< Bounded roots right after placing, before removal.
  bool expanded_with_others = false;  ///< Expanded root bounded while other roots were too.
  bool both_colours = false;          ///< Stones of both colours removed.
  bool eliminates_opponent = false;   ///< The opponent has no stones left: the mover wins.
  bool eliminates_self = false;       ///< The mover has no stones left: the opponent wins.
};

/// Classifies the legal move `p` of the side to move in `before` (reference rules only).
inline MoveClass classify_move(const Position& before, Point p) {
  const Color mover = before.to_move();
  Position after = before;
  after.set(p, stone(mover));
  MoveClass mc;
  // One labelling and one growth count of every root (the biased pickers classify every legal
  // move, so a growth-point scan per root made them the model test's main cost).
  const reference::RootMap roots = reference::label_roots(after);
  const reference::GrowthCounts growth = reference::growth_counts(after, roots);
  const bool expanded_bounded = growth[static_cast<std::size_t>(roots.root_of(after, p))] == 0;
  int bounded = 0;
  for (int r = 0; r < roots.count; ++r) bounded += growth[static_cast<std::size_t>(r)] == 0;
  mc.bounded_at_placement = bounded;
  mc.expanded_with_others = expanded_bounded && bounded > 1;
  const auto [removal, removed] = reference::stones_to_remove(after, p);
  mc.removal = removal;
  if (removal == Removal::ExpandedRoot) {
    mc.roots_removed = 1;
  } else if (removal == Removal::BoundedRoots) {
    mc.roots_removed = bounded;
  }
  for (const Point s : removed) (after.at(s) == Cell::Black ? mc.black_removed : mc.white_removed)++;
  mc.both_colours = mc.black_removed > 0 && mc.white_removed > 0;
  const int mover_left = after.count(mover) - (mover == Color::Black ? mc.black_removed : mc.white_removed);
  const int opp_left =
      after.count(opponent(mover)) - (mover == Color::Black ? mc.white_removed : mc.black_removed);
  mc.eliminates_opponent = opp_left == 0;
  mc.eliminates_self = mover_left == 0;
  return mc;
}

/// Short tags for RC_TAG / counting: "none", "expanded-root", "bounded-roots", plus the rare ones.
inline std::vector<std::string> move_tags(const MoveClass& mc) {
  std::vector<std::string> tags{removal_name(mc.removal)};
  if (mc.roots_removed >= 2) tags.emplace_back("several-roots");
  if (mc.expanded_with_others) tags.emplace_back("expanded-with-others");
  if (mc.both_colours) tags.emplace_back("both-colours");
  if (mc.eliminates_opponent) tags.emplace_back("eliminates-opponent");
  if (mc.eliminates_self) tags.emplace_back("eliminates-self");
  return tags;
}

/// Per-game summary of move classes: the removal counters every differential check keeps
/// (differential::DiffStats: moves, removals by kind, both colours), plus the cases only the rules tell.
struct RareCounts {
  differential::DiffStats effects;
  long several_roots = 0, expanded_with_others = 0, eliminations = 0, self_eliminations = 0;

  void add(const MoveClass& mc) {
    effects.count_move({mc.removal, mc.black_removed, mc.white_removed});
    several_roots += mc.roots_removed >= 2;
    expanded_with_others += mc.expanded_with_others;
    eliminations += mc.eliminates_opponent || mc.eliminates_self;
    self_eliminations += mc.eliminates_self;
  }
  void add(const RareCounts& o) {
    effects += o.effects;
    several_roots += o.several_roots;
    expanded_with_others += o.expanded_with_others;
    eliminations += o.eliminations;
    self_eliminations += o.self_eliminations;
  }
  std::string text() const {
    const auto n = [](auto v) { return std::to_string(v); };
    return "moves " + n(effects.moves) + ", removals " + n(effects.removals) + " (expanded-root " +
           n(effects.expanded_root_removals) + ", bounded-roots " + n(effects.bounded_roots_removals) +
           "), several roots " + n(several_roots) + ", expanded-with-others " + n(expanded_with_others) +
           ", both colours " + n(effects.both_colours_removals) + ", eliminations " + n(eliminations) +
           " (of which self " + n(self_eliminations) + ")";
  }
};

}  // namespace tanbo::props
