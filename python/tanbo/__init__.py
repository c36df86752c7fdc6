"""tanbo: the verified Tanbo rules engines (C++) from Python.

    >>> import tanbo
    >>> g = tanbo.Game("lattice-9")          # engine="optimized" (default) or "reference"
    >>> g.play(g.random_move(tanbo.Rng(1)))  # doctest: +ELLIPSIS
    MoveResult(move=..., player='X', removal='none', removed=[])
    >>> g.current_player(), g.string_to_action("B1")  # integer actions y * N + x, OpenSpiel style
    (1, 1)

Game, Rng and MoveResult come from the C++ extension tanbo._core; the errors derive from
ValueError and carry the C++ library's messages. Perfect play: Solution (a solved start's table,
opened or solved on demand, probed into an Answer) and Game.solve (the weak solver under a node
budget). A Game answers pyspiel.State's calls;
tanbo.openspiel has the game object and the registration with OpenSpiel. Environments for
reinforcement learning are in tanbo.env (Gymnasium, PettingZoo) and tanbo.vector (many boards
stepped in C++). See python/README.md.
"""

import enum
from typing import Sequence, SupportsIndex, Union

from tanbo._core import (
    Answer,
    Error,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    MAX_STRONG_SIZE,
    MoveOutcome,
    MoveResult,
    ParseError,
    Rng,
    Session,
    Solution,
    TableError,
    UsageError,
    __version__,
    variants,
)


class Color(str, enum.Enum):
    """A side: X (Black, moves first, player 0) or O (White, player 1).

    A str enum, so Color.X == "X": it goes wherever the API takes or returns 'X' / 'O'.
    """

    X = "X"
    O = "O"  # noqa: E741 (the rules' own name for White)
    BLACK = "X"
    WHITE = "O"

    @property
    def player(self) -> int:
        """0 for X, 1 for O (Game.current_player() numbering)."""
        return 0 if self is Color.X else 1

    @property
    def opponent(self) -> "Color":
        """The other side."""
        return Color.O if self is Color.X else Color.X

    def __str__(self) -> str:
        return self.value


#: MAX_STRONG_SIZE: the largest board side whose starts the strong solver solves (5: 5x5), so the
#: largest Solution.solve and Solution.shared take.

#: A point argument: a name such as "A2" (case-insensitive), an (x, y) pair (0-based, row 1 is
#: y = 0) or an int action y * N + x.
PointLike = Union[str, Sequence[SupportsIndex], SupportsIndex]

__all__ = [
    "Answer",
    "Color",
    "Error",
    "Game",
    "IllegalMoveError",
    "InvalidPositionError",
    "MAX_STRONG_SIZE",
    "MoveOutcome",
    "MoveResult",
    "ParseError",
    "PointLike",
    "Rng",
    "Session",
    "Solution",
    "TableError",
    "UsageError",
    "__version__",
    "variants",
]
