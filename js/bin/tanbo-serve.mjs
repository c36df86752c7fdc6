#!/usr/bin/env node
// tanbo-serve: the tanbo engine protocol (docs/protocol.md) on stdin/stdout over the npm
// package's engines, so `tanbo conform` and `tanbo diff --engine` check the WebAssembly build
// end to end:   node js/bin/tanbo-serve.mjs [--engine optimized|reference]
import { createInterface } from "node:readline";
import { load } from "../src/index.mjs";

const PROTOCOL_VERSION = 1;
const NAME = /^[A-Za-z][1-9][0-9]?$/;

class Refusal extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

function kindOf(e) {
  const byClass = { ParseError: "syntax", InvalidPositionError: "invalid-position", UsageError: "usage" };
  return byClass[e.constructor.name] ?? "internal-error";
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--engine");
  const engine = at >= 0 ? args[at + 1] : "optimized";
  if (!["optimized", "reference"].includes(engine)) {
    process.stderr.write(`tanbo-serve: --engine must be optimized or reference, not '${engine}'\n`);
    process.exit(2);
  }
  const tanbo = await load();
  let game = new tanbo.Game("classic", { engine });
  let done = false;

  const commands = {
    protocol_version: () => String(PROTOCOL_VERSION),
    name: () => "tanbo-js",
    version: () => "1",
    list_commands: () => Object.keys(commands).join(" "),
    start: (a) => {
      if (a.length === 0) throw new Refusal("syntax", "start takes a variant name or a position string");
      const next = new tanbo.Game(a.join(" "), { engine });  // the previous game stays on refusal
      game.dispose?.();
      game = next;
      return "";
    },
    play: (a) => {
      if (a.length !== 1) throw new Refusal("syntax", `play takes 1 argument, got ${a.length}`);
      if (!NAME.test(a[0])) throw new Refusal("syntax", `'${a[0].slice(0, 40)}' is not a point name`);
      const x = a[0].toUpperCase().charCodeAt(0) - 65, y = Number(a[0].slice(1)) - 1;
      if (game.isOver) throw new Refusal("illegal game-over", "the game is over");
      if (x >= game.size || y >= game.size) throw new Refusal("illegal off-board", "the point is not on the board");
      const why = game.explain(a[0]);
      if (!why.legal) throw new Refusal(`illegal ${why.reason}`, `illegal move ${a[0]}`);
      game.play(a[0]);
      const r = game.lastResult();
      return [r.removal, ...r.removed].join(" ");
    },
    undo: () => {
      if (game.ply === 0) throw new Refusal("usage", "no move to undo");
      game.undo();
      return "";
    },
    legal: () => game.legalMoves().join(" "),
    position: () => game.position.split(" ").slice(0, 2).join(" "),
    winner: () => game.winner ?? "none",
    roots: () => game.roots().map((r) => `${r.color}:${r.stones.join(",")}:${r.growthPoints.join(",")}`).join(" "),
    quit: () => {
      done = true;
      return "";
    },
  };

  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    const words = line.trim().split(/[ \t]+/).filter((w) => w.length > 0);
    if (words.length === 0 || words[0].startsWith("#")) continue;
    const id = /^[0-9]+$/.test(words[0]) ? words.shift() : "";
    let answer;
    if (words.length === 0) answer = `?${id} syntax an id must be followed by a command`;
    else if (!Object.hasOwn(commands, words[0])) answer = `?${id} unknown-command '${words[0].slice(0, 40)}' (see list_commands)`;
    else {
      const [command, ...rest] = words;
      try {
        if (!["start", "play"].includes(command) && rest.length) throw new Refusal("syntax", `${command} takes no arguments`);
        const result = commands[command](rest);
        answer = result ? `=${id} ${result}` : `=${id}`;
      } catch (e) {
        answer = `?${id} ${e instanceof Refusal ? e.kind : kindOf(e)} ${e.message}`;
      }
    }
    process.stdout.write(answer + "\n");
    if (done) break;
  }
  rl.close();
}

main().catch((e) => {
  process.stderr.write(`tanbo-serve: ${e.stack ?? e}\n`);
  process.exit(1);
});
