"""The Python face of the bad-input table (api/tests/bad_inputs.tsv, columns described there).

Every row goes through the tanbo package's API on both engines; the raised exception's class name
must be the row's class and its message must contain the row's core, and a rejected call must leave
the game unchanged. Run by CTest as python.bad_inputs: python3 -m pytest bad_inputs_python.py
"""

import pathlib

import pytest

import tanbo

TABLE = pathlib.Path(__file__).resolve().parents[2] / "api" / "tests" / "bad_inputs.tsv"


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            e = s[i + 1]
            if e == "u":
                out.append(chr(int(s[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append({"n": "\n", "t": "\t"}.get(e, e))
            i += 2
            continue
        out.append(s[i])
        i += 1
    return "".join(out)


def argument(text):
    if text == "-":
        return None
    kind, v = text[:2], text[2:]
    if kind == "s:":
        return unescape(v)
    if kind == "i:":
        return int(float(v)) if "e" in v else int(v)
    if kind == "f:":
        return float(v)
    if kind == "b:":
        return v == "true"
    if kind == "y:":
        return v.encode()
    raise ValueError(f"unknown argument kind {text}")


def rows():
    for number, line in enumerate(TABLE.read_text(encoding="utf-8").split("\n"), 1):
        if line and not line.startswith("#"):
            yield pytest.param(number, *line.split("\t"), id=f"line{number}")


@pytest.mark.parametrize("number,op,start,moves,arg_text,want,core,at", list(rows()))
def test_row(number, op, start, moves, arg_text, want, core, at, engine):  # engine: conftest.py
    arg = argument(arg_text)
    game = None
    if start != "-":
        game = tanbo.Game(start, engine=engine)  # Game reads a variant name or a position string
        for m in [] if moves == "-" else moves.split(","):
            game.play(m)
    before = game and (game.position(), game.ply)
    got, message, value = "no error", "", None
    try:
        if op == "play":
            game.play(arg)
        elif op == "is_legal":
            value = game.is_legal(arg)
        elif op == "at":
            game.at(arg)
        elif op == "undo":
            game.undo()
        elif op == "last_result":
            game.last_result()
        elif op == "perft":
            game.perft(arg)
        elif op == "engine":
            tanbo.Game("lattice-5", engine=arg)
        elif op == "start":
            tanbo.Game(arg, engine=engine)
        elif op == "record":
            tanbo.Game.from_record(arg, engine=engine)
        else:
            raise AssertionError(f"unknown op {op}")
        if value is not None:
            got = str(value).lower()
    except Exception as e:  # noqa: BLE001 - the class is what is checked
        got, message = type(e).__name__, str(e)
    where = f"bad_inputs.tsv:{number}: {op} {arg_text} ({engine}): got {got} {message!r}"
    assert got == want, where
    assert core == "-" or core in message, where
    if at != "-":
        line, column = at.split(":")
        assert f"line {line}, column {column}: " in message, where
    if game is not None:
        assert (game.position(), game.ply) == before, where + " (and the game changed)"
