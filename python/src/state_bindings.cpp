// The integer-action API of tanbo.Game: pyspiel.State's methods with pyspiel's signatures and
// return types, so OpenSpiel-style Python code (and tanbo.openspiel's registration) takes a
// tanbo.Game as it is: action = y * N + x (row-major, A1 = 0, B1 = 1, A2 = N), players 0 (X)
// and 1 (O), kTerminalPlayer once the game is over.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "convert.hpp"
#include "py_game.hpp"
#include "tanbo/env/episode.hpp"
#include "tanbo/api/explain.hpp"

namespace tanbo::python {
namespace {

constexpr int kTerminalPlayer = -4;  // OpenSpiel's kTerminalPlayerId

/// A player argument: 0 (X) or 1 (O); None means the side to move.
Color player_color(const AnyGame& g, const py::object& player, const char* what) {
  if (player.is_none()) return g.to_move();
  return static_cast<Color>(to_uint64(player, 0, 1, what));
}

/// pyspiel's State::LegalActions(player) rule: `player` (any int; TypeError otherwise) gets the
/// legal actions when it is current_player(), nothing otherwise (the terminal id included).
bool is_mover(const AnyGame& g, const py::object& player, const char* what) {
  const auto p = to_action(player);
  if (!p) throw py::type_error(std::string(what) + " is an int, not " + type_name(player));
  return !g.is_over() && *p == static_cast<long long>(g.to_move());
}

// The Python list built directly from the engine's indices: a per-move loop calls this every
// move, and the vector of points, the vector of ints and pybind11's generic list conversion in
// between cost more than the move itself.
py::list legal_action_list(const AnyGame& g) {
  std::array<int, kMaxPoints> indices;
  const int count = g.legal_indices(indices.data());  // row-major, so already ascending
  py::list out(count);
  for (int i = 0; i < count; ++i)
    PyList_SET_ITEM(out.ptr(), i, py::int_(indices[static_cast<std::size_t>(i)]).release().ptr());
  return out;
}

/// pyspiel's returns, X's then O's: the episode's final rewards (env/episode.hpp) once the game
/// is over, the running reward before.
std::vector<double> returns_of(const AnyGame& g) {
  const auto w = g.winner();
  if (!w) return {env::kRunningReward, env::kRunningReward};
  return {env::final_reward(*w, Color::Black), env::final_reward(*w, Color::White)};
}

/// pyspiel's HistoryString: the actions, ", "-separated.
std::string history_string(const AnyGame& g) {
  std::string s;
  for (const Point p : g.moves()) s += (s.empty() ? "" : ", ") + std::to_string(row_major_index(p, g.size()));
  return s;
}

long long action_arg(const py::handle a) {
  const auto v = to_action(a);
  if (!v) throw py::type_error("an action is an int, not " + type_name(a));
  return *v;
}

/// The bound of max_game_length(): r * (N*N + 1) + empty points of the start position, with r
/// its number of roots. Every move lowers this measure by at least one (docs/formal.md): a move
/// without removal fills a point and keeps the roots; a removal removes at least one root
/// (N*N + 1) and empties at most N*N points.
int max_length(const AnyGame& g) {
  const Position& start = g.start_position();
  const int nn = start.size() * start.size();
  const int roots = static_cast<int>(api::roots(start).size());
  return roots * (nn + 1) + nn - start.count(Color::Black) - start.count(Color::White);
}

}  // namespace

namespace {

/// pyspiel's actions: the legal ones, applying one, and their names.
void bind_actions(py::class_<PyGame>& cls) {
  cls
      .def("legal_actions",
          [](const PyGame& g, const py::object& player) {
            if (!player.is_none() && !is_mover(*g, player, "legal_actions: player")) return py::list();
            return legal_action_list(*g);
          },
          py::arg("player") = py::none(),
          "``player``'s legal actions (y * N + x), ascending: the side to move's (player None or "
          "the mover), empty for the other player and once the game is over.")
      .def("legal_actions_mask",
           [](const PyGame& g, const py::object& player) {
             const int n = g->size();
             std::vector<int> mask(static_cast<std::size_t>(n * n), 0);
             if (player.is_none() || is_mover(*g, player, "legal_actions_mask: player")) {
               std::array<std::uint8_t, kMaxPoints> marks;
               g->legal_mask(marks.data());
               std::copy_n(marks.begin(), mask.size(), mask.begin());
             }
             return mask;
           },
           py::arg("player") = py::none(),
           "pyspiel's mask: a list of N*N ints, 1 at ``player``'s legal actions (all 0 for the "
           "player not to move).")
      .def("apply_action",
           // The move alone: play() builds the MoveResult that apply_action does not return.
           [](PyGame& g, const py::handle a) { g->play(action_point(g, action_arg(a), a)); },
           py::arg("action"),
           "Plays ``action`` (an int y * N + x) for the side to move; returns None (play() returns "
           "the MoveResult). IllegalMoveError (the game unchanged) if it is not legal.")
      .def("action_to_string",
           [](const PyGame& g, const py::handle a) { return point_name(action_point(g, action_arg(a), a)); },
           py::arg("action"), "The point name of ``action``, e.g. 0 -> 'A1'.")
      .def("action_to_string",
           [](const PyGame& g, const py::object& player, const py::handle a) {
             player_color(*g, player, "action_to_string: player");
             return point_name(action_point(g, action_arg(a), a));
           },
           py::arg("player"), py::arg("action"),
           "OpenSpiel's two-argument form; the name does not depend on the player.")
      .def("string_to_action",
           [](const PyGame& g, const std::string& name) {
             return row_major_index(parse_point(name, g->size()), g->size());
           },
           py::arg("name"), "The action of a point name, e.g. 'B1' -> 1. ParseError off the board.")
      .def("string_to_action",
           [](const PyGame& g, const py::object& player, const std::string& name) {
             player_color(*g, player, "string_to_action: player");
             return row_major_index(parse_point(name, g->size()), g->size());
           },
           py::arg("player"), py::arg("name"), "pyspiel's two-argument form (the player does not matter).");
}

/// pyspiel's turn and outcome queries: the player to move, terminal, returns, the node kinds, undo.
void bind_turns(py::class_<PyGame>& cls) {
  cls
      .def("current_player",
           [](const PyGame& g) { return g->is_over() ? kTerminalPlayer : static_cast<int>(g->to_move()); },
           "0 when X (Black) is to move, 1 when O is, -4 (OpenSpiel's terminal id) once over.")
      .def("is_terminal", [](const PyGame& g) { return g->is_over(); }, "True once a side has no stones.")
      .def("is_chance_node", [](const PyGame&) { return false; }, "Always False: Tanbo has no chance.")
      .def("returns", [](const PyGame& g) { return returns_of(*g); },
           "Per player [X, O]: [1.0, -1.0] or [-1.0, 1.0] once over, [0.0, 0.0] before.")
      .def("rewards", [](const PyGame& g) { return returns_of(*g); },
           "The rewards of the last transition: returns() (terminal rewards only).")
      .def("player_return",
           [](const PyGame& g, const py::object& player) {
             return returns_of(*g)[static_cast<std::size_t>(player_color(*g, player, "player_return: player"))];
           },
           py::arg("player"), "returns()[player].")
      .def("player_reward",
           [](const PyGame& g, const py::object& player) {
             return returns_of(*g)[static_cast<std::size_t>(player_color(*g, player, "player_reward: player"))];
           },
           py::arg("player"), "rewards()[player].")
      .def("is_player_node", [](const PyGame& g) { return !g->is_over(); }, "True until the game is over.")
      .def("is_simultaneous_node", [](const PyGame&) { return false; }, "Always False: the players alternate.")
      .def("is_mean_field_node", [](const PyGame&) { return false; }, "Always False.")
      .def("is_initial_state", [](const PyGame& g) { return g->ply() == 0; }, "No move played yet.")
      .def("chance_outcomes", [](const PyGame&) { return std::vector<std::pair<int, double>>{}; },
           "[]: there are no chance nodes.")
      .def("move_number", [](const PyGame& g) { return g->ply(); }, "Moves played so far (ply).")
      .def("undo_action",
           [](PyGame& g, const py::object& player, const py::handle a) {
             if (g->ply() == 0) throw UsageError("undo_action: no move to take back");
             const Point last = g->last_result().move;
             const Color mover = opponent(g->to_move());
             const long long action = action_arg(a);
             if (player_color(*g, player, "undo_action: player") != mover || action != row_major_index(last, g->size()))
               throw UsageError("undo_action: the last action was " + std::to_string(row_major_index(last, g->size())) +
                                " by player " + std::to_string(static_cast<int>(mover)) + ", not " +
                                std::to_string(action) + " by player " + py::str(player).cast<std::string>());
             g->undo();
           },
           py::arg("player"), py::arg("action"),
           "Takes back the last action, which must be ``action`` played by ``player`` (UsageError "
           "otherwise, the game unchanged).");
}

/// pyspiel's history and game facts: strings, clone, players, actions, max length.
void bind_history(py::class_<PyGame>& cls) {
  cls
      .def("information_state_string",
           [](const PyGame& g, const py::object& player) {
             player_color(*g, player, "information_state_string: player");
             return history_string(*g);  // perfect information: the history, as OpenSpiel's board games
           },
           py::arg("player") = py::none(), "The actions so far, \", \"-separated (history_str()).")
      .def("history_str", [](const PyGame& g) { return history_string(*g); },
           "The actions so far, \", \"-separated, as pyspiel.State.history_str().")
      .def("clone", [](const PyGame& g) { return PyGame(g); }, "An independent copy (as copy()).")
      .def("num_players", [](const PyGame&) { return 2; }, "2.")
      .def("num_distinct_actions", [](const PyGame& g) { return g->size() * g->size(); },
           "N * N: every point is an action.")
      .def("max_game_length", [](const PyGame& g) { return max_length(*g); },
           "An upper bound on the plies of any game from the start position: r * (N*N + 1) + e "
           "for r roots and e empty points at the start (each move lowers that measure).")
      .def("history",
           [](const PyGame& g) {
             std::vector<int> out;
             for (const Point p : g->moves()) out.push_back(row_major_index(p, g->size()));
             return out;
           },
           "The actions played so far.");
}

/// pyspiel's observations and serialization.
void bind_observations(py::class_<PyGame>& cls) {
  cls
      .def("observation_tensor",
           [](const PyGame& g, const py::object& player, const py::object& dtype) {
             const py::array planes = observation_array(*g, player_color(*g, player, "observation_tensor: player"), dtype);
             return planes.attr("reshape")(-1);  // flat, as pyspiel's (a view: no copy)
           },
           py::arg("player") = py::none(), py::arg("dtype") = py::none(),
           "Flat, as pyspiel's: the planes of observation() from ``player``'s view (0 = X, 1 = O; "
           "None = the side to move), own stones, opponent stones, empty, own moves, opponent "
           "moves, X to move; reshape to observation_tensor_shape() = [6, N, N]. The side to "
           "move's move plane is its legal set, the other side's rule 3.")
      .def("observation_tensor_shape", [](const PyGame& g) { return std::vector<int>{6, g->size(), g->size()}; },
           "[6, N, N].")
      .def("observation_string",
           [](const PyGame& g, const py::object& player) {
             player_color(*g, player, "observation_string: player");
             return g->position().diagram();  // perfect information: the same for both players
           },
           py::arg("player") = py::none(), "The board diagram (the same for both players).")
      .def("serialize",
           [](const PyGame& g) { return format_record(g->start_position(), g->moves()); },
           "The start position and the moves, as a game record; Game.deserialize() reads it.");
}

}  // namespace

void bind_state_api(py::class_<PyGame>& cls) {
  bind_actions(cls);
  bind_turns(cls);
  bind_history(cls);
  bind_observations(cls);
}

}  // namespace tanbo::python
