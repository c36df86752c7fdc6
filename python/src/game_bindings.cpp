// tanbo.Game and tanbo.MoveResult: the Python face of both engines (tanbo::api::AnyGame), with numpy
// observations for learning programs, playouts and perft without the GIL, and the docs' SVG
// board drawing for Jupyter. Names and docstrings here are what Python users see; keep
// python/tanbo/__init__.pyi in step (tests/test_stubs.py checks the names). The integer-action
// API is in state_bindings.cpp.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings.hpp"
#include "convert.hpp"
#include "py_game.hpp"
#include "tanbo/api/game.hpp"
#include "tanbo/env/observation.hpp"
#include "tanbo/api/points.hpp"
#include "tanbo/player/mcts.hpp"
#include "tanbo/api/start.hpp"
#include "tanbo/svg/svg.hpp"

namespace tanbo::python {

std::vector<std::string> names(const std::vector<Point>& points) {
  std::vector<std::string> out;
  out.reserve(points.size());
  for (const Point p : points) out.push_back(point_name(p));
  return out;
}

void raise_off_board(const std::string& what, Color mover) {
  throw IllegalMoveError::off_board(what, mover);  // the engine's wording, the caller's numbers
}

PyMoveResult play_point(PyGame& game, Point p) {
  game->play(p);
  return PyMoveResult(game->last_result());
}

Point action_point(const PyGame& game, long long a, py::handle arg) {
  if (const auto p = api::index_point(game->size(), a)) return *p;
  // Named with Python's own digits: `a` is LLONG_MIN for an int beyond 64 bits.
  const std::string text = printable(py::str(arg).cast<std::string>(), kQuotedTokenBytes);
  throw IllegalMoveError::off_board(api::off_board_index_text("action", text, game->size()), game->to_move());
}

namespace {

// Thread safety: calls that run long (playout, playouts, perft, replaying a record) release the
// GIL, but only after copying what they read, under the GIL, so another thread using the same
// Game meanwhile can neither see a half-played game nor pull the game out from under them.
// Single-move calls keep the GIL: they cost about a microsecond, less than handing it over.

PyGame from_record(const std::string& text, const std::string& engine) {
  py::gil_scoped_release nogil;  // `text` is a C++ copy and the new game is not shared yet
  return PyGame(api::record_game(text, engine));
}

PyMoveResult play(PyGame& game, py::handle point) {
  if (const auto a = to_action(point)) return play_point(game, action_point(game, *a, point));
  std::string huge;
  const Point p = to_point(point, game->size(), PointUse::Move, &huge);
  if (!huge.empty()) raise_off_board(huge, game->to_move());
  return play_point(game, p);
}

PyMoveResult last_result(const PyGame& game) {
  return PyMoveResult(game->last_result());  // throws UsageError at ply 0
}

/// is_legal's point: names and pairs as to_point(Query), actions outside [0, N*N) off the board.
Point query_point(const PyGame& game, py::handle point) {
  if (const auto a = to_action(point)) return api::index_point(game->size(), *a).value_or(kFarAway);
  return to_point(point, game->size(), PointUse::Query);
}

/// env::observation_planes of `g` from `side`'s view as a (6, N, N) array of T (uint8 or float).
template <typename T>
py::array observation(const AnyGame& g, Color side) {
  const py::ssize_t n = g.size();
  py::array_t<T> out({py::ssize_t{6}, n, n});
  env::observation_planes(g, side, out.mutable_data());
  return out;
}

}  // namespace

py::array observation_array(const AnyGame& g, Color side, const py::object& dtype) {
  const py::dtype dt = dtype.is_none() ? py::dtype::of<float>() : py::dtype::from_args(dtype);
  if (dt.kind() == 'f' && dt.itemsize() == 4) return observation<float>(g, side);
  if (dt.kind() == 'u' && dt.itemsize() == 1) return observation<std::uint8_t>(g, side);
  throw UsageError("observation: dtype must be numpy.float32 or numpy.uint8, not " +
                   py::repr(dt).cast<std::string>());
}

namespace {

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


/// Seconds-scale work from a snapshot: `work` is cloned under the GIL, then run without it.
template <typename F>
auto without_gil(F&& f) {
  py::gil_scoped_release nogil;
  return f();
}

py::str playout(PyGame& game, PyRng& rng, bool in_place) {
  std::unique_ptr<AnyGame> work = game->clone();
  Rng r = rng.get();
  const PlayoutResult result =
      without_gil([&] { return in_place ? work->playout_in_place(r) : work->playout(r); });
  rng.get() = r;
  if (in_place) game.g = std::move(work);
  return py::str(color_str(result.winner));
}

py::tuple playouts(const PyGame& game, py::object count, py::object seed) {
  const auto n = static_cast<py::ssize_t>(to_uint64(count, 0, 1ull << 40, "playouts: n"));
  const std::uint64_t s = to_uint64(seed, 0, UINT64_MAX, "playouts: seed");
  py::array_t<std::int8_t> winners(n);
  py::array_t<std::int32_t> lengths(n);
  std::int8_t* w = winners.mutable_data();
  std::int32_t* len = lengths.mutable_data();
  const std::unique_ptr<AnyGame> work = game->clone();
  without_gil([&] {
    for (py::ssize_t i = 0; i < n; ++i) {
      Rng rng(s + static_cast<std::uint64_t>(i));  // wraps mod 2**64, like tanbo selfplay
      const PlayoutResult r = work->playout(rng);
      w[i] = static_cast<std::int8_t>(r.winner == Color::Black ? 0 : 1);
      len[i] = r.length;
    }
    return 0;
  });
  return py::make_tuple(winners, lengths);
}

py::str mcts_move(const PyGame& game, py::object playouts, py::object seed) {
  const auto n = static_cast<int>(to_uint64(playouts, 1, 1u << 24, "mcts_move: playouts"));
  const std::uint64_t s = to_uint64(seed, 0, UINT64_MAX, "mcts_move: seed");
  const std::unique_ptr<AnyGame> work = game->clone();
  return py::str(point_name(without_gil([&] { return player::mcts_move(*work, n, s); })));
}

std::uint64_t perft(const PyGame& game, py::object depth) {
  const int d = static_cast<int>(to_uint64(depth, 0, 64, "perft: depth"));
  const std::unique_ptr<AnyGame> work = game->clone();
  return without_gil([&] { return work->perft(d); });
}

/// Same board and side to move (the position a search cares about; history and engine aside).
bool same_position(const AnyGame& a, const AnyGame& b) {
  if (a.size() != b.size() || a.to_move() != b.to_move() || a.hash() != b.hash()) return false;
  return a.position().cells() == b.position().cells();
}

/// The board as the rules pages draw it (tanbo::api SVG), the last move dotted.
std::string game_svg(const AnyGame& g) {
  svg::Panel panel{"", g.position(), {}};
  if (g.ply() > 0) panel.marks.move_dot = g.last_result().move;
  if (const auto w = g.winner()) panel.heading = "ply " + std::to_string(g.ply()) + ", " + color_str(*w) + " won";
  else panel.heading = "ply " + std::to_string(g.ply()) + ", " + color_str(g.to_move()) + " to move";
  return svg::render_figure(game_repr(g), {panel});
}

py::tuple move_result_state(const PyMoveResult& r) {
  py::list removed;
  for (const Point p : r.get().removed) removed.append(py::make_tuple(p.x, p.y));
  return py::make_tuple(r.get().move.x, r.get().move.y, static_cast<int>(r.get().player),
                        static_cast<int>(r.get().removal), py::tuple(removed), r.get().removed_black,
                        r.get().removed_white);
}

PyMoveResult move_result_from_state(const py::tuple& t) {
  try {
    if (t.size() != 7) throw UsageError("");
    MoveResult r;
    r.move = {t[0].cast<int>(), t[1].cast<int>()};
    const int player = t[2].cast<int>(), removal = t[3].cast<int>();
    if (player < 0 || player > 1 || removal < 0 || removal > 2) throw UsageError("");
    r.player = static_cast<Color>(player);
    r.removal = static_cast<Removal>(removal);
    for (const py::handle p : t[4].cast<py::tuple>()) {
      const auto xy = p.cast<py::tuple>();
      if (xy.size() != 2) throw UsageError("");
      r.removed.push_back({xy[0].cast<int>(), xy[1].cast<int>()});
    }
    r.removed_black = t[5].cast<int>();
    r.removed_white = t[6].cast<int>();
    return PyMoveResult(std::move(r));
  } catch (const py::cast_error&) {
  } catch (const UsageError&) {
  }
  throw UsageError("MoveResult.__setstate__: not a state MoveResult.__getstate__ wrote");
}

}  // namespace

void bind_move_result(py::module_& m) {
  py::class_<PyMoveResult>(m, "MoveResult", "What a move did: who played where, what it removed and why.")
      .def_property_readonly("move", [](const PyMoveResult& r) { return point_name(r.get().move); },
                             "The point played, e.g. 'A2'.")
      .def_property_readonly("player", [](const PyMoveResult& r) { return color_str(r.get().player); },
                             "Who played it: 'X' or 'O'.")
      .def_property_readonly("removal", [](const PyMoveResult& r) { return removal_name(r.get().removal); },
                             "Which removal rule applied (rule 6): 'none', 'expanded-root' or 'bounded-roots'.")
      .def_property_readonly("removed", [](const PyMoveResult& r) { return names(r.get().removed); },
                             "The removed stones' points, row-major.")
      .def_property_readonly("removed_black", [](const PyMoveResult& r) { return r.get().removed_black; },
                             "Number of Black (X) stones removed.")
      .def_property_readonly("removed_white", [](const PyMoveResult& r) { return r.get().removed_white; },
                             "Number of White (O) stones removed.")
      .def("__eq__", [](const PyMoveResult& a, const PyMoveResult& b) { return a.get() == b.get(); },
           py::is_operator())
      .def("__hash__", [](const PyMoveResult& r) { return py::hash(move_result_state(r)[py::slice(0, 5, 1)]); })
      .def(py::pickle(&move_result_state, &move_result_from_state))
      .def("__repr__", [](const PyMoveResult& r) {
        std::string s = "MoveResult(move='" + point_name(r.get().move) + "', player='" +
                        color_str(r.get().player) + "', removal='" + removal_name(r.get().removal) +
                        "', removed=[";
        for (std::size_t i = 0; i < r.get().removed.size(); ++i)
          s += (i ? ", '" : "'") + point_name(r.get().removed[i]) + "'";
        return s + "])";
      });
}

namespace {

/// Game's state: engine, variant, side to move, ply, winner, hash, equality.
void bind_game_state(py::class_<PyGame>& cls) {
  cls
      .def_property_readonly("engine", [](const PyGame& g) { return g->engine(); },
                             "'optimized' or 'reference'.")
      .def_property_readonly("variant", [](const PyGame& g) { return g->start_position().variant().name(); },
                             "The variant the game started from ('custom-N' for other positions).")
      .def_property_readonly("size", [](const PyGame& g) { return g->size(); }, "Board side length N.")
      .def_property_readonly("to_move", [](const PyGame& g) { return color_str(g->to_move()); },
                             "Side to move: 'X' (Black) or 'O' (White).")
      .def_property_readonly("ply", [](const PyGame& g) { return g->ply(); }, "Moves played so far.")
      .def_property_readonly("winner", [](const PyGame& g) { return winner_or_none(*g); },
                             "'X' or 'O' once a side has no stones, else None.")
      .def_property_readonly("is_over", [](const PyGame& g) { return g->is_over(); },
                             "True once a side has no stones.")
      .def_property_readonly("hash", [](const PyGame& g) { return g->hash(); },
                             "Zobrist hash of (board, side to move), the same on both engines.")
      .def("__eq__",
           [](const PyGame& a, const py::object& b) -> py::object {
             if (!py::isinstance<PyGame>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(same_position(*a, *b.cast<const PyGame&>()));
           },
           py::arg("other"),
           "Equal when board and side to move are (engine, history and variant name aside).")
      .def("__hash__", [](const PyGame& g) { return g->hash(); },
           "The Zobrist hash (consistent with ==). A Game is mutable: do not play moves on one "
           "that is a dict key or in a set; key tables by g.position() or g.hash instead.");
}

/// Game's moves and the rules' questions about them: play, undo, the legal moves, at.
void bind_game_moves(py::class_<PyGame>& cls) {
  cls
      .def("play", &play, py::arg("point"),
           "Plays ``point`` ('A2', 'a2', (x, y) with 0-based x, y, or an int action y * N + x) for the "
           "side to move and returns a MoveResult. Raises IllegalMoveError (the game unchanged) or "
           "ParseError.")
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
            // An action off the board is named as given (api::query_index_point), not as a point.
            const Point q = [&] {
              if (const auto a = to_action(p)) return api::query_index_point(g->size(), *a, "at", "action");
              return query_point(g, p);
            }();
            if (!on_board(q, g->size())) throw UsageError("at: " + point_name(q) + " is not on the board");
            return std::string(1, cell_char(g->position().at(q)));
          },
          py::arg("point"), "'X', 'O' or '.' at ``point``.")
      .def("stone_count", [](const PyGame& g, py::handle c) { return g->stone_count(to_color(c, "stone_count")); },
           py::arg("color"), "Number of stones of ``color`` ('X' or 'O').");
}

/// Game as text and as a value: board, position, record, copies, str, pickling.
void bind_game_text(py::class_<PyGame>& cls) {
  cls
      .def("board", [](const PyGame& g) { return board_rows(*g); },
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
      .def("__repr__", [](const PyGame& g) { return game_repr(*g); })
      .def(py::pickle(
          [](const PyGame& g) {
            return py::make_tuple(g->engine(), format_record(g->start_position(), g->moves()));
          },
          [](const py::tuple& t) {
            if (t.size() != 2) throw UsageError("Game.__setstate__: expected (engine, record)");
            return from_record(t[1].cast<std::string>(), t[0].cast<std::string>());
          }));
}

/// Game's random moves, playouts, MCTS and perft (the long ones without the GIL).
void bind_game_search(py::class_<PyGame>& cls) {
  cls
      .def(
          "random_move",
          [](const PyGame& g, PyRng& rng) { return point_name(g->random_move(rng.get())); },
          py::arg("rng"),
          "legal_moves()[rng.below(len)] as a name: the choice `tanbo selfplay` makes, so a seed "
          "replays the same game on both engines and in C++. UsageError once the game is over.")
      .def(
          "playout",
          &playout, py::arg("rng"), py::arg("in_place") = false,
          "Plays uniformly random moves until the game ends and returns the winner ('X' or 'O'). "
          "By default on a copy (this game unchanged: copy-make, as `tanbo bench` measures); "
          "in_place=True plays the moves on this game. The optimized engine picks from its O(1) "
          "legal set (the moves of C++ Board::playout for the same Rng); the reference engine "
          "picks legal_moves()[rng.below(n)] like random_move(). Releases the GIL.")
      .def("playouts", &playouts, py::arg("n"), py::arg("seed"),
           "Plays ``n`` random playouts from this position (the game unchanged), playout i with "
           "Rng(seed + i), in C++ without the GIL. Returns (winners, lengths): numpy int8 (0 = X, "
           "1 = O, as current_player()) and int32 (moves played) arrays of length n; "
           "winners[i] is playout(Rng(seed + i)).")
      .def("mcts_move", &mcts_move, py::arg("playouts"), py::arg("seed"),
           "The move a UCT Monte-Carlo tree search with ``playouts`` simulations (1 to 2**24) and "
           "random choices from ``seed`` picks for the side to move, as a name: the C++ search of "
           "tanbo::api (examples/mcts_player, the JavaScript mctsMove), the same move for the "
           "same game and seed on either engine. Releases the GIL. UsageError once over.")
      .def("perft", &perft, py::arg("depth"),
           "Number of move sequences of length ``depth`` (0-64) from here, as `tanbo perft` counts "
           "them: a finished game is one leaf. Exponential in depth; releases the GIL.");
}

/// Game as pictures and arrays: SVG, the observation planes, the legal mask.
void bind_game_pictures(py::class_<PyGame>& cls) {
  cls
      .def("svg", [](const PyGame& g) { return game_svg(*g); },
           "The board as an SVG image, drawn as in the rules pages; the last move has a red dot.")
      .def("_repr_svg_", [](const PyGame& g) { return game_svg(*g); })
      .def("_repr_html_", [](const PyGame& g) { return "<div>" + game_svg(*g) + "</div>"; })
      .def("observation",
           [](const PyGame& g, const py::object& dtype) { return observation_array(*g, g->to_move(), dtype); },
           py::arg("dtype") = py::none(),
           "A numpy array of shape (6, N, N), dtype float32 (default) or uint8: planes own stones, "
           "opponent stones, empty, own legal moves, opponent legal moves, Black to move (all 1 when "
           "X is to move); 'own' is the side to move; [plane, y, x]. Legal planes are 0 once over.")
      .def("legal_mask", &legal_mask,
           "A numpy bool array of N*N actions, True where legal; action index = y * N + x.");
}

}  // namespace

void bind_game(py::module_& m) {
  py::class_<PyGame> cls(m, "Game", R"(A game of Tanbo on one of tanbo's two verified engines.

engine="optimized" is the fast incremental engine; engine="reference" the simple one written rule
by rule, which optimized is verified against.
Both give the same results for every call (they are tested against each other), except playout(),
whose move choice depends on the engine (see its docstring).

Thread safety: use one Game per thread. playout(), playouts(), perft() and from_record() release
the GIL (they work on a snapshot taken first), so threads running them scale across cores.)");
  // The start is read by tanbo::api::start_game, as the C API and JavaScript read it.
  cls.def(py::init([](const std::string& variant, const std::string& engine) {
             return PyGame(api::start_game(variant, engine));
           }),
           py::arg("variant") = "classic", py::arg("engine") = "optimized",
           "A new game from ``variant``: a variant name ('classic', 'lattice-N', 'dense-N') for its "
           "opening, or a position string as from_position() takes.")
      .def_static(
          "from_position",
          [](const std::string& text, const std::string& engine) {
            return PyGame(Position::parse(text), engine);
          },
          py::arg("text"), py::arg("engine") = "optimized",
          "A game starting from a position string such as 'X3O/5/5/5/O3X X lattice-5'.")
      .def_static("from_record", &from_record, py::arg("text"), py::arg("engine") = "optimized",
                  "A game replaying a game record (as record() writes it).")
      .def_static("deserialize", &from_record, py::arg("text"), py::arg("engine") = "optimized",
                  "The game serialize() wrote (the same as from_record).");
  bind_game_state(cls);
  bind_game_moves(cls);
  bind_game_text(cls);
  bind_game_search(cls);
  bind_game_pictures(cls);
  bind_state_api(cls);
  bind_solve_api(cls);
}

}  // namespace tanbo::python
