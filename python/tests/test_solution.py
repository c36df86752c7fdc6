"""Perfect play from Python (docs/solutions.md): tanbo.Solution, tanbo.Answer and Game.solve.

First the Python face of the cross-face list api/tests/solved_positions.tsv (its header describes
the columns): every row answered exactly as it says, as the C++ api, C, JavaScript and the engine
protocol answer it. Then what the list does not cover: every way a table is read (file, path
object, bytes, pickle) and refused (TableError naming the byte offset), the error model's classes
for wrong types, sizes and budgets, what a probe's answer holds (every move, the line replayed to
its end), and the GIL released during probe and solve."""

import copy
import pathlib
import pickle

import pytest

import tanbo
from gil import worker_seen_busy

TABLE = pathlib.Path(__file__).resolve().parents[2] / "api" / "tests" / "solved_positions.tsv"
SMALL = "X2O/4/4/O2X X"  # the 4x4 start of properties/: 54,735 positions, solved in milliseconds


def rows():
    out = []
    for number, line in enumerate(TABLE.read_text().splitlines(), 1):
        if line and not line.startswith("#"):
            kind, table, start, moves, nodes, expected = line.split("\t")
            out.append(pytest.param(kind, table, start, moves, nodes, expected, id=f"line{number}"))
    return out


@pytest.fixture(scope="module")
def tables():
    """The row's tables, each solved once (every probe row names the 4x4 start's)."""
    cache = {}

    def get(start):
        if start not in cache:
            cache[start] = tanbo.Solution.solve(start)
        return cache[start]

    return get


def test_the_list_is_read():
    # A header change that made every row a comment would pass the test below vacuously.
    kinds = [p.values[0] for p in rows()]
    assert len(kinds) >= 40 and set(kinds) == {"probe", "solve"}


@pytest.mark.parametrize("kind,table,start,moves,nodes,expected", rows())
def test_solved_positions(tables, kind, table, start, moves, nodes, expected):
    game = tanbo.Game(start)
    for m in [] if moves == "-" else moves.split(" "):
        game.play(m)
    before = game.record()

    def answer():
        if kind == "probe":
            return tables(table).probe(game)
        return game.solve(int(nodes))

    if expected.startswith("error "):
        with pytest.raises(getattr(tanbo, expected.split(" ", 1)[1])):
            answer()
        assert game.record() == before
        return
    a = answer()
    assert game.record() == before  # probe and solve leave the game as it was
    check_answer(tables, kind, table, game, a, expected)


def check_answer(tables, kind, table, game, a, expected):
    """Asserts the answer `a` of a row's position `game` is what the row's expected column says."""
    if expected == "unknown":
        assert str(a) == "unknown" and a.value == "unknown" and not a.known
        assert a.length is None and a.winner is None and a.best_move is None
        assert a.best_moves == [] and a.line == [] and a.moves == []
        return
    text, best = expected.split("|")
    best = best.split()
    assert str(a) == text
    value, length = text.split(" ")
    assert a.value == value and a.length == int(length) and a.known
    mover = game.to_move
    assert a.winner == (mover if value == "win" else ("O" if mover == "X" else "X"))
    if kind == "probe":
        assert a.best_moves == best and tables(table).best_moves(game) == best
        assert a.nodes == 0 and len(a.line) == a.length and tables(table).line(game) == a.line
        assert a.best_move == (a.line[0] if a.line else None)
        assert [m.move for m in a.moves] == game.legal_moves()
    else:
        assert (a.best_move in best) if best else a.best_move is None
        assert (a.nodes > 0) != game.is_over and a.line == [] and a.moves == []
    if game.is_over:
        assert best == [] and a.length == 0 and a.winner == game.winner


class PlantedAnswer:
    """A real answer with some fields made wrong: a planted bug of the face's answers."""

    def __init__(self, real, **wrong):
        self._real, self._wrong = real, wrong

    def __getattr__(self, name):
        return self._wrong[name] if name in self._wrong else getattr(self._real, name)

    def __str__(self):
        return str(self._real)


def test_the_row_checks_catch_each_wrong_field(tables):
    """Planted answers: a real probe's and a real solve's answer, each with one field made wrong,
    must each fail check_answer (the checks test_solved_positions runs)."""
    def first(kind):
        for p in rows():
            k, table, start, moves, nodes, expected = p.values
            if k == kind and expected.startswith("win") and len(expected.split("|")[1].split()) > 1:
                game = tanbo.Game(start)
                for m in [] if moves == "-" else moves.split(" "):
                    game.play(m)
                a = tables(table).probe(game) if kind == "probe" else game.solve(int(nodes))
                return table, game, a, expected
        raise AssertionError(f"the list has no won {kind} row with several best moves")

    table, game, a, expected = first("probe")
    check_answer(tables, "probe", table, game, a, expected)
    other = "O" if a.winner == "X" else "X"
    losing = [m.move for m in a.moves if m.value == "loss"]
    for field, wrong in {"value": "loss", "length": a.length + 2, "winner": other,
                         "best_move": losing[0] if losing else None, "best_moves": a.best_moves[1:],
                         "line": a.line[:-1], "moves": a.moves[1:], "nodes": 1}.items():
        with pytest.raises(AssertionError):
            check_answer(tables, "probe", table, game, PlantedAnswer(a, **{field: wrong}), expected)
            raise RuntimeError(f"a probe with a wrong {field} passed")
    table, game, a, expected = first("solve")
    check_answer(tables, "solve", table, game, a, expected)
    not_best = next(m for m in game.legal_moves() if m not in expected.split("|")[1].split())
    for field, wrong in {"value": "loss", "length": a.length + 2, "best_move": not_best, "nodes": 0,
                         "line": ["A1"]}.items():
        with pytest.raises(AssertionError):
            check_answer(tables, "solve", table, game, PlantedAnswer(a, **{field: wrong}), expected)
            raise RuntimeError(f"a solve with a wrong {field} passed")


# ---------------------------------------------------------------------------------------------
# Answers


def test_probe_answers_every_move_and_a_line_that_ends_the_game():
    sol = tanbo.Solution.solve(SMALL)
    assert (sol.start, sol.size, sol.positions) == (SMALL, 4, 54735)
    game = tanbo.Game(SMALL)
    rng = tanbo.Rng(3)
    for _ in range(6):
        game.play(game.random_move(rng))
    a = sol.probe(game)
    assert a.known and a.length > 0
    # Each move's value and length is the child's, seen from the mover.
    for m in a.moves:
        child = game.copy()
        child.play(m.move)
        c = sol.probe(child)
        assert m.value == ("win" if c.value == "loss" else "loss") and m.length == c.length + 1
    wins = [m for m in a.moves if m.value == "win"]
    if a.value == "win":  # the fastest win, or the longest defence
        assert a.length == min(m.length for m in wins)
    else:
        assert not wins and a.length == max(m.length for m in a.moves)
    # The line is perfect play: it ends the game after exactly `length` plies, the winner winning.
    end = game.copy()
    for i, m in enumerate(a.line):
        assert not end.is_over and m in sol.best_moves(end), (i, m)
        end.play(m)
    assert end.is_over and end.winner == a.winner and end.ply == game.ply + a.length


def test_solve_with_moves_agrees_with_the_table():
    sol = tanbo.Solution.solve(SMALL)
    game = tanbo.Game(SMALL)
    for m in ["C4", "D2", "B1"]:
        game.play(m)
    table = sol.probe(game)
    weak = game.solve(1_000_000, moves=True)
    assert (weak.value, weak.length, weak.winner) == (table.value, table.length, table.winner)
    assert weak.moves == table.moves and weak.best_moves == table.best_moves
    assert weak.best_move in table.best_moves
    # A budget too small proves nothing: unknown, never a guess; each move may be unknown too.
    tiny = game.solve(1, moves=True)
    assert str(tiny) == "unknown" and tiny.winner is None and tiny.best_move is None
    assert [m.move for m in tiny.moves] == game.legal_moves()
    assert all(m.value == "unknown" and m.length is None for m in tiny.moves)
    # The same budget gives the same answer (a count of nodes, not a time).
    assert repr(game.solve(5000)) == repr(game.solve(5000))


def test_answer_objects():
    sol = tanbo.Solution.solve(SMALL)
    a = sol.probe(tanbo.Game(SMALL))
    assert repr(a) == "<tanbo.Answer loss 15, O wins, best move B1, 4 moves answered>"
    m = a.moves[0]
    assert repr(m) == "MoveOutcome(move='B1', value='loss', length=15)"
    assert m == sol.probe(tanbo.Game(SMALL)).moves[0] and hash(m) == hash(a.moves[0])
    assert m != a.moves[1] and m != ("B1", "loss", 15)
    for cls in (tanbo.Answer, tanbo.MoveOutcome, tanbo.Solution):
        with pytest.raises(TypeError):
            cls()
        blank = cls.__new__(cls)  # no __init__: refused, not a read of uninitialised memory
        with pytest.raises(TypeError, match="without __init__"):
            repr(blank)


# ---------------------------------------------------------------------------------------------
# Reading tables, and refusing broken ones


def test_tables_round_trip(tmp_path):
    sol = tanbo.Solution.solve(SMALL)
    data = sol.to_bytes()
    assert data[:8] == b"TANBOTBL"
    path = tmp_path / "small.tbl"
    path.write_bytes(data)
    game = tanbo.Game(SMALL)
    game.play("C4")
    expected = repr(sol.probe(game))
    for other in (tanbo.Solution.open(str(path)), tanbo.Solution.open(path), tanbo.Solution.open(bytes(path)),
                  tanbo.Solution.from_bytes(data), tanbo.Solution.from_bytes(bytearray(data)),
                  tanbo.Solution.from_bytes(memoryview(data)), pickle.loads(pickle.dumps(sol)),
                  copy.copy(sol), copy.deepcopy(sol)):
        assert other.start == SMALL and other.positions == sol.positions
        assert repr(other.probe(game)) == expected and other.to_bytes() == data


def test_damaged_tables_raise_table_error(tmp_path):
    data = tanbo.Solution.solve(SMALL).to_bytes()
    assert issubclass(tanbo.TableError, tanbo.Error) and issubclass(tanbo.TableError, ValueError)
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x40
    cases = [
        (b"", "mine.tbl: byte 0: truncated: the file ends inside the 80-byte header"),
        (b"NOTATABLE" + data[9:], "mine.tbl: byte 0: not a tanbo strong-table file"),
        (data[:40], "mine.tbl: byte 40: truncated"),
        (data[:-5], "mine.tbl: byte [0-9]+: truncated"),
        (bytes(flipped), "mine.tbl: byte 48: content hash mismatch"),
    ]
    for bad, message in cases:
        with pytest.raises(tanbo.TableError, match=message):
            tanbo.Solution.from_bytes(bad, name="mine.tbl")
    path = tmp_path / "bad.tbl"
    path.write_bytes(data[:-5])
    with pytest.raises(tanbo.TableError, match="bad.tbl: byte"):
        tanbo.Solution.open(path)
    with pytest.raises(tanbo.UsageError, match="cannot open the table file"):
        tanbo.Solution.open(tmp_path / "missing.tbl")


def test_content_hash_verify_and_a_forged_table():
    """The content hash every face shows, verify(), and a forged table (the start's win bit and the
    header's value byte flipped, the hash recomputed as a forger would) refused by probe and
    verify with the record's byte offset and the position (docs/solutions.md, "Verifying a
    table")."""
    import hashlib
    import struct

    sol = tanbo.Solution.solve(SMALL)
    assert sol.sha256 == "58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c"
    assert sol.verify() == 13724
    data = bytearray(sol.to_bytes())
    header = struct.unpack_from("<I", data, 12)[0]
    start_key = 1 + (2 << 6) + (2 << 24) + (1 << 30)  # X2O/4/4/O2X X, its own canonical form
    at = next(at for at in range(header, len(data), 8) if struct.unpack_from("<Q", data, at)[0] >> 8 == start_key)
    data[at] ^= 1
    data[40] ^= 1
    data[48:80] = hashlib.sha256(bytes(data[:48]) + bytes(data[80:])).digest()
    forged = tanbo.Solution.from_bytes(bytes(data), name="forged.tbl")  # the hash holds
    assert forged.sha256 != sol.sha256
    message = (f"forged.tbl: byte {at}: the table is inconsistent: the record of X2O/4/4/O2X X says X to move "
               "wins in 15 plies, but its moves' records give X to move loses in 15 plies")
    with pytest.raises(tanbo.TableError) as probed:
        forged.probe(tanbo.Game(SMALL))
    assert str(probed.value) == message
    with pytest.raises(tanbo.TableError) as verified:
        forged.verify()
    assert str(verified.value) == message


def test_error_model():
    sol = tanbo.Solution.solve(SMALL)
    game = tanbo.Game(SMALL)
    # Wrong types: TypeError, naming the argument.
    for call, match in [
        (lambda: sol.probe("X2O/4/4/O2X X"), "game must be a tanbo.Game, not str"),
        (lambda: sol.best_moves(None), "game must be a tanbo.Game, not NoneType"),
        (lambda: sol.line(3), "game must be a tanbo.Game, not int"),
        (lambda: tanbo.Solution.solve(b"lattice-5"), "start must be a str, not bytes"),
        (lambda: tanbo.Solution.solve(SMALL, max_classes=1.5), "max_classes must be an int, not float"),
        (lambda: tanbo.Solution.solve(SMALL, max_classes=True), "max_classes must be an int, not bool"),
        (lambda: tanbo.Solution.from_bytes("TANBOTBL"), "data must be bytes-like"),
        (lambda: tanbo.Solution.from_bytes(b"", name=b"x"), "name must be a str, not bytes"),
        (lambda: tanbo.Solution.open(3), "int"),
        (lambda: game.solve(1.0), "budget must be an int, not float"),
        (lambda: game.solve(True), "budget must be an int, not bool"),
        (lambda: game.solve("100"), "budget must be an int, not str"),
        (lambda: game.solve(100, moves=1), "moves must be a bool, not int"),
    ]:
        with pytest.raises(TypeError, match=match):
            call()
    # Out of range, another size, a start too large or of too many classes: UsageError.
    for call, match in [
        (lambda: sol.probe(tanbo.Game("lattice-5")), "5x5 board but the table of X2O/4/4/O2X X is of 4x4"),
        (lambda: game.solve(0), r"node budget must be in \[1, 1099511627776\], got 0"),
        (lambda: game.solve(-5), r"got -5"),
        (lambda: game.solve(2**40 + 1), r"got 1099511627777"),
        (lambda: game.solve(2**64), r"budget must be an int in \[1, 1099511627776\], not 18446744073709551616"),
        (lambda: tanbo.Solution.solve(SMALL, max_classes=0), "max_classes must be at least 1, got 0"),
        (lambda: tanbo.Solution.solve(SMALL, max_classes=-1), "max_classes must be an int in"),
        (lambda: tanbo.Solution.solve(SMALL, max_classes=100), "more than 100 position classes"),
        (lambda: tanbo.Solution.solve("lattice-7"), "7x7"),
        (lambda: tanbo.Solution.solve("classic"), "19x19"),
    ]:
        with pytest.raises(tanbo.UsageError, match=match):
            call()
    with pytest.raises(tanbo.ParseError):
        tanbo.Solution.solve("lattice-05")
    with pytest.raises(tanbo.InvalidPositionError):
        tanbo.Solution.solve("X3/4/4/4 X")  # White has no stones
    # The game is unchanged by every refused call.
    assert game.record() == tanbo.Game(SMALL).record()


# ---------------------------------------------------------------------------------------------
# Threads


def test_probe_and_solve_release_the_gil():
    sol = tanbo.Solution.solve(SMALL)
    game = tanbo.Game(SMALL)
    calls = {
        "probe": lambda i: sol.probe(game),
        "solve": lambda i: game.solve(20_000, moves=True),
        "solve_start": lambda i: tanbo.Solution.solve(SMALL),
    }
    for name, call in calls.items():
        call(0)
        busy, count = worker_seen_busy(call)
        assert busy, f"{name} kept the GIL for all {count} calls"
