"""tanbo.env's own contract, with or without Gymnasium and PettingZoo: a conformance test
mirroring PettingZoo's api_test (spaces, seeded reproducibility, action masks, last(), dead
steps, terminal handling, observations not aliased), Gymnasium's reset/step contract, illegal
actions, rendering, the built-in opponents, and (with stand-in modules, only where the real
libraries do not import) the optional registration. test_ecosystem.py runs the real checkers."""

import os
import subprocess
import sys
import textwrap
from collections import defaultdict

import numpy as np
import pytest

import tanbo
from tanbo import env as tenv

VARIANTS = ["lattice-5", "dense-5", "lattice-7", "lattice-9"]


# --------------------------------------------------------------------------------------------
# PettingZoo AEC: the checks of pettingzoo.test.api_test


def play_aec(env, seed, max_steps=2000):
    """PettingZoo api_test's play loop with masked random actions; returns the trajectory."""
    env.reset(seed=seed)
    assert env.agents == env.possible_agents == ["player_0", "player_1"]
    assert env.num_agents == env.max_num_agents == 2
    for d in (env.rewards, env._cumulative_rewards, env.terminations, env.truncations, env.infos):
        assert isinstance(d, dict) and list(d) == env.agents
    live, finished = set(env.agents), set()
    accumulated = defaultdict(float)
    trajectory = []
    for agent in env.agent_iter(max_steps):
        assert agent not in finished and agent in env.agents and agent == env.agent_selection
        obs, reward, terminated, truncated, info = env.last()
        assert isinstance(terminated, bool) and isinstance(truncated, bool) and isinstance(info, dict)
        assert isinstance(reward, float) and reward == env._cumulative_rewards[agent]
        assert env.observation_space(agent) is env.observation_spaces[agent]
        assert env.observation_space(agent).contains(obs), obs
        assert env.last(observe=False)[0] is None
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and set(np.unique(mask)) <= {0, 1}
        player = env.possible_agents.index(agent)
        if terminated or truncated:
            assert not mask.any()
            action = None
        else:
            # The mask is exactly the mover's legal actions, and the mover is the game's.
            assert env.game.current_player() == player
            assert np.flatnonzero(mask).tolist() == env.game.legal_actions()
            other = env.possible_agents[1 - player]
            assert not env.observe(other)["action_mask"].any()
            action = env.action_space(agent).sample(mask)
            assert mask[action] == 1
        before = {k: v.copy() for k, v in obs.items()}
        env.step(action)
        for k in obs:  # the observation handed out is not changed by later steps
            assert np.array_equal(obs[k], before[k])
        if terminated or truncated:
            live.discard(agent)
            finished.add(agent)
        assert set(env.agents) == live
        for a in env.agents:
            accumulated[a] += env.rewards[a]
        trajectory.append((agent, action, reward, terminated))
    assert env.agents == [] and not live, "every agent must be done at the end of a game"
    return trajectory


@pytest.mark.parametrize("variant", VARIANTS)
def test_aec_api(variant):
    env = tenv.TanboAECEnv(variant=variant)
    trajectory = play_aec(env, seed=11)
    # Terminal handling: the last two steps are the two dead steps, the winner got +1.
    (a1, act1, r1, t1), (a2, act2, r2, t2) = trajectory[-2:]
    assert t1 and t2 and act1 is None and act2 is None and sorted([r1, r2]) == [-1.0, 1.0]
    assert env.game.is_terminal() and len(trajectory) == env.game.ply + 2
    with pytest.raises(tanbo.UsageError):
        env.step(0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_aec_seeded_reset_is_reproducible(variant):
    a, b = tenv.TanboAECEnv(variant=variant), tenv.TanboAECEnv(variant=variant)
    assert play_aec(a, seed=3) == play_aec(b, seed=3)
    assert play_aec(a, seed=3) == play_aec(b, seed=3)  # the same env reset again
    runs = {tuple(play_aec(a, seed=s)) for s in range(4)}
    assert len(runs) > 1, "different seeds must give different games"


def test_aec_dead_step_rules():
    env = tenv.TanboAECEnv(variant="lattice-5")
    env.reset(seed=1)
    rng = tanbo.Rng(1)
    while not env.game.is_terminal():
        env.step(env.game.string_to_action(env.game.random_move(rng)))
    agent = env.agent_selection
    assert env.terminations == {"player_0": True, "player_1": True}
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)
    env.step(None)
    assert env.agents == [a for a in env.possible_agents if a != agent]
    assert env.agent_selection == env.agents[0]
    env.step(None)
    assert env.agents == [] and list(env.agent_iter()) == []


@pytest.mark.parametrize("bad", [0, -1, 25, None])
def test_aec_illegal_action_ends_the_game(bad):
    env = tenv.TanboAECEnv(variant="lattice-5")
    env.reset()
    env.step(bad)  # player_0 plays an occupied point / off the board / nothing
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env._cumulative_rewards == {"player_0": -1.0, "player_1": 0.0}
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert env.infos["player_1"] == {"illegal_action": "player_0"} and env.game.ply == 0
    obs, reward, terminated, _, _ = env.last()
    assert env.agent_selection == "player_1" and reward == 0.0 and terminated
    env.step(None)
    assert env.last()[1] == -1.0  # player_0's cumulative reward


def test_aec_illegal_action_raise():
    env = tenv.TanboAECEnv(variant="lattice-5", illegal_action="raise")
    env.reset()
    with pytest.raises(tanbo.IllegalMoveError, match="occupied"):
        env.step(0)
    with pytest.raises(tanbo.UsageError, match="None is only for done agents"):
        env.step(None)
    assert env.game.ply == 0 and not any(env.terminations.values())
    env.step(1)
    assert env.agent_selection == "player_1"


def test_aec_state_and_render():
    env = tenv.aec_env(variant="lattice-5", render_mode="ansi")
    env.reset()
    assert env.state().shape == (6, 5, 5) and np.array_equal(env.state().reshape(-1), env.game.observation_tensor(0))
    assert env.state_space.contains(env.state())
    assert env.render() == str(env.game)
    env = tenv.TanboAECEnv(variant="lattice-5", render_mode="svg")
    env.reset()
    assert env.render() == env.game.svg()
    with pytest.raises(ValueError, match="render_mode"):
        tenv.TanboAECEnv(render_mode="rgb_array")


# --------------------------------------------------------------------------------------------
# Gymnasium-style single-agent environment


def play_gym(env, seed, policy_seed=0):
    obs, info = env.reset(seed=seed)
    assert env.observation_space.contains(obs) and set(info) == {"action_mask", "ply", "winner", "illegal_action"}
    rng = np.random.default_rng(policy_seed)
    trajectory, done = [obs["observation"].tobytes()], False
    while not done:
        mask = obs["action_mask"]
        assert np.flatnonzero(mask).tolist() == env.game.legal_actions()
        assert np.array_equal(info["action_mask"], mask)
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        assert isinstance(reward, float) and terminated in (True, False) and truncated is False
        trajectory.append((action, reward, obs["observation"].tobytes()))
        done = terminated
    assert not obs["action_mask"].any()
    assert reward == (1.0 if env.game.winner == ("X" if env.agent_player == 0 else "O") else -1.0)
    return trajectory


@pytest.mark.parametrize("agent", ["X", "O"])
@pytest.mark.parametrize("variant", ["lattice-5", "lattice-7"])
def test_gym_api_and_reproducibility(variant, agent):
    env = tenv.TanboEnv(variant=variant, agent=agent)
    assert env.action_space.n == env.game.size ** 2
    first = play_gym(env, seed=5)
    assert play_gym(env, seed=5) == first
    assert play_gym(tenv.TanboEnv(variant=variant, agent=agent), seed=5) == first
    assert len({tuple(play_gym(env, seed=s)) for s in range(5)}) > 1
    obs, _ = env.reset(seed=5)
    assert env.game.ply == (0 if agent == "X" else 1)  # as O, the opponent has opened
    play_gym(env, seed=6)
    with pytest.raises(tanbo.UsageError, match="call reset"):
        env.step(0)


def test_gym_illegal_actions():
    env = tenv.TanboEnv(variant="lattice-5")
    env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(0)  # occupied
    assert (reward, terminated, truncated, info["illegal_action"], info["winner"]) == (-1.0, True, False, True, -1)
    with pytest.raises(tanbo.UsageError, match="the episode is over"):
        env.step(1)
    env = tenv.TanboEnv(variant="lattice-5", illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(tanbo.IllegalMoveError):
        env.step(99)
    assert env.game.ply == 0
    env.step(1)  # the episode goes on
    assert env.game.ply == 2


def test_gym_render_modes():
    # The library's own drawings: the text diagram and Game.svg(); "human" prints the diagram.
    for mode, check in [("ansi", lambda r, g: r == str(g)),
                        ("svg", lambda r, g: r == g.svg()),
                        ("human", lambda r, g: r is None)]:
        env = tenv.TanboEnv(render_mode=mode)
        env.reset(seed=0)
        assert check(env.render(), env.game)
    env = tenv.TanboEnv()
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert env.render() is None


def test_gym_seeding_is_gymnasiums():
    # reset(seed=s) restarts np_random as Gymnasium's Env.reset does (default_rng(s) is
    # gymnasium.utils.seeding.np_random(s)), and the opponent is seeded from it.
    env = tenv.TanboEnv(variant="lattice-5")
    env.reset(seed=9)
    expected = np.random.default_rng(9)
    opponent_seed = int(expected.integers(2**63))  # the opponent's seed: np_random's first draw
    assert env.np_random.bit_generator.state == expected.bit_generator.state
    assert env.opponent.rng.next() == tanbo.Rng(opponent_seed).next()
    env.reset()  # no seed: the stream goes on
    opponent_seed = int(expected.integers(2**63))
    assert env.opponent.rng.next() == tanbo.Rng(opponent_seed).next()


def test_aec_agents_do_not_share_spaces():
    env = tenv.TanboAECEnv(variant="lattice-5")
    a, b = env.possible_agents
    assert env.action_space(a) is not env.action_space(b)
    assert env.observation_space(a) is not env.observation_space(b)
    env.reset(seed=3)
    first = [env.action_space(a).sample() for _ in range(5)]
    env.reset(seed=3)  # reseeding replays each agent's stream, and it is not the other's
    assert [env.action_space(a).sample() for _ in range(5)] == first
    assert [env.action_space(b).sample() for _ in range(5)] != first


def test_custom_opponent_and_errors():
    moves = []

    def first_legal(game):
        moves.append(game.ply)
        return game.legal_actions()[0]

    env = tenv.TanboEnv(variant="lattice-5", opponent=first_legal)
    env.reset(seed=0)
    env.step(env.game.legal_actions()[-1])
    assert moves == [1]
    for kwargs, match in [({"opponent": "nobody"}, "opponent"), ({"agent": "Z"}, "agent"),
                          ({"illegal_action": "ignore"}, "illegal_action")]:
        with pytest.raises(ValueError, match=match):
            tenv.TanboEnv(**kwargs)


def test_mcts_beats_random():
    # Deterministic (fixed seeds); MCTS with 100 playouts per move wins at least 4 of 5 on lattice-7.
    wins = 0
    for game in range(5):
        env = tenv.TanboEnv(variant="lattice-7", opponent="random", agent="XO"[game % 2])
        obs, _ = env.reset(seed=game)
        mcts = tenv.MCTSPlayer(playouts=100, seed=game)
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(mcts(env.game))
        wins += reward == 1.0
    assert wins >= 4, f"MCTS won {wins}/5"
    with pytest.raises(tanbo.UsageError, match="game is over"):
        mcts(env.game)
    with pytest.raises(ValueError):
        tenv.MCTSPlayer(playouts=0)


def test_random_player_is_game_random_move():
    g = tanbo.Game("lattice-9")
    player, rng = tenv.RandomPlayer(4), tanbo.Rng(4)
    for _ in range(10):
        a = player(g)
        assert g.action_to_string(a) == g.random_move(rng)
        g.apply_action(a)


def test_spaces():
    d = tenv.Discrete(5, seed=1)
    assert d.contains(4) and not d.contains(5) and not d.contains(True) and not d.contains(1.0)
    assert d.sample(np.array([0, 0, 1, 0, 0], dtype=np.int8)) == 2
    assert d.sample(np.zeros(5, dtype=np.int8)) == 0
    assert all(d.contains(d.sample()) for _ in range(20))
    b = tenv.Box(0, 1, (2, 3), np.float32)
    assert b.contains(b.sample()) and not b.contains(np.zeros((2, 3))) and not b.contains(np.full((2, 3), 2, np.float32))
    s = tenv.Dict({"a": d, "b": b}, seed=3)
    assert s.contains(s.sample()) and not s.contains({"a": 1}) and s["a"] is d


# --------------------------------------------------------------------------------------------
# Optional integration: stand-in gymnasium / pettingzoo modules on the path


def _real_libraries_import():
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(_real_libraries_import(), reason="the real libraries import: test_ecosystem.py runs them")
def test_registration_with_gymnasium_and_pettingzoo(tmp_path):
    (tmp_path / "gymnasium").mkdir()
    (tmp_path / "gymnasium" / "__init__.py").write_text(textwrap.dedent("""
        registry = {}
        class Env:
            pass
        def register(id, entry_point, vector_entry_point=None):
            registry[id] = entry_point
        class _Space:
            def __init__(self, *args, **kwargs):
                self.args, self.kwargs = args, kwargs
        class spaces:
            Box = Discrete = Dict = _Space
    """))
    (tmp_path / "pettingzoo").mkdir()
    (tmp_path / "pettingzoo" / "__init__.py").write_text("class AECEnv:\n    pass\n")
    script = textwrap.dedent("""
        import gymnasium, pettingzoo
        import tanbo.env as e
        assert gymnasium.registry == {"tanbo/Tanbo-v0": "tanbo.env:TanboEnv"}, gymnasium.registry
        assert issubclass(e.TanboEnv, gymnasium.Env) and issubclass(e.TanboAECEnv, pettingzoo.AECEnv)
        env = e.TanboEnv(variant="lattice-5")
        assert isinstance(env.action_space, gymnasium.spaces.Discrete) and env.action_space.args == (25,)
        print("ok")
    """)
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": path})
    assert run.stdout.strip() == "ok", run.stderr
