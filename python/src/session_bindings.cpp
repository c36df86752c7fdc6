// tanbo.Session: the engine protocol's session (tanbo::protocol::Server, docs/protocol.md)
// bound as it is, so `python3 -m tanbo.serve` pumps lines through the one C++ session that
// `tanbo serve` and the C API run, with no protocol code of its own.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "tanbo/protocol/protocol.hpp"

namespace tanbo::python {
namespace {

// The session, empty only in an object made by Session.__new__ without __init__ (EmptyOnNew).
struct PySession : Held<PySession, protocol::Server> {
  static constexpr const char* kName = "Session";
  PySession() = default;
  explicit PySession(const std::string& engine) : Held(std::in_place, engine) {}
};

}  // namespace

void bind_session(py::module_& m) {
  py::class_<PySession>(m, "Session", R"(A session of the tanbo engine protocol (docs/protocol.md)
on one of tanbo's engines: hand it one request line, get its answer line. The session
``tanbo serve`` runs; ``python3 -m tanbo.serve`` pumps standard input through it.)")
      .def(py::init<const std::string&>(), py::arg("engine") = "optimized",
           "A session on the engine named ``engine`` with the classic variant started; UsageError "
           "for another name.")
      .def(
          "handle", [](PySession& s, const std::string& line) { return s.get().handle(line); },
          py::arg("line"),
          "The answer line to one request line (a final newline is dropped), without a newline; "
          "None for a blank or comment line. A refused request is an answer ('?...'). UsageError "
          "for a line break before the end (one request per call).")
      .def_property_readonly(
          "done", [](PySession& s) { return s.get().done(); }, "True once 'quit' was answered.");
}

}  // namespace tanbo::python
