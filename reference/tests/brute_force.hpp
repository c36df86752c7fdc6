// Independent brute-force implementation of the rules, written from the rules text (plain int
// grid, own flood fill, no engine code): the oracle for perft (test_perft.cpp) and for the
// contract tests of the engines' public functions (test_contract_*.cpp).
// In reference/tests: the reference engine's oracle; the optimized and C API contract tests share
// it.
#pragma once

#include <cstdint>
#include <vector>

namespace brute {

// Cells: 0 empty, 1 Black (X), 2 White (O); x = column (A = 0), y = row (1 = 0, the top).
struct Board {
  int n = 0;
  std::vector<int> cell;
  int mover = 1;  // Black moves first (rule 2)
};

inline int get(const Board& b, int x, int y) {
  return x < 0 || y < 0 || x >= b.n || y >= b.n ? -1 : b.cell[static_cast<std::size_t>(y * b.n + x)];
}

constexpr int kDx[4] = {1, -1, 0, 0};
constexpr int kDy[4] = {0, 0, 1, -1};

// How many orthogonal neighbours of (x, y) hold colour c (rules 3 and 5).
inline int touching(const Board& b, int x, int y, int c) {
  int k = 0;
  for (int d = 0; d < 4; ++d) k += get(b, x + kDx[d], y + kDy[d]) == c;
  return k;
}

// Rule 3: empty, with exactly one orthogonal neighbour of the mover's colour.
inline bool legal(const Board& b, int x, int y) { return get(b, x, y) == 0 && touching(b, x, y, b.mover) == 1; }

// Rule 4: the cells (y * n + x) of the group through (x, y), by flood fill.
inline std::vector<int> root(const Board& b, int x, int y) {
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
inline bool bounded(const Board& b, const std::vector<int>& group) {
  const int c = b.cell[static_cast<std::size_t>(group[0])];
  for (const int i : group)
    for (int d = 0; d < 4; ++d) {
      const int nx = i % b.n + kDx[d], ny = i / b.n + kDy[d];
      if (get(b, nx, ny) == 0 && touching(b, nx, ny, c) == 1) return false;
    }
  return true;
}

// Place, remove per rule 6, pass the turn (rule 2).
inline void play(Board& b, int x, int y) {
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
inline bool over(const Board& b) {
  bool black = false, white = false;
  for (const int c : b.cell) {
    black = black || c == 1;
    white = white || c == 2;
  }
  return !black || !white;
}

// Leaf count, counting the moves at the last level without playing them.
inline std::uint64_t perft(const Board& b, int depth) {
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
