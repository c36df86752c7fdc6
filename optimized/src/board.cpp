// BasicBoard, the optimized engine's incremental board: every member definition, ordered like the
// rules of docs/rules.md (set-up, where a stone may go, placing it, removing bounded roots, the
// end of the game), then undo and the consistency check, then the instantiations (state_dump(), read by tests only,
// is in board_dump.cpp: not in this hot translation unit's inlining budget).
//
// The invariant every primitive keeps: legal_[c] holds exactly the empty points with one adjacent
// c stone (the growth points of c's roots, rule 5), and growth_[head] counts those whose single c
// neighbour is in that root.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/core/notation.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/optimized/board.hpp"

// The placement and removal loops call small lambdas and helpers, four times per stone; g++
// keeps some of them out of line unless told otherwise, and then every neighbour costs a call.
// Which ones it keeps out depends on the size of the whole file (its inlining budget is per
// translation unit; docs/design.md's table has the measurements). Here for the neighbour loop and
// its lambdas (the members are forced inline on their declarations, board.hpp); local to this
// file: undefined at its end.
#define TANBO_ALWAYS_INLINE __attribute__((always_inline))

namespace tanbo::optimized {

// ---- Shared by every section --------------------------------------------------------------------

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

// Calls f on the four orthogonal neighbours of v, unrolled. Four plain calls: over an
// initializer list g++ builds the four vertices in vector registers and spills them.
// The neighbours are passed as std::size_t: a vertex is never 0 on a board, so v - 1 cannot wrap,
// and 64-bit indices spare the truncation to 16 bits and the zero-extension back of each.
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

// ---- Rules 1-2: the board and the starting position ---------------------------------------------

template <int MaxN>
BasicBoard<MaxN>::BasicBoard(const Variant& v) : BasicBoard(opening(v)) {}

template <int MaxN>
BasicBoard<MaxN>::BasicBoard(const Position& pos) {
  if (const BasicBoard* named = named_opening(pos)) {
    *this = *named;  // trivially copyable: one copy of the arrays instead of a build
    return;
  }
  set_up(pos);
}

// Named openings are set up by copying a board built once: the I-th of Variant::all_named() on
// the first set-up of that opening in the program, into a local static of its own slot, and only
// read afterwards. C++ initialises a local static exactly once and thread-safely, and each is
// const, so these are constants of the program, not shared mutable state: every thread copies
// the same boards, and a program pays the build only of the openings it uses. A board is a
// function of its position alone, so a copy is exactly the board a build would make.
namespace {
// The named variants, in Variant::all_named()'s order (a constant of the program).
const std::vector<Variant>& named_variants() {
  static const std::vector<Variant> named = Variant::all_named();
  return named;
}
// Slots per capacity: more than Variant::all_named() holds (18); an opening beyond the last slot
// would only be built at every set-up, as any other position is.
constexpr std::size_t kOpeningSlots = 24;
}  // namespace

template <int MaxN>
struct BasicBoard<MaxN>::NamedOpening {
  std::array<Cell, kPlayable> cells{};  // the opening's points, row-major, as Position holds them
  Color to_move;
  BasicBoard board{FromScratch{}};
  explicit NamedOpening(const Position& start) : to_move(start.to_move()) {
    std::copy(start.cells().begin(), start.cells().end(), cells.begin());
    board.set_up(start);
  }
};

template <int MaxN>
template <std::size_t I>
const typename BasicBoard<MaxN>::NamedOpening& BasicBoard<MaxN>::named_opening_slot() {
  static const NamedOpening opening_board(opening(named_variants()[I]));
  return opening_board;
}

// The lookup compares what build() reads (variant tag, size, side to move, every point), so any
// other position, however close, is built from scratch; the points last, as bytes (cheaper than
// a Cell-by-Cell loop).
template <int MaxN>
const BasicBoard<MaxN>* BasicBoard<MaxN>::named_opening(const Position& pos) {
  const Variant& v = pos.variant();
  if (v.size != pos.size() || v.size > MaxN) return nullptr;
  const std::vector<Variant>& named = named_variants();
  assert(named.size() <= kOpeningSlots);  // otherwise the last openings are built every time
  const auto i = static_cast<std::size_t>(std::find(named.begin(), named.end(), v) - named.begin());
  if (i >= std::min(named.size(), kOpeningSlots)) return nullptr;  // not a named variant
  static constexpr auto kSlots = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<const NamedOpening& (*)(), sizeof...(I)>{&named_opening_slot<I>...};
  }(std::make_index_sequence<kOpeningSlots>{});
  const NamedOpening& e = kSlots[i]();
  if (e.to_move == pos.to_move() &&
      std::memcmp(e.cells.data(), pos.cells().data(), pos.cells().size() * sizeof(Cell)) == 0)
    return &e.board;
  return nullptr;
}

template <int MaxN>
void BasicBoard<MaxN>::set_up(const Position& pos) {
  if (pos.size() > MaxN)
    throw InvalidPositionError("board size " + std::to_string(pos.size()) +
                               " exceeds this engine's capacity of " + std::to_string(MaxN));
  const Vertex bounded = build(pos.size(), pos.to_move(), pos.variant(), [&pos](Point p) { return pos.at(p); });
  // A set-up position is one some game could be in at the start of a turn: both sides have
  // stones (rule 7) and no root is bounded (rule 6 removes bounded roots as they appear).
  for (const Color c : {Color::Black, Color::White})
    if (stones_[static_cast<int>(c)] == 0) throw InvalidPositionError::no_stones(c);
  if (bounded != kNoVertex)
    throw InvalidPositionError::bounded_root(static_cast<Color>(cell(bounded) - 1), point(bounded));
}

// From-scratch construction from the content of every point (`at`): the definition that
// check_consistency() compares against. One pass reads the points; the neighbour fields and the
// roots are then built from the list of stones alone (an opening has 16 stones on 361 points),
// and one more pass over the points finds the growth points, row-major (the legal sets' order).
// Returns the head of the first bounded root in row-major order, or kNoVertex.
template <int MaxN>
template <class CellAt>
Vertex BasicBoard<MaxN>::build(int size, Color to_move, const Variant& variant, CellAt&& at) {
  clear_for(size, to_move, variant);
  std::array<Vertex, kPlayable> stones, heads;
  const int stone_count = read_points(at, stones);
  count_neighbours(stones, stone_count);
  const int head_count = find_roots(stones, stone_count, heads);
  find_growth_points();
  note_game_end();
  for (int i = 0; i < head_count; ++i)
    if (growth_[heads[static_cast<std::size_t>(i)]] == 0) return heads[static_cast<std::size_t>(i)];
  return kNoVertex;
}

// build()'s first step: an empty board of side `size`, every vertex it uses a border or unset;
// the hash holds the side to move alone.
template <int MaxN>
void BasicBoard<MaxN>::clear_for(int size, Color to_move, const Variant& variant) noexcept {
  size_ = static_cast<std::uint8_t>(size);
  to_move_ = to_move;
  variant_ = variant;
  const std::size_t used = used_vertices(size_, kWidth);
  std::fill_n(point_.begin(), used, kBorder);
  std::fill_n(root_.begin(), used, kNoVertex);
  std::fill_n(next_.begin(), used, kNoVertex);
  std::fill_n(growth_.begin(), used, std::uint16_t{0});
  for (auto& a : legal_pos_) std::fill_n(a.begin(), used, Vertex{0});
  for (auto& a : legal_bits_) a.fill(0);
  for (auto& a : legal_word_count_) a.fill(0);
  legal_count_ = {0, 0};
  stones_ = {0, 0};
  roots_ = {0, 0};
  hash_ = to_move == Color::White ? kZobrist.white_to_move : 0;
}

// Rules 1-2: the content of every point, its stones counted and hashed; returns their number,
// listed row-major in `stones`. The neighbour fields come in count_neighbours().
template <int MaxN>
template <class CellAt>
int BasicBoard<MaxN>::read_points(CellAt&& at, std::array<Vertex, kPlayable>& stones) {
  int stone_count = 0;
  for (int y = 0; y < size_; ++y) {
    const Vertex row = vertex({0, y});
    for (int x = 0; x < size_; ++x) {
      const Vertex v = static_cast<Vertex>(row + x);
      const int content = static_cast<int>(at(Point{x, y}));
      point_[v] = static_cast<std::uint32_t>(content);
      if (content == kEmpty) continue;
      stones[static_cast<std::size_t>(stone_count++)] = v;
      ++stones_[content - 1];
      hash_ ^= detail::kVertexKeys<MaxN>.key[content - 1][v];
    }
  }
  return stone_count;
}

// Each stone counted in its neighbours' words (rule 3 reads these counts).
template <int MaxN>
void BasicBoard<MaxN>::count_neighbours(const std::array<Vertex, kPlayable>& stones, int stone_count) noexcept {
  for (int i = 0; i < stone_count; ++i) {
    const Vertex v = stones[static_cast<std::size_t>(i)];
    const int colour = cell(v) - 1;
    for_each_neighbour<kWidth>(v, [&](const std::size_t n) TANBO_ALWAYS_INLINE { link_neighbour(colour, n, v); });
  }
}

// Roots (rule 4): flood fill from each unvisited stone in row-major order; the first stone is
// the head, so the heads are found in row-major order. Returns their number, listed in `heads`.
template <int MaxN>
int BasicBoard<MaxN>::find_roots(const std::array<Vertex, kPlayable>& stones, int stone_count,
                                 std::array<Vertex, kPlayable>& heads) noexcept {
  std::array<Vertex, kPlayable> stack;  // each stone is pushed once
  int head_count = 0;
  for (int i = 0; i < stone_count; ++i) {
    const Vertex head = stones[static_cast<std::size_t>(i)];
    if (root_[head] != kNoVertex) continue;
    heads[static_cast<std::size_t>(head_count++)] = head;
    ++roots_[cell(head) - 1];
    root_[head] = head;
    next_[head] = head;
    int pending = 0;
    stack[static_cast<std::size_t>(pending++)] = head;
    while (pending > 0) {
      const Vertex s = stack[static_cast<std::size_t>(--pending)];
      for_each_neighbour<kWidth>(s, [&](const std::size_t n) TANBO_ALWAYS_INLINE {
        if (cell(n) != cell(head) || root_[n] != kNoVertex) return;
        root_[n] = head;
        next_[n] = next_[head];
        next_[head] = static_cast<Vertex>(n);
        stack[static_cast<std::size_t>(pending++)] = static_cast<Vertex>(n);
      });
    }
  }
  return head_count;
}

// Growth points (rule 5) and the legal sets (rule 3): the same points, added row-major.
template <int MaxN>
void BasicBoard<MaxN>::find_growth_points() noexcept {
  for (int y = 0; y < size_; ++y) {
    const Vertex row = vertex({0, y});
    for (Vertex v = row; v < row + size_; ++v) {
      const std::uint32_t word = point_[v];
      for (int c = 0; c < 2; ++c)
        if (is_growth_word(c, word)) {
          legal_add(c, v);
          ++growth_[root_[single_neighbour_in(c, word)]];
        }
    }
  }
}

template <int MaxN>
void BasicBoard<MaxN>::throw_off_board(Point p) const {
  throw UsageError("at: " + point_name(p) + " is not on the board");
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

// One row at a time, OR-ing the differences of a row together: no branch per point, so the
// compiler vectorizes the row.
template <int MaxN>
bool BasicBoard<MaxN>::same_cells(const Position& pos) const noexcept {
  if (pos.size() != size_) return false;
  const Cell* want = pos.cells().data();
  for (int y = 0; y < size_; ++y, want += size_) {
    const std::uint32_t* row = &point_[vertex({0, y})];
    std::uint32_t differ = 0;
    for (int x = 0; x < size_; ++x) differ |= (row[x] & 3u) ^ static_cast<std::uint32_t>(want[x]);
    if (differ != 0) return false;
  }
  return true;
}

// ---- Rule 3: where a stone may be placed --------------------------------------------------------

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
std::vector<Point> BasicBoard<MaxN>::legal_moves() const {
  std::vector<Point> out;
  out.reserve(static_cast<std::size_t>(legal_move_count()));
  for_each_legal_vertex([&out](Vertex v) { out.push_back(point(v)); });
  return out;
}

template <int MaxN>
void BasicBoard<MaxN>::rebuild_legal_bits() noexcept {
  for (int c = 0; c < 2; ++c) {
    legal_bits_[c].fill(0);
    legal_word_count_[c].fill(0);
    for (int i = 0; i < legal_count_[c]; ++i) bit_set(c, legal_[c][static_cast<std::size_t>(i)]);
  }
}

// The legal set of colour c, kept dense so a random element is one index away.
// `count` is legal_count_[c] or a local copy of it that the caller writes back: a local copy
// stays in a register, the member would be reloaded after every 16-bit store (they may alias).
// legal_pos_[c][v] is meaningful only while v is in the set (is_growth_word), so neither
// primitive marks points that are not: membership is read from the point word.
template <int MaxN>
template <bool kBits>
inline void BasicBoard<MaxN>::legal_add(int c, std::size_t v, std::size_t& count) noexcept {
  legal_pos_[c][v] = static_cast<Vertex>(count);
  legal_[c][count++] = static_cast<Vertex>(v);
  if (kBits) bit_set(c, v);
}

template <int MaxN>
template <bool kBits>
inline void BasicBoard<MaxN>::legal_remove(int c, std::size_t v, std::size_t& count) noexcept {
  if (kBits) bit_clear(c, v);
  // Swap-with-last keeps the set dense.
  const Vertex i = legal_pos_[c][v];
  assert(i < count && legal_[c][i] == v);
  const Vertex last = legal_[c][--count];
  legal_[c][i] = last;
  legal_pos_[c][last] = i;
}

// ---- Rules 3-5: placing a stone, which joins one root and changes growth points -----------------

// Puts a c stone on empty v as part of root `head` (rule 4), keeping legal sets and growth counts
// (rule 5) exact. kLog means a placement (play): the hash also changes side to move, v is known to
// be a growth point of `head`, and every root whose growth dropped to zero is logged, once, for
// rule 6: only those can have become bounded, and they stay so (other roots only lose growth
// here; `head`, which can gain, is logged at the end). Without kLog (undo restoring a removed
// root) v may or may not be a growth point. Without kBits (playout()'s loop) the legal bitsets
// are not kept: one rebuild at the end of a playout costs less than a bit per change.
//
// The neighbour loop is branch-free for the common outcomes: random play makes "is the neighbour
// empty" and "does it become a growth point" coin flips, and mispredicting them would cost more
// than the rest of the move. Every neighbour is written into the slot after the legal list, with
// its index; only a new growth point advances the count, and any other neighbour is not in the
// set, so its index is free to overwrite. `head`'s growth changes by exactly the count's change,
// except for a lost growth point owned by another root, which the (rarer) branch charges to its
// owner instead.
template <int MaxN>
template <int c, bool kLog, bool kBits>
inline void BasicBoard<MaxN>::add_stone(Vertex v, Vertex head, Vertex* log, int& log_size) noexcept {
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
  if (was_growth) legal_remove<kBits>(c, v, count_c);
  if (is_growth_word(d, vword)) {
    const Vertex owner = root_[single_neighbour_in(d, vword)];
    if (--growth_[owner] == 0 && kLog) log[log_size++] = owner;
    legal_remove<kBits>(d, v);
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
      legal_remove<kBits>(c, n, count_c);
    }
    legal_[c][count_c] = static_cast<Vertex>(n);
    legal_pos_[c][n] = static_cast<Vertex>(count_c);
    count_c += key == 0;  // empty with no c neighbour: a new growth point of this root
    if (kBits) {
      legal_bits_[c][n / 64] |= static_cast<std::uint64_t>(key == 0) << (n % 64);
      legal_word_count_[c][n / 64] = static_cast<std::uint8_t>(legal_word_count_[c][n / 64] + (key == 0));
    }
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
void BasicBoard<MaxN>::throw_illegal(Point p) const {
  throw IllegalMoveError(p, to_move_, *why_illegal(p));
}

// The one body of play_vertex() and play_vertex_unordered() below, recording into their `rec`:
// forced inline into each, so kBits is a constant there and neither pays for the other (the
// performance gate counts play_vertex()'s instructions; returning the record from here instead
// costs it one more store per move).
template <int MaxN>
template <bool kBits>
inline void BasicBoard<MaxN>::play_recorded(Vertex v, MoveRecord& rec) noexcept {
  assert(!is_over() && is_growth_word(side(), point_[v]));
  if constexpr (!kBits) ordered_ = false;
  if (to_move_ == Color::Black)
    play_as<0, kBits>(v, &rec);
  else
    play_as<1, kBits>(v, &rec);
  to_move_ = opponent(to_move_);  // play_as toggled the hash's side-to-move key
  ++ply_;
}

template <int MaxN>
MoveRecord BasicBoard<MaxN>::play_vertex(Vertex v) noexcept {
  MoveRecord rec;
  play_recorded<true>(v, rec);
  return rec;
}

// play_vertex() without the bitsets: the dense sets, counts and record are kept exactly, the
// row-major order goes stale until restore_order() (as inside playout()'s loop).
template <int MaxN>
MoveRecord BasicBoard<MaxN>::play_vertex_unordered(Vertex v) noexcept {
  MoveRecord rec;
  play_recorded<false>(v, rec);
  return rec;
}

template <int MaxN>
void BasicBoard<MaxN>::restore_order() noexcept {
  rebuild_legal_bits();
  ordered_ = true;
}

// One whole move of colour c, known at compile time: constant array offsets, fewer registers.
// Forced inline into play_vertex() and playout(): one call per move instead of two. With a null
// `rec` (playout) nothing is recorded, and the inlined copy has none of the record's stores.
// Returns whether roots were removed: only then can the game have ended. The caller passes the
// turn and counts the ply (playout() once for all its moves).
template <int MaxN>
template <int c, bool kBits>
inline bool BasicBoard<MaxN>::play_as(Vertex v, MoveRecord* rec) noexcept {
  const Vertex attach = single_neighbour(c, v);
  const Vertex expanded = root_[attach];
  if (rec) {
    rec->point = v;
    rec->attach = attach;
    rec->saved_next = next_[v];
  }
  // Rules 3-4: the stone joins the expanded root, linked right after the stone it touches.
  Vertex bounded[kMaxRemovedRoots];  // v's enemy owner, up to 3 empty neighbours' owners, expanded
  int bounded_count = 0;
  add_stone<c, true, kBits>(v, expanded, bounded, bounded_count);
  next_[v] = next_[attach];
  next_[attach] = v;
  // Rule 6. No root is bounded at the start of a turn, so only those the placement took to zero
  // growth points can be bounded now; usually there are none.
  if (bounded_count == 0) return false;
  if (rec)
    remove_bounded<kBits, true>(expanded, bounded, bounded_count, rec);
  else
    remove_bounded<kBits, false>(expanded, bounded, bounded_count, nullptr);
  return true;
}

// ---- Rule 6 (docs/rules.md#rule6): removing bounded roots ---------------------------------------

// Rule 6 after a placement into `expanded` that left the roots `bounded` (at least one) with no
// growth point. The list holds no root twice and every root in it is still bounded: every root
// but the expanded one only loses growth points during a placement, and the expanded root is
// listed last, only if its growth is zero at the end. Out of line, as are remove_roots() and
// remove_root(): the hot path of a move (play_as) then needs fewer registers. kBits as in
// add_stone(): playout() passes false, and its removals leave the legal bitsets stale too.
// kRecord: `rec` is non-null (play_vertex(), play_vertex_unordered()), known at compile time
// because these functions are out of line, so playout() pays no null test per removal or root.
template <int MaxN>
template <bool kBits, bool kRecord>
void BasicBoard<MaxN>::remove_bounded(Vertex expanded, const Vertex* bounded, int bounded_count,
                                      MoveRecord* rec) noexcept {
  assert(bounded_count <= kMaxRemovedRoots);
  if (growth_[expanded] == 0) {  // case 1: the expanded root is bounded; it alone is removed
    remove_roots<kBits, kRecord>(&expanded, 1, Removal::ExpandedRoot, rec);
    return;
  }
  for (int i = 0; i < bounded_count; ++i)  // case 2: every bounded root is removed, at once
    assert(growth_[bounded[i]] == 0 && std::find(bounded, bounded + i, bounded[i]) == bounded + i);
  remove_roots<kBits, kRecord>(bounded, bounded_count, Removal::BoundedRoots, rec);
}

// Removes the bounded roots `heads` in one pass over their stones, and notes them in `rec` with
// kRecord. Without kBits (playout(), play_vertex_unordered()) the bitsets are left stale.
// Being bounded, no removed root owns a growth point, so every empty point next to one had two or
// more friendly neighbours: removal can only create growth points (of roots that stay), never
// delete one. Counts only fall during removal, so a point whose count of colour x reaches one
// while it is empty, with that last x neighbour in a root that stays, is final: it becomes a
// growth point now, exactly once. If the last neighbour is in a root being removed (marked by
// kRemoving in its growth count) the one is only momentary and the point is skipped.
template <int MaxN>
template <bool kBits, bool kRecord>
void BasicBoard<MaxN>::remove_roots(const Vertex* heads, int count_of_heads, Removal kind, MoveRecord* rec) noexcept {
  for (int i = 0; i < count_of_heads; ++i) {
    assert(growth_[heads[i]] == 0);
    growth_[heads[i]] = kRemoving;
  }
  assert(kRecord == (rec != nullptr));
  if (kRecord) rec->removal = kind;
  for (int i = 0; i < count_of_heads; ++i) {
    const Vertex head = heads[i];
    const bool white = cell(head) == cell_of(1);
    const int stones = white ? remove_root<1, kBits>(head) : remove_root<0, kBits>(head);
    if (!kRecord) continue;
    if (white) rec->removed_white_mask |= static_cast<std::uint8_t>(1u << rec->removed_roots);
    rec->removed[rec->removed_roots++] = head;
    auto& total = white ? rec->removed_white : rec->removed_black;
    total = static_cast<std::uint16_t>(total + stones);
  }
  for (int i = 0; i < count_of_heads; ++i) growth_[heads[i]] = 0;
  note_game_end();  // only removal can end the game
}

// Empties the c root `head` for remove_roots(); returns its number of stones. Branches, unlike
// add_stone(): removal is rare, and a branch-free loop would run more instructions on every
// neighbour of every removed stone than its mispredicts cost.
template <int MaxN>
template <int c, bool kBits>
int BasicBoard<MaxN>::remove_root(Vertex head) noexcept {
  constexpr int d = 1 - c;
  constexpr std::uint32_t kCountMask = 3u | (7u << count_shift(c));  // content + c count
  constexpr std::uint32_t kOne = 1u << count_shift(c);
  // The c legal count and the hash stay in registers for the whole root (locals: the member
  // copies would be reloaded after every store to the point words).
  std::size_t count_c = legal_count_[c];
  std::uint64_t hash = hash_;
  int removed = 0;
  std::size_t s = head;
  do {  // next_ is left intact so undo and removed_stones() can walk the root again
    // Only c stones leave in this loop, so s's d neighbour fields read here stay exact.
    const std::uint32_t sword = point_[s] & ~3u;
    point_[s] = sword;
    hash ^= detail::kVertexKeys<MaxN>.key[c][s];
    const std::uint32_t s_bits = static_cast<std::uint32_t>(s) << xor_shift(c);
    for_each_neighbour<kWidth>(s, [&](const std::size_t n) TANBO_ALWAYS_INLINE {
      const std::uint32_t after = (point_[n] ^ s_bits) - kOne;
      point_[n] = after;
      if ((after & kCountMask) == kOne) {  // empty, one c neighbour left
        const Vertex owner = root_[single_neighbour_in(c, after)];
        if (growth_[owner] != kRemoving) {  // in a root that stays
          legal_add<kBits>(c, n, count_c);
          ++growth_[owner];
        }
      }
    });
    if (is_growth_word(d, sword)) {  // the emptied point, other colour
      const Vertex owner = root_[single_neighbour_in(d, sword)];
      if (growth_[owner] != kRemoving) {
        legal_add<kBits>(d, s);
        ++growth_[owner];
      }
    }
    ++removed;
    s = next_[s];
  } while (s != head);
  legal_count_[c] = static_cast<std::uint16_t>(count_c);
  hash_ = hash;
  stones_[c] = static_cast<std::uint16_t>(stones_[c] - removed);
  --roots_[c];
  return removed;
}

template <int MaxN>
std::vector<Point> BasicBoard<MaxN>::removed_stones(const MoveRecord& rec) const {
  std::vector<Point> out;
  out.reserve(static_cast<std::size_t>(rec.removed_black + rec.removed_white));  // one allocation
  for_each_removed_stone_row_major(rec, [&out](Vertex s) { out.push_back(point(s)); });
  return out;
}

// ---- Rule 7: the end of the game ----------------------------------------------------------------

template <int MaxN>
std::optional<Color> BasicBoard<MaxN>::winner() const noexcept {
  if (stones_[0] == 0 && stones_[1] > 0) return Color::White;
  if (stones_[1] == 0 && stones_[0] > 0) return Color::Black;
  return std::nullopt;
}

// Random moves until the end of the game, unrolled by colour so the side to move is a
// compile-time constant in each half. Stones leave the board only by removal, so after a move
// that removed nothing the game cannot be over.
template <int MaxN>
int BasicBoard<MaxN>::playout(Rng& caller_rng, int max_moves) noexcept {
  Rng rng = caller_rng;  // a local copy stays in registers; the caller's is one store per call
  int played = 0;
  if (is_over()) return 0;
  if (to_move_ == Color::White && played < max_moves) {
    const bool removed = play_as<1, false>(legal_[1][rng.below(legal_count_[1])], nullptr);
    ++played;
    if (removed && is_over()) max_moves = played;
  }
  // Counting down frees the register max_moves would hold.
  int left = max_moves - played;
  while (left > 0) {
    const bool removed = play_as<0, false>(legal_[0][rng.below(legal_count_[0])], nullptr);
    if (--left == 0 || (removed && is_over())) break;
    const bool removed_too = play_as<1, false>(legal_[1][rng.below(legal_count_[1])], nullptr);
    --left;
    if (removed_too && is_over()) break;
  }
  played = max_moves - left;
  // Once the game is over the bitsets are never read (no legal moves, play refuses, and undo
  // cannot reach back past a playout), so a finished playout skips their rebuild.
  if (!is_over()) rebuild_legal_bits();
  caller_rng = rng;
  ply_ += static_cast<std::uint32_t>(played);
  if (played % 2 == 1) to_move_ = opponent(to_move_);
  return played;
}

// ---- Undo: a placement and its removals taken back ----------------------------------------------

template <int MaxN>
void BasicBoard<MaxN>::undo(const MoveRecord& rec) noexcept {
  if (to_move_ == Color::White)
    undo_as<0>(rec);
  else
    undo_as<1>(rec);
}

// Takes back a move of colour c, in the reverse order of play: the removed roots come back (the
// last removed first), then the placed stone leaves. Forced inline into undo(), with
// remove_stone<c>.
template <int MaxN>
template <int c>
inline void BasicBoard<MaxN>::undo_as(const MoveRecord& rec) noexcept {
  over_ = false;  // the move was played, so the game was not over before it
  --ply_;
  to_move_ = opponent(to_move_);
  hash_ ^= kZobrist.white_to_move;
  for (int i = rec.removed_roots - 1; i >= 0; --i)
    restore_root(rec.removed[i], (rec.removed_white_mask >> i) & 1);
  remove_stone<c>(rec.point);
  next_[rec.attach] = next_[rec.point];
  next_[rec.point] = rec.saved_next;
}

// Puts a removed root back: its stones still form the circular list they had (remove_root()
// leaves next_ intact).
template <int MaxN>
void BasicBoard<MaxN>::restore_root(Vertex head, int c) noexcept {
  int unused = 0;
  Vertex s = head;
  do {
    if (c == 0)
      add_stone<0, false, true>(s, head, nullptr, unused);
    else
      add_stone<1, false, true>(s, head, nullptr, unused);
    s = next_[s];
  } while (s != head);
  ++roots_[c];
}

// Empties v (a c stone of root root_[v]), keeping legal sets and growth counts exact: the
// placement taken back. One load per neighbour word: its old content and c count say what v's
// removal changes there.
template <int MaxN>
template <int c>
inline void BasicBoard<MaxN>::remove_stone(Vertex v) noexcept {
  constexpr int d = 1 - c;
  constexpr std::uint32_t kCountMask = 3u | (7u << count_shift(c));  // content + c count
  constexpr std::uint32_t kOne = 1u << count_shift(c);
  const Vertex head = root_[v];
  const std::uint32_t vword = point_[v] & ~3u;
  point_[v] = vword;
  hash_ ^= detail::kVertexKeys<MaxN>.key[c][v];
  --stones_[c];
  std::size_t count_c = legal_count_[c];
  const std::uint32_t v_bits = static_cast<std::uint32_t>(v) << xor_shift(c);
  for_each_neighbour<kWidth>(v, [&](const std::size_t n) TANBO_ALWAYS_INLINE {
    const std::uint32_t word = point_[n];
    const std::uint32_t after = (word ^ v_bits) - kOne;
    point_[n] = after;
    const std::uint32_t key = word & kCountMask;
    if (key == kOne) {  // empty, v was its only c neighbour: no longer a growth point of head
      --growth_[head];
      legal_remove(c, n, count_c);
    } else if (key == 2 * kOne) {  // empty, one c neighbour left: n becomes its growth point
      legal_add(c, n, count_c);
      ++growth_[root_[single_neighbour_in(c, after)]];
    }
  });
  // v's own neighbour counts are unchanged; its single c neighbour, if any, is the stone it
  // was attached to, in head's root.
  if (is_growth_word(c, vword)) {
    legal_add(c, v, count_c);
    ++growth_[head];
  }
  legal_count_[c] = static_cast<std::uint16_t>(count_c);
  if (is_growth_word(d, vword)) {
    legal_add(d, v);
    ++growth_[root_[single_neighbour_in(d, vword)]];
  }
}

// ---- Consistency: every incremental quantity against a rebuild ----------------------------------

// check_consistency()'s steps: this board (`mine`) against `fresh`, built from its cells, in
// the order of the messages: totals, then every point, then the roots' stone lists. Roots are
// matched through per-vertex tables instead of maps: the differential checks call this after
// every removal and every undo that restores one.
template <int MaxN>
class BasicBoard<MaxN>::ConsistencyCheck {
 public:
  ConsistencyCheck(const BasicBoard& mine, const BasicBoard& fresh)
      : mine_(mine), fresh_(fresh), used_(used_vertices(mine.size_, kWidth)) {
    std::fill_n(to_fresh_.begin(), used_, kNoVertex);
    std::fill_n(from_fresh_.begin(), used_, kNoVertex);
    std::fill_n(members_.begin(), used_, std::uint16_t{0});
  }

  // The hash, the stone, root and legal-move counts, the game-over flag and the bitsets.
  std::optional<std::string> totals() const {
    const BasicBoard &b = mine_, &f = fresh_;
    if (b.hash_ != f.hash_) return "hash differs from recomputation";
    for (int c = 0; c < 2; ++c) {
      if (b.stones_[c] != f.stones_[c]) return std::string("stone count of ") + kNames[c] + " differs";
      if (b.roots_[c] != f.roots_[c]) return std::string("root count of ") + kNames[c] + " differs";
      if (b.legal_count_[c] != f.legal_count_[c])
        return std::string("legal-move count of ") + kNames[c] + " is " + std::to_string(b.legal_count_[c]) +
               ", recomputed " + std::to_string(f.legal_count_[c]);
    }
    if (b.over_ != f.over_)
      return std::string("game-over flag is ") + (b.over_ ? "set" : "clear") + ", the stones say " +
             (f.over_ ? "over" : "not over");
    // Unread once over (playout() leaves them stale) or while play_vertex_unordered() says so.
    for (int c = 0; c < 2 && b.ordered_ && !b.is_over(); ++c)
      if (b.legal_bits_[c] != f.legal_bits_[c] || b.legal_word_count_[c] != f.legal_word_count_[c])
        return std::string("legal bitset of ") + kNames[c] + " differs from its legal set";
    return std::nullopt;
  }

  // Every point, row-major: its word, its place in the legal sets and, for a stone, its root.
  std::optional<std::string> points() {
    const BasicBoard& b = mine_;
    for (int y = 0; y < b.size_; ++y)
      for (Vertex v = vertex({0, y}); v < vertex({0, y}) + b.size_; ++v) {
        // The whole word at once (both counts and XORs; the content is the same, fresh being
        // built from these cells); the detail only on a difference.
        if (b.point_[v] != fresh_.point_[v]) {
          const int c = b.count(0, v) != fresh_.count(0, v) ||
                                b.single_neighbour(0, v) != fresh_.single_neighbour(0, v)
                            ? 0
                            : 1;
          return std::string("neighbour count/XOR of ") + kNames[c] + " at " + at_point(v) + " differs";
        }
        // Membership is the point word (compared above); each member must sit at its index.
        // With the counts equal, that makes the first legal_count_ entries exactly the set.
        for (int c = 0; c < 2; ++c)
          if (is_growth_word(c, b.point_[v]) &&
              (b.legal_pos_[c][v] >= b.legal_count_[c] || b.legal_[c][b.legal_pos_[c][v]] != v))
            return at_point(v) + " is a legal point of " + kNames[c] + " missing from its legal set";
        if (b.cell(v) == kEmpty) continue;
        if (auto why = stone_root(v)) return why;
      }
    return std::nullopt;
  }

  // Each root's circular list holds exactly its stones (counted by points()).
  std::optional<std::string> stone_lists() const {
    for (int i = 0; i < head_count_; ++i) {
      const Vertex head = heads_[static_cast<std::size_t>(i)];
      const int count = members_[head];
      int walked = 0;
      Vertex s = head;
      do {
        if (mine_.root_[s] != head || ++walked > count) return "stone list of root " + at_point(head) + " is broken";
        s = mine_.next_[s];
      } while (s != head);
      if (walked != count) return "stone list of root " + at_point(head) + " misses stones";
    }
    return std::nullopt;
  }

 private:
  static constexpr const char* kNames[2] = {"X", "O"};
  static std::string at_point(Vertex v) { return point_name(point(v)); }

  // The stone at v: its head is a live stone of its root, the roots are the same partition of
  // stones as fresh's (heads may differ), and a root's first stone met brings its growth count.
  std::optional<std::string> stone_root(Vertex v) {
    const BasicBoard& b = mine_;
    const Vertex mine = b.root_[v], theirs = fresh_.root_[v];
    if (mine >= used_ || b.cell(mine) != b.cell(v) || b.root_[mine] != mine)
      return "stone " + at_point(v) + " names a head that is not a live stone of its root";
    const bool first_of_root = to_fresh_[mine] == kNoVertex;
    if (first_of_root) {
      to_fresh_[mine] = theirs;
      heads_[static_cast<std::size_t>(head_count_++)] = mine;
    }
    if (from_fresh_[theirs] == kNoVertex) from_fresh_[theirs] = mine;
    if (to_fresh_[mine] != theirs || from_fresh_[theirs] != mine)
      return "stone " + at_point(v) + " is in a different root than recomputed";
    ++members_[mine];
    if (first_of_root && b.growth_[mine] != fresh_.growth_[theirs])
      return "root at " + at_point(mine) + " has " + std::to_string(b.growth_[mine]) +
             " growth points, recomputed " + std::to_string(fresh_.growth_[theirs]);
    return std::nullopt;
  }

  const BasicBoard& mine_;
  const BasicBoard& fresh_;
  const std::size_t used_;
  std::array<Vertex, kVertices> to_fresh_, from_fresh_;  // head of mine <-> head of fresh
  std::array<std::uint16_t, kVertices> members_;          // stones per head of mine
  std::array<Vertex, kPlayable> heads_;                   // mine's heads, in the order met
  int head_count_ = 0;
};

// Rebuilds the board from its stones alone and compares (KataGo's checkConsistency idea).
template <int MaxN>
std::optional<std::string> BasicBoard<MaxN>::check_consistency() const {
  // Build a fresh board without the validity checks (a bounded root is itself a difference).
  // From this board's cells directly (no Position in between): the checks call this often.
  BasicBoard fresh = *this;
  static_cast<void>(fresh.build(size_, to_move_, variant_, [this](Point p) { return static_cast<Cell>(cell(vertex(p))); }));
  ConsistencyCheck check(*this, fresh);
  if (auto why = check.totals()) return why;
  if (auto why = check.points()) return why;
  return check.stone_lists();
}

// ---- The capacities ------------------------------------------------------------------------------

template class BasicBoard<kMaxSize>;
template class BasicBoard<19>;
template class BasicBoard<kSmallCapacity>;  // Capacities::kWithSmall

}  // namespace tanbo::optimized

#undef TANBO_ALWAYS_INLINE
