"""The long calls release the GIL: while one thread is inside playout / playouts / perft /
from_record, another runs Python. Deterministic, not timed: the switch interval is set so high
that the worker keeps the GIL unless the C++ call hands it over, so the main thread can only
observe the worker still busy if the call released it. The worker repeats the call until the
main thread has seen it (on a loaded machine the main thread may need several of the worker's
GIL-free windows to be scheduled); it gives up after 5 s, which only a call keeping the GIL
reaches."""

import sys
import threading
import time

import pytest

import tanbo

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
    started, seen = threading.Event(), threading.Event()
    state = {"finished": False, "calls": 0}

    def worker():
        started.set()
        # Bounded: if the GIL is never released this ends and the test fails instead of hanging.
        give_up = time.monotonic() + 5
        while not seen.is_set() and time.monotonic() < give_up:
            CALLS[call](g, state["calls"])
            state["calls"] += 1
        state["finished"] = True

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)  # the worker never has to give the GIL back on its own
    try:
        t = threading.Thread(target=worker)
        t.start()
        started.wait()
        # The main thread runs again only when the worker drops the GIL: inside a C++ call, or
        # when it has finished.
        busy = not state["finished"]
        seen.set()
        t.join()
    finally:
        sys.setswitchinterval(old)
    assert busy, f"{call} kept the GIL for all {state['calls']} calls"


def test_one_game_per_thread_gives_the_same_results():
    # The documented pattern: each thread its own Game and seeds; results as if sequential.
    results = {}

    def run(k):
        results[k] = tanbo.Game("lattice-9").playouts(50, 1000 * k)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in range(4):
        w, n = tanbo.Game("lattice-9").playouts(50, 1000 * k)
        assert (results[k][0] == w).all() and (results[k][1] == n).all()


def test_shared_game_is_never_corrupted():
    # Misuse (one Game, two threads, one playing in place) must not crash or tear the game: each
    # long call works on a snapshot and swaps in its result under the GIL.
    g = tanbo.Game("classic")
    errors = []

    def hammer(seed):
        try:
            for i in range(30):
                h = g.copy()
                h.playout(tanbo.Rng(seed + i), in_place=True)
                g.playouts(3, seed + i)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=hammer, args=(s,)) for s in (1, 100)]
    for t in threads:
        t.start()
    g.playout(tanbo.Rng(7), in_place=True)
    for t in threads:
        t.join()
    assert not errors
    assert g.is_over and tanbo.Game.from_record(g.record()) == g
