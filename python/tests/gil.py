"""One check that a C++ call releases the GIL, shared by test_threads.py and test_vector.py.

Deterministic, not timed: the switch interval is set so high that the worker thread keeps the
GIL unless the C++ call hands it over, so the main thread can only observe the worker still busy
if the call released it. The worker repeats the call until the main thread has seen it (on a
loaded machine the main thread may need several of the worker's GIL-free windows to be
scheduled); it gives up after 5 s, which only a call keeping the GIL reaches."""

import sys
import threading
import time


def worker_seen_busy(call):
    """Runs call(i) for i = 0, 1, ... in a worker thread; returns (True if the main thread ran
    while the worker was still calling, the number of calls made)."""
    started, seen = threading.Event(), threading.Event()
    state = {"finished": False, "calls": 0}

    def worker():
        started.set()
        # Bounded: if the GIL is never released this ends and the test fails instead of hanging.
        give_up = time.monotonic() + 5
        while not seen.is_set() and time.monotonic() < give_up:
            call(state["calls"])
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
    return busy, state["calls"]
