// Non-template helpers of the differential driver (driver.hpp): catching and describing what an
// engine operation returned or threw, comparing two such attempts, and formatting values for the
// human-readable report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::differential::detail {

/// An exception reduced to what the engines must agree on.
struct Thrown {
  std::string kind;                     ///< "IllegalMoveError", "UsageError", ... or the C++ type.
  std::string message;                  ///< what().
  std::optional<IllegalReason> reason;  ///< Set for IllegalMoveError.
  std::optional<Point> point;           ///< Set for IllegalMoveError.
  std::optional<Color> player;          ///< Set for IllegalMoveError.
  bool tanbo_error = false;  ///< A tanbo::Error; anything else escaping an engine is a bug.
};

/// Classifies a caught exception.
Thrown exception_info(const std::exception& e);
/// Classifies the exception being handled. Call only inside a catch block.
Thrown current_exception_info();

/// Stand-in value for operations returning void.
struct Unit {
  friend bool operator==(Unit, Unit) = default;
};

/// What an operation returned or threw: one attempt(), on one engine. (Not a game's outcome,
/// solve::Outcome.)
template <class T>
struct Attempt {
  std::optional<T> value;
  std::optional<Thrown> error;
};

/// Runs `f`, capturing its result or exception. Never inlined: the unwinder scans the call-site
/// table of the function that catches, and inlined into the large driver functions that table
/// made every expected exception several times dearer.
template <class F>
[[gnu::noinline]] auto attempt(F&& f) {
  using R = std::invoke_result_t<F&>;
  using T = std::conditional_t<std::is_void_v<R>, Unit, std::decay_t<R>>;
  Attempt<T> out;
  try {
    if constexpr (std::is_void_v<R>) {
      f();
      out.value = Unit{};
    } else {
      out.value = f();
    }
  } catch (const std::exception& e) {
    out.error = exception_info(e);
  } catch (...) {
    out.error = current_exception_info();
  }
  return out;
}

// Human-readable values for reports.
std::string show(Unit);
std::string show(bool b);
std::string show(int i);
std::string show(std::uint64_t h);
std::string show(Color c);
std::string show(Cell c);
std::string show(const std::optional<Color>& c);
std::string show(const std::optional<IllegalReason>& r);
std::string show(const MoveEffect& e);
std::string show(const MoveResult& r);
std::string show(const std::vector<Point>& points);
std::string show(const Position& p);
std::string show(const std::optional<std::string>& s);
std::string show(const Thrown& t);

/// How strictly two exceptions must agree.
enum class Match {
  Exact,     ///< Same kind, message and (for illegal moves) point, player and reason.
  KindOnly,  ///< Same kind (for messages the API does not promise to share, e.g. at()).
};

/// Why two exceptions differ, or nullopt.
std::optional<std::string> thrown_difference(const Thrown& r, const Thrown& c, Match m);

/// Why two attempts differ, or nullopt. A non-tanbo exception is always a difference.
template <class T>
std::optional<std::string> attempt_difference(const Attempt<T>& r, const Attempt<T>& c,
                                              Match m = Match::Exact) {
  if (r.error && !r.error->tanbo_error) return "reference threw unexpected " + show(*r.error);
  if (c.error && !c.error->tanbo_error) return "candidate threw unexpected " + show(*c.error);
  if (r.value && c.value) {
    if (*r.value == *c.value) return std::nullopt;
    return "reference returned " + show(*r.value) + ", candidate returned " + show(*c.value);
  }
  if (r.error && c.error) return thrown_difference(*r.error, *c.error, m);
  if (r.value) return "reference returned " + show(*r.value) + ", candidate threw " + show(*c.error);
  return "reference threw " + show(*r.error) + ", candidate returned " + show(*c.value);
}

/// One-line description of an attempt.
template <class T>
std::string show(const Attempt<T>& o) {
  if (o.value) return "returned " + show(*o.value);
  if (o.error) return "threw " + show(*o.error);
  return "(not run)";
}

/// Where a position differs (first differing point, side to move, variant tag), or nullopt.
std::optional<std::string> position_difference(const Position& r, const Position& c);
/// Which points are in one list and not the other (or that only the order differs).
std::string points_difference(const std::vector<Point>& r, const std::vector<Point>& c);

}  // namespace tanbo::differential::detail

namespace tanbo::differential {
/// The value printers of every report (differential::show(x)): one spelling for every value.
using detail::show;
}  // namespace tanbo::differential
