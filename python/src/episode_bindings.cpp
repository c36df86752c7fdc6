// tanbo._core.Episode and tanbo._core.opponent_action: the Python face of env::Episode
// (tanbo/env/episode.hpp: an environment episode's rules, the built-in opponents' choices),
// which tanbo.env's TanboEnv and its RandomPlayer, MCTSPlayer and PerfectPlayer call, and the
// solve counter of env::shared_solution for the tests. Nothing here decides a reward or a move.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "convert.hpp"
#include "py_game.hpp"
#include "tanbo/env/episode.hpp"
#include "tanbo/api/start.hpp"

namespace tanbo::python {
namespace {

/// The Python object: a built-in opponent's episode, or the agent's side and a Python callable
/// game -> action (the caller's opponent, called with the env's tanbo.Game).
struct PyEpisode {
  std::optional<env::Episode> builtin;
  Color agent = Color::Black;
  py::object custom;
};

/// The built-in opponent from the keyword arguments.
env::Opponent opponent_of(py::handle mcts_playouts, py::handle solution, const char* what) {
  env::Opponent opponent;
  opponent.mcts_playouts =
      static_cast<int>(to_uint64(py::reinterpret_borrow<py::object>(mcts_playouts), 0, 1u << 24, what));
  if (!solution.is_none()) opponent.perfect = solution_of(solution, what);
  return opponent;
}

py::tuple as_tuple(const env::StepResult& r) { return py::make_tuple(r.reward, r.terminated, r.illegal); }

/// Runs `f(episode)` on the episode that plays `game` (the callable's wraps `game_obj`).
template <class F>
env::StepResult run(const PyEpisode& e, const py::object& game_obj, F&& f) {
  if (e.builtin) return f(*e.builtin);
  const env::Episode episode(e.agent, [&](const AnyGame&) { return py::int_(e.custom(game_obj)).template cast<long long>(); });
  return f(episode);
}

}  // namespace

void bind_episode(py::module_& m) {
  py::class_<PyEpisode>(m, "Episode", R"(An environment episode's rules (env::Episode): the agent
plays ``agent`` ('X' or 'O') from ``start`` against the built-in opponent (random; MCTS with
``mcts_playouts`` > 0; perfect play from ``solution``) or against ``opponent``, a callable
game -> action. reset() and step() play on a tanbo.Game the caller owns, drawing the opponent's
choices from a tanbo.Rng the caller owns, and return (reward, terminated, illegal). The engine of
tanbo.env.TanboEnv (use that).)")
      .def(py::init([](const std::string& start, py::handle agent, py::handle mcts_playouts, py::handle solution,
                       py::handle opponent) {
             auto out = std::make_unique<PyEpisode>();
             out->agent = to_color(agent, "Episode: agent");
             if (opponent.is_none()) {
               out->builtin.emplace(api::read_start(start), out->agent,
                                    opponent_of(mcts_playouts, solution, "Episode: mcts_playouts"));
             } else {
               if (!solution.is_none() || !py::int_(py::reinterpret_borrow<py::object>(mcts_playouts)).equal(py::int_(0)))
                 throw UsageError("Episode: a callable opponent takes no mcts_playouts or solution");
               out->custom = py::reinterpret_borrow<py::object>(opponent);
             }
             return out;
           }),
           py::arg("start"), py::arg("agent") = "X", py::arg("mcts_playouts") = 0, py::arg("solution") = py::none(),
           py::arg("opponent") = py::none())
      .def(
          "reset",
          [](const PyEpisode& e, py::object game, PyRng& rng) {
            PyGame& g = game.cast<PyGame&>();
            return as_tuple(run(e, game, [&](const env::Episode& ep) { return ep.reset(*g, rng.get()); }));
          },
          py::arg("game"), py::arg("rng"),
          "Starts the episode on ``game`` (at its start): the opponent opens when it is to move.")
      .def(
          "step",
          [](const PyEpisode& e, py::object game, py::object action, PyRng& rng) {
            PyGame& g = game.cast<PyGame&>();
            const long long a = py::int_(action).cast<long long>();
            return as_tuple(run(e, game, [&](const env::Episode& ep) { return ep.step(*g, a, rng.get()); }));
          },
          py::arg("game"), py::arg("action"), py::arg("rng"),
          "Plays the agent's action and the opponent's answer; an illegal action ends the episode "
          "with reward -1 and the game unchanged.");
  m.def(
      "opponent_action",
      [](const PyGame& game, PyRng& rng, py::handle mcts_playouts, py::handle solution) {
        return env::opponent_action(*game, opponent_of(mcts_playouts, solution, "opponent_action: mcts_playouts"),
                                    rng.get());
      },
      py::arg("game"), py::arg("rng"), py::arg("mcts_playouts") = 0, py::arg("solution") = py::none(),
      "The built-in opponent's move in ``game`` as an action (env::opponent_action): random, MCTS "
      "with ``mcts_playouts`` > 0, or perfect play from ``solution``.");
  m.attr("MAX_STRONG_SIZE") = api::kMaxStrongSize;  // the strong solver's largest board side
  m.attr("ILLEGAL_REWARD") = env::kIllegalReward;  // PettingZoo's env: the mover's reward for an illegal action
  m.def(
      "_shared_solution_solves",
      [](const std::optional<std::string>& start) {
        return start ? env::shared_solution_solves(api::read_start(*start)) : env::shared_solution_solves();
      },
      py::arg("start") = py::none(),
      "How many strong solves Solution.shared() has run in this process, in all or of ``start`` "
      "(for the tests).");
}

}  // namespace tanbo::python
