// Shared helpers for the Catch2 suite: readable printing of tanbo values in failure messages,
// short ways to name points, and a way to capture an expected exception to inspect its fields.
// Every test file includes Catch2 through this header so the Catch configuration is uniform.
// Lives in core/tests, the lowest folder with tests: every Catch2 suite of the house includes it.
#pragma once

// std::optional<Color> etc. print as their value instead of "{?}".
#define CATCH_CONFIG_ENABLE_OPTIONAL_STRINGMAKER
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "tanbo/core.hpp"

namespace Catch {
template <>
struct StringMaker<tanbo::Point> {
  static std::string convert(const tanbo::Point& p) { return tanbo::point_name(p); }
};
template <>
struct StringMaker<tanbo::Color> {
  static std::string convert(tanbo::Color c) { return std::string(1, tanbo::color_char(c)); }
};
template <>
struct StringMaker<tanbo::Cell> {
  static std::string convert(tanbo::Cell c) { return std::string(1, tanbo::cell_char(c)); }
};
template <>
struct StringMaker<tanbo::Removal> {
  static std::string convert(tanbo::Removal r) { return tanbo::removal_name(r); }
};
template <>
struct StringMaker<tanbo::IllegalReason> {
  static std::string convert(tanbo::IllegalReason r) { return tanbo::illegal_reason_text(r); }
};
template <>
struct StringMaker<tanbo::Variant> {
  static std::string convert(const tanbo::Variant& v) { return v.name(); }
};
// Position string plus diagram: failures show the board as a human would check it.
template <>
struct StringMaker<tanbo::Position> {
  static std::string convert(const tanbo::Position& p) {
    // Appended piecewise: g++ 12 reports a false -Wrestrict for `"\"" + std::string&&`.
    std::string out = "\"";
    out += p.to_string();
    out += "\"\n";
    out += p.diagram();
    return out;
  }
};
template <>
struct StringMaker<tanbo::MoveEffect> {
  static std::string convert(const tanbo::MoveEffect& e) {
    return std::string("{") + tanbo::removal_name(e.removal) + ", black -" +
           std::to_string(e.removed_black) + ", white -" + std::to_string(e.removed_white) + "}";
  }
};
template <>
struct StringMaker<tanbo::MoveResult> {
  static std::string convert(const tanbo::MoveResult& r) {
    std::string out = std::string("{") + tanbo::color_char(r.player) + " " +
                      tanbo::point_name(r.move) + ", " + tanbo::removal_name(r.removal) +
                      ", removed:";
    for (const auto& p : r.removed) {
      out += ' ';
      out += tanbo::point_name(p);
    }
    return out + "}";
  }
};
}  // namespace Catch

namespace tanbo_test {

/// The point called `name` on a board of side `size` (test shorthand; throws on a bad name).
inline tanbo::Point pt(std::string_view name, int size) { return tanbo::parse_point(name, size); }

/// Runs `f` and returns the exception of type E it threw, or nullopt if it threw nothing.
/// Exceptions of other types propagate, so Catch reports them as unexpected.
template <typename E, typename F>
std::optional<E> thrown(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const E& e) {
    return e;
  }
  return std::nullopt;
}

}  // namespace tanbo_test
