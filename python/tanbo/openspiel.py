"""Tanbo for OpenSpiel: TanboGame speaks pyspiel.Game's interface and its states are plain
tanbo.Game objects (which speak pyspiel.State's: legal_actions(player), apply_action,
string_to_action(player, name), observation_tensor (flat), legal_actions_mask, returns, rewards,
undo_action(player, action), ...), so OpenSpiel-style Python code such as
open_spiel.python.algorithms.mcts.MCTSBot takes them as they are.

register() registers the game with pyspiel.register_game as "python_tanbo" (parameter
``variant``, default lattice-9) when pyspiel imports, for OpenSpiel's C++-side tools
(pyspiel.load_game("python_tanbo(variant=lattice-7)"), pyspiel.random_sim_test, the C++ bots):
pyspiel's own registry only holds pyspiel.State subclasses, so that path wraps each tanbo.Game in
a small pyspiel.State subclass forwarding to it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Optional

import numpy as np

import tanbo

__all__ = ["GAME_NAME", "TanboGame", "game_type", "load_game", "register"]

GAME_NAME = "python_tanbo"
DEFAULT_VARIANT = "lattice-9"
TERMINAL = -4  # pyspiel.PlayerId.TERMINAL, what Game.current_player() returns once over


def _type_fields() -> dict:
    """pyspiel.GameType's fields (their enum members are named as strings when pyspiel is absent)."""
    return dict(short_name=GAME_NAME, long_name="Tanbo (tanbo's C++ engines)", max_num_players=2,
                min_num_players=2, provides_information_state_string=True,
                provides_information_state_tensor=False, provides_observation_string=True,
                provides_observation_tensor=True,
                parameter_specification={"variant": DEFAULT_VARIANT})


def game_type():
    """The game's pyspiel.GameType (a namespace with the same fields without pyspiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return SimpleNamespace(dynamics="SEQUENTIAL", chance_mode="DETERMINISTIC",
                               information="PERFECT_INFORMATION", utility="ZERO_SUM",
                               reward_model="TERMINAL", **_type_fields())
    t = pyspiel.GameType
    return t(dynamics=t.Dynamics.SEQUENTIAL, chance_mode=t.ChanceMode.DETERMINISTIC,
             information=t.Information.PERFECT_INFORMATION, utility=t.Utility.ZERO_SUM,
             reward_model=t.RewardModel.TERMINAL, **_type_fields())


def _variant(params: Optional[dict]) -> str:
    params = dict(params or {})
    variant = str(params.pop("variant", DEFAULT_VARIANT))
    if params:
        raise ValueError(f"{GAME_NAME}: unknown parameters {sorted(params)}; the only one is 'variant'")
    return variant


def _info(variant: str) -> dict:
    """pyspiel.GameInfo's fields for ``variant``."""
    g = tanbo.Game(variant)
    return dict(num_distinct_actions=g.num_distinct_actions(), max_chance_outcomes=0, num_players=2,
                min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                max_game_length=g.max_game_length())


class TanboGame:
    """pyspiel.Game's interface; new_initial_state() is a tanbo.Game (a pyspiel-style state)."""

    def __init__(self, params: Optional[dict] = None):
        self.variant = _variant(params)
        self._info = _info(self.variant)
        self._start = tanbo.Game(self.variant)

    def get_type(self):
        return game_type()

    def get_parameters(self) -> dict:
        return {"variant": self.variant}

    def new_initial_state(self) -> tanbo.Game:
        return self._start.clone()

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return self._info["num_distinct_actions"]

    def max_chance_outcomes(self) -> int:
        return 0

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        return 0.0

    def max_game_length(self) -> int:
        return self._info["max_game_length"]

    def max_move_number(self) -> int:
        return self._info["max_game_length"]

    def observation_tensor_shape(self) -> list:
        return self._start.observation_tensor_shape()

    def observation_tensor_size(self) -> int:
        return int(np.prod(self.observation_tensor_shape()))

    def policy_tensor_shape(self) -> list:
        return [self.num_distinct_actions()]

    def deserialize_state(self, text: str) -> tanbo.Game:
        return tanbo.Game.deserialize(text)

    def __str__(self) -> str:
        return f"{GAME_NAME}(variant={self.variant})"

    __repr__ = __str__

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, TanboGame) and other.variant == self.variant

    def __hash__(self) -> int:
        return hash((GAME_NAME, self.variant))


def load_game(name: str = GAME_NAME) -> TanboGame:
    """pyspiel.load_game's syntax without pyspiel: "python_tanbo" or "python_tanbo(variant=V)"."""
    head, _, rest = name.partition("(")
    if head != GAME_NAME or (rest and not rest.endswith(")")):
        raise ValueError(f"load_game: expected '{GAME_NAME}' or '{GAME_NAME}(variant=...)', not {name!r}")
    params = dict(kv.split("=", 1) for kv in rest[:-1].split(",") if kv) if rest else {}
    return TanboGame(params)


def register():
    """Registers "python_tanbo" with pyspiel.register_game; returns the registered game class.
    ImportError when pyspiel does not import. Registering twice is harmless."""
    import pyspiel  # type: ignore[import-not-found]

    registered = getattr(pyspiel, "_tanbo_game_class", None)
    if registered is not None:
        return registered

    class Observer:
        """OpenSpiel's PyObserver interface: the flat planes of Game.observation_tensor, and as
        string the tanbo.Game's information_state_string for a perfect-recall observer (pyspiel's
        information_state_string goes through one) or its observation_string otherwise, so the
        registered state answers as the bare tanbo.Game does."""

        def __init__(self, game, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"{GAME_NAME}: observation parameters are not supported: {params}")
            shape = game.observation_tensor_shape()
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}
            self._recall = bool(getattr(iig_obs_type, "perfect_recall", False))

        def set_from(self, state, player):
            self.tensor[:] = state.game.observation_tensor(player)

        def string_from(self, state, player):
            if self._recall:
                return state.game.information_state_string(player)
            return state.game.observation_string(player)

    class State(pyspiel.State):
        """pyspiel.State forwarding to a tanbo.Game (``game``): pyspiel's registry needs its own
        class; every answer is the tanbo.Game's."""

        def __init__(self, pygame, game: Optional[tanbo.Game] = None):
            super().__init__(pygame)
            self.game = game if game is not None else tanbo.Game(pygame.variant)

        def current_player(self):
            return self.game.current_player()

        def _legal_actions(self, player):
            return self.game.legal_actions(player)

        def _apply_action(self, action):
            self.game.apply_action(int(action))

        def _action_to_string(self, player, action):
            return self.game.action_to_string(player, int(action))

        def is_terminal(self):
            return self.game.is_terminal()

        def returns(self):
            return self.game.returns()

        def chance_outcomes(self):  # pure virtual in pyspiel's State for Python games
            return self.game.chance_outcomes()

        def __str__(self):
            return str(self.game)

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            self.variant = _variant(params)
            super().__init__(game_type(), pyspiel.GameInfo(**_info(self.variant)),
                             {"variant": self.variant})

        def new_initial_state(self):
            return State(self)

        def observation_tensor_shape(self):
            return tanbo.Game(self.variant).observation_tensor_shape()

        def make_py_observer(self, iig_obs_type=None, params=None):
            # pyspiel calls make_py_observer(iig_obs_type, params), or make_py_observer(params)
            # when it has no observation type
            if params is None and isinstance(iig_obs_type, dict):
                iig_obs_type, params = None, iig_obs_type
            return Observer(self, iig_obs_type, params)

    pyspiel.register_game(game_type(), Game)
    pyspiel._tanbo_game_class = Game
    return Game
