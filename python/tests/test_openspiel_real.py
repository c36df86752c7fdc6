"""tanbo.openspiel against the real OpenSpiel: a pyspiel built from OpenSpiel's sources, with
OpenSpiel's Python sources (open_spiel.python) on PYTHONPATH; python/README.md says which version
was tried, how it was built and what this gave. Skipped where pyspiel does not import (CI checks
the same signatures against the stand-in in test_openspiel.py).

`python3 python/tests/test_openspiel_real.py [scale]` prints the figures python/README.md quotes:
random_sim_test sims and time, and OpenSpiel's MCTSBot against a uniform random bot per variant."""

import random
import sys
import time

import numpy as np
import pytest

import tanbo
from tanbo import openspiel

pyspiel = pytest.importorskip("pyspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
from open_spiel.python import rl_environment  # noqa: E402  (only where pyspiel imports)
from open_spiel.python.algorithms import evaluate_bots  # noqa: E402

VARIANTS = ["lattice-5", "lattice-7", "classic"]


def registered(variant):
    openspiel.register()
    return pyspiel.load_game(f"{openspiel.GAME_NAME}(variant={variant})")


def same_game(real, bare):
    """A registered pyspiel.Game and a bare TanboGame answer pyspiel.Game's calls alike."""
    for name in ["num_distinct_actions", "num_players", "min_utility", "max_utility", "utility_sum",
                 "max_game_length", "max_chance_outcomes", "observation_tensor_shape",
                 "observation_tensor_size", "policy_tensor_shape", "get_parameters", "__str__"]:
        assert getattr(real, name)() == getattr(bare, name)(), name
    rt, bt = real.get_type(), bare.get_type()
    for field in ["short_name", "dynamics", "chance_mode", "information", "utility", "reward_model",
                  "provides_information_state_string", "provides_observation_tensor"]:
        assert getattr(rt, field) == getattr(bt, field), field


def same_state(real, bare, n_actions):
    """One registered pyspiel.State and one bare tanbo.Game in the same position answer every
    pyspiel.State call alike (values; lists where pyspiel gives lists)."""
    player = real.current_player()
    assert bare.current_player() == player and str(real) == str(bare)
    for name in ["is_terminal", "is_chance_node", "is_simultaneous_node", "is_player_node",
                 "is_initial_state", "move_number", "history", "history_str", "rewards", "returns",
                 "chance_outcomes", "legal_actions"]:
        r, b = getattr(real, name)(), getattr(bare, name)()
        assert r == b and type(r) is type(b), (name, r, b)
    for p in (0, 1):
        assert real.legal_actions(p) == bare.legal_actions(p)
        mask = bare.legal_actions_mask(p)
        assert mask == real.legal_actions_mask(p) and len(mask) == n_actions
        assert all(type(m) is int for m in mask)
        obs = bare.observation_tensor(p)
        assert obs.ndim == 1 and np.array_equal(np.asarray(real.observation_tensor(p), np.float32), obs)
        for name in ["observation_string", "information_state_string", "player_return", "player_reward"]:
            assert getattr(real, name)(p) == getattr(bare, name)(p), name
    for a in real.legal_actions():
        text = real.action_to_string(player, a)
        assert text == bare.action_to_string(player, a) and bare.string_to_action(player, text) == a
        assert real.string_to_action(player, text) == a


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test(variant):
    game = registered(variant)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_bare_game_answers_as_the_registered_one(variant, seed=7):
    real_game, bare_game = registered(variant), openspiel.TanboGame({"variant": variant})
    same_game(real_game, bare_game)
    real, bare = real_game.new_initial_state(), bare_game.new_initial_state()
    assert isinstance(bare, tanbo.Game)
    rng = random.Random(seed)
    while True:
        same_state(real, bare, real_game.num_distinct_actions())
        if real.is_terminal():
            break
        player, action = real.current_player(), rng.choice(real.legal_actions())
        child = bare.clone()
        child.apply_action(action)
        child.undo_action(player, action)  # pyspiel's undo_action(player, action)
        assert child == bare, f"seed {seed}"
        real.apply_action(action)
        bare.apply_action(np.int64(action))  # numpy ints, as OpenSpiel's Python algorithms pass
    assert real_game.deserialize_state(real.serialize()).history() == bare.history()


def mcts_bot(game, simulations, seed):
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                        random_state=np.random.RandomState(seed))


class UniformRandom(pyspiel.Bot):
    """A uniform random bot that takes any pyspiel-style state (pyspiel's own C++ bot takes only
    pyspiel.State objects)."""

    def __init__(self, seed):
        pyspiel.Bot.__init__(self)
        self._rng = np.random.RandomState(seed)

    def step(self, state):
        return self._rng.choice(state.legal_actions(state.current_player()))

    def restart_at(self, state):
        pass

    def inform_action(self, state, player, action):
        pass


def mcts_game(game, simulations, seed, mcts_player):
    """OpenSpiel's MCTSBot against a uniform random bot, one full game: (returns, plies, MCTS
    moves, MCTS seconds). The state the bots see is game.new_initial_state()."""
    bots = [UniformRandom(seed), UniformRandom(seed)]
    bot = mcts_bot(game, simulations, seed)
    timed = {"moves": 0, "seconds": 0.0}

    class Timed(pyspiel.Bot):
        def __init__(self):
            pyspiel.Bot.__init__(self)

        def step(self, state):
            start = time.perf_counter()
            action = bot.step(state)
            timed["seconds"] += time.perf_counter() - start
            timed["moves"] += 1
            return action

        def restart_at(self, state):
            bot.restart_at(state)

        def inform_action(self, state, player, action):
            pass

    bots[mcts_player] = Timed()
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))
    return returns, timed["moves"], timed["seconds"]


@pytest.mark.parametrize("variant", ["lattice-5", "lattice-7"])
def test_mcts_bot_plays_full_games(variant):
    """OpenSpiel's Python MCTSBot on the registered game and on a bare TanboGame (its states plain
    tanbo.Game objects), and pyspiel's C++ MCTSBot on the registered game."""
    for game in (registered(variant), openspiel.TanboGame({"variant": variant})):
        for mcts_player in (0, 1):
            returns, moves, _ = mcts_game(game, 20, seed=3, mcts_player=mcts_player)
            assert sorted(returns) == [-1.0, 1.0] and moves > 0
    game = registered(variant)
    cpp = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 5), 2.0, 20, 100, False, 5, False)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [cpp, pyspiel.make_uniform_random_bot(1, 5)], 5)
    assert sorted(returns) == [-1.0, 1.0]


@pytest.mark.parametrize("variant", ["lattice-5", "classic"])
def test_rl_environment(variant, seed=11):
    """open_spiel.python.rl_environment.Environment on the registered game and on a bare
    TanboGame ("pyspiel.Game or API-compatible object"): the same episode, the same time steps."""
    episodes = []
    for game in (registered(variant), openspiel.TanboGame({"variant": variant})):
        env, rng, steps = rl_environment.Environment(game), random.Random(seed), []
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            steps.append((player, list(legal), [list(np.asarray(i, np.float32)) for i in step.observations["info_state"]]))
            step = env.step([rng.choice(legal)])
        steps.append(tuple(step.rewards))
        episodes.append(steps)
    assert episodes[0] == episodes[1] and sorted(episodes[0][-1]) == [-1.0, 1.0]


def figures(scale):
    """The figures python/README.md quotes: per variant, random_sim_test's sims, MCTSBot's
    simulations per move and games (times ``scale``)."""
    print(f"pyspiel from {pyspiel.__file__}")
    plan = {"lattice-5": (200, 100, 2), "lattice-7": (100, 100, 2), "classic": (10, 20, 1)}
    for variant in VARIANTS:
        sims, mcts_sims, games = plan[variant]
        games *= scale
        game = registered(variant)
        start = time.perf_counter()
        pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)
        sim_s = time.perf_counter() - start
        line = f"{variant}: random_sim_test {sims} sims in {sim_s:.1f} s ({1000 * sim_s / sims:.1f} ms/sim)"
        for label, g_ in (("registered", game), ("bare TanboGame", openspiel.TanboGame({"variant": variant}))):
            wins = moves = 0
            seconds = 0.0
            for g in range(games):
                mcts_player = g % 2
                returns, m, s = mcts_game(g_, mcts_sims, seed=g, mcts_player=mcts_player)
                wins += returns[mcts_player] > 0
                moves, seconds = moves + m, seconds + s
            line += (f"; MCTSBot({mcts_sims} simulations, 1 random rollout) vs uniform random on the {label}: "
                     f"{games} games, MCTS won {wins}, {moves} MCTS moves, {1000 * seconds / max(moves, 1):.0f} ms/move")
        print(line, flush=True)

if __name__ == "__main__":
    figures(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
