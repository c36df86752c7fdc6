// Member definitions of BasicBoard, included once by board.cpp for the explicit instantiations:
// set-up, queries, the legal sets, placement and the move loops (removals: removal_impl.hpp;
// check_consistency(): consistency_impl.hpp). The invariant every primitive keeps: legal_[c] holds exactly the empty points with one
// adjacent c stone, and growth_[head] counts those whose single c neighbour is in that root.
#pragma once

#include <algorithm>
#include <cassert>

#include "tanbo/core/notation.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/optimized/board.hpp"

// Hot lambdas and helpers are forced inline: with four call sites per placement g++ otherwise
// keeps the neighbour lambda out of line (measured: +25% instructions per playout). Private to
// board.cpp's implementation headers (removal_impl.hpp uses it too); board.cpp undefines it.
#define TANBO_ALWAYS_INLINE __attribute__((always_inline))

namespace tanbo::optimized {

namespace detail {
// Zobrist keys re-indexed by vertex for one grid width, computed at compile time so the
// incremental hash equals tanbo::zobrist_hash() of the same position.
template <int MaxN>
struct VertexKeys {
  static constexpr int kWidth = MaxN + 2;
  std::array<std::array<std::uint64_t, kWidth * kWidth>, 2> key{};
  // A placement's whole hash change: the stone's key and the side-to-move key, one XOR a move.
  std::array<std::array<std::uint64_t, kWidth * kWidth>, 2> move{};
  constexpr VertexKeys() {
    for (int c = 0; c < 2; ++c)
      for (int y = 0; y < MaxN; ++y)
        for (int x = 0; x < MaxN; ++x) {
          key[c][(y + 1) * kWidth + x + 1] = kZobrist.stone[c][y * kMaxSize + x];
          move[c][(y + 1) * kWidth + x + 1] = kZobrist.stone[c][y * kMaxSize + x] ^ kZobrist.white_to_move;
        }
  }
};
template <int MaxN>
inline constexpr VertexKeys<MaxN> kVertexKeys{};
}  // namespace detail

// Calls f on the four orthogonal neighbours of v, unrolled. Four plain calls: a range-for over an
// initializer list made g++ build the four vertices in vector registers and spill them (measured:
// 8 extra instructions per placement).
// The neighbours are passed as std::size_t: a vertex is never 0 on a board, so v - 1 cannot wrap,
// and 64-bit indices spare the 16-bit truncation and zero-extension of each (measured: 1
// instruction per neighbour).
template <int kWidth, typename F>
TANBO_ALWAYS_INLINE inline void for_each_neighbour(std::size_t v, F&& f) {
  f(v - kWidth);
  f(v - 1);
  f(v + 1);
  f(v + kWidth);
}

// Vertices of the rows a board of side `size` uses in a grid `width` wide: its points and the
// border ring around them (no vertex beyond is ever read), so build() and check_consistency()
// touch only these and a small board in a large capacity rebuilds cheaply.
constexpr std::size_t used_vertices(int size, int width) noexcept {
  return static_cast<std::size_t>((size + 2) * width);
}

template <int MaxN>
BasicBoard<MaxN>::BasicBoard(const Variant& v) : BasicBoard(opening(v)) {}

template <int MaxN>
BasicBoard<MaxN>::BasicBoard(const Position& pos) {
  if (pos.size() > MaxN)
    throw InvalidPositionError("board size " + std::to_string(pos.size()) +
                               " exceeds this engine's capacity of " + std::to_string(MaxN));
  build(pos.size(), pos.to_move(), pos.variant(), [&pos](Point p) { return pos.at(p); });
  if (auto problem = setup_problem()) throw *problem;
}

// From-scratch construction from the content of every point (`at`): the definition that
// check_consistency() compares against.
template <int MaxN>
template <class CellAt>
void BasicBoard<MaxN>::build(int size, Color to_move, const Variant& variant, CellAt&& at) {
  size_ = static_cast<std::uint8_t>(size);
  to_move_ = to_move;
  variant_ = variant;
  const std::size_t used = used_vertices(size_, kWidth);
  std::fill_n(point_.begin(), used, kBorder);
  std::fill_n(root_.begin(), used, kNoVertex);
  std::fill_n(next_.begin(), used, kNoVertex);
  std::fill_n(growth_.begin(), used, std::uint16_t{0});
  for (auto& a : legal_pos_) std::fill_n(a.begin(), used, Vertex{0});
  legal_count_ = {0, 0};
  stones_ = {0, 0};
  roots_ = {0, 0};
  hash_ = to_move == Color::White ? kZobrist.white_to_move : 0;
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const Vertex v = vertex({x, y});
      const Cell c = at(Point{x, y});
      set_cell(v, static_cast<int>(c));
      if (c == Cell::Empty) continue;
      const int colour = static_cast<int>(c) - 1;
      ++stones_[colour];
      hash_ ^= detail::kVertexKeys<MaxN>.key[colour][v];
    }
  // Roots: flood fill from each unvisited stone in row-major order; the first stone is the head.
  std::array<Vertex, kPlayable> stack;  // each stone is pushed once
  int pending = 0;
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const Vertex head = vertex({x, y});
      if (cell(head) == kEmpty || root_[head] != kNoVertex) continue;
      ++roots_[cell(head) - 1];
      root_[head] = head;
      next_[head] = head;
      stack[static_cast<std::size_t>(pending++)] = head;
      while (pending > 0) {
        const Vertex s = stack[static_cast<std::size_t>(--pending)];
        for_each_neighbour<kWidth>(s, [&](const std::size_t n) TANBO_ALWAYS_INLINE {
          if (cell(n) != cell(head) || root_[n] != kNoVertex) return;
          root_[n] = head;
          next_[n] = next_[head];
          next_[head] = n;
          stack[static_cast<std::size_t>(pending++)] = n;
        });
      }
    }
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const Vertex v = vertex({x, y});
      if (cell(v) == kEmpty || cell(v) == kBorder) continue;
      for_each_neighbour<kWidth>(v, [&](const std::size_t n) TANBO_ALWAYS_INLINE { link_neighbour(cell(v) - 1, n, v); });
    }
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const Vertex v = vertex({x, y});
      if (cell(v) != kEmpty) continue;
      for (int c = 0; c < 2; ++c)
        if (count(c, v) == 1) {
          legal_add(c, v);
          ++growth_[root_[single_neighbour(c, v)]];
        }
    }
}

template <int MaxN>
std::optional<InvalidPositionError> BasicBoard<MaxN>::setup_problem() const {
  for (const Color c : {Color::Black, Color::White})
    if (stones_[static_cast<int>(c)] == 0) return InvalidPositionError::no_stones(c);
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const Vertex v = vertex({x, y});
      if (cell(v) != kEmpty && root_[v] == v && growth_[v] == 0)
        return InvalidPositionError::bounded_root(static_cast<Color>(cell(v) - 1), {x, y});
    }
  return std::nullopt;
}

template <int MaxN>
std::optional<Color> BasicBoard<MaxN>::winner() const noexcept {
  if (stones_[0] == 0 && stones_[1] > 0) return Color::White;
  if (stones_[1] == 0 && stones_[0] > 0) return Color::Black;
  return std::nullopt;
}

template <int MaxN>
Cell BasicBoard<MaxN>::at(Point p) const {
  if (!on_board(p, size_)) throw UsageError("at: " + point_name(p) + " is not on the board");
  return static_cast<Cell>(cell(vertex(p)));
}

template <int MaxN>
std::optional<IllegalReason> BasicBoard<MaxN>::why_illegal(Point p) const noexcept {
  if (is_over()) return IllegalReason::GameOver;
  if (!on_board(p, size_)) return IllegalReason::OffBoard;
  const Vertex v = vertex(p);
  if (cell(v) != kEmpty) return IllegalReason::Occupied;
  const int friends = count(side(), v);
  if (friends == 0) return IllegalReason::NoFriendlyNeighbour;
  if (friends > 1) return IllegalReason::SeveralFriendlyNeighbours;
  return std::nullopt;
}

template <int MaxN>
bool BasicBoard<MaxN>::is_legal(Point p) const noexcept {
  return !is_over() && on_board(p, size_) && is_growth_word(side(), point_[vertex(p)]);
}

template <int MaxN>
std::vector<Point> BasicBoard<MaxN>::legal_moves() const {
  std::vector<Point> out;
  for (const Vertex v : legal_vertices()) out.push_back(point(v));
  std::sort(out.begin(), out.end());
  return out;
}

// `count` is legal_count_[c] or a local copy of it that the caller writes back: a local copy
// stays in a register, the member would be reloaded after every 16-bit store (they may alias).
// legal_pos_[c][v] is meaningful only while v is in the set (is_growth_word), so neither
// primitive marks points that are not: membership is read from the point word.
template <int MaxN>
void BasicBoard<MaxN>::legal_add(int c, std::size_t v, std::size_t& count) noexcept {
  legal_pos_[c][v] = static_cast<Vertex>(count);
  legal_[c][count++] = static_cast<Vertex>(v);
}

template <int MaxN>
void BasicBoard<MaxN>::legal_remove(int c, std::size_t v, std::size_t& count) noexcept {
  // Swap-with-last keeps the set dense so a random element is one index away.
  const Vertex i = legal_pos_[c][v];
  assert(i < count && legal_[c][i] == v);
  const Vertex last = legal_[c][--count];
  legal_[c][i] = last;
  legal_pos_[c][last] = i;
}

// Puts a c stone on empty v as part of root `head`, keeping legal sets and growth counts exact.
// kLog means a placement (play): the hash also changes side to move, v is known to be a growth
// point of `head`, and every root whose growth dropped to zero is recorded, once: only those can
// have become bounded, and they stay so (other roots only lose growth here; `head`, which can
// gain, is recorded at the end). Without kLog (undo restoring a removed root) v may or may not
// be a growth point.
//
// The neighbour loop is branch-free for the common outcomes: random play makes "is the neighbour
// empty" and "does it become a growth point" coin flips, and mispredicting them cost more than
// the whole rest of a move (cachegrind: 2.3 of 4.6 mispredicts per move). Every neighbour is
// written into the slot after the legal list, with its index; only a new growth point advances
// the count, and any other neighbour is not in the set, so its index is free to overwrite.
// `head`'s growth changes by exactly the count's change, except for a lost growth point owned
// by another root, which the (rarer) branch charges to its owner instead.
template <int MaxN>
template <int c, bool kLog>
TANBO_ALWAYS_INLINE inline void BasicBoard<MaxN>::add_stone(Vertex v, Vertex head, Vertex* log, int& log_size) noexcept {
  constexpr int d = 1 - c;
  constexpr std::uint32_t kCountMask = 3u | (7u << count_shift(c));  // content + c count
  constexpr std::uint32_t kOne = 1u << count_shift(c);
  const std::uint32_t vword = point_[v];
  std::size_t count_c = legal_count_[c];
  point_[v] = (vword & ~3u) | cell_of(c);
  root_[v] = head;
  hash_ ^= kLog ? detail::kVertexKeys<MaxN>.move[c][v] : detail::kVertexKeys<MaxN>.key[c][v];
  ++stones_[c];
  // v stops being a growth point. Its single c neighbour is necessarily in `head`'s root.
  const bool was_growth = kLog || is_growth_word(c, vword);
  if (was_growth) legal_remove(c, v, count_c);
  if (is_growth_word(d, vword)) {
    const Vertex owner = root_[single_neighbour_in(d, vword)];
    if (--growth_[owner] == 0 && kLog) log[log_size++] = owner;
    legal_remove(d, v);
  }
  const std::uint32_t v_bits = static_cast<std::uint32_t>(v) << xor_shift(c);
  for_each_neighbour<kWidth>(v, [&](const std::size_t n) TANBO_ALWAYS_INLINE {
    const std::uint32_t word = point_[n];
    point_[n] = (word + kOne) ^ v_bits;
    const std::uint32_t key = word & kCountMask;
    if (key == kOne) {  // n had one c neighbour; now two, so it stops being a growth point
      const Vertex owner = root_[single_neighbour_in(c, word)];
      if (owner != head) {
        ++growth_[head];  // the count's drop below is not head's loss
        if (--growth_[owner] == 0 && kLog) log[log_size++] = owner;
      }
      legal_remove(c, n, count_c);
    }
    legal_[c][count_c] = static_cast<Vertex>(n);
    legal_pos_[c][n] = static_cast<Vertex>(count_c);
    count_c += key == 0;  // empty with no c neighbour: a new growth point of this root
  });
  // legal_count_[c] still holds the count from before the move, and the count's change is
  // head's: v (if it was a growth point) and the lost growth points leave, the new ones come.
  // Computed here from memory, so nothing of it occupies a register during the loop.
  const std::uint32_t head_growth = growth_[head] + static_cast<std::uint32_t>(count_c) - legal_count_[c];
  legal_count_[c] = static_cast<std::uint16_t>(count_c);
  growth_[head] = static_cast<std::uint16_t>(head_growth);
  if (head_growth == 0 && kLog) log[log_size++] = head;
}

template <int MaxN>
MoveRecord BasicBoard<MaxN>::play(Point p) {
  if (auto reason = why_illegal(p)) throw IllegalMoveError(p, to_move_, *reason);
  return play_vertex(vertex(p));
}

template <int MaxN>
MoveRecord BasicBoard<MaxN>::play_vertex(Vertex v) noexcept {
  assert(!is_over() && is_growth_word(side(), point_[v]));
  MoveRecord rec;
  if (to_move_ == Color::Black)
    play_as<0>(v, &rec);
  else
    play_as<1>(v, &rec);
  to_move_ = opponent(to_move_);  // play_as toggled the hash's side-to-move key
  ++ply_;
  return rec;
}

// play_vertex for a colour known at compile time: constant array offsets, fewer registers.
// Forced inline into play_vertex() and playout(): one call per move instead of two. With a null
// `rec` (playout) nothing is recorded, and the inlined copy has none of the record's stores.
// Returns whether roots were removed: only then can the game have ended. The caller passes the
// turn and counts the ply (playout() once for all its moves).
template <int MaxN>
template <int c>
TANBO_ALWAYS_INLINE inline bool BasicBoard<MaxN>::play_as(Vertex v, MoveRecord* rec) noexcept {
  const Vertex attach = single_neighbour(c, v);
  const Vertex expanded = root_[attach];
  if (rec) {
    rec->point = v;
    rec->attach = attach;
    rec->saved_next = next_[v];
  }

  // Rules 3-4: the stone joins the expanded root, linked right after the stone it touches.
  Vertex zeroed[kMaxRemovedRoots];  // v's enemy owner, up to 3 empty neighbours' owners, expanded
  int zeroed_count = 0;
  add_stone<c, true>(v, expanded, zeroed, zeroed_count);
  next_[v] = next_[attach];
  next_[attach] = v;

  // Rules 5-6: only roots whose growth dropped to zero can be bounded.
  if (zeroed_count == 0) return false;  // common case: nothing bounded
  remove_bounded(expanded, zeroed, zeroed_count, rec);
  return true;
}

// Unrolled by colour so the side to move is a compile-time constant in each half. Stones leave
// the board only by removal, so after a move that removed nothing the game cannot be over.
template <int MaxN>
int BasicBoard<MaxN>::playout(Rng& caller_rng, int max_moves) noexcept {
  Rng rng = caller_rng;  // a local copy stays in registers; the caller's is one store per call
  int played = 0;
  if (is_over()) return 0;
  if (to_move_ == Color::White && played < max_moves) {
    const bool removed = play_as<1>(legal_[1][rng.below(legal_count_[1])], nullptr);
    ++played;
    if (removed && is_over()) max_moves = played;
  }
  // Counting down frees the register max_moves would hold.
  int left = max_moves - played;
  while (left > 0) {
    const bool removed = play_as<0>(legal_[0][rng.below(legal_count_[0])], nullptr);
    if (--left == 0 || (removed && is_over())) break;
    const bool removed_too = play_as<1>(legal_[1][rng.below(legal_count_[1])], nullptr);
    --left;
    if (removed_too && is_over()) break;
  }
  played = max_moves - left;
  caller_rng = rng;
  ply_ += static_cast<std::uint32_t>(played);
  if (played % 2 == 1) to_move_ = opponent(to_move_);
  return played;
}

template <int MaxN>
void BasicBoard<MaxN>::undo(const MoveRecord& rec) noexcept {
  if (to_move_ == Color::White)
    undo_as<0>(rec);
  else
    undo_as<1>(rec);
}

// Takes back a move of colour c: forced inline into undo(), with remove_stone<c>.
template <int MaxN>
template <int c>
TANBO_ALWAYS_INLINE inline void BasicBoard<MaxN>::undo_as(const MoveRecord& rec) noexcept {
  --ply_;
  to_move_ = opponent(to_move_);
  hash_ ^= kZobrist.white_to_move;
  for (int i = rec.removed_roots - 1; i >= 0; --i)
    restore_root(rec.removed[i], (rec.removed_white_mask >> i) & 1);
  remove_stone<c>(rec.point);
  next_[rec.attach] = next_[rec.point];
  next_[rec.point] = rec.saved_next;
}

template <int MaxN>
std::vector<Point> BasicBoard<MaxN>::removed_stones(const MoveRecord& rec) const {
  std::vector<Point> out;
  for (int i = 0; i < rec.removed_roots; ++i) {
    Vertex s = rec.removed[i];
    do {
      out.push_back(point(s));
      s = next_[s];
    } while (s != rec.removed[i]);
  }
  std::sort(out.begin(), out.end());
  return out;
}

template <int MaxN>
Position BasicBoard<MaxN>::position() const {
  Position pos(size_);
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) pos.set({x, y}, static_cast<Cell>(cell(vertex({x, y}))));
  pos.set_to_move(to_move_);
  pos.set_variant(variant_);
  return pos;
}

}  // namespace tanbo::optimized

