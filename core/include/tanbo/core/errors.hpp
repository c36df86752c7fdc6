// Exception types thrown by tanbo's parsers and engines. Every message says what went wrong and
// where (line/column/token for text, move and reason for play), so a CLI can print it verbatim.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tanbo/core/types.hpp"

namespace tanbo {

/// How many bytes of a bad token (point name, variant name) an error message quotes.
inline constexpr std::size_t kQuotedTokenBytes = 40;

/// `text` made safe to quote inside a one-line error message: valid UTF-8 passes through, while
/// control characters (C0 such as NUL, ESC and newline; DEL; C1) and bytes that are not valid
/// UTF-8 become `\xNN` (two lower-case hex digits per byte). At most `max_bytes` bytes of `text`
/// are shown, then "..." (a UTF-8 character is never cut). Backslashes pass unchanged, so a
/// message escaped twice reads the same; the exact bytes stay available, e.g. ParseError::token().
std::string printable(std::string_view text, std::size_t max_bytes = std::string_view::npos);

/// Base of every error tanbo throws on bad input or API misuse.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Malformed text: a point name, position string, variant name or game record.
/// `what()` reads "line L, column C: <reason>" (just "<reason>" when line is 0).
class ParseError : public Error {
 public:
  /// `line`/`column` are 1-based; 0 means "not applicable" (single-token input).
  ParseError(std::string reason, int line = 0, int column = 0, std::string token = {});
  int line() const noexcept { return line_; }          ///< 1-based line, or 0.
  int column() const noexcept { return column_; }      ///< 1-based column, or 0.
  const std::string& token() const noexcept { return token_; }    ///< Offending token, may be empty.
  const std::string& reason() const noexcept { return reason_; }  ///< Message without location.

 private:
  std::string reason_;
  int line_;
  int column_;
  std::string token_;
};

/// Why a move is illegal (@ref rule3 "rule 3", or the game being over).
enum class IllegalReason : std::uint8_t {
  OffBoard,            ///< The point is not on the board.
  Occupied,            ///< The point already holds a stone.
  NoFriendlyNeighbour, ///< No adjacent stone of the mover's colour.
  SeveralFriendlyNeighbours,  ///< Two or more adjacent stones of the mover's colour.
  GameOver,            ///< The game has ended; no more moves are accepted.
};

/// Human-readable text for an IllegalReason.
const char* illegal_reason_text(IllegalReason r) noexcept;

/// Thrown by `play()` for a move the rules forbid. The engine state is unchanged.
class IllegalMoveError : public Error {
 public:
  /// `what()` reads "illegal move G7 by X: <reason>".
  IllegalMoveError(Point p, Color player, IllegalReason reason);
  /// A move off the board written as something that is not a point name (an index or action
  /// as the caller gave it, e.g. "index 25 (indices are 0..24)"): `what()` reads
  /// "illegal move <as_written> by X: the point is not on the board"; point() is (-1,-1).
  static IllegalMoveError off_board(std::string_view as_written, Color player);
  Point point() const noexcept { return point_; }     ///< The rejected point.
  Color player() const noexcept { return player_; }   ///< Who tried to play it.
  IllegalReason reason() const noexcept { return reason_; }  ///< Why it was rejected.

 private:
  IllegalMoveError(std::string message, Point p, Color player, IllegalReason reason);
  Point point_;
  Color player_;
  IllegalReason reason_;
};

/// Thrown when a position cannot start a game (a side without stones, a bounded root,
/// an unsupported size).
class InvalidPositionError : public Error {
 public:
  using Error::Error;
  /// "invalid starting position: Black (X) has no stones" - shared so engines word it alike.
  static InvalidPositionError no_stones(Color c);
  /// "invalid starting position: the X root at A1 is bounded (it has no growth point)", naming
  /// the root by its first stone in row-major order.
  static InvalidPositionError bounded_root(Color c, Point first_stone);
};

/// Thrown for API misuse that is not a move, e.g. `undo()` with no move to undo.
class UsageError : public Error {
 public:
  using Error::Error;
};

}  // namespace tanbo
