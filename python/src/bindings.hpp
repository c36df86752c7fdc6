// Declarations shared by the binding translation units of tanbo._core.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

#include "tanbo/core/random.hpp"

namespace tanbo::python {

namespace py = pybind11;

/// tanbo.Rng: the C++ generator plus the seed it started from (for repr only).
struct PyRng {
  Rng rng;
  std::uint64_t seed = 0;
};

void bind_move_result(py::module_& m);  ///< tanbo.MoveResult
void bind_game(py::module_& m);         ///< tanbo.Game
void bind_vector(py::module_& m);       ///< tanbo._core.VectorGames (vector_bindings.cpp)

}  // namespace tanbo::python
