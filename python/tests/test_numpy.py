"""observation() and legal_mask(): shapes, dtypes and contents against the board and the engines."""

import numpy as np
import pytest

import tanbo


def check_observation(g):
    n = g.size
    obs = g.observation()
    assert obs.shape == (6, n, n) and obs.dtype == np.float32
    u8 = g.observation(dtype=np.uint8)
    assert u8.dtype == np.uint8 and np.array_equal(u8, obs.astype(np.uint8))
    assert set(np.unique(obs)) <= {0.0, 1.0}
    me = g.to_move
    other = "O" if me == "X" else "X"
    board = np.array([list(row) for row in g.board()])
    assert np.array_equal(obs[0], board == me)
    assert np.array_equal(obs[1], board == other)
    assert np.array_equal(obs[2], board == ".")
    assert np.array_equal(obs[0] + obs[1] + obs[2], np.ones((n, n)))
    mask = g.legal_mask()
    assert mask.shape == (n * n,) and mask.dtype == np.bool_
    assert np.array_equal(obs[3].reshape(-1), mask)  # the mask itself: test_actions.py
    # The opponent's legal moves are what the engine allows it with the turn passed over.
    if g.is_over:
        assert not obs[3].any() and not obs[4].any()
    else:
        swapped = g.position().split(" ")
        swapped[1] = other
        try:
            h = tanbo.Game.from_position(" ".join(swapped), engine=g.engine)
            assert np.array_equal(obs[4].reshape(-1), h.legal_mask())
        except tanbo.InvalidPositionError:
            pass
    assert np.all(obs[5] == (1.0 if me == "X" else 0.0))


@pytest.mark.parametrize("variant", ["lattice-5", "dense-7", "lattice-9", "classic"])
def test_observation_along_random_games(engine, variant):
    g = tanbo.Game(variant, engine=engine)
    rng = tanbo.Rng(3)
    steps = 0
    while not g.is_over and steps < (60 if engine == "reference" and variant == "classic" else 400):
        check_observation(g)
        g.play(g.random_move(rng))
        steps += 1
    check_observation(g)


def test_start_planes_of_lattice5():
    obs = tanbo.Game("lattice-5").observation(dtype="uint8")
    assert obs[0].tolist()[0] == [1, 0, 0, 0, 0] and obs[1].tolist()[0] == [0, 0, 0, 0, 1]
    assert np.flatnonzero(obs[3]).tolist() == [1, 5, 19, 23]  # B1 A2 E4 D5
    assert np.flatnonzero(obs[4]).tolist() == [3, 9, 15, 21]  # D1 E2 A4 B5
    assert obs[5].all()


def test_arrays_are_fresh_copies():
    g = tanbo.Game("lattice-5")
    obs = g.observation()
    obs[:] = 7
    mask = g.legal_mask()
    mask[:] = True
    assert g.observation().max() == 1 and g.legal_mask().sum() == 4
