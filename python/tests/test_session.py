"""tanbo.Session: the engine protocol's C++ session (docs/protocol.md) as python3 -m tanbo.serve
pumps it: one answer line per request, refusals as answers, misuse as tanbo's errors."""

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tanbo


def test_a_session_answers_line_by_line(engine):
    s = tanbo.Session(engine)
    assert s.handle("7 protocol_version") == "=7 1"
    assert s.handle("version") == "= " + engine
    assert s.handle("start lattice-5\r\n") == "="
    assert s.handle("# comment") is None and s.handle("   ") is None
    assert s.handle("play Z9").startswith("? illegal off-board ")
    assert s.handle(b"play B1") == "= none"  # bytes as read from a pipe
    assert s.handle("legal") == "= D1 E2 A4 B5"
    assert not s.done
    assert s.handle("quit") == "=" and s.done


def test_misuse_is_refused_with_tanbos_errors():
    with pytest.raises(tanbo.UsageError, match="engine must be 'optimized' or 'reference', not 'fast'"):
        tanbo.Session("fast")
    s = tanbo.Session()
    with pytest.raises(tanbo.UsageError, match="line break at byte 4"):
        s.handle("undo\nundo")
    with pytest.raises(TypeError):
        s.handle(7)
    with pytest.raises(TypeError, match="created without __init__"):
        tanbo.Session.__new__(tanbo.Session).handle("name")


# (Lone surrogates are no str pybind11 can encode: a TypeError, as for any value of the wrong type.)
@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=30), max_size=12))
def test_any_lines_get_one_answer_line_each(lines):
    s = tanbo.Session("reference")
    for line in lines:
        answer = s.handle(line)
        if answer is not None:
            assert answer[0] in "=?" and "\n" not in answer and "\r" not in answer


def test_the_server_pumps_stdin(engine):
    out = subprocess.run([sys.executable, "-m", "tanbo.serve", "--engine", engine], input=b"name\n\nplay A0\nquit\nname\n",
                         capture_output=True, check=True).stdout
    assert out == b"= tanbo\n? syntax 'A0' is not a point name\n=\n"
