// Emscripten --pre-js of the package module (dist/tanbo_wasm.mjs). Emscripten 3.1.6's loader,
// run under Node as an ES module, reads __dirname (which ES modules lack) and would fetch() the
// .wasm by file path (which Node's fetch refuses); src/index.mjs reads the .wasm itself and hands
// it in as Module.wasmBinary, so the loader needs no path: an empty __dirname is enough.
var __dirname = typeof __dirname == "string" ? __dirname : "";
