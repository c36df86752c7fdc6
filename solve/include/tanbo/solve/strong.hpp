// The strong solver: the value and perfect-play length of every position reachable from a start
// whose game graph fits in memory (boards of at most 25 points, e.g. lattice-5 and dense-5), as a
// Table that can be written to and read from a versioned binary file (docs/solutions.md) and
// probed, its answers in the solvers' vocabulary (answer.hpp, where value, perfect-play length
// and rule 7's winner are defined).
// The solver is a memoized negamax with play/undo into a hash table of 64-bit words shared by the
// threads, keyed by canonical keys (key.hpp), so each class of symmetric positions is stored once.
// Its result depends on the start alone: the same table, byte for byte, whatever the thread count
// or engine. Front ends (the api layer, C, Python, JavaScript: docs/solutions.md, "Perfect play in
// the faces") wrap Table and probe().
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/solve/answer.hpp"
#include "tanbo/solve/key.hpp"
#include "tanbo/solve/record.hpp"

namespace tanbo::solve {

/// Longest perfect-play length a table can hold (7 bits).
inline constexpr int kMaxLength = 127;

/// A damaged, truncated or foreign table file, or one for another start. what() names the file,
/// the byte offset and what is wrong, e.g. "lattice-5.tbl: byte 24: record count 99 does not
/// match the file's 3,856,902 records".
class TableError : public Error {
 public:
  TableError(const std::string& file, std::uint64_t offset, const std::string& reason);
  std::uint64_t offset() const noexcept { return offset_; }  ///< Byte offset of the problem.

 private:
  std::uint64_t offset_;
};

/// Which engine generates the moves while solving (the results are identical; the reference
/// engine is the independent cross-check, the optimized one the fast solver).
enum class SolverEngine : std::uint8_t { Optimized, Reference };

/// How to solve.
struct StrongOptions {
  int threads = 1;  ///< Worker threads (1..64); the table does not depend on it.
  SolverEngine engine = SolverEngine::Optimized;
  /// Refuse (UsageError) once the table holds more position classes than this; 0: no limit.
  std::uint64_t max_classes = 0;
  /// Initial hash-table slots (at least 64; it doubles when 3/4 full); 0: a default of 2^20.
  std::uint64_t initial_slots = 0;
  /// An estimate of the position classes (e.g. from a solve of the same start, or a smaller one's
  /// growth): when not 0, the table starts with room for them instead of doubling its way there
  /// (initial_slots is then ignored). Only memory and speed depend on it, never the table.
  std::uint64_t expected_classes = 0;
  /// Called now and then (about every 2^21 stored classes) from a worker thread, one call at a time.
  std::function<void(const SolveProgress&)> progress;
};

/// Figures of one strong solve (measurements beside the table, never part of it). Both solvers
/// speak the same words: `nodes` are positions searched (SolveProgress::nodes, WeakResult's
/// *_nodes), `table_slots` the hash table's capacity.
struct SolveStats {
  std::uint64_t classes = 0;     ///< Position classes (records of the table).
  std::uint64_t positions = 0;   ///< Reachable positions (the classes' orbits summed).
  std::uint64_t terminal = 0;    ///< Finished-game classes among them.
  std::uint64_t nodes = 0;       ///< Move searches, all threads (> classes - terminal when threads overlap).
  std::uint64_t table_slots = 0;      ///< Hash-table slots at the end.
  std::uint64_t peak_table_bytes = 0; ///< Most bytes the hash table held at once (growth included).
  int threads = 1;               ///< Threads used.
  int symmetries = 1;            ///< Order of the start's symmetry group.
  // Where the time went, for the thread-scaling figures of docs/solutions.md (measurements, never
  // part of the result): the calling thread's CPU seconds outside the worker pool (with one thread:
  // all of it), each worker's CPU seconds, and the seconds workers spent parked while the table grew.
  double serial_cpu_seconds = 0;
  std::vector<double> worker_cpu_seconds;
  double barrier_wait_seconds = 0;
  double grow_cpu_seconds = 0;  ///< CPU seconds spent doubling the hash table (one thread at a time).
};

/// The strongly solved game graph of one start.
class Table {
 public:
  /// Solves every position reachable from `start`. `start_text` names it in the file and in
  /// certificates (a variant name, or "" for start_label(start)).
  /// @throws UsageError for a board of more than 25 points or a budget exceeded (naming the
  /// figures), InvalidPositionError for a start that cannot begin a game.
  static Table solve(const Position& start, const StrongOptions& options = {}, SolveStats* stats = nullptr,
                     const std::string& start_text = "");

  /// Reads a table file; `name` is used in error messages.
  /// @throws TableError for a truncated, corrupted (hash mismatch), foreign (magic, version) or
  /// malformed file, naming the byte offset.
  static Table read(std::istream& in, const std::string& name);
  /// As read(), and refuses (TableError) a table of a start other than `expected` (board and side
  /// to move compared).
  static Table read(std::istream& in, const std::string& name, const Position& expected);
  /// Writes the table file (format in docs/solutions.md). @throws Error if the stream fails.
  void write(std::ostream& out) const;

  const Position& start() const noexcept { return start_; }            ///< The start.
  const std::string& start_text() const noexcept { return start_text_; }  ///< Its name in the file.
  int size() const noexcept { return start_.size(); }                   ///< Board side.
  Outcome start_outcome() const;  ///< The start's value and length.
  /// Position classes: the records, sorted by key (record.hpp).
  const std::vector<Record>& records() const noexcept { return records_; }
  std::uint64_t positions() const noexcept { return positions_; }  ///< Reachable positions.
  /// SHA-256 of the file's header fields and records (the hash the file carries).
  const std::array<std::uint8_t, 32>& content_hash() const noexcept { return hash_; }
  const KeyCodec& codec() const noexcept { return codec_; }  ///< Keys and symmetries.

  /// The value and length of `pos` (board and side to move), or nullopt when the table does not
  /// hold it: another board size, or a position not reachable from the start.
  std::optional<Outcome> lookup(const Position& pos) const;
  /// lookup() of an exact key of this board.
  std::optional<Outcome> lookup_key(std::uint64_t key) const;
  /// Value, length, every legal move's outcome (row-major, none for a finished game), the best
  /// move and the perfect-play line of `pos` (perfect_move() on every ply: the winner's fastest
  /// win, the loser's longest defence, the first in row-major order among equals); an Unknown
  /// answer outside the table (never a guess). Before answering, the probed record is checked
  /// against the rules and its children (check_record), and so is every position of the line.
  /// @throws TableError where the records contradict the rules or the definitions (only a forged
  /// file, its hash recomputed), naming the record's byte offset and the position. `with_line`
  /// false leaves `line` empty: walking it looks up every move on each of its plies, most of a
  /// probe's work, which a caller after the moves skips.
  Answer probe(const Position& pos, bool with_line = true) const;

  /// Checks the record `record` of the position of exact key `key` (the table's own record of it)
  /// by the definitions: a finished game (`finished_winner`, rule 7's reference::winner) must
  /// have length 0 and the value rule 7 gives its side to move; an unfinished one the value and
  /// length its legal moves' outcomes `moves` (from the children's records) give: a win iff some
  /// move wins, the fastest win's or the longest defence's length. @throws TableError naming
  /// source(), the record's byte offset and the position where they disagree.
  void check_record(std::uint64_t key, Outcome record, std::optional<Color> finished_winner,
                    const std::vector<MoveOutcome>& moves) const;
  /// What names the table in errors: the file it was read from, or "the table of START" for a
  /// table solved in memory.
  std::string source() const;
  /// Byte offset in the table file of record number `index` (records() order).
  std::uint64_t record_offset(std::size_t index) const noexcept;
  /// Index in records() of the record of canonical key `canonical`, or records().size() if none.
  std::size_t record_index(std::uint64_t canonical) const noexcept;

 private:
  Table(const Position& start, std::string start_text);
  void finish();  // positions_ and hash_ from records_

  Position start_;
  std::string start_text_;
  std::string file_;  // the file read() read it from, "" when solved in memory
  KeyCodec codec_;
  std::vector<Record> records_;
  std::uint64_t positions_ = 0;
  std::array<std::uint8_t, 32> hash_{};
};

/// The winner's proof from `table`'s start: at the prover's turns perfect_move() (the fastest
/// win, the first in row-major order among equals), at the opponent's every legal move,
/// transpositions shared; children before parents, the start last. Exact positions: the
/// certificate checker knows no symmetry. Write it with write_certificate (answer.hpp).
/// @throws Error where the table contradicts itself (only a forged file).
Proof winner_proof(const Table& table);

}  // namespace tanbo::solve
