"""The tanbo engine protocol (docs/protocol.md) on stdin/stdout over the package's engines.

    python3 -m tanbo.serve [--engine optimized|reference]

A line pump: each request line goes to a tanbo.Session (the C++ session ``tanbo serve`` runs) and
its answer line is written back and flushed. No protocol of its own lives here.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional

import tanbo


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tanbo.serve", description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default="optimized", help="optimized (default) or reference")
    o = parser.parse_args(argv)
    try:
        session = tanbo.Session(o.engine)
    except tanbo.UsageError as e:  # the session's words for an unknown engine, as `tanbo serve`'s
        parser.exit(2, f"{parser.prog}: --engine: {e}\n")
    # Bytes as read, so the session sees what `tanbo serve` would (any non-ASCII is its to refuse).
    for line in sys.stdin.buffer:
        answer = session.handle(line)
        if answer is not None:
            sys.stdout.write(answer + "\n")
            sys.stdout.flush()
        if session.done:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
