// Points as front ends receive them: row-major indices (C ints, Python ints, JavaScript numbers)
// range-checked before any narrowing, and point names. The one index -> Point conversion is
// Position::point (core); this adds the checks a caller's number needs. Errors: errors.hpp.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tanbo/core.hpp"

namespace tanbo::api {

/// The point of row-major index `i` (y * size + x) on a board of side `size`, or nullopt unless
/// 0 <= i < size * size. Checked on the 64-bit value, so 2^31 or 2^32 + 3 never wraps to a point.
/// Inline: it is on the per-move path of every front end (a C call, a Python step).
inline std::optional<Point> index_point(int size, long long i) noexcept {
  const long long points = static_cast<long long>(size) * size;
  if (size < kMinSize || size > kMaxSize || i < 0 || i >= points) return std::nullopt;
  return row_major_point(static_cast<int>(i), size);  // i in [0, 625): narrowing is exact
}
/// As above for a JavaScript number: nullopt also for NaN, infinities and fractions (1e300, 2^53,
/// 0.5 are not indices).
std::optional<Point> index_point(int size, double i) noexcept;

/// `i` written for a message: "25", "-1", "1e+300", "nan" (doubles in shortest form).
std::string number_text(long long i);
std::string number_text(double i);  ///< @copydoc number_text(long long)

/// "<noun> 25 (<noun>s are 0..24)": how messages name an index off a board of side `size`.
std::string off_board_index_text(std::string_view noun, std::string_view number, int size);

/// Throws move_index_point's IllegalMoveError for index `i` (out of line: the message's string
/// code stays off the per-move path that inlines move_index_point). For the two index types,
/// whose instantiations points.cpp defines.
template <typename Number>
  requires std::same_as<Number, long long> || std::same_as<Number, double>
[[noreturn]] void throw_off_board_move(int size, Number i, Color mover, std::string_view noun);

/// The point of index `i` for a move by `mover`. @throws IllegalMoveError (reason OffBoard,
/// "illegal move index 25 (indices are 0..24) by X: the point is not on the board") unless `i`
/// is on the board. `noun` is the caller's word for an index ("index", "action").
template <typename Number>
Point move_index_point(int size, Number i, Color mover, std::string_view noun = "index") {
  if (const auto p = index_point(size, i)) [[likely]] return *p;
  throw_off_board_move(size, i, mover, noun);
}

/// The point of index `i` for a query `what` (e.g. "rootAt"). @throws UsageError ("rootAt:
/// index 25 is not on the 5x5 board (0..24)") unless `i` is on the board.
template <typename Number>
Point query_index_point(int size, Number i, std::string_view what, std::string_view noun = "index") {
  if (const auto p = index_point(size, i)) return *p;
  throw UsageError(std::string(what) + ": " + std::string(noun) + " " + number_text(i) +
                   " is not on the " + std::to_string(size) + "x" + std::to_string(size) +
                   " board (0.." + std::to_string(size * size - 1) + ")");
}

}  // namespace tanbo::api
