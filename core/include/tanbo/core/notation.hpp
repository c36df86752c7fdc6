// Point names ("G7"): column letter A.. (no letter skipped) and 1-based row, row 1 at the top.
// Case-insensitive on input, upper-case on output.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "tanbo/core/types.hpp"

namespace tanbo {

/// Name of `p`, e.g. "G7". Points outside A..Y / 1..99 are written "(x,y)" with 0-based values.
std::string point_name(Point p);

/// Parses a point name for a board of side `size`; nullopt if malformed or off the board.
std::optional<Point> try_parse_point(std::string_view text, int size) noexcept;

/// Parses a point name for a board of side `size`.
/// @throws ParseError naming the token and the board's valid range.
Point parse_point(std::string_view text, int size);

}  // namespace tanbo
