"""tanbo.vector.TanboVectorEnv: every board's observations, masks, rewards and infos equal what a
tanbo.Game replaying that board's moves says; Gymnasium's next-step autoreset; seeding; illegal
actions; the opponent moving inside C++; the GIL released; and, when Gymnasium imports, its
VectorEnv class, batched spaces and a vector wrapper that checks the autoreset mode."""

import numpy as np
import pytest

import tanbo
from tanbo.vector import TanboVectorEnv

from gil import worker_seen_busy


def replayed(env, i):
    g = tanbo.Game(env.variant)
    for a in env.history(i):
        g.apply_action(a)
    return g


def check_board(env, i, obs, reward, terminated, infos, player):
    """Board i's outputs against a tanbo.Game replaying its moves (the engines' own answers)."""
    g = replayed(env, i)
    n = g.size
    assert np.array_equal(obs["observation"][i].reshape(-1), g.observation_tensor(player)), (i, g.history())
    mask = np.array(g.legal_actions_mask(player), np.int8)
    assert np.array_equal(obs["action_mask"][i], mask) and np.array_equal(infos["action_mask"][i], mask)
    assert bool(terminated[i]) == g.is_terminal() and infos["ply"][i] == g.ply
    assert infos["winner"][i] == {"X": 0, "O": 1}.get(g.winner, -1)
    assert reward[i] == (g.returns()[player] if g.is_terminal() else 0.0)
    assert obs["observation"][i].shape == (6, n, n)


@pytest.mark.parametrize("agent", ["X", "O"])
@pytest.mark.parametrize("variant", ["lattice-5", "lattice-9", "dense-7"])
def test_boards_agree_with_replayed_games(variant, agent):
    env = TanboVectorEnv(num_envs=8, variant=variant, agent=agent)
    player = 0 if agent == "X" else 1
    obs, infos = env.reset(seed=3)
    zeros = np.zeros(8)
    for i in range(8):
        check_board(env, i, obs, zeros, np.zeros(8, bool), infos, player)
        assert len(env.history(i)) == player  # as O, the opponent has opened
    rng = np.random.default_rng(3)
    ended = np.zeros(8, bool)
    episodes = 0
    for _ in range(200):
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, reward, terminated, truncated, infos = env.step(actions)
        assert not truncated.any() and reward.dtype == np.float64
        for i in range(8):
            if ended[i]:  # next-step autoreset: a fresh game, the action ignored
                assert len(env.history(i)) == player and reward[i] == 0.0 and not terminated[i]
            check_board(env, i, obs, reward, terminated, infos, player)
        episodes += int(terminated.sum())
        ended = terminated.copy()
    assert episodes >= 8, f"only {episodes} episodes ended"


@pytest.mark.parametrize("observation,dtype", [("planes", np.float32), ("planes", np.uint8), ("board", np.int8)])
@pytest.mark.parametrize("agent", ["X", "O"])
def test_incremental_outputs_match_games_from_scratch(observation, dtype, agent):
    # step() rewrites only the points a running board's moves changed; over many steps (with
    # endings, autoresets and the odd illegal action) every board's arrays must still equal a
    # tanbo.Game's from-scratch observation and mask. copy=False hands back the updated buffers.
    seed, boards = 7, 12
    env = TanboVectorEnv(boards, "lattice-7", agent=agent, observation=observation, obs_dtype=dtype, copy=False)
    player = 0 if agent == "X" else 1
    obs, infos = env.reset(seed=seed)
    buffers = obs["observation"]
    games, played = [None] * boards, [[] for _ in range(boards)]
    rng = np.random.default_rng(seed)
    episodes = illegal = 0
    for step in range(250):
        for i in range(boards):
            moves = env.history(i)
            if games[i] is None or moves[:len(played[i])] != played[i]:  # a reset: start over
                games[i], played[i] = tanbo.Game("lattice-7"), []
            for a in moves[len(played[i]):]:
                games[i].apply_action(a)
            played[i] = list(moves)
            g = games[i]
            if infos["illegal_action"][i]:  # the episode ended on the agent's illegal action
                assert not obs["action_mask"][i].any()
                continue
            planes = g.observation_tensor(player).reshape(6, 7, 7)
            want = planes if observation == "planes" else (planes[0] - planes[1])
            assert np.array_equal(obs["observation"][i], want.astype(dtype)), (seed, step, i, g.history())
            mask = np.array(g.legal_actions_mask(player), np.int8)
            assert np.array_equal(obs["action_mask"][i], mask), (seed, step, i, g.history())
            assert infos["ply"][i] == g.ply
        actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]])
        if rng.random() < 0.05:  # an off-board action: that board ends and is rewritten whole
            actions[int(rng.integers(boards))] = 49
            illegal += 1
        obs, _, terminated, _, infos = env.step(actions)
        assert obs["observation"] is buffers  # copy=False: the same buffers, updated in place
        episodes += int(terminated.sum())
    assert episodes >= 20 and illegal >= 5, (episodes, illegal)


def test_seeding_and_independence():
    a, b = TanboVectorEnv(4, "lattice-7"), TanboVectorEnv(4, "lattice-7")
    obs_a, _ = a.reset(seed=11)
    obs_b, _ = b.reset(seed=[11, 12, 13, 14])
    for _ in range(10):
        acts = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs_a["action_mask"]]
        obs_a, ra, *_ = a.step(acts)
        obs_b, rb, *_ = b.step(acts)
        assert np.array_equal(obs_a["observation"], obs_b["observation"]) and np.array_equal(ra, rb)
    assert [a.history(i) for i in range(4)] == [b.history(i) for i in range(4)]
    c = TanboVectorEnv(4, "lattice-7")
    c.reset(seed=99)
    c.step([int(np.flatnonzero(m)[0]) for m in c.reset(seed=99)[0]["action_mask"]])
    assert [c.history(i) for i in range(4)] != [a.history(i)[:2] for i in range(4)]


def test_copy_semantics_and_uint8():
    env = TanboVectorEnv(2, "lattice-5")
    first, _ = env.reset(seed=0)
    kept = first["observation"].copy()
    env.step([int(np.flatnonzero(m)[0]) for m in first["action_mask"]])
    assert np.array_equal(first["observation"], kept)  # copy=True: what the caller holds stays
    small = TanboVectorEnv(2, "lattice-5", obs_dtype=np.uint8)
    obs, _ = small.reset(seed=0)
    assert obs["observation"].dtype == np.uint8 and np.array_equal(obs["observation"], kept.astype(np.uint8))
    # The compact board: own stones minus the opponent's (planes 0 and 1).
    compact = TanboVectorEnv(2, "lattice-5", observation="board")
    obs, _ = compact.reset(seed=0)
    assert obs["observation"].dtype == np.int8 and obs["observation"].shape == (2, 5, 5)
    assert np.array_equal(obs["observation"], (kept[:, 0] - kept[:, 1]).astype(np.int8))
    assert compact.single_observation_space["observation"].contains(obs["observation"][0])
    for _ in range(30):
        acts = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs["action_mask"]]
        obs, *_ = compact.step(acts)
        for i in range(2):
            planes = replayed(compact, i).observation_tensor(0).reshape(6, 5, 5)
            assert np.array_equal(obs["observation"][i], (planes[0] - planes[1]).astype(np.int8))


def test_illegal_actions_and_errors():
    env = TanboVectorEnv(3, "lattice-5")
    obs, _ = env.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"][2])[0])
    obs, reward, terminated, _, infos = env.step([0, 999, legal])  # occupied, off the board, legal
    assert reward.tolist()[:2] == [-1.0, -1.0] and terminated.tolist()[:2] == [True, True]
    assert infos["illegal_action"].tolist() == [True, True, False] and not obs["action_mask"][:2].any()
    with pytest.raises(tanbo.UsageError, match="3 ints"):
        env.step([0, 1])
    with pytest.raises(ValueError, match="2 seeds for 3"):
        env.reset(seed=[1, 2])
    with pytest.raises(tanbo.UsageError, match="reset"):
        TanboVectorEnv(2, "lattice-5").step([0, 0])
    for kwargs, match in [({"opponent": "nobody"}, "opponent"), ({"agent": "Z"}, "agent"),
                          ({"obs_dtype": np.int8}, "obs_dtype"), ({"observation": "rgb"}, "observation"),
                          ({"variant": "hex-3"}, "")]:
        with pytest.raises(ValueError, match=match):
            TanboVectorEnv(2, **kwargs)


def test_mcts_opponent_moves_inside_cpp():
    # The C++ MCTS (200 playouts a move) beats an agent that always plays its first legal move.
    env = TanboVectorEnv(4, "lattice-5", opponent="mcts", mcts_playouts=200)
    obs, _ = env.reset(seed=5)
    done = np.zeros(4, bool)
    total = np.zeros(4)
    while not done.all():
        obs, reward, terminated, _, _ = env.step([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs["action_mask"]])
        total += np.where(done, 0, reward)
        done |= terminated
    assert (total == -1).sum() >= 3, total


def test_step_releases_the_gil():
    # gil.py's method, as test_threads.py uses it for the other long calls.
    env = TanboVectorEnv(256, "lattice-9")
    obs, _ = env.reset(seed=0)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    env.step(actions)  # warm up in this thread
    # No numpy work in the worker: numpy may drop the GIL on its own.
    busy, _ = worker_seen_busy(lambda i: env.step(actions))
    assert busy, "the main thread ran only after the worker had finished: step() kept the GIL"


def test_gymnasium_vector_env_semantics():
    gym = pytest.importorskip("gymnasium")
    from gymnasium.vector import AutoresetMode
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = TanboVectorEnv(4, "lattice-5")
    assert isinstance(env, gym.vector.VectorEnv) and env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert env.single_observation_space == tanbo.env.TanboEnv(variant="lattice-5").observation_space
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    wrapped = RecordEpisodeStatistics(env)  # checks the autoreset mode, counts episodes
    obs, _ = wrapped.reset(seed=0)
    for _ in range(60):
        obs, _, _, _, infos = wrapped.step(np.array([int(np.flatnonzero(m)[0]) if m.any() else 0
                                                      for m in obs["action_mask"]]))
        assert env.action_space.contains(np.array([0, 1, 2, 3]))
    assert len(wrapped.episode_returns) == 4 and len(wrapped.return_queue) >= 4
    assert set(wrapped.return_queue) <= {-1.0, 1.0}
