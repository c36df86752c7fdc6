// The npm package `tanbo`: loads the WebAssembly engine (dist/tanbo_wasm.*, built from
// src/bindings.cpp) in Node or a browser and returns the API of src/api.mjs.
//   import { load } from "tanbo";
//   const tanbo = await load();
//   const game = new tanbo.Game("lattice-9");
import createTanboModule from "../dist/tanbo_wasm.mjs";
import { bindApi } from "./api.mjs";

export { TanboError, ParseError, IllegalMoveError, InvalidPositionError, UsageError, TableError } from "./api.mjs";

const isNode = typeof process === "object" && typeof process.versions?.node === "string";

/**
 * Instantiates the engine. Options: `wasmBinary` (the .wasm bytes, if you load them yourself) or
 * `locateFile(name)` (where a browser fetches tanbo_wasm.wasm; default: next to this module's
 * dist/ folder). Each call makes an independent instance with its own memory.
 */
export async function load(options = {}) {
  const moduleOptions = {};
  if (options.wasmBinary) {
    moduleOptions.wasmBinary = options.wasmBinary;
  } else if (isNode) {
    // Emscripten 3.1.6 cannot find its .wasm from an ES module under Node: read it here.
    const { readFile } = await import("node:fs/promises");
    moduleOptions.wasmBinary = await readFile(new URL("../dist/tanbo_wasm.wasm", import.meta.url));
  } else {
    moduleOptions.locateFile = options.locateFile ?? ((name) => new URL(`../dist/${name}`, import.meta.url).href);
  }
  return bindApi(await createTanboModule(moduleOptions));
}
