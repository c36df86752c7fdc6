"""Stateful differential test through the bindings: the reference and optimized engines take the
same random steps (legal moves, arbitrary points and int actions, undo, copy, seeded random
moves) and must agree on the whole observable state after every step. Failures shrink to a short step list; the
failing game's record is in the assertion message. playout() is left out: the engines choose
its moves differently, and a broken engine's unchecked C++ playout could crash instead of
reporting (test_replay.py covers playout)."""

import numpy as np
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import tanbo

STARTS = ["lattice-5", "dense-5", "lattice-7", "dense-7", "lattice-9", "dense-9"]


def outcome(call):
    """('ok', value) or (exception type name, message)."""
    try:
        return ("ok", call())
    except tanbo.Error as e:
        return (type(e).__name__, str(e))


def snapshot(g):
    """Every observable of a game, in comparable form."""
    state = {
        "board": g.board(), "position": g.position(), "to_move": g.to_move, "ply": g.ply,
        "winner": g.winner, "is_over": g.is_over, "hash": g.hash, "legal": g.legal_moves(),
        "legal_count": g.legal_move_count(), "moves": g.moves(), "record": g.record(),
        "str": str(g), "size": g.size, "variant": g.variant,
        "stones": (g.stone_count("X"), g.stone_count("O")),
        "last": outcome(lambda: (repr(r := g.last_result()), r.removed_black, r.removed_white)),
        "observation": g.observation(dtype=np.uint8).tobytes(),
        "mask": g.legal_mask().tobytes(),
        # The integer-action API.
        "actions": g.legal_actions(), "player": g.current_player(), "returns": g.returns(),
        "history": g.history(), "max_length": g.max_game_length(), "serialized": g.serialize(),
        "views": [g.observation_tensor(p, dtype=np.uint8).tobytes() for p in (0, 1)],
    }
    return state


class ReferenceVsOptimized(RuleBasedStateMachine):
    @initialize(start=st.sampled_from(STARTS))
    def start(self, start):
        self.ref = tanbo.Game(start, engine="reference")
        self.opt = tanbo.Game(start, engine="optimized")

    def both(self, step):
        a, b = outcome(lambda: step(self.ref)), outcome(lambda: step(self.opt))
        assert a == b, f"results differ: reference {a}, optimized {b}\n{self.ref.record()}"

    @precondition(lambda self: not self.ref.is_over)
    @rule(data=st.data())
    def play_legal(self, data):
        i = data.draw(st.integers(0, self.ref.legal_move_count() - 1), label="legal move index")
        self.both(lambda g: repr(g.play(g.legal_moves()[i])))

    @rule(x=st.integers(-1, 9), y=st.integers(-1, 9))
    def play_any_point(self, x, y):
        # Mostly illegal: both must reject it alike, with the same message, or play it alike.
        self.both(lambda g: repr(g.play((x, y))))

    @rule(action=st.integers(-2, 83))
    def apply_any_action(self, action):
        # Mostly illegal or off the board (boards are at most 9x9 here): same outcome on both.
        self.both(lambda g: g.apply_action(action))

    @rule(seed=st.integers(0, 2**64 - 1))
    def play_random_move(self, seed):
        self.both(lambda g: repr(g.play(g.random_move(tanbo.Rng(seed)))))

    @rule()
    def undo(self):
        self.both(lambda g: g.undo())

    @rule()
    def copy(self):
        ref, opt = self.ref.copy(), self.opt.copy()
        if self.ref.legal_move_count():  # the copies are independent of the originals
            move = self.ref.legal_moves()[0]
            self.ref.play(move)
            self.opt.play(move)
        self.ref, self.opt = ref, opt

    @invariant()
    def same_state(self):
        a, b = snapshot(self.ref), snapshot(self.opt)
        diff = [k for k in a if a[k] != b[k]]
        assert not diff, f"engines differ in {diff}; reference game:\n{self.ref.record()}"


ReferenceVsOptimized.TestCase.settings = settings(
    max_examples=150, stateful_step_count=40, deadline=None)
TestReferenceVsOptimized = ReferenceVsOptimized.TestCase
