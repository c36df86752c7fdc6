"""A vectorised Tanbo environment for learning programs: many boards stepped in C++ per call.

TanboVectorEnv(num_envs, variant, opponent="random" | "mcts" | "perfect", agent="X" | "O") has
Gymnasium's VectorEnv API and semantics (it derives from gymnasium.vector.VectorEnv when Gymnasium
imports); ``variant`` is a variant name or a position string:

* reset(seed=s) -> (obs, infos): board i's opponent is seeded from s + i (or seed[i] for a list);
* step(actions) -> (obs, rewards, terminations, truncations, infos), numpy arrays of num_envs rows;
* obs is {"observation": float32 (num_envs, 6, N, N) from the agent's view (the planes of
  Game.observation_tensor), "action_mask": int8 (num_envs, N*N)}, the single TanboEnv's
  observation batched (observation="planes"; obs_dtype=numpy.uint8 for bytes), or with
  observation="board" the compact int8 (num_envs, N, N) board, 1 own, -1 opponent, 0 empty
  (Pgx-style: a twelfth of the bytes, for programs that build their own features); infos has "action_mask", "winner" (-1 running, 0 X, 1 O), "ply" and
  "illegal_action", each with Gymnasium's "_key" mask;
* copy=True (the default) returns fresh arrays each call; copy=False returns the env's own
  buffers, which the next reset() or step() updates in place (only the points each board's
  moves changed are rewritten): read them, don't write into them;
* autoreset in Gymnasium's next-step mode (metadata["autoreset_mode"]): the call after a board's
  episode ended restarts that board and ignores its action;
* the opponent (uniformly random, the C++ MCTS with mcts_playouts per move, or perfect play from
  a solved start: ``solution=`` or solved on demand, as tanbo.env's opponent="perfect", ties
  broken by board i's Rng exactly as tanbo.env.PerfectPlayer(solution, seed) breaks them) moves
  inside C++, and the whole batch runs without the GIL (tanbo._core.VectorGames), the way EnvPool
  and Pgx batch their environments.

Rewards, illegal actions and truncation are the single TanboEnv's: +1 / -1 at the end, an illegal
action ends the episode with -1, truncations are always False.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np

import tanbo
from tanbo import env as _env
from tanbo._core import VectorGames

try:  # optional: Gymnasium's VectorEnv base class and batched spaces
    import gymnasium as _gym  # type: ignore[import-not-found]
    from gymnasium.vector import AutoresetMode as _AutoresetMode  # type: ignore[import-not-found]
    from gymnasium.vector.utils import batch_space as _batch_space  # type: ignore[import-not-found]
except ImportError:
    _gym = None

__all__ = ["TanboVectorEnv"]

# Without Gymnasium, env.py's stand-in gives np_random with Gymnasium's seeding.
_VectorBase = _gym.vector.VectorEnv if _gym is not None else _env._SeededEnv


class TanboVectorEnv(_VectorBase):
    """num_envs games of ``variant`` against a built-in opponent, stepped together in C++."""

    metadata = {"autoreset_mode": _AutoresetMode.NEXT_STEP if _gym is not None else "next_step",
                "render_modes": []}

    def __init__(self, num_envs: int = 16, variant: str = "lattice-9", opponent: str = "random",
                 agent: str = "X", mcts_playouts: int = 200, obs_dtype: Any = np.float32,
                 observation: str = "planes", copy: bool = True, render_mode: Optional[str] = None,
                 solution: Optional[tanbo.Solution] = None):
        if opponent not in ("random", "mcts", "perfect"):
            raise ValueError(f"opponent must be 'random', 'mcts' or 'perfect', not {opponent!r}")
        if solution is not None and opponent != "perfect":
            raise ValueError(f"solution= is the table of opponent='perfect'; the opponent is {opponent!r}")
        if agent not in ("X", "O"):
            raise ValueError(f"agent must be 'X' or 'O', not {agent!r}")
        if render_mode is not None:
            raise ValueError(f"TanboVectorEnv does not render (render_mode must be None, not {render_mode!r})")
        if observation not in ("planes", "board"):
            raise ValueError(f"observation must be 'planes' or 'board', not {observation!r}")
        self._dtype = np.dtype(obs_dtype) if observation == "planes" else np.dtype(np.int8)
        if observation == "planes" and self._dtype not in (np.dtype(np.float32), np.dtype(np.uint8)):
            raise ValueError(f"obs_dtype must be numpy.float32 or numpy.uint8, not {self._dtype}")
        # The perfect opponent's table (None for the others).
        self.solution = _env.perfect_solution(variant, solution) if opponent == "perfect" else None
        self._games = VectorGames(variant, num_envs, agent, mcts_playouts if opponent == "mcts" else 0,
                                  self.solution)
        self.num_envs, self.variant, self.agent, self.copy = int(num_envs), variant, agent, copy
        self.render_mode = None
        n = self._games.size
        self.single_observation_space, self.single_action_space = _env._spaces(n)
        self._obs_shape = (6, n, n) if observation == "planes" else (n, n)
        if self._dtype != np.float32:
            box, _, dct = _env._space_classes()
            low = -1 if observation == "board" else 0
            self.single_observation_space = dct({
                "observation": box(low=low, high=1, shape=self._obs_shape, dtype=self._dtype),
                "action_mask": box(low=0, high=1, shape=(n * n,), dtype=np.int8)})
        if _gym is not None:
            self.observation_space = _batch_space(self.single_observation_space, self.num_envs)
            self.action_space = _batch_space(self.single_action_space, self.num_envs)
        self._buffers = self._new_buffers()
        self._games.bind(*(self._buffers[k] for k in ("obs", "mask", "reward", "terminated", "winner",
                                                      "ply", "illegal")))
        self._everyone = np.ones(self.num_envs, np.bool_)
        self._never_truncated = np.zeros(self.num_envs, np.bool_)  # handed out with copy=False
        self._started = False

    # -- buffers the C++ batch writes into (bound once; each call updates them in place) ------
    def _new_buffers(self) -> dict:
        b, n = self.num_envs, self._games.size
        return {"obs": np.empty((b, *self._obs_shape), self._dtype), "mask": np.empty((b, n * n), np.int8),
                "reward": np.empty(b, np.float64), "terminated": np.empty(b, np.bool_),
                "winner": np.empty(b, np.int8), "ply": np.empty(b, np.int32),
                "illegal": np.empty(b, np.bool_)}

    def _results(self):
        """(obs, rewards, terminations, infos) handed to the caller: with copy=True copies of
        the buffers, so what it keeps is never overwritten; with copy=False the buffers
        themselves, which the next call updates in place."""
        out = self._buffers
        if self.copy:
            out = {k: v.copy() for k, v in out.items()}
        obs = {"observation": out["obs"], "action_mask": out["mask"]}
        # The mask is shared with obs (read-only by convention; with copy=True every call has
        # new arrays anyway); every board has every key, hence one all-True "_key" array.
        everyone = self._everyone
        infos = {"action_mask": out["mask"], "winner": out["winner"], "ply": out["ply"],
                 "illegal_action": out["illegal"], "_action_mask": everyone, "_winner": everyone,
                 "_ply": everyone, "_illegal_action": everyone}
        return obs, out["reward"], out["terminated"], infos

    # -- Gymnasium's VectorEnv API ----------------------------------------------------------
    def reset(self, *, seed: Union[int, Sequence[Optional[int]], None] = None,
              options: Optional[dict] = None):
        """Restarts every board. ``seed``: an int s (board i from s + i), a list of num_envs
        ints, or None (seeds drawn from np_random)."""
        if seed is None:
            seeds = [int(s) for s in self.np_random.integers(2**63, size=self.num_envs)]
        elif isinstance(seed, (int, np.integer)):
            self._np_random = np.random.default_rng(int(seed))
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            if len(seed) != self.num_envs:
                raise ValueError(f"reset: {len(seed)} seeds for {self.num_envs} boards")
            seeds = [int(s) if s is not None else int(self.np_random.integers(2**63)) for s in seed]
        self._games.reset(seeds)
        self._started = True
        obs, _, _, infos = self._results()
        return obs, infos

    def step(self, actions):
        if not self._started:
            raise tanbo.UsageError("step: call reset() first")
        # Running boards get only their changed points rewritten (hence, with copy=False, the
        # caller must not write into the buffers).
        self._games.step(actions)
        obs, rewards, terminations, infos = self._results()
        truncations = np.zeros(self.num_envs, np.bool_) if self.copy else self._never_truncated
        return obs, rewards, terminations, truncations, infos

    def history(self, i: int) -> list:
        """The actions played on board i since its last reset (both sides), for replays:
        Game(variant) with these actions applied is board i."""
        return self._games.history(i)

    def render(self):
        return None

    def close(self, **kwargs) -> None:
        self.closed = True
