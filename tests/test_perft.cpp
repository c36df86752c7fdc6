// Perft (number of move sequences of a given length; a finished game is one leaf) of every
// engine, compared at each depth with a tiny independent brute-force implementation of the
// rules written here from the rules text (plain int grid, own flood fill, no engine code), and
// with values derived by hand for the classic opening. Besides leaf counts, an order-independent
// digest of the leaf positions is compared, so equal counts from different boards would fail.
#include <cstdint>
#include <string>
#include <vector>

#include "engine_types.hpp"
#include "test_util.hpp"

#ifdef TANBO_TESTS_HAVE_PERFT_HEADER
#include "tanbo/cli/perft.hpp"
#endif

namespace brute {

// Cells: 0 empty, 1 Black (X), 2 White (O); x = column (A = 0), y = row (1 = 0, the top).
struct Board {
  int n = 0;
  std::vector<int> cell;
  int mover = 1;  // Black moves first (rule 2)
};

Board from_rows(const std::vector<std::string>& rows, int mover) {
  Board b{static_cast<int>(rows.size()), {}, mover};
  for (const std::string& r : rows)
    for (const char ch : r) b.cell.push_back(ch == 'X' ? 1 : ch == 'O' ? 2 : 0);
  return b;
}

int get(const Board& b, int x, int y) {
  return x < 0 || y < 0 || x >= b.n || y >= b.n ? -1 : b.cell[static_cast<std::size_t>(y * b.n + x)];
}

constexpr int kDx[4] = {1, -1, 0, 0};
constexpr int kDy[4] = {0, 0, 1, -1};

// How many orthogonal neighbours of (x, y) hold colour c (rules 3 and 5).
int touching(const Board& b, int x, int y, int c) {
  int k = 0;
  for (int d = 0; d < 4; ++d) k += get(b, x + kDx[d], y + kDy[d]) == c;
  return k;
}

// Rule 3: empty, with exactly one orthogonal neighbour of the mover's colour.
bool legal(const Board& b, int x, int y) { return get(b, x, y) == 0 && touching(b, x, y, b.mover) == 1; }

// Rule 4: the cells (y * n + x) of the group through (x, y), by flood fill.
std::vector<int> root(const Board& b, int x, int y) {
  const int c = get(b, x, y);
  std::vector<int> group{y * b.n + x};
  std::vector<char> seen(b.cell.size(), 0);
  seen[static_cast<std::size_t>(y * b.n + x)] = 1;
  for (std::size_t k = 0; k < group.size(); ++k)
    for (int d = 0; d < 4; ++d) {
      const int nx = group[k] % b.n + kDx[d], ny = group[k] / b.n + kDy[d];
      if (get(b, nx, ny) == c && !seen[static_cast<std::size_t>(ny * b.n + nx)]) {
        seen[static_cast<std::size_t>(ny * b.n + nx)] = 1;
        group.push_back(ny * b.n + nx);
      }
    }
  return group;
}

// Rule 5: bounded unless some empty neighbour of one of its stones touches exactly one stone of
// its colour (which is then that stone, so the point is a growth point of this root).
bool bounded(const Board& b, const std::vector<int>& group) {
  const int c = b.cell[static_cast<std::size_t>(group[0])];
  for (const int i : group)
    for (int d = 0; d < 4; ++d) {
      const int nx = i % b.n + kDx[d], ny = i / b.n + kDy[d];
      if (get(b, nx, ny) == 0 && touching(b, nx, ny, c) == 1) return false;
    }
  return true;
}

// Place, remove per rule 6, pass the turn (rule 2).
void play(Board& b, int x, int y) {
  b.cell[static_cast<std::size_t>(y * b.n + x)] = b.mover;
  std::vector<int> gone = root(b, x, y);
  if (!bounded(b, gone)) {
    gone.clear();
    std::vector<char> done(b.cell.size(), 0);
    for (int i = 0; i < b.n * b.n; ++i) {
      if (b.cell[static_cast<std::size_t>(i)] == 0 || done[static_cast<std::size_t>(i)]) continue;
      const std::vector<int> group = root(b, i % b.n, i / b.n);
      for (const int j : group) done[static_cast<std::size_t>(j)] = 1;
      if (bounded(b, group)) gone.insert(gone.end(), group.begin(), group.end());
    }
  }
  for (const int i : gone) b.cell[static_cast<std::size_t>(i)] = 0;
  b.mover = 3 - b.mover;
}

// Rule 7: over when a colour has no stone.
bool over(const Board& b) {
  bool black = false, white = false;
  for (const int c : b.cell) {
    black = black || c == 1;
    white = white || c == 2;
  }
  return !black || !white;
}

// Leaf count, counting the moves at the last level without playing them.
std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0 || over(b)) return 1;
  std::uint64_t total = 0;
  for (int y = 0; y < b.n; ++y)
    for (int x = 0; x < b.n; ++x) {
      if (!legal(b, x, y)) continue;
      if (depth == 1) {
        ++total;
        continue;
      }
      Board child = b;
      play(child, x, y);
      total += perft(child, depth - 1);
    }
  return total;
}

}  // namespace brute

namespace {

using namespace tanbo;

// FNV-1a of the board cells (0/1/2) and the side to move (1/2).
std::uint64_t board_digest(const std::vector<int>& cells, int mover) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const int c : cells) h = (h ^ static_cast<std::uint64_t>(c)) * 0x100000001b3ull;
  return (h ^ static_cast<std::uint64_t>(mover)) * 0x100000001b3ull;
}

struct Leaves {
  std::uint64_t count = 0;
  std::uint64_t digest = 0;  // sum of board_digest over the leaves: independent of move order
  friend bool operator==(const Leaves&, const Leaves&) = default;
};

Leaves brute_leaves(const brute::Board& b, int depth) {
  if (depth == 0 || brute::over(b)) return {1, board_digest(b.cell, b.mover)};
  Leaves total;
  for (int y = 0; y < b.n; ++y)
    for (int x = 0; x < b.n; ++x)
      if (brute::legal(b, x, y)) {
        brute::Board child = b;
        brute::play(child, x, y);
        const Leaves l = brute_leaves(child, depth - 1);
        total.count += l.count;
        total.digest += l.digest;
      }
  return total;
}

template <Engine G>
Leaves engine_leaves(const G& g, int depth) {
  if (depth == 0 || g.is_over()) {
    const Position pos = g.position();
    std::vector<int> cells;
    for (const Cell c : pos.cells()) cells.push_back(c == Cell::Black ? 1 : c == Cell::White ? 2 : 0);
    return {1, board_digest(cells, g.to_move() == Color::Black ? 1 : 2)};
  }
  Leaves total;
  for (const Point p : g.legal_moves()) {
    G child = g;
    child.play(p);
    const Leaves l = engine_leaves(child, depth - 1);
    total.count += l.count;
    total.digest += l.digest;
  }
  return total;
}

// The engine's perft, written here so the test does not depend on the CLI part.
template <Engine G>
std::uint64_t engine_perft(const G& g, int depth) {
  if (depth == 0 || g.is_over()) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(g.legal_move_count());
  std::uint64_t total = 0;
  for (const Point p : g.legal_moves()) {
    G child = g;
    child.play(p);
    total += engine_perft(child, depth - 1);
  }
  return total;
}

// Compares the engine with the brute force at every depth up to `count_depth` (leaf counts) and
// `digest_depth` (leaf positions); returns the counts for pinning.
template <Engine G>
std::vector<std::uint64_t> compare_with_brute(const Position& start, const brute::Board& b,
                                              int count_depth, int digest_depth) {
  const G g(start);
  std::vector<std::uint64_t> counts;
  for (int d = 1; d <= count_depth; ++d) {
    INFO("depth " << d);
    const std::uint64_t expected = brute::perft(b, d);
    CHECK(engine_perft(g, d) == expected);
#ifdef TANBO_TESTS_HAVE_PERFT_HEADER
    // The CLI's shared perft must count the same; shallow depths suffice to show it (its
    // play/undo walk on the reference engine replays the game at every undo).
    if (d <= 3) {
      CHECK(tanbo::perft(g, d) == expected);
      G work = g;
      CHECK(tanbo::perft_undo(work, d) == expected);
      CHECK(work.position() == g.position());  // the walk restores the game
    }
#endif
    if (d <= digest_depth) CHECK(engine_leaves(g, d) == brute_leaves(b, d));
    counts.push_back(expected);
  }
  return counts;
}

}  // namespace

namespace {

// Classic 19x19 from the rules text: X at A1 M1 G7 S7 A13 M13 G19 S19, O at G1 S1 A7 M7 G13 S13
// A19 M19 (column A = index 0, row 1 = the first string).
brute::Board classic_board() {
  std::vector<std::string> rows(19, std::string(19, '.'));
  for (const auto& [x, y] : {std::pair{0, 0}, {12, 0}, {6, 6}, {18, 6}, {0, 12}, {12, 12}, {6, 18}, {18, 18}})
    rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = 'X';
  for (const auto& [x, y] : {std::pair{6, 0}, {18, 0}, {0, 6}, {12, 6}, {6, 12}, {18, 12}, {0, 18}, {12, 18}})
    rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = 'O';
  return brute::from_rows(rows, 1);
}

}  // namespace

TEST_CASE("brute-force board matches the openings it is compared from", "[perft]") {
  // The brute force is set up from hand-written rows, not from the engines; make sure those
  // rows are the boards the engines start from.
  const auto cells = [](const brute::Board& b) {
    std::vector<Cell> out;
    for (const int c : b.cell) out.push_back(c == 1 ? Cell::Black : c == 2 ? Cell::White : Cell::Empty);
    return out;
  };
  CHECK(cells(classic_board()) == opening(Variant::classic()).cells());
  CHECK(cells(brute::from_rows({"X...O", ".....", ".....", ".....", "O...X"}, 1)) ==
        opening(Variant::lattice(5)).cells());
  CHECK(cells(brute::from_rows({"X.O.X", ".....", "O.X.O", ".....", "X.O.X"}, 1)) ==
        opening(Variant::dense(5)).cells());
}


TEMPLATE_TEST_CASE("perft of the classic opening to depth 4", "[perft]", TANBO_TEST_ENGINES) {
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
  const auto counts = compare_with_brute<TestType>(start, classic_board(), 4, 2);
  CHECK(counts == std::vector<std::uint64_t>{24, 576, 14688, 374544});
}

TEMPLATE_TEST_CASE("perft of small openings to depths where removals and game ends occur", "[perft]",
                   TANBO_TEST_ENGINES) {
  SECTION("lattice-5") {
    //   X . . . O     Depth 1: A1 has B1, A2; E5 has D5, E4 (E1/A5 are White's): 4 moves.
    //   . . . . .     Depth 2: White likewise has 4 replies, unaffected by Black's move: 16.
    //   . . . . .     Depth 3: as for classic, Black then has 4 - 1 + (deg(p) - 1) = 5 moves
    //   . . . . .     (each first move p is on an edge, deg 3; White's stone cannot reach
    //   O . . . X     Black's candidates): 16 * 5 = 80. Deeper values: brute force.
    const auto b = brute::from_rows({"X...O", ".....", ".....", ".....", "O...X"}, 1);
    const auto counts = compare_with_brute<TestType>(opening(Variant::lattice(5)), b, 7, 6);
    CHECK(counts == std::vector<std::uint64_t>{4, 16, 80, 396, 2080, 10628, 56232});
  }
  SECTION("dense-5") {
    //   X . O . X     Every empty point between two stones touches one X and one O stone (the
    //   . . . . .     colours alternate), so Black's moves are the free neighbours of its
    //   O . X . O     stones: corners 2 each, C3 4: 12. A Black move takes one of White's 12
    //   . . . . .     candidates (the point it fills touches one O stone) and adds none:
    //   X . O . X     12 * 11 = 132. Deeper values: brute force.
    const auto b = brute::from_rows({"X.O.X", ".....", "O.X.O", ".....", "X.O.X"}, 1);
    const auto counts = compare_with_brute<TestType>(opening(Variant::dense(5)), b, 5, 4);
    CHECK(counts == std::vector<std::uint64_t>{12, 132, 1496, 15944, 158128});
  }
  SECTION("2x2: every game is X, O, and White's move bounds its own root") {
    //   X .    X plays B1 or A2 (2). O must fill the last point, bounding its own expanded root,
    //   . O    which alone is removed: O has no stones, Black wins. 2 games of 2 moves, so the
    //          count stays 2 at every depth (a finished game is one leaf).
    const auto b = brute::from_rows({"X.", ".O"}, 1);
    const auto counts = compare_with_brute<TestType>(Position::parse("X1/1O X"), b, 6, 6);
    CHECK(counts == std::vector<std::uint64_t>{2, 2, 2, 2, 2, 2});
  }
  SECTION("3x3 and 4x4 rule scenarios, played out") {
    // Boards from test_rules_removal.cpp. The first two end within a few moves: every line of
    // play is counted once it ends, so the counts stop growing.
    CHECK(compare_with_brute<TestType>(Position::parse("XOX/1OX/1XX X"),
                                       brute::from_rows({"XOX", ".OX", ".XX"}, 1), 8, 8) ==
          std::vector<std::uint64_t>{2, 6, 6, 10, 10, 10, 10, 10});
    // X: C1 A2 C2 B3; A2 wins at once (1 leaf), the others allow only O's A2: 1 + 3 = 4.
    CHECK(compare_with_brute<TestType>(Position::parse("OX1/1X1/3 X"),
                                       brute::from_rows({"OX.", ".X.", "..."}, 1), 8, 8) ==
          std::vector<std::uint64_t>{4, 4, 8, 8, 8, 8, 8, 8});
    CHECK(compare_with_brute<TestType>(Position::parse("XOXX/X2O/4/4 X"),
                                       brute::from_rows({"XOXX", "X..O", "....", "...."}, 1), 7, 5) ==
          std::vector<std::uint64_t>{3, 8, 23, 76, 205, 688, 1685});
  }
}
