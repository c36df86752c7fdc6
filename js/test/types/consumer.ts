// Compiled by test/types.test.mjs with tsc --strict: the declarations in src/index.d.ts describe
// the API a TypeScript user writes against (importing "tanbo" by name, as a consumer does).
import { load, IllegalMoveError, TanboError, type Color, type Root, type MoveResult } from "tanbo";

const tanbo = await load();
const game = new tanbo.Game("lattice-9", { engine: "reference" });
const rng = new tanbo.Rng(42n);
while (!game.isOver) game.play(game.randomMove(rng));
const winner: Color | null = game.winner;
const hash: bigint = game.hash;
const roots: Root[] = game.roots();
const legal: Int32Array = game.legalIndices();
try {
  game.play("A1");
} catch (e) {
  if (e instanceof IllegalMoveError) {
    const base: TanboError = e;
    console.log(base.message);
  }
}
const copy = game.clone();
copy.undo();
const last: MoveResult = copy.lastResult();
console.log(winner, hash, roots.length, legal.length, last.removal, game.playouts(10, 1).xWins, game.mctsMove(10, 1n));
copy.dispose();
game.dispose();
rng.dispose();
