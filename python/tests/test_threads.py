"""The long calls release the GIL: while one thread is inside playout / playouts / perft /
from_record, another runs Python (the method: gil.py)."""

import pytest

import tanbo
from gil import worker_seen_busy

RECORD = tanbo.Game("classic")
_rng = tanbo.Rng(5)
RECORD.playout(_rng, in_place=True)
RECORD = RECORD.record()

CALLS = {
    "playout": lambda g, i: g.playout(tanbo.Rng(i)),
    "playout_in_place": lambda g, i: g.copy().playout(tanbo.Rng(i), in_place=True),
    "playouts": lambda g, i: g.playouts(20, i),
    "perft": lambda g, i: g.perft(3),
    "from_record": lambda g, i: tanbo.Game.from_record(RECORD),
}


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("engine", ["optimized", "reference"])
def test_call_releases_the_gil(call, engine):
    g = tanbo.Game("classic", engine=engine)
    CALLS[call](g, 0)  # first use in the main thread: lazy imports (numpy) cannot release the GIL later
    busy, calls = worker_seen_busy(lambda i: CALLS[call](g, i))
    assert busy, f"{call} kept the GIL for all {calls} calls"
