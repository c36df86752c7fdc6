"""tanbo: the verified Tanbo rules engines (C++) from Python.

    >>> import tanbo
    >>> g = tanbo.Game("lattice-9")          # engine="optimized" (default) or "reference"
    >>> g.play(g.random_move(tanbo.Rng(1)))  # doctest: +ELLIPSIS
    MoveResult(move=..., player='X', removal='none', removed=[])

Game, Rng and MoveResult come from the C++ extension tanbo._core; the errors derive from
ValueError and carry the C++ library's messages. See python/README.md.
"""

from tanbo._core import (
    Error,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    MoveResult,
    ParseError,
    Rng,
    UsageError,
    __version__,
    variants,
)

__all__ = [
    "Error",
    "Game",
    "IllegalMoveError",
    "InvalidPositionError",
    "MoveResult",
    "ParseError",
    "Rng",
    "UsageError",
    "__version__",
    "variants",
]

# Show the public names as tanbo.X (not tanbo._core.X) in reprs and tracebacks.
for _cls in (Error, Game, IllegalMoveError, InvalidPositionError, MoveResult, ParseError, Rng, UsageError):
    _cls.__module__ = "tanbo"
del _cls
