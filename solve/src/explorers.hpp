// The two move generators the strong solver runs on, behind one small interface (moves, play,
// undo, is_over, key): the optimized engine with play/undo records and an incrementally kept
// exact key, and the reference engine, whose key is recomputed from its board after every move.
// The solver is a template over them, so the reference-built table can be compared with the
// optimized-built one byte for byte.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/solve/key.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve::detail {

/// Deepest play/undo stack: a game of at most kMaxLength plies, plus slack.
inline constexpr int kMaxDepth = kMaxLength + 8;

/// The optimized engine at its smallest capacity (kSmallCapacity, 9: ample for 5x5).
class OptimizedExplorer {
 public:
  using Board = optimized::BasicBoard<optimized::kSmallCapacity>;
  using Move = optimized::Vertex;

  OptimizedExplorer(const Position& start, const KeyCodec& codec) : board_(start), side_bit_(std::uint64_t{1} << codec.side_shift()) {
    shift_.fill(0);
    for (int i = 0; i < start.size() * start.size(); ++i)
      shift_[Board::vertex(row_major_point(i, start.size()))] = static_cast<std::uint8_t>(2 * i);
    key_ = codec.key(start);
  }
  /// Copies the legal moves into `out` (at most kMaxStrongPoints) and returns how many.
  int moves(Move* out) const noexcept {
    const auto legal = board_.legal_vertices();
    for (std::size_t i = 0; i < legal.size(); ++i) out[i] = legal[i];
    return static_cast<int>(legal.size());
  }
  void play(Move v) {
    if (depth_ == kMaxDepth) throw UsageError("a game longer than " + std::to_string(kMaxDepth) + " plies");
    Frame& f = stack_[static_cast<std::size_t>(depth_++)];
    f.key = key_;
    const std::uint64_t mover = board_.to_move() == Color::Black ? 1 : 2;
    f.record = board_.play_vertex_unordered(v);
    std::uint64_t key = (key_ | mover << shift_[v]) ^ side_bit_;
    if (f.record.removed_roots != 0)
      board_.for_each_removed_stone(f.record, [&](optimized::Vertex s) { key &= ~(std::uint64_t{3} << shift_[s]); });
    key_ = key;
  }
  void undo() noexcept {
    const Frame& f = stack_[static_cast<std::size_t>(--depth_)];
    board_.undo(f.record);
    key_ = f.key;
  }
  bool is_over() const noexcept { return board_.is_over(); }
  /// A finished game is won by its side to move (rule 7, the engine's winner()).
  bool mover_won() const noexcept { return board_.winner() == board_.to_move(); }
  std::uint64_t key() const noexcept { return key_; }
  /// The row-major index of a move on an N x N board.
  static int index(Move v, int n) noexcept { return row_major_index(Board::point(v), n); }

 private:
  struct Frame {
    optimized::MoveRecord record;
    std::uint64_t key;
  };
  Board board_;
  std::uint64_t side_bit_;
  std::uint64_t key_ = 0;
  std::array<std::uint8_t, Board::kVertices> shift_{};
  std::array<Frame, kMaxDepth> stack_{};
  int depth_ = 0;
};

/// The reference engine: roots found from the board on every query, the key from the board.
class ReferenceExplorer {
 public:
  using Move = Point;

  ReferenceExplorer(const Position& start, const KeyCodec& codec) : game_(start), codec_(&codec) {
    keys_.push_back(codec.key(start));
  }
  int moves(Move* out) const {
    game_.legal_moves(buffer_);
    for (std::size_t i = 0; i < buffer_.size(); ++i) out[i] = buffer_[i];
    return static_cast<int>(buffer_.size());
  }
  void play(Move p) {
    if (game_.ply() >= kMaxDepth) throw UsageError("a game longer than " + std::to_string(kMaxDepth) + " plies");
    game_.play(p);
    keys_.push_back(codec_->key(game_.board()));
  }
  void undo() {
    game_.undo();
    keys_.pop_back();
  }
  bool is_over() const { return game_.is_over(); }
  bool mover_won() const { return game_.winner() == game_.to_move(); }
  std::uint64_t key() const noexcept { return keys_.back(); }
  static int index(Move p, int n) noexcept { return row_major_index(p, n); }

 private:
  reference::Game game_;
  const KeyCodec* codec_;
  std::vector<std::uint64_t> keys_;
  mutable std::vector<Point> buffer_;
};

}  // namespace tanbo::solve::detail
