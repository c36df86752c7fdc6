// Builds the rules explorer's folder: copies docs/explorer/ (index.html, explorer.css) and writes
// tanbo-explorer.js = the single-file WASM module + src/api.mjs + docs/explorer/explorer.js, one
// classic script (works from file://, where ES modules and fetch() do not), and
// tanbo-explorer-solver.js = the single-file module with perfect play (the solvers), which the
// page loads as a second classic script only when the user asks for move values.
// Usage: node bundle-explorer.mjs <tanbo_explorer_wasm.js> <api.mjs> <explorer source dir> <out dir> <tanbo_explorer_solver_wasm.js>
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from "node:fs";
import { join } from "node:path";

const [moduleJs, apiMjs, srcDir, outDir, solverJs] = process.argv.slice(2);
if (!solverJs) {
  console.error("usage: node bundle-explorer.mjs <module.js> <api.mjs> <explorer dir> <out dir> <solver module.js>");
  process.exit(2);
}
const api = readFileSync(apiMjs, "utf8");
// api.mjs is written so that every export is a top-level `export class|function|const`.
// Its comments are for readers of the source, not for the page's download (which has a budget,
// js/test/browser.test.mjs): whole-line // comments and /** ... */ blocks are left out.
const stripped = api
  .replace(/^export (?=(class|function|const|async) )/gm, "")
  .replace(/^[ \t]*\/\*\*[\s\S]*?\*\/[ \t]*\n/gm, "")
  .replace(/^[ \t]*\/\/.*\n/gm, "");
if (/^\s*(import|export)\b/m.test(stripped)) {
  console.error(`bundle-explorer: ${apiMjs} has an import or export the bundler cannot strip`);
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
for (const f of ["index.html", "explorer.css"]) copyFileSync(join(srcDir, f), join(outDir, f));
const bundle = `${readFileSync(moduleJs, "utf8")}
// --- tanbo JS API (js/src/api.mjs) and the explorer (docs/explorer/explorer.js) ---
(function () {
"use strict";
${stripped}
${readFileSync(join(srcDir, "explorer.js"), "utf8")}
})();
`;
writeFileSync(join(outDir, "tanbo-explorer.js"), bundle);
console.log(`bundle-explorer: ${join(outDir, "tanbo-explorer.js")} (${bundle.length} bytes)`);
copyFileSync(solverJs, join(outDir, "tanbo-explorer-solver.js"));
console.log(`bundle-explorer: ${join(outDir, "tanbo-explorer-solver.js")} (${readFileSync(solverJs).length} bytes, loaded on demand)`);
