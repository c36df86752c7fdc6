// The tanbo._core extension module: exceptions, tanbo.Rng and module-level helpers; the Game
// class is bound in game_bindings.cpp. The pure-Python package tanbo/ re-exports all of it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <type_traits>

#include "bindings.hpp"
#include "convert.hpp"
#include "tanbo/api/start.hpp"
#include "tanbo/api/solution.hpp"  // api::TableError

namespace tanbo::python {
namespace {

void bind_errors(py::module_& m) {
  // Registered base first: pybind11 tries translators newest first, so each C++ exception
  // reaches its own Python class and anything else from tanbo reaches tanbo.Error.
  auto& base = py::register_exception<Error>(m, "Error", PyExc_ValueError);
  base.doc() = "Base of every tanbo error (a ValueError); the message is the C++ library's.";
  py::register_exception<ParseError>(m, "ParseError", base.ptr()).doc() =
      "Malformed text: a point name, position string, variant name or game record.";
  py::register_exception<IllegalMoveError>(m, "IllegalMoveError", base.ptr()).doc() =
      "A move the rules forbid; the game is unchanged.";
  py::register_exception<InvalidPositionError>(m, "InvalidPositionError", base.ptr()).doc() =
      "A position that cannot start a game (a side without stones, a bounded root).";
  py::register_exception<UsageError>(m, "UsageError", base.ptr()).doc() =
      "API misuse that is not a move, e.g. undo() with no move to take back.";
  py::register_exception<api::TableError>(m, "TableError", base.ptr()).doc() =
      "A damaged, truncated or foreign table file (Solution.open, Solution.from_bytes); the "
      "message names the file, the byte offset and the fault.";
}

// Rng keeps its xoshiro state private; pickling copies the four state words through its object
// representation, which these asserts pin down (a change to Rng's layout fails the build here).
static_assert(std::is_trivially_copyable_v<Rng> && sizeof(Rng) == 4 * sizeof(std::uint64_t));
using RngWords = std::array<std::uint64_t, 4>;

py::tuple rng_state(const PyRng& r) {
  RngWords w;
  std::memcpy(w.data(), &r.get(), sizeof w);
  return py::make_tuple(r.seed, w[0], w[1], w[2], w[3]);
}

PyRng rng_from_state(const py::tuple& t) {
  if (t.size() != 5) throw UsageError("Rng.__setstate__: not a state Rng.__getstate__ wrote");
  PyRng r(Rng(0), to_uint64(t[0], 0, UINT64_MAX, "Rng.__setstate__: seed"));
  RngWords w;
  for (std::size_t i = 0; i < 4; ++i) w[i] = to_uint64(t[i + 1], 0, UINT64_MAX, "Rng.__setstate__: state");
  if (w == RngWords{}) throw UsageError("Rng.__setstate__: the all-zero state is not a generator state");
  std::memcpy(static_cast<void*>(&r.get()), w.data(), sizeof w);
  return r;
}

void bind_rng(py::module_& m) {
  py::class_<PyRng>(m, "Rng", R"(Deterministic random numbers: the C++ tanbo::Rng (xoshiro256**
seeded by splitmix64). The same seed gives the same numbers, and so the same games, in Python and
C++: ``tanbo selfplay --seed S`` plays game i with ``Rng(S + i)``.)")
      .def(py::init([](py::object seed) {
             const std::uint64_t s = to_uint64(seed, 0, UINT64_MAX, "Rng: seed");
             return PyRng(Rng(s), s);
           }),
           py::arg("seed") = 0, "A generator seeded with ``seed`` (an int in [0, 2**64)).")
      .def("next", [](PyRng& r) { return r.get().next(); }, "The next 64 random bits, as an int.")
      .def(
          "below",
          [](PyRng& r, py::object n) {
            return r.get().below(static_cast<std::uint32_t>(to_uint64(n, 1, UINT32_MAX, "Rng.below: n")));
          },
          py::arg("n"), "A uniform int in [0, n) for 1 <= n < 2**32 (C++ Rng::below).")
      .def("copy", [](const PyRng& r) { return PyRng(r.get(), r.seed); }, "An independent copy of the stream.")
      .def("__copy__", [](const PyRng& r) { return PyRng(r.get(), r.seed); })
      .def("__deepcopy__", [](const PyRng& r, py::handle) { return PyRng(r.get(), r.seed); }, py::arg("memo"))
      .def(py::pickle(&rng_state, &rng_from_state))
      .def("__repr__", [](const PyRng& r) {
        r.get();  // refuses an object made without __init__
        return "<tanbo.Rng seeded with " + std::to_string(r.seed) + ">";
      });
}

}  // namespace
}  // namespace tanbo::python

PYBIND11_MODULE(_core, m) {
  using namespace tanbo::python;
  m.doc() = "tanbo's verified Tanbo engines (C++), bound with pybind11. Use the package 'tanbo'.";
  // The classes are created while the module calls itself "tanbo", so their type names and the
  // signatures in their docstrings say tanbo.Game, not tanbo._core.Game (the package re-exports
  // them there, which is also where pickle looks them up).
  m.attr("__name__") = "tanbo";
  m.attr("__version__") = tanbo::version();
  bind_errors(m);
  bind_rng(m);
  bind_move_result(m);
  bind_answers(m);  // before Game: Game.solve's signature names tanbo.Answer
  bind_game(m);
  bind_solution(m);
  bind_vector(m);
  bind_episode(m);
  bind_session(m);
  m.def(
      "variants",
      [] { return tanbo::api::variant_names(); },
      "Names of every named variant ('classic', 'lattice-5', ..., 'dense-25').");
  m.attr("__name__") = "tanbo._core";
}
