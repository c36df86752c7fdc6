"""Errors: tanbo's C++ exceptions arrive as Python exceptions derived from ValueError, with the
C++ library's messages, and no argument can crash the interpreter."""

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
        g.play("F1")
    with pytest.raises(tanbo.ParseError, match="'hello' is not a point"):
        g.is_legal("hello")
    assert g.is_legal("F1") is False and g.is_legal((9, 9)) is False and g.is_legal((-(10**40), 0)) is False
    with pytest.raises(tanbo.ParseError, match="no lattice opening for size 8"):
        tanbo.Game("lattice-8", engine=engine)
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
    with pytest.raises(tanbo.UsageError, match="^undo: no move to take back$"):
        g.undo()
    with pytest.raises(tanbo.UsageError, match="^last_result: no move has been played$"):
        g.last_result()
    with pytest.raises(tanbo.UsageError, match="engine must be 'optimized' or 'reference', not 'fast'"):
        tanbo.Game("lattice-5", engine="fast")
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


def test_wrong_types_raise_type_error(engine):
    g = tanbo.Game("lattice-5", engine=engine)
    # (An int is an action: tests/test_actions.py.)
    for bad in (None, 3.5, True, b"A1", (1, 2, 3), (1,), ("a", 1), (1.5, 2), {1: 2}, object()):
        with pytest.raises(TypeError):
            g.play(bad)
        with pytest.raises(TypeError):
            g.is_legal(bad)
    with pytest.raises(TypeError):
        g.random_move(42)
    with pytest.raises(tanbo.ParseError, match=r"'\\ud800' is not a point"):  # unencodable str
        g.play("\ud800")
    with pytest.raises(tanbo.UsageError, match="a colour is"):
        g.stone_count("\ud800")
    assert g.ply == 0


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
