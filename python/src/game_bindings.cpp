// tanbo.Game and tanbo.MoveResult: the Python face of both engines (any_game.hpp), with numpy
// observations for learning programs. Names and docstrings here are what Python users see; keep
// python/tanbo/__init__.pyi in step (tests/test_stubs.py checks the names).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "any_game.hpp"
#include "bindings.hpp"
#include "convert.hpp"

namespace tanbo::python {
namespace {

/// What play() returns: the move, its mover and what it removed, and why (rule 6).
struct PyMoveResult {
  MoveResult result;
  MoveEffect effect;
};

std::vector<std::string> names(const std::vector<Point>& points) {
  std::vector<std::string> out;
  out.reserve(points.size());
  for (const Point p : points) out.push_back(point_name(p));
  return out;
}

/// The Python object: a game on either engine. Copying clones the game (a value, like C++).
struct PyGame {
  std::unique_ptr<AnyGame> g;
  PyGame(const Position& start, const std::string& engine) : g(make_game(start, engine)) {}
  PyGame(const PyGame& other) : g(other.g->clone()) {}
  PyGame(PyGame&&) noexcept = default;  // returning by value moves instead of cloning twice
  PyGame& operator=(const PyGame&) = delete;
  AnyGame* operator->() const { return g.get(); }
};

PyGame from_record(const std::string& text, const std::string& engine) {
  const GameRecord record = parse_record(text);
  PyGame game(record.start, engine);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const RecordMove& m = record.moves[i];
    try {
      game->play(m.point);
    } catch (const IllegalMoveError& e) {
      // Located like every record error, so the user finds the move in the text.
      throw ParseError("move " + std::to_string(i + 1) + ": " + e.what(), m.line, m.column,
                       point_name(m.point));
    }
  }
  return game;
}

[[noreturn]] void raise_far_away(const std::string& pair, Color mover) {
  // Same wording as tanbo::IllegalMoveError, with the caller's own (huge) numbers.
  const py::object cls = py::module_::import("tanbo._core").attr("IllegalMoveError");
  const std::string msg = "illegal move " + pair + " by " + color_str(mover) + ": " +
                          illegal_reason_text(IllegalReason::OffBoard);
  PyErr_SetString(cls.ptr(), msg.c_str());
  throw py::error_already_set();
}

PyMoveResult play(PyGame& game, py::handle point) {
  std::string huge;
  const Point p = to_point(point, game->size(), PointUse::Move, &huge);
  if (!huge.empty()) raise_far_away(huge, game->to_move());
  const MoveEffect effect = game->play(p);
  return {game->last_result(), effect};
}

PyMoveResult last_result(const PyGame& game) {
  MoveResult result = game->last_result();  // throws UsageError at ply 0
  // The per-colour counts are not kept in the history: replay the move on a copy.
  const std::unique_ptr<AnyGame> before = game->clone();
  before->undo();
  return {std::move(result), before->play(game->last_result().move)};
}

Point query_point(const PyGame& game, py::handle point) {
  return to_point(point, game->size(), PointUse::Query);
}

/// Planes (own stones, opponent stones, empty, own legal, opponent legal, Black to move),
/// "own" meaning the side to move's. T is uint8 or float.
template <typename T>
py::array observation(const AnyGame& g) {
  const int n = g.size();
  const py::ssize_t nn = static_cast<py::ssize_t>(n) * n;
  py::array_t<T> out({py::ssize_t{6}, py::ssize_t{n}, py::ssize_t{n}});
  T* plane = out.mutable_data();
  std::fill(plane, plane + 6 * nn, T{0});
  const Position pos = g.position();
  const Cell own = stone(g.to_move());
  const Cell theirs = stone(opponent(g.to_move()));
  const bool over = g.is_over();
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(nn));
  g.legal_mask(mask.data());
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) {
      const py::ssize_t i = static_cast<py::ssize_t>(y) * n + x;
      const Cell c = pos.at({x, y});
      plane[0 * nn + i] = T(c == own);
      plane[1 * nn + i] = T(c == theirs);
      plane[2 * nn + i] = T(c == Cell::Empty);
      plane[3 * nn + i] = T(mask[static_cast<std::size_t>(i)]);
      if (c != Cell::Empty || over) continue;
      // Rule 3 for the opponent: an empty point with exactly one orthogonal friendly stone.
      int friends = 0;
      for (const Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
        const Point q{x + d.x, y + d.y};
        friends += on_board(q, n) && pos.at(q) == theirs;
      }
      plane[4 * nn + i] = T(friends == 1);
    }
  }
  if (g.to_move() == Color::Black) std::fill(plane + 5 * nn, plane + 6 * nn, T{1});
  return out;
}

py::array observation_as(const PyGame& game, const py::object& dtype) {
  const py::dtype dt = dtype.is_none() ? py::dtype::of<float>() : py::dtype::from_args(dtype);
  if (dt.kind() == 'f' && dt.itemsize() == 4) return observation<float>(*game.g);
  if (dt.kind() == 'u' && dt.itemsize() == 1) return observation<std::uint8_t>(*game.g);
  throw UsageError("observation: dtype must be numpy.float32 or numpy.uint8, not " +
                   py::repr(dt).cast<std::string>());
}

py::array legal_mask(const PyGame& game) {
  const int n = game->size();
  py::array_t<bool> out(static_cast<py::ssize_t>(n) * n);
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  game->legal_mask(mask.data());
  std::copy(mask.begin(), mask.end(), out.mutable_data());
  return out;
}

std::vector<std::string> board_rows(const AnyGame& g) {
  const Position pos = g.position();
  std::vector<std::string> rows(static_cast<std::size_t>(pos.size()));
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x) rows[static_cast<std::size_t>(y)] += cell_char(pos.at({x, y}));
  return rows;
}

std::string game_repr(const AnyGame& g) {
  std::string s = "<tanbo.Game " + g.start_position().variant().name() + ", " + g.engine() +
                  " engine, ply " + std::to_string(g.ply()) + ", ";
  if (const auto w = g.winner()) return s + color_str(*w) + " won>";
  return s + color_str(g.to_move()) + " to move>";
}

py::object winner_or_none(const AnyGame& g) {
  if (const auto w = g.winner()) return py::str(color_str(*w));
  return py::none();
}

}  // namespace

void bind_move_result(py::module_& m) {
  py::class_<PyMoveResult>(m, "MoveResult", "What a move did: who played where, what it removed and why.")
      .def_property_readonly("move", [](const PyMoveResult& r) { return point_name(r.result.move); },
                             "The point played, e.g. 'A2'.")
      .def_property_readonly("player", [](const PyMoveResult& r) { return color_str(r.result.player); },
                             "Who played it: 'X' or 'O'.")
      .def_property_readonly("removal", [](const PyMoveResult& r) { return removal_name(r.result.removal); },
                             "Which removal rule applied (rule 6): 'none', 'expanded-root' or 'bounded-roots'.")
      .def_property_readonly("removed", [](const PyMoveResult& r) { return names(r.result.removed); },
                             "The removed stones' points, row-major.")
      .def_property_readonly("removed_black", [](const PyMoveResult& r) { return r.effect.removed_black; },
                             "Number of Black (X) stones removed.")
      .def_property_readonly("removed_white", [](const PyMoveResult& r) { return r.effect.removed_white; },
                             "Number of White (O) stones removed.")
      .def("__eq__", [](const PyMoveResult& a, const PyMoveResult& b) { return a.result == b.result; },
           py::is_operator())
      .def("__repr__", [](const PyMoveResult& r) {
        std::string s = "MoveResult(move='" + point_name(r.result.move) + "', player='" +
                        color_str(r.result.player) + "', removal='" + removal_name(r.result.removal) +
                        "', removed=[";
        for (std::size_t i = 0; i < r.result.removed.size(); ++i)
          s += (i ? ", '" : "'") + point_name(r.result.removed[i]) + "'";
        return s + "])";
      });
}

void bind_game(py::module_& m) {
  py::class_<PyGame>(m, "Game", R"(A game of Tanbo on one of tanbo's two verified engines.

engine="optimized" is the fast incremental engine; engine="reference" the obviously-correct one.
Both give the same results for every call (they are tested against each other), except playout(),
whose move choice depends on the engine (see its docstring).)")
      .def(py::init([](const std::string& variant, const std::string& engine) {
             return PyGame(opening(Variant::parse(variant)), engine);
           }),
           py::arg("variant") = "classic", py::arg("engine") = "optimized",
           "A new game from the opening of ``variant`` ('classic', 'lattice-N', 'dense-N').")
      .def_static(
          "from_position",
          [](const std::string& text, const std::string& engine) {
            return PyGame(Position::parse(text), engine);
          },
          py::arg("text"), py::arg("engine") = "optimized",
          "A game starting from a position string such as 'X3O/5/5/5/O3X X lattice-5'.")
      .def_static("from_record", &from_record, py::arg("text"), py::arg("engine") = "optimized",
                  "A game replaying a game record (as record() writes it).")
      .def_property_readonly("engine", [](const PyGame& g) { return g->engine(); },
                             "'optimized' or 'reference'.")
      .def_property_readonly("variant", [](const PyGame& g) { return g->start_position().variant().name(); },
                             "The variant the game started from ('custom-N' for other positions).")
      .def_property_readonly("size", [](const PyGame& g) { return g->size(); }, "Board side length N.")
      .def_property_readonly("to_move", [](const PyGame& g) { return color_str(g->to_move()); },
                             "Side to move: 'X' (Black) or 'O' (White).")
      .def_property_readonly("ply", [](const PyGame& g) { return g->ply(); }, "Moves played so far.")
      .def_property_readonly("winner", [](const PyGame& g) { return winner_or_none(*g.g); },
                             "'X' or 'O' once a side has no stones, else None.")
      .def_property_readonly("is_over", [](const PyGame& g) { return g->is_over(); },
                             "True once a side has no stones.")
      .def_property_readonly("hash", [](const PyGame& g) { return g->hash(); },
                             "Zobrist hash of (board, side to move), the same on both engines.")
      .def("play", &play, py::arg("point"),
           "Plays ``point`` ('A2', 'a2' or (x, y) with 0-based x, y) for the side to move and returns "
           "a MoveResult. Raises IllegalMoveError (the game unchanged) or ParseError.")
      .def("undo", [](PyGame& g) { g->undo(); }, "Takes back the last move; UsageError at ply 0.")
      .def("last_result", &last_result, "The MoveResult of the last move; UsageError at ply 0.")
      .def("legal_moves", [](const PyGame& g) { return names(g->legal_moves()); },
           "The side to move's legal moves, row-major, as names. Empty once the game is over.")
      .def("legal_move_count", [](const PyGame& g) { return g->legal_move_count(); },
           "len(legal_moves()), without building the list.")
      .def("is_legal", [](const PyGame& g, py::handle p) { return g->is_legal(query_point(g, p)); },
           py::arg("point"), "May the side to move play ``point``? False off the board or after the game.")
      .def(
          "at",
          [](const PyGame& g, py::handle p) {
            const Point q = query_point(g, p);
            if (!on_board(q, g->size())) throw UsageError("at: " + point_name(q) + " is not on the board");
            return std::string(1, cell_char(g->position().at(q)));
          },
          py::arg("point"), "'X', 'O' or '.' at ``point``.")
      .def("stone_count", [](const PyGame& g, py::handle c) { return g->stone_count(to_color(c, "stone_count")); },
           py::arg("color"), "Number of stones of ``color`` ('X' or 'O').")
      .def("board", [](const PyGame& g) { return board_rows(*g.g); },
           "The board as N strings of 'X', 'O' and '.', row 1 first.")
      .def("position", [](const PyGame& g) { return g->position().to_string(); },
           "The position string, e.g. 'X3O/5/5/5/O3X O lattice-5'.")
      .def("record", [](const PyGame& g) { return format_record(g->start_position(), g->moves()); },
           "The game record (start header and moves); Game.from_record() reads it back.")
      .def("moves", [](const PyGame& g) { return names(g->moves()); }, "The points played so far.")
      .def("copy", [](const PyGame& g) { return PyGame(g); }, "An independent copy (history included).")
      .def("__copy__", [](const PyGame& g) { return PyGame(g); })
      .def("__deepcopy__", [](const PyGame& g, py::handle) { return PyGame(g); }, py::arg("memo"))
      .def("__str__", [](const PyGame& g) { return g->position().diagram(); })
      .def("__repr__", [](const PyGame& g) { return game_repr(*g.g); })
      .def(py::pickle(
          [](const PyGame& g) {
            return py::make_tuple(g->engine(), format_record(g->start_position(), g->moves()));
          },
          [](const py::tuple& t) {
            if (t.size() != 2) throw UsageError("Game.__setstate__: expected (engine, record)");
            return from_record(t[1].cast<std::string>(), t[0].cast<std::string>());
          }))
      .def(
          "random_move",
          [](const PyGame& g, PyRng& rng) { return point_name(g->random_move(rng.rng)); },
          py::arg("rng"),
          "legal_moves()[rng.below(len)] as a name: the choice `tanbo selfplay` makes, so a seed "
          "replays the same game on both engines and in C++. UsageError once the game is over.")
      .def(
          "playout",
          [](PyGame& g, PyRng& rng, bool in_place) { return color_str(g->playout(rng.rng, in_place)); },
          py::arg("rng"), py::arg("in_place") = false,
          "Plays uniformly random moves until the game ends and returns the winner ('X' or 'O'). "
          "By default on a copy (this game unchanged: copy-make, as `tanbo bench` measures); "
          "in_place=True plays the moves on this game. The optimized engine picks from its O(1) "
          "legal set (the moves of C++ Board::playout for the same Rng); the reference engine "
          "picks legal_moves()[rng.below(n)] like random_move().")
      .def("observation", &observation_as, py::arg("dtype") = py::none(),
           "A numpy array of shape (6, N, N), dtype float32 (default) or uint8: planes own stones, "
           "opponent stones, empty, own legal moves, opponent legal moves, Black to move (all 1 when "
           "X is to move); 'own' is the side to move; [plane, y, x]. Legal planes are 0 once over.")
      .def("legal_mask", &legal_mask,
           "A numpy bool array of N*N actions, True where legal; action index = y * N + x.");
}

}  // namespace tanbo::python
