"""Errors: tanbo's C++ exceptions arrive as Python exceptions derived from ValueError, with the
C++ library's messages, and no argument can crash the interpreter. Bad input as an attacker would
try it too: objects made without __init__, bools and bytes where ints or points are meant,
numbers that only fit after narrowing. Every rejected call leaves the game unchanged. The rows of
the bad-input table (api/tests/bad_inputs.tsv) are bad_inputs_python.py's, on both engines."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tanbo


def test_exception_hierarchy():
    for cls in (tanbo.ParseError, tanbo.IllegalMoveError, tanbo.InvalidPositionError, tanbo.UsageError):
        assert issubclass(cls, tanbo.Error) and issubclass(cls, ValueError)


def test_illegal_moves_name_point_player_and_reason(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    before = (g.position(), g.hash, g.ply)
    cases = {
        "A1": "illegal move A1 by X: the point is occupied",
        "C3": "illegal move C3 by X: the point touches no stone of the mover's colour (rule 3 needs exactly one)",
        (5, 0): "illegal move F1 by X: the point is not on the board",
        (-1, 2): "illegal move (-1,2) by X: the point is not on the board",
        (10**30, 0): "illegal move (1000000000000000000000000000000,0) by X: the point is not on the board",
    }
    for point, message in cases.items():
        with pytest.raises(tanbo.IllegalMoveError) as info:
            g.play(point)
        assert str(info.value) == message
    g2 = tanbo.Game.from_position("X1X2/5/5/5/4O X", engine=engine)
    with pytest.raises(tanbo.IllegalMoveError, match="B1 by X: the point touches two or more"):
        g2.play("B1")
    assert (g.position(), g.hash, g.ply) == before  # state unchanged


def test_parse_errors(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    with pytest.raises(tanbo.ParseError, match=r"^'F1' is not a point of the 5x5 board \(columns A-E, rows 1-5\)$"):
        g.play("F1")  # the whole message (the bad-input table checks a part of it)
    assert g.is_legal((9, 9)) is False and g.is_legal((-(10**40), 0)) is False
    with pytest.raises(tanbo.ParseError, match="column"):
        tanbo.Game.from_position("X3O/5/5/5/O3Q X", engine=engine)
    with pytest.raises(tanbo.ParseError, match=r"^line 1, column 4: move 2: illegal move A1 by O"):
        tanbo.Game.from_record('B1 A1', engine=engine)


def test_invalid_positions(engine):
    with pytest.raises(tanbo.InvalidPositionError, match="^invalid starting position: White \\(O\\) has no stones$"):
        tanbo.Game.from_position("X4/5/5/5/5 X", engine=engine)
    with pytest.raises(tanbo.InvalidPositionError, match="the X root at A1 is bounded"):
        tanbo.Game.from_position("XO3/O4/5/5/4X X", engine=engine)


def test_usage_errors(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    with pytest.raises(tanbo.UsageError, match="^undo: no move to take back$"):  # the whole message
        g.undo()
    with pytest.raises(tanbo.UsageError, match="^last_result: no move has been played$"):
        g.last_result()
    with pytest.raises(tanbo.UsageError, match="at: F1 is not on the board"):
        g.at("F1")
    with pytest.raises(tanbo.UsageError, match="a colour is 'X'"):
        g.stone_count("B")
    with pytest.raises(tanbo.UsageError, match="dtype"):
        g.observation(dtype="int64")


def test_rng_argument_errors():
    for bad in (-1, 2**64):
        with pytest.raises(tanbo.UsageError, match="seed must be an int in"):
            tanbo.Rng(bad)
    with pytest.raises(TypeError, match="seed must be an int, not str"):
        tanbo.Rng("1")
    r = tanbo.Rng(1)
    for bad in (0, -3, 2**32):
        with pytest.raises(tanbo.UsageError, match="n must be an int in"):
            r.below(bad)
    assert tanbo.Rng(2**64 - 1).next() >= 0


# Points of a wrong type (an int is an action: test_actions.py), with the words the message must
# hold: bools are no ints, bytes-like objects no point names.
WRONG_POINTS = ([(bad, "") for bad in (None, 3.5, True, b"A1", (1, 2, 3), (1,), ("a", 1), (1.5, 2), {1: 2}, object())]
                + [((True, 0), "bool"), ((0, False), "bool")]
                + [(bad, "a point is") for bad in (bytearray(b"D1"), memoryview(b"D1"), bytearray(b"\x01\x00"))])


@pytest.mark.parametrize("bad,words", WRONG_POINTS, ids=lambda v: "object()" if type(v) is object else repr(v))
def test_a_point_of_a_wrong_type_is_a_type_error(engine, bad, words):
    g = tanbo.Game("lattice-5", engine=engine)
    for call in (g.play, g.is_legal):
        with pytest.raises(TypeError, match=words):
            call(bad)
    assert g.ply == 0


def test_other_wrong_types_raise_type_error(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    before = snapshot(g)
    for call in (lambda: g.apply_action(False), lambda: g.playouts(True, 1), lambda: g.mcts_move(True, 1),
                 lambda: tanbo.Rng(True), lambda: tanbo.Rng(1).below(True),
                 lambda: g.observation_tensor(player=True)):
        with pytest.raises(TypeError, match="bool"):
            call()
    with pytest.raises(TypeError):
        g.random_move(42)
    with pytest.raises(tanbo.ParseError, match=r"'\\ud800' is not a point"):  # unencodable str
        g.play("\ud800")
    with pytest.raises(tanbo.UsageError, match="a colour is"):
        g.stone_count("\ud800")
    assert snapshot(g) == before


junk = st.one_of(
    st.text(max_size=5),
    st.tuples(st.integers(), st.integers()),
    st.lists(st.one_of(st.integers(-3, 30), st.text(max_size=2), st.none()), max_size=3),
    st.integers(),
    st.floats(allow_nan=True),
    st.none(),
    st.binary(max_size=3),
)


@given(point=junk)
def test_no_argument_crashes(point):
    """Every call either works or raises TypeError/ValueError; the game stays usable."""
    for engine in ("optimized", "reference"):
        g = tanbo.Game("lattice-5", engine=engine)
        for call in (g.is_legal, g.at, g.play):
            try:
                call(point)
            except (TypeError, ValueError):
                pass
        assert g.ply in (0, 1)
        assert len(g.legal_moves()) == g.legal_move_count()


def test_messages_quote_input_escaped(engine):
    # tanbo.printable (C++): control bytes as \xNN (a NUL used to end the message), and a long
    # name is cut after 40 bytes without splitting a UTF-8 character (which made the message
    # undecodable, so Python raised something else than the tanbo error).
    g = tanbo.Game("lattice-5", engine=engine)
    with pytest.raises(tanbo.ParseError, match=r"^'B1\\x00\\x1b' is not a point"):
        g.play("B1\x00\x1b")
    with pytest.raises(tanbo.UsageError, match="not 'x" + "é" * 19 + r"\.\.\.'$"):
        tanbo.Game("lattice-5", engine="x" + "é" * 30)
    with pytest.raises(tanbo.ParseError, match="unknown variant 'x" + "y" * 39 + r"\.\.\.'"):
        tanbo.Game("x" + "y" * 60, engine=engine)
    # Not a variant name (not ASCII), so read as a position string: the character is quoted whole.
    with pytest.raises(tanbo.ParseError, match="column 2: .*unexpected character 'é'"):
        tanbo.Game("x" + "é" * 30, engine=engine)


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
    for bad in ("hello", "B1\x00"):
        with pytest.raises(tanbo.ParseError, match="is not a point"):
            g.play(bad)
        with pytest.raises(tanbo.ParseError, match="is not a point"):
            g.is_legal(bad)
    # custom-N is never a start by name, nor a record's variant.
    with pytest.raises(tanbo.ParseError, match="line 1, column 11: custom-5 has no opening"):
        tanbo.Game.from_record('[Variant "custom-5"]\n', engine=engine)
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
