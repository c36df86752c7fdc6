// Perfect play from Python (docs/solutions.md, "Perfect play in the faces"): tanbo.Solution (a
// solved start's table, opened, read from bytes or solved on demand, probed), tanbo.Answer and
// tanbo.MoveOutcome (what a probe or a solve says) and Game.solve (the weak solver under a node
// budget). Thin over tanbo::api::Solution and api::solve (solution.hpp): nothing here probes a
// table or searches by itself, so Python answers every position as C++, C, JavaScript and the
// engine protocol do (api/tests/solved_positions.tsv).
// Keep python/tanbo/__init__.pyi in step.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <climits>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "convert.hpp"
#include "py_game.hpp"
#include "tanbo/env/episode.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/api/start.hpp"

namespace tanbo::python {
namespace {

using api::Answer;
using api::MoveOutcome;
using api::Value;

/// "win", "loss" or "unknown" (the solvers' own names).
const char* value_name(Value v) noexcept { return api::to_string(v); }

/// A length, None when not known (-1).
py::object length_or_none(int length) {
  if (length < 0) return py::none();
  return py::int_(length);
}

/// tanbo.MoveOutcome: one legal move of an answered position.
struct PyMoveOutcome : Held<PyMoveOutcome, MoveOutcome> {
  static constexpr const char* kName = "MoveOutcome";
  PyMoveOutcome() = default;
  explicit PyMoveOutcome(MoveOutcome m) : Held(std::in_place, m) {}
};

/// tanbo.Answer: what a probe or a solve says about a position.
struct PyAnswer : Held<PyAnswer, Answer> {
  static constexpr const char* kName = "Answer";
  PyAnswer() = default;
  explicit PyAnswer(Answer a) : Held(std::in_place, std::move(a)) {}
};

/// tanbo.Solution: the api handle (copies share the immutable table).
struct PySolution : Held<PySolution, api::Solution> {
  static constexpr const char* kName = "Solution";
  PySolution() = default;
  explicit PySolution(api::Solution s) : Held(std::in_place, std::move(s)) {}
};

/// A str argument's text (TypeError for bytes and everything else: the error model's wrong
/// type). Characters UTF-8 cannot encode become escapes, so the C++ message can quote them.
std::string text_arg(py::handle obj, const char* what) {
  if (!PyUnicode_Check(obj.ptr())) throw py::type_error(std::string(what) + " must be a str, not " + type_name(obj));
  const py::object b =
      py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(obj.ptr(), "utf-8", "backslashreplace"));
  if (!b) throw py::error_already_set();
  return {PyBytes_AS_STRING(b.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(b.ptr()))};
}

/// The position of a Game argument (TypeError for anything else), copied under the GIL.
Position game_position(py::handle obj, const char* what) {
  if (!py::isinstance<PyGame>(obj))
    throw py::type_error(std::string(what) + ": game must be a tanbo.Game, not " + type_name(obj));
  return obj.cast<const PyGame&>()->position();
}

/// The table's answer for `game`'s position; the probe runs without the GIL (the Solution is a
/// shared, immutable table: the copy taken here keeps it alive whatever Python does meanwhile).
/// `with_line` false: best_moves() needs the moves only, not the line's walk.
Answer probe(const PySolution& s, py::handle game, const char* what, bool with_line = true) {
  const api::Solution solution = s.get();
  const Position pos = game_position(game, what);
  py::gil_scoped_release nogil;
  return solution.probe(pos, with_line);
}

/// Game.solve's node budget: an int (not bool); values beyond long long are refused with the
/// caller's own number, the rest go to api::solve, which words the range error for every face.
long long node_budget(py::handle obj) {
  if (PyBool_Check(obj.ptr())) throw py::type_error("Game.solve: budget must be an int, not bool");
  PyObject* index = PyNumber_Index(obj.ptr());
  if (index == nullptr) {
    PyErr_Clear();
    throw py::type_error("Game.solve: budget must be an int, not " + type_name(obj));
  }
  const py::object value = py::reinterpret_steal<py::object>(index);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0) to_uint64(value, 1, 1ull << 40, "Game.solve: budget");  // throws its UsageError
  return v;
}

PyAnswer game_solve(const PyGame& game, py::handle budget, py::handle moves) {
  const long long nodes = node_budget(budget);
  if (!PyBool_Check(moves.ptr())) throw py::type_error("Game.solve: moves must be a bool, not " + type_name(moves));
  const bool each = moves.ptr() == Py_True;
  const Position pos = game->position();
  py::gil_scoped_release nogil;
  return PyAnswer(api::solve(pos, api::WeakBudget::of(nodes, each)));
}

/// A bytes-like argument's bytes, copied (TypeError for str and everything without the buffer
/// protocol).
std::string bytes_arg(py::handle obj, const char* what) {
  if (PyUnicode_Check(obj.ptr()) || !PyObject_CheckBuffer(obj.ptr()))
    throw py::type_error(std::string(what) + " must be bytes-like (bytes, bytearray, memoryview), not " +
                         type_name(obj));
  Py_buffer view;
  if (PyObject_GetBuffer(obj.ptr(), &view, PyBUF_SIMPLE) != 0) {
    PyErr_Clear();
    throw py::type_error(std::string(what) + " must be a contiguous bytes-like object, not " + type_name(obj));
  }
  std::string out(static_cast<const char*>(view.buf), static_cast<std::size_t>(view.len));
  PyBuffer_Release(&view);
  return out;
}

PySolution from_bytes(py::handle data, py::handle name) {
  const std::string bytes = bytes_arg(data, "Solution.from_bytes: data");
  const std::string label = text_arg(name, "Solution.from_bytes: name");
  py::gil_scoped_release nogil;
  return PySolution(api::Solution::from_bytes(bytes, label));
}

PySolution open_file(py::handle path) {
  // str or os.PathLike (bytes paths decoded as the OS does); TypeError for anything else.
  const std::string p =
      text_arg(py::module_::import("os").attr("fsdecode")(path), "Solution.open: path");
  py::gil_scoped_release nogil;
  return PySolution(api::Solution::open(p));
}

PySolution solve_start(py::handle start, py::handle max_classes) {
  const std::string text = text_arg(start, "Solution.solve: start");
  // 0 goes on to the api, which refuses it in the words every face uses.
  const std::uint64_t limit = to_uint64(max_classes, 0, UINT64_MAX, "Solution.solve: max_classes");
  py::gil_scoped_release nogil;
  // As the C API: the variant's name names a variant's table; a position string is named by
  // the solver (its variant name if it is an opening, else its position string).
  const std::string name = api::looks_like_variant_name(text) ? text : std::string();
  return PySolution(api::Solution::solve_start(api::read_start(text), limit, name));
}

PySolution shared_start(py::handle start) {
  const std::string text = text_arg(start, "Solution.shared: start");
  py::gil_scoped_release nogil;  // a second asker waits for the first one's solve
  const std::string name = api::looks_like_variant_name(text) ? text : std::string();
  return PySolution(env::shared_solution(api::read_start(text), name));
}

py::bytes to_bytes(const PySolution& s) {
  const api::Solution solution = s.get();
  std::string out;
  {
    py::gil_scoped_release nogil;
    std::ostringstream buf;
    solution.write(buf);
    out = std::move(buf).str();
  }
  return py::bytes(out);
}

std::string answer_repr(const Answer& a) {
  std::string s = "<tanbo.Answer " + api::outcome_text(a.outcome);
  if (const auto winner = a.winner()) s += ", " + color_str(*winner) + " wins";
  if (a.best_move) s += ", best move " + point_name(*a.best_move);
  if (!a.moves.empty()) s += ", " + std::to_string(a.moves.size()) + " moves answered";
  if (a.nodes > 0) s += ", " + std::to_string(a.nodes) + " nodes";
  return s + ">";
}

std::string move_repr(const MoveOutcome& m) {
  std::string s = "MoveOutcome(move='" + point_name(m.move) + "', value='" + value_name(m.outcome.value) + "', length=";
  return s + (m.outcome.length < 0 ? std::string("None") : std::to_string(m.outcome.length)) + ")";
}

}  // namespace

api::Solution solution_of(py::handle obj, const char* what) {
  if (!py::isinstance<PySolution>(obj))
    throw py::type_error(std::string(what) + " must be a tanbo.Solution, not " + type_name(obj));
  return obj.cast<const PySolution&>().get();
}

void bind_answers(py::module_& m) {
  py::class_<PyMoveOutcome>(m, "MoveOutcome", "One legal move of an answered position and where it leads.")
      .def_property_readonly("move", [](const PyMoveOutcome& a) { return point_name(a.get().move); },
                             "The move, e.g. 'A2'.")
      .def_property_readonly("value", [](const PyMoveOutcome& a) { return value_name(a.get().outcome.value); },
                             "Playing it, the mover's value: 'win', 'loss' or 'unknown' (a solve whose "
                             "budget ran out on it).")
      .def_property_readonly("length", [](const PyMoveOutcome& a) { return length_or_none(a.get().outcome.length); },
                             "Plies from the answered position to the end with perfect play after the "
                             "move; None when not known.")
      .def("__eq__",
           [](const PyMoveOutcome& a, const py::object& b) -> py::object {
             if (!py::isinstance<PyMoveOutcome>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(a.get() == b.cast<const PyMoveOutcome&>().get());
           },
           py::arg("other"))
      .def("__hash__", [](const PyMoveOutcome& a) {
        return py::hash(py::make_tuple(point_name(a.get().move), value_name(a.get().outcome.value), a.get().outcome.length));
      })
      .def("__repr__", [](const PyMoveOutcome& a) { return move_repr(a.get()); });

  py::class_<PyAnswer>(m, "Answer", R"(What Solution.probe() or Game.solve() says about a position,
for its side to move: value, perfect-play length, winner, best move, every legal move's value and
length, the perfect-play line. str() is the answer's text ("win 7", "loss 12", "win ?" for a value
proven without its length, "unknown"), the same on every face of tanbo.)")
      .def_property_readonly("value", [](const PyAnswer& a) { return value_name(a.get().outcome.value); },
                             "'win' or 'loss' for the side to move, or 'unknown' (outside the table, "
                             "or not proven within the budget).")
      .def_property_readonly("known", [](const PyAnswer& a) { return a.get().outcome.known(); },
                             "value != 'unknown'.")
      .def_property_readonly("length", [](const PyAnswer& a) { return length_or_none(a.get().outcome.length); },
                             "Perfect-play length: plies to the end, 0 for a finished game; None when "
                             "not known (always when unknown; a solve may prove the value only).")
      .def_property_readonly(
          "winner",
          [](const PyAnswer& a) -> py::object {
            const std::optional<Color> winner = a.get().winner();
            if (!winner) return py::none();
            return py::str(color_str(*winner));
          },
          "The side that wins with perfect play, 'X' or 'O'; None when unknown.")
      .def_property_readonly(
          "best_move",
          [](const PyAnswer& a) -> py::object {
            if (!a.get().best_move) return py::none();
            return py::str(point_name(*a.get().best_move));
          },
          "A move of perfect play (the fastest win, the longest defence; a probe's is the first "
          "of the line); None when unknown or over.")
      .def_property_readonly(
          "moves",
          [](const PyAnswer& a) {
            py::list out;
            for (const MoveOutcome& mv : a.get().moves) out.append(PyMoveOutcome(mv));
            return out;
          },
          "Every legal move, row-major, as MoveOutcome (a probe: all of them; a solve: only with "
          "moves=True); empty for a finished game or an unknown probe.")
      .def_property_readonly("best_moves", [](const PyAnswer& a) { return names(api::best_moves(a.get())); },
                             "Every move that keeps the value and the length, row-major (the best "
                             "move alone when the moves were not answered); empty when unknown or over.")
      .def_property_readonly("line", [](const PyAnswer& a) { return names(a.get().line); },
                             "The perfect-play line from the position (a probe: `length` moves; a "
                             "solve: empty).")
      .def_property_readonly("nodes", [](const PyAnswer& a) { return a.get().nodes; },
                             "Search nodes the answer took (a solve; 0 for a probe).")
      .def("__str__", [](const PyAnswer& a) { return api::outcome_text(a.get().outcome); })
      .def("__repr__", [](const PyAnswer& a) { return answer_repr(a.get()); });
}

void bind_solve_api(py::class_<PyGame>& cls) {
  cls.def("solve", &game_solve, py::arg("budget"), py::arg("moves") = false,
          "The weak solver on this position (any size, over or not) within ``budget`` search nodes "
          "(1 to 2**40: a count, never a time, so the same budget gives the same Answer on every "
          "machine): its value, perfect-play length and best move when proven, else 'unknown'. "
          "moves=True also answers every legal move, each solved in turn with what is left of "
          "the budget. UsageError for a budget out of range. Releases the GIL.");
}

void bind_solution(py::module_& m) {
  py::class_<PySolution>(m, "Solution", R"(A solved start: every position reachable from it with its
value and perfect-play length (docs/solutions.md). Made by Solution.open(path) (a table file
written by `tanbo solve START --out FILE`), Solution.from_bytes(data) or Solution.solve(start)
(solved now: lattice-5 takes about 5 s). probe(game) answers any game's current position, or
'unknown' for one the table does not hold. Immutable: copies share the table, and threads may
probe one Solution at once (probe and solve release the GIL).)")
      .def(py::init([](py::args, py::kwargs) -> PySolution {
             throw py::type_error("tanbo.Solution has no constructor: use Solution.open(path), "
                                  "Solution.from_bytes(data) or Solution.solve(start)");
           }))
      .def_static("open", &open_file, py::arg("path"),
                  "Reads a table file (str or os.PathLike). TableError for a damaged, truncated or "
                  "foreign file (naming the byte offset); UsageError when it cannot be opened.")
      .def_static("from_bytes", &from_bytes, py::arg("data"), py::arg("name") = "table",
                  "Reads a table file's bytes (bytes, bytearray or memoryview); ``name`` names it in "
                  "errors. TableError as open().")
      .def_static("solve", &solve_start, py::arg("start"), py::arg("max_classes") = api::kDefaultMaxClasses,
                  "Strongly solves ``start`` (a variant name or a position string) now, without the "
                  "GIL. UsageError for a board larger than 5x5 or a start of more than "
                  "``max_classes`` position classes (the default, 8,000,000, fits lattice-5's "
                  "3,856,425 but not dense-5's 84,805,263: open its table instead).")
      .def_static("shared", &shared_start, py::arg("start"),
                  "The process's one table of ``start`` (env::shared_solution): solved as solve() "
                  "does on the first call, then the same table (shared, not copied) for every "
                  "later call from any thread; concurrent first callers wait for the one solve. "
                  "What opponent='perfect' plays from when no solution= is given.")
      .def_property_readonly("start", [](const PySolution& s) { return s.get().start_text(); },
                             "The solved start: a variant name ('lattice-5') or a position string.")
      .def_property_readonly("size", [](const PySolution& s) { return s.get().start().size(); },
                             "Board side N of the start.")
      .def_property_readonly("positions", [](const PySolution& s) { return s.get().positions(); },
                             "Positions reachable from the start (finished games included).")
      .def_property_readonly("sha256", [](const PySolution& s) { return s.get().content_hash(); },
                             "The table's content hash (SHA-256, 64 lowercase hex digits): the hash "
                             "the file carries, to compare with the published ones (docs/solutions.md).")
      .def(
          "verify",
          [](const PySolution& s) {
            const api::Solution solution = s.get();
            py::gil_scoped_release release;
            return solution.verify();
          },
          "Checks every record against the rules and its children's records (what `tanbo solve "
          "--verify` does; lattice-5: seconds) without the GIL; returns the records checked. "
          "TableError naming the first bad record's byte offset and position.")
      .def(
          "probe", [](const PySolution& s, py::handle game) { return PyAnswer(probe(s, game, "Solution.probe")); },
          py::arg("game"),
          "The Answer for ``game``'s current position (a tanbo.Game): value, length, winner, best "
          "move, every legal move's value and length and the perfect-play line; value 'unknown' "
          "when the table does not hold it. UsageError for a game of another board size.")
      .def(
          "best_moves",
          [](const PySolution& s, py::handle game) {
            return names(api::best_moves(probe(s, game, "Solution.best_moves", false)));
          },
          py::arg("game"),
          "The moves of ``game``'s position that keep its value and length (the fastest win, the "
          "longest defence), row-major; empty when over or unknown. Cheaper than probe(): the "
          "perfect-play line is not walked.")
      .def(
          "line", [](const PySolution& s, py::handle game) { return names(probe(s, game, "Solution.line").line); },
          py::arg("game"),
          "The perfect-play line from ``game``'s position: the winner's fastest win, the loser's "
          "longest defence, the first in row-major order among equals; empty when over or unknown.")
      .def("to_bytes", &to_bytes, "The table file's bytes (what open() and from_bytes() read).")
      .def("__copy__", [](const PySolution& s) { return PySolution(s.get()); })
      .def("__deepcopy__", [](const PySolution& s, py::handle) { return PySolution(s.get()); }, py::arg("memo"))
      .def(py::pickle([](const PySolution& s) { return to_bytes(s); },
                      [](const py::bytes& b) { return from_bytes(b, py::str("pickle")); }))
      .def("__repr__", [](const PySolution& s) {
        return "<tanbo.Solution of " + s.get().start_text() + ": " + std::to_string(s.get().positions()) +
               " positions>";
      });
}

}  // namespace tanbo::python
