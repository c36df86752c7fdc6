"""tanbo.Game as a pyspiel.State and tanbo.openspiel.TanboGame as a pyspiel.Game, with pyspiel's
signatures and return types, checked the way pyspiel.random_sim_test checks a game; and
tanbo.openspiel.register() against a stand-in pyspiel module with the real one's constructor
signatures (GameType, GameInfo, Game(game_type, game_info, params), State(game),
register_game(game_type, cls), load_game("name(param=value)")). The real OpenSpiel is not in
Debian; python/README.md says which version was tried by hand and how."""

import copy
import importlib.util
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tanbo
from tanbo import openspiel

VARIANTS = ["lattice-5", "lattice-9", "classic"]


def random_sim(game, seed, undo_checks=True):
    """pyspiel.random_sim_test's checks on one random game, through the pyspiel API only."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    assert state.is_initial_state() and state.move_number() == 0 and state.history_str() == ""
    n_actions, shape = game.num_distinct_actions(), game.observation_tensor_shape()
    assert game.observation_tensor_size() == int(np.prod(shape))
    while not state.is_terminal():
        assert state.is_player_node() and not state.is_chance_node() and not state.is_simultaneous_node()
        assert state.chance_outcomes() == []
        player = state.current_player()
        legal = state.legal_actions(player)
        assert legal == state.legal_actions() == sorted(legal) and legal
        assert state.legal_actions(1 - player) == []
        mask = state.legal_actions_mask(player)
        assert len(mask) == n_actions and all(type(m) is int for m in mask)
        assert [a for a, m in enumerate(mask) if m] == legal and not any(state.legal_actions_mask(1 - player))
        for p in (0, 1):
            obs = state.observation_tensor(p)
            assert obs.shape == (game.observation_tensor_size(),) and obs.dtype == np.float32
            assert state.information_state_string(p) == state.history_str()
            assert isinstance(state.observation_string(p), str)
        assert state.rewards() == [0.0, 0.0] and state.player_return(player) == 0.0
        action = int(rng.choice(legal))
        name = state.action_to_string(player, action)
        assert state.string_to_action(player, name) == action == state.string_to_action(name)
        child = state.clone()
        child.apply_action(action)
        assert child.history() == state.history() + [action] and child.move_number() == state.move_number() + 1
        if undo_checks:
            child.undo_action(player, action)
            assert child == state and child.history_str() == state.history_str()
        state.apply_action(action)
    assert state.current_player() == openspiel.TERMINAL and not state.is_player_node()
    returns = state.returns()
    assert sum(returns) == game.utility_sum() and set(returns) == {game.min_utility(), game.max_utility()}
    assert state.rewards() == returns and [state.player_return(p) for p in (0, 1)] == returns
    assert state.legal_actions() == [] and state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert state.legal_actions(state.current_player()) == []
    assert state.move_number() <= game.max_game_length()
    assert game.deserialize_state(state.serialize()) == state
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_and_states_speak_pyspiel(variant):
    game = openspiel.load_game(f"python_tanbo(variant={variant})")
    assert game == openspiel.TanboGame({"variant": variant}) and str(game) == f"python_tanbo(variant={variant})"
    assert game.get_parameters() == {"variant": variant} and game.num_players() == 2
    t = game.get_type()
    assert (t.short_name, t.dynamics, t.reward_model, t.utility) == ("python_tanbo", "SEQUENTIAL", "TERMINAL", "ZERO_SUM")
    n = tanbo.Game(variant).size
    assert game.num_distinct_actions() == n * n and game.observation_tensor_shape() == [6, n, n]
    assert game.max_chance_outcomes() == 0 and game.policy_tensor_shape() == [n * n]
    assert isinstance(game.new_initial_state(), tanbo.Game)  # no proxy: the state is a tanbo.Game
    lengths = [random_sim(game, seed, undo_checks=variant != "classic").move_number() for seed in range(3)]
    assert len(set(lengths)) > 1


def test_undo_action_checks_its_arguments():
    g = tanbo.Game("lattice-5")
    a = g.legal_actions()[0]
    g.apply_action(a)
    for player, action, match in [(1, a, "by player 0"), (0, a + 1, f"was {a}")]:
        with pytest.raises(tanbo.UsageError, match=match):
            g.undo_action(player, action)
    assert g.ply == 1
    with pytest.raises(TypeError):
        g.legal_actions("X")  # pyspiel's players are ints
    # pyspiel's rule: a player that is not current_player() has no legal actions
    assert g.legal_actions(7) == g.legal_actions(openspiel.TERMINAL) == [] and not any(g.legal_actions_mask(-1))
    g.undo_action(0, a)
    with pytest.raises(tanbo.UsageError, match="no move"):
        g.undo_action(0, a)


def test_load_game_errors():
    for name, match in [("tic_tac_toe", "expected"), ("python_tanbo(size=5)", "unknown parameters"),
                        ("python_tanbo(variant=hex-3)", "")]:
        with pytest.raises(ValueError, match=match):
            openspiel.load_game(name)


def test_mcts_in_pyspiel_style_on_tanbo_game():
    """open_spiel.python.algorithms.mcts's RandomRolloutEvaluator loop, verbatim in spirit:
    clone, is_chance_node, legal_actions, apply_action of numpy ints, returns."""
    game = openspiel.TanboGame({"variant": "lattice-5"})
    rs = np.random.RandomState(0)
    state = game.new_initial_state()
    working = state.clone()
    while not working.is_terminal():
        assert not working.is_chance_node()
        working.apply_action(rs.choice(working.legal_actions()))  # numpy.int64, as MCTSBot passes
    assert np.array(working.returns()).sum() == 0 and state.move_number() == 0
    assert copy.deepcopy(working) == working


STAND_IN = textwrap.dedent('''
    """A stand-in for pyspiel with the real module's signatures for what python games use."""
    import copy, enum

    class PlayerId:
        TERMINAL = -4
        CHANCE = -1

    class GameType:
        class Dynamics(enum.Enum):
            SEQUENTIAL = 1
            SIMULTANEOUS = 2
        class ChanceMode(enum.Enum):
            DETERMINISTIC = 1
            EXPLICIT_STOCHASTIC = 2
        class Information(enum.Enum):
            PERFECT_INFORMATION = 1
            IMPERFECT_INFORMATION = 2
        class Utility(enum.Enum):
            ZERO_SUM = 1
            GENERAL_SUM = 2
        class RewardModel(enum.Enum):
            TERMINAL = 1
            REWARDS = 2

        def __init__(self, *, short_name, long_name, dynamics, chance_mode, information, utility,
                     reward_model, max_num_players, min_num_players,
                     provides_information_state_string, provides_information_state_tensor,
                     provides_observation_string, provides_observation_tensor,
                     parameter_specification, default_loadable=True, provides_factored_observation_string=False):
            assert isinstance(dynamics, GameType.Dynamics) and isinstance(reward_model, GameType.RewardModel)
            assert isinstance(chance_mode, GameType.ChanceMode) and isinstance(utility, GameType.Utility)
            assert isinstance(information, GameType.Information) and isinstance(parameter_specification, dict)
            self.__dict__.update(locals())

    class GameInfo:
        def __init__(self, *, num_distinct_actions, max_chance_outcomes, num_players, min_utility,
                     max_utility, utility_sum=None, max_game_length):
            assert isinstance(num_distinct_actions, int) and isinstance(max_game_length, int)
            self.__dict__.update(locals())

    class Game:
        def __init__(self, game_type, game_info, params):
            assert isinstance(game_type, GameType) and isinstance(game_info, GameInfo)
            assert set(params) <= set(game_type.parameter_specification), params
            self._type, self._info, self._params = game_type, game_info, params
        def get_type(self): return self._type
        def get_parameters(self): return dict(self._params)
        def num_distinct_actions(self): return self._info.num_distinct_actions
        def num_players(self): return self._info.num_players
        def min_utility(self): return self._info.min_utility
        def max_utility(self): return self._info.max_utility
        def max_game_length(self): return self._info.max_game_length

    class State:
        def __init__(self, game):
            assert isinstance(game, Game)
            self._game = game
        def get_game(self): return self._game
        def legal_actions(self, player=None):
            if self.is_terminal(): return []
            player = self.current_player() if player is None else player
            return self._legal_actions(player) if player == self.current_player() else []
        def apply_action(self, action):
            assert action in self.legal_actions(), (action, self.legal_actions())
            self._apply_action(action)
        def action_to_string(self, player, action): return self._action_to_string(player, action)
        def is_chance_node(self): return False
        def clone(self): return copy.deepcopy(self)
        def observation_tensor(self, player):
            observer = self._game.make_py_observer()
            observer.set_from(self, player)
            return list(observer.tensor)
        def observation_string(self, player):
            return self._game.make_py_observer().string_from(self, player)

    _registry = {}

    def register_game(game_type, game_class):
        assert isinstance(game_type, GameType) and issubclass(game_class, Game)
        assert game_type.short_name not in _registry, "registered twice"
        _registry[game_type.short_name] = (game_type, game_class)

    def load_game(name):
        head, _, rest = name.partition("(")
        params = dict(kv.split("=", 1) for kv in rest.rstrip(")").split(",") if kv)
        game_type, cls = _registry[head]
        return cls({**game_type.parameter_specification, **params})
''')

DRIVER = textwrap.dedent('''
    import random, pyspiel, tanbo.openspiel as tos
    cls = tos.register()
    assert tos.register() is cls  # a second call does not register twice
    for variant in ("lattice-5", "lattice-9", "classic"):
        game = pyspiel.load_game(f"python_tanbo(variant={variant})")
        assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
        rng = random.Random(1)
        for _ in range(3):
            state = game.new_initial_state()
            assert isinstance(state, pyspiel.State) and isinstance(state.game, tos.tanbo.Game)
            while not state.is_terminal():
                player = state.current_player()
                assert len(state.observation_tensor(player)) == 6 * state.game.size ** 2
                action = rng.choice(state.legal_actions(player))
                assert state.action_to_string(player, action) == state.game.action_to_string(action)
                state.apply_action(action)
                clone = state.clone()
                assert clone.game == state.game and clone.game is not state.game
            assert sorted(state.returns()) == [-1.0, 1.0] and state.current_player() == pyspiel.PlayerId.TERMINAL
    print("ok", game, game.num_distinct_actions(), game.max_game_length())
''')


def test_register_with_a_stand_in_pyspiel(tmp_path):
    (tmp_path / "pyspiel.py").write_text(STAND_IN)
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    run = subprocess.run([sys.executable, "-c", DRIVER], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": path})
    assert run.returncode == 0 and run.stdout.startswith("ok "), run.stdout + run.stderr


def test_register_without_pyspiel_says_so():
    if importlib.util.find_spec("pyspiel") is not None:
        pytest.skip("a pyspiel is importable here")
    with pytest.raises(ImportError, match="pyspiel"):
        openspiel.register()
