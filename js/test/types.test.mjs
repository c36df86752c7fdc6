// The TypeScript declarations (src/index.d.ts) compile a consumer written against them
// (test/types/consumer.ts) under tsc --strict, importing "tanbo" by name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

test("src/index.d.ts types a strict TypeScript consumer", () => {
  const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
  const config = fileURLToPath(new URL("types/tsconfig.json", import.meta.url));
  const r = spawnSync(process.execPath, [tsc, "-p", config], { encoding: "utf8" });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
});
