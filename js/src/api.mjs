// The JavaScript API of tanbo over an instantiated WebAssembly module that exports the C API
// (capi/include/tanbo/tanbo.h, every `tanbo_*` function as `M._tanbo_*`): Game, Rng, Session,
// Solution and the error classes. Everything about the game (point names, variants, engines,
// rules, messages, perfect play) is asked of the C API; this file only moves values across the
// WASM boundary and range-checks numbers before they are narrowed to a C int. Kept free of
// loading concerns so the same file serves the npm package (src/index.mjs loads the module) and
// the explorer's single-file bundle (tools/bundle-explorer.mjs inlines it). Every top-level
// statement starts with `export ` or is a plain declaration: the bundler strips the keyword.
// Perfect play (Solution, Game.solve) sits between `// <solver>` and `// </solver>` lines: the
// explorer's first script, which has a download budget and no solver linked, leaves those parts
// out (its second script has them).

/** Base of every error tanbo throws; `message` is the engine's one-line message. */
export class TanboError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}
/** Malformed text: a point name, position string, variant name or game record. */
export class ParseError extends TanboError {}
/** A move the rules forbid (also a point or index off the board); the game is unchanged. */
export class IllegalMoveError extends TanboError {}
/** A position that cannot start a game (a side without stones, a bounded root). */
export class InvalidPositionError extends TanboError {}
/** API misuse that is not a move: undo() at the start, a disposed game, a number out of range. */
export class UsageError extends TanboError {}
/** A solved table's bytes that are damaged, truncated or not a table; `offset` is the byte the
 *  message names (the C++ solve::TableError, TANBO_ERR_BAD_TABLE). */
export class TableError extends TanboError {
  constructor(message) {
    super(message);
    const at = /: byte (\d+): /.exec(message);
    this.offset = at ? Number(at[1]) : null;
  }
}

// tanbo_status (tanbo.h) -> class: the error model of tanbo/api/errors.hpp, one to one.
const STATUS_CLASSES = [null, UsageError, UsageError, ParseError, InvalidPositionError, IllegalMoveError,
  UsageError, UsageError, TanboError, TanboError, TanboError, TableError];

/** Rule-3 reasons (tanbo_illegal_reason minus one), with the rules-text wording the explorer shows. */
export const ILLEGAL_REASONS = ["off-board", "occupied", "no-friendly-neighbour", "several-friendly-neighbours", "game-over"];
/** Rule-6 branches (tanbo_removal). */
export const REMOVALS = ["none", "expanded-root", "bounded-roots"];

const COLORS = ".XO";  // tanbo_color: 0 none, 1 Black, 2 White
const ERR_LEN = 512;   // the C API's message limit (tanbo_game::last_error)
const INT_MIN = -(2 ** 31), INT_MAX = 2 ** 31 - 1;

/** Binds the API to an instantiated module `M` (the factory's result). */
export function bindApi(M) {
  const w = wasm(M);
  const { Rng, rngArg } = rngClass(w);
  const Game = gameClass(w, Rng, rngArg);
  const Session = sessionClass(w);
  return {
    Game, Rng, Session,
    // <solver>
    Solution: solutionClass(w, Game),
    // </solver>
    version: M.UTF8ToString(M._tanbo_version()), variants: w.variants, engines: w.engines,
    boardGeometry: (size) => boardGeometry(w, size),
    /** Size of this instance's WASM memory in bytes (it only grows; for leak checks). */
    memoryBytes: () => M.HEAP8.length,
  };
}

// The module's memory and the C API's conventions (statuses, strings and int lists out, the
// engine registry), which every class below uses.
function wasm(M) {
  function alloc(bytes) {
    const p = M._malloc(bytes);
    if (!p) throw new TanboError("out of memory");
    return p;
  }
  // Scratch WASM memory for one call's outputs.
  function withMem(bytes, f) {
    const p = alloc(bytes);
    try {
      return f(p);
    } finally {
      M._free(p);
    }
  }
  // Strings into WASM: one malloc'd UTF-8 copy per call, freed after; f(pointer, byte length).
  function withBytes(s, f) {
    if (typeof s !== "string") throw new TypeError(`expected a string, got ${describe(s)}`);
    const len = M.lengthBytesUTF8(s);
    return withMem(len + 1, (p) => {
      M.stringToUTF8(s, p, len + 1);
      return f(p, len);
    });
  }
  // A C string: NUL-terminated, so one inside is refused rather than silently read as a prefix.
  function withString(s, f) {
    const nul = typeof s === "string" ? s.indexOf("\0") : -1;
    if (nul >= 0) throw new ParseError(`unexpected NUL character at offset ${nul}`);
    return withBytes(s, (p) => f(p));
  }
  const u32 = (p) => M.HEAPU32[p >> 2];
  const i32 = (p) => M.HEAP32[p >> 2];
  const u64 = (p) => M.HEAPU32[(p >> 2) + 1] * 2 ** 32 + M.HEAPU32[p >> 2];
  // The C message without its "tanbo_function: " prefix: what went wrong and where.
  const fail = (status, message) => {
    throw new (STATUS_CLASSES[status] || TanboError)(message.replace(/^tanbo_[a-z_]+: /, ""));
  };
  function check(h, status) {
    if (status !== 0) fail(status, M.UTF8ToString(M._tanbo_last_error(h)));
  }
  // A text export (tanbo.h "Strings out"): the length first, then the text.
  function textOut(h, fn, ...args) {
    return withMem(4, (needed) => {
      const s = fn(...args, 0, 0, needed);
      if (s !== 0 && s !== 8) check(h, s);
      const len = u32(needed) + 1;
      return withMem(len, (buf) => {
        check(h, fn(...args, buf, len, needed));
        return M.UTF8ToString(buf, len);
      });
    });
  }
  // An int list export: `capacity` ints, or as many as the first call says are needed.
  function intsOut(h, fn, args, capacity) {
    return withMem(4, (count) => {
      for (;;) {
        const got = withMem(4 * Math.max(capacity, 1), (out) => {
          const s = fn(...args, out, capacity, count);
          if (s === 8) return null;  // TANBO_ERR_BUFFER_TOO_SMALL: retry with the count
          check(h, s);
          return M.HEAP32.slice(out >> 2, (out >> 2) + u32(count));
        });
        if (got) return got;
        capacity = u32(count);
      }
    });
  }
  // A game handle from a create function of the C API, or the error it reports.
  function create(fn, text, engine) {
    return withString(text, (p) => withMem(4 + ERR_LEN, (mem) => {
      const s = fn(p, engine, mem, mem + 4, ERR_LEN);
      if (s !== 0) fail(s, M.UTF8ToString(mem + 4));
      return u32(mem);
    }));
  }
  // The one engine registry, as the C API lists it.
  const engines = [];
  for (let i = 0, p; (p = M._tanbo_engine_name(i)); ++i) engines.push(M.UTF8ToString(p));
  function engineCode(options) {
    if (options === null || typeof options !== "object") throw new TypeError(`options must be an object, not ${describe(options)}`);
    const e = options.engine ?? engines[0];
    if (typeof e !== "string") throw new TypeError(`engine must be a string, not ${describe(e)}`);
    return withString(e, (p) => withMem(4 + ERR_LEN, (mem) => {
      const s = M._tanbo_engine_parse(p, mem, mem + 4, ERR_LEN);
      if (s !== 0) fail(s, M.UTF8ToString(mem + 4));
      return i32(mem);
    }));
  }
  const variants = (() => {
    const h = 0;
    return textOut(h, M._tanbo_variants).split("\n").filter((v) => v.length > 0);
  })();
  // Frees what a forgotten dispose() leaves behind, once the JS object is collected.
  const finalizer = typeof FinalizationRegistry === "function" ? new FinalizationRegistry((free) => free()) : null;
  return { M, alloc, withMem, withBytes, withString, u32, i32, u64, fail, check, textOut, intsOut, create, engines, engineCode, variants, finalizer };
}

// Rng over tanbo_rng, and rngArg: a seed or an Rng as the argument of a call that draws.
function rngClass(w) {
  const { M, alloc, withMem, u32, finalizer } = w;
  /** Deterministic random numbers: the C++ tanbo::Rng, so seeds replay tanbo selfplay's games. */
  class Rng {
    /** @param {number|bigint} seed an integer in [0, 2^64) */
    constructor(seed = 0) {
      const s = toSeed(seed, "Rng");
      this._p = alloc(32);  // sizeof(tanbo_rng)
      M._tanbo_rng_seed(this._p, s);
      const p = this._p;
      finalizer?.register(this, () => M._free(p), this);
    }
    _ptr() {
      if (!this._p) throw new UsageError("Rng: used after dispose()");
      return this._p;
    }
    /** The next 64 random bits. */
    next() {
      return BigInt.asUintN(64, M._tanbo_rng_next(this._ptr()));
    }
    /** A uniform integer in [0, n), 1 <= n < 2^32. */
    below(n) {
      if (!Number.isInteger(n) || n < 1 || n > 0xffffffff) throw new UsageError(`Rng.below: n must be an integer in [1, 2^32), not ${describe(n)}`);
      const p = this._ptr();
      return withMem(4, (out) => {
        if (M._tanbo_rng_below(p, n, out) !== 0) throw new TanboError("Rng.below failed");
        return u32(out);
      });
    }
    /** Frees the generator's WASM memory. Idempotent. */
    dispose() {
      if (!this._p) return;
      finalizer?.unregister(this);
      M._free(this._p);
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
  return { Rng, rngArg };
}

// Game over a tanbo_game handle.
function gameClass(w, Rng, rngArg) {
  const { M, withMem, withString, u32, i32, u64, fail, check, textOut, intsOut, create, engines, engineCode, finalizer } = w;
  /** A game of Tanbo on one of tanbo's two verified engines. */
  class Game {
    /**
     * @param start "classic", "lattice-N", "dense-N" or a position string ("X3O/5/5/5/O3X X")
     * @param options engine: "optimized" (default, incremental and fast) or "reference"
     */
    constructor(start = "classic", options = {}) {
      const engine = engineCode(options);
      if (start === Game._adopt) {  // clone() and fromRecord(): the handle is made by the caller
        this._own(options.handle);
        return;
      }
      if (typeof start !== "string") throw new TypeError(`Game: the start must be a variant name or a position string, not ${describe(start)}`);
      this._own(create(M._tanbo_game_create_with_engine, start, engine));
    }
    _own(h) {
      this._h = h;
      finalizer?.register(this, () => M._tanbo_game_free(h), this);
      this._n = M._tanbo_size(h);
      this.engine = engines[M._tanbo_game_engine(h)];
    }

    /** A game replaying a game record (the text record() writes). */
    static fromRecord(text, options = {}) {
      if (typeof text !== "string") throw new TypeError(`Game.fromRecord: expected a string, got ${describe(text)}`);
      const engine = engineCode(options);
      return new Game(Game._adopt, { handle: create(M._tanbo_game_create_from_record, text, engine) });
    }

    _handle() {
      if (!this._h) throw new UsageError("the game was disposed");
      return this._h;
    }
    // A number as a C int index, or null when it is no int (NaN, a fraction, beyond 2^31):
    // such a number is off every board, and must not be narrowed into one (2^32 + 3 is not 3).
    _int(i) {
      return Number.isInteger(i) && i >= INT_MIN && i <= INT_MAX ? i : null;
    }
    // Points are names or integer indices; anything else (a bool, bytes, NaN, 1.5) is a
    // TypeError, as Python's TypeError for a float where an int is meant.
    _pointType(point, what) {
      if (typeof point === "string" || (typeof point === "number" && Number.isInteger(point))) return;
      throw new TypeError(`${what}: expected a point name or an integer index, got ${describe(point)}`);
    }
    // The index of a point where the query needs a board point (at, rootAt): UsageError off it.
    _boardIndex(point, what) {
      const h = this._handle();
      this._pointType(point, what);
      if (typeof point === "string") return withString(point, (p) => withMem(4, (out) => (check(h, M._tanbo_point_index(h, p, out)), i32(out))));
      const i = this._int(point);
      // What the C API says for an int off the board (tanbo::api::query_index_point's words).
      if (i === null) throw new UsageError(`index ${point} is not on the ${this._n}x${this._n} board (0..${this._n * this._n - 1})`);
      return i;
    }
    // The index of a point for a yes/no query (isLegal, explain): -1 off the board (an index off
    // it or a well-formed name off it); ParseError only for a malformed name.
    _queryIndex(point, what) {
      const h = this._handle();
      this._pointType(point, what);
      if (typeof point === "string") return withString(point, (p) => withMem(4, (out) => (check(h, M._tanbo_point_index_query(h, p, out)), i32(out))));
      const i = this._int(point);
      return i === null || i < 0 || i >= this._n * this._n ? -1 : i;
    }
    _name(h, i) { return textOut(h, M._tanbo_point_name, h, i); }
    _names(h, indices) { return Array.from(indices, (i) => this._name(h, i)); }

    /** Board side length N. */
    get size() { this._handle(); return this._n; }
    /** "X" (Black) or "O" (White): the side to move. */
    get toMove() { return COLORS[M._tanbo_to_move(this._handle())]; }
    /** Moves played so far. */
    get ply() { return M._tanbo_ply(this._handle()); }
    /** "X" or "O" once a side has no stones (rule 7), else null. */
    get winner() { const w = M._tanbo_winner(this._handle()); return w === 0 ? null : COLORS[w]; }
    /** True once a side has no stones. */
    get isOver() { return M._tanbo_is_over(this._handle()) === 1; }
    /** Zobrist hash of (board, side to move), equal on both engines and to the C++ hash(). */
    get hash() { return BigInt.asUintN(64, M._tanbo_hash(this._handle())); }
    /** The position string, e.g. "X3O/5/5/5/O3X O lattice-5". */
    get position() { const h = this._handle(); return textOut(h, M._tanbo_position_string, h); }
    /** Text diagram: column letters on top, row numbers on the left. */
    get diagram() { const h = this._handle(); return textOut(h, M._tanbo_diagram, h); }
    /** The game record (start header and moves); Game.fromRecord reads it back. */
    get record() { const h = this._handle(); return textOut(h, M._tanbo_record, h); }
    /** The position string of the start. */
    get startPosition() { const h = this._handle(); return textOut(h, M._tanbo_start_position_string, h); }
    /** The variant the game started from ("custom-N" for other positions). */
    get variant() { const h = this._handle(); return textOut(h, M._tanbo_variant_name, h); }
    /** Number of legal moves of the side to move. */
    get legalMoveCount() { return M._tanbo_legal_move_count(this._handle()); }

    /** Stones of "X" or "O". */
    stoneCount(color) {
      const h = this._handle();
      const c = color === "X" ? 1 : color === "O" ? 2 : 0;
      if (!c) throw new UsageError(`stoneCount: color must be "X" or "O", not ${describe(color)}`);
      return M._tanbo_stone_count(h, c);
    }
    /** The board, row-major: 0 empty, 1 X, 2 O. */
    cells() {
      const h = this._handle(), nn = this._n * this._n;
      return withMem(nn, (p) => (check(h, M._tanbo_cells(h, p, nn)), M.HEAPU8.slice(p, p + nn)));
    }
    /** "X", "O" or "." at a point. */
    at(point) {
      const h = this._handle();
      const i = this._boardIndex(point, "at");
      return withMem(4, (out) => (check(h, M._tanbo_cell_at(h, i, out)), COLORS[i32(out)]));
    }
    /** The point name of an index on this board. */
    pointName(index) {
      const h = this._handle();
      if (typeof index !== "number") throw new TypeError(`pointName: expected an index, got ${describe(index)}`);
      return this._name(h, this._boardIndex(index, "pointName"));
    }
    /** The row-major index of a point name on this board. */
    pointIndex(name) {
      if (typeof name !== "string") throw new TypeError(`pointIndex: expected a point name, got ${describe(name)}`);
      return this._boardIndex(name, "pointIndex");
    }

    /** Plays a point (name or index) for the side to move. Throws IllegalMoveError (the game unchanged). */
    play(point) {
      const h = this._handle();
      this._pointType(point, "play");
      if (typeof point === "string") {
        check(h, withString(point, (p) => M._tanbo_play(h, p)));
      } else {
        // A number no C int holds is off the board: the C API words it for the nearest one it can
        // take (-1 is off every board), with the caller's number put back in.
        const i = this._int(point);
        const s = M._tanbo_play_index(h, i ?? -1);
        if (s !== 0 && i === null) fail(s, M.UTF8ToString(M._tanbo_last_error(h)).replace(/index -1\b/, `index ${point}`));
        check(h, s);
      }
      return this;
    }
    /** Takes back the last move; UsageError at ply 0. */
    undo() {
      const h = this._handle();
      check(h, M._tanbo_undo(h));
      return this;
    }
    /** What the last move did: {move, moveIndex, player, removal, removed, removedIndices}. */
    lastResult() {
      const h = this._handle();
      const removedIndices = Array.from(intsOut(h, (out, cap, count) => withMem(20, (res) => {
        const s = M._tanbo_last_result(h, res, out, cap, count);
        if (s === 0 || s === 8) this._last = { move: i32(res), player: i32(res + 4), removal: i32(res + 8) };
        return s;
      }), [], 4));
      const { move, player, removal } = this._last;
      return {
        move: this._name(h, move), moveIndex: move, player: COLORS[player], removal: REMOVALS[removal],
        removed: this._names(h, removedIndices), removedIndices,
      };
    }
    /** Legal moves of the side to move, row-major, as names. */
    legalMoves() { return this._names(this._handle(), this.legalIndices()); }
    /** Legal moves as row-major indices (y * size + x). */
    legalIndices() {
      const h = this._handle();
      return intsOut(h, M._tanbo_legal_moves, [h], this._n * this._n);
    }
    /** May the side to move play this point? False off the board and once the game is over. */
    isLegal(point) {
      const i = this._queryIndex(point, "isLegal");
      return i >= 0 && M._tanbo_is_legal(this._h, i) === 1;
    }
    /**
     * Why a point is or is not legal for the side to move (rule 3, or rule 7 once over):
     * {legal, reason: null | "occupied" | "no-friendly-neighbour" | ..., friendlyNeighbours}.
     */
    explain(point) {
      const h = this._handle();
      const i = this._queryIndex(point, "explain");
      return withMem(8, (out) => {
        check(h, M._tanbo_explain(h, i, out, out + 4));
        const reason = i32(out);
        return { legal: reason === 0, reason: reason === 0 ? null : ILLEGAL_REASONS[reason - 1], friendlyNeighbours: i32(out + 4) };
      });
    }
    /** The points played so far, as names. */
    moves() { return this._names(this._handle(), this.moveIndices()); }
    /** The points played so far, as indices. */
    moveIndices() {
      const h = this._handle();
      return intsOut(h, M._tanbo_moves, [h], M._tanbo_ply(h));
    }
    /**
     * Every root (rule 4) with its growth points (rule 5), ordered by first stone:
     * [{color, stones, stoneIndices, growthPoints, growthIndices, bounded}].
     */
    roots() {
      const h = this._handle();
      const data = intsOut(h, M._tanbo_roots, [h], 4 * this._n * this._n);
      const out = [];
      for (let at = 0; at < data.length;) {
        const [root, next] = this._decodeRoot(h, data, at);
        out.push(root);
        at = next;
      }
      return out;
    }
    /** Roots without growth points (rule 5): what rule 6 removes. */
    boundedRoots() { return this.roots().filter((r) => r.bounded); }
    /** The growth points (names) of the root holding the stone at `point`. */
    growthPoints(point) { return this._rootAt(point, "growthPoints").growthPoints; }
    /** The root holding the stone at `point` (as roots() describes it). */
    rootAt(point) { return this._rootAt(point, "rootAt"); }
    _rootAt(point, what) {
      const h = this._handle();
      const i = this._boardIndex(point, what);
      const data = intsOut(h, M._tanbo_root_at, [h, i], 2 * this._n * this._n + 3);
      return this._decodeRoot(h, data, 0)[0];
    }
    // One root of tanbo_roots' encoding: colour, k, stones, m, growth points.
    _decodeRoot(h, data, at) {
      const k = data[at + 1];
      const stoneIndices = Array.from(data.subarray(at + 2, at + 2 + k));
      const m = data[at + 2 + k];
      const growthIndices = Array.from(data.subarray(at + 3 + k, at + 3 + k + m));
      return [{
        color: COLORS[data[at]], stones: this._names(h, stoneIndices), stoneIndices,
        growthPoints: this._names(h, growthIndices), growthIndices, bounded: m === 0,
      }, at + 3 + k + m];
    }

    /** legal_moves()[rng.below(n)] as an index: tanbo selfplay's choice, the same on both engines. */
    randomMove(rng) {
      const h = this._handle();
      if (!(rng instanceof Rng)) throw new TypeError(`randomMove: expected a tanbo Rng, got ${describe(rng)}`);
      return withMem(4, (out) => (check(h, M._tanbo_random_move(h, rng._ptr(), out)), i32(out)));
    }
    /**
     * Plays uniformly random moves to the end inside WASM and returns the winner ("X" or "O").
     * On a copy by default (this game unchanged); {inPlace: true} plays them on this game.
     */
    playout(seedOrRng = 0, options = {}) {
      const h = this._handle();
      return withMem(4, (w) => {
        check(h, rngArg(seedOrRng, "playout", (r) => M._tanbo_playout(h, r, options.inPlace ? 1 : 0, w, 0)));
        return COLORS[i32(w)];
      });
    }
    /**
     * `count` copy-make random playouts from this position inside WASM (what `tanbo bench`
     * measures): {playouts, moves, xWins, oWins}.
     */
    playouts(count, seedOrRng = 0) {
      const h = this._handle();
      intArg(count, "playouts: count", 0, INT_MAX);
      return withMem(16, (out) => {
        check(h, rngArg(seedOrRng, "playouts", (r) => M._tanbo_playouts(h, r, count, out, out + 8)));
        const xWins = u64(out);
        return { playouts: count, moves: u64(out + 8), xWins, oWins: count - xWins };
      });
    }
    /** Move sequences of length `depth` (0-64) from here, as `tanbo perft` counts them (a finished game is one leaf). */
    perft(depth) {
      const h = this._handle();
      return withMem(8, (out) => (check(h, M._tanbo_perft(h, intArg(depth, "perft: depth", 0, 64), out)), u64(out)));
    }
    /** A Monte-Carlo tree search move (UCT, `playouts` simulations) as an index. */
    mctsMove(playouts = 300, seed = 1) {
      const h = this._handle();
      intArg(playouts, "mctsMove: playouts", 1, 1e7);
      const s = toSeed(seed, "mctsMove");
      return withMem(4, (out) => (check(h, M._tanbo_mcts_move(h, playouts, s, out)), i32(out)));
    }

    // <solver>
    /**
     * The weak solver on this position within `budget` search nodes (an integer in [1, 2^40]; a
     * count, never a time, so the same budget gives the same answer everywhere): {value, length,
     * winner, bestMove, bestMoves, moves, line: [], nodes}, value "unknown" when the budget ran
     * out. {moves: true} answers every legal move too, each with what is left of the budget.
     */
    solve(budget, options = {}) {
      const h = this._handle();
      if (typeof M._tanbo_solve !== "function") throw new UsageError("solve: this build has no solver");
      if (!(typeof budget === "bigint" || Number.isInteger(budget))) throw new TypeError(`solve: the budget must be an integer count of nodes, not ${describe(budget)}`);
      if (options === null || typeof options !== "object") throw new TypeError(`solve: options must be an object, not ${describe(options)}`);
      const withMoves = options.moves ?? false;
      if (typeof withMoves !== "boolean") throw new TypeError(`solve: moves must be a boolean, not ${describe(withMoves)}`);
      // The C API checks the range on the whole value: one beyond int64_t goes in as the nearest
      // int64_t (out of range too), and its message gets the caller's number back.
      const big = BigInt(budget), nodes = big > I64_MAX ? I64_MAX : big < -I64_MAX ? -I64_MAX : big;
      const cap = withMoves ? this._n * this._n : 0;
      return withMem(ANSWER_BYTES + MOVE_OUTCOME_BYTES * Math.max(cap, 1), (out) => {
        const s = M._tanbo_solve(h, nodes, out, cap ? out + ANSWER_BYTES : 0, cap);
        if (s !== 0) fail(s, M.UTF8ToString(M._tanbo_last_error(h)).replace(/got -?\d+$/, `got ${budget}`));
        return readAnswer(w, this, h, out, out + ANSWER_BYTES, 0);
      });
    }
    // </solver>

    /** An independent copy, history included. */
    clone() {
      const h = this._handle();
      const copy = withMem(4, (out) => (check(h, M._tanbo_game_copy(h, out)), u32(out)));
      return new Game(Game._adopt, { engine: this.engine, handle: copy });
    }
    /** Frees the game's WASM memory; the game is unusable afterwards. Idempotent. */
    dispose() {
      if (!this._h) return;
      finalizer?.unregister(this);
      M._tanbo_game_free(this._h);
      this._h = 0;
    }
    toString() { return this.diagram; }
  }
  Game._adopt = Symbol("adopt");
  return Game;
}

// Session over a tanbo_session handle.
function sessionClass(w) {
  const { M, withMem, withBytes, withString, u32, fail, engines, finalizer } = w;
  /**
   * A session of the engine protocol (docs/protocol.md) on one of the engines: the C API's
   * tanbo_session, i.e. the C++ session `tanbo serve` runs. handle(line) gives the answer line,
   * or null for a blank or comment line; js/bin/tanbo-serve.mjs pumps stdin through it.
   */
  class Session {
    /** @param engine "optimized" (default) or "reference"; UsageError for another name. */
    constructor(engine = engines[0]) {
      if (typeof engine !== "string") throw new TypeError(`Session: engine must be a string, not ${describe(engine)}`);
      // The rules explorer's build leaves the session out (its download budget, js/CMakeLists.txt).
      if (typeof M._tanbo_session_create !== "function") throw new UsageError("Session: this build has no protocol session");
      this._p = withString(engine, (p) => withMem(4 + ERR_LEN, (mem) => {
        const s = M._tanbo_session_create(p, mem, mem + 4, ERR_LEN);
        if (s !== 0) fail(s, M.UTF8ToString(mem + 4));
        return u32(mem);
      }));
      const p = this._p;
      finalizer?.register(this, () => M._tanbo_session_free(p), this);
    }
    _ptr() {
      if (!this._p) throw new UsageError("the session was disposed");
      return this._p;
    }
    /** The answer line to one request line (no newline in it), or null when it gets none. */
    handle(line) {
      const p = this._ptr();
      const checked = (s) => { if (s !== 0) fail(s, M.UTF8ToString(M._tanbo_session_last_error(p))); };
      // The line goes with its length (tanbo_session_handle_n): a NUL byte in it is the session's
      // to refuse, as `tanbo serve` does, not a reason to cut the line or fail the pump.
      // Handled once: a cut answer (status 8) is read again with tanbo_session_answer.
      const answer = withBytes(line, (l, bytes) => withMem(4 + 256, (mem) => {
        const s = M._tanbo_session_handle_n(p, l, bytes, mem + 4, 256, mem);
        if (s === 8) return null;
        checked(s);
        return M.UTF8ToString(mem + 4, 256);
      })) ?? withMem(4, (needed) => {
        M._tanbo_session_answer(p, 0, 0, needed);
        const len = u32(needed) + 1;
        return withMem(len, (buf) => (checked(M._tanbo_session_answer(p, buf, len, needed)), M.UTF8ToString(buf, len)));
      });
      return answer === "" ? null : answer;
    }
    /** True once `quit` was answered. */
    get done() { return M._tanbo_session_done(this._ptr()) === 1; }
    /** Frees the session's WASM memory. Idempotent. */
    dispose() {
      if (!this._p) return;
      finalizer?.unregister(this);
      M._tanbo_session_free(this._p);
      this._p = 0;
    }
  }
  return Session;
}

// <solver>
// Solution over a tanbo_solution handle.
function solutionClass(w, Game) {
  const { M, withMem, withString, u32, i32, fail, finalizer } = w;
  const ADOPT = Symbol("adopt");
  // The rules explorer's first script leaves the solver out (its download budget); its second
  // script, loaded when the user asks for move values, has it.
  const solver = (what) => {
    if (typeof M._tanbo_solution_probe !== "function") throw new UsageError(`${what}: this build has no solver`);
  };
  // A handle from a create function of the C API (its message goes into a caller buffer).
  const create = (make) => withMem(4 + ERR_LEN, (mem) => {
    const s = make(mem, mem + 4, ERR_LEN);
    if (s !== 0) fail(s, M.UTF8ToString(mem + 4));
    return u32(mem);
  });
  /**
   * A solved start: the value and perfect-play length of every position reachable from it, read
   * from a table file's bytes (`tanbo solve START --out FILE`) or solved now. Probing is the C
   * API's tanbo_solution_probe; call dispose() when done.
   */
  class Solution {
    constructor(key, handle) {
      if (key !== ADOPT) throw new TypeError("Solution: make one with Solution.fromBytes(bytes, name) or Solution.solveStart(start)");
      this._p = handle;
      finalizer?.register(this, () => M._tanbo_solution_free(handle), this);
    }
    /** A table file's bytes (a Uint8Array, e.g. a file a browser user picked); `name` names it in errors. TableError if damaged. */
    static fromBytes(bytes, name = "table") {
      solver("Solution.fromBytes");
      if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
      if (!(bytes instanceof Uint8Array)) throw new TypeError(`Solution.fromBytes: expected the table's bytes as a Uint8Array, got ${describe(bytes)}`);
      if (typeof name !== "string") throw new TypeError(`Solution.fromBytes: the name must be a string, not ${describe(name)}`);
      return new Solution(ADOPT, withString(name, (np) => withMem(Math.max(bytes.length, 1), (bp) => {
        M.HEAPU8.set(bytes, bp);
        return create((out, err, len) => M._tanbo_solution_from_bytes(bp, bytes.length, np, out, err, len));
      })));
    }
    /**
     * Strongly solves a start now (a variant name or a position string, 5x5 at most): the 4x4
     * starts in milliseconds, lattice-5 in seconds and about 100 MB. UsageError for a start of
     * more than `maxClasses` position classes (default: the C API's, 8,000,000).
     */
    static solveStart(start, maxClasses) {
      solver("Solution.solveStart");
      if (typeof start !== "string") throw new TypeError(`Solution.solveStart: the start must be a variant name or a position string, not ${describe(start)}`);
      let classes = 0n;  // the C API's default
      if (maxClasses !== undefined) {
        if (!(typeof maxClasses === "bigint" || Number.isInteger(maxClasses))) throw new TypeError(`Solution.solveStart: maxClasses must be an integer, not ${describe(maxClasses)}`);
        if (maxClasses < 1 || maxClasses >= 2 ** 64) throw new UsageError(`Solution.solveStart: maxClasses must be an integer in [1, 2^64), not ${describe(maxClasses)}`);
        classes = BigInt(maxClasses);
      }
      return new Solution(ADOPT, withString(start, (sp) => create((out, err, len) => M._tanbo_solution_solve_start(sp, classes, out, err, len))));
    }
    _ptr() {
      if (!this._p) throw new UsageError("the solution was disposed");
      return this._p;
    }
    _check(s) {
      if (s !== 0) fail(s, M.UTF8ToString(M._tanbo_solution_last_error(this._p)));
    }
    /** The solved start: a variant name ("lattice-5") or a position string. */
    get start() {
      const p = this._ptr();
      return withMem(4, (needed) => {
        M._tanbo_solution_start(p, 0, 0, needed);
        const len = u32(needed) + 1;
        return withMem(len, (buf) => (this._check(M._tanbo_solution_start(p, buf, len, needed)), M.UTF8ToString(buf, len)));
      });
    }
    /** The table's content hash (SHA-256, 64 hex digits), to compare with the published ones. */
    get sha256() {
      const p = this._ptr();
      return withMem(65, (buf) => (this._check(M._tanbo_solution_hash(p, buf, 65, 0)), M.UTF8ToString(buf, 65)));
    }
    /**
     * The table's answer for the game's position (a Game of this instance): {value: "win" |
     * "loss" | "unknown", length, winner, bestMove, bestMoves, moves: [{move, moveIndex, value,
     * length}], line, nodes: 0}; "unknown" for a position the table does not hold. UsageError for
     * another board size.
     */
    probe(game) {
      const p = this._ptr();
      if (!(game instanceof Game)) throw new TypeError(`Solution.probe: expected a Game of this tanbo instance, got ${describe(game)}`);
      const h = game._handle();
      let moveCap = game._n * game._n, lineCap = 128;
      for (;;) {
        const got = withMem(ANSWER_BYTES + MOVE_OUTCOME_BYTES * moveCap + 4 * lineCap, (out) => {
          const mp = out + ANSWER_BYTES, lp = mp + MOVE_OUTCOME_BYTES * moveCap;
          const s = M._tanbo_solution_probe(p, h, out, mp, moveCap, lp, lineCap);
          if (s === 8) {  // TANBO_ERR_BUFFER_TOO_SMALL: the answer says how many entries it needs
            moveCap = Math.max(moveCap, i32(out + 16));
            lineCap = Math.max(lineCap, i32(out + 20));
            return null;
          }
          this._check(s);
          return readAnswer(w, game, h, out, mp, lp);
        });
        if (got) return got;
      }
    }
    /** Frees the table's WASM memory. Idempotent. */
    dispose() {
      if (!this._p) return;
      finalizer?.unregister(this);
      M._tanbo_solution_free(this._p);
      this._p = 0;
    }
  }
  return Solution;
}

// tanbo_answer (32 bytes: six int32, then int64 nodes at 24) and tanbo_move_outcome (four int32):
// the layouts src/bindings.cpp pins.
const ANSWER_BYTES = 32, MOVE_OUTCOME_BYTES = 16;
const VALUES = ["unknown", "win", "loss"];  // tanbo_value
const I64_MAX = 2n ** 63n - 1n;

// The answer at `p` (a tanbo_answer, its moves at `mp`, its line at `lp` or 0) as the object
// Solution.probe and Game.solve return, points named on `game`'s board.
function readAnswer(w, game, h, p, mp, lp) {
  const { M, i32, u64 } = w;
  const known = (n) => (n < 0 ? null : n);
  const best = i32(p + 12), count = i32(p + 16), lineLength = i32(p + 20);
  const moves = [], bestMoves = [];
  for (let k = 0; k < count; ++k) {
    const q = mp + MOVE_OUTCOME_BYTES * k, moveIndex = i32(q);
    moves.push({ move: game._name(h, moveIndex), moveIndex, value: VALUES[i32(q + 4)], length: known(i32(q + 8)) });
    if (i32(q + 12)) bestMoves.push(moves[k].move);  // api::best_moves, marked by the C API
  }
  const lineIndices = lp ? Array.from(M.HEAP32.subarray(lp >> 2, (lp >> 2) + lineLength)) : [];
  const a = {
    value: VALUES[i32(p)], length: known(i32(p + 4)), winner: i32(p + 8) ? COLORS[i32(p + 8)] : null,
    bestMove: best < 0 ? null : game._name(h, best), bestMoveIndex: known(best),
    bestMoves, moves, line: game._names(h, lineIndices), lineIndices, nodes: u64(p + 24),
  };
  // Without the moves answered, the best move alone (api::best_moves).
  if (!count && a.bestMove) a.bestMoves = [a.bestMove];
  return a;
}
// </solver>

/** The pixel layout of a board of side `size` as tanbo's SVG figures draw it (the explorer's). */
function boardGeometry(w, size) {
  const { M, withMem } = w;
  intArg(size, "boardGeometry: size", 2, 25);
  return withMem(44, (p) => {
    if (M._tanbo_board_geometry_of(size, p) !== 0) throw new TanboError("boardGeometry failed");
    const [, spacing, left, top, right, bottom, width, height, stoneRadius, growthSquare, coordinateFont] =
      M.HEAP32.slice(p >> 2, (p >> 2) + 11);
    return { size, spacing, left, top, right, bottom, width, height, stoneRadius, growthSquare, coordinateFont };
  });
}

// An integer option for a C int parameter: a TypeError for what is no integer, a UsageError
// (with both bounds, as every face words it) for an integer out of [lo, hi]: checked on the whole
// number, before the narrowing to 32 bits that would wrap 2^32 + 1 to 1.
function intArg(v, what, lo, hi) {
  if (typeof v !== "number" || !Number.isInteger(v)) throw new TypeError(`${what} must be an int, not ${describe(v)}`);
  if (v < lo || v > hi) throw new UsageError(`${what} must be an int in [${lo}, ${hi}], not ${v}`);
  return v;
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
