// The WebAssembly face of tanbo for the npm package (js/): plain C exports over both engines,
// called by js/src/index.mjs. Index-based on purpose: a point is y * N + x, lists come back in a
// per-game int buffer that JavaScript reads in place, and playouts and MCTS run inside WASM
// (a JS loop of string calls per move is 400x slower than a loop in WASM).
//
// Errors: every call that can fail returns a status (0 = ok, else an ErrorKind) and leaves the
// engine's one-line message in the handle; nothing throws into JavaScript. The engine
// abstraction (one interface over reference and optimized) is the Python package's AnyGame.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/api/game.hpp"
#include "tanbo/api/mcts.hpp"
#include "tanbo/core.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/reference/rules.hpp"

namespace {

using tanbo::api::AnyGame;

/// Status codes; js/src/index.mjs maps each to its TanboError subclass.
enum ErrorKind : int { kOk = 0, kParse = 1, kIllegalMove = 2, kInvalidPosition = 3, kUsage = 4, kInternal = 5 };

/// One game as JavaScript holds it: the game, its last error and its output buffers.
struct Handle {
  std::unique_ptr<AnyGame> game;
  std::string error;          // message of the last failed call
  std::string text;           // last text result (valid until the next text call)
  std::vector<std::int32_t> ints;  // last list result (valid until the next list call)
};

/// Runs `f`, turning tanbo's exceptions into a status and the message into h->error.
template <class F>
int guarded(Handle* h, F&& f) {
  try {
    f();
    return kOk;
  } catch (const tanbo::ParseError& e) {
    h->error = e.what();
    return kParse;
  } catch (const tanbo::IllegalMoveError& e) {
    h->error = e.what();
    return kIllegalMove;
  } catch (const tanbo::InvalidPositionError& e) {
    h->error = e.what();
    return kInvalidPosition;
  } catch (const tanbo::UsageError& e) {
    h->error = e.what();
    return kUsage;
  } catch (const std::bad_alloc&) {
    h->error = "out of memory";
    return kInternal;
  } catch (const std::exception& e) {
    h->error = std::string("internal error: ") + e.what();
    return kInternal;
  }
}

AnyGame& game(Handle* h) {
  if (!h->game) throw tanbo::UsageError("the game has no start (construction failed or disposed)");
  return *h->game;
}

/// The point of row-major index `i`, checked against the board.
tanbo::Point point_of(const AnyGame& g, int i, const char* what) {
  const int n = g.size();
  if (i < 0 || i >= n * n)
    throw tanbo::UsageError(std::string(what) + ": index " + std::to_string(i) + " is not on the " +
                            std::to_string(n) + "x" + std::to_string(n) + " board (0.." +
                            std::to_string(n * n - 1) + ")");
  return {i % n, i / n};
}

int index_of(const AnyGame& g, tanbo::Point p) { return p.y * g.size() + p.x; }

/// A start given as a variant name or, when it contains '/', a position string.
tanbo::Position start_of(const std::string& spec) {
  if (spec.find('/') != std::string::npos) return tanbo::Position::parse(spec);
  return tanbo::opening(tanbo::Variant::parse(spec));
}

const char* engine_name(int engine) { return engine == 1 ? "reference" : "optimized"; }

/// Why the side to move may not play `p` (nullopt if legal), from the rules themselves.
std::optional<tanbo::IllegalReason> why_illegal(const AnyGame& g, tanbo::Point p) {
  if (g.is_over()) return tanbo::IllegalReason::GameOver;
  return tanbo::reference::placement_problem(g.position(), p, g.to_move());
}

/// The game's current board on the optimized engine's board type B, replayed from the start
/// (always a valid position, unlike the current one, which may hold a bounded root after a
/// rule-6 expanded-root removal; B's constructor rejects those).
template <class B>
B replayed_board(const AnyGame& g) {
  B b{g.start_position()};
  for (const tanbo::Point p : g.moves()) b.play(p);
  return b;
}

/// Appends a root (colour, stones, growth points) to `out`: [colour, k, stones..., m, growth...].
void append_root(std::vector<std::int32_t>& out, const AnyGame& g, const tanbo::Position& pos,
                 const tanbo::reference::Root& root) {
  out.push_back(static_cast<std::int32_t>(root.color));
  out.push_back(static_cast<std::int32_t>(root.stones.size()));
  for (const tanbo::Point s : root.stones) out.push_back(index_of(g, s));
  const std::vector<tanbo::Point> growth = tanbo::reference::growth_points(pos, root);
  out.push_back(static_cast<std::int32_t>(growth.size()));
  for (const tanbo::Point q : growth) out.push_back(index_of(g, q));
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE Handle* tj_new() { return new (std::nothrow) Handle(); }
EMSCRIPTEN_KEEPALIVE void tj_free(Handle* h) { delete h; }
EMSCRIPTEN_KEEPALIVE const char* tj_error(Handle* h) { return h->error.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* tj_text(Handle* h) { return h->text.c_str(); }
EMSCRIPTEN_KEEPALIVE const std::int32_t* tj_ints(Handle* h) { return h->ints.data(); }
EMSCRIPTEN_KEEPALIVE int tj_ints_size(Handle* h) { return static_cast<int>(h->ints.size()); }
EMSCRIPTEN_KEEPALIVE const char* tj_version() { return tanbo::version(); }

/// Starts from a variant name or position string on engine 0 (optimized) or 1 (reference).
EMSCRIPTEN_KEEPALIVE int tj_start(Handle* h, const char* spec, int engine) {
  return guarded(h, [&] { h->game = tanbo::api::make_game(start_of(spec), engine_name(engine)); });
}

/// Replays a game record (located errors, like every record error).
EMSCRIPTEN_KEEPALIVE int tj_start_record(Handle* h, const char* text, int engine) {
  return guarded(h, [&] {
    h->game = tanbo::api::replay_record(tanbo::parse_record(text), engine_name(engine));
  });
}

EMSCRIPTEN_KEEPALIVE int tj_clone(Handle* from, Handle* to) {
  return guarded(from, [&] { to->game = game(from).clone(); });
}

EMSCRIPTEN_KEEPALIVE int tj_size(Handle* h) { return h->game ? h->game->size() : 0; }
EMSCRIPTEN_KEEPALIVE int tj_to_move(Handle* h) { return static_cast<int>(h->game->to_move()); }
EMSCRIPTEN_KEEPALIVE int tj_ply(Handle* h) { return h->game->ply(); }
/// -1 while the game goes on, else the winner's colour (0 = X, 1 = O).
EMSCRIPTEN_KEEPALIVE int tj_winner(Handle* h) {
  const auto w = h->game->winner();
  return w ? static_cast<int>(*w) : -1;
}
EMSCRIPTEN_KEEPALIVE int tj_stone_count(Handle* h, int color) {
  return h->game->stone_count(color ? tanbo::Color::White : tanbo::Color::Black);
}
EMSCRIPTEN_KEEPALIVE std::uint64_t tj_hash(Handle* h) { return h->game->hash(); }
EMSCRIPTEN_KEEPALIVE int tj_legal_count(Handle* h) { return h->game->legal_move_count(); }

/// Is index `i` legal for the side to move? 0 or 1; -1 (with an error) off the board.
EMSCRIPTEN_KEEPALIVE int tj_is_legal(Handle* h, int i) {
  int legal = -1;
  if (guarded(h, [&] { legal = game(h).is_legal(point_of(game(h), i, "isLegal")); }) != kOk) return -1;
  return legal;
}

/// Rule-3 explanation of index `i`: -1 legal, else IllegalReason; friends = friendly neighbours.
EMSCRIPTEN_KEEPALIVE int tj_why_illegal(Handle* h, int i) {
  int out = -2;
  const int status = guarded(h, [&] {
    const tanbo::Point p = point_of(game(h), i, "explain");
    const auto why = why_illegal(game(h), p);
    const int friends = tanbo::reference::friendly_neighbours(game(h).position(), p, game(h).to_move());
    out = (why ? static_cast<int>(*why) : -1) * 8 + friends + 8;  // decoded in index.mjs
  });
  return status == kOk ? out : -2 - status;
}

/// Legal moves, row-major, into the int buffer; returns the count.
EMSCRIPTEN_KEEPALIVE int tj_legal(Handle* h) {
  const std::vector<tanbo::Point> moves = h->game->legal_moves();
  h->ints.clear();
  for (const tanbo::Point p : moves) h->ints.push_back(index_of(*h->game, p));
  return static_cast<int>(h->ints.size());
}

/// Cells row-major into the int buffer (0 empty, 1 X, 2 O); returns N*N.
EMSCRIPTEN_KEEPALIVE int tj_cells(Handle* h) {
  const tanbo::Position pos = h->game->position();
  h->ints.clear();
  for (const tanbo::Cell c : pos.cells()) h->ints.push_back(static_cast<std::int32_t>(c));
  return static_cast<int>(h->ints.size());
}

EMSCRIPTEN_KEEPALIVE int tj_play_index(Handle* h, int i) {
  return guarded(h, [&] { game(h).play(point_of(game(h), i, "play")); });
}

EMSCRIPTEN_KEEPALIVE int tj_play_name(Handle* h, const char* name) {
  return guarded(h, [&] { game(h).play(tanbo::parse_point(name, game(h).size())); });
}

/// Row-major index of a point name on this board (ParseError for a bad or off-board name).
EMSCRIPTEN_KEEPALIVE int tj_point_index(Handle* h, const char* name) {
  int out = -1;
  if (guarded(h, [&] { out = index_of(game(h), tanbo::parse_point(name, game(h).size())); }) != kOk) return -1;
  return out;
}

EMSCRIPTEN_KEEPALIVE int tj_undo(Handle* h) {
  return guarded(h, [&] { game(h).undo(); });
}

/// The last move into the int buffer: [move, player, removal, removed...].
EMSCRIPTEN_KEEPALIVE int tj_last_result(Handle* h) {
  return guarded(h, [&] {
    const tanbo::MoveResult r = game(h).last_result();
    h->ints = {index_of(game(h), r.move), static_cast<int>(r.player), static_cast<int>(r.removal)};
    for (const tanbo::Point p : r.removed) h->ints.push_back(index_of(game(h), p));
  });
}

/// Moves played so far into the int buffer.
EMSCRIPTEN_KEEPALIVE int tj_moves(Handle* h) {
  h->ints.clear();
  for (const tanbo::Point p : h->game->moves()) h->ints.push_back(index_of(*h->game, p));
  return static_cast<int>(h->ints.size());
}

/// Text results: 0 position string, 1 diagram, 2 record, 3 start position string, 4 variant.
EMSCRIPTEN_KEEPALIVE const char* tj_describe(Handle* h, int what) {
  const AnyGame& g = *h->game;
  switch (what) {
    case 0: h->text = g.position().to_string(); break;
    case 1: h->text = g.position().diagram(); break;
    case 2: h->text = tanbo::format_record(g.start_position(), g.moves()); break;
    case 3: h->text = g.start_position().to_string(); break;
    default: h->text = g.start_position().variant().name(); break;
  }
  return h->text.c_str();
}

/// Every root (rule 4) with its growth points (rule 5) into the int buffer, ordered by first
/// stone: count, then per root [colour, k, stones..., m, growth...].
EMSCRIPTEN_KEEPALIVE int tj_roots(Handle* h) {
  const tanbo::Position pos = h->game->position();
  const std::vector<tanbo::reference::Root> roots = tanbo::reference::all_roots(pos);
  h->ints = {static_cast<std::int32_t>(roots.size())};
  for (const auto& r : roots) append_root(h->ints, *h->game, pos, r);
  return static_cast<int>(h->ints.size());
}

/// The root holding the stone at index `i`, encoded as one root of tj_roots.
EMSCRIPTEN_KEEPALIVE int tj_root_at(Handle* h, int i) {
  return guarded(h, [&] {
    const tanbo::Point p = point_of(game(h), i, "growthPoints");
    const tanbo::Position pos = game(h).position();
    if (pos.at(p) == tanbo::Cell::Empty)
      throw tanbo::UsageError("growthPoints: " + tanbo::point_name(p) + " holds no stone");
    h->ints.clear();
    append_root(h->ints, game(h), pos, tanbo::reference::root_at(pos, p));
  });
}

// Random numbers: the C++ tanbo::Rng, so seeds replay the CLI's and Python's games.
EMSCRIPTEN_KEEPALIVE tanbo::Rng* tj_rng_new(std::uint64_t seed) { return new (std::nothrow) tanbo::Rng(seed); }
EMSCRIPTEN_KEEPALIVE void tj_rng_free(tanbo::Rng* r) { delete r; }
EMSCRIPTEN_KEEPALIVE std::uint64_t tj_rng_next(tanbo::Rng* r) { return r->next(); }
EMSCRIPTEN_KEEPALIVE std::uint32_t tj_rng_below(tanbo::Rng* r, std::uint32_t n) { return r->below(n); }

/// legal_moves()[rng.below(n)] (tanbo selfplay's choice) as an index; -1 with an error if over.
EMSCRIPTEN_KEEPALIVE int tj_random_move(Handle* h, tanbo::Rng* rng) {
  int out = -1;
  if (guarded(h, [&] { out = index_of(game(h), game(h).random_move(*rng)); }) != kOk) return -1;
  return out;
}

/// A random playout to the end; returns the winner (0 X, 1 O), or -1 with an error.
EMSCRIPTEN_KEEPALIVE int tj_playout(Handle* h, tanbo::Rng* rng, int in_place) {
  int out = -1;
  if (guarded(h, [&] {
        AnyGame& g = game(h);
        out = static_cast<int>((in_place != 0 ? g.playout_in_place(*rng) : g.playout(*rng)).winner);
      }) != kOk)
    return -1;
  return out;
}

/// `count` copy-make playouts from the current position, exactly as `tanbo bench` plays them
/// (Board19 up to 19x19, else Board; the reference engine plays legal_moves()[rng.below(n)]).
/// Writes [x wins, moves low 32 bits, moves high 32 bits] to the int buffer.
EMSCRIPTEN_KEEPALIVE int tj_playouts(Handle* h, tanbo::Rng* rng, int count) {
  return guarded(h, [&] {
    AnyGame& g = game(h);
    if (g.is_over()) throw tanbo::UsageError("playouts: the game is over");
    std::uint64_t moves = 0;
    std::int32_t x_wins = 0;
    auto tally = [&](int plies, std::optional<tanbo::Color> w) {
      moves += static_cast<std::uint64_t>(plies);
      x_wins += w == tanbo::Color::Black;
    };
    if (std::string(g.engine()) == "optimized" && g.size() <= 19) {
      const auto start = replayed_board<tanbo::optimized::Board19>(g);
      for (int i = 0; i < count; ++i) {
        tanbo::optimized::Board19 b = start;
        tally(b.playout(*rng), b.winner());
      }
    } else if (std::string(g.engine()) == "optimized") {
      const auto start = replayed_board<tanbo::optimized::Board>(g);
      for (int i = 0; i < count; ++i) {
        tanbo::optimized::Board b = start;
        tally(b.playout(*rng), b.winner());
      }
    } else {
      for (int i = 0; i < count; ++i) {
        const tanbo::api::PlayoutResult r = g.playout(*rng);
        tally(r.length, r.winner);
      }
    }
    h->ints = {x_wins, static_cast<std::int32_t>(moves & 0xffffffffu), static_cast<std::int32_t>(moves >> 32)};
  });
}

/// A UCT move (examples/mcts.hpp) with `playouts` simulations, as an index; -1 with an error.
EMSCRIPTEN_KEEPALIVE int tj_mcts_move(Handle* h, int playouts, std::uint64_t seed) {
  int out = -1;
  const int status = guarded(h, [&] {
    AnyGame& g = game(h);
    if (g.is_over()) throw tanbo::UsageError("mctsMove: the game is over");
    if (playouts < 1) throw tanbo::UsageError("mctsMove: playouts must be at least 1");
    const auto board = replayed_board<tanbo::optimized::Board>(g);
    tanbo::api::Mcts<tanbo::optimized::Board> mcts(playouts, seed);
    out = index_of(g, tanbo::optimized::Board::point(mcts.choose(board)));
  });
  return status == kOk ? out : -1;
}

}  // extern "C"
