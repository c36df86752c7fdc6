// The run-time engine handle: one interface over both engines (tanbo::optimized::Game and
// tanbo::reference::Game), chosen by name ("optimized" | "reference"), that every front end
// (CLI, C API, Python, JavaScript) holds. Only the engines' public APIs are used (tanbo::Engine
// plus the optimized board's playout) and core's perft, so every face counts what `tanbo perft`
// counts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "tanbo/core/perft.hpp"
#include "tanbo/core.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo::api {

/// What a random playout ended with.
struct PlayoutResult {
  Color winner;
  int length;  ///< Moves the playout played.
};

/// A game on either engine, behind virtual calls (one indirection per Python call is noise).
class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::unique_ptr<AnyGame> clone() const = 0;
  virtual const char* engine() const noexcept = 0;
  virtual int size() const noexcept = 0;
  virtual Color to_move() const noexcept = 0;
  virtual int ply() const noexcept = 0;
  virtual std::optional<Color> winner() const = 0;
  virtual int stone_count(Color c) const = 0;
  virtual bool is_legal(Point p) const = 0;
  virtual std::vector<Point> legal_moves() const = 0;  ///< Row-major.
  virtual int legal_move_count() const = 0;
  /// Marks every legal move of the side to move with 1 in `mask[y * N + x]` (zeroed first).
  virtual void legal_mask(std::uint8_t* mask) const = 0;
  virtual MoveEffect play(Point p) = 0;
  virtual void undo() = 0;
  virtual MoveResult last_result() const = 0;
  virtual std::vector<Point> moves() const = 0;
  virtual Position position() const = 0;
  virtual const Position& start_position() const noexcept = 0;
  virtual std::uint64_t hash() const noexcept = 0;
  /// A uniformly random continuation played on a copy (this game unchanged).
  virtual PlayoutResult playout(Rng& rng) const = 0;
  /// The same moves as playout(rng), played on this game (history kept, so undo works).
  virtual PlayoutResult playout_in_place(Rng& rng) = 0;
  /// Move sequences of length `depth` (tanbo perft: a finished game is one leaf).
  virtual std::uint64_t perft(int depth) const = 0;

  /// legal_moves()[rng.below(n)]: the choice `tanbo selfplay` makes, identical on both engines
  /// (tanbo::random_move: no list built on the optimized engine). @throws UsageError once over.
  virtual Point random_move(Rng& rng) const = 0;

  bool is_over() const { return winner().has_value(); }
};

/// AnyGame for one engine type G.
template <Engine G>
class GameOn final : public AnyGame {
 public:
  static constexpr bool kOptimized =
      std::is_same_v<G, optimized::Game> || std::is_same_v<G, optimized::Game19>;

  explicit GameOn(const Position& start) : g_(start) {}
  std::unique_ptr<AnyGame> clone() const override { return std::make_unique<GameOn>(*this); }
  const char* engine() const noexcept override { return kOptimized ? "optimized" : "reference"; }
  int size() const noexcept override { return g_.size(); }
  Color to_move() const noexcept override { return g_.to_move(); }
  int ply() const noexcept override { return g_.ply(); }
  std::optional<Color> winner() const override { return g_.winner(); }
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
        if (on_board(p, n)) mask[p.y * n + p.x] = 1;
      }
    } else {
      for (const Point p : g_.legal_moves()) mask[p.y * n + p.x] = 1;
    }
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

  PlayoutResult playout(Rng& rng) const override {
    if constexpr (kOptimized) {
      // Copy-make on the bare board, exactly what `tanbo bench` measures.
      auto board = g_.board();
      const int length = board.playout(rng);
      return {*board.winner(), length};
    } else {
      GameOn copy(*this);
      return copy.playout_in_place(rng);
    }
  }

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

/// A new game from `start` on the engine named `engine` ("optimized" or "reference").
/// @throws UsageError for another engine name, InvalidPositionError for a bad start.
inline std::unique_ptr<AnyGame> make_game(const Position& start, std::string_view engine) {
  if (engine == "optimized") {
    // Boards up to 19x19 on the engine sized for them, as `tanbo bench` does: smaller arrays,
    // about 10 % faster playouts than the 25x25-capable one.
    if (start.size() <= 19) return std::make_unique<GameOn<optimized::Game19>>(start);
    return std::make_unique<GameOn<optimized::Game>>(start);
  }
  if (engine == "reference") return std::make_unique<GameOn<reference::Game>>(start);
  throw UsageError("engine must be 'optimized' or 'reference', not '" +
                   printable(engine, kQuotedTokenBytes) + "'");
}

/// The game a record describes, on the engine named `engine`. An illegal move is reported as a
/// ParseError located at the move in the text, like every other record error.
inline std::unique_ptr<AnyGame> replay_record(const GameRecord& record, std::string_view engine) {
  std::unique_ptr<AnyGame> game = make_game(record.start, engine);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const RecordMove& m = record.moves[i];
    try {
      game->play(m.point);
    } catch (const IllegalMoveError& e) {
      throw ParseError("move " + std::to_string(i + 1) + ": " + e.what(), m.line, m.column,
                       point_name(m.point));
    }
  }
  return game;
}

}  // namespace tanbo::api
