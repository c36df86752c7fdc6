// TypeScript declarations of the npm package `tanbo` (src/index.mjs, src/api.mjs).

/** "X" (Black, moves first) or "O" (White). */
export type Color = "X" | "O";
/** A point: its name ("G7", case-insensitive) or its row-major index y * size + x ("A1" = 0). */
export type PointLike = string | number;
export type EngineName = "optimized" | "reference";
/** Why a point is illegal (rule 3, or rule 7 once the game is over). */
export type IllegalReason = "off-board" | "occupied" | "no-friendly-neighbour" | "several-friendly-neighbours" | "game-over";
/** Which branch of rule 6 a move triggered. */
export type Removal = "none" | "expanded-root" | "bounded-roots";

/** Base of every error tanbo throws; `message` is the engine's one-line message. */
export class TanboError extends Error {}
/** Malformed text: a point name, position string, variant name or game record. */
export class ParseError extends TanboError {}
/** A move the rules forbid (also a point or index off the board); the game is unchanged. */
export class IllegalMoveError extends TanboError {}
/** A position that cannot start a game (a side without stones, a bounded root). */
export class InvalidPositionError extends TanboError {}
/** API misuse that is not a move: undo() at the start, a disposed game, a number out of range.
 *  A value of the wrong type (a bool, NaN or 1.5 as a point) is a plain TypeError. */
export class UsageError extends TanboError {}
/** A solved table's bytes that are damaged, truncated or not a table (the C API's TANBO_ERR_BAD_TABLE). */
export class TableError extends TanboError {
  /** The byte offset the message names, or null. */
  readonly offset: number | null;
}

export interface MoveResult {
  move: string;
  moveIndex: number;
  player: Color;
  removal: Removal;
  /** Removed stones, row-major. */
  removed: string[];
  removedIndices: number[];
}

export interface Root {
  color: Color;
  stones: string[];
  stoneIndices: number[];
  /** Rule 5: empty points next to exactly one stone of the root's colour, that stone in this root. */
  growthPoints: string[];
  growthIndices: number[];
  /** No growth points: rule 6 removes it. */
  bounded: boolean;
}

export interface Explanation {
  legal: boolean;
  reason: IllegalReason | null;
  /** Stones of the side to move next to the point. */
  friendlyNeighbours: number;
}

export interface PlayoutTally {
  playouts: number;
  moves: number;
  xWins: number;
  oWins: number;
}

/** Deterministic random numbers: the C++ tanbo::Rng (xoshiro256** seeded by splitmix64). */
export interface Rng {
  /** The next 64 random bits. */
  next(): bigint;
  /** A uniform integer in [0, n). */
  below(n: number): number;
  /** Frees its WASM memory. */
  dispose(): void;
}

/** A position's value for its side to move (or a move's, for the side that plays it). */
export type Value = "win" | "loss" | "unknown";

/** One legal move of an answered position: playing it, the mover's value and the plies to the end. */
export interface MoveOutcome {
  move: string;
  moveIndex: number;
  value: Value;
  /** Plies from the answered position to the end with perfect play; null if not known. */
  length: number | null;
}

/** What Solution.probe or Game.solve says about a position. */
export interface Answer {
  value: Value;
  /** Perfect-play length in plies (0: the game is over); null if not known. */
  length: number | null;
  /** The side that wins with perfect play; null if not known. */
  winner: Color | null;
  /** A perfect-play move; null if unknown or over. */
  bestMove: string | null;
  bestMoveIndex: number | null;
  /** Every move that keeps the value and the length (row-major), as the C++ api::best_moves. */
  bestMoves: string[];
  /** Every legal move, row-major (a probe: always; a solve: only with {moves: true}). */
  moves: MoveOutcome[];
  /** The perfect-play line (a probe; empty for a solve). */
  line: string[];
  lineIndices: number[];
  /** Search nodes spent (a solve; 0 for a probe). */
  nodes: number;
}

export interface SolveOptions {
  /** Also answer every legal move, each with what is left of the budget. */
  moves?: boolean;
}

/** A solved start: every position reachable from it, with its value and perfect-play length. Call dispose() when done. */
export interface Solution {
  /** The solved start: a variant name or a position string. */
  readonly start: string;
  /** The table's content hash (SHA-256, 64 lowercase hex digits): compare it with the published ones (docs/solutions.md). */
  readonly sha256: string;
  /** The table's answer for the game's position ("unknown" if the table does not hold it); UsageError for another board size. */
  probe(game: Game): Answer;
  dispose(): void;
}

export interface SolutionConstructor {
  /** A table file's bytes (`tanbo solve START --out FILE`); TableError if damaged. */
  fromBytes(bytes: Uint8Array | ArrayBuffer, name?: string): Solution;
  /** Strongly solves a start (5x5 at most) now; UsageError beyond `maxClasses` position classes. */
  solveStart(start: string, maxClasses?: number | bigint): Solution;
}

export interface GameOptions {
  engine?: EngineName;
}

/** A game of Tanbo on one of the two verified engines. Call dispose() when done. */
export interface Game {
  readonly engine: EngineName;
  readonly size: number;
  readonly toMove: Color;
  readonly ply: number;
  readonly winner: Color | null;
  readonly isOver: boolean;
  /** Zobrist hash of (board, side to move); equal on both engines and to the C++ hash(). */
  readonly hash: bigint;
  /** Position string: "X3O/5/5/5/O3X X lattice-5". */
  readonly position: string;
  readonly diagram: string;
  /** The game record; Game.fromRecord reads it back. */
  readonly record: string;
  readonly startPosition: string;
  readonly variant: string;
  readonly legalMoveCount: number;

  play(point: PointLike): this;
  undo(): this;
  lastResult(): MoveResult;
  legalMoves(): string[];
  legalIndices(): Int32Array;
  isLegal(point: PointLike): boolean;
  explain(point: PointLike): Explanation;
  moves(): string[];
  moveIndices(): Int32Array;
  /** 0 empty, 1 X, 2 O, row-major. */
  cells(): Uint8Array;
  at(point: PointLike): "X" | "O" | ".";
  stoneCount(color: Color): number;
  pointName(index: number): string;
  pointIndex(name: string): number;
  roots(): Root[];
  boundedRoots(): Root[];
  rootAt(point: PointLike): Root;
  growthPoints(point: PointLike): string[];
  /** legal_moves()[rng.below(n)] as an index: tanbo selfplay's choice. */
  randomMove(rng: Rng): number;
  /** A random game to the end inside WASM; the winner. On a copy unless inPlace. */
  playout(seedOrRng?: number | bigint | Rng, options?: { inPlace?: boolean }): Color;
  /** `count` copy-make random playouts inside WASM (what `tanbo bench` measures). */
  playouts(count: number, seedOrRng?: number | bigint | Rng): PlayoutTally;
  /** Move sequences of length `depth` (0-64), as `tanbo perft` counts them. */
  perft(depth: number): number;
  /** A UCT Monte-Carlo tree search move, as an index. */
  mctsMove(playouts?: number, seed?: number | bigint): number;
  /** The weak solver within `budget` search nodes (1 to 2^40): value "unknown" when it ran out. */
  solve(budget: number | bigint, options?: SolveOptions): Answer;
  clone(): Game;
  dispose(): void;
}

export interface GameConstructor {
  /** start: "classic", "lattice-N", "dense-N" or a position string. */
  new (start?: string, options?: GameOptions): Game;
  fromRecord(text: string, options?: GameOptions): Game;
}

export interface RngConstructor {
  new (seed?: number | bigint): Rng;
}

/** A session of the engine protocol (docs/protocol.md): the C++ session `tanbo serve` runs. */
export interface Session {
  /** The answer line to one request line, or null for a blank or comment line. */
  handle(line: string): string | null;
  /** True once `quit` was answered. */
  readonly done: boolean;
  dispose(): void;
}

export interface SessionConstructor {
  /** UsageError for an engine name other than "optimized" and "reference". */
  new (engine?: EngineName): Session;
}

/** Pixel layout of a board drawing: point (x, y) at (left + spacing/2 + x*spacing, top + spacing/2 + y*spacing). */
export interface BoardGeometry {
  size: number;
  spacing: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
  stoneRadius: number;
  growthSquare: number;
  coordinateFont: number;
}

/** One loaded engine instance. */
export interface Tanbo {
  Game: GameConstructor;
  Rng: RngConstructor;
  Session: SessionConstructor;
  Solution: SolutionConstructor;
  version: string;
  variants: readonly string[];
  engines: readonly EngineName[];
  /** The pixel layout of a board of side `size` (2-25) as tanbo's SVG figures draw it. */
  boardGeometry(size: number): BoardGeometry;
  /** Size of this instance's WASM memory, in bytes. */
  memoryBytes(): number;
}

export interface LoadOptions {
  /** The bytes of tanbo_wasm.wasm, if you load them yourself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where a browser fetches tanbo_wasm.wasm (default: the package's dist/ folder). */
  locateFile?: (name: string) => string;
}

/** Instantiates the WebAssembly engine. */
export function load(options?: LoadOptions): Promise<Tanbo>;
