// The optimized engine as a full game: an incremental board plus the start position and a move
// history, offering exactly the reference engine's API (tanbo::Engine) and undo of any number of
// moves. Search programs that manage their own undo stack can use BasicBoard directly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::optimized {

/// A game in progress on a BasicBoard<MaxN>. Copyable value (copying also copies the history).
template <int MaxN>
class BasicGame {
 public:
  /// Starts from the opening of `v`. @throws InvalidPositionError if v.size exceeds MaxN.
  explicit BasicGame(const Variant& v = Variant::classic()) : BasicGame(opening(v)) {}
  /// Starts from any position. @throws InvalidPositionError like the reference engine.
  explicit BasicGame(const Position& start) : start_(start), board_(start) { history_.reserve(kHistoryReserve); }
  /// Copies keep the history's reserve (a vector's copy would allocate only its size, and the
  /// copy's first few hundred moves would reallocate it nine times).
  BasicGame(const BasicGame& other) : start_(other.start_), board_(other.board_) { copy_history(other); }
  /// Copy, then move: if the copy throws (allocation), this game is left as it was.
  BasicGame& operator=(const BasicGame& other) {
    if (this != &other) *this = BasicGame(other);
    return *this;
  }
  BasicGame(BasicGame&&) noexcept = default;             ///< Moves the history as it is.
  BasicGame& operator=(BasicGame&&) noexcept = default;  ///< Moves the history as it is.

  int size() const noexcept { return board_.size(); }          ///< Board side length.
  Cell at(Point p) const { return board_.at(p); }               ///< Content of `p`; UsageError off board.
  Color to_move() const noexcept { return board_.to_move(); }  ///< Side to move.
  /// Moves played. The board's counter (equal to the history's length): the vector's size is a
  /// division by the record's 24 bytes, and a game loop asks every move.
  int ply() const noexcept { return board_.ply(); }
  bool is_over() const noexcept { return board_.is_over(); }   ///< A side has no stones.
  std::optional<Color> winner() const noexcept { return board_.winner(); }  ///< Winner, once over.
  int stone_count(Color c) const noexcept { return board_.stone_count(c); }  ///< Stones of `c`.
  int root_count(Color c) const noexcept { return board_.root_count(c); }    ///< Roots of `c`.

  bool is_legal(Point p) const noexcept { return board_.is_legal(p); }  ///< May the mover play `p`?
  /// Why the side to move may not play `p`, or nullopt.
  std::optional<IllegalReason> why_illegal(Point p) const noexcept { return board_.why_illegal(p); }
  std::vector<Point> legal_moves() const { return board_.legal_moves(); }  ///< Row-major.
  /// legal_moves()[i] without the list (a scan of the legal bitset; see tanbo::nth_legal_move).
  /// @throws UsageError unless 0 <= i < legal_move_count().
  Point nth_legal_move(int i) const {
    if (i < 0 || i >= legal_move_count()) [[unlikely]]
      throw_bad_index(i);
    return BasicBoard<MaxN>::point(board_.nth_legal_vertex(i));
  }
  /// Calls f(Point) on each legal move, row-major, without building a list.
  template <class F>
  void for_each_legal_move(F&& f) const {
    board_.for_each_legal_vertex([&f](Vertex v) { f(BasicBoard<MaxN>::point(v)); });
  }
  int legal_move_count() const noexcept { return board_.legal_move_count(); }  ///< O(1).
  /// Uniformly random legal move in O(1). @pre !is_over().
  Point random_legal_move(Rng& rng) const noexcept {
    return BasicBoard<MaxN>::point(board_.random_legal_vertex(rng));
  }

  /// Plays `p` for the side to move. @throws IllegalMoveError (state unchanged) if illegal.
  MoveEffect play(Point p) {
    const MoveRecord rec = board_.play(p);
    history_.push_back(rec);
    return {rec.removal, rec.removed_black, rec.removed_white};
  }
  /// Takes back the last move. @throws UsageError if no move has been played.
  void undo() {
    if (history_.empty()) throw UsageError("undo: no move to take back");
    board_.undo(history_.back());
    history_.pop_back();
  }
  /// Full description of the last move. @throws UsageError if no move has been played.
  MoveResult last_result() const {
    if (history_.empty()) throw_no_move("last_result");
    const MoveRecord& rec = history_.back();
    return {BasicBoard<MaxN>::point(rec.point), opponent(to_move()), rec.removal,
            board_.removed_stones(rec), rec.removed_black, rec.removed_white};
  }
  /// Calls f(Point) on each stone the last move removed, row-major: last_result().removed
  /// without the list (nothing allocated; see tanbo::for_each_removed_stone).
  /// @throws UsageError if no move has been played.
  template <class F>
  void for_each_removed_stone(F&& f) const {
    if (history_.empty()) throw_no_move("for_each_removed_stone");
    board_.for_each_removed_stone_row_major(history_.back(), [&f](Vertex v) { f(BasicBoard<MaxN>::point(v)); });
  }
  /// The points played so far.
  std::vector<Point> moves() const {
    std::vector<Point> out;
    out.reserve(history_.size());
    for (const MoveRecord& r : history_) out.push_back(BasicBoard<MaxN>::point(r.point));
    return out;
  }
  /// Undo records of the moves played so far.
  const std::vector<MoveRecord>& records() const noexcept { return history_; }

  Position position() const { return board_.position(); }  ///< Current position.
  const Position& start_position() const noexcept { return start_; }  ///< Where the game began.
  std::uint64_t hash() const noexcept { return board_.hash(); }  ///< Incremental Zobrist hash.
  /// Recomputes everything from the stones; the first difference found, or nullopt.
  std::optional<std::string> check_consistency() const { return board_.check_consistency(); }
  /// The underlying board, for search code.
  const BasicBoard<MaxN>& board() const noexcept { return board_; }

 private:
  // Out of line, so nth_legal_move() inlines without the message's string code.
  [[noreturn]] void throw_bad_index(int i) const {
    throw UsageError("nth_legal_move: index " + std::to_string(i) + " is not below the " +
                     std::to_string(legal_move_count()) + " legal moves");
  }

  // Out of line like throw_bad_index(): the queries of the last move at ply 0.
  [[noreturn]] static void throw_no_move(const char* function) {
    throw UsageError(std::string(function) + ": no move has been played");
  }

  // Moves reserved for the history up front: a random classic game lasts about 480 plies.
  static constexpr std::size_t kHistoryReserve = 512;
  void copy_history(const BasicGame& other) {
    history_.reserve(std::max(kHistoryReserve, other.history_.size()));
    history_.assign(other.history_.begin(), other.history_.end());
  }

  Position start_;
  BasicBoard<MaxN> board_;
  std::vector<MoveRecord> history_;
};

/// The optimized engine for every supported size (up to 25x25).
using Game = BasicGame<kMaxSize>;
/// The optimized engine for sizes up to 19x19.
using Game19 = BasicGame<19>;

static_assert(Engine<Game>);
static_assert(Engine<Game19>);

}  // namespace tanbo::optimized
