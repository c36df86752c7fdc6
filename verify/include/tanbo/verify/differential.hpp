// Differential verification: runs tanbo::reference::Game (the oracle) and tanbo::optimized::Game
// side by side on a script decoded from a byte string, and compares their full observable state
// after every step. Shared by the libFuzzer targets (fuzz/), the portable campaign runner
// (campaign.hpp) and `tanbo diff`.
//
// BYTE ENCODING (stable: checked-in corpora and saved crash inputs depend on it)
//
//   byte 0          start selector s:
//     s < 0xE0      the named variant Variant::all_named()[s % 18] (classic, lattice-5..21,
//                   dense-5..25), built with each engine's Variant constructor.
//     s >= 0xE0     a custom start, built from the following bytes:
//                     byte:  board side n = 2 + byte % 24 (2..25)
//                     byte:  bit 0 = side to move (1 = White); k = 1 + (byte >> 1) % 32 stones
//                     k x 2 bytes (hi, lo): v = hi << 8 | lo; bit 15 = colour (1 = White),
//                            point index (v & 0x7FFF) % (n * n), row-major (later stones win)
//                   Both engines must accept the position, or both reject it with the same
//                   InvalidPositionError message (then the input ends there).
//   then steps, one selector byte b each, some followed by operand bytes (a missing operand
//   byte at the end of the input reads as 0):
//     0x00-0xDF     play legal move number b % L of the reference's legal_moves() (L moves).
//                   Once the game is over: b < 0x40 tries point (b % n, b / n % n), which both
//                   must reject with IllegalReason::GameOver; b >= 0x40 undoes 1 + b % 16 moves
//                   (so campaigns explore many different endings of the same game).
//     0xE0-0xE7     raw point, operands bx, by: coordinate = byte % (n + 4) - 2 (so -2..n+1),
//                   except 0xFF = INT_MAX and 0xFE = INT_MIN. Compares is_legal / why_illegal,
//                   then plays it: both must accept alike or reject with the same reason.
//     0xE8-0xEF     wide legal move, operands hi, lo: number (hi << 8 | lo) % L (boards with
//                   more than 224 legal moves). Once the game is over: as for 0x00-0xDF.
//     0xF0-0xF7     undo one move (at ply 0 both must throw UsageError).
//     0xF8-0xFB     copy: each game is replaced by a copy (copy-construct, copy-assign, move).
//     0xFC-0xFD     undo 1 + (operand % 8) moves.
//     0xFE          probe: is_legal, why_illegal and at() on every point; is_legal and
//                   why_illegal on a ring around, at() on its corners and the middle of each side.
//     0xFF          record check: format_record / parse_record round trip of the game so far,
//                   replayed on a fresh candidate engine, compared with the reference.
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
#include "tanbo/verify/compare.hpp"

namespace tanbo::verify {

/// Number of start selectors below which byte 0 names a variant (see the encoding above).
inline constexpr std::uint8_t kCustomStartSelector = 0xE0;
/// Step selectors (first byte of each kind; see the encoding above).
inline constexpr std::uint8_t kStepRaw = 0xE0, kStepWide = 0xE8, kStepUndo = 0xF0,
                              kStepCopy = 0xF8, kStepMultiUndo = 0xFC, kStepProbe = 0xFE,
                              kStepRecordCheck = 0xFF;

/// What one engine showed at a divergence, formatted for humans.
struct EngineState {
  std::string position;     ///< Position string, or "(not constructed)".
  std::string status;       ///< "ply 12, O to move, hash 0x...", or the game-over line.
  std::string legal_moves;  ///< Count and the moves, e.g. "3: A2 B3 C1".
  std::string last_result;  ///< "D4 by X, removal bounded-roots, removed A1 A2", or "(none)".
  std::string outcome;      ///< What the compared operation returned or threw.
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

/// Runs the script `input` (encoding above) on reference vs optimized engine.
/// @return the first divergence, or nullopt if the engines agreed throughout.
std::optional<Divergence> run_differential(std::span<const std::uint8_t> input,
                                           DiffStats* stats = nullptr);

/// Like run_differential but from `start` (its validity is compared too), `steps` being the
/// step bytes only (no start selector).
std::optional<Divergence> run_differential_from(const Position& start,
                                                std::span<const std::uint8_t> steps,
                                                DiffStats* stats = nullptr);

/// Outcome of replaying a game record on both engines.
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

}  // namespace tanbo::verify
