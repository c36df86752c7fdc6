"""The tanbo engine protocol (docs/protocol.md) on stdin/stdout, in Python.

    python3 -m tanbo.serve [--engine optimized|reference|python] [--plant-bug one-root-at-a-time]

``optimized`` and ``reference`` serve the package's engines; ``python`` serves a small rules
engine written here in pure Python (openings and position strings still come from the package),
a second, independent implementation for ``tanbo conform`` and ``tanbo diff --engine`` to check.
``--plant-bug one-root-at-a-time`` makes that engine remove only the first bounded root of a move
instead of all of them (rule 6): a known kind of bug that both commands must catch.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Callable, Optional

import tanbo

PROTOCOL_VERSION = 1
_NAME = re.compile(r"^[A-Za-z][1-9][0-9]?$")
_VARIANT = re.compile(r"^[A-Za-z0-9-]+$")
# The engines' illegal-move messages end with one of these texts (core/src/errors.cpp).
_REASONS = {
    "the point is not on the board": "off-board",
    "the point is occupied": "occupied",
    "the point touches no stone": "no-friendly-neighbour",
    "the point touches two or more stones": "several-friendly-neighbours",
    "the game is over": "game-over",
}


class Refusal(Exception):
    """A refused request: answered ``? <kind> <message>``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def point_name(x: int, y: int) -> str:
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_point(text: str) -> tuple[int, int]:
    """A well-formed point name's (x, y), possibly off the board."""
    if not _NAME.match(text):
        raise Refusal("syntax", f"'{text[:40]}' is not a point name")
    return ord(text[0].upper()) - ord("A"), int(text[1:]) - 1


def parse_start(text: str) -> tanbo.Game:
    try:
        if not _VARIANT.match(text):  # as tanbo::api::read_start decides
            return tanbo.Game.from_position(text, engine="reference")
        return tanbo.Game(text, engine="reference")
    except tanbo.InvalidPositionError as e:
        raise Refusal("invalid-position", str(e)) from None
    except tanbo.Error as e:
        raise Refusal("syntax", str(e)) from None


def board_roots(n: int, cells: list[str]) -> list[tuple[str, list[int], list[int]]]:
    """Rules 4 and 5 on a row-major board: every root (colour, stones, growth points), ordered
    by first stone."""

    def neighbours(i: int) -> list[int]:
        x, y = i % n, i // n
        out = []
        if y > 0:
            out.append(i - n)
        if x > 0:
            out.append(i - 1)
        if x < n - 1:
            out.append(i + 1)
        if y < n - 1:
            out.append(i + n)
        return out

    seen: set[int] = set()
    roots = []
    for i, c in enumerate(cells):
        if c == "." or i in seen:
            continue
        stones, todo = set(), [i]
        seen.add(i)
        while todo:
            j = todo.pop()
            stones.add(j)
            for k in neighbours(j):
                if cells[k] == c and k not in seen:
                    seen.add(k)
                    todo.append(k)
        growth = sorted(
            {
                k
                for j in stones
                for k in neighbours(j)
                if cells[k] == "." and sum(cells[m] == c for m in neighbours(k)) == 1
            }
        )
        roots.append((c, sorted(stones), growth))
    return roots


def position_string(n: int, cells: list[str], side: str) -> str:
    rows = []
    for y in range(n):
        row, empties = "", 0
        for c in cells[y * n : (y + 1) * n]:
            if c == ".":
                empties += 1
                continue
            row += (str(empties) if empties else "") + c
            empties = 0
        rows.append(row + (str(empties) if empties else ""))
    return "/".join(rows) + " " + side


class PackageEngine:
    """One of the package's engines (optimized or reference)."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self.game = tanbo.Game("classic", engine=engine)

    def start(self, text: str) -> None:
        g = parse_start(text)
        self.game = tanbo.Game.from_position(g.position(), engine=self.engine)

    def play(self, x: int, y: int) -> str:
        if self.game.is_over:
            raise Refusal("illegal game-over", "the game is over")
        if not (0 <= x < self.game.size and 0 <= y < self.game.size):
            raise Refusal("illegal off-board", "the point is not on the board")
        try:
            r = self.game.play(point_name(x, y))
        except tanbo.IllegalMoveError as e:
            reason = next((k for t, k in _REASONS.items() if t in str(e)), "unknown")
            raise Refusal("illegal " + reason, str(e)) from None
        return " ".join([r.removal] + list(r.removed))

    def undo(self) -> None:
        if self.game.ply == 0:
            raise Refusal("usage", "no move to undo")
        self.game.undo()

    def legal(self) -> list[str]:
        return self.game.legal_moves()

    def position(self) -> str:
        return " ".join(self.game.position().split()[:2])

    def winner(self) -> str:
        return self.game.winner or "none"

    def cells(self) -> tuple[int, list[str]]:
        return self.game.size, list("".join(self.game.board()))

    def perft(self, depth: int) -> int:
        return self.game.perft(depth)


class PythonEngine:
    """The rules in pure Python: rule 3 placement, rule 6 removal, rule 7 end."""

    def __init__(self, one_root_at_a_time: bool = False) -> None:
        self.bug = one_root_at_a_time
        self.start("classic")

    def start(self, text: str) -> None:
        g = parse_start(text)  # the package reads openings and position strings, and validates
        self.n = g.size
        self.board = list("".join(g.board()))
        self.side = g.to_move
        self.history: list[tuple[list[str], str]] = []

    def _friends(self, i: int, c: str) -> int:
        n, x, y = self.n, i % self.n, i // self.n
        near = [(x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)]
        return sum(1 for a, b in near if 0 <= a < n and 0 <= b < n and self.board[b * n + a] == c)

    def winner(self) -> str:
        if "X" not in self.board:
            return "O"
        if "O" not in self.board:
            return "X"
        return "none"

    def play(self, x: int, y: int) -> str:
        if self.winner() != "none":
            raise Refusal("illegal game-over", "the game is over")
        n = self.n
        if not (0 <= x < n and 0 <= y < n):
            raise Refusal("illegal off-board", "the point is not on the board")
        i = y * n + x
        if self.board[i] != ".":
            raise Refusal("illegal occupied", "the point is occupied")
        friends = self._friends(i, self.side)
        if friends != 1:
            kind = "no-friendly-neighbour" if friends == 0 else "several-friendly-neighbours"
            raise Refusal("illegal " + kind, "rule 3 needs exactly one friendly neighbour")
        self.history.append((self.board[:], self.side))
        self.board[i] = self.side
        roots = board_roots(n, self.board)
        mine = next(r for r in roots if i in r[1])
        if not mine[2]:
            removal, removed = "expanded-root", mine[1]
        else:
            bounded = [r for r in roots if not r[2]]
            if self.bug:
                bounded = bounded[:1]  # the planted bug: one root at a time
            removal = "bounded-roots" if bounded else "none"
            removed = sorted(j for r in bounded for j in r[1])
        for j in removed:
            self.board[j] = "."
        self.side = "O" if self.side == "X" else "X"
        return " ".join([removal] + [point_name(j % n, j // n) for j in removed])

    def undo(self) -> None:
        if not self.history:
            raise Refusal("usage", "no move to undo")
        self.board, self.side = self.history.pop()

    def legal(self) -> list[str]:
        if self.winner() != "none":
            return []
        n = self.n
        return [
            point_name(i % n, i // n)
            for i, c in enumerate(self.board)
            if c == "." and self._friends(i, self.side) == 1
        ]

    def position(self) -> str:
        return position_string(self.n, self.board, self.side)

    def cells(self) -> tuple[int, list[str]]:
        return self.n, self.board


class Server:
    """One protocol session: answer(line) gives the answer line, or None for blank/comments."""

    def __init__(self, engine: PackageEngine | PythonEngine) -> None:
        self.engine = engine
        self.done = False
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda a: str(PROTOCOL_VERSION),
            "name": lambda a: "tanbo-python",
            "version": lambda a: tanbo.__version__ if hasattr(tanbo, "__version__") else "1",
            "list_commands": lambda a: " ".join(self.commands),
            "start": self._start,
            "play": self._play,
            "undo": lambda a: self.engine.undo() or "",
            "legal": lambda a: " ".join(self.engine.legal()),
            "position": lambda a: self.engine.position(),
            "winner": lambda a: self.engine.winner(),
            "roots": self._roots,
            "quit": self._quit,
        }
        if isinstance(engine, PackageEngine):
            self.commands["perft"] = lambda a: str(self.engine.perft(int(a[0])))  # type: ignore[union-attr]

    def _start(self, args: list[str]) -> str:
        if not args:
            raise Refusal("syntax", "start takes a variant name or a position string")
        self.engine.start(" ".join(args))
        return ""

    def _play(self, args: list[str]) -> str:
        if len(args) != 1:
            raise Refusal("syntax", f"play takes 1 argument, got {len(args)}")
        return self.engine.play(*parse_point(args[0]))

    def _roots(self, args: list[str]) -> str:
        n, cells = self.engine.cells()
        names = lambda ps: ",".join(point_name(j % n, j // n) for j in ps)  # noqa: E731
        return " ".join(f"{c}:{names(s)}:{names(g)}" for c, s, g in board_roots(n, cells))

    def _quit(self, args: list[str]) -> str:
        self.done = True
        return ""

    def answer(self, line: str) -> Optional[str]:
        words = line.split()
        if not words or words[0].startswith("#"):
            return None
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} syntax an id must be followed by a command"
        command, args = words[0], words[1:]
        fn = self.commands.get(command)
        if fn is None:
            return f"?{ident} unknown-command '{command[:40]}' (see list_commands)"
        try:
            if command not in ("start", "play") and command != "perft" and args:
                raise Refusal("syntax", f"{command} takes no arguments")
            result = fn(args)
        except Refusal as e:
            return f"?{ident} {e.kind} {e}"
        except (ValueError, IndexError) as e:  # perft's depth, and tanbo.Error (a ValueError)
            return f"?{ident} syntax {e}"
        except Exception as e:  # a bug here: answer it, keep serving
            return f"?{ident} internal-error {type(e).__name__}: {e}"
        return f"={ident} {result}" if result else f"={ident}"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tanbo.serve", description=__doc__.split("\n")[0])
    parser.add_argument("--engine", choices=["optimized", "reference", "python"], default="optimized")
    parser.add_argument("--plant-bug", choices=["one-root-at-a-time"], help="python engine only")
    o = parser.parse_args(argv)
    if o.plant_bug and o.engine != "python":
        parser.error("--plant-bug needs --engine python")
    engine = PythonEngine(o.plant_bug is not None) if o.engine == "python" else PackageEngine(o.engine)
    server = Server(engine)
    for line in sys.stdin:
        out = server.answer(line)
        if out is not None:
            sys.stdout.write(out + "\n")
            sys.stdout.flush()
        if server.done:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
