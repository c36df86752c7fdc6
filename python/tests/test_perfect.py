"""The perfect opponent (opponent="perfect") of tanbo.env.TanboEnv, tanbo.env.TanboAECEnv and
tanbo.vector.TanboVectorEnv, and tanbo.env.PerfectPlayer under them (docs/solutions.md).

* It never loses a game from a start it wins, and wins within the start's perfect-play length
  whatever the agent does (random agents, an MCTS agent, perfect defence, which it beats in
  exactly that length): on lattice-5 (X wins in 24) and from random won positions of the 4x4
  start, in every environment.
* Every environment ends every way a game can end, on purpose, from positions of the 4x4 start's
  table: the agent's move wins; the opponent's move wins; the agent's move removes the agent's own
  last root (rule 6 case 1, so the agent loses: rule 7); the opponent is left only moves that
  remove its own last root and plays one; an illegal action. Both agents' rewards, terminations,
  truncations and infos are asserted.
* The C++ batch's perfect opponent breaks ties as PerfectPlayer does with the same seed.
* It is refused, saying why, where there is no table (classic, lattice-9, dense-5 without one) or
  the table does not hold the start.

Deterministic: every seed is fixed, every loop bounded by counts."""

import numpy as np
import pytest

import tanbo
from conftest import SMALL_START
from tanbo import env as tenv
from tanbo.vector import TanboVectorEnv

LATTICE5_LENGTH = 24  # X wins lattice-5 in 24 plies (docs/solutions.md)


def other(side):
    return "O" if side == "X" else "X"


def random_won_positions(solution, count, seed):
    """`count` positions reachable from the 4x4 start (random walks of 0 to 12 plies), each with
    its answer: won for the side to move or for the other side."""
    rng = tanbo.Rng(seed)
    out = []
    while len(out) < count:
        game = tanbo.Game(SMALL_START)
        for _ in range(rng.below(13)):
            if game.is_over:
                break
            game.play(game.random_move(rng))
        if not game.is_over:
            out.append((game.position(), solution.probe(game)))
    return out


# ---------------------------------------------------------------------------------------------
# It never loses a game it wins


def test_vector_perfect_x_beats_random_o_on_lattice5(lattice5_solution):
    env = TanboVectorEnv(num_envs=32, variant="lattice-5", opponent="perfect", agent="O", solution=lattice5_solution)
    obs, _ = env.reset(seed=100)
    rng = np.random.default_rng(100)
    games, plies = 0, []
    for _ in range(2000):
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, rewards, terminations, truncations, infos = env.step(actions)
        assert not truncations.any()
        for i in np.flatnonzero(terminations):
            assert rewards[i] == -1.0 and infos["winner"][i] == 0 and not infos["illegal_action"][i]
            assert infos["ply"][i] <= LATTICE5_LENGTH, "perfect play wins within its length"
            plies.append(int(infos["ply"][i]))
            games += 1
        if games >= 200:
            break
    assert games >= 200, games
    # Random defence is quick to lose: most games end well before the perfect-play length.
    assert min(plies) < LATTICE5_LENGTH


@pytest.mark.parametrize("kind", ["random", "mcts", "perfect"])
def test_gym_perfect_x_beats_o_on_lattice5(lattice5_solution, kind):
    games = {"random": 20, "mcts": 3, "perfect": 3}[kind]
    env = tenv.TanboEnv(variant="lattice-5", opponent="perfect", agent="O", solution=lattice5_solution)
    for seed in range(games):
        agent = {"random": tenv.RandomPlayer(seed), "mcts": tenv.MCTSPlayer(playouts=300, seed=seed),
                 "perfect": tenv.PerfectPlayer(lattice5_solution, seed)}[kind]
        env.reset(seed=seed)
        done = False
        while not done:
            _, reward, done, truncated, info = env.step(agent(env.game))
            assert not truncated
        assert reward == -1.0 and info["winner"] == 0 and not info["illegal_action"]
        assert env.game.ply <= LATTICE5_LENGTH
        if kind == "perfect":  # against the longest defence, the fastest win takes exactly 24
            assert env.game.ply == LATTICE5_LENGTH


def test_perfect_never_loses_from_random_won_positions(small_solution):
    positions = random_won_positions(small_solution, 150, seed=7)
    assert {a.winner for _, a in positions} == {"X", "O"}
    for k, (position, answer) in enumerate(positions):
        loser = other(answer.winner)
        # The agent (the losing side) plays randomly, then perfectly (the longest defence).
        for agent in (tenv.RandomPlayer(k), tenv.PerfectPlayer(small_solution, k)):
            env = tenv.TanboEnv(variant=position, opponent="perfect", agent=loser, solution=small_solution)
            _, info = env.reset(seed=k)
            done = env.game.is_over
            while not done:
                _, reward, done, _, info = env.step(agent(env.game))
            assert env.game.winner == answer.winner, (position, env.game.moves())
            assert info["winner"] == (0 if answer.winner == "X" else 1)
            assert env.game.ply <= answer.length
            if isinstance(agent, tenv.PerfectPlayer):
                assert env.game.ply == answer.length, (position, env.game.moves())


def test_aec_and_vector_perfect_never_lose_from_random_won_positions(small_solution):
    positions = random_won_positions(small_solution, 40, seed=8)
    for k, (position, answer) in enumerate(positions):
        loser = other(answer.winner)
        seats = {"X": "player_0", "O": "player_1"}
        aec = tenv.TanboAECEnv(variant=position, opponent="perfect", opponent_agent=seats[answer.winner],
                               solution=small_solution)
        aec.reset(seed=k)
        agent = tenv.RandomPlayer(k)
        while not aec.terminations[seats[loser]]:
            assert aec.agent_selection == seats[loser]
            aec.step(agent(aec.game))
        assert aec.rewards == {seats[loser]: -1.0, seats[answer.winner]: 1.0}
        assert aec.game.ply <= answer.length
        vec = TanboVectorEnv(num_envs=4, variant=position, opponent="perfect", agent=loser, solution=small_solution)
        obs, _ = vec.reset(seed=k)
        rng = np.random.default_rng(k)
        ended = np.zeros(4, bool)
        for _ in range(answer.length):
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
            obs, rewards, terminations, _, infos = vec.step(actions)
            for i in np.flatnonzero(terminations & ~ended):
                assert rewards[i] == -1.0 and infos["ply"][i] <= answer.length
            ended |= terminations
        assert ended.all(), "every board ends within the perfect-play length"


def test_vector_opponent_breaks_ties_as_perfect_player(small_solution):
    # Board i of reset(seed=s) draws from Rng(s + i) as PerfectPlayer(solution, s + i) does, and
    # keeps drawing from it across the board's episodes.
    env = TanboVectorEnv(num_envs=6, variant=SMALL_START, opponent="perfect", agent="X", solution=small_solution)
    obs, _ = env.reset(seed=40)
    rng = np.random.default_rng(1)
    episodes = [[] for _ in range(6)]
    for _ in range(60):
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, _, terminations, _, _ = env.step(actions)
        for i in np.flatnonzero(terminations):
            episodes[i].append(env.history(i))
    ties = 0
    for i, games in enumerate(episodes):
        assert games, i
        player = tenv.PerfectPlayer(small_solution, 40 + i)
        for history in games:
            game = tanbo.Game(SMALL_START)
            for action in history:
                if game.current_player() == 1:  # the opponent's move
                    ties += len(small_solution.best_moves(game)) > 1
                    assert player(game) == action, (i, history)
                game.apply_action(action)
            assert game.is_over and game.winner == "O"
    assert ties > 20, "the comparison must cover choices between equal moves"


# ---------------------------------------------------------------------------------------------
# Every ending, on purpose, in every environment

# Positions of the 4x4 start's table (hand-picked, each premise checked below):
# (name, start, the agent's side, the agent's move, the winner, the opponent's reply or None,
#  plies played, which side's stones the ending move left without any).
ENDINGS = [
    # The agent's move removes the opponent's last stones.
    ("agent wins", "2OO/3O/O2X/O1XX O", "O", "B4", "O", None, 1),
    # The agent has one move; the opponent's reply removes the agent's last stones.
    ("agent loses", "XX2/1X2/XX2/O2X O", "O", "B4", "X", "C4", 2),
    # The agent's move bounds the agent's own last root: rule 6 removes it, the agent loses.
    ("agent removes its own last root", "XX2/X3/O2X/O1XX O", "O", "B4", "X", None, 1),
    # After the agent's move the opponent's only move bounds its own last root: it loses.
    ("opponent removes its own last root", "XX1O/1XX1/4/3X X", "X", "D2", "X", "C1", 2),
]


def check_premise(solution, start, side, move, winner, reply, plies):
    """The hand-picked position does what its row says (the engine's own verdict), and the
    perfect opponent's reply is its only best move."""
    game = tanbo.Game(start)
    assert game.to_move == side
    result = game.play(move)
    if reply is not None:
        assert not game.is_over and solution.best_moves(game) == [reply]
        mover = game.to_move
        result = game.play(reply)
        # The ending move's mover keeps its stones iff it wins.
        assert (game.stone_count(mover) > 0) == (mover == winner)
    else:
        assert (game.stone_count(side) > 0) == (side == winner)
    assert result.removal != "none" and game.is_over and game.winner == winner and game.ply == plies


@pytest.mark.parametrize("name,start,side,move,winner,reply,plies", ENDINGS, ids=[e[0] for e in ENDINGS])
def test_endings_gym(small_solution, name, start, side, move, winner, reply, plies):
    check_premise(small_solution, start, side, move, winner, reply, plies)
    env = tenv.TanboEnv(variant=start, opponent="perfect", agent=side, solution=small_solution)
    obs, info = env.reset(seed=0)
    assert (info["ply"], info["winner"], info["illegal_action"]) == (0, -1, False)
    assert np.flatnonzero(info["action_mask"]).tolist() == env.game.legal_actions()
    obs, reward, terminated, truncated, info = env.step(env.game.string_to_action(move))
    assert (reward, terminated, truncated) == ((1.0 if winner == side else -1.0), True, False)
    assert info["winner"] == (0 if winner == "X" else 1) and info["ply"] == plies and not info["illegal_action"]
    assert not obs["action_mask"].any() and not info["action_mask"].any()
    assert env.game.moves() == [move] + ([reply] if reply else [])
    with pytest.raises(tanbo.UsageError, match="episode is over"):
        env.step(0)


@pytest.mark.parametrize("name,start,side,move,winner,reply,plies", ENDINGS, ids=[e[0] for e in ENDINGS])
def test_endings_aec_with_opponent(small_solution, name, start, side, move, winner, reply, plies):
    me, them = ("player_0", "player_1") if side == "X" else ("player_1", "player_0")
    env = tenv.TanboAECEnv(variant=start, opponent="perfect", opponent_agent=them, solution=small_solution)
    env.reset(seed=0)
    assert env.agent_selection == me and env.agents == ["player_0", "player_1"]
    env.step(env.game.string_to_action(move))
    mine = 1.0 if winner == side else -1.0
    assert env.rewards == {me: mine, them: -mine}
    assert env._cumulative_rewards == {me: mine, them: -mine}
    assert env.terminations == {me: True, them: True} and env.truncations == {me: False, them: False}
    assert env.infos == {me: {}, them: {}} and env.game.ply == plies
    # The learning agent takes its dead step first, then the opponent's seat.
    assert env.agent_selection == me
    obs, reward, terminated, truncated, info = env.last()
    assert (reward, terminated, truncated, info) == (mine, True, False, {}) and not obs["action_mask"].any()
    env.step(None)
    assert env.agent_selection == them and env.agents == [them]
    assert env.last()[1:] == (-mine, True, False, {})
    env.step(None)
    assert env.agents == [] and list(env.agent_iter()) == []


@pytest.mark.parametrize("name,start,side,move,winner,reply,plies", ENDINGS, ids=[e[0] for e in ENDINGS])
def test_endings_aec_two_agents(name, start, side, move, winner, reply, plies):
    # Both seats learning: the mover of the ending move ends it; each reward on that step.
    env = tenv.TanboAECEnv(variant=start)
    env.reset(seed=0)
    seat = {"X": "player_0", "O": "player_1"}
    assert env.agent_selection == seat[side]
    env.step(env.game.string_to_action(move))
    if reply is not None:
        assert env.rewards == {"player_0": 0.0, "player_1": 0.0} and not any(env.terminations.values())
        assert env.agent_selection == seat[other(side)]
        env.step(env.game.string_to_action(reply))
    final = {seat[winner]: 1.0, seat[other(winner)]: -1.0}
    assert env.rewards == final and env._cumulative_rewards == final
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.truncations == {"player_0": False, "player_1": False}
    assert env.infos == {"player_0": {}, "player_1": {}} and env.game.ply == plies
    first = env.agent_selection  # the side that did not make the ending move
    assert env.last()[1:] == (final[first], True, False, {})
    env.step(None)
    second = env.agent_selection
    assert second != first and env.last()[1:] == (final[second], True, False, {})
    env.step(None)
    assert env.agents == []


@pytest.mark.parametrize("name,start,side,move,winner,reply,plies", ENDINGS, ids=[e[0] for e in ENDINGS])
def test_endings_vector(small_solution, name, start, side, move, winner, reply, plies):
    env = TanboVectorEnv(num_envs=3, variant=start, opponent="perfect", agent=side, solution=small_solution)
    obs, infos = env.reset(seed=0)
    assert (infos["ply"] == 0).all() and (infos["winner"] == -1).all()
    action = tanbo.Game(start).string_to_action(move)
    obs, rewards, terminations, truncations, infos = env.step([action] * 3)
    mine = 1.0 if winner == side else -1.0
    assert rewards.tolist() == [mine] * 3 and terminations.all() and not truncations.any()
    assert infos["winner"].tolist() == [0 if winner == "X" else 1] * 3 and infos["ply"].tolist() == [plies] * 3
    assert not infos["illegal_action"].any() and not obs["action_mask"].any()
    assert all(infos[f"_{k}"].all() for k in ("winner", "ply", "illegal_action", "action_mask"))
    expected = [move] + ([reply] if reply else [])
    game = tanbo.Game(start)
    assert [env.history(i) for i in range(3)] == [[game.string_to_action(m) for m in expected]] * 3
    # Next-step autoreset: the boards restart from the start, the action ignored.
    obs, rewards, terminations, _, infos = env.step([0, 0, 0])
    assert not terminations.any() and (rewards == 0).all() and (infos["ply"] == 0).all()
    assert np.array_equal(obs["action_mask"][0], tanbo.Game(start).legal_mask().astype(np.int8))


def test_endings_illegal_action(small_solution):
    # The remaining ending: an illegal action (an occupied point) ends it, the agent losing.
    start = "2OO/3O/O2X/O1XX O"
    env = tenv.TanboEnv(variant=start, opponent="perfect", agent="O", solution=small_solution)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(2)
    assert (reward, terminated, truncated, info["illegal_action"], info["winner"], info["ply"]) == (
        -1.0, True, False, True, -1, 0)
    aec = tenv.TanboAECEnv(variant=start, opponent="perfect", opponent_agent="player_0", solution=small_solution)
    aec.reset(seed=0)
    aec.step(2)
    assert aec.rewards == {"player_1": -1.0, "player_0": 0.0}
    assert aec.terminations == {"player_0": True, "player_1": True}
    assert aec.truncations == {"player_0": False, "player_1": False}
    assert aec.infos == {"player_0": {"illegal_action": "player_1"}, "player_1": {"illegal_action": "player_1"}}
    assert aec.agent_selection == "player_1"
    vec = TanboVectorEnv(num_envs=2, variant=start, opponent="perfect", agent="O", solution=small_solution)
    vec.reset(seed=0)
    _, rewards, terminations, truncations, infos = vec.step([2, 2])
    assert rewards.tolist() == [-1.0, -1.0] and terminations.all() and not truncations.any()
    assert infos["illegal_action"].all() and (infos["winner"] == -1).all()


# ---------------------------------------------------------------------------------------------
# Seeding, the opponent's seat, refusals


def test_aec_opponent_opens_and_replays_from_its_seed(small_solution):
    # The opponent seat X opens inside reset(); the same seed replays the same game.
    def run(seed):
        env = tenv.TanboAECEnv(variant=SMALL_START, opponent="perfect", opponent_agent="player_0",
                               solution=small_solution)
        env.reset(seed=seed)
        assert env.game.ply == 1 and env.agent_selection == "player_1"
        agent = tenv.RandomPlayer(0)
        while env.agents:
            env.step(None if env.terminations[env.agent_selection] else agent(env.game))
        return env.game.moves()

    assert run(3) == run(3)
    assert len({tuple(run(s)) for s in range(6)}) > 1, "the seed breaks the opponent's ties"


def test_gym_opponent_is_seeded_from_reset(small_solution):
    # Agent X: the opponent has not moved yet, so its Rng has made no draw.
    env = tenv.TanboEnv(variant=SMALL_START, opponent="perfect", agent="X", solution=small_solution)
    env.reset(seed=9)
    expected = np.random.default_rng(9)
    assert env.opponent.rng.next() == tanbo.Rng(int(expected.integers(2**63))).next()
    assert isinstance(env.opponent, tenv.PerfectPlayer) and env.opponent.solution is small_solution


def test_perfect_solves_small_starts_on_demand():
    env = tenv.TanboEnv(variant=SMALL_START, opponent="perfect", agent="X")
    assert env.opponent.solution.start == SMALL_START
    vec = TanboVectorEnv(num_envs=2, variant=SMALL_START, opponent="perfect", agent="X")
    assert vec.solution.start == SMALL_START and vec.solution.positions == 54735


def test_perfect_is_refused_without_a_table(small_solution):
    for make in (lambda v, **kw: tenv.TanboEnv(variant=v, opponent="perfect", **kw),
                 lambda v, **kw: tenv.TanboAECEnv(variant=v, opponent="perfect", **kw),
                 lambda v, **kw: TanboVectorEnv(num_envs=2, variant=v, opponent="perfect", **kw)):
        with pytest.raises(tanbo.UsageError, match="classic is 19x19: only boards up to 5x5 are solved"):
            make("classic")
        with pytest.raises(tanbo.UsageError, match="lattice-9 is 9x9"):
            make("lattice-9")
        with pytest.raises(tanbo.UsageError, match="the table of X2O/4/4/O2X X is of a 4x4 board, the start "
                                                   "lattice-5 of a 5x5 board"):
            make("lattice-5", solution=small_solution)
        # Another 4x4 start: White to move in the opening is not reachable from it.
        with pytest.raises(tanbo.UsageError, match="does not hold the start X2O/4/4/O2X O"):
            make("X2O/4/4/O2X O", solution=small_solution)
        with pytest.raises(TypeError, match="solution must be a tanbo.Solution, not bytes"):
            make(SMALL_START, solution=small_solution.to_bytes())
    with pytest.raises(ValueError, match="solution= is the table of opponent='perfect'"):
        tenv.TanboEnv(variant=SMALL_START, opponent="random", solution=small_solution)
    with pytest.raises(ValueError, match="solution= is the table of opponent='perfect'"):
        TanboVectorEnv(variant=SMALL_START, opponent="mcts", solution=small_solution)
    with pytest.raises(ValueError, match="there is no opponent"):
        tenv.TanboAECEnv(variant=SMALL_START, solution=small_solution)
    with pytest.raises(ValueError, match="opponent_agent"):
        tenv.TanboAECEnv(variant=SMALL_START, opponent="random", opponent_agent="player_2")
    # The C++ batch checks on its own too.
    from tanbo._core import VectorGames

    with pytest.raises(tanbo.UsageError, match="table of X2O/4/4/O2X X does not hold the start X2O/4/4/O2X O"):
        VectorGames("X2O/4/4/O2X O", 2, "X", 0, small_solution)
    with pytest.raises(tanbo.UsageError, match="MCTS or perfect play, not both"):
        VectorGames(SMALL_START, 2, "X", 10, small_solution)
    with pytest.raises(TypeError, match="solution must be a tanbo.Solution, not str"):
        VectorGames(SMALL_START, 2, "X", 0, "table")
    player = tenv.PerfectPlayer(small_solution)
    over = tanbo.Game("2OO/3O/O2X/O1XX O")
    over.play("B4")
    with pytest.raises(tanbo.UsageError, match="the game is over"):
        player(over)
    with pytest.raises(TypeError, match="PerfectPlayer: solution must be a tanbo.Solution"):
        tenv.PerfectPlayer("lattice-5")


def test_perfect_on_dense5_needs_its_table():
    # dense-5's 84,805,263 classes are beyond Solution.solve's default max_classes: the solver
    # stops at 8,000,000 (about 14 s) and the refusal says how to get the table.
    with pytest.raises(tanbo.UsageError, match=r"cannot solve dense-5 on demand \(.*8000000.*\); solve it once "
                                               r"with `tanbo solve dense-5 --out FILE` and pass "
                                               r"solution=tanbo.Solution.open\(FILE\)"):
        tenv.TanboEnv(variant="dense-5", opponent="perfect")


# ---------------------------------------------------------------------------------------------
# Solved once per process, however many environments ask


def test_fifty_perfect_opponents_and_a_vector_env_solve_lattice5_once(lattice5_solution):
    # Every environment made without solution= plays from Solution.shared("lattice-5"), the
    # table the fixture holds: lattice-5 is solved once in the whole process (the fixture's solve,
    # or this test's first environment's if it runs alone), never once per environment.
    envs = [tenv.TanboEnv(variant="lattice-5", opponent="perfect", agent="XO"[k % 2]) for k in range(50)]
    vector = TanboVectorEnv(num_envs=3, variant="lattice-5", opponent="perfect", agent="O")
    aec = tenv.TanboAECEnv(variant="lattice-5", opponent="perfect")
    assert tanbo._core._shared_solution_solves("lattice-5") == 1
    assert all(e.opponent.solution.sha256 == lattice5_solution.sha256 for e in envs)
    assert vector.solution.sha256 == lattice5_solution.sha256
    # They play: the perfect opponent opens as X for an agent playing O.
    for k, e in enumerate(envs[:4]):
        _, info = e.reset(seed=k)
        assert info["ply"] == k % 2
    vector.reset(seed=1)
    aec.reset(seed=1)
    assert tanbo._core._shared_solution_solves("lattice-5") == 1
