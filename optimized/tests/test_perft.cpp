// Perft (number of move sequences of a given length; a finished game is one leaf) of every
// engine, compared at each depth with the tiny independent brute-force implementation of the
// rules in brute_force.hpp (plain int grid, own flood fill, no engine code), and with values
// derived by hand for the classic opening. Besides leaf counts, an order-independent digest of
// the leaf positions is compared, so equal counts from different boards would fail. The brute
// force starts from the cells of the same Position (to_brute); the openings themselves are
// checked against the rules text in test_contract_openings.cpp.
// In optimized/tests: run on every engine; reference/tests checks the reference alone, so what
// these add is the optimized engine.
// check-map: code reference optimized
#include <cstdint>
#include <vector>

#include "contract_util.hpp"
#include "engine_types.hpp"
#include "tanbo/core/perft.hpp"
#include "tanbo/optimized/board.hpp"
#include "test_util.hpp"

namespace {

using namespace tanbo;

// FNV-1a of the board cells (0/1/2) and the side to move (1/2).
std::uint64_t board_digest(const brute::Board& b) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const int c : b.cell) h = (h ^ static_cast<std::uint64_t>(c)) * 0x100000001b3ull;
  return (h ^ static_cast<std::uint64_t>(b.mover)) * 0x100000001b3ull;
}

struct Leaves {
  std::uint64_t count = 0;
  std::uint64_t digest = 0;  // sum of board_digest over the leaves: independent of move order
  friend bool operator==(const Leaves&, const Leaves&) = default;
  Leaves& operator+=(const Leaves& o) {
    count += o.count;
    digest += o.digest;
    return *this;
  }
};

Leaves brute_leaves(const brute::Board& b, int depth) {
  if (depth == 0 || brute::over(b)) return {1, board_digest(b)};
  Leaves total;
  for (int y = 0; y < b.n; ++y)
    for (int x = 0; x < b.n; ++x)
      if (brute::legal(b, x, y)) {
        brute::Board child = b;
        brute::play(child, x, y);
        total += brute_leaves(child, depth - 1);
      }
  return total;
}

template <Engine G>
Leaves engine_leaves(const G& g, int depth) {
  if (depth == 0 || g.is_over()) return {1, board_digest(tanbo_test::to_brute(g.position()))};
  Leaves total;
  for (const Point p : g.legal_moves()) {
    G child = g;
    child.play(p);
    total += engine_leaves(child, depth - 1);
  }
  return total;
}

// Compares the engine with the brute force at every depth up to `count_depth` (leaf counts) and
// `digest_depth` (leaf positions); returns the counts for pinning.
template <Engine G>
std::vector<std::uint64_t> compare_with_brute(const Position& start, int count_depth, int digest_depth) {
  const G g(start);
  const brute::Board b = tanbo_test::to_brute(start);
  std::vector<std::uint64_t> counts;
  for (int d = 1; d <= count_depth; ++d) {
    INFO("depth " << d);
    const std::uint64_t expected = brute::perft(b, d);
    // tanbo::perft walks by play/undo, so this also checks that undo restores every node.
    CHECK(tanbo::perft(g, d) == expected);
    if (d <= 3) {
      std::uint64_t divided = 0;
      for (const PerftDivideEntry& e : perft_divide(g, d)) divided += e.count;
      CHECK(divided == expected);
    }
    if (d <= digest_depth) CHECK(engine_leaves(g, d) == brute_leaves(b, d));
    counts.push_back(expected);
  }
  return counts;
}

}  // namespace

TEMPLATE_TEST_CASE("perft of the classic opening to depth 4",
                   "[perft][rule2][rule3][rule6][rule7]", TANBO_TEST_ENGINES) {
  // By hand. The 16 stones are single-stone roots at least 6 points apart, so up to depth 4 no
  // move touches the other side's stones or candidate points and nothing is removed.
  // Depth 1: Black's moves are the free neighbours of its stones: corners A1, S19 have 2; edge
  //   stones M1, S7, A13, G19 have 3; inner G7, M13 have 4: 2+3+4+3+3+4+3+2 = 24.
  // Depth 2: White's stones sit in the mirrored pattern: 24 replies to each move: 576.
  // Depth 3: after Black plays q next to its stone s, Black loses q as a candidate but gains the
  //   other on-board neighbours of q (deg(q) - 1 of them; each touches only q): 22 + deg(q).
  //   Sum over the 24 q of deg(q): A1 (B1 3, A2 3) 6, M1 (L1 3, N1 3, M2 4) 10, G7 4*4 = 16,
  //   S7 (R7 4, S6 3, S8 3) 10, A13 10, M13 16, G19 10, S19 6: 84. So Black's third-ply moves
  //   sum to 24*22 + 84 = 612 over its first moves, times White's 24: 14688.
  // Depth 4: White likewise has 22 + deg(w) after its move w, summing to 612 over w, and
  //   Black's second move does not affect it: 612 * 612 = 374544.
  const Position start = opening(Variant::classic());
  const auto counts = compare_with_brute<TestType>(start, 4, 2);
  CHECK(counts == std::vector<std::uint64_t>{24, 576, 14688, 374544});
}

TEMPLATE_TEST_CASE("perft of small openings to depths where removals and game ends occur",
                   "[perft][rule2][rule3][rule6][rule7]",
                   TANBO_TEST_ENGINES) {
  SECTION("lattice-5") {
    //   X . . . O     Depth 1: A1 has B1, A2; E5 has D5, E4 (E1/A5 are White's): 4 moves.
    //   . . . . .     Depth 2: White likewise has 4 replies, unaffected by Black's move: 16.
    //   . . . . .     Depth 3: as for classic, Black then has 4 - 1 + (deg(p) - 1) = 5 moves
    //   . . . . .     (each first move p is on an edge, deg 3; White's stone cannot reach
    //   O . . . X     Black's candidates): 16 * 5 = 80. Deeper values: brute force.
    const auto counts = compare_with_brute<TestType>(opening(Variant::lattice(5)), 7, 6);
    CHECK(counts == std::vector<std::uint64_t>{4, 16, 80, 396, 2080, 10628, 56232});
  }
  SECTION("dense-5") {
    //   X . O . X     Every empty point between two stones touches one X and one O stone (the
    //   . . . . .     colours alternate), so Black's moves are the free neighbours of its
    //   O . X . O     stones: corners 2 each, C3 4: 12. A Black move takes one of White's 12
    //   . . . . .     candidates (the point it fills touches one O stone) and adds none:
    //   X . O . X     12 * 11 = 132. Deeper values: brute force.
    const auto counts = compare_with_brute<TestType>(opening(Variant::dense(5)), 5, 4);
    CHECK(counts == std::vector<std::uint64_t>{12, 132, 1496, 15944, 158128});
  }
  SECTION("2x2: every game is X, O, and White's move bounds its own root") {
    //   X .    X plays B1 or A2 (2). O must fill the last point, bounding its own expanded root,
    //   . O    which alone is removed: O has no stones, Black wins. 2 games of 2 moves, so the
    //          count stays 2 at every depth (a finished game is one leaf).
    const auto counts = compare_with_brute<TestType>(Position::parse("X1/1O X"), 6, 6);
    CHECK(counts == std::vector<std::uint64_t>{2, 2, 2, 2, 2, 2});
  }
  SECTION("3x3 and 4x4 rule scenarios, played out") {
    // Boards from test_rules_removal.cpp. The first two end within a few moves: every line of
    // play is counted once it ends, so the counts stop growing.
    CHECK(compare_with_brute<TestType>(Position::parse("XOX/1OX/1XX X"), 8, 8) ==
          std::vector<std::uint64_t>{2, 6, 6, 10, 10, 10, 10, 10});
    // X: C1 A2 C2 B3; A2 wins at once (1 leaf), the others allow only O's A2: 1 + 3 = 4.
    CHECK(compare_with_brute<TestType>(Position::parse("OX1/1X1/3 X"), 8, 8) ==
          std::vector<std::uint64_t>{4, 4, 8, 8, 8, 8, 8, 8});
    CHECK(compare_with_brute<TestType>(Position::parse("XOXX/X2O/4/4 X"), 7, 5) ==
          std::vector<std::uint64_t>{3, 8, 23, 76, 205, 688, 1685});
  }
}

namespace {

// Lines of play (brute force) that end with a finished game before `depth` moves.
std::uint64_t brute_early_endings(const brute::Board& b, int depth) {
  if (depth == 0) return 0;
  if (brute::over(b)) return 1;
  std::uint64_t total = 0;
  for (int y = 0; y < b.n; ++y)
    for (int x = 0; x < b.n; ++x)
      if (brute::legal(b, x, y)) {
        brute::Board child = b;
        brute::play(child, x, y);
        total += brute_early_endings(child, depth - 1);
      }
  return total;
}

// Perft leaves of the optimized board itself, walking with play_vertex / undo(record) over a
// copy of legal_vertices() (the span changes as moves are made): checks undo and the legal set.
template <int MaxN>
Leaves board_leaves(optimized::BasicBoard<MaxN>& b, int depth) {
  if (depth == 0 || b.is_over()) return {1, board_digest(tanbo_test::to_brute(b.position()))};
  Leaves total;
  const auto span = b.legal_vertices();
  const std::vector<optimized::Vertex> moves(span.begin(), span.end());
  for (const optimized::Vertex v : moves) {
    const optimized::MoveRecord rec = b.play_vertex(v);
    total += board_leaves(b, depth - 1);
    b.undo(rec);
  }
  return total;
}

// Custom positions (found by a search for small trees) whose games end inside the perft depth
// at several depths.
struct Ending {
  const char* position;
  int depth;
};
const Ending kEndings[] = {
    {"2O1/2OO/1XO1/O1X1 X", 7}, {"1O2/XO2/OX1X/1X2 O", 7}, {"OXX2/OOO1X/1OO2/1XX2/1XX2 O", 5}, {"X4/X1XO1/XX2X/4X/2X2 O", 5}};

}  // namespace

TEMPLATE_TEST_CASE("perft of more variants and of positions whose games end inside the depth",
                   "[perft][rule2][rule3][rule6][rule7]", TANBO_TEST_ENGINES) {
  SECTION("lattice-7 and dense-7") {
    compare_with_brute<TestType>(opening(Variant::lattice(7)), 4, 3);
    compare_with_brute<TestType>(opening(Variant::dense(7)), 3, 3);
  }
  SECTION("games ending inside the depth") {
    for (const Ending& e : kEndings) {
      INFO(e.position);
      CHECK(brute_early_endings(tanbo_test::to_brute(Position::parse(e.position)), e.depth) > 0);  // their point
      compare_with_brute<TestType>(Position::parse(e.position), e.depth, e.depth);
    }
  }
}

TEMPLATE_TEST_CASE_SIG("perft of the optimized board (play_vertex / undo) equals the brute force, "
                       "Board19 and Board",
                       "[perft][rule2][rule3][rule6][rule7]", ((int MaxN), MaxN), 19, 25) {
  std::vector<std::pair<Position, int>> cases = {{opening(Variant::lattice(5)), 6}, {opening(Variant::dense(5)), 4}};
  for (const Ending& e : kEndings) cases.emplace_back(Position::parse(e.position), e.depth);
  for (const auto& [start, depth] : cases) {
    INFO(start.to_string());
    optimized::BasicBoard<MaxN> board(start);
    for (int d = 1; d <= depth; ++d) {
      INFO("depth " << d);
      CHECK(board_leaves(board, d) == brute_leaves(tanbo_test::to_brute(start), d));
    }
    CHECK(board.position() == start);  // the walk restored everything
    CHECK(board.hash() == zobrist_hash(start));
    CHECK_FALSE(board.check_consistency().has_value());
  }
}
