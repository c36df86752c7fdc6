// Declarations shared by the binding translation units of tanbo._core.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <utility>

#include "tanbo/api/points.hpp"  // and core's vocabulary (Rng) with it

namespace tanbo::api {
class Solution;
}  // namespace tanbo::api

namespace tanbo::python {

namespace py = pybind11;

/// Raises TypeError: the `cls` object was made by `cls.__new__(cls)` without `__init__`.
[[noreturn]] inline void raise_uninitialised(const char* cls) {
  throw py::type_error(std::string("this tanbo.") + cls + " was created without __init__ (by " + cls +
                       ".__new__); create it with tanbo." + cls + "(...)");
}

/// Base of the bound structs T, for objects made by `T.__new__(T)` without `__init__`: pybind11
/// allocates their C++ value on first use with T's operator new and then treats it as
/// constructed. Constructing T's empty state there (a null game, no generator) turns what
/// would be reads of uninitialised memory into TypeError from T's accessors. Normal
/// construction builds over that empty state, which owns nothing.
template <class T>
struct EmptyOnNew {
  static void* operator new(std::size_t n) { return ::new (::operator new(n)) T(); }
  static void operator delete(void* p) noexcept { ::operator delete(p); }
};

/// The one shape of the bound classes that hold a C++ value: `Self` (which names its Python
/// class in `static constexpr const char* kName`) holds a T, empty only in an object made by
/// `cls.__new__` without `__init__`, and get() refuses that object with raise_uninitialised.
template <class Self, class T>
struct Held : EmptyOnNew<Self> {
  std::optional<T> value;  ///< nullopt only in an object made without __init__
  Held() = default;
  template <class... Args>
  explicit Held(std::in_place_t, Args&&... args) : value(std::in_place, std::forward<Args>(args)...) {}
  T& get() {
    if (!value) raise_uninitialised(Self::kName);
    return *value;
  }
  const T& get() const { return const_cast<Held*>(this)->get(); }
};

/// tanbo.Rng: the C++ generator plus the seed it started from (for repr only).
struct PyRng : Held<PyRng, Rng> {
  static constexpr const char* kName = "Rng";
  std::uint64_t seed = 0;
  PyRng() = default;
  PyRng(Rng r, std::uint64_t s) : Held(std::in_place, r), seed(s) {}
};

void bind_move_result(py::module_& m);  ///< tanbo.MoveResult
void bind_game(py::module_& m);         ///< tanbo.Game
void bind_vector(py::module_& m);       ///< tanbo._core.VectorGames (vector_bindings.cpp)
void bind_session(py::module_& m);      ///< tanbo.Session (session_bindings.cpp)
void bind_episode(py::module_& m);      ///< tanbo._core.Episode, opponent_action (episode_bindings.cpp)
void bind_answers(py::module_& m);      ///< tanbo.Answer, tanbo.MoveOutcome (solution_bindings.cpp)
void bind_solution(py::module_& m);     ///< tanbo.Solution (solution_bindings.cpp)

/// The api::Solution of a tanbo.Solution argument (a copy sharing its table). @throws
/// py::type_error, naming `what`, for anything else.
api::Solution solution_of(py::handle obj, const char* what);

}  // namespace tanbo::python
