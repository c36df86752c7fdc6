// The rules explorer's perfect play: move values ("wins in 7", "loses in 12") and the
// perfect-play line. Bundled by js/tools/bundle-explorer.mjs into tanbo-explorer-solver.js after
// the single-file module with the solvers (createTanboSolverModule) and its own copy of
// js/src/api.mjs; the page (explorer.js) loads that script only when the user asks for values,
// so the first board's download keeps its budget. Every value comes from the engine: a table
// (Solution) solved here — 4x4 starts at once, a 5x5 start on request — or read from a file the
// user picks, else the weak solver (Game.solve) within WEAK_BUDGET nodes, else "unknown".

// The weak solver's budget per position shown: search nodes, not time, so the same answer on
// every machine (a budget spent in full: about 0.1 s of CPU in Node, js/bench/solution.mjs).
const WEAK_BUDGET = 200000;

// Called by the page with what it shares: its state (the game), render(), play(index), and its
// drawing helpers. Returns the hooks the page calls.
window.tanboPerfectPlay = async function (page) {
  const { state, render, play, $, el, colorName } = page;
  const api = bindApi(await createTanboSolverModule());
  performance.mark("tanbo-solver-ready");
  const v = { solutions: [], answers: new Map(), timer: 0, error: "" };  // solutions: [{solution, name, key, size}]

  const valuesOn = () => $("show-values").checked;
  const startKey = (position) => position.split(" ").slice(0, 2).join(" ");  // board and side, no variant tag
  const answerKey = (g) => `${g.position}|${v.solutions.length}`;
  const moveText = (m) => (m.value === "unknown" ? "unknown" : `${m.value === "win" ? "wins" : "loses"} ${m.length === null ? "(length not known)" : `in ${m.length}`}`);
  const markText = (m) => (m.value === "unknown" ? "?" : `${m.value === "win" ? "W" : "L"}${m.length ?? ""}`);
  const count = (n) => n.toLocaleString("en");

  function addSolution(solution, name) {
    const start = new api.Game(solution.start);
    v.solutions.push({ solution, name, key: startKey(start.startPosition), size: start.size });
    start.dispose();
  }

  // The answer for the page's game: a table that holds the position, else the weak solver (its
  // value "unknown" when the budget ran out). A start of 4x4 or less is solved strongly first.
  function computeAnswer(g) {
    const key = startKey(g.startPosition);
    if (g.size <= 4 && !v.solutions.some((s) => s.key === key)) addSolution(api.Solution.solveStart(key), "solved here");
    const mirror = api.Game.fromRecord(g.record);  // the page's game in the solver's instance
    try {
      for (const s of v.solutions.slice().reverse()) {  // the table the user added last first
        if (s.size !== g.size) continue;
        const a = s.solution.probe(mirror);
        if (a.value !== "unknown") return { ...a, source: "table", table: s.name, start: s.solution.start };
      }
      return { ...mirror.solve(WEAK_BUDGET, { moves: true }), source: "solver" };
    } finally {
      mirror.dispose();
    }
  }

  // The page position's answer if known; otherwise it is computed after this frame is drawn.
  const currentAnswer = () => (valuesOn() ? v.answers.get(answerKey(state.game)) || null : null);
  function schedule() {
    const g = state.game;
    clearTimeout(v.timer);
    v.timer = setTimeout(() => {
      if (state.game !== g || !valuesOn() || currentAnswer()) return;
      try {
        v.answers.set(answerKey(g), computeAnswer(g));
        v.error = "";
      } catch (err) {
        v.error = `${err.name}: ${err.message}`;
        v.answers.set(answerKey(g), { value: "unknown", length: null, moves: [], line: [], bestMoves: [], bestMove: null, source: "error" });
      }
      render();
    }, 0);
  }

  // Each legal move's value on its (empty) point: W7 (wins in 7), L12, ? (unknown).
  function draw(groups, geo) {
    const a = currentAnswer();
    if (!a) return;
    const n = geo.size;
    for (const m of a.moves)
      el("text", { class: `value-mark value-${m.value}`, "data-value": m.value, x: geo.x(m.moveIndex % n), y: geo.y(Math.floor(m.moveIndex / n)) + 4 }, groups[m.moveIndex]).textContent = markText(m);
  }

  function renderValues() {
    const g = state.game, on = valuesOn(), info = $("value-info");
    $("values").hidden = !on;
    const size = g.size;
    $("solve-start").hidden = !on || size !== 5 || v.solutions.some((s) => s.key === startKey(g.startPosition));
    $("solve-start").textContent = "Solve this start (5x5: up to about 100 MB and some seconds)";
    const a = currentAnswer();
    $("value-error").textContent = v.error;
    $("line-step").disabled = $("line-end").disabled = !a || !a.bestMove || g.isOver;
    $("move-values").textContent = "";
    $("line-info").textContent = "";
    $("line-info").dataset.line = "";
    info.dataset.value = info.dataset.length = info.dataset.source = info.dataset.table = info.dataset.nodes = "";
    if (!on) {
      info.dataset.state = "off";
      return;
    }
    if (!a) {
      info.dataset.state = "solving";
      info.textContent = "Solving...";
      schedule();
      return;
    }
    info.dataset.state = "ready";
    info.dataset.value = a.value;
    info.dataset.length = a.length ?? "";
    info.dataset.source = a.source;
    info.dataset.table = a.table || "";
    info.dataset.nodes = a.source === "solver" ? a.nodes : "";
    const from = a.source === "table" ? `the table of ${a.start}, ${a.table}` : `the weak solver, ${count(a.nodes)} of ${count(WEAK_BUDGET)} nodes`;
    if (a.source === "error") info.textContent = "Unknown.";
    else if (a.value === "unknown")
      info.textContent = `Unknown: no table holds this position${v.solutions.length ? "" : " (none is loaded)"}, and the weak solver did not settle it within ${count(WEAK_BUDGET)} nodes.`;
    else if (a.length === 0) info.textContent = `Game over: ${colorName(a.winner)} has won (from ${from}).`;
    else info.textContent = `${colorName(g.toMove)} to move ${moveText(a)} with perfect play: ${colorName(a.winner)} wins (from ${from}).`;
    $("line-info").textContent = a.line.length ? a.line.join(" ") : a.bestMove ? `${a.bestMove} ...` : "";
    $("line-info").dataset.line = a.line.join(" ");
    for (const m of a.moves) {
      const li = document.createElement("li");
      li.dataset.move = m.move;
      li.dataset.value = m.value;
      li.dataset.length = m.length ?? "";
      li.dataset.best = a.bestMoves.includes(m.move) ? "1" : "0";
      li.textContent = `${m.move} ${moveText(m)}`;
      $("move-values").appendChild(li);
    }
  }

  // One step of the perfect-play line: the answer's best move (a table's line starts with it).
  function step() {
    const a = currentAnswer();
    if (!a || !a.bestMove || state.game.isOver || state.thinking) return false;
    state.redo = [];
    play(a.bestMoveIndex);
    return true;
  }
  // The whole line: each position of a table's line is in the table, so its answer is a probe.
  function toEnd() {
    for (let guard = 0; guard < 1000 && valuesOn() && !state.game.isOver; ++guard) {
      const g = state.game;
      if (!currentAnswer()) v.answers.set(answerKey(g), computeAnswer(g));
      if (!step()) break;
    }
  }

  function solveStart() {
    const key = startKey(state.game.startPosition);
    $("value-info").textContent = `Solving ${key}: every position reachable from it...`;
    $("value-info").dataset.state = "solving-start";
    setTimeout(() => {  // after the message is drawn
      try {
        const t = performance.now();
        addSolution(api.Solution.solveStart(key), `solved here in ${((performance.now() - t) / 1000).toFixed(1)} s`);
        v.error = "";
      } catch (err) {
        v.error = `${err.name}: ${err.message}`;
      }
      render();
    }, 30);
  }

  function loadTable(file) {
    file.arrayBuffer().then((bytes) => {
      try {
        addSolution(api.Solution.fromBytes(new Uint8Array(bytes), file.name), file.name);
        v.error = "";
      } catch (err) {
        v.error = `${err.name}: ${err.message}`;
      }
      render();
    }, (err) => {
      v.error = `${file.name}: ${err.message}`;
      render();
    });
  }

  return { api, draw, render: renderValues, step, toEnd, solveStart, loadTable };
};
