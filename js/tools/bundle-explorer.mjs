// Builds the rules explorer's folder: copies docs/explorer/ (index.html, explorer.css) and writes
//   tanbo-explorer.js         the single-file WASM module + src/api.mjs + docs/explorer/explorer.js:
//                             one classic script (works from file://, where ES modules and fetch()
//                             do not), the page's whole first download (its budget is in
//                             js/test/browser.test.mjs)
//   tanbo-explorer-solver.js  the single-file module with the solvers + src/api.mjs +
//                             docs/explorer/perfect-play.js: the second classic script, which the
//                             page loads only when the user asks for move values
// Usage: node bundle-explorer.mjs <tanbo_explorer_wasm.js> <api.mjs> <explorer source dir> <out dir> <tanbo_explorer_solver_wasm.js>
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from "node:fs";
import { join } from "node:path";

const [moduleJs, apiMjs, srcDir, outDir, solverJs] = process.argv.slice(2);
if (!solverJs) {
  console.error("usage: node bundle-explorer.mjs <module.js> <api.mjs> <explorer dir> <out dir> <solver module.js>");
  process.exit(2);
}
// The sources' comments and indentation are for their readers, not for the page's download:
// whole-line // comments, /** ... */ blocks and leading whitespace are left out. Safe because no
// string spans lines: a line with an odd number of backticks (a template literal going on to the
// next line, whose text the cut would change) stops the build.
function compact(file, text = readFileSync(file, "utf8")) {
  const open = text.split("\n").findIndex((line) => (line.match(/`/g) || []).length % 2 === 1);
  if (open >= 0) {
    console.error(`bundle-explorer: ${file}:${open + 1}: a template literal spans lines; the bundler would change its text`);
    process.exit(1);
  }
  return text
    .replace(/^[ \t]*\/\*\*[\s\S]*?\*\/[ \t]*\n/gm, "")
    .replace(/^[ \t]*\/\/.*\n/gm, "")
    .replace(/^[ \t]+/gm, "");
}
// api.mjs is written so that every export is a top-level `export class|function|const`, and its
// perfect play (the calls the first script's module does not link) sits between `// <solver>`
// and `// </solver>` lines, which the first script leaves out.
const apiText = readFileSync(apiMjs, "utf8");
let inSolver = 0, regions = 0;
const withoutSolver = apiText.split("\n").filter((line, i) => {
  const marker = /^[ \t]*\/\/ <(\/?)solver>$/.exec(line);
  if (marker && (marker[1] === "/") !== Boolean(inSolver)) {
    console.error(`bundle-explorer: ${apiMjs}:${i + 1}: ${marker[1] ? "a // </solver> line with no // <solver> open" : "a // <solver> line inside another"}`);
    process.exit(1);
  }
  if (marker) {
    inSolver = inSolver ? 0 : i + 1;
    regions += inSolver ? 1 : 0;
    return false;
  }
  return !inSolver;
}).join("\n");
if (inSolver || !regions) {
  console.error(`bundle-explorer: ${apiMjs}:${inSolver || 1}: ${inSolver ? "a // <solver> line never closed" : "no // <solver> ... // </solver> lines"}`);
  process.exit(1);
}
const apiOf = (text) => {
  const api = compact(apiMjs, text).replace(/^export (?=(class|function|const|async) )/gm, "");
  if (/^\s*(import|export)\b/m.test(api)) {
    console.error(`bundle-explorer: ${apiMjs} has an import or export the bundler cannot strip`);
    process.exit(1);
  }
  return api;
};
const script = (module, api, what, code) => `${readFileSync(module, "utf8")}
// --- tanbo JS API (js/src/api.mjs) and ${what} ---
(function () {
"use strict";
${api}
${code}
})();
`;
mkdirSync(outDir, { recursive: true });
for (const f of ["index.html", "explorer.css"]) copyFileSync(join(srcDir, f), join(outDir, f));
const outputs = [
  ["tanbo-explorer.js", script(moduleJs, apiOf(withoutSolver), "the explorer (docs/explorer/explorer.js)", compact(join(srcDir, "explorer.js")))],
  ["tanbo-explorer-solver.js", script(solverJs, apiOf(apiText), "perfect play (docs/explorer/perfect-play.js)", compact(join(srcDir, "perfect-play.js")))],
];
for (const [name, text] of outputs) {
  writeFileSync(join(outDir, name), text);
  console.log(`bundle-explorer: ${join(outDir, name)} (${Buffer.byteLength(text)} bytes)`);
}
