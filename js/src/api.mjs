// The JavaScript API of tanbo over an instantiated WebAssembly module (src/bindings.cpp): Game,
// Rng and the error classes. Kept free of loading concerns so the same file serves the npm
// package (src/index.mjs loads the module) and the explorer's single-file bundle
// (tools/bundle-explorer.mjs inlines it). Every top-level statement starts with `export ` or is
// a plain declaration: the bundler strips the keyword.

/** Base of every error tanbo throws; `message` is the engine's one-line message. */
export class TanboError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}
/** Malformed text: a point name, position string, variant name or game record. */
export class ParseError extends TanboError {}
/** A move the rules forbid; the game is unchanged. */
export class IllegalMoveError extends TanboError {}
/** A position that cannot start a game (a side without stones, a bounded root). */
export class InvalidPositionError extends TanboError {}
/** API misuse that is not a move: undo() at the start, a disposed game, a bad argument. */
export class UsageError extends TanboError {}

// Status codes of bindings.cpp (ErrorKind) -> classes; 5 is an internal error.
const ERROR_CLASSES = [null, ParseError, IllegalMoveError, InvalidPositionError, UsageError, TanboError];

/** Rule-3 reasons (tanbo::IllegalReason), with the rules-text wording the explorer shows. */
export const ILLEGAL_REASONS = ["off-board", "occupied", "no-friendly-neighbour", "several-friendly-neighbours", "game-over"];
/** Rule-6 branches (tanbo::Removal). */
export const REMOVALS = ["none", "expanded-root", "bounded-roots"];
/** Every named variant, as Variant::all_named() lists them. */
export const VARIANTS = ["classic", "lattice-5", "lattice-7", "lattice-9", "lattice-13", "lattice-19", "lattice-21",
  "dense-5", "dense-7", "dense-9", "dense-11", "dense-13", "dense-15", "dense-17", "dense-19", "dense-21", "dense-23", "dense-25"];

const COLORS = ["X", "O"];

/** The point name of row-major index `i` on an N x N board ("A1" is index 0). */
export function pointName(i, n) {
  return String.fromCharCode(65 + (i % n)) + String(Math.floor(i / n) + 1);
}

/** Binds the API to an instantiated module `M` (the factory's result). */
export function bindApi(M) {
  // Strings into WASM: one malloc'd UTF-8 copy per call, freed after.
  function withString(s, f) {
    if (typeof s !== "string") throw new UsageError(`expected a string, got ${describe(s)}`);
    // C strings end at NUL: refuse rather than silently read a prefix.
    const nul = s.indexOf("\0");
    if (nul >= 0) throw new ParseError(`unexpected NUL character at offset ${nul}`);
    const len = M.lengthBytesUTF8(s) + 1;
    const p = M._malloc(len);
    try {
      M.stringToUTF8(s, p, len);
      return f(p);
    } finally {
      M._free(p);
    }
  }
  const ints = (h, count) => {
    const at = M._tj_ints(h) >> 2;
    return M.HEAP32.slice(at, at + count);
  };
  function check(h, status) {
    if (status !== 0) throw new (ERROR_CLASSES[status] || TanboError)(M.UTF8ToString(M._tj_error(h)));
  }
  // Frees what a forgotten dispose() leaves behind, once the JS object is collected.
  const finalizer = typeof FinalizationRegistry === "function" ? new FinalizationRegistry((free) => free()) : null;

  /** Deterministic random numbers: the C++ tanbo::Rng, so seeds replay tanbo selfplay's games. */
  class Rng {
    /** @param {number|bigint} seed an integer in [0, 2^64) */
    constructor(seed = 0) {
      this._p = M._tj_rng_new(toSeed(seed, "Rng"));
      if (!this._p) throw new TanboError("out of memory");
      const p = this._p;
      finalizer?.register(this, () => M._tj_rng_free(p), this);
    }
    _ptr() {
      if (!this._p) throw new UsageError("Rng: used after dispose()");
      return this._p;
    }
    /** The next 64 random bits. */
    next() {
      return BigInt.asUintN(64, M._tj_rng_next(this._ptr()));
    }
    /** A uniform integer in [0, n), 1 <= n < 2^32. */
    below(n) {
      if (!Number.isInteger(n) || n < 1 || n > 0xffffffff) throw new UsageError(`Rng.below: n must be an integer in [1, 2^32), not ${describe(n)}`);
      return M._tj_rng_below(this._ptr(), n) >>> 0;
    }
    /** Frees the generator's WASM memory. Idempotent. */
    dispose() {
      if (!this._p) return;
      finalizer?.unregister(this);
      M._tj_rng_free(this._p);
      this._p = 0;
    }
  }

  function rngArg(seedOrRng, what, use) {
    if (seedOrRng instanceof Rng) return use(seedOrRng._ptr());
    const rng = new Rng(toSeed(seedOrRng, what));
    try {
      return use(rng._ptr());
    } finally {
      rng.dispose();
    }
  }

  /** A game of Tanbo on one of tanbo's two verified engines. */
  class Game {
    /**
     * @param start "classic", "lattice-N", "dense-N" or a position string ("X3O/5/5/5/O3X X")
     * @param options engine: "optimized" (default, incremental and fast) or "reference"
     */
    constructor(start = "classic", options = {}) {
      const engine = engineCode(options);
      this._h = M._tj_new();
      if (!this._h) throw new TanboError("out of memory");
      const h = this._h;
      finalizer?.register(this, () => M._tj_free(h), this);
      if (start === Game._clone) return;  // clone(): filled in by the caller
      const status = start === Game._record
        ? withString(options.record, (p) => M._tj_start_record(h, p, engine))
        : withString(typeof start === "string" ? start : badStart(start), (p) => M._tj_start(h, p, engine));
      if (status !== 0) {
        const message = M.UTF8ToString(M._tj_error(h));
        this.dispose();
        throw new (ERROR_CLASSES[status] || TanboError)(message);
      }
      this._n = M._tj_size(h);
      this.engine = engine ? "reference" : "optimized";
    }

    /** A game replaying a game record (the text record() writes). */
    static fromRecord(text, options = {}) {
      if (typeof text !== "string") throw new UsageError(`Game.fromRecord: expected a string, got ${describe(text)}`);
      return new Game(Game._record, { ...options, record: text });
    }

    _handle() {
      if (!this._h) throw new UsageError("the game was disposed");
      return this._h;
    }
    /** Index of a point: a row-major index (y * size + x) or a name like "G7". */
    _index(point, what) {
      const h = this._handle();
      if (typeof point === "number") {
        if (!Number.isInteger(point)) throw new UsageError(`${what}: a point index must be an integer, not ${point}`);
        return point;
      }
      if (typeof point !== "string") throw new UsageError(`${what}: expected a point name or index, got ${describe(point)}`);
      const i = withString(point, (p) => M._tj_point_index(h, p));
      if (i < 0) check(h, 1);
      return i;
    }

    _onBoard(name) {
      const t = name.trim(), x = t.toUpperCase().charCodeAt(0) - 65, y = Number(t.slice(1)) - 1;
      return x < this.size && y >= 0 && y < this._n;
    }

    /** Board side length N. */
    get size() { this._handle(); return this._n; }
    /** "X" (Black) or "O" (White): the side to move. */
    get toMove() { return COLORS[M._tj_to_move(this._handle())]; }
    /** Moves played so far. */
    get ply() { return M._tj_ply(this._handle()); }
    /** "X" or "O" once a side has no stones (rule 7), else null. */
    get winner() { const w = M._tj_winner(this._handle()); return w < 0 ? null : COLORS[w]; }
    /** True once a side has no stones. */
    get isOver() { return M._tj_winner(this._handle()) >= 0; }
    /** Zobrist hash of (board, side to move), equal on both engines and to the C++ hash(). */
    get hash() { return BigInt.asUintN(64, M._tj_hash(this._handle())); }
    /** The position string, e.g. "X3O/5/5/5/O3X O lattice-5". */
    get position() { return M.UTF8ToString(M._tj_describe(this._handle(), 0)); }
    /** Text diagram: column letters on top, row numbers on the left. */
    get diagram() { return M.UTF8ToString(M._tj_describe(this._handle(), 1)); }
    /** The game record (start header and moves); Game.fromRecord reads it back. */
    get record() { return M.UTF8ToString(M._tj_describe(this._handle(), 2)); }
    /** The position string of the start. */
    get startPosition() { return M.UTF8ToString(M._tj_describe(this._handle(), 3)); }
    /** The variant the game started from ("custom-N" for other positions). */
    get variant() { return M.UTF8ToString(M._tj_describe(this._handle(), 4)); }
    /** Number of legal moves of the side to move. */
    get legalMoveCount() { return M._tj_legal_count(this._handle()); }

    /** Stones of "X" or "O". */
    stoneCount(color) {
      const c = COLORS.indexOf(color);
      if (c < 0) throw new UsageError(`stoneCount: color must be "X" or "O", not ${describe(color)}`);
      return M._tj_stone_count(this._handle(), c);
    }
    /** The board, row-major: 0 empty, 1 X, 2 O. */
    cells() {
      const h = this._handle();
      return Uint8Array.from(ints(h, M._tj_cells(h)));
    }
    /** "X", "O" or "." at a point. */
    at(point) {
      const i = this._index(point, "at");
      if (i < 0 || i >= this._n * this._n) throw new UsageError(`at: index ${i} is not on the ${this._n}x${this._n} board`);
      return ".XO"[this.cells()[i]];
    }
    /** The point name of an index on this board. */
    pointName(index) {
      if (!Number.isInteger(index) || index < 0 || index >= this.size * this._n) throw new UsageError(`pointName: index ${describe(index)} is not on the ${this._n}x${this._n} board`);
      return pointName(index, this._n);
    }
    /** The row-major index of a point name on this board. */
    pointIndex(name) { return this._index(String(name), "pointIndex"); }

    /** Plays a point (name or index) for the side to move. Throws IllegalMoveError (the game unchanged). */
    play(point) {
      const h = this._handle();
      if (typeof point === "number" && Number.isInteger(point)) check(h, M._tj_play_index(h, point));
      else if (typeof point === "string") check(h, withString(point, (p) => M._tj_play_name(h, p)));
      else throw new UsageError(`play: expected a point name or an integer index, got ${describe(point)}`);
      return this;
    }
    /** Takes back the last move; UsageError at ply 0. */
    undo() {
      const h = this._handle();
      check(h, M._tj_undo(h));
      return this;
    }
    /** What the last move did: {move, moveIndex, player, removal, removed, removedIndices}. */
    lastResult() {
      const h = this._handle();
      check(h, M._tj_last_result(h));
      const [move, player, removal, ...removedIndices] = ints(h, M._tj_ints_size(h));
      return {
        move: pointName(move, this._n), moveIndex: move, player: COLORS[player], removal: REMOVALS[removal],
        removed: removedIndices.map((i) => pointName(i, this._n)), removedIndices,
      };
    }
    /** Legal moves of the side to move, row-major, as names. */
    legalMoves() {
      const n = this._n;
      return Array.from(this.legalIndices(), (i) => pointName(i, n));
    }
    /** Legal moves as row-major indices (y * size + x). */
    legalIndices() {
      const h = this._handle();
      return ints(h, M._tj_legal(h));
    }
    /** May the side to move play this point? False off the board and once the game is over. */
    isLegal(point) {
      // A well-formed name off this board (like an index off it) is simply not legal.
      if (typeof point === "string" && /^\s*[A-Za-z][0-9]{1,9}\s*$/.test(point) && !this._onBoard(point)) return false;
      const i = this._index(point, "isLegal");
      if (i < 0 || i >= this._n * this._n) return false;
      return M._tj_is_legal(this._h, i) === 1;
    }
    /**
     * Why a point is or is not legal for the side to move (rule 3, or rule 7 once over):
     * {legal, reason: null | "occupied" | "no-friendly-neighbour" | ..., friendlyNeighbours}.
     */
    explain(point) {
      const i = this._index(point, "explain");
      const code = M._tj_why_illegal(this._h, i);
      if (code <= -2) check(this._h, -2 - code);
      const reason = Math.floor(code / 8) - 1;
      return { legal: reason < 0, reason: reason < 0 ? null : ILLEGAL_REASONS[reason], friendlyNeighbours: code % 8 };
    }
    /** The points played so far, as names. */
    moves() {
      const n = this._n;
      return Array.from(this.moveIndices(), (i) => pointName(i, n));
    }
    /** The points played so far, as indices. */
    moveIndices() {
      const h = this._handle();
      return ints(h, M._tj_moves(h));
    }
    /**
     * Every root (rule 4) with its growth points (rule 5), ordered by first stone:
     * [{color, stones, stoneIndices, growthPoints, growthIndices, bounded}].
     */
    roots() {
      const h = this._handle();
      const data = ints(h, M._tj_roots(h));
      const out = [];
      for (let k = 0, at = 1; k < data[0]; ++k) {
        const [root, next] = decodeRoot(data, at, this._n);
        out.push(root);
        at = next;
      }
      return out;
    }
    /** Roots without growth points (rule 5): what rule 6 removes. */
    boundedRoots() { return this.roots().filter((r) => r.bounded); }
    /** The growth points (names) of the root holding the stone at `point`. */
    growthPoints(point) { return this.rootAt(point).growthPoints; }
    /** The root holding the stone at `point` (as roots() describes it). */
    rootAt(point) {
      const i = this._index(point, "rootAt");
      check(this._h, M._tj_root_at(this._h, i));
      return decodeRoot(ints(this._h, M._tj_ints_size(this._h)), 0, this._n)[0];
    }

    /** legal_moves()[rng.below(n)] as an index: tanbo selfplay's choice, the same on both engines. */
    randomMove(rng) {
      if (!(rng instanceof Rng)) throw new UsageError(`randomMove: expected a tanbo Rng, got ${describe(rng)}`);
      const i = M._tj_random_move(this._handle(), rng._ptr());
      if (i < 0) check(this._h, 4);
      return i;
    }
    /**
     * Plays uniformly random moves to the end inside WASM and returns the winner ("X" or "O").
     * On a copy by default (this game unchanged); {inPlace: true} plays them on this game.
     */
    playout(seedOrRng = 0, options = {}) {
      const h = this._handle();
      const w = rngArg(seedOrRng, "playout", (r) => M._tj_playout(h, r, options.inPlace ? 1 : 0));
      if (w < 0) check(h, 4);
      return COLORS[w];
    }
    /**
     * `count` copy-make random playouts from this position inside WASM (what `tanbo bench`
     * measures): {playouts, moves, xWins, oWins}.
     */
    playouts(count, seedOrRng = 0) {
      const h = this._handle();
      if (!Number.isInteger(count) || count < 0 || count > 0x7fffffff) throw new UsageError(`playouts: count must be a non-negative integer, not ${describe(count)}`);
      check(h, rngArg(seedOrRng, "playouts", (r) => M._tj_playouts(h, r, count)));
      const [xWins, lo, hi] = ints(h, 3);
      return { playouts: count, moves: (hi >>> 0) * 2 ** 32 + (lo >>> 0), xWins, oWins: count - xWins };
    }
    /** A Monte-Carlo tree search move (UCT, `playouts` simulations) as an index. */
    mctsMove(playouts = 300, seed = 1) {
      const h = this._handle();
      if (!Number.isInteger(playouts) || playouts < 1 || playouts > 1e7) throw new UsageError(`mctsMove: playouts must be an integer in [1, 10^7], not ${describe(playouts)}`);
      const i = M._tj_mcts_move(h, playouts, toSeed(seed, "mctsMove"));
      if (i < 0) check(h, 4);
      return i;
    }

    /** An independent copy, history included. */
    clone() {
      const copy = new Game(Game._clone);
      check(this._handle(), M._tj_clone(this._h, copy._h));
      copy._n = this._n;
      copy.engine = this.engine;
      return copy;
    }
    /** Frees the game's WASM memory; the game is unusable afterwards. Idempotent. */
    dispose() {
      if (!this._h) return;
      finalizer?.unregister(this);
      M._tj_free(this._h);
      this._h = 0;
    }
    toString() { return this.diagram; }
  }
  Game._clone = Symbol("clone");
  Game._record = Symbol("record");

  return {
    Game, Rng, version: M.UTF8ToString(M._tj_version()), variants: VARIANTS, engines: ["optimized", "reference"],
    /** Size of this instance's WASM memory in bytes (it only grows; for leak checks). */
    memoryBytes: () => M.HEAP8.length,
  };
}

function decodeRoot(data, at, n) {
  const color = COLORS[data[at]];
  const k = data[at + 1];
  const stoneIndices = Array.from(data.subarray(at + 2, at + 2 + k));
  const m = data[at + 2 + k];
  const growthIndices = Array.from(data.subarray(at + 3 + k, at + 3 + k + m));
  return [{
    color, stones: stoneIndices.map((i) => pointName(i, n)), stoneIndices,
    growthPoints: growthIndices.map((i) => pointName(i, n)), growthIndices, bounded: m === 0,
  }, at + 3 + k + m];
}

function engineCode(options) {
  if (options === null || typeof options !== "object") throw new UsageError(`options must be an object, not ${describe(options)}`);
  const e = options.engine ?? "optimized";
  if (e === "optimized") return 0;
  if (e === "reference") return 1;
  throw new UsageError(`engine must be "optimized" or "reference", not ${describe(e)}`);
}

function badStart(start) {
  throw new UsageError(`Game: the start must be a variant name or a position string, not ${describe(start)}`);
}

function toSeed(seed, what) {
  if (typeof seed === "bigint" && seed >= 0n && seed < 2n ** 64n) return seed;
  if (Number.isSafeInteger(seed) && seed >= 0) return BigInt(seed);
  throw new UsageError(`${what}: the seed must be an integer in [0, 2^64), not ${describe(seed)}`);
}

function describe(v) {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? v.slice(0, 40) + "..." : v);
  if (typeof v === "bigint") return `${v}n`;
  if (v === null || typeof v !== "object") return String(v);
  return Array.isArray(v) ? "an array" : "an object";
}
