// The fuzz-input codec: how a byte string becomes a differential script (a start and a list of
// steps) and back. The one description of the byte format; the differential driver executes a
// decoded Script (driver.hpp), and every producer of inputs (campaigns, the seed-corpus maker,
// tests) builds a Script and encodes it.
//
// BYTE FORMAT (stable: checked-in corpora and saved crash inputs depend on it). Any byte string
// decodes; a missing byte at the end of the input reads as 0.
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
//   then steps, one selector byte b each, some followed by operand bytes:
//     0x00-0xDF     Legal: play legal move number b % L of the reference's legal_moves() (L
//                   moves). Once the game is over: b < 0x40 tries point (b % n, b / n % n), which
//                   both must reject with IllegalReason::GameOver; b >= 0x40 undoes 1 + b % 16
//                   moves (so campaigns explore many different endings of the same game).
//     0xE0-0xE7     Raw point, operands bx, by: coordinate = byte % (n + 4) - 2 (so -2..n+1),
//                   except 0xFF = INT_MAX and 0xFE = INT_MIN. Compares is_legal / why_illegal,
//                   then plays it: both must accept alike or reject with the same reason.
//     0xE8-0xEF     Wide legal move, operands hi, lo: number (hi << 8 | lo) % L (boards with
//                   more than 224 legal moves). Once the game is over: as Legal with b = the
//                   selector, i.e. undo 9 + (b & 7) moves.
//     0xF0-0xF7     Undo one move (at ply 0 both must throw UsageError).
//     0xF8-0xFB     Copy: each game is replaced by a copy (copy-construct, copy-assign, move).
//     0xFC-0xFD     Multi-undo: undo 1 + (operand % 8) moves.
//     0xFE          Probe: is_legal, why_illegal and at() on every point; is_legal and
//                   why_illegal on a ring around, at() on its corners and the middle of each side.
//     0xFF          Record check: format_record / parse_record round trip of the game so far,
//                   replayed on a fresh candidate engine, compared with the reference.
//
// A Script holds only what decoding keeps, so several byte strings decode to one Script;
// encode() writes its canonical bytes (lowest selector of each range, operands reduced, missing
// bytes written out), and every step is as long in the canonical bytes as in any input it was
// decoded from, so a step's offset in an input is Script::offset_of(step).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"

namespace tanbo::differential {

/// First selector byte of each kind (see the format above).
inline constexpr std::uint8_t kCustomStartSelector = 0xE0;
inline constexpr std::uint8_t kStepRaw = 0xE0, kStepWide = 0xE8, kStepUndo = 0xF0,
                              kStepCopy = 0xF8, kStepMultiUndo = 0xFC, kStepProbe = 0xFE,
                              kStepRecordCheck = 0xFF;

/// One stone of a custom start.
struct StartStone {
  Point point;
  Color color = Color::Black;
  friend bool operator==(const StartStone&, const StartStone&) = default;
};

/// A custom start as the bytes give it: the stones in input order (a later stone on the same
/// point wins). Encodable when 2 <= size <= 25, 1 to 32 stones, all on the board.
struct CustomStart {
  int size = kMinSize;
  Color to_move = Color::Black;
  std::vector<StartStone> stones;
  /// The position it describes (not necessarily a valid start: the engines must reject those).
  Position position() const;
  friend bool operator==(const CustomStart&, const CustomStart&) = default;
};

/// One step of a script.
struct Step {
  enum class Kind : std::uint8_t { Legal, Raw, Wide, Undo, Copy, MultiUndo, Probe, RecordCheck };
  Kind kind = Kind::Legal;
  /// Legal: the selector byte (0..0xDF); Wide: the 16-bit move number; MultiUndo: the number
  /// of moves (1..8); Raw: the x byte.
  std::uint16_t value = 0;
  /// Raw: the y byte; Wide: the selector's low bits (0..7, they choose the undo after the end).
  std::uint8_t extra = 0;

  static Step legal(std::uint8_t b) noexcept { return {Kind::Legal, b, 0}; }
  static Step raw(std::uint8_t bx, std::uint8_t by) noexcept { return {Kind::Raw, bx, by}; }
  static Step wide(std::uint16_t number, std::uint8_t low_bits = 0) noexcept {
    return {Kind::Wide, number, low_bits};
  }
  static Step undo() noexcept { return {Kind::Undo, 0, 0}; }
  static Step copy() noexcept { return {Kind::Copy, 0, 0}; }
  static Step multi_undo(std::uint8_t moves) noexcept { return {Kind::MultiUndo, moves, 0}; }
  static Step probe() noexcept { return {Kind::Probe, 0, 0}; }
  static Step record_check() noexcept { return {Kind::RecordCheck, 0, 0}; }

  /// Bytes of the step in any input (selector plus operands).
  std::size_t size() const noexcept;
  friend bool operator==(const Step&, const Step&) = default;
};

/// A differential script: where the game starts, then what is done to it.
struct Script {
  std::variant<Variant, CustomStart> start = Variant::classic();  ///< A named variant or custom.
  std::vector<Step> steps;

  /// Offset of step `i` (0-based) in the input it was decoded from (and in encode()).
  std::size_t offset_of(std::size_t i) const noexcept;
  friend bool operator==(const Script&, const Script&) = default;
};

/// Decodes any byte string (see the format above). Never throws.
Script decode(std::span<const std::uint8_t> bytes);
/// Decodes step bytes only (no start): the steps of a script whose start is given elsewhere.
std::vector<Step> decode_steps(std::span<const std::uint8_t> bytes);
/// The canonical bytes of `s`; decode(encode(s)) == s.
/// @throws UsageError naming the field, for a start or step outside the ranges above.
std::vector<std::uint8_t> encode(const Script& s);
/// One step in the canonical bytes (appended to `out`). @throws UsageError as encode().
void encode_step(const Step& step, std::vector<std::uint8_t>& out);
/// Human-readable script, one line for the start and one per step with its input offset, e.g.
/// "start: lattice-5" / "@1 step 1: legal move #5 (after the end: try a point)".
std::string describe(const Script& s);
/// One step, e.g. "raw point (x byte 0x02, y byte 0x02)".
std::string describe(const Step& step);

/// What a Legal or Wide step does once the game is over (the format above): either the point
/// to try (both engines must refuse it with IllegalReason::GameOver), or the moves to undo.
struct AfterEnd {
  std::optional<Point> point;  ///< The point tried, if the step tries one.
  int undo = 0;                ///< Otherwise the number of moves to undo (1..16).
  friend bool operator==(const AfterEnd&, const AfterEnd&) = default;
};
/// The after-the-end meaning of a Legal or Wide step on `board` (any position of the game: only
/// its size matters); other kinds: undo 0.
AfterEnd after_end(const Step& step, const Position& board) noexcept;

/// A raw-point coordinate on an n x n board: byte % (n + 4) - 2, with 0xFF = INT_MAX and
/// 0xFE = INT_MIN.
int raw_coordinate(std::uint8_t b, int n) noexcept;

}  // namespace tanbo::differential
