// The JavaScript face of the bad-input table (api/tests/bad_inputs.tsv, columns described there):
// every row through the package's API on both engines, expecting the row's error class (the
// error's name) and a message containing the row's core; a rejected call leaves the game unchanged.
// Numbers are JavaScript numbers, so 2^32 + 3 must not wrap to index 3 (D1 after B1) and 1e300
// must not become A1: the unchanged game says so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "../src/index.mjs";

const tanbo = await load();
const TABLE = new URL("../../api/tests/bad_inputs.tsv", import.meta.url);

function unescape(s) {
  return s.replace(/\\(u[0-9a-fA-F]{4}|n|t|\\)/g, (_, e) =>
    e === "n" ? "\n" : e === "t" ? "\t" : e === "\\" ? "\\" : String.fromCharCode(parseInt(e.slice(1), 16)));
}

function argument(text) {
  if (text === "-") return undefined;
  const kind = text.slice(0, 2), v = text.slice(2);
  if (kind === "s:") return unescape(v);
  if (kind === "i:") return Number(v);
  if (kind === "f:") return v === "inf" ? Infinity : Number(v);
  if (kind === "b:") return v === "true";
  if (kind === "y:") return new TextEncoder().encode(v);
  throw new Error(`unknown argument kind ${text}`);
}

const rows = readFileSync(TABLE, "utf8").split("\n")
  .map((line, i) => [line, i + 1])
  .filter(([line]) => line.length > 0 && !line.startsWith("#"));

test("every row of the bad-input table gets its class and message core, the game unchanged", () => {
  assert.ok(rows.length > 30);
  const failures = [];
  for (const engine of ["optimized", "reference"]) for (const [line, number] of rows) {
    const [op, start, moves, argText, want, core, at] = line.split("\t");
    const located = at === "-" ? "" : `line ${at.split(":")[0]}, column ${at.split(":")[1]}: `;
    const arg = argument(argText);
    let game = null;
    if (start !== "-") {
      game = new tanbo.Game(start, { engine });
      if (moves !== "-") for (const m of moves.split(",")) game.play(m);
    }
    const before = game && [game.position, game.ply];
    let got = "no error", message = "", value;
    try {
      switch (op) {
        case "play": game.play(arg); break;
        case "is_legal": value = game.isLegal(arg); break;
        case "at": game.at(arg); break;
        case "undo": game.undo(); break;
        case "last_result": game.lastResult(); break;
        case "perft": game.perft(arg); break;
        case "engine": new tanbo.Game("lattice-5", { engine: arg }).dispose(); break;
        case "start": new tanbo.Game(arg, { engine }).dispose(); break;
        case "record": tanbo.Game.fromRecord(arg, { engine }).dispose(); break;
        default: throw new Error(`unknown op ${op}`);
      }
      if (value !== undefined) got = String(value);
    } catch (e) {
      got = e.name;
      message = e.message;
    }
    const ok = got === want && (core === "-" || message.includes(core)) && message.includes(located) &&
      (!game || (game.position === before[0] && game.ply === before[1]));
    if (!ok) failures.push(`bad_inputs.tsv:${number}: ${op} ${argText} (${engine}): got ${got} "${message}", want ${want} "${core}"`);
    game?.dispose();
  }
  assert.deepEqual(failures, []);
});
