"""tanbo.Game as a pyspiel.State and tanbo.openspiel.TanboGame as a pyspiel.Game, with pyspiel's
signatures and return types, checked the way pyspiel.random_sim_test checks a game; and
tanbo.openspiel.register() against a stand-in pyspiel module with the real one's constructor
signatures (GameType, GameInfo, Game(game_type, game_info, params), State(game),
register_game(game_type, cls), load_game("name(param=value)")). The real OpenSpiel is not in
Debian; python/README.md says which version was tried by hand and how."""

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


STAND_IN = textwrap.dedent('''
    """A stand-in for pyspiel with what the real one (OpenSpiel 2.0.1, python/pybind11/pyspiel.cc
    and python_games.cc) does for a Python game: constructor signatures, the observer calls
    make_py_observer(iig_obs_type, params) / make_py_observer(params), clone as a new initial state
    with the Python attributes deep-copied, serialize as the pickled attributes, a base
    State keeping history and move number, and random_sim_test's checks."""
    import base64, copy, enum, pickle, random

    class PlayerId:
        TERMINAL = -4
        CHANCE = -1

    class SpielError(RuntimeError):
        pass

    class IIGObservationType:
        def __init__(self, public_info=True, *, perfect_recall, private_info=None):
            self.public_info, self.perfect_recall, self.private_info = public_info, perfect_recall, private_info

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
                     parameter_specification={}, default_loadable=True,
                     provides_factored_observation_string=False, action_structs_only=False):
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
        def utility_sum(self): return self._info.utility_sum
        def max_game_length(self): return self._info.max_game_length
        def _observer(self, perfect_recall):
            return self.make_py_observer(IIGObservationType(perfect_recall=perfect_recall), {})
        def observation_tensor_size(self):
            return len(self._observer(False).tensor)
        def deserialize_state(self, text):
            state = self.new_initial_state()
            head, move_number, attrs = text.split("\\n", 2)
            state._history = [int(a) for a in head.split(",") if a]
            state._move_number = int(move_number)
            for k, v in pickle.loads(base64.b64decode(attrs)).items():
                setattr(state, k, v)
            return state

    _BASE = ("_game", "_history", "_move_number")  # what the real State keeps on its C++ side

    class State:
        def __init__(self, game):
            assert isinstance(game, Game)
            self._game, self._history, self._move_number = game, [], 0
        def get_game(self): return self._game
        def _python_attrs(self):
            return {k: v for k, v in self.__dict__.items() if k not in _BASE}
        def history(self): return list(self._history)
        def move_number(self): return self._move_number
        def legal_actions(self, player=None):
            if self.is_terminal(): return []
            player = self.current_player() if player is None else player
            if player == self.current_player(): return self._legal_actions(player)
            if player < 0: raise SpielError(f"Called LegalActions for pseudo-player {player}")
            return []
        def apply_action(self, action):
            player = self.current_player()
            self._apply_action(action)
            self._history.append(action)
            self._move_number += 1
        def action_to_string(self, player, action): return self._action_to_string(player, action)
        def is_chance_node(self): return False
        def chance_outcomes(self):  # pure virtual in the real one: a Python state must define it
            raise RuntimeError('Tried to call pure virtual function "State::chance_outcomes"')
        def rewards(self):
            return self.returns() if self.is_terminal() else [0.0] * self._game.num_players()
        def clone(self):
            rv = self._game.new_initial_state()
            for k, v in self._python_attrs().items():
                setattr(rv, k, copy.deepcopy(v))
            rv._history, rv._move_number = list(self._history), self._move_number
            return rv
        def serialize(self):
            attrs = base64.b64encode(pickle.dumps(self._python_attrs())).decode()
            return ",".join(map(str, self._history)) + f"\\n{self._move_number}\\n" + attrs
        def observation_tensor(self, player):
            observer = self._game._observer(False)
            observer.set_from(self, player)
            return [float(x) for x in observer.tensor]
        def observation_string(self, player):
            return self._game._observer(False).string_from(self, player)
        def information_state_string(self, player):
            return self._game._observer(True).string_from(self, player)

    _registry = {}

    def register_game(game_type, creator):
        assert isinstance(game_type, GameType) and callable(creator)
        assert game_type.short_name not in _registry, "registered twice"
        _registry[game_type.short_name] = (game_type, creator)

    def load_game(name):
        head, _, rest = name.partition("(")
        params = dict(kv.split("=", 1) for kv in rest.rstrip(")").split(",") if kv)
        game_type, creator = _registry[head]
        game = creator({**game_type.parameter_specification, **params})
        assert isinstance(game, Game)
        return game

    def random_sim_test(game, num_sims, serialize, verbose, seed=0):
        """The real one's checks on a sequential, deterministic, terminal-reward game."""
        rng = random.Random(seed)
        assert game.min_utility() < game.max_utility()
        for _ in range(num_sims):
            state = game.new_initial_state()
            while not state.is_terminal():
                player = state.current_player()
                legal = state.legal_actions()
                assert legal == sorted(set(legal)) and state.legal_actions(1 - player) == []
                names = [state.action_to_string(player, a) for a in legal]
                assert len(set(names)) == len(names), "duplicate action strings"
                copy_ = state.clone()
                assert str(copy_) == str(state) and copy_.history() == state.history()
                n = len(state.history())
                if serialize and (n < 10 or n & (n - 1) == 0):
                    again = game.deserialize_state(state.serialize())
                    assert str(again) == str(state) and again.history() == state.history()
                for p in range(game.num_players()):
                    assert len(state.observation_tensor(p)) == game.observation_tensor_size()
                    state.information_state_string(p), state.observation_string(p)
                assert state.rewards() == [0.0] * game.num_players() and state.chance_outcomes() == []
                state.apply_action(rng.choice(legal))
            assert state.current_player() == PlayerId.TERMINAL
            assert sum(state.returns()) == game.utility_sum() and state.rewards() == state.returns()
            assert state.move_number() <= game.max_game_length()
''')

DRIVER = textwrap.dedent('''
    import random, pyspiel, tanbo.openspiel as tos
    cls = tos.register()
    assert tos.register() is cls  # a second call does not register twice
    for variant in ("lattice-5", "lattice-9", "classic"):
        game = pyspiel.load_game(f"python_tanbo(variant={variant})")
        assert game.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
        rng = random.Random(1)
        for _ in range(3):
            state = game.new_initial_state()
            assert isinstance(state, pyspiel.State) and isinstance(state.game, tos.tanbo.Game)
            while not state.is_terminal():
                player = state.current_player()
                assert len(state.observation_tensor(player)) == 6 * state.game.size ** 2
                assert state.information_state_string(player) == state.game.history_str()
                assert state.observation_string(player) == state.game.observation_string(player)
                action = rng.choice(state.legal_actions(player))
                assert state.action_to_string(player, action) == state.game.action_to_string(action)
                state.apply_action(action)
                clone = state.clone()
                assert clone.game == state.game and clone.game is not state.game
                assert clone.history() == state.history() == state.game.history()
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
