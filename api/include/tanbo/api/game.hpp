// The run-time engine handle: one interface over both engines (tanbo::optimized::Game and
// tanbo::reference::Game), chosen by name through the one engine registry (engine_names(),
// make_game), that every front end (CLI, C API, Python, JavaScript) holds. Only the engines'
// public APIs are used (tanbo::Engine plus the optimized board's playout) and core's perft, so
// every face counts what every other face counts. Errors: see tanbo/api/errors.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "tanbo/api/points.hpp"
#include "tanbo/core/perft.hpp"
#include "tanbo/core.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo::api {

/// What a random playout ended with.
struct PlayoutResult {
  Color winner;  ///< The side that won.
  int length;    ///< Moves the playout played.
};

/// Whether G is the optimized engine, at whatever capacity (`optimized::BasicGame<N>`: the
/// Game19 and Game that optimized::with_capacity_for picks, and any other).
template <class G>
inline constexpr bool kIsOptimized = false;
template <int MaxN>
inline constexpr bool kIsOptimized<optimized::BasicGame<MaxN>> = true;

/// The move of a front end's per-move loop given as a row-major index, on an engine or an
/// AnyGame `g`: g.play(move_index_point(g.size(), i, g.to_move(), noun)). @throws
/// IllegalMoveError (reason OffBoard for an index off the board, worded with `noun`) as those
/// two do.
template <class G>
  requires requires(G& g, Point p) { g.play(p); }
MoveEffect play_index(G& g, long long i, std::string_view noun) {
  return g.play(move_index_point(g.size(), i, g.to_move(), noun));
}

/// The row-major index (y * size + x) of the engine's own uniform pick (AnyGame's
/// random_legal_move), or -1 once the game is over (then `rng` is left as it was), on an engine
/// or an AnyGame: random_legal_move by index, the form the C API's per-move loop returns.
template <class G>
  requires requires(const G& g) { g.is_over(); }
int random_legal_index(const G& g, Rng& rng) {
  if (g.is_over()) return -1;
  if constexpr (kIsOptimized<G> || !Engine<G>) {
    // O(1) on the optimized engine (the dense legal set); an AnyGame's random_legal_move
    return row_major_index(g.random_legal_move(rng), g.size());
  } else {
    return row_major_index(tanbo::random_move(g, rng), g.size());  // legal_moves()[rng.below(n)]
  }
}

/// A uniformly random playout from `g`, played on a copy (`g` unchanged): on the optimized engine
/// the bare board's copy-make loop (BasicBoard::playout, the engine's O(1) pick each move: what
/// `tanbo bench` and the perf gate measure), on the reference engine the game itself with
/// legal_moves()[rng.below(n)] each move. @pre !g.is_over().
template <Engine G>
PlayoutResult playout(const G& g, Rng& rng) {
  if constexpr (kIsOptimized<G>) {
    auto board = g.board();
    const int length = board.playout(rng);
    return {*board.winner(), length};
  } else {
    G copy = g;
    const int start = copy.ply();
    while (!copy.is_over()) copy.play(tanbo::random_move(copy, rng));
    return {*copy.winner(), copy.ply() - start};
  }
}

/// The bytes api::playout copies for each playout on engine G: its board (optimized) or the game.
template <Engine G>
inline constexpr std::size_t kPlayoutCopyBytes = [] {
  if constexpr (kIsOptimized<G>) return sizeof(std::remove_cvref_t<decltype(std::declval<const G&>().board())>);
  else return sizeof(G);
}();

/// **Random moves**: which name means which random pick, on every face (one name, one meaning).
///
/// | name (C++ `AnyGame` / C / Python / JavaScript) | the pick | same on both engines |
/// |---|---|---|
/// | `random_move` / `tanbo_random_move` / `Game.random_move` / `game.randomMove` | `legal_moves()[rng.below(n)]`, no list built: the move `tanbo selfplay` and `bench`'s signature play | yes |
/// | `random_legal_move` (by index: `random_legal_index`) / `tanbo_random_legal_move` / – / – | the engine's own: O(1) from the optimized engine's dense legal set, `random_move`'s on the reference engine | no |
/// | `playout`, `playout_in_place` / `tanbo_playout` / `Game.playout` / `game.playout` | `random_legal_move` until the end, on a copy (what `tanbo bench` measures) or on the game (history kept) | no |
/// | `playouts` / `tanbo_playouts` / `Game.playouts` / `game.playouts` | `count` playouts on copies, tallied | no |
///
/// Each advances the generator by exactly one step per move. Python and JavaScript offer the
/// engine's pick only inside playouts (a per-move call from them costs more than the pick). The
/// index forms (play_index, random_legal_index) are one template for an engine or an AnyGame
/// and one overload for a GameHandle, the C API's per-move loop.
///
/// A game on either engine, behind virtual calls (one indirection per Python call is noise).
/// The queries and moves are the tanbo::Engine API, documented with the engines.
class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::unique_ptr<AnyGame> clone() const = 0;  ///< An independent copy.
  virtual const char* engine() const noexcept = 0;  ///< Its name in kEngineNames.
  virtual int size() const noexcept = 0;  ///< Board side length.
  virtual Color to_move() const noexcept = 0;  ///< Side to move.
  virtual int ply() const noexcept = 0;  ///< Moves played.
  virtual std::optional<Color> winner() const = 0;  ///< Winner, once over.
  virtual bool is_over() const = 0;  ///< A side has no stones (winner() has a value).
  virtual int stone_count(Color c) const = 0;  ///< Stones of `c`.
  virtual bool is_legal(Point p) const = 0;  ///< May the mover play `p`?
  virtual std::vector<Point> legal_moves() const = 0;  ///< Row-major.
  virtual int legal_move_count() const = 0;  ///< Number of legal moves.
  /// Marks every legal move of the side to move with 1 in `mask[y * N + x]` (zeroed first).
  virtual void legal_mask(std::uint8_t* mask) const = 0;
  /// Writes the legal moves' row-major indices (y * N + x), ascending, to `out` (room for
  /// size() * size()) and returns how many: legal_moves() without the vector, for a front end
  /// that builds its own list (Python's legal_actions()).
  virtual int legal_indices(int* out) const = 0;
  virtual MoveEffect play(Point p) = 0;  ///< Plays `p`; IllegalMoveError if illegal.
  virtual void undo() = 0;  ///< Takes back the last move; UsageError at ply 0.
  virtual MoveResult last_result() const = 0;  ///< The last move and its removals.
  virtual std::vector<Point> moves() const = 0;  ///< The moves played, in order.
  virtual Position position() const = 0;  ///< Current position.
  virtual const Position& start_position() const noexcept = 0;  ///< Where the game began.
  virtual std::uint64_t hash() const noexcept = 0;  ///< Zobrist hash of the position.
  /// A uniformly random continuation played on a copy (this game unchanged).
  virtual PlayoutResult playout(Rng& rng) const = 0;
  /// The same moves as playout(rng), played on this game (history kept, so undo works).
  virtual PlayoutResult playout_in_place(Rng& rng) = 0;
  /// Move sequences of length `depth` (tanbo perft: a finished game is one leaf).
  virtual std::uint64_t perft(int depth) const = 0;
  /// The engine's own uniform pick among the legal moves, advancing `rng` by one step: O(1) on
  /// the optimized engine (the move its playouts make), legal_moves()[rng.below(n)] on the
  /// reference engine. @throws UsageError once the game is over.
  virtual Point random_legal_move(Rng& rng) const = 0;

  /// legal_moves()[rng.below(n)]: the choice `tanbo selfplay` makes, identical on both engines
  /// (tanbo::random_move: no list built on the optimized engine). @throws UsageError once over.
  virtual Point random_move(Rng& rng) const = 0;
};

/// What a batch of playouts ended with.
struct PlayoutTally {
  std::uint64_t black_wins = 0;  ///< Playouts Black won (White won the others).
  std::uint64_t moves = 0;  ///< Moves played in all of them.
};

/// `count` random playouts from the current position, each on a copy (AnyGame::playout: the
/// bare-board copy-make loop `tanbo bench` measures on the optimized engine).
/// @throws UsageError once the game is over or for a negative count.
inline PlayoutTally playouts(const AnyGame& g, Rng& rng, int count) {
  if (g.is_over()) throw UsageError("playouts: the game is over");
  if (count < 0) throw UsageError("playouts: count must be 0 or more, not " + std::to_string(count));
  PlayoutTally t;
  for (int i = 0; i < count; ++i) {
    const PlayoutResult r = g.playout(rng);
    t.black_wins += r.winner == Color::Black ? 1 : 0;
    t.moves += static_cast<std::uint64_t>(r.length);
  }
  return t;
}

/// AnyGame for one engine type G.
template <Engine G>
class GameOn final : public AnyGame {
 public:
  /// Whether G is the optimized engine (any capacity).
  static constexpr bool kOptimized = kIsOptimized<G>;

  /// A game from `start`. @throws InvalidPositionError as G's constructor does.
  explicit GameOn(const Position& start) : g_(start) {}
  std::unique_ptr<AnyGame> clone() const override { return std::make_unique<GameOn>(*this); }
  /// The engine's game itself, for a front end that calls it without the virtual calls.
  G& game() noexcept { return g_; }
  const G& game() const noexcept { return g_; }  ///< @copydoc game()
  const char* engine() const noexcept override { return kOptimized ? "optimized" : "reference"; }
  int size() const noexcept override { return g_.size(); }
  Color to_move() const noexcept override { return g_.to_move(); }
  int ply() const noexcept override { return g_.ply(); }
  std::optional<Color> winner() const override { return g_.winner(); }
  bool is_over() const override { return g_.is_over(); }
  int stone_count(Color c) const override { return g_.stone_count(c); }
  bool is_legal(Point p) const override { return g_.is_legal(p); }
  std::vector<Point> legal_moves() const override { return g_.legal_moves(); }
  int legal_move_count() const override { return g_.legal_move_count(); }
  void legal_mask(std::uint8_t* mask) const override {
    const int n = g_.size();
    std::fill(mask, mask + n * n, std::uint8_t{0});
    if constexpr (kOptimized) {
      // The board's legal set: O(legal moves), no sorting, no allocation.
      for (const optimized::Vertex v : g_.board().legal_vertices()) {
        // Bounds-checked: a broken engine (a mutant) must show up as a difference, not a
        // write out of the buffer.
        const Point p = std::remove_cvref_t<decltype(g_.board())>::point(v);
        if (on_board(p, n)) mask[row_major_index(p, n)] = 1;
      }
    } else {
      for (const Point p : g_.legal_moves()) mask[row_major_index(p, n)] = 1;
    }
  }
  int legal_indices(int* out) const override {
    const int n = g_.size();
    int count = 0;
    // Bounds-checked like legal_mask(): a broken engine shows up as a difference, never as a
    // write beyond `out`.
    tanbo::for_each_legal_move(g_, [&](Point p) {
      if (on_board(p, n) && count < n * n) out[count++] = row_major_index(p, n);
    });
    return count;
  }
  MoveEffect play(Point p) override { return g_.play(p); }
  void undo() override { g_.undo(); }
  MoveResult last_result() const override { return g_.last_result(); }
  std::vector<Point> moves() const override { return g_.moves(); }
  Position position() const override { return g_.position(); }
  const Position& start_position() const noexcept override { return g_.start_position(); }
  std::uint64_t hash() const noexcept override { return g_.hash(); }

  std::uint64_t perft(int depth) const override { return tanbo::perft(g_, depth); }
  Point random_move(Rng& rng) const override {
    if (g_.is_over()) throw UsageError("random_move: the game is over");
    return tanbo::random_move(g_, rng);
  }

  Point random_legal_move(Rng& rng) const override {
    if constexpr (kOptimized) {
      if (g_.is_over()) throw UsageError("random_legal_move: the game is over");
      return g_.random_legal_move(rng);
    } else {
      return random_move(rng);
    }
  }

  PlayoutResult playout(Rng& rng) const override { return api::playout(g_, rng); }

  PlayoutResult playout_in_place(Rng& rng) override {
    const int start = g_.ply();
    if constexpr (kOptimized) {
      // Same moves as Board::playout (random_legal_move is the board's O(1) pick).
      while (!g_.is_over()) g_.play(g_.random_legal_move(rng));
    } else {
      // The reference engine has no O(1) legal set: it picks legal_moves()[rng.below(n)].
      while (!g_.is_over()) g_.play(random_move(rng));
    }
    return {*g_.winner(), g_.ply() - start};
  }

 private:
  G g_;
};

/// The engine registry: every engine a front end can choose by name, the default (fast) one
/// first. Help texts, option checks and error messages are built from this list.
inline constexpr std::array<std::string_view, 2> kEngineNames{"optimized", "reference"};
/// The engine every front end runs unless told otherwise: the fast one.
inline constexpr std::string_view kDefaultEngine = kEngineNames[0];

/// The engine names, for help texts and option checks (kEngineNames as strings).
inline std::vector<std::string> engine_names() { return {kEngineNames.begin(), kEngineNames.end()}; }

/// "'optimized' or 'reference'": the engine names as an error message lists them.
inline std::string engine_names_text() {
  std::string out;
  for (std::size_t i = 0; i < kEngineNames.size(); ++i)
    out += (i == 0 ? "'" : i + 1 == kEngineNames.size() ? " or '" : ", '") +
           std::string(kEngineNames[i]) + "'";
  return out;
}

/// `name` itself if it names an engine. @throws UsageError "engine must be 'optimized' or
/// 'reference', not '<name>'" otherwise.
inline std::string_view check_engine_name(std::string_view name) {
  for (const std::string_view e : kEngineNames)
    if (name == e) return e;
  throw UsageError("engine must be " + engine_names_text() + ", not '" +
                   printable(name, kQuotedTokenBytes) + "'");
}

/// Calls `f(std::type_identity<G>{})` with G the engine class named `engine` (one of
/// kEngineNames) for an N x N board, N = `size`: reference::Game, or the optimized engine at the
/// capacity optimized::with_capacity_for picks for N. Returns what `f` returns (the same type for
/// every G). Where the faces' engine names become engine types: make_game, and the front ends'
/// generic code that wants the engine's static type for speed (the CLI's perft, selfplay and
/// bench loops, formal/'s trace tool), go through it, so adding an engine is one case here and
/// one name in kEngineNames.
/// @throws UsageError for another engine name (before `f` runs).
template <class F>
decltype(auto) with_engine(std::string_view engine, int size, F&& f) {
  if (check_engine_name(engine) == "optimized")
    return optimized::with_capacity_for(size, [&](auto capacity) -> decltype(auto) {
      return f(std::type_identity<optimized::BasicGame<capacity()>>{});
    });
  return f(std::type_identity<reference::Game>{});
}

/// A new game from `start` on the engine named `engine` (one of kEngineNames; with_engine).
/// @throws UsageError for another engine name, InvalidPositionError for a bad start.
/// Set up anew on every call (the optimized board's tables, the start's checks); to start many
/// games from one position, copy one.
inline std::unique_ptr<AnyGame> make_game(const Position& start, std::string_view engine) {
  return with_engine(engine, start.size(), [&]<class G>(std::type_identity<G>) -> std::unique_ptr<AnyGame> {
    return std::make_unique<GameOn<G>>(start);
  });
}

/// An AnyGame (never null) together with a direct pointer to its engine when that is the engine
/// a C caller's per-move loop runs nearly always: the default (optimized) engine on a board up to
/// 19x19, optimized::BasicGame<19>. The per-move functions below (play_index,
/// random_legal_index, is_over) then inline that engine's code instead of paying a virtual call
/// each (the C API's random game: tanbo_random_legal_move, tanbo_play_index, tanbo_is_over per move);
/// every other call, and every other engine, goes through the AnyGame. Same results either way.
/// Copying clones the game.
class GameHandle {
 public:
  /// Holds `g`, which must not be null.
  explicit GameHandle(std::unique_ptr<AnyGame> g) noexcept : game_(std::move(g)), fast_(fast_engine(*game_)) {}
  /// An independent copy (AnyGame::clone).
  GameHandle(const GameHandle& other) : game_(other.game_->clone()), fast_(fast_engine(*game_)) {}
  GameHandle& operator=(const GameHandle&) = delete;
  ~GameHandle() = default;

  AnyGame& operator*() const noexcept { return *game_; }  ///< The game.
  AnyGame* operator->() const noexcept { return game_.get(); }  ///< The game's calls.

  /// Calls f(engine) with the engine as its own type when it is the fast one, else with the
  /// AnyGame, and returns its result: for generic per-move code (`[](auto& g) {...}`).
  template <typename F>
  decltype(auto) visit(F&& f) const {
    if (fast_ != nullptr) return f(*fast_);
    return f(*game_);
  }

 private:
  using Fast = optimized::BasicGame<19>;
  static Fast* fast_engine(AnyGame& g) noexcept {
    auto* on = dynamic_cast<GameOn<Fast>*>(&g);
    return on == nullptr ? nullptr : &on->game();
  }

  std::unique_ptr<AnyGame> game_;
  Fast* fast_;  // the engine inside game_ when it is a GameOn<Fast>, else null
};

/// api::play_index on a handle's game (its engine's own code when it is the fast one).
inline MoveEffect play_index(const GameHandle& g, long long i, std::string_view noun) {
  return g.visit([&](auto& e) { return api::play_index(e, i, noun); });
}
/// api::random_legal_index on a handle's game (its engine's own code when it is the fast one).
inline int random_legal_index(const GameHandle& g, Rng& rng) {
  return g.visit([&](const auto& e) { return api::random_legal_index(e, rng); });
}
/// Whether a handle's game is over (its engine's own code when it is the fast one).
inline bool is_over(const GameHandle& g) {
  return g.visit([](const auto& e) { return e.is_over(); });
}

/// The game a record describes, on the engine named `engine`: the one record replay of every
/// front end. Every problem is a ParseError located in the record's text (line, column):
/// - a start that cannot begin a game (a bounded root in a [Position] header) at the header's
///   value: "line 1, column 12: invalid starting position: ...";
/// - an illegal move at the move: "line 4, column 3: move 5: illegal move A1 by X: the point is
///   occupied", and a move after the end "...: the game is over (O won with move 1)".
/// `after_move(game)` (if given) is called on the start and after every move, before the next
/// one is tried (the CLI's --trace prints each state as it goes).
inline std::unique_ptr<AnyGame> replay_record(
    const GameRecord& record, std::string_view engine,
    const std::function<void(const AnyGame&)>& after_move = {}) {
  std::unique_ptr<AnyGame> game;
  try {
    game = make_game(record.start, engine);
  } catch (const InvalidPositionError& e) {
    if (record.header_line == 0) throw;  // not from the text (a caller's default start)
    throw ParseError(e.what(), record.header_line, record.header_column);
  }
  if (after_move) after_move(*game);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const RecordMove& m = record.moves[i];
    try {
      game->play(m.point);
    } catch (const IllegalMoveError& e) {
      std::string why = "move " + std::to_string(i + 1) + ": " + e.what();
      if (e.reason() == IllegalReason::GameOver)
        why += " (" + std::string(1, color_char(*game->winner())) + " won with move " +
               std::to_string(game->ply()) + ")";
      throw ParseError(why, m.line, m.column, point_name(m.point));
    }
    if (after_move) after_move(*game);
  }
  return game;
}

}  // namespace tanbo::api
