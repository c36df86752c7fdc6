"""tanbo.vector.TanboVectorEnv: every board's observations, masks, rewards and infos equal what a
tanbo.Game replaying that board's moves says (from variants' openings and from position strings,
against the random, MCTS and perfect opponents); Gymnasium's next-step autoreset; seeding; illegal
actions; the opponent moving inside C++; the GIL released; and, when Gymnasium imports, its
VectorEnv class, batched spaces and a vector wrapper that checks the autoreset mode."""

import numpy as np
import pytest

import tanbo
from tanbo.vector import TanboVectorEnv

from gil import worker_seen_busy


@pytest.mark.parametrize("variant,observation,dtype", [
    ("lattice-5", "planes", np.float32), ("lattice-9", "planes", np.float32), ("dense-7", "planes", np.float32),
    ("lattice-7", "planes", np.uint8), ("lattice-7", "board", np.int8)])
@pytest.mark.parametrize("agent", ["X", "O"])
def test_boards_agree_with_replayed_games(variant, observation, dtype, agent):
    check_boards_against_games(variant, observation, dtype, agent)


# Starts given as position strings (the side to move there opens), and the perfect opponent.
SMALL_START = "X2O/4/4/O2X X"


@pytest.mark.parametrize("variant,opponent", [
    ("lattice-5", "perfect"), (SMALL_START, "perfect"), ("XX1O/4/4/O2X O", "perfect"),
    ("XX1O/4/4/O2X O", "random"), ("3O1/5/2X2/5/O3X O", "mcts")])
@pytest.mark.parametrize("agent", ["X", "O"])
def test_boards_agree_with_replayed_games_other_starts_and_opponents(variant, opponent, agent, request):
    solution = None
    if opponent == "perfect":
        solution = request.getfixturevalue("lattice5_solution" if variant == "lattice-5" else "small_solution")
    check_boards_against_games(variant, "planes", np.float32, agent, steps=120, opponent=opponent,
                               solution=solution, mcts_playouts=20)


def check_boards_against_games(variant, observation, dtype, agent, steps=250, **kwargs):
    # After every step, each board's observation, masks, reward, flags, winner and ply equal what a
    # tanbo.Game replaying its moves says (the engines' own answers). step() rewrites only the
    # points a running board's moves changed, so this runs over many steps, with endings,
    # next-step autoresets and the odd illegal action; copy=False hands back the updated buffers.
    seed, boards = 7, 12
    env = TanboVectorEnv(boards, variant, agent=agent, observation=observation, obs_dtype=dtype, copy=False,
                         **kwargs)
    player = 0 if agent == "X" else 1
    opens = int(tanbo.Game(variant).to_move != agent)  # the opponent's moves before the agent's first
    obs, infos = env.reset(seed=seed)
    buffers = obs["observation"]
    reward, terminated, ended = np.zeros(boards), np.zeros(boards, bool), np.zeros(boards, bool)
    games, played = [None] * boards, [[] for _ in range(boards)]
    rng = np.random.default_rng(seed)
    episodes = illegal = 0
    for step in range(steps):
        for i in range(boards):
            moves = env.history(i)
            if games[i] is None or moves[:len(played[i])] != played[i]:  # a reset: start over
                games[i], played[i] = tanbo.Game(variant), []
            for a in moves[len(played[i]):]:
                games[i].apply_action(a)
            played[i] = list(moves)
            g = games[i]
            where = (seed, step, i, g.history())
            if step == 0 or ended[i]:  # a fresh game (next-step autoreset: the action ignored)
                assert len(moves) == opens and reward[i] == 0.0 and not terminated[i], where  # the opponent opened
            if infos["illegal_action"][i]:  # the episode ended on the agent's illegal action
                assert not obs["action_mask"][i].any() and terminated[i] and reward[i] == -1.0, where
                continue
            planes = g.observation_tensor(player).reshape(6, g.size, g.size)
            want = planes if observation == "planes" else (planes[0] - planes[1])
            assert np.array_equal(obs["observation"][i], want.astype(dtype)), where
            mask = np.array(g.legal_actions_mask(player), np.int8)
            assert np.array_equal(obs["action_mask"][i], mask) and np.array_equal(infos["action_mask"][i], mask), where
            assert bool(terminated[i]) == g.is_terminal() and infos["ply"][i] == g.ply, where
            assert infos["winner"][i] == {"X": 0, "O": 1}.get(g.winner, -1), where
            assert reward[i] == (g.returns()[player] if g.is_terminal() else 0.0), where
        actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]])
        if rng.random() < 0.05:  # an off-board action: that board ends and is rewritten whole
            actions[int(rng.integers(boards))] = games[0].size ** 2
            illegal += 1
        ended = terminated.copy()
        obs, reward, terminated, truncated, infos = env.step(actions)
        assert not truncated.any() and reward.dtype == np.float64
        assert obs["observation"] is buffers  # copy=False: the same buffers, updated in place
        episodes += int(terminated.sum())
    assert episodes >= 20 and illegal >= steps // 50, (episodes, illegal)
    return env


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
