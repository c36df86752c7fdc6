"""Bad input as an attacker would try it: objects made without __init__, bools and bytes where
ints or points are meant, numbers that only fit after narrowing. Each is refused with a clear
error (the classes of tanbo::api's error model, api/include/tanbo/api/errors.hpp) and every
rejected call leaves the game unchanged."""

import math

import pytest

import tanbo


def snapshot(g):
    return (g.position(), g.ply, g.hash, g.moves())


@pytest.mark.parametrize("use", [
    lambda g: g.ply,
    lambda g: g.position(),
    lambda g: repr(g),
    lambda g: str(g),
    lambda g: g == tanbo.Game(),
    lambda g: tanbo.Game() == g,
    lambda g: hash(g),
    lambda g: g.copy(),
    lambda g: g.play("D10"),
    lambda g: g.legal_actions(),
    lambda g: g.__getstate__(),
    lambda g: g.svg(),
])
def test_game_without_init_is_a_type_error(use):
    g = tanbo.Game.__new__(tanbo.Game)  # used to crash the interpreter
    with pytest.raises(TypeError, match=r"created without __init__"):
        use(g)


def test_rng_and_move_result_without_init_are_type_errors():
    r = tanbo.Rng.__new__(tanbo.Rng)  # next() used to return uninitialised state
    for use in (r.next, lambda: r.below(3), r.copy, lambda: repr(r), r.__getstate__,
                lambda: tanbo.Game("lattice-5").random_move(r)):
        with pytest.raises(TypeError, match=r"tanbo.Rng was created without __init__"):
            use()
    m = tanbo.MoveResult.__new__(tanbo.MoveResult)
    for use in (lambda: m.move, lambda: m.removed, lambda: repr(m), lambda: m == m):
        with pytest.raises(TypeError, match=r"tanbo.MoveResult was created without __init__"):
            use()


def test_bools_are_not_ints(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    before = snapshot(g)
    for call in (lambda: g.perft(True), lambda: g.play(True), lambda: g.play((True, 0)),
                 lambda: g.is_legal((0, False)), lambda: g.apply_action(False),
                 lambda: g.playouts(True, 1), lambda: g.mcts_move(True, 1),
                 lambda: tanbo.Rng(True), lambda: tanbo.Rng(1).below(True),
                 lambda: g.observation_tensor(player=True)):
        with pytest.raises(TypeError, match="bool"):
            call()
    assert snapshot(g) == before


def test_bytes_like_objects_are_not_points(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    before = snapshot(g)
    for bad in (b"D1", bytearray(b"D1"), memoryview(b"D1"), bytearray(b"\x01\x00")):
        with pytest.raises(TypeError, match="a point is"):
            g.play(bad)
        with pytest.raises(TypeError, match="a point is"):
            g.is_legal(bad)
    assert snapshot(g) == before


def test_numbers_are_range_checked_before_narrowing(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    g.play("B1")
    before = snapshot(g)
    # 2**32 + 3 would be D1, legal for White, if it were narrowed to 32 bits first.
    for big in (2**31, 2**32 + 3, 2**53, 2**64 + 3, -(2**63)):
        with pytest.raises(tanbo.IllegalMoveError, match=rf"^illegal move action {big} \(actions are 0\.\.24\) by O"):
            g.play(big)
        with pytest.raises(tanbo.IllegalMoveError):
            g.apply_action(big)
        assert g.is_legal(big) is False
        with pytest.raises(tanbo.IllegalMoveError, match="not on the board"):
            g.play((big, 0))
    for bad in (1e300, math.nan, math.inf, 3.0):
        with pytest.raises(TypeError):
            g.play(bad)
    for bad in (2**31, 65, -1):
        with pytest.raises(tanbo.UsageError, match=r"perft: depth must be an int in \[0, 64\]"):
            g.perft(bad)
    with pytest.raises(tanbo.UsageError, match=r"Rng.below: n must be an int in \[1, 4294967295\], not 4294967299"):
        tanbo.Rng(1).below(2**32 + 3)
    assert snapshot(g) == before


def test_one_error_class_per_kind_of_bad_input(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    # A malformed point name is a ParseError, for a move and for a query alike.
    for bad in ("A0", "A05", "", "hello", "B1\x00"):
        with pytest.raises(tanbo.ParseError, match="is not a point"):
            g.play(bad)
        with pytest.raises(tanbo.ParseError, match="is not a point"):
            g.is_legal(bad)
    # custom-N is never a start by name; lattice-05 is not lattice-5; "X X" is a position string.
    with pytest.raises(tanbo.ParseError, match="custom-5 has no opening of its own"):
        tanbo.Game("custom-5", engine=engine)
    with pytest.raises(tanbo.ParseError, match="unknown variant 'lattice-05'"):
        tanbo.Game("lattice-05", engine=engine)
    with pytest.raises(tanbo.ParseError, match="line 1, column 11: custom-5 has no opening"):
        tanbo.Game.from_record('[Variant "custom-5"]\n', engine=engine)
    # A record's start that cannot begin a game is located at its header.
    with pytest.raises(tanbo.ParseError, match=r"^line 1, column 12: invalid starting position: the X root at A1"):
        tanbo.Game.from_record('[Position "XO3/O4/5/5/4X X"]\nC1', engine=engine)
    assert "lattice-5" in tanbo.variants() and "lattice-05" not in tanbo.variants()


def test_last_result_counts_without_replaying(engine):
    g = tanbo.Game.from_position("OX2/1X2/4/3O X", engine=engine)
    for move in ("C1", "D3"):
        g.play(move)
    played = g.play("A2")
    last = g.last_result()
    assert (played.removed_black, played.removed_white) == (0, 1) == (last.removed_black, last.removed_white)
    assert last.removed == ["A1"] and last.removal == "bounded-roots"


def test_mcts_move_is_the_api_search(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    move = g.mcts_move(50, 7)
    assert move in g.legal_moves()
    assert tanbo.Game("lattice-5", engine="reference").mcts_move(50, 7) == move  # engine aside
    assert g.ply == 0
    with pytest.raises(tanbo.UsageError, match=r"mcts_move: playouts must be an int in \[1, 16777216\]"):
        g.mcts_move(0, 1)
    over = tanbo.Game.from_record('[Position "OX2/1X2/4/4 X"]\nA2')
    with pytest.raises(tanbo.UsageError, match="mcts_move: the game is over"):
        over.mcts_move(10, 1)
