"""The tanbo.Game API on both engines: construction, play/undo, queries, copies, records."""

import copy
import pickle

import pytest

import tanbo

LATTICE5 = "X3O/5/5/5/O3X X lattice-5"


def test_start_of_lattice5(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    assert g.engine == engine
    assert g.variant == "lattice-5"
    assert g.size == 5
    assert g.to_move == "X"
    assert g.ply == 0
    assert g.winner is None and not g.is_over
    assert g.board() == ["X...O", ".....", ".....", ".....", "O...X"]
    assert g.position() == LATTICE5
    assert g.legal_moves() == ["B1", "A2", "E4", "D5"]  # row-major
    assert g.legal_move_count() == 4
    assert g.stone_count("X") == 2 and g.stone_count("O") == 2
    assert g.at("A1") == "X" and g.at((4, 0)) == "O" and g.at("c3") == "."
    assert str(g).splitlines()[0].split() == ["A", "B", "C", "D", "E"]
    assert repr(g) == f"<tanbo.Game lattice-5, {engine} engine, ply 0, X to move>"


def test_default_game_is_classic(engine):
    g = tanbo.Game(engine=engine)
    assert g.variant == "classic" and g.size == 19 and g.stone_count("X") == 8


def test_play_names_and_pairs(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    r = g.play("b1")  # case-insensitive
    assert (r.move, r.player, r.removal, r.removed) == ("B1", "X", "none", [])
    assert r.removed_black == 0 and r.removed_white == 0
    assert g.to_move == "O" and g.ply == 1 and g.moves() == ["B1"]
    g.play((3, 0))  # (x, y) = D1
    assert g.moves() == ["B1", "D1"]
    assert g.is_legal("C1") is True  # one X neighbour (B1); O's D1 does not matter (rule 3)
    assert g.is_legal("A1") is False  # occupied
    g.undo()
    assert g.moves() == ["B1"] and g.to_move == "O"
    g.undo()
    assert g.position() == LATTICE5


def test_removal_is_reported(engine):
    # X's A1 can only grow to B1, which O walls in: {A1, B1} is bounded and alone removed.
    h = tanbo.Game.from_position("X1O2/OO3/5/5/4X X", engine=engine)
    r = h.play("B1")
    assert r.removal == "expanded-root"
    assert r.removed == ["A1", "B1"] and r.removed_black == 2
    last = h.last_result()
    assert last == r and last.removed_black == 2 and last.removed_white == 0
    assert (r == "B1") is False  # other types compare unequal instead of raising
    assert not h.is_over and h.stone_count("X") == 1


def test_game_end_and_winner(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    rng = tanbo.Rng(5)
    while not g.is_over:
        g.play(g.random_move(rng))
    assert g.winner in ("X", "O")
    assert g.legal_moves() == [] and not g.legal_mask().any()
    assert repr(g).endswith(f"{g.winner} won>")
    with pytest.raises(tanbo.UsageError, match="random_move: the game is over"):
        g.random_move(rng)
    with pytest.raises(tanbo.IllegalMoveError, match="the game is over"):
        g.play("C3")


def test_copy_is_independent(engine):
    g = tanbo.Game("lattice-7", engine=engine)
    g.play(g.legal_moves()[0])
    for h in (g.copy(), copy.copy(g), copy.deepcopy(g)):
        assert h.position() == g.position() and h.moves() == g.moves() and h.engine == engine
        h.play(h.legal_moves()[0])
        assert h.ply == 2 and g.ply == 1
        h.undo()
        h.undo()  # the history was copied too
        assert h.ply == 0 and g.ply == 1


def test_record_round_trip_and_pickle(engine):
    g = tanbo.Game("lattice-9", engine=engine)
    rng = tanbo.Rng(11)
    for _ in range(30):
        g.play(g.random_move(rng))
    text = g.record()
    assert text.startswith('[Variant "lattice-9"]')
    for other in ("optimized", "reference"):
        h = tanbo.Game.from_record(text, engine=other)
        assert h.position() == g.position() and h.moves() == g.moves() and h.hash == g.hash
    p = pickle.loads(pickle.dumps(g))
    assert p.engine == engine and p.record() == text


def test_hash_changes_and_comes_back(engine):  # (equal on both engines: test_differential.py)
    a = tanbo.Game("lattice-7", engine=engine)
    h0 = a.hash
    a.play("B1")
    assert a.hash != h0
    a.undo()
    assert a.hash == h0


def test_variants_and_version():
    names = tanbo.variants()
    assert "classic" in names and "lattice-5" in names and "dense-25" in names
    assert tanbo.__version__.count(".") == 2
    for name in ("lattice-5", "dense-7", "lattice-21", "dense-25"):
        assert tanbo.Game(name).variant == name


def test_game_reads_a_variant_name_or_a_position_string(engine):
    # One start reader (tanbo::api::read_start) behind Game(), as behind the C API and JavaScript.
    text = "X1O2/OO3/5/5/4X X"
    g = tanbo.Game(text, engine=engine)
    assert g.position() == tanbo.Game.from_position(text, engine=engine).position() == text
    assert g.variant == "custom-5" and g.engine == engine
    # (Bad starts: the bad-input table, bad_inputs_python.py.)
    with pytest.raises(tanbo.UsageError, match="engine"):  # the engine is checked before the start
        tanbo.Game("X X", engine="fast")


def test_big_boards_work_on_both_engines():
    for engine in ("optimized", "reference"):
        g = tanbo.Game("dense-25", engine=engine)
        assert g.size == 25 and len(g.board()) == 25
        g.play(g.legal_moves()[-1])
        assert g.ply == 1
