"""Shared pytest setup: a deterministic Hypothesis profile and the engine parameter.

Hypothesis runs derandomized (a fixed seed derived from each test) with no example database,
so CTest runs are reproducible and nothing is written into the source tree.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

import tanbo

settings.register_profile(
    "tanbo",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=int(os.environ.get("TANBO_HYPOTHESIS_EXAMPLES", "100")),
)
settings.load_profile("tanbo")

ENGINES = ["optimized", "reference"]


@pytest.fixture(params=ENGINES)
def engine(request):
    """Each test taking `engine` runs once per engine."""
    return request.param


def random_game(variant, engine, seed, plies=None):
    """A game after `plies` seeded random moves (all the way to the end if None, or if it ends
    first): legal_actions()[rng.below(n)] + apply_action, the choice `tanbo selfplay` makes."""
    g = tanbo.Game(variant, engine=engine)
    rng = tanbo.Rng(seed)
    while not g.is_terminal() and (plies is None or g.ply < plies):
        legal = g.legal_actions()
        g.apply_action(legal[rng.below(len(legal))])
    return g


def tool(variable):
    """Path of a C++ program CTest passes in `variable`, or skip when run outside CTest."""
    path = os.environ.get(variable)
    if not path:
        pytest.skip(f"{variable} not set (CTest sets it to the built program)")
    return path


#: The 4x4 start of properties/ (O wins in 15): solved in milliseconds, so tests build its table.
SMALL_START = "X2O/4/4/O2X X"


@pytest.fixture(scope="session")
def small_solution():
    """The 4x4 start's table (54,735 positions)."""
    return tanbo.Solution.solve(SMALL_START)


@pytest.fixture(scope="session")
def lattice5_solution():
    """lattice-5's table (15,423,866 positions; X wins in 24), solved once per test session:
    about 5 s and 110 MB. The process's shared table (Solution.shared), which the environments
    made without solution= play from too: the session solves lattice-5 once in all."""
    return tanbo.Solution.shared("lattice-5")
