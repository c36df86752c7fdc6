// Basic vocabulary shared by every part of tanbo: colours, cells, points, board-size limits and
// the outcome of a move. Everything here is a small value type with no dependencies.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

/// Forces inlining of a tiny accessor the engines call per point (GCC and Clang spell it
/// `always_inline`, MSVC `__forceinline`); plain `inline` elsewhere.
#if defined(__GNUC__) || defined(__clang__)
#define TANBO_FORCE_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define TANBO_FORCE_INLINE __forceinline
#else
#define TANBO_FORCE_INLINE inline
#endif

namespace tanbo {

/// Smallest supported board side length.
inline constexpr int kMinSize = 2;
/// Largest supported board side length (columns are lettered A..Y, no letter skipped).
inline constexpr int kMaxSize = 25;
/// Number of points on the largest board; sizes fixed-capacity tables.
inline constexpr int kMaxPoints = kMaxSize * kMaxSize;

/// A player. Black ("X") moves first.
enum class Color : std::uint8_t { Black = 0, White = 1 };

/// The other player.
constexpr Color opponent(Color c) noexcept { return c == Color::Black ? Color::White : Color::Black; }

/// 'X' for Black, 'O' for White: the letters used in diagrams, positions and JSON.
constexpr char color_char(Color c) noexcept { return c == Color::Black ? 'X' : 'O'; }

/// Content of one point of the board.
enum class Cell : std::uint8_t { Empty = 0, Black = 1, White = 2 };

/// The cell holding a stone of colour `c`.
constexpr Cell stone(Color c) noexcept { return c == Color::Black ? Cell::Black : Cell::White; }

/// 'X', 'O' or '.'.
constexpr char cell_char(Cell c) noexcept {
  return c == Cell::Black ? 'X' : c == Cell::White ? 'O' : '.';
}

/// A point of the board: column `x` (0 = column A, left) and row `y` (0 = row 1, top).
/// Points order row-major (by row, then column), the order in which engines list moves.
struct Point {
  int x = 0;  ///< 0-based column; column letter 'A' + x.
  int y = 0;  ///< 0-based row; row number y + 1, row 1 at the top.
  /// Same column and same row.
  friend constexpr bool operator==(const Point&, const Point&) = default;
  /// Row-major order: by row, then by column (the order engines list moves in).
  friend constexpr std::strong_ordering operator<=>(const Point& a, const Point& b) noexcept {
    if (auto c = a.y <=> b.y; c != 0) return c;
    return a.x <=> b.x;
  }
};

/// Row-major index of `p` on a board of side `size`: y * size + x (A1 = 0, B1 = 1, A2 = size).
/// With row_major_point, the one Point <-> index conversion (Position::index and point use it).
constexpr int row_major_index(Point p, int size) noexcept { return p.y * size + p.x; }
/// The point of row-major index `i` on a board of side `size`. @pre 0 <= i < size * size
/// (front ends range-check a caller's number first: tanbo::api::index_point).
constexpr Point row_major_point(int i, int size) noexcept { return {i % size, i / size}; }

/// True when `p` lies on a board of side `size`.
constexpr bool on_board(Point p, int size) noexcept {
  return p.x >= 0 && p.y >= 0 && p.x < size && p.y < size;
}

/// Which removal rule (@ref rule6 "rule 6") a move triggered.
enum class Removal : std::uint8_t {
  None = 0,          ///< No root became bounded; nothing was removed.
  ExpandedRoot = 1,  ///< The expanded root was bounded: it alone was removed.
  BoundedRoots = 2,  ///< Other roots were bounded: all of them were removed.
};

/// "none", "expanded-root" or "bounded-roots".
const char* removal_name(Removal r) noexcept;

/// Small, allocation-free summary of a move, returned by every engine's `play()`.
struct MoveEffect {
  Removal removal = Removal::None;  ///< Which removal rule applied.
  int removed_black = 0;           ///< Black stones removed by the move.
  int removed_white = 0;           ///< White stones removed by the move.
  /// Equal when every field is equal.
  friend bool operator==(const MoveEffect&, const MoveEffect&) = default;
};

/// Full description of a move, for inspection, records and comparison between engines: what
/// MoveEffect says plus the move, the mover and the removed points (the removed stones are gone
/// from the board, so their colours are kept as the two counts).
struct MoveResult {
  Point move;                       ///< The point played.
  Color player = Color::Black;      ///< Who played it.
  Removal removal = Removal::None;  ///< Which removal rule applied.
  std::vector<Point> removed;       ///< Removed stones, in row-major order.
  int removed_black = 0;            ///< Black stones among `removed`.
  int removed_white = 0;            ///< White stones among `removed`.
  /// Equal when every field is equal (engines must agree on all of them).
  friend bool operator==(const MoveResult&, const MoveResult&) = default;
};

}  // namespace tanbo
