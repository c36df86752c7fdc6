// Perfect play in the JavaScript face (docs/solutions.md, "Perfect play in the faces"): every row
// of the cross-face list api/tests/solved_positions.tsv (columns and what "expected" means are in
// its header) answered through the package's Solution.probe and Game.solve on both engines, and the
// error model on bad inputs: damaged table bytes (TableError naming the byte offset), a node budget
// of 0 or beyond 2^40, another board size, values of the wrong type (TypeError), disposed handles.
// The table files come from the native CLI (`tanbo solve START --out FILE`, TANBO_CLI, set by
// CTest when the build has TANBO_NATIVE_BUILD_DIR); without it those tests are skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load, TanboError, ParseError, UsageError, TableError } from "../src/index.mjs";

const tanbo = await load();
const elsewhere = await load();  // a second instance, with its own memory
const LIST = new URL("../../api/tests/solved_positions.tsv", import.meta.url);
const SMALL = "X2O/4/4/O2X X";  // the 4x4 start of the list: solved strongly in milliseconds
const CLI = process.env.TANBO_CLI;

const rows = readFileSync(LIST, "utf8").split("\n")
  .map((line, i) => [line, i + 1])
  .filter(([line]) => line.length > 0 && !line.startsWith("#"))
  .map(([line, number]) => {
    const [kind, table, start, moves, nodes, expected] = line.split("\t");
    return { kind, table, start, moves: moves === "-" ? [] : moves.split(" "), nodes: nodes === "-" ? null : Number(nodes), expected, number };
  });

// The answer's text as the list writes it: api::outcome_text, then the moves that keep the value
// and length.
const text = (a) => (a.value === "unknown" ? "unknown" : `${a.value} ${a.length ?? "?"}`);

// One row's answer checked against its expected column; returns the failures (strings).
function check(row, answer, error, where) {
  const got = error ? `error ${error.name}` : text(answer);
  const [want, best] = row.expected.split("|");
  const failures = [];
  const fail = (what) => failures.push(`solved_positions.tsv:${row.number} (${where}): ${what}`);
  if (got !== want) return [`solved_positions.tsv:${row.number} (${where}): got "${got}"${error ? ` (${error.message})` : ""}, want "${want}"`];
  if (error || answer.value === "unknown") {
    if (!error && (answer.length !== null || answer.winner !== null || answer.bestMove !== null || answer.moves.length || answer.line.length))
      fail(`an unknown answer carries ${JSON.stringify(answer)}`);
    return failures;
  }
  const bestSet = best === "" ? [] : best.split(" ");
  if (row.kind === "probe") {
    if (answer.bestMoves.join(" ") !== bestSet.join(" ")) fail(`best moves ${answer.bestMoves.join(" ")}, want ${best}`);
  } else if (bestSet.length ? !bestSet.includes(answer.bestMove) : answer.bestMove !== null) {
    fail(`best move ${answer.bestMove}, want one of "${best}"`);
  } else if (answer.bestMove === null ? answer.bestMoves.length !== 0
             : !answer.bestMoves.includes(answer.bestMove) || !answer.bestMoves.every((m) => bestSet.includes(m))) {
    // The solver's best moves: its best move among them, and each one of the row's.
    fail(`best moves ${answer.bestMoves.join(" ")} with best move ${answer.bestMove}, want moves of "${best}"`);
  }
  // Nodes: none for a table's probe; a solve's within its budget, none for a finished game and
  // some for any other.
  if (row.kind === "probe" ? answer.nodes !== 0 : answer.nodes > row.nodes || (answer.nodes > 0) !== (bestSet.length > 0))
    fail(`${answer.nodes} nodes for a ${row.kind}${row.nodes === null ? "" : ` with a budget of ${row.nodes}`}`);
  return failures;
}

// Every check of one row's answer: check() against the list, and for a known probe its line
// (`length` moves of perfect play that end the game with its winner) and its moves (every legal
// move answered). Returns the failures (strings).
function answerFailures(row, game, answer, error, where) {
  const failures = check(row, answer, error, where);
  if (answer && row.kind === "probe" && answer.value !== "unknown") {
    const replay = game.clone();
    try {
      for (const m of answer.line) replay.play(m);
    } catch (e) {
      if (!(e instanceof TanboError)) throw e;
      failures.push(`solved_positions.tsv:${row.number}: the line ${answer.line.join(" ")} is not playable (${e.message})`);
    }
    if (answer.line.length !== answer.length || !replay.isOver || replay.winner !== answer.winner || answer.line[0] !== (answer.bestMove ?? undefined))
      failures.push(`solved_positions.tsv:${row.number}: the line ${answer.line.join(" ")} does not end in ${answer.length} plies with ${answer.winner} winning`);
    replay.dispose();
    if (answer.moves.map((m) => m.move).join(" ") !== game.legalMoves().join(" ")) failures.push(`solved_positions.tsv:${row.number}: the answered moves are not the legal moves`);
  }
  return failures;
}

function gameOf(row, engine) {
  const g = new tanbo.Game(row.start, { engine });
  for (const m of row.moves) g.play(m);
  return g;
}

test("every row of the cross-face list, on both engines, answers as its header says", () => {
  assert.ok(rows.length >= 40, `${rows.length} rows`);
  const solutions = new Map();
  const failures = [];
  for (const row of rows) for (const engine of ["optimized", "reference"]) {
    const game = gameOf(row, engine);
    let answer = null, error = null;
    try {
      if (row.kind === "probe") {
        if (!solutions.has(row.table)) solutions.set(row.table, tanbo.Solution.solveStart(row.table));
        answer = solutions.get(row.table).probe(game);
      } else {
        answer = game.solve(row.nodes);
      }
    } catch (e) {
      if (!(e instanceof TanboError)) throw e;
      error = e;
    }
    failures.push(...answerFailures(row, game, answer, error, `${row.kind} on ${engine}`));
    game.dispose();
  }
  for (const s of solutions.values()) s.dispose();
  assert.deepEqual(failures, []);
});

test("the row checks catch each wrong field of an answer (planted answers)", () => {
  // Its own planted bugs: a real probe's and a real solve's answer, each with one field made
  // wrong, must each draw a failure from answerFailures (the checks the test above runs).
  const probeRow = rows.find((r) => r.kind === "probe" && r.expected.startsWith("win") && r.expected.split("|")[1].includes(" "));
  const solveRow = rows.find((r) => r.kind === "solve" && r.expected.startsWith("win") && r.expected.split("|")[1].includes(" "));
  assert.ok(probeRow && solveRow, "the list has a won probe row and a won solve row with several best moves");
  const solution = tanbo.Solution.solveStart(probeRow.table);
  const game = gameOf(probeRow, "optimized"), solveGame = gameOf(solveRow, "optimized");
  const probe = solution.probe(game), solved = solveGame.solve(solveRow.nodes);
  assert.deepEqual(answerFailures(probeRow, game, probe, null, "probe"), []);
  assert.deepEqual(answerFailures(solveRow, solveGame, solved, null, "solve"), []);
  const other = (move, list) => list.find((m) => m !== move);
  const plants = {
    value: (a) => ({ ...a, value: "loss" }),
    length: (a) => ({ ...a, length: a.length + 2 }),
    winner: (a) => ({ ...a, winner: a.winner === "X" ? "O" : "X" }),
    bestMove: (a) => ({ ...a, bestMove: other(a.bestMove, a.moves.filter((m) => m.value === "loss").map((m) => m.move)) ?? null }),
    bestMoves: (a) => ({ ...a, bestMoves: a.bestMoves.slice(1) }),
    line: (a) => ({ ...a, line: a.line.slice(0, -1) }),
    moves: (a) => ({ ...a, moves: a.moves.slice(1) }),
    nodes: (a) => ({ ...a, nodes: a.nodes + 1 }),
  };
  for (const [field, plant] of Object.entries(plants)) {
    assert.notDeepEqual(answerFailures(probeRow, game, plant(probe), null, "probe"), [], `a probe with a wrong ${field} passed`);
  }
  // A solve is asked without its moves: its best moves are its best move alone, which a dropped
  // list or a wrong best move shows.
  for (const field of ["value", "length", "bestMoves"]) {
    assert.notDeepEqual(answerFailures(solveRow, solveGame, plants[field](solved), null, "solve"), [], `a solve with a wrong ${field} passed`);
  }
  // A solve's nodes: none is wrong for a position with moves, and more than the budget.
  for (const nodes of [0, solveRow.nodes + 1]) {
    assert.notDeepEqual(answerFailures(solveRow, solveGame, { ...solved, nodes }, null, "solve"), [], `a solve with ${nodes} nodes passed`);
  }
  const notBest = solveGame.legalMoves().find((m) => !solveRow.expected.split("|")[1].split(" ").includes(m));
  assert.notDeepEqual(answerFailures(solveRow, solveGame, { ...solved, bestMove: notBest, bestMoves: [notBest] }, null, "solve"), [], "a solve with a wrong best move passed");
  game.dispose(); solveGame.dispose(); solution.dispose();
});

test("a probe's moves agree with the probes of the positions they lead to", () => {
  // Each move's value and length is the child's, seen from the mover: a "win in k" move leads to
  // a position lost in k - 1 for the side then to move. Checked along a line of the list.
  const solution = tanbo.Solution.solveStart(SMALL);
  const game = new tanbo.Game(SMALL);
  let checked = 0;
  for (const step of ["B1", "A3", "A2", "B4", "D3"]) {
    const a = solution.probe(game);
    for (const m of a.moves) {
      game.play(m.move);
      const child = solution.probe(game);
      game.undo();
      assert.equal(child.value, m.value === "win" ? "loss" : "win", `${game.position}: ${m.move}`);
      assert.equal(child.length, m.length - 1, `${game.position}: ${m.move}`);
      ++checked;
    }
    // The weak solver with every move answered (a generous budget) agrees with the table.
    const weak = game.solve(1_000_000, { moves: true });
    assert.deepEqual(weak.moves.map((m) => [m.move, m.value, m.length]), a.moves.map((m) => [m.move, m.value, m.length]), game.position);
    assert.equal(text(weak), text(a));
    assert.deepEqual(weak.bestMoves, a.bestMoves, `${game.position}: the best moves`);
    assert.ok(weak.nodes > 0 && weak.nodes <= 1_000_000, `${weak.nodes} nodes`);
    game.play(step);
  }
  assert.ok(checked >= 15, `${checked} moves checked`);
  assert.equal(solution.start, SMALL);
  // The content hash `tanbo solve` prints for this start (cli/tests/cli_test.sh, solve_small).
  assert.equal(solution.sha256, "58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c");
  game.dispose();
  solution.dispose();
});

test("the weak solver stays within its budget and says unknown when it runs out", () => {
  const game = new tanbo.Game("lattice-5");
  for (const budget of [1, 10, 1000, 2n ** 10n]) {
    const a = game.solve(budget, { moves: true });
    assert.equal(a.value, "unknown");
    assert.ok(a.nodes <= Number(budget), `${a.nodes} nodes for a budget of ${budget}`);
    assert.deepEqual(a.moves.map((m) => m.move), game.legalMoves());
    assert.ok(a.moves.every((m) => m.value === "unknown" && m.length === null));
  }
  // Deterministic: the same budget, the same answer.
  game.play("B1").play("B5").play("C1");
  assert.deepEqual(game.solve(20000, { moves: true }), game.solve(20000, { moves: true }));
  game.dispose();
});

test("a node budget out of range is a UsageError; a budget or option of the wrong type a TypeError", () => {
  const game = new tanbo.Game(SMALL);
  // Checked on the whole value: 2^64 + 4096 must not wrap to a budget of 4096.
  for (const budget of [0, -1, 2 ** 40 + 1, 2 ** 70, -(2 ** 70), 0n, 2 ** 64 + 4096, 2n ** 64n + 1000n, -(2n ** 64n) + 5n]) {
    assert.throws(() => game.solve(budget), (e) => e instanceof UsageError && e.message.includes("node budget") && e.message.includes(`got ${budget}`), `budget ${budget}`);
  }
  assert.equal(game.solve(2 ** 40).value, "loss", "2^40 is in range");
  for (const budget of [1.5, NaN, Infinity, "1000", null, undefined, true, {}])
    assert.throws(() => game.solve(budget), TypeError, `budget ${String(budget)}`);
  for (const options of [null, "moves", 1]) assert.throws(() => game.solve(100, options), TypeError);
  for (const moves of [1, "yes", 0]) assert.throws(() => game.solve(100, { moves }), TypeError);
  assert.equal(game.position, SMALL, "the game is unchanged");
  game.dispose();
  assert.throws(() => game.solve(100), UsageError, "a disposed game");
});

test("Solution: another board size, wrong types, bad starts, disposed handles", () => {
  const solution = tanbo.Solution.solveStart(SMALL);
  const big = new tanbo.Game("lattice-5");
  assert.throws(() => solution.probe(big), (e) => e instanceof UsageError && /5x5 board/.test(e.message) && /4x4/.test(e.message));
  const other = new tanbo.Game("X2O/4/4/O2X O");  // the right size, not reachable from the start
  assert.equal(solution.probe(other).value, "unknown");
  for (const g of [null, undefined, "lattice-5", 3, {}, big.position]) assert.throws(() => solution.probe(g), TypeError);
  assert.throws(() => new tanbo.Solution(), TypeError);
  for (const bytes of ["TANBOTBL", [84, 65], null, 7, undefined]) assert.throws(() => tanbo.Solution.fromBytes(bytes), TypeError, String(bytes));
  assert.throws(() => tanbo.Solution.fromBytes(new Uint8Array(0), 5), TypeError);
  for (const start of [5, null, undefined, ["lattice-4"]]) assert.throws(() => tanbo.Solution.solveStart(start), TypeError);
  for (const classes of [1.5, "10", null, true]) assert.throws(() => tanbo.Solution.solveStart(SMALL, classes), TypeError);
  assert.throws(() => tanbo.Solution.solveStart(SMALL, 0), (e) => e instanceof UsageError && e.message.includes("maxClasses"));
  assert.throws(() => tanbo.Solution.solveStart(SMALL, 2 ** 64), UsageError);
  assert.throws(() => tanbo.Solution.solveStart(SMALL, 10), (e) => e instanceof UsageError && e.message.includes("10"), "more classes than allowed");
  assert.throws(() => tanbo.Solution.solveStart("lattice-9"), (e) => e instanceof UsageError && /9x9|larger/.test(e.message));
  assert.throws(() => tanbo.Solution.solveStart("lattice-8"), ParseError);
  assert.throws(() => tanbo.Solution.solveStart("X3/4/4/4 X"), (e) => e.name === "InvalidPositionError");
  assert.throws(() => tanbo.Solution.solveStart("lattice\u00004"), ParseError);
  // A Game of another instance is not this instance's: its handle lives in another memory.
  const foreign = new elsewhere.Game(SMALL);
  assert.throws(() => solution.probe(foreign), TypeError);
  foreign.dispose();
  big.dispose();
  other.dispose();
  const g = new tanbo.Game(SMALL);
  solution.dispose();
  solution.dispose();  // idempotent
  assert.throws(() => solution.probe(g), UsageError);
  assert.throws(() => solution.start, UsageError);
  g.dispose();
});
test("probes and solves leak no WASM memory", () => {
  const solution = tanbo.Solution.solveStart(SMALL);
  const game = new tanbo.Game(SMALL);
  const round = () => {
    for (let i = 0; i < 300; ++i) {
      solution.probe(game);
      game.solve(2000, { moves: true });
    }
  };
  round();
  const before = tanbo.memoryBytes();
  round();
  round();
  assert.equal(tanbo.memoryBytes(), before);
  game.dispose();
  solution.dispose();
});

test("a table file's bytes: the same answers as solving the start; damaged bytes are a TableError at their offset", { skip: !CLI && "TANBO_CLI is not set (CTest sets it with TANBO_NATIVE_BUILD_DIR)" }, () => {
  const dir = mkdtempSync(join(tmpdir(), "tanbo-js-solution-"));
  try {
    const file = join(dir, "small.tbl");
    execFileSync(CLI, ["solve", SMALL, "--out", file], { stdio: "ignore" });
    const bytes = readFileSync(file);
    const fromFile = tanbo.Solution.fromBytes(new Uint8Array(bytes), "small.tbl");
    const solved = tanbo.Solution.solveStart(SMALL);
    assert.equal(fromFile.start, SMALL);
    let probed = 0;
    for (const row of rows.filter((r) => r.kind === "probe" && r.table === SMALL)) {
      const game = gameOf(row, "optimized");
      let a = null, e = null;
      try { a = fromFile.probe(game); } catch (err) { e = err; }
      assert.deepEqual(check(row, a, e, "from the file's bytes"), []);
      if (a) assert.deepEqual(a, solved.probe(game));
      game.dispose();
      ++probed;
    }
    assert.ok(probed > 15);
    // The content hash a user compares with the published one (`tanbo solve` prints it,
    // cli/tests/cli_test.sh, solve_small) ...
    const PUBLISHED = "58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c";
    assert.equal(fromFile.sha256, PUBLISHED);
    assert.equal(solved.sha256, PUBLISHED);
    // ... shown to bite (planted): a forged table, the start's win bit and the header's value byte
    // flipped and the hash recomputed as a forger would, is read, and its hash is not the
    // published one.
    const forgedBytes = new Uint8Array(bytes);
    const view = new DataView(forgedBytes.buffer);
    const startKey = 1n + (2n << 6n) + (2n << 24n) + (1n << 30n);  // X2O/4/4/O2X X, its own canonical form
    let at = view.getUint32(12, true);
    while (at < forgedBytes.length && view.getBigUint64(at, true) >> 8n !== startKey) at += 8;
    assert.ok(at < forgedBytes.length, "the start's record");
    forgedBytes[at] ^= 1;
    forgedBytes[40] ^= 1;
    forgedBytes.set(createHash("sha256").update(forgedBytes.subarray(0, 48)).update(forgedBytes.subarray(80)).digest(), 48);
    const forged = tanbo.Solution.fromBytes(forgedBytes, "forged.tbl");
    assert.notEqual(forged.sha256, PUBLISHED, "a forged table's hash (planted)");
    assert.match(forged.sha256, /^[0-9a-f]{64}$/);
    forged.dispose();
    fromFile.dispose();
    solved.dispose();
    tanbo.Solution.fromBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)).dispose();  // an ArrayBuffer too

    // Damage, and the byte offset the TableError names (solve/src/table.cpp's reader).
    const damaged = (f) => { const b = new Uint8Array(bytes); f(b); return b; };
    const cases = [
      ["the magic", damaged((b) => { b[0] ^= 1; }), 0, /not a tanbo strong-table file/],
      ["the format version", damaged((b) => { b[8] = 99; }), 8, /format version 99/],
      ["cut inside the header", bytes.subarray(0, 20), 20, /truncated/],
      ["cut inside a record", bytes.subarray(0, bytes.length - 3), null, /truncated: the file ends inside a record/],
      ["a flipped bit in the last record", damaged((b) => { b[b.length - 2] ^= 0x10; }), null, /./],
      ["no bytes", new Uint8Array(0), 0, /./],
    ];
    for (const [what, b, offset, reason] of cases) {
      assert.throws(() => tanbo.Solution.fromBytes(b, "small.tbl"), (e) => {
        assert.ok(e instanceof TableError && e instanceof TanboError, `${what}: ${e.name}: ${e.message}`);
        assert.equal(e.name, "TableError");
        assert.equal(typeof e.offset, "number", `${what}: ${e.message}`);
        if (offset !== null) assert.equal(e.offset, offset, `${what}: ${e.message}`);
        assert.ok(e.offset <= b.length, `${what}: offset ${e.offset} beyond ${b.length} bytes`);
        assert.ok(e.message.startsWith(`small.tbl: byte ${e.offset}: `), e.message);
        assert.match(e.message, reason, what);
        return true;
      }, what);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
