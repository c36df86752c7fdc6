// Cross-compiler differential: the WASM engines (Emscripten's clang and libc++) against the native
// build (g++ and libstdc++). Needs the native build's programs, passed by CTest (js/CMakeLists.txt):
//   TANBO_CLI                      native `tanbo`
//   TANBO_NATIVE_FUZZ_DIFFERENTIAL native fuzz/fuzz_differential (replay driver)
//   TANBO_WASM_FUZZ_DIFFERENTIAL   the same driver compiled to WASM (build/js/fuzz_differential.js)
//   TANBO_CORPUS                   fuzz/corpus/differential
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "../src/index.mjs";

const tanbo = await load();
const ENGINES = ["optimized", "reference"];
function env(name) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run through CTest (ctest -L js) or set it (see the file comment)`);
  return v;
}
const cli = (...args) => execFileSync(env("TANBO_CLI"), args, { encoding: "utf8" });

test("the differential corpus through both WASM engines: 0 differences, same counts as native", () => {
  const dir = mkdtempSync(join(tmpdir(), "tanbo-js-"));
  const run = (cmd, args, stats) => {
    const r = spawnSync(cmd, args, { encoding: "utf8", env: { ...process.env, TANBO_FUZZ_STATS: stats } });
    assert.equal(r.status, 0, `${cmd} failed:\n${r.stdout}\n${r.stderr}`);
    return [r.stdout.trim(), readFileSync(stats, "utf8").trim()];
  };
  const corpus = env("TANBO_CORPUS");
  const [wasmOut, wasmStats] = run(process.execPath, [env("TANBO_WASM_FUZZ_DIFFERENTIAL"), corpus], join(dir, "wasm"));
  const [nativeOut, nativeStats] = run(env("TANBO_NATIVE_FUZZ_DIFFERENTIAL"), [corpus], join(dir, "native"));
  console.log(`# WASM:   ${wasmOut}; ${wasmStats}\n# native: ${nativeOut}; ${nativeStats}`);
  assert.match(wasmOut, /^replay: \d+ inputs passed/);
  assert.equal(wasmOut, nativeOut);
  assert.equal(wasmStats, nativeStats, "steps, moves and game ends counted alike");
});

test("selfplay seeds on every variant equal the native CLI's JSON, on both engines", () => {
  const games = 3, seed = 1000;
  for (const variant of tanbo.variants) {
    const native = cli("selfplay", "--games", String(games), "--seed", String(seed), "--variant", variant, "--json")
      .trim().split("\n").map((l) => JSON.parse(l)).filter((j) => "game" in j);
    assert.equal(native.length, games);
    for (const engine of ENGINES) {
      for (const n of native) {
        const g = new tanbo.Game(variant, { engine });
        assert.equal(g.variant, variant);
        const rng = new tanbo.Rng(n.seed);
        while (!g.isOver) g.play(g.randomMove(rng));
        assert.deepEqual({ length: g.ply, winner: g.winner }, { length: n.length, winner: n.winner }, `${variant} seed ${n.seed} on ${engine}`);
        if (n.game === 0) {
          // The whole final state, through the native replay of the WASM game's record.
          const replay = JSON.parse(execFileSync(env("TANBO_CLI"), ["replay", "--json", "-"], { input: g.record, encoding: "utf8" }));
          const rows = [];
          for (let y = 0; y < g.size; ++y) rows.push(Array.from(g.cells().slice(y * g.size, (y + 1) * g.size), (c) => ".XO"[c]).join(""));
          assert.deepEqual(replay.board, rows, `${variant} seed ${n.seed}: final board`);
          assert.equal(replay.ply, g.ply);
          assert.equal(replay.winner, g.winner);
        }
        g.dispose();
        rng.dispose();
      }
    }
  }
});

/** `tanbo bench`'s signature (cli/src/bench.cpp): games with seeds 1..8, FNV-1a over (length, hash, winner). */
function signature(variant, engine) {
  let moves = 0n, mix = 0xcbf29ce484222325n;
  const mixIn = (x) => {
    for (let i = 0n; i < 8n; ++i) mix = BigInt.asUintN(64, (mix ^ ((x >> (8n * i)) & 0xffn)) * 0x100000001b3n);
  };
  for (let s = 1; s <= 8; ++s) {
    const g = new tanbo.Game(variant, { engine });
    const rng = new tanbo.Rng(s);
    while (!g.isOver) g.play(g.randomMove(rng));
    moves += BigInt(g.ply);
    mixIn(BigInt(g.ply));
    mixIn(g.hash);
    mixIn(g.winner === "X" ? 1n : 2n);
    g.dispose();
    rng.dispose();
  }
  return `${moves}-${mix.toString(16).padStart(16, "0")}`;
}

test("bench signatures equal the native ones on every variant, both engines", () => {
  for (const variant of tanbo.variants) {
    const native = JSON.parse(cli("bench", "--json", "--seconds", "0.01", "--variant", variant)).signature;
    for (const engine of ENGINES) assert.equal(signature(variant, engine), native, `${variant} on ${engine}`);
    if (variant === "classic") console.log(`# classic signature ${native} (WASM and native)`);
  }
});

test("bad input: both WASM engines and the native CLI give the same one-line error", () => {
  const starts = [
    "lattice-8", "dense-4", "dense-27", "custom-1", "", "classic ", "X3O/5/5/5/O3Q X", "X3O/5/5/5 X", "X3O/5/5/5/O3X",
    "X3O/5/5/5/O3X Z", "X4/5/5/5/5 X", "5/5/5/5/5 X", "XO3/O4/5/5/4X X", "X3O/5/5/5/O3X X lattice-7", "X99/5 X",
    "X".repeat(26) + "/" + "O".repeat(26) + " X",
  ];
  for (const start of starts) {
    const errors = ENGINES.map((engine) => {
      try {
        new tanbo.Game(start, { engine }).dispose();
        return null;
      } catch (e) {
        return `${e.name}: ${e.message}`;
      }
    });
    assert.equal(errors[1], errors[0], `start ${JSON.stringify(start)}`);
    assert.ok(errors[0], `start ${JSON.stringify(start)} must be rejected`);
    assert.ok(!errors[0].includes("\n"));
    if (start === "") continue;  // the CLI reads an empty --variant as "no variant given"
    // Told apart as tanbo::api::read_start does: a variant name is letters, digits and '-' only.
    const option = /^[A-Za-z0-9-]*$/.test(start) ? "--variant" : "--position";
    const r = spawnSync(env("TANBO_CLI"), ["perft", "0", option, start], { encoding: "utf8" });
    assert.equal(r.status === 0, false, `native accepts ${JSON.stringify(start)}`);
    // The CLI names a one-line argument's location by column only.
    const message = errors[0].slice(errors[0].indexOf(": ") + 2).replace(/^line 1, /, "");
    assert.ok(r.stderr.includes(message), `start ${JSON.stringify(start)}: native said ${r.stderr.trim()}, WASM ${message}`);
  }
  const records = ["B1 A1", '[Variant "lattice-5"]\nB1 ZZ', '[Variant "lattice-6"]', '[Position "X3O/5/5/5/O3X"]', "A1 # comment\nB2", "\u0000", "[Variant"];
  for (const text of records) {
    const errors = ENGINES.map((engine) => {
      try {
        tanbo.Game.fromRecord(text, { engine }).dispose();
        return null;
      } catch (e) {
        return `${e.name}: ${e.message}`;
      }
    });
    assert.equal(errors[1], errors[0], `record ${JSON.stringify(text)}`);
    assert.ok(errors[0] && !errors[0].includes("\n"), `record ${JSON.stringify(text)}: ${errors[0]}`);
  }
});
