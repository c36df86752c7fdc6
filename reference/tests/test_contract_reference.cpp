// Contract tests of the reference engine's public functions (reference/include: rules.hpp and
// game.hpp), each compared on every position of seeded random games over several variants with
// the brute-force rules of brute_force.hpp, which share no code with the engine. The list of
// public functions and the check covering each is differential/CONTRACT.md.
// In reference/tests: the reference engine alone against brute force (no optimized engine linked).
// check-map: code reference
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "contract_util.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"
#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::brute_growth;
using tanbo_test::brute_legal;
using tanbo_test::brute_removed;
using tanbo_test::brute_root;
using tanbo_test::to_brute;

namespace {

constexpr int kGames = 6;  // per start; every position of every game is checked

// The reason rule 3 gives for `c` not placing on `p`, derived from the brute-force board.
std::optional<IllegalReason> brute_reason(const brute::Board& b, Point p, int c) {
  const int cell = brute::get(b, p.x, p.y);
  if (cell < 0) return IllegalReason::OffBoard;
  if (cell != 0) return IllegalReason::Occupied;
  const int friends = brute::touching(b, p.x, p.y, c);
  if (friends == 0) return IllegalReason::NoFriendlyNeighbour;
  if (friends > 1) return IllegalReason::SeveralFriendlyNeighbours;
  return std::nullopt;
}

}  // namespace

TEST_CASE("contract: reference rule functions equal the brute-force rules on random games",
          "[contract][reference][rule3][rule4][rule5][rule6][rule7]") {
  long long positions = 0;
  for (const Position& start : tanbo_test::contract_starts()) {
    INFO("start \"" << start.to_string() << "\"");
    positions += tanbo_test::walk_random_games(start, 7100, kGames, [&](const reference::Game& g) {
      const Position pos = g.position();
      const brute::Board b = to_brute(pos);
      const int n = pos.size();
      INFO("position \"" << pos.to_string() << "\"");
      // winner (rule 7)
      std::optional<Color> want_winner;
      if (brute::over(b)) want_winner = pos.count(Color::Black) > 0 ? Color::Black : Color::White;
      REQUIRE(reference::winner(pos) == want_winner);
      // roots, growth points, bounded (rules 4 and 5)
      std::vector<reference::Root> want_roots;
      std::vector<char> seen(static_cast<std::size_t>(n * n), 0);
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          const int c = brute::get(b, x, y);
          if (c == 0 || seen[static_cast<std::size_t>(y * n + x)]) continue;
          const std::vector<Point> stones = brute_root(b, {x, y});
          for (const Point s : stones) seen[static_cast<std::size_t>(s.y * n + s.x)] = 1;
          want_roots.push_back({c == 1 ? Color::Black : Color::White, stones});
        }
      REQUIRE(reference::all_roots(pos) == want_roots);
      REQUIRE(g.roots() == want_roots);
      // label_roots and growth_counts (rules 4 and 5): one label per stone, roots numbered by
      // first stone, and each root's growth-point count.
      const reference::RootMap map = reference::label_roots(pos);
      const reference::GrowthCounts counts = reference::growth_counts(pos, map);
      REQUIRE(map.count == static_cast<int>(want_roots.size()));
      for (int r = 0; r < map.count; ++r) {
        const auto& root = want_roots[static_cast<std::size_t>(r)];
        REQUIRE(map.color[static_cast<std::size_t>(r)] == root.color);
        REQUIRE(map.first_stone[static_cast<std::size_t>(r)] == pos.index(root.stones.front()));
        for (const Point s : root.stones) REQUIRE(map.root_of(pos, s) == r);
        REQUIRE(counts[static_cast<std::size_t>(r)] == static_cast<int>(brute_growth(b, root.stones.front()).size()));
      }
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
          if (brute::get(b, x, y) == 0) REQUIRE(map.root_of(pos, {x, y}) == reference::RootMap::kNoRoot);
      REQUIRE(g.board() == pos);
      for (const auto& r : want_roots) {
        REQUIRE(reference::root_at(pos, r.stones.back()) == r);
        const std::vector<Point> growth = brute_growth(b, r.stones.front());
        REQUIRE(reference::growth_points(pos, r) == growth);
        REQUIRE(reference::is_bounded(pos, r) == growth.empty());
      }
      // position_problem: positions reached in play are valid starts until the game ends.
      if (!g.is_over()) REQUIRE_FALSE(reference::position_problem(pos).has_value());
      // neighbours, friendly_neighbours, placement_problem, why_illegal (rule 3), off-board too
      for (int y = -1; y <= n; ++y)
        for (int x = -1; x <= n; ++x) {
          const Point p{x, y};
          if (on_board(p, n)) {
            std::vector<Point> want;
            for (const Point q : {Point{x, y - 1}, Point{x - 1, y}, Point{x + 1, y}, Point{x, y + 1}})
              if (on_board(q, n)) want.push_back(q);
            const reference::Neighbours around = reference::neighbours(pos, p);
            std::vector<Point> got(around.begin(), around.end());
            REQUIRE(around.size() == got.size());
            REQUIRE(std::is_sorted(got.begin(), got.end()));  // row-major, as documented
            REQUIRE(got == want);
            std::vector<Point> visited;
            reference::for_each_neighbour(pos, p, [&](Point q) { visited.push_back(q); });
            REQUIRE(visited == want);
            // growth_anchors (rule 5): for each colour, the single adjacent stone of an empty point.
            const reference::GrowthAnchors anchors = reference::growth_anchors(pos, p);
            for (const int c : {1, 2}) {
              std::optional<Point> want_anchor;
              if (brute::get(b, x, y) == 0 && brute::touching(b, x, y, c) == 1)
                for (const Point q : want)
                  if (brute::get(b, q.x, q.y) == c) want_anchor = q;
              REQUIRE(anchors.of[static_cast<std::size_t>(c - 1)] == want_anchor);
            }
            for (const int c : {1, 2}) {
              const Color col = c == 1 ? Color::Black : Color::White;
              REQUIRE(reference::friendly_neighbours(pos, p, col) == brute::touching(b, x, y, c));
              REQUIRE(reference::placement_problem(pos, p, col) == brute_reason(b, p, c));
            }
          }
          const auto want_why = g.is_over() ? std::optional(IllegalReason::GameOver) : brute_reason(b, p, b.mover);
          REQUIRE(g.why_illegal(p) == want_why);
          REQUIRE(g.is_legal(p) == !want_why.has_value());
        }
      // legal moves (rule 3) and stones_to_remove (rule 6) for every legal move
      const std::vector<Point> legal = g.is_over() ? std::vector<Point>{} : brute_legal(b);
      REQUIRE(g.legal_moves() == legal);
      std::vector<Point> buffer{Point{99, 99}};  // the overload clears what was there
      g.legal_moves(buffer);
      REQUIRE(buffer == legal);
      REQUIRE(g.legal_move_count() == static_cast<int>(legal.size()));
      for (const Point m : legal) {
        Position placed = pos;
        placed.set(m, stone(pos.to_move()));
        const auto [kind, removed] = reference::stones_to_remove(placed, m);
        REQUIRE(removed == brute_removed(b, m));
        const bool own_root_went = std::find(removed.begin(), removed.end(), m) != removed.end();
        REQUIRE(kind == (removed.empty() ? Removal::None : own_root_went ? Removal::ExpandedRoot : Removal::BoundedRoots));
      }
    });
  }
  CHECK(positions > 300);
}

TEST_CASE("contract: reference Game queries, play, undo and history agree with brute force",
          "[contract][reference][rule3][rule6][history]") {
  for (const Position& start : tanbo_test::contract_starts()) {
    INFO("start \"" << start.to_string() << "\"");
    Rng rng(7200);
    reference::Game g(start);
    brute::Board b = to_brute(start);
    std::vector<MoveResult> history;
    REQUIRE(g.start_position() == start);
    REQUIRE_THROWS_AS(g.last_result(), UsageError);
    while (!g.is_over()) {
      const std::vector<Point> legal = brute_legal(b);
      const Point m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      const Color mover = g.to_move();
      const std::vector<Point> removed = brute_removed(b, m);
      const reference::Game before = g;
      const MoveEffect e = g.play(m);
      brute::play(b, m.x, m.y);
      INFO("after " << point_name(m) << ": \"" << g.position().to_string() << "\"");
      int black = 0, white = 0;
      for (const Point p : removed) (before.at(p) == Cell::Black || (p == m && mover == Color::Black) ? black : white)++;
      REQUIRE(e.removed_black == black);
      REQUIRE(e.removed_white == white);
      const MoveResult r = g.last_result();
      REQUIRE(r.move == m);
      REQUIRE(r.player == mover);
      REQUIRE(r.removed == removed);
      REQUIRE(r.removal == e.removal);
      history.push_back(r);
      REQUIRE(g.history() == history);
      REQUIRE(g.ply() == static_cast<int>(history.size()));
      std::vector<Point> moves;
      for (const auto& h : history) moves.push_back(h.move);
      REQUIRE(g.moves() == moves);
      REQUIRE(g.position() == [&] {
        Position want(b.n);
        for (int i = 0; i < b.n * b.n; ++i)
          want.set({i % b.n, i / b.n}, b.cell[static_cast<std::size_t>(i)] == 1 ? Cell::Black
                                       : b.cell[static_cast<std::size_t>(i)] == 2 ? Cell::White : Cell::Empty);
        want.set_to_move(b.mover == 1 ? Color::Black : Color::White);
        want.set_variant(start.variant());
        return want;
      }());
      REQUIRE(g.size() == b.n);
      REQUIRE(g.to_move() == (b.mover == 1 ? Color::Black : Color::White));
      REQUIRE(g.stone_count(Color::Black) == static_cast<int>(std::count(b.cell.begin(), b.cell.end(), 1)));
      REQUIRE(g.stone_count(Color::White) == static_cast<int>(std::count(b.cell.begin(), b.cell.end(), 2)));
      REQUIRE(g.is_over() == brute::over(b));
      REQUIRE(g.hash() == zobrist_hash(g.position()));
      for (int i = 0; i < b.n * b.n; ++i) REQUIRE(g.at({i % b.n, i / b.n}) == g.position().cells()[static_cast<std::size_t>(i)]);
      REQUIRE_THROWS_AS(g.at({-1, 0}), UsageError);
      REQUIRE_THROWS_AS(g.at({0, b.n}), UsageError);
      // undo restores the previous game exactly
      reference::Game undone = g;
      undone.undo();
      REQUIRE(undone.position() == before.position());
      REQUIRE(undone.history() == before.history());
      REQUIRE(undone.hash() == before.hash());
    }
    REQUIRE(g.winner() == std::optional(g.stone_count(Color::Black) > 0 ? Color::Black : Color::White));
    const auto err = tanbo_test::thrown<IllegalMoveError>([&] { g.play({0, 0}); });
    REQUIRE(err.has_value());
    CHECK(err->reason() == IllegalReason::GameOver);
  }
  reference::Game fresh;
  CHECK_THROWS_AS(fresh.undo(), UsageError);
  CHECK(fresh.position() == opening(Variant::classic()));
}

TEST_CASE("contract: position_problem and the reference constructors reject what rule 7 and "
          "rule 5 forbid", "[contract][reference][rule5][rule7]") {
  // A side without stones, and a bounded root named by its first stone.
  const Position no_white = Position::parse("X4/5/5/5/5 X");
  REQUIRE(reference::position_problem(no_white).has_value());
  CHECK(std::string(reference::position_problem(no_white)->what()) ==
        InvalidPositionError::no_stones(Color::White).what());
  const Position bounded = Position::parse("XO1/OX1/3 X");  // A1's only empty neighbours touch two X
  const auto problem = reference::position_problem(bounded);
  REQUIRE(problem.has_value());
  const brute::Board b = to_brute(bounded);
  CHECK(brute::bounded(b, brute::root(b, 0, 0)));
  CHECK(std::string(problem->what()) == InvalidPositionError::bounded_root(Color::Black, {0, 0}).what());
  CHECK_THROWS_AS(reference::Game(no_white), InvalidPositionError);
  CHECK_THROWS_AS(reference::Game(bounded), InvalidPositionError);
  CHECK_THROWS_AS(reference::Game(Variant::custom(5)), InvalidPositionError);
  for (const Variant& v : {Variant::lattice(5), Variant::dense(9)}) CHECK(reference::Game(v).position() == opening(v));
}
