// The Python objects tanbo.Game and tanbo.MoveResult as C++ structs, shared by the binding
// translation units (game_bindings.cpp: point-name API; state_bindings.cpp: integer actions).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "tanbo/api/game.hpp"

namespace tanbo::python {

using api::AnyGame;
using api::make_game;
using api::PlayoutResult;

namespace py = pybind11;

/// What play() returns: the move, its mover and what it removed (with the per-colour counts),
/// and why (rule 6).
struct PyMoveResult : Held<PyMoveResult, MoveResult> {
  static constexpr const char* kName = "MoveResult";
  PyMoveResult() = default;
  explicit PyMoveResult(MoveResult r) : Held(std::in_place, std::move(r)) {}
};

/// The Python object: a game on either engine. Copying clones the game (a value, like C++).
/// Every use goes through operator-> / operator*, which refuse the empty state of an object
/// made without __init__ (see EmptyOnNew).
struct PyGame : EmptyOnNew<PyGame> {
  std::unique_ptr<AnyGame> g;  ///< null only in an object made without __init__
  PyGame() = default;
  PyGame(const Position& start, const std::string& engine) : g(make_game(start, engine)) {}
  explicit PyGame(std::unique_ptr<AnyGame> game) : g(std::move(game)) {}
  PyGame(const PyGame& other) : g(other->clone()) {}
  PyGame(PyGame&&) noexcept = default;  // returning by value moves instead of cloning twice
  PyGame& operator=(const PyGame&) = delete;
  AnyGame& operator*() const {
    if (!g) raise_uninitialised("Game");
    return *g;
  }
  AnyGame* operator->() const { return &**this; }
};

/// Names of `points` ("A2", ...), in order.
std::vector<std::string> names(const std::vector<Point>& points);

/// Raises tanbo.IllegalMoveError with the engine's wording for an off-board move, naming the
/// move as the caller wrote it (`what`: a pair too large for an int).
[[noreturn]] void raise_off_board(const std::string& what, Color mover);

/// The point of action `a` (y * N + x) on `game`'s board: IllegalMoveError "illegal move action
/// 25 (actions are 0..24) by X: ...", naming `arg` as the caller wrote it, unless 0 <= a < N*N.
Point action_point(const PyGame& game, long long a, py::handle arg);

/// Game.observation / observation_tensor: the six planes from `side`'s point of view, as numpy
/// float32 (dtype None) or uint8. @throws UsageError for another dtype.
py::array observation_array(const AnyGame& g, Color side, const py::object& dtype);

/// Game.play / apply_action: plays `p` and returns what it did.
PyMoveResult play_point(PyGame& game, Point p);

/// Binds the integer-action, OpenSpiel-style state API onto tanbo.Game (state_bindings.cpp).
void bind_state_api(py::class_<PyGame>& cls);

/// Binds Game.solve, the weak solver (solution_bindings.cpp).
void bind_solve_api(py::class_<PyGame>& cls);

}  // namespace tanbo::python
