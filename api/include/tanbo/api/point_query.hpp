// A point name given to a yes/no query (is it legal? why not?): a well-formed name off this board
// ("F1" on 5x5) is simply not on it, while a malformed one ("A0", "hello") is an error, as in
// tanbo/api/errors.hpp. Used by the C API (tanbo_point_index_query) and through it JavaScript.
#pragma once

#include <optional>
#include <string_view>

#include "tanbo/core.hpp"

namespace tanbo::api {

/// The point `text` names on a board of side `size`, or nullopt when it is a well-formed name
/// off that board. @throws ParseError (parse_point's message) for a malformed name.
inline std::optional<Point> query_point_name(std::string_view text, int size) {
  // Any well-formed name (columns A-Z, rows 1-99) is a point, maybe off this board.
  if (const auto p = try_parse_point(text, 99)) {
    if (on_board(*p, size)) return p;
    return std::nullopt;
  }
  return parse_point(text, size);  // throws the ParseError
}

}  // namespace tanbo::api
