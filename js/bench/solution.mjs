// Perfect play in WebAssembly under Node, measured (the figures of README.md's "Perfect play"):
// strong solves of the 4x4 start and of lattice-5, a table read from its file's bytes, probe
// latency over every position of a random walk, and the weak solver's latency and node rate at
// the explorer's budget. Times are the process's CPU time (user + system), steadier than wall
// time on a shared machine. A benchmark, not a test: it prints, never fails on speed.
// Usage: node bench/solution.mjs [native tanbo CLI, to write the table files] [--no-lattice-5]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "../src/index.mjs";

const args = process.argv.slice(2);
const cli = args.find((a) => !a.startsWith("--"));
const starts = args.includes("--no-lattice-5") ? ["X2O/4/4/O2X X"] : ["X2O/4/4/O2X X", "lattice-5"];
const tanbo = await load();
const now = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };  // CPU ms
const ms = (t0) => now() - t0;
const dir = mkdtempSync(join(tmpdir(), "tanbo-bench-solution-"));

try {
  for (const start of starts) {
    let t0 = now();
    const solved = tanbo.Solution.solveStart(start);
    console.log(`${start}: Solution.solveStart ${ms(t0).toFixed(0)} ms CPU; WASM memory now ${(tanbo.memoryBytes() / 2 ** 20).toFixed(0)} MiB`);
    let solution = solved;
    if (cli) {
      const file = join(dir, "t.tbl");
      execFileSync(cli, ["solve", start, "--out", file], { stdio: "ignore" });
      const bytes = readFileSync(file);
      t0 = now();
      solution = tanbo.Solution.fromBytes(bytes, file);
      console.log(`${start}: Solution.fromBytes of ${(bytes.length / 2 ** 20).toFixed(1)} MiB ${ms(t0).toFixed(0)} ms CPU`);
      solved.dispose();
    }
    // Probe latency: every position of seeded random games from the start (the answer includes
    // every legal move's value and the line).
    const rng = new tanbo.Rng(1);
    const games = [];
    for (let i = 0; i < 40; ++i) {
      const g = new tanbo.Game(start);
      const walk = [g.clone()];
      while (!g.isOver) walk.push(g.play(g.randomMove(rng)).clone());
      g.dispose();
      games.push(...walk);
    }
    for (const g of games.slice(0, 50)) solution.probe(g);  // warm up
    t0 = now();
    let known = 0;
    for (const g of games) known += solution.probe(g).value !== "unknown" ? 1 : 0;
    console.log(`${start}: probe ${(ms(t0) * 1000 / games.length).toFixed(0)} us CPU per position (${games.length} positions, ${known} known)`);
    // The weak solver at the explorer's budget on the same positions (moves answered too).
    const sample = games.filter((_, i) => i % 7 === 0).slice(0, 60);
    let nodes = 0, settled = 0;
    t0 = now();
    for (const g of sample) {
      const a = g.solve(200000, { moves: true });
      nodes += a.nodes;
      settled += a.value !== "unknown" ? 1 : 0;
    }
    const t = ms(t0);
    console.log(`${start}: Game.solve(200000, {moves: true}) ${(t / sample.length).toFixed(1)} ms CPU per position, ${(nodes / t / 1000).toFixed(2)} M nodes per CPU-s (${sample.length} positions, ${settled} settled)`);
    for (const g of games) g.dispose();
    rng.dispose();
    solution.dispose();
  }
  // The weak solver spending its whole budget: the lattice-5 start, which it does not settle.
  const g = new tanbo.Game("lattice-5");
  for (const budget of [200000, 2000000]) {
    const t0 = now();
    const a = g.solve(budget);
    console.log(`lattice-5 start: Game.solve(${budget}) ${ms(t0).toFixed(0)} ms CPU, ${a.nodes} nodes: ${a.value}`);
  }
  g.dispose();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
