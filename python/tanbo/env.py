"""Reinforcement-learning environments for Tanbo, without any dependency beyond numpy.

* TanboEnv: Gymnasium-style single-agent environment; the agent plays one side against a
  built-in opponent (RandomPlayer, MCTSPlayer, PerfectPlayer or any callable game -> action).
* TanboAECEnv: PettingZoo-AEC-style two-player environment (agents "player_0" = X and
  "player_1" = O), with PettingZoo's methods and semantics: agent_iter(), last(), observe(),
  dead steps with action None, action_mask in every observation; optionally one seat played by a
  built-in opponent (opponent=..., opponent_agent=...).

The rules of an episode (the opponents' choices, the rewards, an illegal action ending the episode,
who moves when) are the C++ api's (tanbo/env/episode.hpp, bound as tanbo._core.Episode and
tanbo._core.opponent_action), which tanbo.vector's batch steps by too; this module adds what
Gymnasium and PettingZoo require (spaces, seeding, observations and infos, rendering).

opponent="perfect" (TanboEnv, TanboAECEnv, tanbo.vector.TanboVectorEnv) is perfect play from a
solved start (PerfectPlayer over a tanbo.Solution): pass solution= (Solution.open(path) of a table
that holds the start), or let the environment solve the start on demand (boards up to
tanbo.MAX_STRONG_SIZE within Solution.solve's default max_classes: lattice-5 takes about 5 s),
once per process: every environment that asks for the same start plays from the one table
Solution.shared(start) keeps. Anything else is refused with UsageError (classic 19x19: no table;
dense-5: too many positions to solve on demand, open its table).

Gymnasium and PettingZoo are optional: when gymnasium is importable, the spaces are gymnasium
spaces, TanboEnv derives from gymnasium.Env (seeded through its reset(seed=) and np_random) and
is registered as "tanbo/Tanbo-v0"; when pettingzoo is importable, TanboAECEnv derives from
pettingzoo.AECEnv and env() wraps it in PettingZoo's standard wrappers. Otherwise small spaces
with the same interface (Discrete, Box, Dict: sample(mask), contains, seed) stand in, and the
seeding follows Gymnasium's rule (the same seed gives the same numpy stream as Gymnasium's).
The tests run Gymnasium's check_env and PettingZoo's api_test, seed_test and state_test on
these classes whenever the libraries import.

Actions are ints y * N + x (Game.apply_action). Observations are dicts
{"observation": float32 (6, N, N) from the observing side's view (Game.observation_tensor),
"action_mask": int8 (N*N,), 1 where legal for the observing side when it is to move}.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable, Iterator, Optional, Union

import numpy as np

import tanbo
from tanbo import _core

try:  # optional: real Gymnasium spaces and registration when installed
    import gymnasium as _gym  # type: ignore[import-not-found]
except ImportError:
    _gym = None
try:  # optional: PettingZoo's AECEnv base class when installed
    import pettingzoo as _pz  # type: ignore[import-not-found]
except ImportError:
    _pz = None

__all__ = [
    "Box",
    "Dict",
    "Discrete",
    "MCTSPlayer",
    "PerfectPlayer",
    "RandomPlayer",
    "TanboAECEnv",
    "TanboEnv",
    "aec_env",
    "env",
    "perfect_solution",
]

# ---------------------------------------------------------------------------------------------
# Spaces: Gymnasium's when available, otherwise these minimal stand-ins with the same calls.


class Discrete:
    """Integers 0..n-1 (gymnasium.spaces.Discrete's interface)."""

    def __init__(self, n: int, seed: Optional[int] = None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.dtype(np.int64)
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> list:
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        """A uniform element; with an int8 ``mask`` of length n, one where mask is 1."""
        if mask is None:
            return int(self.np_random.integers(self.n))
        allowed = np.flatnonzero(np.asarray(mask, dtype=np.int8) == 1)
        if allowed.size == 0:
            return 0  # Gymnasium's choice for an all-zero mask
        return int(self.np_random.choice(allowed))

    def contains(self, x: Any) -> bool:
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, (int, np.integer)) or (isinstance(x, np.ndarray) and x.shape == ()
                                                 and np.issubdtype(x.dtype, np.integer)):
            return 0 <= int(x) < self.n
        return False

    __contains__ = contains

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


class Box:
    """An array of fixed shape and dtype with bounds (gymnasium.spaces.Box's interface)."""

    def __init__(self, low: float, high: float, shape: tuple, dtype: Any = np.float32,
                 seed: Optional[int] = None):
        self.low, self.high = low, high
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> list:
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self) -> np.ndarray:
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high + 1, self.shape).astype(self.dtype)
        return self.np_random.uniform(self.low, self.high, self.shape).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        return (isinstance(x, np.ndarray) and x.shape == self.shape and x.dtype == self.dtype
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    __contains__ = contains

    def __repr__(self) -> str:
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class Dict:
    """A dict of named spaces (gymnasium.spaces.Dict's interface)."""

    def __init__(self, spaces: dict, seed: Optional[int] = None):
        self.spaces = dict(spaces)
        if seed is not None:
            self.seed(seed)

    def seed(self, seed: Optional[int] = None) -> list:
        return [s.seed(None if seed is None else seed + i) for i, s in enumerate(self.spaces.values())]

    def sample(self) -> dict:
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    __contains__ = contains

    def __getitem__(self, key: str):
        return self.spaces[key]

    def __repr__(self) -> str:
        return f"Dict({self.spaces!r})"


def _space_classes():
    """(Box, Discrete, Dict): Gymnasium's when it imports, else the stand-ins above."""
    if _gym is not None:
        return _gym.spaces.Box, _gym.spaces.Discrete, _gym.spaces.Dict
    return Box, Discrete, Dict


def _spaces(n: int):
    """New (observation space, action space) objects for an N x N board (each call makes its
    own: agents must not share a space, or seeding one seeds the other)."""
    box, disc, dct = _space_classes()
    obs = dct({
        "observation": box(low=0, high=1, shape=(6, n, n), dtype=np.float32),
        "action_mask": box(low=0, high=1, shape=(n * n,), dtype=np.int8),
    })
    return obs, disc(n * n)


def _state_space(n: int):
    """The global state's space: the (6, N, N) planes from X's side."""
    box, _, _ = _space_classes()
    return box(low=0, high=1, shape=(6, n, n), dtype=np.float32)


# ---------------------------------------------------------------------------------------------
# Built-in opponents: callables game -> action that never change the game they are given. Each
# holds its seeded tanbo.Rng and asks the C++ episode rules for its move
# (tanbo._core.opponent_action: env::opponent_action, tanbo/env/episode.hpp).


class RandomPlayer:
    """The random opponent with its own tanbo.Rng (the episode rules' choice, the same move as
    Game.random_move with that generator)."""

    def __init__(self, seed: int = 0):
        self.rng = tanbo.Rng(seed)

    def seed(self, seed: int) -> None:
        self.rng = tanbo.Rng(seed)

    def __call__(self, game: tanbo.Game) -> int:
        return _core.opponent_action(game, self.rng)


class MCTSPlayer:
    """The MCTS opponent with ``playouts`` simulations per move and its own tanbo.Rng (the
    episode rules' choice: Game.mcts_move seeded with one rng.next() per move), so a player's
    moves replay from ``seed``."""

    def __init__(self, playouts: int = 200, seed: int = 0):
        if playouts < 1:
            raise ValueError(f"MCTSPlayer: playouts must be >= 1, not {playouts}")
        self.playouts = playouts
        self.rng = tanbo.Rng(seed)

    def seed(self, seed: int) -> None:
        self.rng = tanbo.Rng(seed)

    def __call__(self, game: tanbo.Game) -> int:
        if game.is_terminal():
            raise tanbo.UsageError("MCTSPlayer: the game is over")
        return _core.opponent_action(game, self.rng, mcts_playouts=self.playouts)


class PerfectPlayer:
    """The perfect opponent from a solved start (a tanbo.Solution) with its own tanbo.Rng: the
    episode rules' choice among the moves that keep the position's value and perfect-play length
    (Solution.best_moves: the fastest win, the longest defence), the same choice tanbo.vector's
    C++ perfect opponent makes with the same seed, so a player's moves replay from ``seed``.
    Refuses (UsageError) a position the table does not hold."""

    def __init__(self, solution: tanbo.Solution, seed: int = 0):
        if not isinstance(solution, tanbo.Solution):
            raise TypeError(f"PerfectPlayer: solution must be a tanbo.Solution, not {type(solution).__name__}")
        self.solution = solution
        self.rng = tanbo.Rng(seed)

    def seed(self, seed: int) -> None:
        self.rng = tanbo.Rng(seed)

    def __call__(self, game: tanbo.Game) -> int:
        if game.is_terminal():
            raise tanbo.UsageError("PerfectPlayer: the game is over")
        try:
            return _core.opponent_action(game, self.rng, solution=self.solution)
        except tanbo.UsageError as e:
            raise tanbo.UsageError(f"PerfectPlayer: {e}") from None


def perfect_solution(start: str, solution: Optional[tanbo.Solution] = None) -> tanbo.Solution:
    """The table opponent="perfect" plays from in games from ``start`` (a variant name or a
    position string): ``solution`` when given, checked to hold the start (every position
    reachable from it is then held too); otherwise Solution.shared(start), solved once per
    process, for boards up to tanbo.MAX_STRONG_SIZE within Solution.solve's default
    max_classes. UsageError, saying what to do, for anything else."""
    game = tanbo.Game(start)
    if solution is not None:
        if not isinstance(solution, tanbo.Solution):
            raise TypeError(f"solution must be a tanbo.Solution, not {type(solution).__name__}")
        if solution.size != game.size:
            raise tanbo.UsageError(
                f"opponent='perfect': the table of {solution.start} is of a {solution.size}x{solution.size} "
                f"board, the start {start} of a {game.size}x{game.size} board")
        if not solution.probe(game).known:
            raise tanbo.UsageError(f"opponent='perfect': the table of {solution.start} does not hold the "
                                   f"start {start}")
        return solution
    largest = tanbo.MAX_STRONG_SIZE
    if game.size > largest:
        raise tanbo.UsageError(
            f"opponent='perfect' plays from a solved start, and {start} is {game.size}x{game.size}: "
            f"only boards up to {largest}x{largest} are solved (tanbo solve; docs/solutions.md)")
    try:
        return tanbo.Solution.shared(start)
    except tanbo.UsageError as e:
        raise tanbo.UsageError(
            f"opponent='perfect' cannot solve {start} on demand ({e}); solve it once with "
            f"`tanbo solve {start} --out FILE` and pass solution=tanbo.Solution.open(FILE)") from e


Opponent = Union[str, Callable[[tanbo.Game], int]]

# The built-in opponents, whose rules the C++ episode runs itself (a callable of the caller's is
# called back from C++ instead).
_BUILT_IN = (RandomPlayer, MCTSPlayer, PerfectPlayer)


def _episode_of(opponent, start: str, agent: str) -> "_core.Episode":
    """The C++ episode that steps against ``opponent`` (a built-in player's exact type, or any
    callable game -> action)."""
    if type(opponent) is RandomPlayer:
        return _core.Episode(start, agent)
    if type(opponent) is MCTSPlayer:
        return _core.Episode(start, agent, mcts_playouts=opponent.playouts)
    if type(opponent) is PerfectPlayer:
        return _core.Episode(start, agent, solution=opponent.solution)
    return _core.Episode(start, agent, opponent=opponent)


def _make_opponent(opponent: Opponent, seed: int, start: str, solution: Optional[tanbo.Solution] = None):
    if solution is not None and opponent != "perfect":
        raise ValueError(f"solution= is the table of opponent='perfect'; the opponent is {opponent!r}")
    if callable(opponent):
        return opponent
    if opponent == "random":
        return RandomPlayer(seed)
    if opponent == "mcts":
        return MCTSPlayer(seed=seed)
    if opponent == "perfect":
        return PerfectPlayer(perfect_solution(start, solution), seed)
    raise ValueError(f"opponent must be 'random', 'mcts', 'perfect' or a callable game -> action, not {opponent!r}")


# ---------------------------------------------------------------------------------------------
# Rendering: the library's own drawings (the text diagram and Game.svg()), nothing redrawn here.


_RENDER_MODES = ["ansi", "human", "svg"]


def _render(game: tanbo.Game, mode: Optional[str], name: str):
    """``mode`` "ansi": the diagram (str(game)); "svg": Game.svg(); "human": prints the diagram
    and returns None. Without a render mode: Gymnasium's behaviour, a warning and None."""
    if mode is None:
        message = (f"You are calling render method without specifying any render mode. You can "
                   f"specify the render_mode at initialization, e.g. {name}(render_mode=\"ansi\")")
        if _gym is not None:
            _gym.logger.warn(message)
        else:
            warnings.warn(message, UserWarning, stacklevel=3)
        return None
    if mode == "ansi":
        return str(game)
    if mode == "svg":
        return game.svg()
    print(game)  # "human"
    return None


def _check_render_mode(mode: Optional[str]) -> None:
    if mode is not None and mode not in _RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {_RENDER_MODES}, not {mode!r}")


def _winner_id(game: tanbo.Game) -> int:
    """info["winner"] as an int (-1: nobody yet, 0: X, 1: O), so infos batch into int arrays."""
    return {"X": 0, "O": 1}.get(game.winner, -1)


def _observe(game: tanbo.Game, player: int) -> dict:
    mask = game.legal_mask().astype(np.int8)
    if game.is_terminal() or game.current_player() != player:
        mask[:] = 0
    n = game.size
    return {"observation": game.observation_tensor(player).reshape(6, n, n), "action_mask": mask}


# ---------------------------------------------------------------------------------------------
# Gymnasium-style single-agent environment


class _SeededEnv:
    """gymnasium.Env's seeding when Gymnasium is absent: reset(seed=s) restarts np_random from
    s (the stream Gymnasium's seeding.np_random(s) gives); np_random starts from OS entropy."""

    _np_random: Optional[np.random.Generator] = None

    @property
    def np_random(self) -> np.random.Generator:
        if self._np_random is None:
            self._np_random = np.random.default_rng()
        return self._np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self._np_random = value

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._np_random = np.random.default_rng(seed)


_GymBase = _gym.Env if _gym is not None else _SeededEnv


class TanboEnv(_GymBase):
    """One side of Tanbo against a built-in opponent, with Gymnasium's API.

    reset(seed) -> (obs, info); step(action) -> (obs, reward, terminated, truncated, info).
    ``variant`` is a variant name or a position string (the side to move there moves first).
    ``opponent``: "random", "mcts", "perfect" (``solution``: see the module docstring) or a
    callable game -> action.
    The reward is +1 when the agent wins, -1 when it loses, 0 otherwise; truncated is always
    False (every game ends within Game.max_game_length() plies). An illegal action ends the
    episode with reward -1 and info["illegal_action"] = True (illegal_action="lose", the
    default) or raises tanbo.IllegalMoveError with the game unchanged (illegal_action="raise").
    info always carries "action_mask" (int8), "ply", "winner" (-1 while the game runs, 0 = X,
    1 = O) and "illegal_action" (bool): fixed types, so vector environments batch them.
    """

    metadata = {"render_modes": _RENDER_MODES, "render_fps": 4}

    def __init__(self, variant: str = "lattice-9", opponent: Opponent = "random", agent: str = "X",
                 engine: str = "optimized", illegal_action: str = "lose",
                 render_mode: Optional[str] = None, solution: Optional[tanbo.Solution] = None):
        if agent not in ("X", "O"):
            raise ValueError(f"agent must be 'X' or 'O', not {agent!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        _check_render_mode(render_mode)
        self.variant, self.engine, self.render_mode = variant, engine, render_mode
        self.illegal_action = illegal_action
        self.agent_player = 0 if agent == "X" else 1
        self.game = tanbo.Game(variant, engine=engine)
        self.opponent = _make_opponent(opponent, 0, variant, solution)
        self._episode = _episode_of(self.opponent, variant, agent)
        self._opponent_rng = tanbo.Rng(0)  # a callable opponent's stand-in: it draws nothing
        self.observation_space, self.action_space = _spaces(self.game.size)
        self._done = True

    def _obs_info(self, illegal_action: bool = False):
        obs = _observe(self.game, self.agent_player)
        info = {"action_mask": obs["action_mask"].copy(), "ply": self.game.ply,
                "winner": _winner_id(self.game), "illegal_action": illegal_action}
        return obs, info

    def _rng(self) -> tanbo.Rng:
        """The generator the built-in opponent draws its choices from (its own)."""
        return self.opponent.rng if type(self.opponent) in _BUILT_IN else self._opponent_rng

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """Starts a game; if the agent is O, the opponent has played its first move. ``seed``
        restarts np_random (Gymnasium's reset), which seeds the opponent (same seed and actions:
        same episode)."""
        super().reset(seed=seed, options=options)
        if hasattr(self.opponent, "seed"):
            self.opponent.seed(int(self.np_random.integers(2**63)))
        if seed is not None:
            self.action_space.seed(seed)
        self.game = tanbo.Game(self.variant, engine=self.engine)
        _, self._done, _ = self._episode.reset(self.game, self._rng())
        return self._obs_info()

    def step(self, action: int):
        if self._done:
            raise tanbo.UsageError("step: the episode is over; call reset()")
        if self.illegal_action == "raise" and not self.game.is_legal(action):
            self.game.apply_action(action)  # raises the engine's IllegalMoveError
        reward, self._done, illegal = self._episode.step(self.game, action, self._rng())
        obs, info = self._obs_info(illegal_action=illegal)
        return obs, reward, self._done, False, info

    def render(self):
        return _render(self.game, self.render_mode, "TanboEnv")

    def close(self) -> None:
        pass


# ---------------------------------------------------------------------------------------------
# PettingZoo-AEC-style two-player environment


_AECBase = _pz.AECEnv if _pz is not None else object


class TanboAECEnv(_AECBase):
    """Tanbo for two learning agents with PettingZoo's AEC API (agents "player_0" = X and
    "player_1" = O). rewards: +1 / -1 to the winner / loser on the move that ends the game.
    An illegal action ends the game: the mover gets -1, the other 0, info["illegal_action"]
    (illegal_action="lose", as PettingZoo's TerminateIllegalWrapper), or raises
    tanbo.IllegalMoveError with nothing changed (illegal_action="raise").

    ``variant`` is a variant name or a position string (the side to move there moves first).
    With ``opponent`` ("random", "mcts", "perfect" with ``solution`` as TanboEnv's, or a callable
    game -> action), the seat ``opponent_agent`` is played by that opponent inside step() and
    reset() (seeded from np_random, as TanboEnv's): both agents stay in ``agents`` and get their
    rewards, terminations and infos, but only the other one is selected while the game runs; once
    it ends, the learning agent takes its dead step first, then the opponent's seat."""

    metadata = {"name": "tanbo_v0", "render_modes": _RENDER_MODES, "render_fps": 4,
                "is_parallelizable": False}

    def __init__(self, variant: str = "lattice-9", engine: str = "optimized",
                 illegal_action: str = "lose", render_mode: Optional[str] = None,
                 opponent: Optional[Opponent] = None, opponent_agent: str = "player_1",
                 solution: Optional[tanbo.Solution] = None):
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        _check_render_mode(render_mode)
        self.variant, self.engine, self.render_mode = variant, engine, render_mode
        self.illegal_action = illegal_action
        self.game = tanbo.Game(variant, engine=engine)
        self.possible_agents = ["player_0", "player_1"]
        if opponent_agent not in self.possible_agents:
            raise ValueError(f"opponent_agent must be 'player_0' or 'player_1', not {opponent_agent!r}")
        if opponent is None and solution is not None:
            raise ValueError("solution= is the table of opponent='perfect'; there is no opponent")
        # The built-in opponent and its seat (None: both seats are learning agents).
        self.opponent = None if opponent is None else _make_opponent(opponent, 0, variant, solution)
        self.opponent_agent = opponent_agent if opponent is not None else None
        spaces = {a: _spaces(self.game.size) for a in self.possible_agents}  # one set per agent
        self.observation_spaces = {a: spaces[a][0] for a in self.possible_agents}
        self.action_spaces = {a: spaces[a][1] for a in self.possible_agents}
        self.state_space = _state_space(self.game.size)
        self.np_random = np.random.default_rng()
        self.agents: list = []
        self.rewards: dict = {}
        self._cumulative_rewards: dict = {}
        self.terminations: dict = {}
        self.truncations: dict = {}
        self.infos: dict = {}
        self.agent_selection: Optional[str] = None
        self._skip_agent_selection: Optional[str] = None

    # -- spaces and bookkeeping -----------------------------------------------------------
    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def _player(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    # -- the AEC API ----------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game, X (player_0) to move. ``seed`` restarts np_random and seeds each agent's
        action space (its sample()) from it."""
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
            for a in self.possible_agents:
                self.action_spaces[a].seed(int(self.np_random.integers(2**31)))
        if self.opponent is not None and hasattr(self.opponent, "seed"):
            self.opponent.seed(int(self.np_random.integers(2**63)))
        self.game = tanbo.Game(self.variant, engine=self.engine)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]
        self._skip_agent_selection = None
        if self.opponent is not None:
            self._opponent_moves()
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict:
        """``agent``'s observation (new arrays: later steps do not change them)."""
        return _observe(self.game, self._player(agent))

    def state(self) -> np.ndarray:
        """The global state: the observation tensor from X's side."""
        n = self.game.size
        return self.game.observation_tensor(0).reshape(6, n, n)

    def last(self, observe: bool = True):
        """(observation, cumulative reward, termination, truncation, info) of agent_selection."""
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields agent_selection until every agent is done (or max_iter times)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _clear_rewards(self) -> None:
        for a in self.rewards:
            self.rewards[a] = 0.0

    def _accumulate_rewards(self) -> None:
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _was_dead_step(self, action) -> None:
        # PettingZoo's AECEnv._was_dead_step: a done agent steps with None and leaves.
        if action is not None:
            raise ValueError("when an agent is done, the only valid action is None")
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del d[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()

    def _end_if_over(self) -> None:
        """Once the game is over: each agent's reward (+1 / -1) and termination."""
        if self.game.is_terminal():
            returns = self.game.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._player(a)]
                self.terminations[a] = True

    def _opponent_moves(self) -> None:
        """The built-in opponent plays its seat's moves; the learning agent is selected again."""
        seat = self._player(self.opponent_agent)
        while not self.game.is_terminal() and self.game.current_player() == seat:
            self.game.apply_action(int(self.opponent(self.game)))
        self._end_if_over()
        self.agent_selection = self.possible_agents[1 - seat]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if agent is None or not self.agents:
            raise tanbo.UsageError("step: no agent to move; call reset()")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = self._player(agent)
        other = self.possible_agents[1 - player]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if action is None or not self.game.is_legal(action):
            if self.illegal_action == "raise":
                if action is None:
                    raise tanbo.UsageError(f"step: {agent} is to move; None is only for done agents")
                self.game.apply_action(action)  # raises the engine's IllegalMoveError
            self.rewards[agent], self.rewards[other] = _core.ILLEGAL_REWARD, 0.0
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"illegal_action": agent}
            # With a built-in opponent, the learning agent takes its dead step first.
            self.agent_selection = agent if self.opponent is not None else other
        else:
            self.game.apply_action(action)
            self._end_if_over()
            self.agent_selection = other
            if self.opponent is not None:
                self._opponent_moves()
        self._accumulate_rewards()

    def render(self):
        return _render(self.game, self.render_mode, "TanboAECEnv")

    def close(self) -> None:
        pass


def aec_env(**kwargs) -> TanboAECEnv:
    """The bare AEC environment: tanbo.env.aec_env(variant=...)."""
    return TanboAECEnv(**kwargs)


def env(**kwargs):
    """PettingZoo's module-level constructor convention: the AEC environment inside PettingZoo's
    standard wrappers for classic games (AssertOutOfBounds, OrderEnforcing) when pettingzoo
    imports; the bare environment otherwise. Illegal moves are handled by the environment
    itself (illegal_action="lose", as TerminateIllegalWrapper)."""
    raw = TanboAECEnv(**kwargs)
    if _pz is None:
        return raw
    from pettingzoo.utils import wrappers  # type: ignore[import-not-found]
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


if _gym is not None:  # pragma: no branch - exercised with a stand-in gymnasium in the tests
    if "tanbo/Tanbo-v0" not in getattr(_gym, "registry", {}):
        # gymnasium.make_vec builds the C++ batched tanbo.vector.TanboVectorEnv by default
        # (vectorization_mode="sync" or "async" still wraps TanboEnv copies).
        _gym.register(id="tanbo/Tanbo-v0", entry_point="tanbo.env:TanboEnv",
                      vector_entry_point="tanbo.vector:TanboVectorEnv")
