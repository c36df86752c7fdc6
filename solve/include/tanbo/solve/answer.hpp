// The solvers' one vocabulary: what is known about a position under perfect play (its Outcome:
// value and perfect-play length for the side to move), what a probe or a solve answers (Answer:
// the outcome with its moves, best move and line), perfect play's one choice of move among moves
// of known outcome (perfect_move), and the winner's proof (Proof), which write_certificate
// streams as a certificate. The strong table (strong.hpp), the weak solver (weak.hpp) and every
// face through tanbo::api speak it, so no layer translates between words for the same answer.
// Definitions (docs/solutions.md):
//   - the value of a position: does the side to move win with perfect play (there are no draws);
//   - its perfect-play length: plies to the end of the game when the winner ends it as soon as it
//     can and the loser delays the end as long as it can (0 for a finished game);
//   - a finished game's winner is the side that still has stones, whoever is to move (rule 7).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::solve {

/// The value of a position for its side to move: Win or Loss with perfect play, or Unknown (a
/// position outside the table, or a budget that ran out first).
enum class Value : std::uint8_t { Win, Loss, Unknown };

/// "win", "loss" or "unknown".
const char* to_string(Value value) noexcept;

/// The value and perfect-play length of a position, for its side to move.
struct Outcome {
  /// Win or Loss for the side to move; Unknown when not known.
  Value value = Value::Unknown;
  /// Plies to the end under perfect play (0 for a finished game); -1 when not known (always for
  /// Unknown; a weak solve can prove the value and run out of budget before the length).
  int length = -1;

  /// A proven outcome: a win (`wins`) or a loss for the side to move, `length` plies to the end.
  static constexpr Outcome of(bool wins, int length) noexcept { return {wins ? Value::Win : Value::Loss, length}; }
  /// The value is known (Win or Loss).
  constexpr bool known() const noexcept { return value != Value::Unknown; }
  /// The side to move wins.
  constexpr bool wins() const noexcept { return value == Value::Win; }
  /// The side that wins with perfect play when `to_move` is to move; nullopt when unknown.
  constexpr std::optional<Color> winner(Color to_move) const noexcept {
    if (!known()) return std::nullopt;
    return wins() ? to_move : opponent(to_move);
  }
  /// The outcome for the mover of a move that leads to a position of this outcome: the value
  /// turned round (the opponent moves there) and one ply more (an unknown length stays unknown).
  constexpr Outcome before_move() const noexcept {
    if (!known()) return {};
    return {wins() ? Value::Loss : Value::Win, length < 0 ? -1 : length + 1};
  }
  /// Equal when both fields are.
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

/// Perfect play's order on what a move gives its mover (the definitions above): a win before a
/// loss, a faster win before a slower one, a longer defence before a shorter one. True when `a` is
/// strictly better than `b` (both known, with their lengths). perfect_move() chooses by it, the
/// strong solver combines a node's children by it, and the weak solver's alpha-beta scores are
/// its numeric form (weak_alphabeta.hpp).
constexpr bool better_for_mover(const Outcome& a, const Outcome& b) noexcept {
  if (a.wins() != b.wins()) return a.wins();
  return a.wins() ? a.length < b.length : a.length > b.length;
}

/// One legal move of a position and where it leads, for the side to move there: playing `move`,
/// does it win or lose (Unknown: not known), in how many plies from the position (one more than
/// the length of the position after the move).
struct MoveOutcome {
  Point move;       ///< The move.
  Outcome outcome;  ///< What it gives the mover (the position after it, seen from before the move).
  /// Equal when every field is.
  friend bool operator==(const MoveOutcome&, const MoveOutcome&) = default;
};

/// Perfect play's move among `moves` (legal moves of one position, row-major, each with its
/// outcome for the mover, lengths known: a table's): the fastest win, else the longest defence,
/// the first in row-major order among equals. Moves of unknown outcome are passed over; nullopt
/// when no move's outcome is known (or there are none). The one place this choice is made: the
/// probe's best move and line, the strong certificate's prover moves and the weak solver's best
/// move with a length are it (the weak solver finds it as the first row-major move that reaches
/// the exact score, weak.cpp; api/tests/test_solution.cpp holds the two to one move). A weak
/// answer without its length differs deliberately: its best move is a winning move (any move of a
/// lost position), proving more would cost the length search it skipped.
std::optional<Point> perfect_move(const std::vector<MoveOutcome>& moves);

/// What a probe (strong table) or a solve (weak solver) says about a position: its outcome for
/// the side to move, a move of perfect play, every legal move's outcome and the perfect-play line.
struct Answer {
  /// The answered position's value and length for its side to move.
  Outcome outcome;
  /// The side to move of the answered position (the outcome is its).
  Color to_move = Color::Black;
  /// A move of perfect play: with a known length perfect_move()'s (the fastest win, or the longest
  /// defence, the first row-major among equals); with a value only, a winning move, or any move of
  /// a lost position. nullopt when unknown or over.
  std::optional<Point> best_move;
  /// Every legal move row-major with its outcome (a probe: all known; a solve: only when asked,
  /// each move solved with what is left of the budget, Unknown when it ran out).
  std::vector<MoveOutcome> moves;
  /// The perfect-play line from the position (a probe: `length` moves; a solve: empty).
  std::vector<Point> line;
  /// Search nodes the answer took (a solve; 0 for a probe).
  long long nodes = 0;

  /// The side that wins with perfect play, when the value is known.
  std::optional<Color> winner() const noexcept { return outcome.winner(to_move); }
};

/// An outcome in words, the one place they are chosen (the CLI, the table's errors, the protocol
/// and every face print these). Without a side to move the answer's short text: "win 7",
/// "loss 12", "win ?" (the value without its length), "unknown". With the side to move, a
/// sentence: "X to move wins in 7 plies", "O to move loses in 1 ply", "a finished game won by O",
/// "X to move wins" (the length not known), "unknown".
std::string outcome_text(const Outcome& outcome, std::optional<Color> to_move = std::nullopt);

/// Moves that keep the answer's value and length (every best move, row-major), from its `moves`;
/// the best move alone when the moves were not answered; empty when unknown or over.
std::vector<Point> best_moves(const Answer& answer);

/// What either solver's progress callback is told now and then (StrongOptions::progress,
/// WeakBudget::progress): the search's work so far, a count and never a time.
struct SolveProgress {
  /// Positions searched so far: the strong solver's move searches by the calling thread, the weak
  /// solver's nodes (its budget's unit).
  std::uint64_t nodes = 0;
  /// Positions held so far: the strong table's position classes (approximate with threads); 0
  /// for the weak solver, whose tables are allocated whole.
  std::uint64_t stored = 0;
};

/// One line of a proof: a position (board and side to move) and, when the prover is to move in a
/// game not over, the prover's move.
struct ProofLine {
  Position position;
  std::optional<Point> move;
};

/// The prover's winning strategy as a DAG in certificate order (format version 1): every line's
/// successors (the prover's move's result, or every opponent reply's result) appear on earlier
/// lines, no position twice, the start last. Finished games are lines without successors, won by
/// `prover`.
struct Proof {
  Color prover = Color::Black;
  std::vector<ProofLine> lines;
  /// The most plies the prover needs from the start against any defence, following this
  /// strategy (docs/certificates.md: the certified depth, the certificate's `within`).
  int depth = 0;
};

/// The name of a start in files (tables, certificates): its variant name if it is that variant's
/// opening, otherwise its position string (board and side to move).
std::string start_label(const Position& start);

/// Streams `proof` as a certificate of `start_text` (a variant name or a position string, as
/// start_label() words it) on a board of side `size`, with tanbo::certificate::Writer.
/// @throws UsageError when the writer refuses the header or a line; Error if the stream fails.
void write_certificate(std::ostream& out, const std::string& start_text, int size, const Proof& proof);

}  // namespace tanbo::solve
