// Conversions between Python values and tanbo's vocabulary for the bindings: point arguments
// ("A2" or an (x, y) pair), colours, seeds. Bad values raise tanbo's exceptions or TypeError with
// a message naming the argument; nothing here can crash on any Python object.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>

#include "tanbo/api/points.hpp"  // and core's vocabulary with it

namespace tanbo::python {

namespace py = pybind11;

/// How a point argument is used: `Query` (is_legal, at) accepts any syntactically valid name
/// or any pair of ints and yields an off-board point for them; `Move` rejects names that are not
/// on the board (ParseError, like a game record) and leaves off-board pairs to the engine.
enum class PointUse { Query, Move };

/// Off-board marker for pairs whose coordinates do not fit an int.
inline constexpr Point kFarAway{-1, -1};

/// The Python type's name of `obj` ("str", "NoneType"), as TypeError messages name what they got.
std::string type_name(py::handle obj);

/// Converts "A2"/"a2" or an (x, y) pair of ints (any sequence of two integers, numpy ints too;
/// not bools, not bytes-like objects). @throws ParseError for a malformed name; py::type_error
/// for anything else.
/// `huge` is set to the pair's text when a coordinate does not fit an int (the point is then
/// kFarAway), so callers can word the error with the user's numbers.
Point to_point(py::handle obj, int size, PointUse use, std::string* huge = nullptr);

/// An integer action argument (a Python or numpy int; not bool, which is a type error), or
/// nullopt when `obj` is not an integer. Values beyond long long become LLONG_MIN (off the board).
/// @throws py::type_error for a bool.
std::optional<long long> to_action(py::handle obj);

/// 'X'/"X" -> Black, 'O' -> White. @throws UsageError otherwise.
Color to_color(py::handle obj, const char* what);

/// "X" or "O".
inline std::string color_str(Color c) { return std::string(1, color_char(c)); }

/// A Python int in [lo, hi] as uint64, range-checked on the full Python value. @throws
/// UsageError (naming `what` and both bounds) out of range, py::type_error if `obj` is not an
/// integer (a bool is not).
std::uint64_t to_uint64(py::handle obj, std::uint64_t lo, std::uint64_t hi, const char* what);

}  // namespace tanbo::python
