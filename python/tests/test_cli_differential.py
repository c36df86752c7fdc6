"""Differential test against the C++ CLI on every variant: the same seeded random games through
the integer-action API (legal_actions()[rng.below(n)] + apply_action, the choice `tanbo selfplay`
makes), through random_move() in the example's self-play loop (examples/play.py, so the example is
checked too) and through `tanbo selfplay --json --record-dir` must agree on every game's length,
winner and whole record. (The reference engine's random_move() is the optimized one's:
test_differential.py.)"""

import importlib.util
import json
import pathlib
import subprocess

import pytest

import tanbo
from conftest import random_game, tool

SEED = 20261202

_spec = importlib.util.spec_from_file_location(
    "play_example", pathlib.Path(__file__).parents[1] / "examples" / "play.py")
play_example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(play_example)


def games_for(variant):
    n = tanbo.Game(variant).size
    return 4 if n <= 9 else 2 if n <= 15 else 1  # the big boards' games are long (~1 s for 25x25)


@pytest.mark.parametrize("variant", tanbo.variants())
def test_int_actions_replay_cli_selfplay(variant, tmp_path):
    cli = tool("TANBO_CLI")
    games = games_for(variant)
    run = subprocess.run(
        [cli, "selfplay", "--games", str(games), "--seed", str(SEED), "--variant", variant,
         "--engine", "optimized", "--json", "--record-dir", str(tmp_path)],
        check=True, capture_output=True, text=True)
    cpp = [json.loads(line) for line in run.stdout.splitlines()]
    cpp = [j for j in cpp if "game" in j]
    assert len(cpp) == games
    assert play_example.random_selfplay(variant, SEED, games, "optimized") == [(j["length"], j["winner"]) for j in cpp]
    for j in cpp:
        seed = SEED + j["game"]
        g = random_game(variant, "optimized", seed)
        where = f"{variant}, game {j['game']}, Rng seed {seed}"
        assert (g.ply, g.winner) == (j["length"], j["winner"]), where
        record = (tmp_path / f"game-{j['game']}.txt").read_text()
        assert record.split("\n", 1)[1] == g.serialize(), where  # after the '# tanbo selfplay' line
        assert g.ply <= g.max_game_length(), where
