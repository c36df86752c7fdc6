// The solvers' vocabulary (answer.hpp): the value's name, perfect play's choice of move and the
// best moves of an answer. The certificate writer of a proof is in certificate_writer.cpp.
#include "tanbo/solve/answer.hpp"

namespace tanbo::solve {

const char* to_string(Value value) noexcept {
  switch (value) {
    case Value::Win: return "win";
    case Value::Loss: return "loss";
    case Value::Unknown: break;
  }
  return "unknown";
}

std::string outcome_text(const Outcome& o, std::optional<Color> to_move) {
  if (!o.known()) return "unknown";
  if (!to_move) return std::string(o.wins() ? "win " : "loss ") + (o.length < 0 ? "?" : std::to_string(o.length));
  if (o.length == 0) return "a finished game won by " + std::string(1, color_char(*o.winner(*to_move)));
  std::string out = std::string(1, color_char(*to_move)) + " to move " + (o.wins() ? "wins" : "loses");
  if (o.length > 0) out += " in " + std::to_string(o.length) + (o.length == 1 ? " ply" : " plies");
  return out;
}

std::optional<Point> perfect_move(const std::vector<MoveOutcome>& moves) {
  // A strict comparison keeps the first (row-major) of equals.
  const MoveOutcome* best = nullptr;
  for (const MoveOutcome& m : moves)
    if (m.outcome.known() && (best == nullptr || better_for_mover(m.outcome, best->outcome))) best = &m;
  if (best == nullptr) return std::nullopt;
  return best->move;
}

std::vector<Point> best_moves(const Answer& answer) {
  std::vector<Point> out;
  const Outcome& a = answer.outcome;
  if (!a.known() || a.length == 0) return out;
  for (const MoveOutcome& m : answer.moves)
    if (m.outcome.value == a.value && (a.length < 0 || m.outcome.length == a.length)) out.push_back(m.move);
  if (out.empty() && answer.best_move) out.push_back(*answer.best_move);
  return out;
}

}  // namespace tanbo::solve
