// The published form of the package: `npm pack`, install the tarball into a fresh project (no
// network: the package has no dependencies), check it carries the LICENSE and play a game there,
// importing "tanbo" by name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = fileURLToPath(new URL("..", import.meta.url));
const npm = (args, cwd) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8" });

test("npm pack tarball installs into a fresh project and plays a game in Node", () => {
  const work = mkdtempSync(join(tmpdir(), "tanbo-consumer-"));
  npm(["pack", "--pack-destination", work], pkgDir);
  const tarball = readdirSync(work).find((f) => /^tanbo-\d+\.\d+\.\d+\.tgz$/.test(f));
  assert.ok(tarball, "npm pack wrote tanbo-<version>.tgz");
  const app = join(work, "app");
  execFileSync("mkdir", [app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  npm(["install", "--offline", join(work, tarball)], app);
  // The licence travels with the package: the root LICENSE (MIT), copied in by "prepack".
  assert.equal(readFileSync(join(app, "node_modules", "tanbo", "LICENSE"), "utf8"),
               readFileSync(join(pkgDir, "..", "LICENSE"), "utf8"));
  writeFileSync(join(app, "main.mjs"), `
import { load, IllegalMoveError } from "tanbo";
const tanbo = await load();
const game = new tanbo.Game("lattice-9");
const rng = new tanbo.Rng(42);
while (!game.isOver) game.play(game.randomMove(rng));
let refused = false;
try { game.play("A1"); } catch (e) { refused = e instanceof IllegalMoveError; }
console.log(JSON.stringify({ winner: game.winner, ply: game.ply, refused, version: tanbo.version }));
game.dispose();
rng.dispose();
`);
  const out = JSON.parse(execFileSync(process.execPath, ["main.mjs"], { cwd: app, encoding: "utf8" }));
  assert.ok(out.winner === "X" || out.winner === "O");
  assert.ok(out.ply > 0);
  assert.equal(out.refused, true);
  assert.match(out.version, /^\d+\.\d+\.\d+/);
  // The same game as in this tree (selfplay seed 42 on lattice-9 replays identically everywhere).
  console.log(`# consumer project: ${JSON.stringify(out)}`);
});
