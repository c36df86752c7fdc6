"""The integer-action, OpenSpiel-style state API of tanbo.Game, on both engines: action
y * N + x, legal_actions / legal_mask / legal_moves agreement, apply_action == play(name),
players, returns, clones, observation tensors per player, serialize, max_game_length."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tanbo
from conftest import random_game

VARIANTS = ["lattice-5", "dense-5", "lattice-7", "dense-7", "lattice-9", "dense-9"]

games = st.builds(random_game, st.sampled_from(VARIANTS), st.sampled_from(["optimized", "reference"]),
                  st.integers(0, 2**64 - 1), st.integers(0, 200))


def test_action_encoding():
    g = tanbo.Game("lattice-9")
    n = g.size
    assert g.num_distinct_actions() == n * n == 81
    assert g.string_to_action("A1") == 0 and g.string_to_action("B1") == 1
    assert g.string_to_action("A2") == n and g.string_to_action("i9") == 80
    assert [g.action_to_string(a) for a in (0, 1, n, 80)] == ["A1", "B1", "A2", "I9"]
    assert g.action_to_string(0, 1) == "B1"  # OpenSpiel's (player, action) form
    assert g.num_players() == 2 and g.is_chance_node() is False
    assert g.observation_tensor_shape() == [6, 9, 9]


def test_lattice5_start_in_actions(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    assert g.legal_actions() == [1, 5, 19, 23]  # B1, A2, E4, D5
    assert g.current_player() == 0 and not g.is_terminal() and g.returns() == [0.0, 0.0]
    assert g.play(5).move == "A2"  # play() takes an int action too
    assert g.current_player() == 1 and g.history() == [5]
    g.apply_action(g.string_to_action("D1"))
    assert g.moves() == ["A2", "D1"] and g.history() == [5, 3]


@given(games)
def test_legal_actions_agree_with_names_and_mask(g):
    n = g.size
    actions = g.legal_actions()
    assert actions == sorted(actions)
    assert actions == [g.string_to_action(m) for m in g.legal_moves()]
    assert actions == np.flatnonzero(g.legal_mask()).tolist()
    assert all(g.is_legal(a) for a in actions)
    assert len(actions) == g.legal_move_count()
    assert g.history() == [g.string_to_action(m) for m in g.moves()]
    assert g.ply <= g.max_game_length()
    for a in (-1, n * n, 2**70, -(2**70)):
        assert g.is_legal(a) is False


@given(games, st.data())
def test_apply_action_is_play_of_the_name(g, data):
    if g.is_terminal():
        assert g.current_player() == -4 and g.legal_actions() == []
        winner = 0 if g.winner == "X" else 1
        assert g.returns()[winner] == 1.0 and g.returns()[1 - winner] == -1.0
        return
    assert g.current_player() == (0 if g.to_move == "X" else 1)
    a = data.draw(st.sampled_from(g.legal_actions()), label="action")
    h = g.clone()
    h.apply_action(np.int64(a))  # numpy ints are actions too
    r = g.play(g.action_to_string(a))
    assert h == g and h.record() == g.record() and h.last_result() == r


@given(games)
def test_clone_is_independent(g):
    h = g.clone()
    assert h == g and h.serialize() == g.serialize() and h.engine == g.engine
    if not h.is_terminal():
        h.apply_action(h.legal_actions()[0])
        assert h.ply == g.ply + 1 and g.history() == h.history()[:-1]


@given(games)
def test_serialize_roundtrip(g):
    h = tanbo.Game.deserialize(g.serialize(), engine=g.engine)
    assert h.serialize() == g.serialize() and h.history() == g.history() and h == g
    assert g.serialize() == g.record()


@given(games)
def test_observation_tensor_per_player(g):
    mover = g.current_player() if not g.is_terminal() else (0 if g.to_move == "X" else 1)
    flat = g.observation_tensor()
    assert flat.shape == (6 * g.size * g.size,) and flat.dtype == np.float32  # flat, as pyspiel's
    own = flat.reshape(g.observation_tensor_shape())
    assert np.array_equal(own, g.observation())
    assert np.array_equal(g.observation_tensor(mover), flat)
    other = g.observation_tensor(1 - mover, dtype=np.uint8).reshape(6, g.size, g.size)
    # The other side's view swaps the stone planes and the move planes (so its opponent-moves plane
    # is the mover's legal moves); empty and X-to-move agree.
    assert np.array_equal(other[[1, 0, 2, 4, 3, 5]], own.astype(np.uint8))
    assert np.array_equal(own[3].reshape(-1).astype(bool), g.legal_mask())
    assert g.observation_string() == g.observation_string(0) == g.observation_string(1) == str(g)


@pytest.mark.parametrize("variant", tanbo.variants())
def test_max_game_length_is_the_measure_of_the_start(variant):
    # r * (N*N + 1) + empty points: the openings have 2 roots per corner stone.
    g = tanbo.Game(variant)
    n = g.size
    stones = g.stone_count("X") + g.stone_count("O")
    assert g.max_game_length() == stones * (n * n + 1) + n * n - stones  # every opening stone is a root
    g.apply_action(g.legal_actions()[0])
    assert g.max_game_length() == tanbo.Game(variant).max_game_length()  # a property of the start


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_end_within_max_game_length(variant, engine):
    w, lengths = tanbo.Game(variant, engine=engine).playouts(200, 7)
    assert lengths.max() <= tanbo.Game(variant).max_game_length()


def test_action_errors(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    with pytest.raises(tanbo.IllegalMoveError, match=r"illegal move action 25 \(actions are 0\.\.24\) by X: "):
        g.apply_action(25)
    with pytest.raises(tanbo.IllegalMoveError, match=r"action -1 "):
        g.play(-1)
    with pytest.raises(tanbo.IllegalMoveError, match=r"action 1267650600228229401496703205376 "):
        g.apply_action(2**100)
    with pytest.raises(tanbo.IllegalMoveError, match="occupied"):
        g.apply_action(0)
    with pytest.raises(TypeError, match="bool"):
        g.apply_action(True)
    with pytest.raises(TypeError, match="an action is an int, not str"):
        g.apply_action("A2")
    with pytest.raises(TypeError, match="an action is an int, not float"):
        g.apply_action(1.0)
    with pytest.raises(tanbo.IllegalMoveError):
        g.action_to_string(25)
    with pytest.raises(tanbo.ParseError, match="not a point of the 5x5 board"):
        g.string_to_action("F1")
    with pytest.raises(tanbo.UsageError, match=r"observation_tensor: player must be an int in \[0, 1\]"):
        g.observation_tensor(2)
    with pytest.raises(tanbo.UsageError, match="observation_string: player"):
        g.observation_string(-4)
    assert g.ply == 0 and g.history() == []


@given(st.sampled_from(VARIANTS), st.integers(-(2**65), 2**65))
def test_any_int_is_an_action_or_a_clean_error(variant, a):
    g = tanbo.Game(variant)
    legal = g.is_legal(a)
    try:
        g.apply_action(a)
        assert legal and g.history() == [a]
    except tanbo.IllegalMoveError:
        assert not legal and g.ply == 0
