// Helper for the hand-made rule scenarios (test_rules.cpp, test_rules_removal.cpp): play one
// move on any engine and check its whole outcome against a hand-derived expectation.
// In optimized/tests, beside the rule scenarios that use it.
#pragma once

#include <string>
#include <vector>

#include "tanbo/core.hpp"
#include "test_util.hpp"

namespace tanbo_test {

/// Names of `points` in order, e.g. {"A1", "A2"}: readable expectations.
inline std::vector<std::string> names(const std::vector<tanbo::Point>& points) {
  std::vector<std::string> out;
  for (const tanbo::Point& p : points) out.push_back(tanbo::point_name(p));
  return out;
}

/// Plays `move` on `g` and checks: the MoveEffect (`removal`, removal counts by colour derived
/// from `removed` and the board before), last_result(), the position afterwards (`after`, a
/// position string whose variant tag must match the game's), the side to move, ply and hash.
template <tanbo::Engine G>
void play_and_expect(G& g, const std::string& move, tanbo::Removal removal,
                     const std::vector<std::string>& removed, const std::string& after) {
  using namespace tanbo;
  INFO("playing " << move << " from \"" << g.position().to_string() << "\"");
  const Position before = g.position();
  const Color mover = g.to_move();
  const int ply = g.ply();
  const Point p = parse_point(move, g.size());
  REQUIRE(g.is_legal(p));
  const MoveEffect effect = g.play(p);

  int black = 0, white = 0;
  for (const std::string& s : removed) {
    const Cell c = s == move ? stone(mover) : before.at(parse_point(s, g.size()));
    REQUIRE(c != Cell::Empty);
    (c == Cell::Black ? black : white)++;
  }
  CHECK(effect == MoveEffect{removal, black, white});
  const MoveResult r = g.last_result();
  CHECK(r.move == p);
  CHECK(r.player == mover);
  CHECK(r.removal == removal);
  CHECK(names(r.removed) == removed);
  CHECK(g.position() == Position::parse(after));
  CHECK(g.to_move() == opponent(mover));
  CHECK(g.ply() == ply + 1);
  CHECK(g.hash() == zobrist_hash(g.position()));
}

}  // namespace tanbo_test
