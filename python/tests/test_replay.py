"""Seeds replay across languages: tanbo.Rng is the C++ tanbo::Rng, playout() makes the moves of
the C++ Board::playout. (random_move() is the choice `tanbo selfplay` makes: test_cli_differential.py.)"""

import re
import subprocess

import tanbo
from conftest import tool


def test_rng_matches_cpp_reference_values():
    # First outputs of tanbo::Rng(0) / Rng(42) (xoshiro256** seeded by splitmix64), taken from the
    # C++ library; below() is the multiply-shift of the high 32 bits.
    r = tanbo.Rng(0)
    first = r.next()
    assert first == 0x99EC5F36CB75F2B4
    r = tanbo.Rng(42)
    x = r.copy().next()
    assert r.below(1000) == ((x >> 32) * 1000) >> 32 == 83
    a, b = tanbo.Rng(7), tanbo.Rng(7)
    assert [a.next() for _ in range(5)] == [b.next() for _ in range(5)]
    c = a.copy()
    assert a.next() == c.next()


def test_playout_replays_cpp_board_playouts():
    # examples/random_playouts: one Rng(seed) stream, copy-make Board19 playouts from the start.
    exe = tool("TANBO_RANDOM_PLAYOUTS")
    games, seed = 300, 42
    run = subprocess.run([exe, str(games), str(seed), "lattice-9"], check=True,
                         capture_output=True, text=True)
    cpp_x = int(re.search(r"Black \(X\) wins: (\d+)", run.stdout).group(1))
    cpp_mean = float(re.search(r"mean length: ([0-9.]+)", run.stdout).group(1))
    start = tanbo.Game("lattice-9")
    rng = tanbo.Rng(seed)
    winners = [start.playout(rng) for _ in range(games)]
    assert start.ply == 0  # playout() leaves the game unchanged by default
    assert winners.count("X") == cpp_x
    rng = tanbo.Rng(seed)
    total = 0
    for _ in range(games):
        g = start.copy()
        g.playout(rng, in_place=True)
        total += g.ply
    assert f"{total / games:.2f}" == f"{cpp_mean:.2f}"


def test_playout_in_place_matches_copy(engine):
    g = tanbo.Game("lattice-7", engine=engine)
    g.play(g.legal_moves()[1])
    for seed in range(5):
        r1, r2 = tanbo.Rng(seed), tanbo.Rng(seed)
        w = g.playout(r1)
        h = g.copy()
        assert h.playout(r2, in_place=True) == w == h.winner
        assert h.is_over and h.ply > g.ply
        assert r1.next() == r2.next()  # the same random numbers were drawn
    assert g.ply == 1
    done = h.copy()
    assert done.playout(tanbo.Rng(1), in_place=True) == done.winner and done.ply == h.ply


def test_playout_leaves_the_game_unchanged(engine):
    g = tanbo.Game("dense-7", engine=engine)
    rng = tanbo.Rng(4)
    for _ in range(10):
        g.play(g.random_move(rng))
    before = (g.position(), g.record(), g.hash, g.legal_moves(), g.observation().tobytes())
    for seed in range(20):
        assert g.playout(tanbo.Rng(seed)) in ("X", "O")
    assert (g.position(), g.record(), g.hash, g.legal_moves(), g.observation().tobytes()) == before


def test_reference_playout_is_a_random_move_loop():
    g = tanbo.Game("lattice-5", engine="reference")
    h = g.copy()
    rng = tanbo.Rng(9)
    while not h.is_over:
        h.play(h.random_move(rng))
    assert g.playout(tanbo.Rng(9)) == h.winner
