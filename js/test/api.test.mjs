// The package's API in Node: every Game/Rng call on both engines, errors (class and the engine's
// message), determinism against known C++ values, and no leaked WASM memory over 100k games.
// Run: node --test test/  (after the WASM build; see README.md, "Development").
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, TanboError, ParseError, IllegalMoveError, InvalidPositionError, UsageError } from "../src/index.mjs";

const tanbo = await load();
const ENGINES = ["optimized", "reference"];

test("opening, queries and a move on both engines", () => {
  for (const engine of ENGINES) {
    const g = new tanbo.Game("lattice-5", { engine });
    assert.equal(g.engine, engine);
    assert.equal(g.size, 5);
    assert.equal(g.position, "X3O/5/5/5/O3X X lattice-5");
    assert.equal(g.toMove, "X");
    assert.equal(g.ply, 0);
    assert.equal(g.winner, null);
    assert.equal(g.isOver, false);
    assert.deepEqual(g.legalMoves(), ["B1", "A2", "E4", "D5"]);
    assert.deepEqual(Array.from(g.legalIndices()), [1, 5, 19, 23]);
    assert.ok(g.legalIndices() instanceof Int32Array);
    assert.equal(g.legalMoveCount, 4);
    assert.equal(g.isLegal("B1"), true);
    assert.equal(g.isLegal(1), true);
    assert.equal(g.isLegal("C3"), false);
    assert.equal(g.isLegal(25), false);
    assert.equal(g.isLegal(-1), false);
    assert.equal(g.isLegal("F1"), false);
    assert.throws(() => g.isLegal("A0"), ParseError);  // malformed, not just off the board
    assert.throws(() => g.isLegal("hello"), ParseError);
    assert.equal(g.at("A1"), "X");
    assert.equal(g.at(4), "O");
    assert.equal(g.stoneCount("X"), 2);
    assert.equal(typeof g.hash, "bigint");
    g.play("b1");
    assert.deepEqual(g.lastResult(), { move: "B1", moveIndex: 1, player: "X", removal: "none", removed: [], removedIndices: [] });
    assert.equal(g.toMove, "O");
    assert.deepEqual(g.moves(), ["B1"]);
    assert.equal(g.record, '[Variant "lattice-5"]\nB1\n');
    g.undo();
    assert.equal(g.position, "X3O/5/5/5/O3X X lattice-5");
    g.dispose();
  }
});

test("Rng is the C++ tanbo::Rng", () => {
  // splitmix64-seeded xoshiro256**: Rng(0).next() in C++ (core/tests/test_contract_core.cpp computes it too).
  const r = new tanbo.Rng(0), s = new tanbo.Rng(0n);
  const first = r.next();
  assert.equal(first, s.next());
  assert.equal(typeof first, "bigint");
  for (let i = 0; i < 100; ++i) assert.ok(r.below(10) < 10);
  r.dispose(); s.dispose();
  assert.throws(() => new tanbo.Rng(-1), UsageError);
  assert.throws(() => new tanbo.Rng(1.5), UsageError);
  assert.throws(() => new tanbo.Rng(2n ** 64n), UsageError);
});

test("roots, growth points and bounded roots (rules 4 and 5)", () => {
  const g = new tanbo.Game("X1X2/5/5/5/4O X");  // A1 and C1: two X roots; E5: an O root
  const roots = g.roots();
  assert.deepEqual(roots.map((r) => [r.color, r.stones]), [["X", ["A1"]], ["X", ["C1"]], ["O", ["E5"]]]);
  assert.deepEqual(g.growthPoints("A1"), ["A2"]);  // B1 touches two X stones: no root's growth point
  assert.deepEqual(g.growthPoints("E5"), ["E4", "D5"]);
  assert.deepEqual(g.boundedRoots(), []);
  assert.throws(() => g.growthPoints("B2"), /B2 holds no stone/);
  assert.deepEqual(g.explain("B1"), { legal: false, reason: "several-friendly-neighbours", friendlyNeighbours: 2 });
  assert.deepEqual(g.explain("A2"), { legal: true, reason: null, friendlyNeighbours: 1 });
  assert.deepEqual(g.explain("C3"), { legal: false, reason: "no-friendly-neighbour", friendlyNeighbours: 0 });
  assert.deepEqual(g.explain("A1"), { legal: false, reason: "occupied", friendlyNeighbours: 0 });
  g.dispose();
});

test("removal: which branch of rule 6 fired, and the stones are gone", () => {
  const seen = new Set();
  const rng = new tanbo.Rng(2);
  for (let game = 0; !(seen.has("expanded-root") && seen.has("bounded-roots")) && game < 200; ++game) {
    const g = new tanbo.Game("lattice-7");
    while (!g.isOver) {
      const mover = g.toMove;
      g.play(g.randomMove(rng));
      const r = g.lastResult();
      const cells = g.cells();
      for (const i of r.removedIndices) assert.equal(cells[i], 0, `${r.move}: removed stone ${g.pointName(i)} still on the board`);
      if (r.removal === "expanded-root") assert.ok(r.removed.includes(r.move), "rule 6, first branch: the new stone goes with its root");
      if (r.removal === "bounded-roots") assert.ok(!r.removed.includes(r.move), "rule 6, second branch: the expanded root stays");
      assert.equal(r.removal === "none", r.removed.length === 0);
      assert.equal(r.player, mover);
      seen.add(r.removal);
    }
    assert.throws(() => g.play(0), (e) => e instanceof IllegalMoveError && / the game is over$/.test(e.message));
    g.dispose();
  }
  assert.ok(seen.has("expanded-root") && seen.has("bounded-roots"), [...seen].join());
  rng.dispose();
});

// The classes and whole messages; the bad-input table (bad_inputs.test.mjs) checks a part of the
// message of more bad inputs.
test("errors are TanboError subclasses (or TypeError for a wrong type) with the one-line message", () => {
  for (const engine of ENGINES) {
    const g = new tanbo.Game("lattice-5", { engine });
    const before = g.position;
    const cases = [
      [() => g.play("C3"), IllegalMoveError, "illegal move C3 by X: the point touches no stone of the mover's colour (rule 3 needs exactly one)"],
      [() => g.play("F1"), ParseError, "'F1' is not a point of the 5x5 board (columns A-E, rows 1-5)"],
      [() => g.play(25), IllegalMoveError, "illegal move index 25 (indices are 0..24) by X: the point is not on the board"],
      [() => g.play(null), TypeError, "play: expected a point name or an integer index, got null"],
      [() => g.at(25), UsageError, "index 25 is not on the 5x5 board (0..24)"],
      [() => g.perft(65), UsageError, /must be an int in \[0, 64\], not 65$/],
      [() => new tanbo.Game("lattice-8", { engine }), ParseError, /^no lattice opening for size 8/],
      [() => new tanbo.Game("X4/5/5/5/5 X", { engine }), InvalidPositionError, "invalid starting position: White (O) has no stones"],
      [() => new tanbo.Game("XO3/O4/5/5/4X X", { engine }), InvalidPositionError, /the X root at A1 is bounded/],
      [() => new tanbo.Game(42, { engine }), TypeError, /the start must be a variant name or a position string, not 42/],
      [() => new tanbo.Game("classic", { engine: "fast" }), UsageError, "engine must be 'optimized' or 'reference', not 'fast'"],
      [() => tanbo.Game.fromRecord("B1 A1", { engine }), ParseError, /^line 1, column 4: move 2: illegal move A1 by O/],
      [() => tanbo.Game.fromRecord('[Variant "lattice-5"]\nB1 ZZ'), ParseError, "line 2, column 4: move 2: 'ZZ' is not a point of the 5x5 board (columns A-E, rows 1-5)"],
      [() => g.randomMove(3), TypeError, /expected a tanbo Rng/],
      [() => g.stoneCount("Y"), UsageError, /color must be "X" or "O"/],
    ];
    for (const [f, cls, message] of cases) {
      assert.throws(f, (e) => {
        assert.ok(e instanceof cls && e instanceof Error, `${e.name}: ${e.message}`);
        assert.equal(e instanceof TanboError, cls !== TypeError, `${e.name}: a TanboError unless a TypeError`);
        assert.equal(e.name, cls.name);
        if (message instanceof RegExp) assert.match(e.message, message);
        else assert.equal(e.message, message);
        assert.ok(!e.message.includes("\n"));
        return true;
      });
    }
    assert.equal(g.position, before, "failed calls leave the game unchanged");
    g.dispose();
    assert.throws(() => g.play("B1"), (e) => e instanceof UsageError && e.message === "the game was disposed");
    g.dispose();  // idempotent
  }
});

test("records round-trip; clone is independent", () => {
  const g = new tanbo.Game("dense-7");
  const rng = new tanbo.Rng(3);
  for (let i = 0; i < 10; ++i) g.play(g.randomMove(rng));
  const h = tanbo.Game.fromRecord(g.record, { engine: "reference" });
  assert.equal(h.position, g.position);
  assert.deepEqual(h.moves(), g.moves());
  const c = g.clone();
  c.undo();
  assert.equal(c.ply, 9);
  assert.equal(g.ply, 10);
  assert.equal(c.engine, "optimized");
  for (const x of [g, h, c, rng]) x.dispose();
});

test("in-WASM playouts, playout(seed) deterministic, MCTS move legal", () => {
  for (const engine of ENGINES) {
    const g = new tanbo.Game("lattice-7", { engine });
    assert.equal(g.playout(5), g.playout(5));
    assert.equal(g.ply, 0, "playout on a copy leaves the game unchanged");
    const w = g.playout(new tanbo.Rng(9), { inPlace: true });
    assert.equal(g.winner, w);
    assert.equal(g.playout(1), w, "a finished game's playout is its winner");
    g.dispose();
    const s = new tanbo.Game("lattice-7", { engine });
    const p = s.playouts(200, 11);
    assert.equal(p.playouts, 200);
    assert.equal(p.xWins + p.oWins, 200);
    assert.ok(p.moves >= 200);
    assert.ok(s.isLegal(s.mctsMove(50, 2)));
    s.dispose();
  }
  const a = new tanbo.Game("lattice-7"), b = new tanbo.Game("lattice-7");
  assert.deepEqual(a.playouts(100, 4), b.playouts(100, 4));
  a.dispose(); b.dispose();
});

// (Every variant played to the end on both engines: differential.test.mjs.)
test("the variant and engine lists", () => {
  assert.equal(tanbo.variants.length, 18);
  assert.deepEqual(tanbo.engines, ENGINES);
});

test("dispose(): 100,000 games leave WASM memory flat", () => {
  const rng = new tanbo.Rng(1);
  const play = (count) => {
    for (let i = 0; i < count; ++i) {
      const g = new tanbo.Game("lattice-5", { engine: i % 2 ? "reference" : "optimized" });
      g.playout(rng, { inPlace: true });
      g.roots();
      g.clone().dispose();
      g.dispose();
    }
  };
  play(2000);  // warm up: the allocator's pools reach their working size
  const before = tanbo.memoryBytes();
  play(100000);
  const after = tanbo.memoryBytes();
  console.log(`# WASM memory: ${before} bytes after 2,000 games, ${after} after 100,000 more`);
  assert.equal(after, before);
  rng.dispose();
});

test("package.json's version is the engine's (CMake project) version", async () => {
  const { readFile } = await import("node:fs/promises");
  const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
  assert.equal(pkg.version, tanbo.version);
});

test("Session: the C API's protocol session, one answer line per request", () => {
  for (const engine of ENGINES) {
    const s = new tanbo.Session(engine);
    assert.equal(s.handle("7 protocol_version"), "=7 1");
    assert.equal(s.handle("version"), `= ${engine}`);
    assert.equal(s.handle("# comment"), null);
    assert.equal(s.handle("start lattice-5"), "=");
    assert.match(s.handle("play Z9"), /^\? illegal off-board /);
    assert.equal(s.handle("play B1"), "= none");
    // An answer longer than the first buffer (256 bytes) is read again, not handled twice.
    assert.equal(s.handle("start dense-25"), "=");
    const roots = s.handle("roots");
    assert.ok(roots.length > 256 && roots.startsWith("= X:"), roots);
    assert.equal(s.handle("roots"), roots);
    assert.equal(s.handle("position").split(" ")[2], "X");
    assert.equal(s.done, false);
    assert.equal(s.handle("quit"), "=");
    assert.equal(s.done, true);
    s.dispose();
    s.dispose();
    assert.throws(() => s.handle("name"), UsageError);
  }
  assert.throws(() => new tanbo.Session("fast"), { name: "UsageError", message: "engine must be 'optimized' or 'reference', not 'fast'" });
  assert.throws(() => new tanbo.Session(1), TypeError);
  const s = new tanbo.Session();
  assert.throws(() => s.handle("undo\nundo"), { name: "UsageError", message: /line break at byte 4/ });
  assert.equal(s.handle("undo"), "? usage no move to undo");
  // A NUL byte is part of the line (tanbo_session_handle_n): refused with `tanbo serve`'s words.
  const before = s.handle("position");
  assert.equal(s.handle("play A\u00001"), "? syntax 'A\\x001' is not a point name");
  assert.equal(s.handle("position"), before);
  assert.throws(() => s.handle(7), TypeError);
  s.dispose();
});

test("tanbo-serve: a line with a NUL byte is answered, and the pump goes on", async () => {
  const { execFileSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const pump = fileURLToPath(new URL("../bin/tanbo-serve.mjs", import.meta.url));
  const out = execFileSync(process.execPath, [pump], { input: "start lattice-5\nplay A\u00001\nplay B1\nquit\n" });
  assert.equal(out.toString(), "=\n? syntax 'A\\x001' is not a point name\n= none\n=\n");
});
