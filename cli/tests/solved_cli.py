"""The CLI face of the cross-face list of perfect-play answers (api/tests/solved_positions.tsv).

Every row is answered through the `tanbo` program as a user would: `tanbo replay --json` plays the
row's moves, a probe row is `tanbo probe TABLE POSITION --json` on a table written by
`tanbo solve --out`, a solve row is `tanbo solve POSITION --weak --budget NODES`. Each answer's
value, length, winner, best moves (every move whose own value and length are the answer's), the
per-move values (one per legal move, as `tanbo perft 1` counts them), the line, a solve's best
move and nodes, and the table's content hash (the probe's against the one `tanbo solve` printed)
must agree with the row.

Then the row checks are shown to bite: a real probe's answer and a real solve's, with one field
made wrong at a time, must each draw a problem (the same checks the C, Python and JavaScript faces
plant into theirs).

The one row left out: a solve with a budget of 0 nodes is an error in the library's faces, while
the CLI's --budget 0 means its default budget (`tanbo solve --help`).
Usage: solved_cli.py <tanbo executable> <solved_positions.tsv>
"""

import copy
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def run(tanbo, *args, stdin=""):
    return subprocess.run([tanbo, *args], input=stdin, capture_output=True, text=True, check=False)


def position_after(tanbo, start, moves):
    """The position string after `moves` from `start`, through `tanbo replay --json`."""
    header = f'[Variant "{start}"]' if re.fullmatch(r"[A-Za-z0-9-]+", start) else f'[Position "{start}"]'
    record = header + "\n" + ("" if moves == "-" else moves) + "\n"
    r = run(tanbo, "replay", "--json", stdin=record)
    if r.returncode != 0:
        raise RuntimeError(f"replay of {start} + {moves}: {r.stderr.strip()}")
    state = json.loads(r.stdout)
    # The diagram's rows are the position string's ranks, '.' an empty point.
    ranks = [re.sub(r"\.+", lambda m: str(len(m.group())), row) for row in state["board"]]
    return "/".join(ranks) + " " + state["to_move"]


def other(color):
    return "O" if color == "X" else "X"


def expected_parts(expected):
    """The row's answer text ("win 7", "unknown", ...) and its best moves."""
    text, _, best = expected.partition("|")
    return text, best.split() if best else []


def probe_problems(answer, mover, legal_count, table_hash, expected):
    """What is wrong with a `tanbo probe --json` answer against the row (empty when nothing)."""
    want, best = expected_parts(expected)
    out = []
    if not answer.get("known"):
        got = "unknown"
    else:
        got = f"{'win' if answer['wins'] else 'loss'} {answer['length']}"
    if got != want:
        out.append(f"answer {got}, expected {want}")
    winner = None if got == "unknown" else mover if answer["wins"] else other(mover)
    if answer.get("winner") != winner:
        out.append(f"winner {answer.get('winner')}, expected {winner}")
    if answer.get("sha256") != table_hash:
        out.append(f"content hash {answer.get('sha256')}, expected {table_hash} (tanbo solve's)")
    if got == "unknown":
        if "moves" in answer or "line" in answer:
            out.append("an unknown answer answers moves or a line")
        return out
    moves = answer.get("moves", [])
    names = [m["move"] for m in moves]
    if len(names) != legal_count or len(set(names)) != len(names):
        out.append(f"{len(names)} answered moves, {len(set(names))} distinct, for {legal_count} legal moves")
    got_best = [m["move"] for m in moves if m["wins"] == answer["wins"] and m["length"] == answer["length"]]
    if got_best != best:
        out.append(f"best moves {got_best}, expected {best}")
    line = answer.get("line", [])
    if len(line) != answer["length"] or (line and line[0] not in best):
        out.append(f"line {line}: expected {answer['length']} moves from one of {best}")
    return out


SOLVE_VALUE = re.compile(r"value: (?:([XO]) to move (wins|loses) in (\d+) plies \(([XO]) wins\)|"
                         r"a finished game won by ([XO]) \(([XO]) wins\)|(unknown) within the budget)")


def read_solve(text):
    """`tanbo solve --weak`'s answer as a dict: value text, winner, best move, nodes."""
    m = SOLVE_VALUE.search(text)
    if not m:
        return {"value": None}
    if m.group(7):
        value, winner = "unknown", None
    elif m.group(5):
        value, winner = "game over", m.group(6)
    else:
        value, winner = f"{'win' if m.group(2) == 'wins' else 'loss'} {m.group(3)}", m.group(4)
    best = re.search(r"^best move: (\S+)$", text, re.M)
    nodes = re.search(r"^nodes: ([\d,]+)$", text, re.M)
    return {"value": value, "winner": winner, "best": best.group(1) if best else None,
            "nodes": int(nodes.group(1).replace(",", "")) if nodes else None}


def solve_problems(answer, mover, budget, expected):
    """What is wrong with a weak solve's answer against the row (empty when nothing)."""
    want, best = expected_parts(expected)
    out = []
    # A finished game is the mover's win in 0 (rule 7); the CLI says "game over".
    got = answer["value"]
    if got == "game over":
        got = "win 0" if answer["winner"] == mover else "loss 0"
    if got != want:
        out.append(f"answer {answer['value']}, expected {want}")
    winner = None if want == "unknown" else mover if want.startswith("win") else other(mover)
    if answer["winner"] != winner:
        out.append(f"winner {answer['winner']}, expected {winner}")
    if (answer["best"] is None) != (not best) or (best and answer["best"] not in best):
        out.append(f"best move {answer['best']}, expected one of {best}")
    nodes = answer["nodes"]
    # Nodes within the budget: none for a finished game, some for any other.
    if nodes is None or nodes > budget or (want != "unknown" and (nodes > 0) != bool(best)):
        out.append(f"nodes {nodes} (budget {budget})")
    return out


def plant_probe(answer, mover, legal_count, table_hash, expected):
    """A real won probe's answer with one field made wrong at a time: each must draw a problem."""
    def lose(a): a["wins"] = False
    def longer(a): a["length"] += 2
    def other_winner(a): a["winner"] = other(a["winner"])
    def best_not_best(a): a["moves"][[m["wins"] == a["wins"] and m["length"] == a["length"] for m in a["moves"]].index(True)]["length"] += 2
    def move_missing(a): a["moves"].remove(next(m for m in a["moves"] if m["move"] not in expected_parts(expected)[1]))
    def move_twice(a): a["moves"][-1] = dict(a["moves"][0])
    def short_line(a): a["line"].pop()
    def line_elsewhere(a): a["line"][0] = next(m["move"] for m in a["moves"] if m["move"] not in expected_parts(expected)[1])
    def other_hash(a): a["sha256"] = "0" * 64
    plants = [lose, longer, other_winner, best_not_best, move_missing, move_twice, short_line, line_elsewhere, other_hash]
    passed = []
    for plant in plants:
        wrong = copy.deepcopy(answer)
        plant(wrong)
        if not probe_problems(wrong, mover, legal_count, table_hash, expected):
            passed.append(plant.__name__)
    return passed


def plant_solve(answer, mover, budget, expected):
    """A real solve's answer with one field made wrong at a time: each must draw a problem."""
    def lose(a): a["value"] = a["value"].replace("win", "loss")
    def longer(a): a["value"] = re.sub(r"\d+", lambda m: str(int(m.group()) + 2), a["value"])
    def other_winner(a): a["winner"] = other(a["winner"])
    def best_elsewhere(a): a["best"] = "A1" if a["best"] != "A1" else "B1"
    def no_nodes(a): a["nodes"] = 0
    def over_budget(a): a["nodes"] = budget + 1
    passed = []
    for plant in [lose, longer, other_winner, best_elsewhere, no_nodes, over_budget]:
        wrong = copy.deepcopy(answer)
        plant(wrong)
        if not solve_problems(wrong, mover, budget, expected):
            passed.append(plant.__name__)
    return passed


def main():
    tanbo, rows_file = sys.argv[1], sys.argv[2]
    failures, rows, planted = [], 0, {"probe": False, "solve": False}
    tables = {}
    with tempfile.TemporaryDirectory() as work:
        for number, line in enumerate(Path(rows_file).read_text(encoding="utf-8").split("\n"), 1):
            if not line or line.startswith("#"):
                continue
            kind, table, start, moves, nodes, expected = line.split("\t")
            if kind == "solve" and nodes == "0":
                continue  # the CLI's --budget 0 is its default budget, not an error
            rows += 1
            where = f"solved_positions.tsv:{number}"
            try:
                pos = position_after(tanbo, start, moves)
            except RuntimeError as e:
                failures.append(f"{where}: {e}")
                continue
            mover = pos.split()[1]
            if kind == "probe":
                if table not in tables:
                    path = str(Path(work) / f"t{len(tables)}.tbl")
                    r = run(tanbo, "solve", table, "--quiet", "--out", path)
                    h = re.search(r"^table sha256: ([0-9a-f]{64})$", r.stdout, re.M)
                    if r.returncode != 0 or not h:
                        failures.append(f"{where}: solve {table}: {r.stderr.strip()}")
                        continue
                    tables[table] = (path, h.group(1))
                path, table_hash = tables[table]
                r = run(tanbo, "probe", path, pos, "--json")
                if expected.startswith("error "):
                    # Bad input is exit status 1 (api/include/tanbo/api/errors.hpp's UsageError).
                    if r.returncode != 1 or not r.stderr.startswith("tanbo probe: "):
                        failures.append(f"{where}: expected bad input (status 1), got {r.returncode}: {r.stderr.strip()}")
                    continue
                if r.returncode != 0:
                    failures.append(f"{where}: probe {pos}: {r.stderr.strip()}")
                    continue
                answer = json.loads(r.stdout)
                perft = re.search(r"total: (\d+)", run(tanbo, "perft", "1", "--position", pos).stdout)
                legal = int(perft.group(1)) if perft else -1
                # perft counts a finished game as one leaf; it has no move.
                if answer.get("known") and answer["length"] == 0:
                    legal = 0
                failures += [f"{where}: {p}" for p in probe_problems(answer, mover, legal, table_hash, expected)]
                _, best = expected_parts(expected)
                if not planted["probe"] and answer.get("wins") and answer["length"] >= 2 and len(best) >= 2:
                    planted["probe"] = True
                    failures += [f"{where}: a planted probe answer passed: {p}"
                                 for p in plant_probe(answer, mover, legal, table_hash, expected)]
            else:
                budget = int(nodes)
                r = run(tanbo, "solve", pos, "--weak", "--quiet", "--budget", nodes)
                if r.returncode != 0:
                    failures.append(f"{where}: solve {pos}: {r.stderr.strip()}")
                    continue
                answer = read_solve(r.stdout)
                if answer["value"] is None:
                    failures.append(f"{where}: no value in {r.stdout!r}")
                    continue
                failures += [f"{where}: {p}" for p in solve_problems(answer, mover, budget, expected)]
                if not planted["solve"] and answer["value"].startswith("win") and answer["value"] != "win 0":
                    planted["solve"] = True
                    failures += [f"{where}: a planted solve answer passed: {p}"
                                 for p in plant_solve(answer, mover, budget, expected)]
    if rows < 30:
        failures.append(f"only {rows} rows")
    failures += [f"no {k} row to plant wrong answers in" for k, done in planted.items() if not done]
    for f in failures:
        print(f)
    print(f"{rows} rows, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
