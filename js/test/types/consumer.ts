// Compiled by test/types.test.mjs with tsc --strict: the declarations in src/index.d.ts describe
// the API a TypeScript user writes against (importing "tanbo" by name, as a consumer does).
import { load, IllegalMoveError, TanboError, TableError, type Color, type Root, type MoveResult, type Answer, type Value } from "tanbo";

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
// Perfect play: a solved start probed, the weak solver, a damaged table's offset.
const solution = tanbo.Solution.solveStart("X2O/4/4/O2X X");
const small = new tanbo.Game(solution.start);
const answer: Answer = solution.probe(small);
const value: Value = answer.value;
const length: number | null = answer.length;
const solved = small.solve(1000, { moves: true });
console.log(value, length, answer.line.join(" "), solved.moves.map((m) => `${m.move} ${m.value} ${m.length ?? "?"}`), solved.nodes);
try {
  tanbo.Solution.fromBytes(new Uint8Array(8), "bad.tbl");
} catch (e) {
  if (e instanceof TableError) console.log(e.offset);
}
small.dispose();
solution.dispose();
