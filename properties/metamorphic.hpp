// Metamorphic property: the rules commute with the 16 symmetries (8 of the square x colour
// swap). From a reachable position P and its image T(P), every legal move m of P and its image
// T(m) must give images of each other: legal moves, removal kind, removed stones, resulting
// board and side to move, winner, and the legal moves that follow. Template over the engine.
#pragma once

#include <string>
#include <vector>

#include <rapidcheck.h>

#include "tanbo/differential/compare.hpp"
#include "generators.hpp"
#include "symmetry.hpp"

namespace tanbo::props {

template <class E>
[[noreturn]] void metamorphic_fail(const std::string& what, const Position& pos, const Symmetry& s,
                                   const std::string& move) {
  RC_FAIL(what + "\nposition P = " + pos.to_string() + "\nsymmetry T = " + symmetry_name(s) +
          (move.empty() ? std::string() : "\nmove m = " + move) +
          "\nT(P) = " + transform(s, pos).to_string());
  throw std::logic_error("unreachable");
}

/// Checks the symmetry `s` on the position `pos` for every legal move (see the file comment).
template <class E>
void check_symmetry(const Position& pos, const Symmetry& s) {
  const int n = pos.size();
  const E a(pos);
  const E b(transform(s, pos));
  if (transform(s, a.legal_moves(), n) != b.legal_moves())
    metamorphic_fail<E>("legal moves of T(P) are not T(legal moves of P)", pos, s, {});
  for (const Point m : a.legal_moves()) {
    E a2 = a, b2 = b;
    const Point tm = transform(s, m, n);
    a2.play(m);
    b2.play(tm);
    const MoveResult ra = a2.last_result(), rb = b2.last_result();
    const MoveResult want = transform(s, ra, n);
    const std::string move = point_name(m) + " (image " + point_name(tm) + ")";
    if (want.removal != rb.removal)
      metamorphic_fail<E>(std::string("removal kind: ") + removal_name(ra.removal) + " on P, " +
                              removal_name(rb.removal) + " on T(P)",
                          pos, s, move);
    if (want.removed != rb.removed || want.player != rb.player || want.move != rb.move)
      metamorphic_fail<E>("removed stones: T(" + differential::show(ra.removed) + ") = " + differential::show(want.removed) +
                              " but T(P) removed " + differential::show(rb.removed),
                          pos, s, move);
    if (!same_board(transform(s, a2.position()), b2.position()))
      metamorphic_fail<E>("resulting positions are not images of each other", pos, s, move);
    const std::optional<Color> wa = a2.winner(), wb = b2.winner();
    if (wa.has_value() != wb.has_value() || (wa && transform(s, *wa) != *wb))
      metamorphic_fail<E>("winners differ", pos, s, move);
    if (transform(s, a2.legal_moves(), n) != b2.legal_moves())
      metamorphic_fail<E>("legal moves after the move are not images", pos, s, move);
  }
}

/// The property: a reachable position of a random game and a random symmetry.
template <class E>
void metamorphic_property() {
  const GameSpec spec = *gen_game_spec(60, kAllPolicies);
  const Symmetry s{*rc::gen::inRange(0, 8), *rc::gen::arbitrary<bool>()};
  RC_TAG(symmetry_name(s));
  check_symmetry<E>(reachable_on<E>(spec), s);
}

}  // namespace tanbo::props
