"""A foreign Tanbo engine for testing tanbo's checkers: the rules written again in plain Python,
served over the engine protocol (docs/protocol.md) by its own little server.

    python3 conformance/tests/foreign_engine.py [--plant-bug KIND]

Not part of any package: it is the second, independent implementation that shows `tanbo conform`
and `tanbo diff --engine` catch a foreign engine's bugs. Only reading a start (variant openings
and position strings, with their refusals) is asked of the tanbo package (PYTHONPATH: the
build's python/ folder); placing stones, rule 6 removal, roots, the legal set and the winner are
computed here. Each --plant-bug KIND breaks one answer that `tanbo conform` compares
(the CTest tests python.conform_planted_*, in python/CMakeLists.txt, run them):

  branch-name        a bounded-roots removal is answered as expanded-root (the board is right)
  removed-stones     the play answer leaves out the last removed stone (the board is right)
  one-root-at-a-time rule 6 removes only the first bounded root, not all of them
  legal              the legal list leaves out its last point
  winner             winner always answers none
  roots              the roots answer leaves out its last root
  position           position answers the wrong side to move
  refused-changes    a refused play still passes the turn
  refusal-kind       every illegal move is refused as "illegal occupied"
  perft              perft is offered and answers one leaf too many
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Callable, Optional

import tanbo

# The rule each plant breaks, for the map of checks (docs/verification.md, "Checks by rule").
# check-map: planted branch-name [rule6]
# check-map: planted removed-stones [rule6]
# check-map: planted one-root-at-a-time [rule6]
# check-map: planted legal [rule3]
# check-map: planted winner [rule7]
# check-map: planted roots [rule4]
# check-map: planted position [rule3]
# check-map: planted refused-changes [rule3]
# check-map: planted refusal-kind [rule3]
# check-map: planted perft [rule3]
PLANTS = ["branch-name", "removed-stones", "one-root-at-a-time", "legal", "winner", "roots",
          "position", "refused-changes", "refusal-kind", "perft"]
_NAME = re.compile(r"^[A-Za-z][1-9][0-9]?$")
_VARIANT = re.compile(r"^[A-Za-z0-9-]+$")


class Refusal(Exception):
    """A refused request: answered ``? <kind> <message>``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def point_name(n: int, i: int) -> str:
    return f"{chr(ord('A') + i % n)}{i // n + 1}"


class Engine:
    """The rules on a row-major list of '.', 'X', 'O': rule 3 placement, rules 4-6, rule 7."""

    def __init__(self, bug: Optional[str]) -> None:
        self.bug = bug
        self.start("classic")

    def start(self, text: str) -> None:
        try:  # the package reads and validates the start, as tanbo::api::read_start decides
            g = tanbo.Game(text) if _VARIANT.match(text) else tanbo.Game.from_position(text)
        except tanbo.InvalidPositionError as e:
            raise Refusal("invalid-position", str(e)) from None
        except tanbo.Error as e:
            raise Refusal("syntax", str(e)) from None
        self.n = g.size
        self.board = list("".join(g.board()))
        self.side = g.to_move
        self.history: list[tuple[list[str], str]] = []

    def neighbours(self, i: int) -> list[int]:
        n, x, y = self.n, i % self.n, i // self.n
        return [j for j, ok in ((i - n, y > 0), (i - 1, x > 0), (i + 1, x < n - 1), (i + n, y < n - 1)) if ok]

    def friends(self, i: int, c: str) -> int:
        return sum(self.board[j] == c for j in self.neighbours(i))

    def roots(self) -> list[tuple[str, list[int], list[int]]]:
        """Every root (colour, stones, growth points), ordered by first stone."""
        seen: set[int] = set()
        out = []
        for i, c in enumerate(self.board):
            if c == "." or i in seen:
                continue
            stones, todo = set(), [i]
            seen.add(i)
            while todo:
                j = todo.pop()
                stones.add(j)
                for k in self.neighbours(j):
                    if self.board[k] == c and k not in seen:
                        seen.add(k)
                        todo.append(k)
            growth = {k for j in stones for k in self.neighbours(j) if self.board[k] == "." and self.friends(k, c) == 1}
            out.append((c, sorted(stones), sorted(growth)))
        return out

    def winner(self) -> str:
        if "X" not in self.board:
            return "O"
        if "O" not in self.board:
            return "X"
        return "none"

    def play(self, x: int, y: int) -> str:
        n = self.n
        reason = None
        if self.winner() != "none":
            reason = "game-over"
        elif not (0 <= x < n and 0 <= y < n):
            reason = "off-board"
        elif self.board[y * n + x] != ".":
            reason = "occupied"
        elif self.friends(y * n + x, self.side) != 1:
            reason = "no-friendly-neighbour" if self.friends(y * n + x, self.side) == 0 else "several-friendly-neighbours"
        if reason:
            if self.bug == "refused-changes":
                self.side = "O" if self.side == "X" else "X"
            raise Refusal("illegal " + ("occupied" if self.bug == "refusal-kind" else reason), f"illegal move: {reason}")
        i = y * n + x
        self.history.append((self.board[:], self.side))
        self.board[i] = self.side
        roots = self.roots()
        mine = next(r for r in roots if i in r[1])
        if not mine[2]:
            removal, removed = "expanded-root", mine[1]
        else:
            bounded = [r for r in roots if not r[2]]
            if self.bug == "one-root-at-a-time":
                bounded = bounded[:1]
            removal = "bounded-roots" if bounded else "none"
            removed = sorted(j for r in bounded for j in r[1])
        for j in removed:
            self.board[j] = "."
        self.side = "O" if self.side == "X" else "X"
        if self.bug == "branch-name" and removal == "bounded-roots":
            removal = "expanded-root"
        if self.bug == "removed-stones":
            removed = removed[:-1]
        return " ".join([removal] + [point_name(n, j) for j in removed])

    def undo(self) -> None:
        if not self.history:
            raise Refusal("usage", "no move to undo")
        self.board, self.side = self.history.pop()

    def legal(self) -> list[int]:
        if self.winner() != "none":
            return []
        out = [i for i, c in enumerate(self.board) if c == "." and self.friends(i, self.side) == 1]
        return out[:-1] if self.bug == "legal" else out

    def position(self) -> str:
        rows = []
        for y in range(self.n):
            row = re.sub(r"\.+", lambda m: str(len(m.group())), "".join(self.board[y * self.n:(y + 1) * self.n]))
            rows.append(row)
        side = self.side if self.bug != "position" else ("O" if self.side == "X" else "X")
        return "/".join(rows) + " " + side

    def perft(self, depth: int) -> int:
        if depth == 0 or self.winner() != "none":
            return 1
        total = 0
        for i in self.legal():
            self.play(i % self.n, i // self.n)
            total += self.perft(depth - 1)
            self.undo()
        return total


class Server:
    """One protocol session over an Engine: answer(line) gives the answer, None for comments."""

    def __init__(self, engine: Engine) -> None:
        e = engine
        self.done = False
        names = lambda ps: ",".join(point_name(e.n, j) for j in ps)  # noqa: E731
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda a: "1",
            "name": lambda a: "foreign-python",
            "version": lambda a: "1",
            "list_commands": lambda a: " ".join(self.commands),
            "start": lambda a: e.start(" ".join(a)) or "",
            "play": self._play,
            "undo": lambda a: e.undo() or "",
            "legal": lambda a: " ".join(point_name(e.n, i) for i in e.legal()),
            "position": lambda a: e.position(),
            "winner": lambda a: "none" if e.bug == "winner" else e.winner(),
            "roots": lambda a: " ".join(f"{c}:{names(s)}:{names(g)}" for c, s, g in e.roots()[: -1 if e.bug == "roots" else None]),
            "quit": self._quit,
        }
        if e.bug == "perft":
            self.commands["perft"] = lambda a: str(e.perft(int(a[0])) + 1)
        self.engine = e

    def _play(self, args: list[str]) -> str:
        if len(args) != 1:
            raise Refusal("syntax", f"play takes 1 argument, got {len(args)}")
        if not _NAME.match(args[0]):
            raise Refusal("syntax", f"'{args[0][:40]}' is not a point name")
        return self.engine.play(ord(args[0][0].upper()) - ord("A"), int(args[0][1:]) - 1)

    def _quit(self, args: list[str]) -> str:
        self.done = True
        return ""

    def answer(self, line: str) -> Optional[str]:
        words = line.split()
        if not words or words[0].startswith("#"):
            return None
        ident = words.pop(0) if words[0].isdigit() else ""
        if not words:
            return f"?{ident} syntax an id must be followed by a command"
        command, args = words[0], words[1:]
        fn = self.commands.get(command)
        if fn is None:
            return f"?{ident} unknown-command '{command[:40]}' (see list_commands)"
        try:
            if command not in ("start", "play", "perft") and args:
                raise Refusal("syntax", f"{command} takes no arguments")
            if command == "start" and not args:
                raise Refusal("syntax", "start takes a variant name or a position string")
            result = fn(args)
        except Refusal as e:
            return f"?{ident} {e.kind} {e}"
        return f"={ident} {result}" if result else f"={ident}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plant-bug", choices=PLANTS)
    o = parser.parse_args()
    server = Server(Engine(o.plant_bug))
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
