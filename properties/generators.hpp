// Game generators for the properties: small variants, game specifications (variant, seed,
// length, move policy) that shrink towards short games, a move picker with policies biased
// towards removals, and reachable positions for restarting games mid-way.
//
// A game is described by a GameSpec and replayed deterministically with tanbo::Rng(seed), so a
// counterexample prints as a few numbers and shrinking shortens the game. The biased policies
// score candidate moves by trying each one on an optimized::Board (play + undo, cheap); the
// engines under test only ever see the chosen moves, and every check is against the rules, so a
// bug in the optimized board can at worst change which moves get picked.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "classify.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo::props {

/// How a generated game chooses its moves.
enum class Policy : std::uint8_t {
  Uniform,  ///< Uniformly among the legal moves.
  Rare,     ///< Rare removal cases when available, else moves without removal, uniformly.
  Squeeze,  ///< Rare removal cases when available, else quiet moves keeping roots near bounded.
};

/// Every policy: what a property draws its games' policy from unless it needs one.
inline const std::vector<Policy> kAllPolicies{Policy::Uniform, Policy::Rare, Policy::Squeeze};

inline const char* policy_name(Policy p) {
  switch (p) {
    case Policy::Uniform: return "uniform";
    case Policy::Rare: return "rare";
    case Policy::Squeeze: return "squeeze";
  }
  return "?";
}

/// A reproducible game: `length` moves (fewer if the game ends) from the opening of `variant`.
struct GameSpec {
  Variant variant;
  std::uint64_t seed = 0;
  int length = 0;
  Policy policy = Policy::Uniform;
};

inline void showValue(const GameSpec& s, std::ostream& os) {
  os << "{" << s.variant.name() << ", seed " << s.seed << ", " << s.length << " moves, "
     << policy_name(s.policy) << "}";
}

/// Small named variants, weighted towards the cheapest boards; 19x19 only if `max_size` >= 19.
inline rc::Gen<Variant> gen_variant(int max_size = 13) {
  rc::Gen<Variant> small = rc::gen::weightedElement<Variant>(
      {{4, Variant::lattice(5)}, {4, Variant::dense(5)}, {4, Variant::lattice(7)},
       {4, Variant::dense(7)}, {3, Variant::lattice(9)}, {3, Variant::dense(9)},
       {1, Variant::dense(11)}, {1, Variant::lattice(13)}, {1, Variant::dense(13)}});
  if (max_size < 19) return small;
  return rc::gen::weightedOneOf<Variant>({{24, small}, {1, rc::gen::just(Variant::classic())}});
}

/// Game specs with up to `max_length` moves; `policies` lists the policies to draw from.
inline rc::Gen<GameSpec> gen_game_spec(int max_length, std::vector<Policy> policies,
                                       int max_size = 13) {
  return rc::gen::apply(
      [](Variant v, std::uint64_t seed, int length, Policy p) { return GameSpec{v, seed, length, p}; },
      gen_variant(max_size), rc::gen::inRange<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()),
      rc::gen::inRange(0, max_length + 1), rc::gen::elementOf(policies));
}

/// Picks moves for a game according to a policy, from any engine's legal moves.
class MovePicker {
 public:
  MovePicker(Policy policy, std::uint64_t seed) : policy_(policy), rng_(seed) {}

  /// A legal move for the side to move of `game`. @pre !game.is_over().
  template <class E>
  Point pick(const E& game) {
    const std::vector<Point> legal = game.legal_moves();
    if (legal.empty()) throw UsageError("MovePicker::pick: no legal move");
    if (policy_ == Policy::Uniform || rng_.below(100) < 10) return any_of(legal);
    return biased(game.position(), legal);
  }

 private:
  Point any_of(const std::vector<Point>& v) { return v[rng_.below(static_cast<std::uint32_t>(v.size()))]; }

  // A rare case of rule 6: both colours removed, a side eliminated, or the expanded root
  // bounded together with other roots (that one needs the reference rules to tell).
  static bool rare(const Position& before, Point p, const optimized::MoveRecord& rec,
                   const optimized::Board& after) {
    if (rec.removal == Removal::None) return false;
    if (rec.removed_black > 0 && rec.removed_white > 0) return true;
    if (after.stone_count(Color::Black) == 0 || after.stone_count(Color::White) == 0) return true;
    return rec.removal == Removal::ExpandedRoot && classify_move(before, p).expanded_with_others;
  }

  // Stones in roots with at most one growth point: roots one move away from removal. Keeping
  // many of them on the board is what makes the rare cases available (measured: with this
  // metric both-colour removals are ~15x as frequent as in uniform games).
  static int at_risk(const optimized::Board& b) {
    int n = 0;
    for (int y = 0; y < b.size(); ++y)
      for (int x = 0; x < b.size(); ++x)
        if (b.at({x, y}) != Cell::Empty && b.growth_of({x, y}) <= 1) ++n;
    return n;
  }

  // Both: a rare move if one exists (90%), else a move without removal (removals relieve the
  // pressure that makes rare cases possible; taking them eagerly measured fewer rare cases than
  // uniform play). Rare: any such move; Squeeze: one that leaves the most stones at risk.
  Point biased(const Position& pos, const std::vector<Point>& legal) {
    optimized::Board board(pos);
    std::vector<Point> rare_moves, quiet;
    std::vector<int> pressure;
    for (const Point p : legal) {
      try {
        const optimized::MoveRecord rec = board.play(p);
        if (rare(pos, p, rec, board)) {
          rare_moves.push_back(p);
        } else if (rec.removal == Removal::None) {
          quiet.push_back(p);
          if (policy_ == Policy::Squeeze) pressure.push_back(at_risk(board));
        }
        board.undo(rec);
      } catch (const IllegalMoveError&) {
        // The engines disagree on legality; the differential properties report that.
      }
    }
    if (!rare_moves.empty() && rng_.below(100) < 90) return any_of(rare_moves);
    if (quiet.empty()) return any_of(legal);
    if (policy_ == Policy::Rare) return any_of(quiet);
    const int most = *std::max_element(pressure.begin(), pressure.end());
    std::vector<Point> pool;
    for (std::size_t i = 0; i < quiet.size(); ++i)
      if (pressure[i] == most) pool.push_back(quiet[i]);
    return any_of(pool);
  }

  Policy policy_;
  Rng rng_;
};

/// The last position of the game `spec` on engine E that still has both colours on the board
/// (so it can start a new game). Its variant tag is the spec's variant.
template <class E>
Position reachable_on(const GameSpec& spec) {
  E game(spec.variant);
  MovePicker picker(spec.policy, spec.seed);
  Position last = game.position();
  for (int i = 0; i < spec.length && !game.is_over(); ++i) {
    game.play(picker.pick(game));
    if (!game.is_over()) last = game.position();
  }
  return last;
}

/// reachable_on() with the reference engine, the oracle every property starts from.
inline Position reachable_position(const GameSpec& spec) { return reachable_on<reference::Game>(spec); }

}  // namespace tanbo::props
