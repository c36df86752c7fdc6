// The rules explorer in a real browser: puppeteer-core drives Debian's Chromium (no browser
// download) against a server on 127.0.0.1 and checks what the page shows (legality and its
// reason on hover, legal-move and growth-point marks, the removal and its rule-6 branch after a
// click, the winner) against the native engine (the tanbo CLI) on scripted positions of every
// variant. Any page error, console error or failed request fails the test. Screenshots go to
// TANBO_JS_ARTIFACTS. Prints the first-board-drawn time and the page's total download size.
// The second test checks perfect play (the move values and the line; see its comment).
// Environment (set by CTest, js/CMakeLists.txt): TANBO_CLI, TANBO_EXPLORER_DIR, TANBO_CHROMIUM,
// TANBO_JS_ARTIFACTS.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { execFileSync, spawnSync } from "node:child_process";
import { readFile, mkdir, writeFile, appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, extname, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { load } from "../src/index.mjs";

function env(name, fallback) {
  const v = process.env[name] || fallback;
  if (!v) throw new Error(`${name} is not set: run through CTest (ctest -L js) or set it (see the file comment)`);
  return v;
}
const CLI = env("TANBO_CLI");
const EXPLORER = env("TANBO_EXPLORER_DIR");
const ARTIFACTS = env("TANBO_JS_ARTIFACTS", fileURLToPath(new URL("../test-artifacts", import.meta.url)));
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json" };

// Two roots: /explorer/ (the built explorer) and /pkg/ (this package, for the module test).
function serve() {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const [root, rest] = path.startsWith("/explorer/") ? [EXPLORER, path.slice(10)] : path.startsWith("/pkg/") ? [PACKAGE, path.slice(5)] : [null, null];
    const file = root && normalize(join(root, rest || "index.html"));
    if (!file || !file.startsWith(normalize(root))) return res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// --- the native engine's answers ---------------------------------------------------------------
const nativeLegal = (position) => {
  const r = spawnSync(CLI, ["perft", "1", "--divide", "--position", position], { encoding: "utf8" });
  if (r.status !== 0) return null;  // e.g. a position holding a bounded root cannot be a perft start
  return r.stdout.split("\n").filter((l) => /^[A-Y]\d+: /.test(l)).map((l) => l.split(":")[0]).sort();
};
const nativeAfter = (position, move) => {
  const lines = execFileSync(CLI, ["replay", "--trace", "-"], { input: `[Position "${position}"]\n${move}\n`, encoding: "utf8" }).trim().split("\n");
  return [JSON.parse(lines[0]), JSON.parse(lines[lines.length - 1])];
};
const withSide = (position, side) => position.replace(/ [XO]( |$)/, ` ${side}$1`);

// Scripted positions: per variant, three seeded random games; from each, one position before a
// removal, one in the middle, one before the winning move, all valid perft starts.
async function scriptedPositions() {
  const tanbo = await load();
  const out = [];
  for (const variant of tanbo.variants) {
    for (const [seed, pick] of [[1, "removal"], [2, "middle"], [3, "end"]]) {
      const g = new tanbo.Game(variant);
      const rng = new tanbo.Rng(seed);
      const line = [];
      while (!g.isOver) {
        const before = g.position;
        const m = g.randomMove(rng);
        g.play(m);
        line.push({ position: before, move: g.pointName(m), removal: g.lastResult().removal });
      }
      let k = pick === "removal" ? line.findIndex((s) => s.removal !== "none") : pick === "middle" ? Math.floor(line.length / 2) : line.length - 1;
      if (k < 0) k = line.length - 1;
      while (k > 0 && !nativeLegal(line[k].position)) --k;
      out.push({ variant, seed, pick, ...line[k] });
      g.dispose();
      rng.dispose();
    }
  }
  return out;
}

test("the explorer in headless Chromium agrees with the native engine", { timeout: 900000 }, async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  const positions = await scriptedPositions();
  assert.ok(positions.length >= 50, `${positions.length} positions`);
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await puppeteer.launch({
    executablePath: env("TANBO_CHROMIUM", "/usr/bin/chromium"),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const problems = [];
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1500, height: 1100 });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
    page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
    page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));

    // First load: download size and first-board-drawn time.
    let bytes = 0;
    const sizes = [];
    // data: URLs (the WASM inlined in the bundle) are not downloads.
    const onResponse = (r) => r.url().startsWith("data:") || sizes.push(r.buffer().then((b) => (bytes += b.length), () => {}));
    page.on("response", onResponse);
    await page.goto(`${base}/explorer/index.html`, { waitUntil: "load" });
    await page.waitForFunction(() => performance.getEntriesByName("tanbo-board-drawn").length > 0);
    const drawn = await page.evaluate(() => performance.getEntriesByName("tanbo-board-drawn")[0].startTime);
    await Promise.all(sizes);
    page.off("response", onResponse);
    const figures = `explorer: first board drawn ${drawn.toFixed(0)} ms after navigation start; total download ${bytes} bytes (${(bytes / 1024).toFixed(1)} KiB)`;
    console.log(`# ${figures}`);
    await writeFile(join(ARTIFACTS, "figures.txt"), `${figures}\n`);  // scripts/run-tests.sh prints it
    assert.ok(bytes <= 430 * 1024, `the explorer page downloads ${bytes} bytes (budget 430 KiB)`);
    await page.screenshot({ path: join(ARTIFACTS, "explorer-start.png") });

    // Keyboard only: focus the board, move the cursor (the page explains the point), Enter plays;
    // then an MCTS opponent answers, u takes back, r replays.
    const gameInfo = () => page.evaluate(() => ({ ...document.getElementById("game-info").dataset, position: document.getElementById("position-out").textContent, move: document.getElementById("move-info").dataset.move }));
    await page.evaluate(() => { location.hash = "variant=lattice-5"; });
    await page.waitForFunction(() => document.getElementById("position-out").textContent === "X3O/5/5/5/O3X X lattice-5");
    await page.select("#opponent", "mcts");
    await page.$eval("#board", (e) => e.focus());
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.$eval("#point-info", (e) => e.dataset.point), "B1");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.getElementById("game-info").dataset.toMove === "X" && document.getElementById("record-out").textContent.split(" ").length === 2);
    const replied = await gameInfo();
    assert.match(replied.move, /^[A-E][1-5]$/, "the MCTS opponent answered");
    await page.keyboard.press("u");
    assert.equal((await gameInfo()).toMove, "O");
    await page.keyboard.press("r");
    assert.deepEqual(await gameInfo(), replied, "undo then redo restores the position");
    await page.select("#opponent", "none");

    // Every worked example of docs/rules.md links to the explorer on its exact position.
    const rules = await readFile(fileURLToPath(new URL("../../docs/rules.md", import.meta.url)), "utf8");
    const links = [...rules.matchAll(/<a href="explorer\/index\.html#([^"]+)">/g)].map((m) => m[1].replaceAll("&amp;", "&"));
    assert.equal(links.length, [...rules.matchAll(/<a id="ex-/g)].length, "one explorer link per worked example");
    for (const fragment of links) {
      const params = new URLSearchParams(fragment);
      await page.evaluate((f) => { location.hash = f; }, fragment);
      await page.waitForFunction((pos) => document.getElementById("position-out").textContent === pos, {}, params.get("position"));
      if (params.get("move")) {
        const info = await page.evaluate(() => ({ ...document.getElementById("point-info").dataset }));
        assert.equal(info.point, params.get("move"), `${fragment}: the example's move is explained`);
        assert.equal(info.legal, "true", `${fragment}: the example's move is legal`);
      }
    }
    console.log(`# explorer: ${links.length} worked-example links of docs/rules.md open their positions`);

    let checked = 0;
    const spent = {};
    let mark = performance.now();
    const lap = (k) => { const t = performance.now(); spent[k] = (spent[k] || 0) + t - mark; mark = t; };
    for (const [n, p] of positions.entries()) {
      const what = `${p.variant} seed ${p.seed} (${p.pick}): ${p.position}, then ${p.move}`;
      await page.evaluate((pos) => { location.hash = `position=${encodeURIComponent(pos)}&roots=1&legal=1`; }, p.position);
      await page.waitForFunction((pos) => document.getElementById("position-out").textContent === pos, {}, p.position);
      lap("load");
      const [before, after] = nativeAfter(p.position, p.move);
      // What the page shows, read in one call (puppeteer's $$eval makes a handle per element).
      const shown = await page.evaluate(() => {
        const points = (sel) => Array.from(document.querySelectorAll(sel), (e) => e.closest(".pt").dataset.point).sort();
        return {
          cells: Array.from(document.querySelectorAll("#board .pt"), (e) => e.dataset.cell).join(""),
          legal: points("#board .pt.legal"),
          X: points('#board rect[data-growth="X"]'),
          O: points('#board rect[data-growth="O"]'),
        };
      });
      assert.equal(shown.cells, before.board.join(""), `${what}: board`);
      // Legal moves (rule 3) and growth points of each colour (rule 5: the same points).
      const legal = nativeLegal(p.position);
      assert.deepEqual(shown.legal, legal, `${what}: legal moves`);
      for (const side of ["X", "O"]) {
        const native = side === before.to_move ? legal : nativeLegal(withSide(p.position, side));
        if (native) assert.deepEqual(shown[side], native, `${what}: growth points of ${side}`);
      }
      lap("marks");
      // Hover: the move (legal), a stone (occupied) and an empty illegal point, if any.
      const empties = before.board.join("").split("").map((c, i) => (c === "." ? i : -1)).filter((i) => i >= 0);
      const size = before.board.length;
      const illegal = empties.map((i) => String.fromCharCode(65 + (i % size)) + (Math.floor(i / size) + 1)).find((name) => !legal.includes(name));
      const stoneAt = before.board.join("").search(/[XO]/);
      const stoneName = String.fromCharCode(65 + (stoneAt % size)) + (Math.floor(stoneAt / size) + 1);
      for (const point of [p.move, stoneName, illegal].filter(Boolean)) {
        await page.hover(`.pt[data-point="${point}"]`);
        const info = await page.evaluate(() => ({ ...document.getElementById("point-info").dataset, text: document.getElementById("point-info").textContent }));
        assert.equal(info.point, point, `${what}: hover ${point}`);
        assert.equal(info.legal, String(legal.includes(point)), `${what}: ${point} legal? page says ${info.text}`);
        if (point === stoneName) assert.equal(info.reason, "occupied");
        assert.match(info.text, /rule [0-9]/, `${what}: ${point}: the page cites a rule`);
      }
      lap("hover");
      // Click the move: removal, its rule-6 branch, and the winner.
      await page.click(`.pt[data-point="${p.move}"]`);
      await page.waitForFunction((m) => document.getElementById("move-info").dataset.move === m, {}, p.move);
      const result = await page.evaluate(() => ({
        ...document.getElementById("move-info").dataset,
        winner: document.getElementById("game-info").dataset.winner,
        fading: Array.from(document.querySelectorAll("#board g[data-removed]"), (e) => e.dataset.removed).sort(),
      }));
      assert.equal(result.removal, after.removal, `${what}: removal branch`);
      assert.equal(result.removed, after.removed.join(" "), `${what}: removed stones`);
      assert.equal(result.winner || null, after.winner, `${what}: winner`);
      assert.deepEqual(result.fading, [...after.removed].sort(), `${what}: removal animation`);
      if (n % 9 === 0 || (after.removal !== "none" && n % 3 === 0)) await page.screenshot({ path: join(ARTIFACTS, `position-${String(n).padStart(2, "0")}-${p.variant}.png`) });
      lap("click");
      ++checked;
    }
    if (process.env.TANBO_BROWSER_PROFILE) console.log(spent);
    console.log(`# explorer: ${checked} positions over ${new Set(positions.map((p) => p.variant)).size} variants equal the native engine`);

    // A game record: load it (the page starts at its beginning), step to its end, compare.
    {
      const tanbo = await load();
      const g = new tanbo.Game("dense-9");
      const rng = new tanbo.Rng(5);
      while (!g.isOver) g.play(g.randomMove(rng));
      const record = g.record;
      g.dispose();
      rng.dispose();
      const native = JSON.parse(execFileSync(CLI, ["replay", "--json", "-"], { input: record, encoding: "utf8" }));
      await page.$eval("#load-text", (e, text) => { e.value = text; }, record);
      await page.click("#load");
      await page.waitForFunction(() => document.getElementById("record-out").textContent === "(no moves yet)");
      await page.click("#redo");  // one step
      await page.waitForFunction(() => document.getElementById("record-out").textContent.split(" ").length === 1);
      await page.click("#last");
      const end = await page.evaluate(() => ({
        cells: Array.from(document.querySelectorAll("#board .pt"), (e) => e.dataset.cell).join(""),
        winner: document.getElementById("game-info").dataset.winner,
        moves: document.getElementById("record-out").textContent.split(" ").length,
      }));
      assert.deepEqual(end, { cells: native.board.join(""), winner: native.winner, moves: native.ply }, "a record stepped to its end");
      await page.screenshot({ path: join(ARTIFACTS, "record-end.png") });
    }

    // Undo brings the position back; the same ES module as in Node plays in the browser.
    await page.keyboard.press("u");
    const module = await page.evaluate(async () => {
      const { load } = await import("/pkg/src/index.mjs");
      const t = await load();
      const g = new t.Game("lattice-9");
      const r = new t.Rng(42);
      while (!g.isOver) g.play(g.randomMove(r));
      return { winner: g.winner, length: g.ply };
    });
    const native = JSON.parse(execFileSync(CLI, ["selfplay", "--games", "1", "--seed", "42", "--variant", "lattice-9", "--json"], { encoding: "utf8" }).split("\n")[0]);
    assert.deepEqual(module, { winner: native.winner, length: native.length }, "the package module in Chromium");
  } finally {
    await browser.close();
    server.close();
  }
  assert.deepEqual(problems, [], "page errors, console errors or failed requests");
});

// --- perfect play ---------------------------------------------------------------------------------
// The explorer's move values against the native engine: `tanbo probe` of a table the native CLI
// writes (the 4x4 start of api/tests/solved_positions.tsv), the weak solver's answers against the
// same call in Node (the same budget gives the same answer), the list's lattice-5 values after
// the user asks for lattice-5 to be solved, "unknown" where neither answers, a table file picked
// through the file input (and a damaged one refused), the page from file://. Prints the solver
// script's size and how long values take to appear.
const SMALL = "X2O/4/4/O2X X";
const WEAK_BUDGET = 200000;  // docs/explorer/perfect-play.js

// `tanbo probe TABLE POSITION`: {value, length, moves: [[move, value, length]], line}.
function nativeProbe(table, position) {
  const out = execFileSync(CLI, ["probe", table, position], { encoding: "utf8" });
  const value = /^value: [XO] to move (wins|loses) in (\d+) pl(?:y|ies)/m.exec(out);
  assert.ok(value, `tanbo probe ${position}: ${out}`);
  const word = (w) => (w === "wins" ? "win" : "loss");
  return {
    value: word(value[1]), length: value[2],
    moves: [...out.matchAll(/^ +([A-Y]\d+): (wins|loses) in (\d+)$/gm)].map((m) => [m[1], word(m[2]), m[3]]),
    line: (/^line: (.*)$/m.exec(out) || [, ""])[1].trim(),
  };
}

// What the page shows about perfect play, read in one call.
const shownValues = (page) => page.evaluate(() => {
  const info = document.getElementById("value-info");
  return {
    position: document.getElementById("position-out").textContent,
    ...info.dataset, text: info.textContent,
    error: document.getElementById("value-error").textContent,
    moves: Array.from(document.querySelectorAll("#move-values li"), (li) => [li.dataset.move, li.dataset.value, li.dataset.length]),
    best: Array.from(document.querySelectorAll('#move-values li[data-best="1"]'), (li) => li.dataset.move),
    marks: Array.from(document.querySelectorAll("#board text.value-mark"), (t) => `${t.closest(".pt").dataset.point} ${t.textContent}`),
    line: document.getElementById("line-info").dataset.line,
    over: document.getElementById("game-info").dataset.winner !== "",
    record: document.getElementById("record-out").textContent,
  };
});
// Waits until the page shows the values of its current position (optionally: of `position`).
async function valuesReady(page, position = null, timeout = 60000) {
  await page.waitForFunction((pos) => {
    const info = document.getElementById("value-info");
    return info.dataset.state === "ready" && (pos === null || document.getElementById("position-out").textContent === pos);
  }, { timeout }, position);
  return shownValues(page);
}

test("perfect play in the explorer: move values, the line stepped, unknown, a picked table file", { timeout: 900000 }, async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  const dir = await mkdtemp(join(tmpdir(), "tanbo-browser-solution-"));
  const table = join(dir, "small.tbl");
  execFileSync(CLI, ["solve", SMALL, "--out", table], { stdio: "ignore" });
  const damaged = join(dir, "damaged.tbl");
  const bytes = await readFile(table);
  bytes[0] ^= 1;
  await writeFile(damaged, bytes);
  const tanbo = await load();
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await puppeteer.launch({
    executablePath: env("TANBO_CHROMIUM", "/usr/bin/chromium"),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--allow-file-access-from-files"],
  });
  const problems = [];
  const watch = (page) => {
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
    page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
    page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
    return page;
  };
  try {
    const page = watch(await browser.newPage());
    await page.setViewport({ width: 1500, height: 1100 });
    const requested = [];
    let solverBytes = null;
    page.on("request", (r) => requested.push(r.url()));
    page.on("response", (r) => r.url().endsWith("/tanbo-explorer-solver.js") && r.buffer().then((b) => { solverBytes = b.length; }));
    await page.goto(`${base}/explorer/index.html#position=${encodeURIComponent(SMALL)}`, { waitUntil: "load" });
    await page.waitForFunction(() => performance.getEntriesByName("tanbo-board-drawn").length > 0);
    assert.deepEqual(requested.filter((u) => u.includes("solver")), [], "no solver download before the user asks for values");

    // Values on the 4x4 start: the page loads the solver, solves the start strongly, and shows
    // every legal move's value as `tanbo probe` does.
    const asked = await page.evaluate(() => performance.now());
    await page.click("#show-values");
    let v = await valuesReady(page);
    const ready = await page.evaluate(() => ({ now: performance.now(), solver: performance.getEntriesByName("tanbo-solver-ready")[0].startTime }));
    const native = nativeProbe(table, v.position);
    assert.equal(v.source, "table");
    assert.deepEqual([v.value, v.length], [native.value, native.length], `start: ${v.text}`);
    assert.match(v.text, /loses in 15/);
    assert.deepEqual(v.moves, native.moves, "every legal move's value on the start");
    assert.deepEqual(v.marks.sort(), native.moves.map(([m, value, length]) => `${m} ${value === "win" ? "W" : "L"}${length}`).sort(), "the values on the board");
    assert.equal(v.line, native.line, "the perfect-play line");
    assert.equal(await page.$eval("#move-values li", (li) => li.textContent), `${native.moves[0][0]} loses in 15`);
    await page.screenshot({ path: join(ARTIFACTS, "perfect-play-start.png") });

    // Stepping the line: each step plays the next move of perfect play; every position on the
    // way shows the native values, the length counts down, and the game ends as predicted.
    const line = v.line.split(" ");
    const winner = v.value === "win" ? "X" : "O";
    for (let k = 0; k < line.length; ++k) {
      await page.click("#line-step");
      v = await valuesReady(page);
      assert.equal(v.record.split(" ").length, k + 1, `step ${k + 1}`);
      assert.equal(v.record.split(" ")[k], line[k], `step ${k + 1} plays the line's move`);
      assert.equal(Number(v.length), line.length - k - 1, `step ${k + 1}: ${v.text}`);
      if (!v.over) {
        const n = nativeProbe(table, v.position);
        assert.deepEqual([v.value, v.length, v.moves, v.line], [n.value, n.length, n.moves, n.line], `after ${v.record}`);
      }
    }
    assert.ok(v.over, "the line ends the game");
    assert.equal(await page.$eval("#game-info", (e) => e.dataset.winner), winner);
    assert.equal(await page.$eval("#line-step", (b) => b.disabled), true, "no step after the end");
    await page.screenshot({ path: join(ARTIFACTS, "perfect-play-line-end.png") });
    // Back to the start, then the whole line at once.
    await page.click("#first");
    await valuesReady(page, `${SMALL}`);
    await page.click("#line-end");
    v = await valuesReady(page);
    assert.equal(v.record, line.join(" "), "Line to the end plays the line");

    // Unknown where neither answers: the classic start (no table; the weak solver runs out).
    await page.evaluate(() => { location.hash = "variant=classic"; });
    v = await page.waitForFunction(() => document.getElementById("position-out").textContent.endsWith("classic")).then(() => valuesReady(page));
    assert.deepEqual([v.value, v.source, v.length], ["unknown", "solver", ""], v.text);
    assert.match(v.text, /^Unknown: .* within 200,000 nodes\.$/);
    assert.ok(v.moves.length > 0 && v.moves.every(([, value, length]) => value === "unknown" && length === ""), "every move unknown");
    assert.ok(v.marks.length === v.moves.length && v.marks.every((m) => m.endsWith(" ?")));
    assert.equal(await page.$eval("#line-step", (b) => b.disabled), true);

    // The weak solver settles late lattice-5 positions within its budget: the page shows what
    // Game.solve with the same budget answers in Node, and the list's strong-solver value.
    const rows = (await readFile(fileURLToPath(new URL("../../api/tests/solved_positions.tsv", import.meta.url)), "utf8"))
      .split("\n").filter((l) => l.startsWith("solve\t-\tlattice-5\t") && !l.endsWith("unknown")).map((l) => l.split("\t"));
    assert.ok(rows.length >= 10);
    let settled = 0;
    for (const [, , start, moves, , expected] of rows.filter((_, i) => i % 3 === 1)) {
      const g = new tanbo.Game(start);
      for (const m of moves.split(" ")) g.play(m);
      const want = g.solve(WEAK_BUDGET, { moves: true });
      await page.evaluate((m) => { location.hash = `variant=lattice-5&moves=${m}`; }, moves.split(" ").join(","));
      v = await valuesReady(page, g.position);
      assert.equal(v.source, "solver");
      // The same budget, so the same answer and the same node count as in Node.
      assert.deepEqual([v.value, v.length, v.moves, Number(v.nodes)], [want.value, want.length === null ? "" : String(want.length), want.moves.map((m) => [m.move, m.value, m.length === null ? "" : String(m.length)]), want.nodes], `${moves}: ${v.text}`);
      assert.ok(v.text.includes(` of ${WEAK_BUDGET.toLocaleString("en")} nodes`), v.text);
      if (want.value !== "unknown") {
        assert.equal(`${v.value} ${v.length}`, expected.split("|")[0], `${moves}: the strong solver's value`);
        ++settled;
      }
      g.dispose();
    }
    assert.ok(settled >= 2, `${settled} positions settled by the weak solver`);

    // lattice-5 solved strongly on the user's request (about 100 MB, seconds): then every row of
    // the list is a probe, with the best moves exactly.
    await page.evaluate(() => { location.hash = "variant=lattice-5"; });
    await valuesReady(page, "X3O/5/5/5/O3X X lattice-5");
    assert.equal(await page.$eval("#solve-start", (b) => b.hidden), false, "the page offers to solve lattice-5");
    const solveAsked = await page.evaluate(() => performance.now());
    await page.click("#solve-start");
    await page.waitForFunction(() => document.getElementById("value-info").dataset.source === "table", { timeout: 300000 });
    const solveTook = (await page.evaluate(() => performance.now())) - solveAsked;
    v = await shownValues(page);
    assert.deepEqual([v.value, v.length], ["win", "24"], v.text);
    assert.ok(v.moves.some(([m, value, length]) => m === "B1" && value === "win" && length === "24"));
    assert.equal(await page.$eval("#solve-start", (b) => b.hidden), true);
    for (const [, , , moves, , expected] of rows) {
      await page.evaluate((m) => { location.hash = `variant=lattice-5&moves=${m}`; }, moves.split(" ").join(","));
      await page.waitForFunction((n) => document.getElementById("record-out").textContent.split(" ").length === n, {}, moves.split(" ").length);
      v = await valuesReady(page);
      const [text, best] = expected.split("|");
      assert.equal(v.source, "table");
      assert.deepEqual([`${v.value} ${v.length}`, v.best.join(" ")], [text, best], `lattice-5 ${moves}`);
    }

    // A table file the user picks: a damaged one is refused with its byte offset, a good one
    // answers (a fresh page: the solver loads with the file).
    const picker = watch(await browser.newPage());
    await picker.goto(`${base}/explorer/index.html#position=${encodeURIComponent(SMALL)}`, { waitUntil: "load" });
    await (await picker.$("#table-file")).uploadFile(damaged);
    await picker.waitForFunction(() => document.getElementById("value-error").textContent !== "", { timeout: 60000 });
    assert.match(await picker.$eval("#value-error", (e) => e.textContent), /^TableError: damaged\.tbl: byte 0: not a tanbo strong-table file/);
    await (await picker.$("#table-file")).uploadFile(table);
    await picker.waitForFunction(() => document.getElementById("value-info").dataset.table === "small.tbl", { timeout: 60000 });
    v = await shownValues(picker);
    assert.equal(v.error, "", "the good file clears the error");
    assert.deepEqual([v.value, v.length, v.moves, v.line], [native.value, native.length, native.moves, native.line], "values from the picked file");
    await picker.click("#line-step");
    v = await valuesReady(picker);
    assert.equal(v.table, "small.tbl");
    const n1 = nativeProbe(table, v.position);
    assert.deepEqual([v.value, v.length, v.moves], [n1.value, n1.length, n1.moves], "after a step, from the file");
    await picker.close();

    // From disk (file://): the second script loads as a classic script there too. Keyboard: v
    // shows the values, p plays the perfect-play move.
    const disk = watch(await browser.newPage());
    await disk.goto(`file://${join(EXPLORER, "index.html")}#position=${encodeURIComponent(SMALL)}`, { waitUntil: "load" });
    await disk.waitForFunction(() => performance.getEntriesByName("tanbo-board-drawn").length > 0);
    await disk.keyboard.press("v");
    v = await valuesReady(disk);
    assert.deepEqual([v.value, v.length, v.moves], [native.value, native.length, native.moves], "from file://");
    await disk.keyboard.press("p");
    v = await valuesReady(disk);
    assert.equal(v.record, line[0], "p plays the line's first move");
    await disk.keyboard.press("v");
    assert.equal(await disk.$eval("#values", (e) => e.hidden), true, "v hides the values");
    assert.equal(await disk.$$eval("#board text.value-mark", (e) => e.length), 0);
    await disk.close();

    assert.ok(solverBytes > 0, "the solver script was downloaded");
    const figures = `explorer perfect play: solver script ${solverBytes} bytes (${(solverBytes / 1024).toFixed(1)} KiB), loaded only when asked; ` +
      `4x4 start's values shown ${(ready.now - asked).toFixed(0)} ms after asking (solver ready after ${(ready.solver - asked).toFixed(0)} ms); ` +
      `lattice-5 solved strongly in Chromium in ${(solveTook / 1000).toFixed(1)} s`;
    console.log(`# ${figures}`);
    await appendFile(join(ARTIFACTS, "figures.txt"), `${figures}\n`);
  } finally {
    await browser.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
  assert.deepEqual(problems, [], "page errors, console errors or failed requests");
});
