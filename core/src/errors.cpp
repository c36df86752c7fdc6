// Error messages: one place so both engines and all tools word them identically.
#include "tanbo/core/errors.hpp"

#include "tanbo/core/notation.hpp"

namespace tanbo {

namespace {
std::string located(const std::string& reason, int line, int column) {
  if (line <= 0) return reason;
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + reason;
}
}  // namespace

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

IllegalMoveError::IllegalMoveError(Point p, Color player, IllegalReason reason)
    : Error("illegal move " + point_name(p) + " by " + std::string(1, color_char(player)) + ": " +
            illegal_reason_text(reason)),
      point_(p),
      player_(player),
      reason_(reason) {}

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
