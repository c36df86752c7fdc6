// The weak solver: the game-theoretic value of ONE position (who wins with perfect play, by how
// many plies, with which move) by alpha-beta search over exact win/loss-distance scores on the
// optimized engine, under a node budget, plus the winner's proof DAG for a certificate. For
// starts whose game graph is too large for the strong solver (lattice-7, dense-7, 19x19
// endgames); where both apply, the two must agree on the value AND the perfect-play length
// (docs/solutions.md's definitions: the winner ends as soon as it can, the loser delays as long as
// it can).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "tanbo/solve/answer.hpp"

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/optimized/game.hpp"

namespace tanbo::solve {

/// How the value is searched: alpha-beta with the window (-1, 1) (its table then serves the
/// length search), or depth-first proof-number search (df-pn, Nagai 2002, with the 1+epsilon
/// thresholds of Pawlewicz and Lew), which proves the values of larger starts in fewer nodes.
/// The length, when asked for, is always searched by alpha-beta.
enum class ValueSearch : std::uint8_t { AlphaBeta, ProofNumber };

/// How much work solve_weak may do. Every limit is a count, never a time: a run answers the same
/// for the same budget on every machine.
struct WeakBudget {
  /// Positions the search may visit (value, length and proof searches together). When it runs
  /// out the answer keeps what was proven: the value without the length, or nothing (Unknown).
  long long nodes = 50'000'000;
  /// Each transposition table holds 2^table_log2 entries of 32 bytes (22: 128 MiB): one for
  /// alpha-beta, allocated when alpha-beta first runs, one for df-pn when it runs.
  int table_log2 = 22;
  /// The value search.
  ValueSearch value_search = ValueSearch::AlphaBeta;
  /// After the value, search for the exact perfect-play length (and its move).
  bool length = true;
  /// Build the winner's proof DAG (WeakResult::proof).
  bool proof = true;
  /// Also answer every legal move, each solved in turn with what is left of `nodes`: api::solve,
  /// the faces' weak solve, honours it; solve_weak answers the start alone.
  bool moves = false;
  /// The proof may hold at most this many positions (they are kept in memory as Positions).
  long long proof_positions = 5'000'000;
  /// Called every `progress_interval` nodes with the nodes searched so far (a progress line for
  /// long runs); it does not change the search.
  std::function<void(const SolveProgress&)> progress;
  long long progress_interval = 1LL << 24;

  /// The budget of `nodes` nodes (every other field its default), answering every move with `moves`:
  /// what a face asks of api::solve.
  static WeakBudget of(long long nodes, bool moves = false) {
    WeakBudget b;
    b.nodes = nodes;
    b.moves = moves;
    return b;
  }
};

/// What solve_weak found: the answer (answer.hpp) for the start, with the proof and the search's
/// figures. Its value is Win or Loss for the side to move when proven, Unknown when the budget ran
/// out first; its length the exact perfect-play length when the length search finished (-1 with
/// a proven value: value proven, length unknown); its best_move, with a length, perfect_move()'s
/// choice (the shortest win, the longest loss, the first row-major among equals: a probe's), with a value only, a winning move (any move for a
/// loss), nullopt when Unknown or over; its nodes all the positions visited. No moves, no line.
struct WeakResult {
  /// The start's answer: outcome, side to move, best move and nodes (no moves, no line).
  Answer answer;
  /// The winner's proof, when asked for and it fit the budget.
  std::optional<Proof> proof;
  /// Positions visited by the value search, the length search and the proof extraction (their
  /// sum is answer.nodes).
  long long value_nodes = 0, length_nodes = 0, proof_nodes = 0;
  /// Transposition-table entries in use at the end (both tables), and one table's slots (its
  /// capacity, as SolveStats::table_slots).
  long long table_used = 0, table_slots = 0;
};

/// Solves `start` (any legal position up to 25x25, game over or not) on the optimized engine,
/// with the capacity optimized::with_capacity_for picks. Deterministic for a given budget.
/// @throws InvalidPositionError for a position no game can be in (as the engines do);
/// UsageError for a budget out of range (nodes < 0, table_log2 outside 4..30).
WeakResult solve_weak(const Position& start, const WeakBudget& budget = {});

/// The same from a game in progress (its current position).
template <int MaxN>
WeakResult solve_weak(const optimized::BasicGame<MaxN>& game, const WeakBudget& budget = {}) {
  return solve_weak(game.position(), budget);
}

}  // namespace tanbo::solve
