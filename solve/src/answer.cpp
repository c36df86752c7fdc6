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

std::optional<Point> perfect_move(const std::vector<MoveOutcome>& moves) {
  // A strict comparison keeps the first (row-major) of equals.
  const MoveOutcome* best = nullptr;
  for (const MoveOutcome& m : moves)
    if (m.known() && (best == nullptr || better_for_mover(m, *best))) best = &m;
  if (best == nullptr) return std::nullopt;
  return best->move;
}

std::vector<Point> best_moves(const Answer& answer) {
  std::vector<Point> out;
  if (!answer.known() || answer.length == 0) return out;
  for (const MoveOutcome& m : answer.moves)
    if (m.value == answer.value && (answer.length < 0 || m.length == answer.length)) out.push_back(m.move);
  if (out.empty() && answer.best_move) out.push_back(*answer.best_move);
  return out;
}

}  // namespace tanbo::solve
