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
#include "tanbo/solve/weak.hpp"

namespace tanbo::api {

// The solvers' words (tanbo/solve/answer.hpp, strong.hpp), declared here under their own names
// because every face names them through tanbo::api (the faces include only api headers).

using solve::Proof;    // the winner's proof, as a certificate writes it
using solve::Value;    // Win, Loss (for the side to move) or Unknown
using solve::to_string;  // a Value's name: "win", "loss" or "unknown"
using solve::Outcome;  // a position's value and perfect-play length, and its winner()
using solve::outcome_text;  // an outcome in words: "win 7", or "X to move wins in 7 plies"
using solve::TableError;  // a damaged, truncated or foreign table file (C: TANBO_ERR_BAD_TABLE)
using solve::VerifyProgress;  // how far Solution::verify() has come
using solve::MoveOutcome;  // one legal move of an answered position and its outcome for the mover
using solve::Answer;  // what a probe or a solve says: outcome, winner(), best move, moves, line, nodes
using solve::best_moves;  // every move that keeps the answer's value and length, row-major
using solve::kMaxStrongPoints;  // boards of at most this many points (5x5) are solved strongly
using solve::kMaxStrongSize;    // the largest board side the strong solver takes
using solve::SolveProgress;  // what either solver's progress callback is told
using solve::SolveStats;     // the figures of a strong solve
using solve::SolverEngine;   // the rules engine a strong solve runs on (the table is the same)
using solve::StrongOptions;  // how Solution::solve_start solves a start strongly (`tanbo solve`)
using solve::WeakBudget;     // the weak solver's work limit, a count of nodes, never a time

/// The solver engine of an engine name, "optimized" or "reference" (as the faces spell it).
/// @throws UsageError for any other name, naming the engines.
SolverEngine solver_engine(const std::string& name);

/// The most position classes solve_start() builds unless told otherwise: lattice-5 holds
/// 3,856,425 (31 MB, about 5 s of CPU); dense-5's 84,805,263 need `tanbo solve` and a file.
inline constexpr std::uint64_t kDefaultMaxClasses = 8'000'000;

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

/// The faces' weak solve of `pos` (any legal position up to 25x25, over or not): its value,
/// length and best move when proven within `budget.nodes` (at least 1, at most 2^40), else
/// Unknown; with `budget.moves`, every legal move too, each solved in turn with what is left of
/// the nodes. The faces set only nodes and moves: the transposition table is sized from the
/// nodes (2^10 to 2^20 entries of 32 bytes, so a small budget is cheap in memory too), no proof
/// is built, and length and value search are the budget's.
/// @throws UsageError for a budget out of range (naming the range).
Answer solve(const Position& pos, const WeakBudget& budget);

}  // namespace tanbo::api
