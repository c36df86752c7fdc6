"""Python conventions: value equality and hashing, pickling Rng and MoveResult, is_legal on any
well-formed point, the runtime Color enum, public names (tanbo.X, not tanbo._core.X), the
Jupyter SVG drawing, perft, and the package metadata."""

import copy
import pickle
import pydoc
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tanbo


def test_game_equality_is_position_equality(engine):
    a = tanbo.Game("lattice-5", engine=engine)
    b = tanbo.Game("lattice-5", engine="reference")
    assert a == b and hash(a) == hash(b) == a.hash
    assert a == tanbo.Game.from_position("X3O/5/5/5/O3X X", engine=engine)  # variant name aside
    a.play("B1")
    assert a != b
    b.play("B1")
    assert a == b
    # Transposition: same board and side to move by another move order.
    c, d = tanbo.Game("lattice-7"), tanbo.Game("lattice-7")
    for m in ("B1", "F1", "A2", "G2"):
        c.play(m)
    for m in ("A2", "G2", "B1", "F1"):
        d.play(m)
    assert c == d and hash(c) == hash(d) and c.moves() != d.moves()
    assert len({c, d}) == 1
    assert a != "X3O/5/5/5/O3X X" and (a == 1) is False


def test_rng_pickles_mid_stream():
    r = tanbo.Rng(12345)
    for _ in range(3):
        r.next()
    s = pickle.loads(pickle.dumps(r))
    assert [s.next() for _ in range(5)] == [r.next() for _ in range(5)]
    assert repr(s) == "<tanbo.Rng seeded with 12345>"
    g = tanbo.Game("lattice-9")
    t = pickle.loads(pickle.dumps(r))
    assert g.playout(r) == g.playout(t) and r.next() == t.next()  # playout advances the state
    with pytest.raises(tanbo.UsageError, match="all-zero"):
        tanbo.Rng.__new__(tanbo.Rng).__setstate__((0, 0, 0, 0, 0))
    with pytest.raises(tanbo.UsageError, match="not a state"):
        tanbo.Rng.__new__(tanbo.Rng).__setstate__((1, 2))


def test_move_result_pickles_and_hashes(engine):
    g = tanbo.Game.from_record('[Variant "lattice-5"]\nB1 D1 C1 E2\n', engine=engine)
    rng = tanbo.Rng(3)
    results = []
    while not g.is_over:
        results.append(g.play(g.random_move(rng)))
    removing = [r for r in results if r.removed]
    assert removing, "the seed must produce a removal to test its fields"
    for r in results:
        s = pickle.loads(pickle.dumps(r))
        assert s == r and hash(s) == hash(r) and repr(s) == repr(r)
        assert (s.removed_black, s.removed_white) == (r.removed_black, r.removed_white)
        assert copy.deepcopy(r) == r
    assert len(set(results)) == len({repr(r) for r in results})
    for bad in [(0, 0, 5, 0, (), 0, 0), (0, 0, 0, 0, ((1,),), 0, 0), ("A", 0, 0, 0, (), 0, 0), ()]:
        with pytest.raises(tanbo.UsageError, match="MoveResult.__setstate__"):
            tanbo.MoveResult.__new__(tanbo.MoveResult).__setstate__(bad)


@given(st.sampled_from(["lattice-5", "lattice-9", "classic"]),
       st.from_regex(r"\A[A-Za-z][1-9][0-9]?\Z"))
def test_is_legal_never_raises_for_a_well_formed_name(variant, name):
    g = tanbo.Game(variant)
    assert g.is_legal(name) == (name.upper() in g.legal_moves())


def test_is_legal_off_the_board():
    g = tanbo.Game("lattice-9")
    assert g.is_legal("Z9") is False and g.is_legal("J1") is False and g.is_legal("A99") is False
    assert g.is_legal((25, 8)) is False and g.is_legal(-1) is False


def test_color_enum():
    assert tanbo.Color.X == "X" and tanbo.Color.O == "O" and tanbo.Color.BLACK is tanbo.Color.X
    assert tanbo.Color("O") is tanbo.Color.WHITE and str(tanbo.Color.X) == "X"
    assert tanbo.Color.X.player == 0 and tanbo.Color.O.player == 1
    assert tanbo.Color.X.opponent is tanbo.Color.O
    g = tanbo.Game("lattice-5")
    assert g.to_move == tanbo.Color.X and tanbo.Color(g.to_move) is tanbo.Color.X
    assert g.stone_count(tanbo.Color.O) == 2


def test_public_names_are_tanbo_not_core():
    for cls in (tanbo.Game, tanbo.Rng, tanbo.MoveResult, tanbo.Error, tanbo.ParseError,
                tanbo.IllegalMoveError, tanbo.InvalidPositionError, tanbo.UsageError):
        assert cls.__module__ == "tanbo", cls
    text = pydoc.render_doc(tanbo.Game, renderer=pydoc.plaintext)
    assert "_core" not in text and "tanbo.Game" in text
    assert "tanbo._core" not in tanbo.Game.play.__doc__


def test_svg_is_the_docs_drawing(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    g.play("B1")
    svg = g.svg()
    assert svg.startswith("<svg xmlns=\"http://www.w3.org/2000/svg\"") and svg.endswith("</svg>\n")
    assert "<title>&lt;tanbo.Game lattice-5" in svg and "ply 1, O to move" in svg
    assert svg.count('fill="#1a1a1a"') == 3 and svg.count('fill="#f7f7f7"') == 2  # 3 X, 2 O stones
    assert svg.count('fill="#d0021b"') == 1  # the last move's dot
    assert g._repr_svg_() == svg and g._repr_html_() == f"<div>{svg}</div>"
    assert "#d0021b" not in tanbo.Game("lattice-5").svg()  # no move yet, no dot


def test_perft_matches_counting_by_hand(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    assert g.perft(0) == 1 and g.perft(1) == 4
    total = 0
    for a in g.legal_actions():
        h = g.clone()
        h.apply_action(a)
        total += h.legal_move_count() if not h.is_terminal() else 1
    assert g.perft(2) == total
    assert g.ply == 0


def test_metadata():
    from importlib import metadata, resources

    assert re.fullmatch(r"\d+\.\d+\.\d+", tanbo.__version__)
    assert (resources.files("tanbo") / "py.typed").is_file()
    try:
        dist = metadata.metadata("tanbo")
    except metadata.PackageNotFoundError:
        pytest.skip("not installed by pip (CMake build tree); pip_install_test.sh checks it")
    assert dist["Version"] == tanbo.__version__
    assert "Typing :: Typed" in dist.get_all("Classifier")


@given(st.integers(0, 2**64 - 1))
def test_playouts_are_playout_per_seed(seed):
    g = tanbo.Game("lattice-7")
    g.play("B1")
    winners, lengths = g.playouts(5, seed)
    assert winners.dtype == np.int8 and lengths.dtype == np.int32 and winners.shape == (5,)
    for i in range(5):
        h = g.copy()
        w = h.playout(tanbo.Rng((seed + i) % 2**64), in_place=True)
        assert winners[i] == (0 if w == "X" else 1) and lengths[i] == h.ply - g.ply
        assert h.current_player() == -4 and h.returns()[winners[i]] == 1.0
    assert g.ply == 1


def test_playouts_reference_engine_and_edges():
    g = tanbo.Game("lattice-5", engine="reference")
    w, n = g.playouts(4, 9)
    assert [g.playout(tanbo.Rng(9 + i)) for i in range(4)] == ["XO"[int(x)] for x in w]
    w, n = g.playouts(0, 1)
    assert w.shape == (0,) and n.shape == (0,)
    with pytest.raises(tanbo.UsageError, match="playouts: n"):
        g.playouts(-1, 1)
    over = tanbo.Game("lattice-5")
    over.playout(tanbo.Rng(1), in_place=True)
    w, n = over.playouts(3, 1)
    assert (n == 0).all() and (w == (0 if over.winner == "X" else 1)).all()
