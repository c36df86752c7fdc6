// Differential verification: runs tanbo::reference::Game (the oracle) and tanbo::optimized::Game
// side by side on a script decoded from a byte string, and compares their full observable state
// after every step. Shared by the libFuzzer targets (fuzz/), the portable campaign runner
// (campaign.hpp) and `tanbo diff`.
//
// The input is a Script (script.hpp: the byte format, decode, encode, describe).
//
// After the setup and after every step the driver compares: size, position(), to_move, ply,
// is_over, winner, stone counts, legal_moves(), legal_move_count(), hash() (and the hash against
// zobrist_hash of the position), moves(), last_result() (or both throwing UsageError),
// start_position(), and the candidate's check_consistency().
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/differential/compare.hpp"
#include "tanbo/differential/script.hpp"

namespace tanbo::differential {

/// What one engine showed at a divergence, formatted for humans.
struct EngineState {
  std::string position;     ///< Position string, or "(not constructed)".
  std::string status;       ///< "ply 12, O to move, hash 0x...", or the game-over line.
  std::string legal_moves;  ///< Count and the moves, e.g. "3: A2 B3 C1".
  std::string last_result;  ///< "D4 by X, removal bounded-roots, removed A1 A2", or "(none)".
  std::string attempt;      ///< What the compared operation returned or threw (an Attempt, shown).
};

/// A difference between the engines, with everything needed to understand and replay it.
struct Divergence {
  std::size_t step = 0;          ///< 0 = the setup, i = the i-th step.
  std::size_t input_offset = 0;  ///< Offset of the step's selector byte in the input.
  std::string action;            ///< What the step did, e.g. "play legal move 5/17: D4".
  std::string what;              ///< Which observable differed, and the two values.
  Position start;                ///< The game's start.
  std::vector<Point> moves;      ///< The game so far (the reference's line, plus a move only
                                 ///< the candidate accepted).
  std::string record;            ///< format_record(start, moves).
  std::string candidate_name = "optimized";  ///< Name of the engine checked against reference.
  EngineState reference;         ///< The oracle's state.
  EngineState candidate;         ///< The checked engine's state.

  /// Multi-line report: step, action, difference, both states and the record.
  std::string report() const;
};

/// Runs the script `input` (script.hpp) on reference vs optimized engine.
/// @return the first divergence, or nullopt if the engines agreed throughout.
std::optional<Divergence> run_differential(std::span<const std::uint8_t> input,
                                           DiffStats* stats = nullptr);
/// Same for a decoded script.
std::optional<Divergence> run_differential(const Script& script, DiffStats* stats = nullptr);

/// Like run_differential but from `start` (its validity is compared too), `steps` being the
/// step bytes only (no start selector).
std::optional<Divergence> run_differential_from(const Position& start,
                                                std::span<const std::uint8_t> steps,
                                                DiffStats* stats = nullptr);

/// What replaying a game record on both engines found.
struct ReplayResult {
  std::optional<Divergence> divergence;  ///< The first difference, if any.
  std::size_t moves_played = 0;          ///< Moves both engines played.
  /// Why the replay stopped early without a divergence (both engines rejected the start or a
  /// move the same way), or empty.
  std::string stopped;
};

/// Plays `moves` from `start` on both engines, comparing after every move; with `unwind`, then
/// undoes every move again, comparing after each undo.
ReplayResult replay_record(const Position& start, std::span<const Point> moves, bool unwind = true);

}  // namespace tanbo::differential
