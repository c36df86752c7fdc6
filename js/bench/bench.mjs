// Random playouts inside WASM per CPU-second against the native `tanbo bench`, in the same run
// (the goal: at least 0.9x native). A benchmark, not a test: it prints, never fails
// on speed. Usage: node bench/bench.mjs <native tanbo CLI> [seconds=2] [variant...]
import { execFileSync } from "node:child_process";
import { load } from "../src/index.mjs";

const [cli, secondsArg, ...variantArgs] = process.argv.slice(2);
if (!cli) {
  console.error("usage: node bench/bench.mjs <native tanbo CLI> [seconds=2] [variant...]");
  process.exit(2);
}
const seconds = Number(secondsArg || 2);
const variants = variantArgs.length ? variantArgs : ["classic", "lattice-9"];
const tanbo = await load();
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

for (const variant of variants) {
  const native = JSON.parse(execFileSync(cli, ["bench", "--json", "--seconds", String(seconds), "--variant", variant], { encoding: "utf8" }));
  const game = new tanbo.Game(variant);
  const rng = new tanbo.Rng(1);
  game.playouts(200, rng);  // warm up (JIT tiers of the WASM code)
  let playouts = 0, moves = 0;
  const start = cpu();
  while (cpu() - start < seconds) {
    const t = game.playouts(500, rng);
    playouts += t.playouts;
    moves += t.moves;
  }
  const wasm = playouts / (cpu() - start);
  console.log(`${variant}: WASM ${wasm.toFixed(0)} playouts/CPU-s (mean ${(moves / playouts).toFixed(1)} moves), ` +
    `native ${native.playouts_per_cpu_s.toFixed(0)}: ratio ${(wasm / native.playouts_per_cpu_s).toFixed(2)}x (goal >= 0.9x)`);
  game.dispose();
  rng.dispose();
}
