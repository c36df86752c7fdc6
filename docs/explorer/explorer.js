// The rules explorer's page logic. Runs inside the bundle js/tools/bundle-explorer.mjs writes,
// after js/src/api.mjs (bindApi, ...) and the single-file WASM module
// (createTanboModule). Every answer shown (legality, reasons, roots, growth points, removals,
// winner, move values) comes from the engine; this file only draws and words them, citing the
// rules. Move values (perfect play) come from a second script, tanbo-explorer-solver.js (the
// solvers and docs/explorer/perfect-play.js), loaded only when the user asks for them.
//
// URL fragment (what the rules page's links use):
//   #position=<position string>  or  #variant=<name>  or  #record=<game record>
//   &moves=B1,C2   moves played after the start      &move=H7   a move to try (ringed, Redo plays it)
//   &engine=reference   &roots=1   &legal=1

const SVG = "http://www.w3.org/2000/svg";
// Colours of svg/src/svg.cpp, so the board looks like the rules' diagrams.
const BOARD = "#e2bd72", GRID = "#6b5431", INK = "#1a1a1a", PAPER = "#f7f7f7", RED = "#d0021b";
const RULE3 = "rule 3";
// The solver script sits next to this one (a classic script: works from file:// too).
const SOLVER_SRC = document.currentScript && document.currentScript.src ? new URL("tanbo-explorer-solver.js", document.currentScript.src).href : "tanbo-explorer-solver.js";

// The board layout the SVG figures use (tanbo_board_geometry of the C API), with the point
// coordinates it defines.
function geometry(tanbo, size) {
  const b = tanbo.boardGeometry(size);
  const c = b.spacing;
  const g = { size, c, left: b.left, top: b.top, width: b.width, height: b.height };
  g.x = (col) => g.left + c / 2 + col * c;
  g.y = (row) => g.top + c / 2 + row * c;
  g.r = b.stoneRadius;
  g.square = b.growthSquare;
  g.font = b.coordinateFont;
  return g;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

const $ = (id) => document.getElementById(id);
const colorName = (c) => (c === "X" ? "X (Black)" : "O (White)");
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function start(tanbo) {
  const state = {
    game: null,
    redo: [],          // moves (indices) Redo plays, last first
    suggested: null,   // index of a move to try (from a rules-page link)
    cursor: 0,         // keyboard cursor (index)
    focusRoot: null,   // index of a stone whose root's growth points are shown
    lastMove: null,    // {result, cellsBefore} of the move just played, for its animation
    rng: new tanbo.Rng(Date.now() % 1e9),
    mctsSeed: 1,
    thinking: false,
  };
  const board = $("board");

  // --- settings -----------------------------------------------------------------------------
  for (const v of tanbo.variants) {
    const o = document.createElement("option");
    o.value = o.textContent = v;
    $("variant").appendChild(o);
  }
  $("variant").value = "lattice-9";

  function newGame(makeGame) {
    const g = makeGame();  // throws before anything changes
    if (state.game) state.game.dispose();
    state.game = g;
    state.redo = [];
    state.suggested = null;
    state.lastMove = null;
    state.focusRoot = null;
    state.cursor = Math.min(state.cursor, g.size * g.size - 1);
    if (tanbo.variants.includes(g.variant)) $("variant").value = g.variant;
    $("move-info").textContent = "";
    $("load-error").textContent = "";
  }
  const engine = () => $("engine").value;

  // --- drawing ------------------------------------------------------------------------------
  function render() {
    const g = state.game, n = g.size, geo = geometry(tanbo, n);
    const cells = g.cells();
    board.textContent = "";
    board.setAttribute("viewBox", `0 0 ${geo.width} ${geo.height}`);
    board.setAttribute("width", Math.round(geo.width * (n <= 9 ? 1.5 : n <= 13 ? 1.4 : 1.6)));
    board.setAttribute("height", Math.round(geo.height * (n <= 9 ? 1.5 : n <= 13 ? 1.4 : 1.6)));
    board.setAttribute("font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
    el("rect", { x: geo.left, y: geo.top, width: n * geo.c, height: n * geo.c, fill: BOARD, stroke: GRID }, board);
    for (let i = 0; i < n; ++i) {
      el("line", { x1: geo.x(0), y1: geo.y(i), x2: geo.x(n - 1), y2: geo.y(i), stroke: GRID }, board);
      el("line", { x1: geo.x(i), y1: geo.y(0), x2: geo.x(i), y2: geo.y(n - 1), stroke: GRID }, board);
      el("text", { x: geo.x(i), y: geo.top - 8, "font-size": geo.font, "text-anchor": "middle", fill: "#333" }, board).textContent = String.fromCharCode(65 + i);
      el("text", { x: geo.left - 6, y: geo.y(i) + Math.floor((geo.font * 4) / 10), "font-size": geo.font, "text-anchor": "end", fill: "#333" }, board).textContent = String(i + 1);
    }
    // One group per point: the hit area, then its stone and marks.
    const groups = [];
    for (let i = 0; i < n * n; ++i) {
      const x = geo.x(i % n), y = geo.y(Math.floor(i / n));
      const pt = el("g", { class: "pt", "data-point": g.pointName(i), "data-index": i, "data-cell": ".XO"[cells[i]] }, board);
      el("rect", { x: x - geo.c / 2, y: y - geo.c / 2, width: geo.c, height: geo.c, fill: "transparent" }, pt);
      if (cells[i]) stone(pt, x, y, geo.r, cells[i] === 1);
      groups.push(pt);
    }
    if (perfect) perfect.draw(groups, geo);
    if ($("show-legal").checked)
      for (const i of g.legalIndices()) {
        groups[i].classList.add("legal");
        el("circle", { class: "legal-mark", cx: geo.x(i % n), cy: geo.y(Math.floor(i / n)), r: Math.max(3, geo.r / 3) }, groups[i]);
      }
    const roots = g.roots();
    const showAll = $("show-roots").checked;
    const shownRoots = showAll ? roots : roots.filter((r) => state.focusRoot !== null && r.stoneIndices.includes(state.focusRoot));
    drawGrowth(groups, geo, shownRoots);
    for (const r of roots)
      if (r.bounded)  // bounded roots are always marked: rule 6 is about them
        for (const i of r.stoneIndices)
          el("circle", { class: "bounded", cx: geo.x(i % n), cy: geo.y(Math.floor(i / n)), r: geo.r + 3, "data-bounded": "1" }, groups[i]);
    if (state.lastMove) {
      const { result, cellsBefore } = state.lastMove;
      for (const i of result.removedIndices) {
        const x = geo.x(i % n), y = geo.y(Math.floor(i / n));
        const fade = el("g", { class: "removing", "data-removed": g.pointName(i) }, groups[i]);
        stone(fade, x, y, geo.r, i === result.moveIndex ? result.player === "X" : cellsBefore[i] === 1);
        cross(fade, x, y, Math.floor((geo.r * 5) / 8));
      }
      if (!result.removedIndices.includes(result.moveIndex))
        el("circle", { cx: geo.x(result.moveIndex % n), cy: geo.y(Math.floor(result.moveIndex / n)), r: Math.max(3, Math.floor(geo.r / 3)), fill: RED }, groups[result.moveIndex]);
    }
    if (state.suggested !== null && !g.isOver)
      el("circle", { cx: geo.x(state.suggested % n), cy: geo.y(Math.floor(state.suggested / n)), r: geo.r + 3, fill: "none", stroke: RED, "stroke-width": 2.5, "stroke-dasharray": "5 3" }, board);
    if (document.activeElement === board)
      el("rect", { class: "cursor", x: geo.x(state.cursor % n) - geo.c / 2 + 1, y: geo.y(Math.floor(state.cursor / n)) - geo.c / 2 + 1, width: geo.c - 2, height: geo.c - 2 }, board);
    renderInfo(roots, shownRoots);
    renderValues();
    if (!state.firstDrawn) {
      state.firstDrawn = true;
      performance.mark("tanbo-board-drawn");
    }
  }

  function stone(parent, x, y, r, black) {
    el("circle", { cx: x, cy: y, r, fill: black ? INK : PAPER, stroke: black ? "#000" : "#333", "stroke-width": 1.5, class: "stone" }, parent);
  }
  function cross(parent, x, y, k) {
    for (const dx of [k, -k]) el("line", { x1: x - dx, y1: y - k, x2: x + dx, y2: y + k, stroke: RED, "stroke-width": 3, "stroke-linecap": "round" }, parent);
  }
  // Growth points as the diagrams draw them: a square in the root's colour; a point that grows
  // a Black and a White root gets two half-offset squares.
  function drawGrowth(groups, geo, roots) {
    const n = geo.size, s = geo.square;
    const owners = new Map();
    for (const r of roots)
      for (const i of r.growthIndices) {
        if (!owners.has(i)) owners.set(i, new Set());
        owners.get(i).add(r.color);
      }
    for (const [i, colors] of owners) {
      const x = geo.x(i % n), y = geo.y(Math.floor(i / n));
      for (const c of colors) {
        const both = colors.size > 1;
        const sx = !both ? x - s / 2 : c === "X" ? x - s - 1 : x + 1;
        el("rect", { class: `growth growth-${c}`, "data-growth": c, x: sx, y: y - s / 2, width: s, height: s, fill: c === "X" ? INK : "#fff", stroke: INK, "stroke-width": 1.5 }, groups[i]);
      }
    }
  }

  function renderInfo(roots, shownRoots) {
    const g = state.game;
    const info = $("game-info");
    info.dataset.winner = g.winner || "";
    info.dataset.toMove = g.toMove;
    info.textContent = g.isOver
      ? `Game over after ${plural(g.ply, "move")}: ${colorName(g.winner === "X" ? "O" : "X")} has no stones left, so ${colorName(g.winner)} wins (rule 7).`
      : `${colorName(g.toMove)} to move, move ${g.ply + 1}; ${plural(g.legalMoveCount, "legal move")}. Stones: X ${g.stoneCount("X")}, O ${g.stoneCount("O")}. Engine: ${g.engine}.`;
    $("position-out").textContent = g.position;
    $("record-out").textContent = g.moves().join(" ") || "(no moves yet)";
    const bounded = roots.filter((r) => r.bounded);
    const lines = [];
    if (bounded.length) lines.push(`Bounded (no growth point, rule 5; dashed red): ${bounded.map((r) => `${r.color} ${r.stones.join(" ")}`).join("; ")}.`);
    for (const r of shownRoots)
      lines.push(`${r.color} root ${r.stones.join(" ")}: ${r.bounded ? "no growth points (bounded)" : `growth points ${r.growthPoints.join(" ")}`} (rule 5).`);
    $("roots-info").textContent = "";
    for (const l of lines) {
      const p = document.createElement("p");
      p.textContent = l;
      $("roots-info").appendChild(p);
    }
    $("undo").disabled = g.ply === 0;
    $("first").disabled = g.ply === 0;
    $("redo").disabled = state.redo.length === 0 && state.suggested === null;
    $("last").disabled = state.redo.length === 0;
  }

  // --- perfect play (tanbo-explorer-solver.js, a second script loaded on demand) -------------
  // Its code (docs/explorer/perfect-play.js) draws the move values and steps the line; until the
  // user asks for values, the page neither downloads nor runs it.
  let perfect = null, perfectLoading = null;
  function perfectPlay() {
    if (!perfectLoading)
      perfectLoading = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = SOLVER_SRC;
        script.onload = resolve;
        script.onerror = () => reject(new Error(`could not load ${SOLVER_SRC}`));
        document.head.appendChild(script);
      }).then(() => window.tanboPerfectPlay({ state, render, play, $, el, colorName })).then((p) => {
        perfect = p;
        render();
        return p;
      }, (err) => {
        $("value-error").textContent = `The solver failed to load: ${err.message}`;
        perfectLoading = null;  // the next request tries again
        return null;
      });
    return perfectLoading;
  }
  function renderValues() {
    if (perfect) return perfect.render();
    const on = $("show-values").checked;
    $("values").hidden = !on;
    $("line-step").disabled = $("line-end").disabled = true;
    if (!on) return;
    $("value-info").textContent = "Loading the solver...";
    perfectPlay();
  }

  // --- explaining a point -------------------------------------------------------------------
  function explainPoint(i) {
    const g = state.game, name = g.pointName(i), who = g.toMove;
    const e = g.explain(i);
    const out = $("point-info");
    out.dataset.point = name;
    out.dataset.legal = String(e.legal);
    out.dataset.reason = e.reason || "legal";
    const cell = g.at(i);
    let text;
    if (e.legal) {
      const root = g.roots().find((r) => r.color === who && r.growthIndices.includes(i));
      text = `${name} is legal for ${who}: it is empty and touches exactly one ${who} stone (${RULE3}), so it is a growth point of the ${who} root ${root ? root.stones.join(" ") : ""} (rule 5).`;
    } else if (e.reason === "game-over") {
      text = `${name}: the game is over (rule 7), ${g.winner} has won; no more moves.`;
    } else if (e.reason === "occupied") {
      const root = g.rootAt(i);
      text = `${name} is occupied by ${colorName(cell)} (${RULE3}: a stone goes on an empty point). Its root ${root.stones.join(" ")} has ${root.bounded ? "no growth points: it is bounded" : `growth points ${root.growthPoints.join(" ")}`} (rules 4 and 5).`;
    } else if (e.reason === "no-friendly-neighbour") {
      text = `${name} is illegal for ${who}: it touches no ${who} stone (${RULE3} needs exactly one).`;
    } else {
      text = `${name} is illegal for ${who}: it touches ${e.friendlyNeighbours} ${who} stones (${RULE3} needs exactly one).`;
    }
    out.textContent = text;
    return e;
  }

  // --- moves --------------------------------------------------------------------------------
  function play(i, fromRedo = false) {
    const g = state.game;
    const cellsBefore = g.cells();
    g.play(i);  // IllegalMoveError leaves everything unchanged; callers check legality first
    if (!fromRedo) {
      if (state.redo.length && state.redo[state.redo.length - 1] === i) state.redo.pop();
      else state.redo = [];
    }
    state.suggested = state.suggested === i ? null : state.suggested;
    state.focusRoot = null;
    const result = g.lastResult();
    state.lastMove = { result, cellsBefore };
    describeMove(result);
    render();
  }

  function describeMove(r) {
    const g = state.game, out = $("move-info");
    out.dataset.move = r.move;
    out.dataset.removal = r.removal;
    out.dataset.removed = r.removed.join(" ");
    let text = `${r.player} played ${r.move}. `;
    if (r.removal === "none") text += "No root is bounded, so nothing is removed (rule 6).";
    else if (r.removal === "expanded-root") text += `The expanded root (the one ${r.move} joined) has no growth point, so rule 6's first branch removes it alone: ${r.removed.join(" ")}.`;
    else text += `The expanded root keeps a growth point, so rule 6's second branch removes every bounded root of both colours: ${r.removed.join(" ")}.`;
    if (g.isOver) text += ` ${colorName(g.winner === "X" ? "O" : "X")} has no stones left: ${g.winner} wins (rule 7).`;
    out.textContent = text;
  }

  function tryPlay(i) {
    if (state.thinking) return;
    const e = explainPoint(i);
    if (!e.legal) return;
    if (state.redo.length && state.redo[state.redo.length - 1] !== i) state.redo = [];
    play(i);
    explainPoint(i);
    opponentMove();
  }

  function opponentMove() {
    const kind = $("opponent").value, g = state.game;
    if (kind === "none" || g.isOver || g.toMove !== $("opponent-side").value) return;
    state.thinking = true;
    $("move-info").textContent += " Thinking...";
    setTimeout(() => {
      state.thinking = false;
      if (state.game !== g || g.isOver) return;
      state.redo = [];
      play(kind === "mcts" ? g.mctsMove(300, state.mctsSeed++) : g.randomMove(state.rng));
    }, 30);
  }

  function undo() {
    const g = state.game;
    if (g.ply === 0) return;
    const last = g.lastResult().moveIndex;
    g.undo();
    state.redo.push(last);
    state.lastMove = null;
    $("move-info").textContent = `Took back ${g.pointName(last)}.`;
    render();
  }
  function redo() {
    if (state.redo.length) play(state.redo.pop(), true);
    else if (state.suggested !== null && state.game.isLegal(state.suggested)) play(state.suggested);
  }

  // --- loading ------------------------------------------------------------------------------
  function load(text) {
    const t = text.trim();
    try {
      if (t.includes("/") && !t.startsWith("[")) {
        newGame(() => new tanbo.Game(t, { engine: engine() }));
      } else if (tanbo.variants.includes(t)) {
        newGame(() => new tanbo.Game(t, { engine: engine() }));
        $("variant").value = t;
      } else {
        // A record: start at its beginning with its moves ready to step through (Redo).
        const full = tanbo.Game.fromRecord(t, { engine: engine() });
        const moves = Array.from(full.moveIndices());
        const startPos = full.startPosition;
        full.dispose();
        newGame(() => new tanbo.Game(startPos, { engine: engine() }));
        state.redo = moves.reverse();
      }
      render();
      return true;
    } catch (err) {
      $("load-error").textContent = `${err.name}: ${err.message}`;
      return false;
    }
  }

  function fromHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    if (params.get("engine")) $("engine").value = params.get("engine") === "reference" ? "reference" : "optimized";
    $("show-roots").checked = params.get("roots") === "1";
    $("show-legal").checked = params.get("legal") === "1";
    const ok = load(params.get("record") || params.get("position") || params.get("variant") || $("variant").value);
    if (!ok) return;
    try {
      for (const m of (params.get("moves") || "").split(",").filter(Boolean)) play(state.game.pointIndex(m));
      state.lastMove = null;
      if (params.get("move")) state.suggested = state.game.pointIndex(params.get("move"));
    } catch (err) {
      $("load-error").textContent = `${err.name}: ${err.message}`;
    }
    render();
    if (state.suggested !== null) explainPoint(state.suggested);
  }

  // --- events -------------------------------------------------------------------------------
  const pointOf = (ev) => {
    const pt = ev.target.closest && ev.target.closest(".pt");
    return pt ? Number(pt.dataset.index) : null;
  };
  board.addEventListener("mouseover", (ev) => {
    const i = pointOf(ev);
    if (i !== null) explainPoint(i);
  });
  board.addEventListener("click", (ev) => {
    const i = pointOf(ev);
    if (i === null) return;
    state.cursor = i;
    if (state.game.at(i) !== ".") {
      state.focusRoot = state.focusRoot === i ? null : i;  // a stone: show its root's growth points
      render();
      explainPoint(i);
    } else {
      tryPlay(i);
    }
  });
  board.addEventListener("focus", render);
  board.addEventListener("keydown", (ev) => {
    const n = state.game.size, c = state.cursor;
    const moves = { ArrowLeft: c % n ? c - 1 : c, ArrowRight: c % n < n - 1 ? c + 1 : c, ArrowUp: c >= n ? c - n : c, ArrowDown: c + n < n * n ? c + n : c };
    if (ev.key in moves) {
      state.cursor = moves[ev.key];
      render();
      explainPoint(state.cursor);
    } else if (ev.key === "Enter" || ev.key === " ") {
      if (state.game.at(state.cursor) !== ".") {
        state.focusRoot = state.focusRoot === state.cursor ? null : state.cursor;
        render();
        explainPoint(state.cursor);
      } else {
        tryPlay(state.cursor);
      }
    } else return;
    ev.preventDefault();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "TEXTAREA" || ev.target.tagName === "SELECT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const actions = {
      u: undo, r: redo, p: () => perfect && perfect.step(),
      g: () => { $("show-roots").checked = !$("show-roots").checked; render(); },
      l: () => { $("show-legal").checked = !$("show-legal").checked; render(); },
      v: () => { $("show-values").checked = !$("show-values").checked; render(); },
    };
    if (actions[ev.key]) {
      actions[ev.key]();
      ev.preventDefault();
    }
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("first").addEventListener("click", () => { while (state.game.ply > 0) undo(); });
  $("last").addEventListener("click", () => { while (state.redo.length) redo(); });
  $("new-game").addEventListener("click", () => { load($("variant").value); opponentMove(); });
  $("variant").addEventListener("change", () => { load($("variant").value); opponentMove(); });
  $("engine").addEventListener("change", () => {
    // Same game on the other engine: replay the record.
    const record = state.game.record, redo = state.redo;
    newGame(() => tanbo.Game.fromRecord(record, { engine: engine() }));
    state.redo = redo;
    render();
  });
  $("opponent").addEventListener("change", opponentMove);
  $("opponent-side").addEventListener("change", opponentMove);
  $("show-roots").addEventListener("change", render);
  $("show-legal").addEventListener("change", render);
  $("show-values").addEventListener("change", render);
  $("solve-start").addEventListener("click", () => perfectPlay().then((p) => p && p.solveStart()));
  $("table-file").addEventListener("change", (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    $("show-values").checked = true;
    perfectPlay().then((p) => p && p.loadTable(file));
  });
  $("line-step").addEventListener("click", () => perfect && perfect.step());
  $("line-end").addEventListener("click", () => perfect && perfect.toEnd());
  $("load").addEventListener("click", () => load($("load-text").value));
  window.addEventListener("hashchange", fromHash);
  fromHash();
  // For tests and the curious: the engine behind the page.
  window.tanboExplorer = { tanbo, state, load, render, perfectPlay };
}

createTanboModule().then((M) => start(bindApi(M)), (err) => {
  document.getElementById("point-info").textContent = `The engine failed to load: ${err}`;
  throw err;
});
