#!/usr/bin/env node
// tanbo-serve: the tanbo engine protocol (docs/protocol.md) on stdin/stdout over the npm
// package, so `tanbo conform` and `tanbo diff --engine` check the WebAssembly build end to end:
//   node js/bin/tanbo-serve.mjs [--engine optimized|reference]
// A line pump: each line goes to a Session (the C API's tanbo_session, the C++ session `tanbo
// serve` runs) and its answer is written back. No protocol of its own lives here.
import { createInterface } from "node:readline";
import { load, UsageError } from "../src/index.mjs";

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--engine");
  const tanbo = await load();
  let session;
  try {
    session = at >= 0 ? new tanbo.Session(args[at + 1] ?? "") : new tanbo.Session();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`tanbo-serve: --engine: ${e.message}\n`);  // the words of tanbo serve
    process.exit(2);
  }
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    const answer = session.handle(line);
    if (answer !== null) process.stdout.write(answer + "\n");
    if (session.done) break;
  }
  rl.close();
}

main().catch((e) => {
  process.stderr.write(`tanbo-serve: ${e.stack ?? e}\n`);
  process.exit(1);
});
