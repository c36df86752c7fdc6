// Emscripten --pre-js of the WASM replay driver (build/js/fuzz_differential.js, CommonJS, Node).
// Emscripten 3.1.6's loader would fetch() the .wasm by file path, which Node 18+ refuses: read it
// here. And hand the process's TANBO_FUZZ_STATS to the program (Emscripten gives programs a fixed
// environment of their own), so the WASM run writes the same statistics line as the native one.
Module["wasmBinary"] = require("fs").readFileSync(__dirname + "/fuzz_differential.wasm");
Module["preRun"] = Module["preRun"] || [];
Module["preRun"].push(function () {
  if (process.env.TANBO_FUZZ_STATS) ENV["TANBO_FUZZ_STATS"] = process.env.TANBO_FUZZ_STATS;
});
