"""tanbo.env under the real libraries' own checkers: Gymnasium's check_env, gymnasium.make with
its passive checker, gymnasium.make_vec, and PettingZoo's api_test, seed_test, state_test and
render_test, bare and inside PettingZoo's standard wrappers, on lattice-5, lattice-9 and classic.

Skipped when gymnasium / pettingzoo do not import; CTest puts TANBO_PYDEPS_DIR (default
../shared/pydeps beside the repository: Gymnasium 1.4.0, PettingZoo 1.27.0.dev0) on PYTHONPATH so
CI always runs them. Warnings the checkers raise are errors here: a checker that only warns
(render without a mode, an info that does not batch, ...) must still fail this test."""

import warnings

import numpy as np
import pytest

import tanbo
from tanbo import env as tenv

gym = pytest.importorskip("gymnasium")
VARIANTS = ["lattice-5", "lattice-9", "classic"]


@pytest.fixture(autouse=True)
def warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # numpy's own deprecations inside the libraries are not ours to fix
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        # PettingZoo's advice for every Dict observation with an action mask (its own classic
        # games, chess and go, are on its list of exceptions)
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


# --------------------------------------------------------------------------------------------
# Gymnasium


@pytest.mark.parametrize("agent", ["X", "O"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env(variant, agent):
    from gymnasium.utils.env_checker import check_env

    # Through gymnasium.make's spec, so check_env also makes the env in every other render mode.
    for mode in [None, *tenv.TanboEnv.metadata["render_modes"]]:
        env = gym.make("tanbo/Tanbo-v0", variant=variant, agent=agent, render_mode=mode)
        check_env(env.unwrapped, skip_render_check=False)


def test_gymnasium_check_env_mcts_opponent():
    from gymnasium.utils.env_checker import check_env

    check_env(gym.make("tanbo/Tanbo-v0", variant="lattice-5", opponent="mcts").unwrapped)


def test_gymnasium_seeding_is_default_rng():
    # test_env.py's test_gym_seeding_is_gymnasiums seeds as np.random.default_rng(seed) does:
    # Gymnasium's own seeding.np_random(seed), which Env.reset(seed=) uses.
    assert gym.utils.seeding.np_random(7)[0].bit_generator.state == np.random.default_rng(7).bit_generator.state


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_make_and_wrappers(variant):
    from gymnasium.wrappers import FlattenObservation

    env = gym.make("tanbo/Tanbo-v0", variant=variant)  # the passive checker wraps it
    assert isinstance(env.unwrapped, tenv.TanboEnv)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = terminated or truncated
    assert info["winner"] in (0, 1) and reward in (-1.0, 1.0)
    flat = FlattenObservation(gym.make("tanbo/Tanbo-v0", variant=variant))
    obs, _ = flat.reset(seed=2)
    n = tanbo.Game(variant).size
    assert obs.shape == (6 * n * n + n * n,) and flat.observation_space.contains(obs)
    obs, *_ = flat.step(int(np.flatnonzero(obs[-n * n:])[0]))  # the mask is the flat tail
    assert flat.observation_space.contains(obs)


def test_gymnasium_make_vec_sync():
    envs = gym.make_vec("tanbo/Tanbo-v0", num_envs=3, vectorization_mode="sync", variant="lattice-5")
    obs, infos = envs.reset(seed=[1, 2, 3])
    assert obs["observation"].shape == (3, 6, 5, 5) and obs["action_mask"].shape == (3, 25)
    # infos batch into plain numeric arrays, not object arrays of str / None
    for key in ("winner", "ply", "illegal_action"):
        assert infos[key].dtype != object, (key, infos[key])
    for _ in range(30):
        # the first legal action; 0 for a finished board (next-step autoreset ignores it)
        actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs["action_mask"]])
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        assert infos["winner"].dtype != object and infos["action_mask"].dtype == np.int8
        assert rewards.dtype == np.float64 and terminations.dtype == np.bool_
    envs.close()
    # Without a mode, make_vec builds the registered vector entry point: the C++ batch.
    from tanbo.vector import TanboVectorEnv

    batched = gym.make_vec("tanbo/Tanbo-v0", num_envs=3, variant="lattice-5")
    assert isinstance(batched, TanboVectorEnv) and batched.num_envs == 3
    obs, infos = batched.reset(seed=[1, 2, 3])
    assert batched.observation_space.contains(obs) and infos["winner"].dtype == np.int8


# --------------------------------------------------------------------------------------------
# PettingZoo

pz_test = pytest.importorskip("pettingzoo.test")


def _aec_makers():
    return {"bare": tenv.TanboAECEnv, "wrapped": tenv.env}


@pytest.mark.parametrize("wrapping", ["bare", "wrapped"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_seed_state(variant, wrapping):
    make = _aec_makers()[wrapping]
    pz_test.api_test(make(variant=variant), num_cycles=100)
    pz_test.seed_test(lambda **kw: make(variant=variant, **kw), num_cycles=100)
    from pettingzoo.test.state_test import test_state

    env = make(variant=variant)
    env.reset(seed=0)
    assert env.state_space.contains(env.state())
    test_state(env, 100)


def test_pettingzoo_state_space_test():
    from pettingzoo.test.state_test import test_state_space

    test_state_space(tenv.TanboAECEnv(variant="lattice-5"))


def test_pettingzoo_render_test():
    pz_test.render_test(lambda render_mode=None: tenv.env(variant="lattice-5", render_mode=render_mode),
                        custom_tests={"svg": lambda r: isinstance(r, str) and r.startswith("<svg")})


# --------------------------------------------------------------------------------------------
# The perfect opponent (opponent="perfect") under the same checkers: lattice-5's table from the
# session fixture, the 4x4 start solved on demand.

SMALL_START = "X2O/4/4/O2X X"


@pytest.mark.parametrize("agent", ["X", "O"])
def test_gymnasium_check_env_perfect_opponent(lattice5_solution, agent):
    from gymnasium.utils.env_checker import check_env

    for mode in [None, *tenv.TanboEnv.metadata["render_modes"]]:
        env = gym.make("tanbo/Tanbo-v0", variant="lattice-5", opponent="perfect", agent=agent,
                       solution=lattice5_solution, render_mode=mode)
        check_env(env.unwrapped, skip_render_check=False)
    check_env(gym.make("tanbo/Tanbo-v0", variant=SMALL_START, opponent="perfect", agent=agent).unwrapped)


@pytest.mark.parametrize("seat", ["player_0", "player_1"])
@pytest.mark.parametrize("wrapping", ["bare", "wrapped"])
def test_pettingzoo_api_seed_state_perfect_opponent(lattice5_solution, wrapping, seat):
    from pettingzoo.test.state_test import test_state

    def make(**kw):
        return _aec_makers()[wrapping](variant="lattice-5", opponent="perfect", opponent_agent=seat,
                                       solution=lattice5_solution, **kw)

    pz_test.api_test(make(), num_cycles=100)
    pz_test.seed_test(make, num_cycles=100)
    env = make()
    env.reset(seed=0)
    assert env.state_space.contains(env.state())
    test_state(env, 100)
    small = _aec_makers()[wrapping](variant=SMALL_START, opponent="perfect", opponent_agent=seat)
    pz_test.api_test(small, num_cycles=100)


def test_gymnasium_make_vec_perfect_opponent(lattice5_solution):
    from tanbo.vector import TanboVectorEnv

    for mode in (None, "sync"):
        kwargs = {} if mode is None else {"vectorization_mode": mode}
        envs = gym.make_vec("tanbo/Tanbo-v0", num_envs=3, variant="lattice-5", opponent="perfect", agent="O",
                            solution=lattice5_solution, **kwargs)
        assert isinstance(envs, TanboVectorEnv) == (mode is None)
        obs, infos = envs.reset(seed=[1, 2, 3])
        assert envs.observation_space.contains(obs)
        ended = np.zeros(3, bool)
        for _ in range(30):
            actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs["action_mask"]])
            obs, rewards, terminations, truncations, infos = envs.step(actions)
            assert envs.observation_space.contains(obs) and not truncations.any()
            assert (rewards[terminations] == -1.0).all(), "perfect X never loses lattice-5"
            ended |= terminations
        assert ended.all()
        envs.close()
