// The optimized engine's core: an incrementally maintained Tanbo board for search programs.
//
// Per point it keeps, in one 32-bit word, its content and for each colour the number of adjacent
// stones packed with the XOR of their vertices (so the single neighbour of a growth point is one
// lookup away, and a placement updates each neighbour with one load and one store); per stone,
// the root it belongs to (roots are circular linked lists of stones named by their head stone,
// not a union-find: see BasicBoard); per colour, the set of legal points with each point's index
// in it, and beside it the same set as a bitset over vertices (row-major order, for the Engine
// API); per root, its exact number of growth points. A move costs O(1) plus O(stones removed);
// sampling a uniformly random legal move is O(1); the i-th legal move in row-major order is a
// scan of a few words; nothing allocates on play or undo.
//
// Undo works with the MoveRecord that play returns (KataGo-style): callers doing make/unmake
// keep records on their own stack. Removed roots keep their linked lists, and each placement
// saves the one link it overwrites, so undoing in LIFO order restores them exactly.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/optimized/bit_select.hpp"

namespace tanbo::optimized {

/// Index of a point in the padded internal grid: (y + 1) * (MaxN + 2) + (x + 1).
using Vertex = std::uint16_t;
/// "No vertex" marker.
inline constexpr Vertex kNoVertex = 0xFFFF;
/// Bound on the roots one placement can leave bounded, and so on the roots a MoveRecord lists:
/// the enemy root that owned the point played, the mover's roots owning its (at most three) other
/// empty neighbours, and the expanded root. Rule 6 removes the expanded root alone or the others.
inline constexpr int kMaxRemovedRoots = 5;

/// Everything needed to undo one move (24 bytes); keep a stack of them for make/unmake search.
struct MoveRecord {
  Vertex point = kNoVertex;       ///< Where the stone was placed.
  Vertex attach = kNoVertex;      ///< The friendly stone it touched (its list predecessor).
  Vertex saved_next = kNoVertex;  ///< The link of `point` the placement overwrote.
  Removal removal = Removal::None;       ///< Which case of rule 6 applied, if any.
  std::uint8_t removed_roots = 0;        ///< How many roots were removed.
  std::uint8_t removed_white_mask = 0;   ///< Bit i set: removed root i was White.
  std::uint16_t removed_black = 0;  ///< Black stones removed.
  std::uint16_t removed_white = 0;  ///< White stones removed.
  std::array<Vertex, kMaxRemovedRoots> removed{};  ///< Heads of the removed roots.
};
static_assert(sizeof(MoveRecord) == 24, "MoveRecord's documented size");

namespace detail {
// Defined only by optimized/tests/test_consistency.cpp, which breaks each invariant of a board in turn to
// show that check_consistency() names it: the one way in to the private state.
template <int MaxN>
struct CorruptState;

// The point of vertex v of a padded grid `width` wide: vertex()'s inverse, by division. Outside
// the class so that BasicBoard's constant table can be built from it.
constexpr Point grid_point(int v, int width) noexcept { return {v % width - 1, v / width - 1}; }
}  // namespace detail

/// Incremental Tanbo board for sizes up to MaxN. Trivially copyable value (copy-make friendly).
/// Use `Board` (any size up to 25) or `Board19` (up to 19x19, smaller and faster to copy).
///
/// **Roots are head-labelled circular lists, not a union-find forest:** roots never merge
/// (rule 3), so every stone stores its root's head (`root_`) and every "find" is one array read;
/// the circular `next_` list lets rule 6 remove a root and undo restore it. Why, and what a
/// union-find would cost: docs/design.md, "Why lists, not union-find".
template <int MaxN>
class BasicBoard {
 public:
  /// Stride of the padded grid; row/column 0 and beyond the board size are border.
  static constexpr int kWidth = MaxN + 2;
  /// Number of vertices of the padded grid.
  static constexpr int kVertices = kWidth * kWidth;

  /// Sets up the opening of `v`. @throws InvalidPositionError if v.size exceeds MaxN.
  explicit BasicBoard(const Variant& v = Variant::classic());
  /// Sets up any position. @throws InvalidPositionError if a side has no stones, a root is
  /// bounded, or the size exceeds MaxN (same messages as the reference engine).
  explicit BasicBoard(const Position& pos);

  int size() const noexcept { return size_; }  ///< Board side length.
  Color to_move() const noexcept { return to_move_; }  ///< Side to move.
  int ply() const noexcept { return static_cast<int>(ply_); }  ///< Moves played since setup.
  /// A side has no stones left.
  bool is_over() const noexcept { return over_; }
  /// The side with stones left once the other has none.
  std::optional<Color> winner() const noexcept;
  int stone_count(Color c) const noexcept { return stones_[static_cast<int>(c)]; }  ///< Stones of `c`.
  int root_count(Color c) const noexcept { return roots_[static_cast<int>(c)]; }   ///< Roots of `c`.
  const Variant& variant() const noexcept { return variant_; }  ///< Variant tag of the setup.

  /// Vertex of an on-board point. @pre on_board(p, size()).
  static constexpr Vertex vertex(Point p) noexcept {
    return static_cast<Vertex>((p.y + 1) * kWidth + p.x + 1);
  }
  /// Point of a vertex of the grid (inverse of vertex()). @pre v < kVertices.
  static constexpr Point point(Vertex v) noexcept {
    assert(v < kVertices);
#ifdef __EMSCRIPTEN__
    return detail::grid_point(v, kWidth);  // see kPointOf
#else
    return kPointOf[v];
#endif
  }
  /// Content of `p`. @throws UsageError if `p` is off the board.
  Cell at(Point p) const {
    if (!on_board(p, size_)) [[unlikely]]
      throw_off_board(p);
    return static_cast<Cell>(cell(vertex(p)));
  }
  /// Content of an on-board vertex.
  Cell at_vertex(Vertex v) const noexcept { return static_cast<Cell>(cell(v)); }
  /// Does every point hold what `pos` holds there (and is the size the same)? at() of every
  /// point in one pass without its checks: what a differential checker compares after every step.
  bool same_cells(const Position& pos) const noexcept;

  /// May the side to move play `p`? False off the board and once the game is over.
  bool is_legal(Point p) const noexcept {
    return !is_over() && on_board(p, size_) && is_growth_word(side(), point_[vertex(p)]);
  }
  /// Why the side to move may not play `p`, or nullopt.
  std::optional<IllegalReason> why_illegal(Point p) const noexcept;
  /// Number of legal moves of the side to move (0 once the game is over).
  int legal_move_count() const noexcept { return is_over() ? 0 : legal_count_[side()]; }
  /// Legal moves of the side to move in internal order (O(1), no copy). The order is a
  /// deterministic function of the moves and undos made; it is not restored by undo.
  std::span<const Vertex> legal_vertices() const noexcept {
    return {legal_[side()].data(), static_cast<std::size_t>(legal_move_count())};
  }
  /// Legal moves of the side to move, row-major (the reference engine's order). @pre order_kept().
  std::vector<Point> legal_moves() const;
  /// Calls f(Vertex) on each legal move of the side to move in row-major order (no allocation,
  /// no sorting: a walk over the legal bitset). @pre order_kept().
  template <class F>
  void for_each_legal_vertex(F&& f) const {
    assert(ordered_);
    if (is_over()) return;
    const auto& bits = legal_bits_[side()];
    for (std::size_t w = 0; w < bits.size(); ++w)
      for (std::uint64_t word = bits[w]; word != 0; word &= word - 1)
        f(static_cast<Vertex>(w * 64 + static_cast<std::size_t>(std::countr_zero(word))));
  }
  /// The i-th legal move of the side to move in row-major order: legal_moves()[i] without the
  /// list. @pre 0 <= i < legal_move_count() and order_kept().
  Vertex nth_legal_vertex(int i) const noexcept {
    assert(i >= 0 && i < legal_move_count() && ordered_);
    const auto& counts = legal_word_count_[side()];
    // legal_count_ rather than legal_move_count(): i < it already says the game is on.
    const int from_end = legal_count_[side()] - 1 - i;
    std::size_t w = 0;
    if (i <= from_end) {  // nearer the first: skip words from the front
      while (i >= counts[w]) i -= counts[w++];
    } else {  // nearer the last: skip words from the back
      w = kWords - 1;
      int j = from_end;
      while (j >= counts[w]) j -= counts[w--];
      i = counts[w] - 1 - j;  // the same move counted from the front of word w
    }
    return static_cast<Vertex>(w * 64 + static_cast<std::size_t>(detail::select_bit(legal_bits_[side()][w], i)));
  }
  /// Uniformly random legal move. @pre !is_over().
  Vertex random_legal_vertex(Rng& rng) const noexcept {
    return legal_[side()][rng.below(legal_count_[side()])];
  }

  /// Plays `p` for the side to move. @throws IllegalMoveError (state unchanged) if illegal.
  MoveRecord play(Point p) {
    // is_legal() first: a few instructions, where why_illegal() sorts out the reason.
    if (!is_legal(p)) [[unlikely]]
      throw_illegal(p);
    return play_vertex(vertex(p));
  }
  /// Plays a vertex known to be legal (from legal_vertices() or random_legal_vertex()).
  /// @pre the move is legal; otherwise the behaviour is undefined (debug builds assert).
  MoveRecord play_vertex(Vertex v) noexcept;
  /// play_vertex() for programs that never ask for the row-major order (batched environments:
  /// tanbo.vector, MCTS): the same move and record, without the legal bitsets' upkeep (a
  /// large part of play_vertex()'s own work, docs/design.md). Until restore_order(), legal_moves(), for_each_legal_vertex() and
  /// nth_legal_vertex() must not be called (debug builds assert); everything else, undo included,
  /// stays exact. @pre the move is legal, as for play_vertex().
  MoveRecord play_vertex_unordered(Vertex v) noexcept;
  /// Rebuilds the row-major order after play_vertex_unordered() (a pass over the legal sets).
  void restore_order() noexcept;
  /// False from play_vertex_unordered() until restore_order().
  bool order_kept() const noexcept { return ordered_; }
  /// Plays uniformly random legal moves until the game ends or `max_moves` moves were played
  /// (the light playout of Monte-Carlo search). Same moves as repeating
  /// `play_vertex(random_legal_vertex(rng))`, without building undo records.
  /// @return the number of moves played.
  int playout(Rng& rng, int max_moves = std::numeric_limits<int>::max()) noexcept;
  /// Takes back the move `rec` returned. @pre `rec` is the last move played and not undone.
  void undo(const MoveRecord& rec) noexcept;
  /// Stones removed by the move `rec`, row-major. Valid until the next move is played.
  std::vector<Point> removed_stones(const MoveRecord& rec) const;
  /// Calls f(Vertex) on each stone removed by the move `rec`, root by root (no allocation, no
  /// sorting: a walk over the removed roots' lists). Valid until the next move is played.
  template <class F>
  void for_each_removed_stone(const MoveRecord& rec, F&& f) const {
    for (int i = 0; i < rec.removed_roots; ++i) {
      const Vertex head = rec.removed[static_cast<std::size_t>(i)];
      Vertex s = head;
      do {
        f(s);
        s = next_[s];
      } while (s != head);
    }
  }
  /// Calls f(Vertex) on each stone removed by the move `rec` in row-major order (vertices number
  /// row-major): removed_stones() without the list, the walk above sorted in a buffer on the
  /// stack (no allocation). Valid until the next move is played.
  template <class F>
  void for_each_removed_stone_row_major(const MoveRecord& rec, F&& f) const {
    std::array<Vertex, kPlayable> removed;
    std::size_t count = 0;
    // Bounded by the buffer: a corrupted root list (a planted bug) cannot write past it.
    for_each_removed_stone(rec, [&](Vertex s) {
      if (count < removed.size()) removed[count++] = s;
    });
    std::sort(removed.begin(), removed.begin() + static_cast<std::ptrdiff_t>(count));
    for (std::size_t i = 0; i < count; ++i) f(removed[i]);
  }
  /// Is `v` a growth point of `c` (empty, exactly one orthogonal `c` stone: rule 3)? While the
  /// game runs, c's legal moves when c is to move. One load, for observers that keep per-point
  /// outputs current (tanbo.vector). False on the border around the board.
  bool is_growth_vertex(Color c, Vertex v) const noexcept {
    return is_growth_word(static_cast<int>(c), point_[v]);
  }

  /// Zobrist hash of (board, side to move), maintained incrementally.
  std::uint64_t hash() const noexcept { return hash_; }
  /// Number of growth points of the root holding the stone at `p`. @pre a stone is at `p`.
  int growth_of(Point p) const noexcept { return growth_[root_[vertex(p)]]; }
  /// The current position, tagged with the setup's variant.
  Position position() const;
  /// Recomputes every incremental quantity from the stones alone and compares; returns a
  /// description of the first difference, or nullopt if all agree.
  std::optional<std::string> check_consistency() const;
  /// Every incremental quantity as one line of text (no newline), for the refinement check
  /// against the Coq spec (formal/Refinement.v, read by formal/oracle/state_check.ml); the
  /// fields are described at the definition. Read-only, for tests: not on any hot path.
  std::string state_dump() const;

 private:
  template <int>
  friend struct detail::CorruptState;
  static constexpr std::uint8_t kEmpty = 0, kBorder = 3;
  // The point of every vertex, border included: point() is one load where the division by
  // kWidth cost instructions on every Engine-API move (docs/design.md). Not in WebAssembly, where the tables
  // of the three capacities would be downloaded with the module (12 KB of the rules explorer's
  // bundle, which has a size budget) and the division by a constant is a multiplication.
  static constexpr std::array<Point, kVertices> kPointOf = [] {
    std::array<Point, kVertices> out{};
    for (int v = 0; v < kVertices; ++v) out[static_cast<std::size_t>(v)] = detail::grid_point(v, kWidth);
    return out;
  }();
  static constexpr int kPlayable = MaxN * MaxN;
  // Growth count of a root while remove_roots() empties it (no real count comes near).
  static constexpr std::uint16_t kRemoving = 0xFFFF;
  // Layout of a point word: bits 0-1 content (kEmpty, 1 + colour, kBorder); for colour c a 3-bit
  // count of adjacent c stones at count_shift(c) and the XOR of their vertices at xor_shift(c).
  static constexpr int kXorBits = 10;
  static_assert(kVertices <= (1 << kXorBits), "vertex XOR must fit its field");
  static constexpr int count_shift(int c) noexcept { return c == 0 ? 2 : 15; }
  static constexpr int xor_shift(int c) noexcept { return count_shift(c) + 3; }
  int cell(Vertex v) const noexcept { return static_cast<int>(point_[v] & 3u); }
  int count(int c, Vertex v) const noexcept { return static_cast<int>((point_[v] >> count_shift(c)) & 7u); }
  // The neighbour of colour c of v when v has exactly one (undefined otherwise).
  Vertex single_neighbour(int c, Vertex v) const noexcept { return single_neighbour_in(c, point_[v]); }
  static constexpr Vertex single_neighbour_in(int c, std::uint32_t word) noexcept {
    return static_cast<Vertex>((word >> xor_shift(c)) & ((1u << kXorBits) - 1));
  }
  // Empty with exactly one adjacent c stone: a growth point of some c root.
  // By table: where c is only known at run time (is_legal), two loads instead of the masks'
  // arithmetic; where it is a constant, the compiler folds the tables.
  static constexpr std::uint32_t kGrowthMask[2] = {3u | (7u << count_shift(0)), 3u | (7u << count_shift(1))};
  static constexpr std::uint32_t kGrowthKey[2] = {1u << count_shift(0), 1u << count_shift(1)};
  static constexpr bool is_growth_word(int c, std::uint32_t word) noexcept {
    return (word & kGrowthMask[c]) == kGrowthKey[c];
  }
  // Counts stone v (of colour c) in its neighbour n's word.
  void link_neighbour(int c, Vertex n, Vertex v) noexcept {
    point_[n] = (point_[n] + (1u << count_shift(c))) ^ (static_cast<std::uint32_t>(v) << xor_shift(c));
  }
  int side() const noexcept { return static_cast<int>(to_move_); }
  // Rule 7: the game is over once a side has no stones (over_, from the stone counts).
  void note_game_end() noexcept { over_ = stones_[0] == 0 || stones_[1] == 0; }
  // Out of line, so play() and at() inline without the exceptions' code.
  [[noreturn]] void throw_illegal(Point p) const;
  [[noreturn]] void throw_off_board(Point p) const;
  static constexpr std::uint8_t cell_of(int c) noexcept { return static_cast<std::uint8_t>(c + 1); }
  template <class CellAt>
  Vertex build(int size, Color to_move, const Variant& variant, CellAt&& at);
  // build()'s steps, in the order it takes them (board.cpp says what each reads and writes).
  void clear_for(int size, Color to_move, const Variant& variant) noexcept;
  template <class CellAt>
  int read_points(CellAt&& at, std::array<Vertex, kPlayable>& stones);
  void count_neighbours(const std::array<Vertex, kPlayable>& stones, int stone_count) noexcept;
  int find_roots(const std::array<Vertex, kPlayable>& stones, int stone_count,
                 std::array<Vertex, kPlayable>& heads) noexcept;
  void find_growth_points() noexcept;
  // check_consistency()'s comparison of this board with a fresh build, step by step (board.cpp).
  class ConsistencyCheck;
  // An empty board (every array zero) for set_up() to fill: named_opening()'s own boards, which
  // must not look themselves up.
  struct FromScratch {};
  explicit BasicBoard(FromScratch) noexcept {}
  // The public constructor's work without the lookup: build() and the set-up checks.
  void set_up(const Position& pos);
  // The set-up board of `pos` when it is a named opening this capacity holds, else null.
  static const BasicBoard* named_opening(const Position& pos);
  // One named opening's position and board (board.cpp), and the slot holding the I-th of
  // Variant::all_named(): a local static each, built on the first set-up of that opening.
  struct NamedOpening;
  template <std::size_t I>
  static const NamedOpening& named_opening_slot();
  // kBits false: the bitset is left stale (playout's loop; it rebuilds the bits at its end).
  template <bool kBits = true>
  TANBO_FORCE_INLINE void legal_add(int c, std::size_t v, std::size_t& count) noexcept;
  template <bool kBits = true>
  TANBO_FORCE_INLINE void legal_remove(int c, std::size_t v, std::size_t& count) noexcept;
  // The bitset beside the dense legal array (see legal_bits_).
  void bit_set(int c, std::size_t v) noexcept {
    legal_bits_[c][v / 64] |= std::uint64_t{1} << (v % 64);
    ++legal_word_count_[c][v / 64];
  }
  void bit_clear(int c, std::size_t v) noexcept {
    legal_bits_[c][v / 64] &= ~(std::uint64_t{1} << (v % 64));
    --legal_word_count_[c][v / 64];
  }
  void rebuild_legal_bits() noexcept;
  template <bool kBits = true>
  void legal_add(int c, std::size_t v) noexcept {
    std::size_t count = legal_count_[c];
    legal_add<kBits>(c, v, count);
    legal_count_[c] = static_cast<std::uint16_t>(count);
  }
  template <bool kBits = true>
  void legal_remove(int c, std::size_t v) noexcept {
    std::size_t count = legal_count_[c];
    legal_remove<kBits>(c, v, count);
    legal_count_[c] = static_cast<std::uint16_t>(count);
  }
  // Placement (rules 3-5), removal (rule 6) and undo; defined in board.cpp in that order. The
  // per-move primitives are forced inline here, on the declarations: clang (and so Emscripten)
  // ignores the attribute on a member template's out-of-class definition, and kept colour 1's
  // placement out of playout()'s loop as a call (its log and count then lived in memory).
  template <int c, bool kLog, bool kBits>
  TANBO_FORCE_INLINE void add_stone(Vertex v, Vertex head, Vertex* log, int& log_size) noexcept;
  template <int c, bool kBits>
  TANBO_FORCE_INLINE bool play_as(Vertex v, MoveRecord* rec) noexcept;
  // play_vertex() (kBits) and play_vertex_unordered() (without): one move, recorded in `rec`.
  template <bool kBits>
  TANBO_FORCE_INLINE void play_recorded(Vertex v, MoveRecord& rec) noexcept;
  template <bool kBits, bool kRecord>
  void remove_bounded(Vertex expanded, const Vertex* bounded, int bounded_count, MoveRecord* rec) noexcept;
  template <bool kBits, bool kRecord>
  void remove_roots(const Vertex* heads, int count_of_heads, Removal kind, MoveRecord* rec) noexcept;
  template <int c, bool kBits>
  int remove_root(Vertex head) noexcept;
  template <int c>
  TANBO_FORCE_INLINE void undo_as(const MoveRecord& rec) noexcept;
  void restore_root(Vertex head, int c) noexcept;
  template <int c>
  TANBO_FORCE_INLINE void remove_stone(Vertex v) noexcept;

  std::array<std::uint32_t, kVertices> point_{};                  // content + neighbour fields
  std::array<Vertex, kVertices> root_{};                          // head stone of a stone's root
  std::array<Vertex, kVertices> next_{};                          // circular list of a root
  std::array<std::uint16_t, kVertices> growth_{};                 // growth points, by head
  // Index in legal_ of each point in the legal set of a colour; unspecified for other points
  // (membership is is_growth_word of the point word), so branch-free adds may write it freely.
  std::array<std::array<Vertex, kVertices>, 2> legal_pos_{};
  // Legal points per colour, plus one slot that branch-free adds write when they do not add.
  std::array<std::array<Vertex, kPlayable + 1>, 2> legal_{};
  std::array<std::uint16_t, 2> legal_count_{};
  // The legal sets again, as bitsets over vertices: bit v of colour c is set exactly when v is in
  // legal_[c]. Vertices number row-major, so the set bits walk the moves in the reference
  // engine's order. playout() leaves them out of its loop (placements and removals alike) and
  // rebuilds them at its end unless the game is over, when nothing reads them.
  static constexpr std::size_t kWords = (kVertices + 63) / 64;
  std::array<std::array<std::uint64_t, kWords>, 2> legal_bits_{};
  // Set bits of each word of legal_bits_: nth_legal_vertex() skips words by these counts
  // (without -mpopcnt, counting a word's bits costs some 15 instructions).
  std::array<std::array<std::uint8_t, kWords>, 2> legal_word_count_{};
  std::array<std::uint16_t, 2> stones_{};
  std::array<std::uint16_t, 2> roots_{};
  std::uint64_t hash_ = 0;
  std::uint32_t ply_ = 0;
  std::uint8_t size_ = 0;
  Color to_move_ = Color::Black;
  bool ordered_ = true;  // the legal bitsets are exact (see play_vertex_unordered())
  // What is_over() reads: set by note_game_end() at set-up and where stones leave (removal),
  // cleared by undo. An Engine-API move asks is_over() three or four times; one byte beats two counts.
  bool over_ = false;
  Variant variant_;
};

/// Board for every supported size (up to 25x25).
using Board = BasicBoard<kMaxSize>;
/// Board for sizes up to 19x19: smaller, for copy-make search on the classic board.
using Board19 = BasicBoard<19>;

/// The smallest capacity compiled: up to 9x9, a quarter of Board19's bytes.
inline constexpr int kSmallCapacity = 9;

/// Which capacities a caller instantiates. kStandard: the two every face's engine handle uses,
/// 19 up to 19x19 (Board19, Game19: smaller arrays to copy, set up and scan, so faster
/// playouts) and kMaxSize beyond. kWithSmall adds kSmallCapacity up to 9x9, for code that keeps
/// hundreds of boards at once (api's vector batch, the strong solver), where whether they fit
/// in the cache decides the speed; the faces' handle stays on two instantiations, which keeps the
/// WebAssembly download small.
enum class Capacities { kStandard, kWithSmall };

/// The capacity for a board of side `size` among `tiers` (sizes above kMaxSize get kMaxSize,
/// whose set-up then throws InvalidPositionError).
constexpr int capacity_for(int size, Capacities tiers = Capacities::kStandard) noexcept {
  if (tiers == Capacities::kWithSmall && size <= kSmallCapacity) return kSmallCapacity;
  return size <= 19 ? 19 : kMaxSize;
}

/// Calls `f(std::integral_constant<int, capacity_for(size, Tiers)>{})` and returns its result,
/// so code written for any capacity (`BasicBoard<N>`, `BasicGame<N>`) runs on the one sized for
/// `size`: `with_capacity_for(n, [&](auto cap) { return run<BasicBoard<cap()>>(); })`. Where the
/// capacity is chosen by size: the engine registry (api::with_engine), the vector batch, the
/// solvers and the differential checks call it. (player::mcts_move runs BasicBoard<kMaxSize> on
/// every size on purpose: one instantiation of the search.)
template <Capacities Tiers = Capacities::kStandard, class F>
decltype(auto) with_capacity_for(int size, F&& f) {
  if constexpr (Tiers == Capacities::kWithSmall)
    if (capacity_for(size, Tiers) == kSmallCapacity)
      return std::forward<F>(f)(std::integral_constant<int, kSmallCapacity>{});
  if (capacity_for(size) == 19) return std::forward<F>(f)(std::integral_constant<int, 19>{});
  return std::forward<F>(f)(std::integral_constant<int, kMaxSize>{});
}

extern template class BasicBoard<kMaxSize>;
extern template class BasicBoard<19>;
extern template class BasicBoard<kSmallCapacity>;

}  // namespace tanbo::optimized
