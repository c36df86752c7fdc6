// Plain-text game records: point names separated by whitespace, '#' comments to end of line,
// and optional header lines before the first move:
//   [Variant "lattice-9"]          start from a named variant's opening
//   [Position "X3O/5/5/5/O3X X"]   start from a custom position
// A bare list of moves is a classic 19x19 game (or the caller's default variant).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo {

/// One move of a record with where it was written, so replay errors can point at it.
struct RecordMove {
  Point point;     ///< The move.
  int line = 0;    ///< 1-based line of the token.
  int column = 0;  ///< 1-based column of the token.
};

/// A parsed game record.
struct GameRecord {
  Position start;                 ///< The starting position (from headers or the default).
  std::vector<RecordMove> moves;  ///< The moves, in order.
  int header_line = 0;    ///< 1-based line of the [Variant]/[Position] header's value; 0: none.
  int header_column = 0;  ///< 1-based column of that value (after the opening quote).
  /// Just the points of `moves`.
  std::vector<Point> points() const;
};

/// Parses a record. Without headers the game starts from `opening(default_variant)`. An empty
/// or comment-only text is a valid record of a game without moves (format_record writes it for a
/// fresh classic game); a front end that expects moves checks `moves` itself (the CLI does).
/// @throws ParseError with line, column and token of the first problem.
GameRecord parse_record(std::string_view text, const Variant& default_variant = Variant::classic());

/// Writes a record that parse_record() reads back to the same start and moves. Emits a
/// [Variant] header when `start` is a named variant's opening other than classic, a [Position]
/// header for any other start, and no header for the classic opening.
std::string format_record(const Position& start, std::span<const Point> moves);

}  // namespace tanbo
