// A table record checked by the definitions (docs/solutions.md) before anyone answers from it:
// a finished game's winner by rule 7, an unfinished position's value and length from its
// children's records. Table::probe checks the probed record (and the line's) this way and
// verify() every record, so a forged table (its hash recomputed) is refused where it contradicts
// the rules, with the record's byte offset and the position, instead of being answered from.
#include <string>

#include "tanbo/solve/answer.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve {

namespace {

// The value and length the definitions give an unfinished position from its moves' outcomes (each
// already for the mover, one ply longer than the child's): a win iff some move wins; then the
// fastest win's length, else the longest defence's — the outcome of perfect play's move.
Outcome outcome_from_moves(const std::vector<MoveOutcome>& moves) {
  const std::optional<Point> best = perfect_move(moves);
  for (const MoveOutcome& m : moves)
    if (best && m.move == *best) return m.outcome;
  return {};
}

}  // namespace

void Table::check_record(std::uint64_t key, Outcome record, std::optional<Color> finished_winner,
                         const std::vector<MoveOutcome>& moves) const {
  const bool mover_is_o = ((key >> codec_.side_shift()) & 1) != 0;
  const Color mover = mover_is_o ? Color::White : Color::Black;
  std::string why;
  if (finished_winner) {
    if (record == Outcome::of(*finished_winner == mover, 0)) return;
    why = "the game is finished and rule 7 gives it to " + std::string(1, color_char(*finished_winner));
  } else if (moves.empty()) {
    // Every unfinished position has a move (a side with stones can grow); only a bad table or a
    // line run past its end gets here, and no value follows from it.
    why = "the game is not finished yet no legal move follows";
  } else {
    const Outcome expected = outcome_from_moves(moves);
    if (expected == record) return;
    why = "its moves' records give " + outcome_text(expected, mover);
  }
  throw TableError(source(), record_offset(record_index(codec_.canonical(key))),
                   "the table is inconsistent: the record of " + start_label(codec_.position(key)) + " says " +
                       outcome_text(record, mover) + ", but " + why);
}

}  // namespace tanbo::solve
