// Position: a board, the side to move and the variant it was set up from, plus the compact
// position string format and the text diagram used by the CLI.
//
// Position string: rows from row 1 (top) to row N separated by '/', each row a run of 'X'
// (Black), 'O' (White) and decimal counts of empty points; then a space and the side to move
// ('X' or 'O'); then optionally a space and the variant name. Example, 5x5 lattice:
//   "X3O/5/5/5/O3X X lattice-5"
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"

namespace tanbo {

/// A board with the side to move. Plain value; no rule is checked here (engines validate).
class Position {
 public:
  /// Empty board of side `size`, Black to move, variant custom-`size`.
  /// @throws InvalidPositionError unless kMinSize <= size <= kMaxSize.
  explicit Position(int size = 19);

  int size() const noexcept { return size_; }  ///< Board side length.
  /// Content of `p`. @pre on_board(p, size()).
  TANBO_FORCE_INLINE Cell at(Point p) const noexcept { return cells_[index(p)]; }
  /// Sets the content of `p`. @throws UsageError if `p` is off the board.
  /// Inline (its throw out of line): engines and checkers set every point of a board this way,
  /// and a call per point cost more than the setting.
  void set(Point p, Cell c) {
    if (!on_board(p, size_)) [[unlikely]]
      throw_off_board(p);
    Cell& cell = cells_[static_cast<std::size_t>(index(p))];
    if (cell != Cell::Empty) --stones_[cell == Cell::Black ? 0 : 1];
    if (c != Cell::Empty) ++stones_[c == Cell::Black ? 0 : 1];
    cell = c;
  }
  Color to_move() const noexcept { return to_move_; }           ///< Side to move.
  void set_to_move(Color c) noexcept { to_move_ = c; }          ///< Sets the side to move.
  const Variant& variant() const noexcept { return variant_; }  ///< Where the position came from.
  /// Sets the variant tag. @throws UsageError if its size differs from the board's.
  void set_variant(const Variant& v);
  /// Number of stones of colour `c`. O(1): set() keeps the two counts, because the engines ask
  /// for them on every legality query (rule 7: is the game over?).
  int count(Color c) const noexcept { return stones_[static_cast<int>(c)]; }
  /// Row-major index of `p`: y * size() + x (row_major_index).
  TANBO_FORCE_INLINE int index(Point p) const noexcept { return row_major_index(p, size_); }
  /// The point of row-major index `i`, the inverse of index() (row_major_point).
  /// @pre 0 <= i < size() * size() (front ends range-check a caller's number: api::index_point).
  Point point(int i) const noexcept { return row_major_point(i, size_); }
  /// Row-major cells, size()*size() of them.
  const std::vector<Cell>& cells() const noexcept { return cells_; }

  /// The position string (see the file comment). Round-trips through parse().
  std::string to_string() const;
  /// Parses a position string. Syntax only: rules are checked by the engines.
  /// @throws ParseError with the column of the offending character.
  static Position parse(std::string_view text);
  /// Text diagram: column letters on top, row numbers on the left, X / O / '.'.
  std::string diagram() const;

  /// Same board, side to move and variant tag.
  friend bool operator==(const Position&, const Position&) = default;

 private:
  // set()'s UsageError, out of line so that set() inlines small.
  [[noreturn]] void throw_off_board(Point p) const;

  int size_;
  std::vector<Cell> cells_;
  int stones_[2] = {0, 0};  // stones of each colour in cells_
  Color to_move_ = Color::Black;
  Variant variant_;
};

}  // namespace tanbo
