// Error messages: one place so both engines and all tools word them identically.
#include "tanbo/core/errors.hpp"

#include "tanbo/core/hex.hpp"
#include "tanbo/core/notation.hpp"

namespace tanbo {

namespace {

// Length of the UTF-8 sequence starting at text[i] that printable() may show as it is: 1 for
// printable ASCII, 2-4 for a well-formed sequence (Unicode table 3-7: no overlong forms, no
// surrogates, nothing above U+10FFFF) that is not a C1 control; 0 for a byte to escape.
std::size_t shown_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return b0 >= 0x20 && b0 != 0x7f ? 1 : 0;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xbf;  // allowed range of the second byte
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    n = 2;
  } else if (b0 >= 0xe0 && b0 <= 0xef) {
    n = 3;
    if (b0 == 0xe0) lo = 0xa0;
    if (b0 == 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    n = 4;
    if (b0 == 0xf0) lo = 0x90;
    if (b0 == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (i + n > text.size() || byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
  if (b0 == 0xc2 && byte(i + 1) <= 0x9f) return 0;  // U+0080-U+009F: C1 controls
  return n;
}

std::string located(const std::string& reason, int line, int column) {
  if (line <= 0) return reason;
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + reason;
}
}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t n = shown_length(text, i);
    if (i + (n == 0 ? 1 : n) > max_bytes) return out + "...";
    if (n == 0) {
      const auto byte = static_cast<std::uint8_t>(text[i]);
      out += "\\x" + hex(std::span(&byte, 1));
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

ParseError::ParseError(std::string reason, int line, int column, std::string token)
    : Error(located(reason, line, column)),
      reason_(std::move(reason)),
      line_(line),
      column_(column),
      token_(std::move(token)) {}

const char* illegal_reason_text(IllegalReason r) noexcept {
  switch (r) {
    case IllegalReason::OffBoard: return "the point is not on the board";
    case IllegalReason::Occupied: return "the point is occupied";
    case IllegalReason::NoFriendlyNeighbour:
      return "the point touches no stone of the mover's colour (rule 3 needs exactly one)";
    case IllegalReason::SeveralFriendlyNeighbours:
      return "the point touches two or more stones of the mover's colour (rule 3 needs exactly one)";
    case IllegalReason::GameOver: return "the game is over";
  }
  return "unknown reason";
}

IllegalMoveError::IllegalMoveError(std::string message, Point p, Color player, IllegalReason reason)
    : Error(message), point_(p), player_(player), reason_(reason) {}

IllegalMoveError::IllegalMoveError(Point p, Color player, IllegalReason reason)
    : IllegalMoveError("illegal move " + point_name(p) + " by " + std::string(1, color_char(player)) +
                           ": " + illegal_reason_text(reason),
                       p, player, reason) {}

IllegalMoveError IllegalMoveError::off_board(std::string_view as_written, Color player) {
  return IllegalMoveError("illegal move " + std::string(as_written) + " by " +
                              std::string(1, color_char(player)) + ": " +
                              illegal_reason_text(IllegalReason::OffBoard),
                          Point{-1, -1}, player, IllegalReason::OffBoard);
}

InvalidPositionError InvalidPositionError::no_stones(Color c) {
  return InvalidPositionError(std::string("invalid starting position: ") +
                              (c == Color::Black ? "Black (X)" : "White (O)") + " has no stones");
}

InvalidPositionError InvalidPositionError::bounded_root(Color c, Point first_stone) {
  return InvalidPositionError("invalid starting position: the " + std::string(1, color_char(c)) +
                              " root at " + point_name(first_stone) +
                              " is bounded (it has no growth point)");
}

const char* removal_name(Removal r) noexcept {
  switch (r) {
    case Removal::None: return "none";
    case Removal::ExpandedRoot: return "expanded-root";
    case Removal::BoundedRoots: return "bounded-roots";
  }
  return "unknown";
}

}  // namespace tanbo
