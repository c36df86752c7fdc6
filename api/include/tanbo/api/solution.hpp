// Perfect play for every face (docs/solutions.md, "Perfect play in the faces"): a Solution is one
// solved start's table — read from a table file (`tanbo solve START --out FILE`) or solved on
// demand for a start small enough — probed for any position: its value, perfect-play length, every
// legal move's value and length, the perfect-play line, or "unknown" outside the table. solve() is
// the weak solver on one position under a node budget, for positions no table holds. The CLI's
// `tanbo probe`, the protocol's `solve` command, the C API's tanbo_solution_* calls, Python's
// tanbo.Solution and Game.solve, the perfect opponent of the environments and the explorer all call
// these; none probes a table or runs a solver by itself. Definitions (value, perfect-play length,
// the winner of a finished game): docs/solutions.md.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/solve/answer.hpp"
#include "tanbo/solve/key.hpp"
#include "tanbo/solve/strong.hpp"
#include "tanbo/solve/verify.hpp"

namespace tanbo::api {

/// The winner's proof, as a certificate writes it (tanbo/solve/answer.hpp).
using Proof = solve::Proof;

/// Win, Loss (for the side to move) or Unknown: the solvers' value (tanbo/solve/answer.hpp).
using Value = solve::Value;
/// A Value's name: "win", "loss" or "unknown".
using solve::to_string;
/// A position's value and perfect-play length for its side to move, and its winner() (answer.hpp).
using Outcome = solve::Outcome;

/// A damaged, truncated or foreign table file (what() names the file, the byte offset and the
/// fault): the faces' TableError (C: TANBO_ERR_BAD_TABLE).
using TableError = solve::TableError;

/// How far Solution::verify() has come: records checked of the table's records.
using VerifyProgress = solve::VerifyProgress;

/// One legal move of an answered position and where it leads, for the side to move there: the
/// solvers' MoveOutcome (answer.hpp): its value and length (-1 when not known) and the move.
using MoveAnswer = solve::MoveOutcome;

/// What a probe or a solve says about a position: the solvers' Answer (answer.hpp), whose value,
/// length, winner(), best move, moves, line and node count the faces pass on as they are.
using Answer = solve::Answer;

/// Moves that keep the answer's value and length (every best move, row-major), from its `moves`;
/// the best move alone when the moves were not answered; empty when unknown or over.
using solve::best_moves;

/// "win 7", "loss 12", "win ?" (value without its length), "unknown": the value and length for the
/// side to move, as the protocol's `solve` answer and the faces' text print them.
std::string answer_text(const Answer& answer);

/// The most position classes solve_start() builds unless told otherwise: lattice-5 holds
/// 3,856,425 (31 MB, about 5 s of CPU); dense-5's 84,805,263 need `tanbo solve` and a file.
inline constexpr std::uint64_t kDefaultMaxClasses = 8'000'000;

/// A solved start: every position reachable from it with its value and perfect-play length.
/// Boards of at most this many points (5x5) are solved strongly; larger ones by the weak solver.
inline constexpr int kMaxStrongPoints = solve::kMaxKeyPoints;
/// The largest board side the strong solver takes (kMaxStrongPoints points): the boards whose
/// starts can be solved on demand (Solution::solve_start, env::shared_solution in env/episode.hpp).
inline constexpr int kMaxStrongSize = solve::kMaxStrongSize;

/// What a strong solve is told now and then (position classes stored, positions expanded).
using SolveProgress = solve::Progress;
/// The figures of a strong solve: classes, positions, finished games, move searches, threads,
/// symmetries, peak hash-table bytes and where the CPU time went.
using SolveStats = solve::SolveStats;

/// How Solution::solve_start solves a start strongly (`tanbo solve`).
struct StrongOptions {
  int threads = 1;  ///< Worker threads (1..64); the table does not depend on it.
  /// The rules engine by name, "optimized" or "reference" (the independent cross-check); the
  /// table is the same, byte for byte.
  std::string engine = "optimized";
  /// Refuse (UsageError) once the table holds more position classes than this; 0: no limit.
  std::uint64_t max_classes = 0;
  /// Called now and then (about every 2^21 classes) from a worker thread, one call at a time.
  std::function<void(const SolveProgress&)> progress;
};

/// A copyable value (copies share the immutable table), safe to probe from several threads.
class Solution {
 public:
  /// Reads a table file (`tanbo solve START --out FILE`, format in docs/solutions.md).
  /// @throws TableError (a tanbo::Error) naming the file, the byte offset and the fault for
  /// a damaged, truncated or foreign file; UsageError when the file cannot be opened.
  static Solution open(const std::string& path);
  /// As open(path), and refuses (TableError, naming the file) a table of a start other than
  /// `expected` (board and side to move compared).
  static Solution open(const std::string& path, const Position& expected);
  /// The same from a stream; `name` names it in errors.
  static Solution read(std::istream& in, const std::string& name);
  /// The same from bytes in memory (a file a browser user picked); `name` names it in errors.
  static Solution from_bytes(std::string_view bytes, const std::string& name);
  /// Strongly solves `start` now (one thread). `start_text` names it (a variant name, or "").
  /// @throws UsageError for a board larger than 5x5 or a start of more than `max_classes`
  /// position classes (naming both); InvalidPositionError for a start that cannot begin a game.
  static Solution solve_start(const Position& start, std::uint64_t max_classes = kDefaultMaxClasses,
                              const std::string& start_text = "");
  /// Strongly solves `start` with `options` (threads, engine, budget, progress), its figures into
  /// `*stats` when given. @throws UsageError for a board of more than kMaxStrongPoints points, an
  /// unknown engine or a start of more than options.max_classes classes (naming the figures);
  /// InvalidPositionError for a start that cannot begin a game.
  static Solution solve_start(const Position& start, const StrongOptions& options, SolveStats* stats = nullptr,
                              const std::string& start_text = "");

  /// The solved start.
  const Position& start() const noexcept;
  /// Its name: a variant name or a position string.
  const std::string& start_text() const noexcept;
  /// Reachable positions (the table's classes' orbits summed).
  std::uint64_t positions() const noexcept;
  /// Position classes: the table's records.
  std::uint64_t records() const noexcept;
  /// The table's content hash, SHA-256 in 64 lowercase hex digits: the hash the file carries and
  /// `tanbo solve` prints, to compare with the published ones (docs/solutions.md).
  std::string content_hash() const;
  /// Writes the table file. @throws Error if the stream fails.
  void write(std::ostream& out) const;
  /// The start's winner's proof (at the winner's turns perfect play's move, at the loser's every
  /// move), to write with write_certificate (solver.hpp) under start_text() and the board size.
  /// @throws TableError where the table contradicts itself (only a forged file).
  Proof winner_proof() const;
  /// Checks every record against the rules and its children's records in one pass (what a probe
  /// checks of one record: docs/solutions.md, "Verifying a table"), calling `progress` about
  /// every 2^20 records. @return the records checked. @throws TableError naming the file, the
  /// first bad record's byte offset and its position.
  std::uint64_t verify(const std::function<void(const VerifyProgress&)>& progress = {}) const;

  /// Value, length, every legal move's value and length and the perfect-play line of `pos`, or an
  /// Unknown answer when the table does not hold it (a position not reachable from the start).
  /// @throws UsageError for a position of another board size than the start's; TableError when the
  /// table contradicts the rules there (a forged file whose hash was recomputed: the position's
  /// record is not what rule 7 or its children's records give, a successor missing), naming the
  /// record's byte offset and the position; the line's positions are checked the same way.
  /// `with_line` false leaves Answer::line empty (best_move is the same): walking the line looks
  /// up every move on each of its plies, most of a probe's time, which a caller after the moves'
  /// values (a perfect opponent: best_moves()) does not need.
  Answer probe(const Position& pos, bool with_line = true) const;

 private:
  explicit Solution(std::shared_ptr<const solve::Table> table) noexcept : table_(std::move(table)) {}
  std::shared_ptr<const solve::Table> table_;
};

/// The weak solver's work limit in the faces: a count of search nodes, never a time, so the same
/// budget gives the same answer on every machine and face.
struct SolveBudget {
  /// Positions the search may visit in all (at least 1; at most 2^40).
  long long nodes = 1'000'000;
  /// Also answer every legal move (each solved in turn with what is left of `nodes`).
  bool moves = false;
};

/// The weak solver on `pos` (any legal position up to 25x25, over or not): its value, length and
/// best move when proven within the budget, else Unknown. Its transposition table is sized from
/// the budget (2^10 to 2^20 entries of 32 bytes), so a small budget is cheap in memory too.
/// @throws UsageError for a budget out of range (naming the range).
Answer solve(const Position& pos, const SolveBudget& budget);

}  // namespace tanbo::api
