// The weak solver (weak.hpp): fail-soft negamax alpha-beta on the optimized engine's
// make/unmake board, over scores that are exact game-theoretic values, never estimates:
//   a win in d plies for the side to move scores kM - d, a loss in d plies -(kM - d).
// Maximising this score is exactly issue 42's perfect play (the winner ends as soon as it can,
// the loser delays as long as it can), and since no position is ever scored by a heuristic,
// every bound the search returns or stores is a true bound: the transposition table needs no
// depth field and its entries stay valid for every later search (value, length, proof).
//
// The value is one null-window search around 0 (no score is 0, so it answers win or loss); the
// length is MTD(f) null-window steps on the proven side; the proof re-walks the winner's
// strategy with the table. Every limit is a node count, so answers are deterministic.
#include "tanbo/solve/weak.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/optimized/board.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::solve {

namespace {

// Score of a finished game for the side to move; a game not over scores inside (-kM, kM), and
// no game lasts anywhere near kM plies (B(R, N) <= 624 * 625 on 25x25).
constexpr int kM = 1'000'000'000;
constexpr int kInf = kM + 1;

// The parent's score when the child (the position after the parent's move) scores s: the
// child's win in d is the parent's loss in d + 1, and the other way round.
constexpr int parent_score(int s) noexcept { return s > 0 ? -s + 1 : -s - 1; }
// The child bound that matches the parent bound v: parent_score(s) > v <=> s < child_bound(v)
// and parent_score(s) < v <=> s > child_bound(v). parent_score is decreasing, so the parent's
// window (alpha, beta) becomes the child's (child_bound(beta), child_bound(alpha)).
constexpr int child_bound(int v) noexcept { return v > 0 ? -v - 1 : v < 0 ? 1 - v : 0; }
static_assert(parent_score(-kM) == kM - 1 && parent_score(kM) == -(kM - 1));
static_assert(parent_score(child_bound(5) - 1) > 5 && parent_score(child_bound(5)) == 5);
static_assert(parent_score(child_bound(-5) - 1) > -5 && parent_score(child_bound(-5)) == -5);

// A position's identity in the table and the proof's set of positions. Boards up to 7x7 (at most
// 63 points) are stored exactly: a holds Black's stones and the side to move, b White's stones,
// one bit per row-major point, so no two positions share a key. Larger boards use the engine's
// Zobrist hash in a and an independent 64-bit Zobrist hash in b: a wrong answer needs two
// positions equal in 128 bits (about n^2 / 2^129 for n positions), and the certificate checker
// replays every proof on the reference engine whatever the solver believed.
struct Key {
  std::uint64_t a = 0, b = 0;
  friend bool operator==(const Key&, const Key&) = default;
};
struct KeyHash {
  std::size_t operator()(const Key& k) const noexcept {
    return static_cast<std::size_t>(k.a * 0x9E3779B97F4A7C15ull ^ (k.b + 0x632BE59BD9B4E019ull));
  }
};

// One table entry: true bounds lo <= value <= hi, the move that proved the lower bound, and the
// size class (bit width) of the search that produced it, which decides replacement.
struct Entry {
  Key key;
  std::int32_t lo = -kInf, hi = kInf;
  optimized::Vertex move = optimized::kNoVertex;
  std::uint8_t work = 0;
  bool used = false;
};
static_assert(sizeof(Entry) == 32, "two entries per 64-byte bucket");

// splitmix64: the second hash's keys, from a fixed seed (deterministic, independent of the
// engine's Zobrist keys).
std::uint64_t splitmix(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

template <int MaxN>
class Searcher {
  using Board = optimized::BasicBoard<MaxN>;
  using Vertex = optimized::Vertex;

 public:
  Searcher(const Position& start, const WeakBudget& budget)
      : board_(start), n_(start.size()), exact_(n_ * n_ <= 63), budget_(budget) {
    for (int y = 0; y < n_; ++y)
      for (int x = 0; x < n_; ++x) index_[Board::vertex({x, y})] = static_cast<std::uint16_t>(y * n_ + x);
    if (!exact_) {
      std::uint64_t seed = 0x7A6B6F5F7765616Bull;  // "weak"
      side_key_ = splitmix(seed);
      zobrist_.resize(static_cast<std::size_t>(2 * n_ * n_));
      for (std::uint64_t& z : zobrist_) z = splitmix(seed);
    }
    key_ = key_from_scratch();
    mask_ = (std::size_t{1} << budget.table_log2) - 1;
    moves_.reserve(4096);
  }

  WeakResult run() {
    WeakResult r;
    r.to_move = board_.to_move();
    r.table_capacity = static_cast<long long>(mask_ + 1);
    limit_ = budget_.nodes;
    attacker_ = board_.to_move();
    if (board_.is_over()) {
      static_cast<Outcome&>(r) = Outcome::of(*board_.winner() == board_.to_move(), 0);
      if (budget_.proof) r.proof = Proof{*board_.winner(), {ProofLine{board_.position(), std::nullopt}}};
      return r;
    }
    // The value. Alpha-beta: no score is 0, so the window (-1, 1) settles the sign and nothing
    // else. df-pn: "the side to move wins" is proven or disproven (no draws).
    const bool pn = budget_.value_search == ValueSearch::ProofNumber;
    int g = 0;
    if (pn) {
      const PnPair root = pn_settle();
      g = root.pn == 0 ? 1 : -1;
    } else {
      g = search(-1, 1);
    }
    r.value_nodes = nodes_;
    if (aborted_) return finish(r);
    const bool win = g > 0;
    prover_ = win ? board_.to_move() : opponent(board_.to_move());
    r.value = win ? Value::Win : Value::Loss;
    int value = win ? 1 : -1;  // known of the exact score: at least this (win), at most (loss)
    // The length: MTD(f) on the proven side; each null-window search moves one bound.
    if (budget_.length) {
      int lower = win ? g : -(kM - 1), upper = win ? kM - 1 : g;
      int guess = g;
      while (lower < upper && !aborted_) {
        const int beta = guess == lower ? guess + 1 : guess;
        guess = search(beta - 1, beta);
        if (aborted_) break;
        if (guess < beta) upper = guess;
        else lower = guess;
      }
      if (!aborted_) {
        value = lower;
        r.length = kM - (value > 0 ? value : -value);
      }
    }
    // The best move: one whose child gives the known score (with the length, the perfect-play
    // move; without it, a winning move, or for a loss the first move in search order).
    const bool with_length = r.length >= 0;
    if (!aborted_) {
      const std::size_t base = moves_.size();
      const std::size_t count = generate(lookup_move(), nullptr);
      if (pn && win && !with_length)  // a move df-pn already proved first: no search at all
        for (std::size_t i = base; i < base + count; ++i)
          if (known_prover_win_after(moves_[i].vertex)) {
            std::swap(moves_[base], moves_[i]);
            break;
          }
      for (std::size_t i = base; i < base + count && !r.best_move && !aborted_; ++i) {
        const Vertex m = moves_[i].vertex;
        if ((!with_length && !win) || (with_length || !pn ? child_at_least(m, value) : prover_wins_after(m)))
          r.best_move = Board::point(m);
      }
      moves_.resize(base);
    }
    r.length_nodes = nodes_ - r.value_nodes;
    if (!aborted_ && r.best_move && budget_.proof) {
      Proof proof{prover_, {}};
      std::unordered_set<Key, KeyHash> seen;
      if (prove(proof, seen)) r.proof = std::move(proof);
    }
    r.proof_nodes = nodes_ - r.value_nodes - r.length_nodes;
    return finish(r);
  }

 private:
  struct Move {
    Vertex vertex;
    int order;  // higher first
  };
  struct Undo {
    optimized::MoveRecord rec;
    Key key;
  };

  WeakResult& finish(WeakResult& r) {
    r.table_used = used_ + pn_used_;
    r.nodes = nodes_;
    return r;
  }

  // ---- Keys -------------------------------------------------------------------------------------
  void toggle_stone(int colour, Vertex v) noexcept {
    const std::uint16_t i = index_[v];
    if (exact_) {
      (colour == 0 ? key_.a : key_.b) ^= std::uint64_t{1} << i;
    } else {
      key_.b ^= zobrist_[static_cast<std::size_t>(colour * n_ * n_ + i)];
    }
  }
  void toggle_side() noexcept {
    if (exact_) key_.a ^= std::uint64_t{1} << 63;
    else key_.b ^= side_key_;
  }
  Key current_key() const noexcept { return exact_ ? key_ : Key{board_.hash(), key_.b}; }
  Key key_from_scratch() {
    key_ = {};
    for (int y = 0; y < n_; ++y)
      for (int x = 0; x < n_; ++x) {
        const Cell c = board_.at({x, y});
        if (c != Cell::Empty) toggle_stone(c == Cell::Black ? 0 : 1, Board::vertex({x, y}));
      }
    if (board_.to_move() == Color::White) toggle_side();
    return key_;
  }

  // Plays legal move v and keeps the key current (the new stone, the removed roots, the side).
  Undo make(Vertex v) noexcept {
    Undo u{{}, key_};
    const int mover = static_cast<int>(board_.to_move());
    u.rec = board_.play_vertex(v);
    toggle_stone(mover, v);
    if (u.rec.removed_roots > 0) {
      // Roots are walked in record order; the head of root i + 1 starts its walk.
      int root = 0;
      board_.for_each_removed_stone(u.rec, [&](Vertex s) {
        if (root + 1 < u.rec.removed_roots && s == u.rec.removed[static_cast<std::size_t>(root + 1)]) ++root;
        toggle_stone((u.rec.removed_white_mask >> root) & 1, s);
      });
    }
    toggle_side();
    return u;
  }
  void unmake(const Undo& u) noexcept {
    board_.undo(u.rec);
    key_ = u.key;
  }

  // ---- Transposition table ----------------------------------------------------------------------
  Entry* probe() {
    if (table_.empty()) table_.resize(mask_ + 1);
    const Key k = current_key();
    const std::size_t i = static_cast<std::size_t>(board_.hash() & mask_) & ~std::size_t{1};
    for (std::size_t j = i; j < i + 2; ++j)
      if (table_[j].used && table_[j].key == k) return &table_[j];
    return nullptr;
  }
  Vertex lookup_move() {
    if (table_.empty()) return optimized::kNoVertex;  // no alpha-beta search ran (df-pn alone)
    const Entry* e = probe();
    return e ? e->move : optimized::kNoVertex;
  }
  // Records lo <= value <= hi (either may be the infinite bound), keeping what the entry knew.
  void store(int lo, int hi, Vertex move, long long work) {
    if (table_.empty()) table_.resize(mask_ + 1);
    const Key k = current_key();
    const std::size_t i = static_cast<std::size_t>(board_.hash() & mask_) & ~std::size_t{1};
    Entry* e = nullptr;
    for (std::size_t j = i; j < i + 2; ++j)
      if (table_[j].used && table_[j].key == k) e = &table_[j];
    const auto w = static_cast<std::uint8_t>(std::bit_width(static_cast<std::uint64_t>(work)));
    if (e == nullptr) {
      // Replace an empty slot, else the one whose search was smaller (ties: the second).
      e = !table_[i].used ? &table_[i] : !table_[i + 1].used ? &table_[i + 1]
          : table_[i].work < table_[i + 1].work ? &table_[i] : &table_[i + 1];
      if (!e->used) ++used_;
      *e = Entry{k, lo, hi, move, w, true};
      return;
    }
    e->lo = std::max(e->lo, lo);
    e->hi = std::min(e->hi, hi);
    if (move != optimized::kNoVertex) e->move = move;
    e->work = std::max(e->work, w);
  }

  // ---- Move generation --------------------------------------------------------------------------
  // Appends the side to move's legal moves to moves_, best first: the table's move, then by what
  // one ply shows (stones removed from the opponent minus own stones lost, then the opponent's
  // fewest replies); ties by vertex, so the order depends on the position alone. A move that
  // ends the game in the mover's favour is reported through `win` (and generation stops);
  // a move that ends it the other way goes last. Returns the number of moves appended.
  std::size_t generate(Vertex tt_move, Vertex* win) {
    const std::size_t base = moves_.size();
    const auto legal = board_.legal_vertices();
    // Copied first: the engine's internal order changes as moves are played and undone.
    for (const Vertex v : legal) moves_.push_back({v, 0});
    const Color mover = board_.to_move();
    const int me = static_cast<int>(mover);
    for (std::size_t i = base; i < moves_.size(); ++i) {
      Move& m = moves_[i];
      const optimized::MoveRecord rec = board_.play_vertex(m.vertex);
      const int removed_mine = me == 0 ? rec.removed_black : rec.removed_white;
      const int removed_theirs = me == 0 ? rec.removed_white : rec.removed_black;
      if (board_.is_over()) {
        const bool won = *board_.winner() == mover;
        board_.undo(rec);
        if (won && win != nullptr) {
          *win = m.vertex;
          return moves_.size() - base;
        }
        m.order = won ? 1 << 29 : -(1 << 29);
        continue;
      }
      const int replies = board_.legal_move_count();
      board_.undo(rec);
      m.order = (removed_theirs - removed_mine) * 1024 - replies;
      if (m.vertex == tt_move) m.order = 1 << 30;
    }
    std::sort(moves_.begin() + static_cast<std::ptrdiff_t>(base), moves_.end(), [](const Move& x, const Move& y) {
      return x.order != y.order ? x.order > y.order : x.vertex < y.vertex;
    });
    return moves_.size() - base;
  }

  // Counts a node; false (and aborted_) once the budget is spent.
  bool count_node() {
    if (nodes_ >= limit_) {
      aborted_ = true;
      return false;
    }
    ++nodes_;
    if (budget_.progress && budget_.progress_interval > 0 && nodes_ % budget_.progress_interval == 0)
      budget_.progress(nodes_);
    return true;
  }

  // ---- Search -----------------------------------------------------------------------------------
  // Fail-soft negamax: the exact score when it lies in (alpha, beta), else a bound on the far
  // side of the window (an upper bound <= alpha or a lower bound >= beta). 0 once aborted.
  int search(int alpha, int beta) {
    if (!count_node()) return 0;
    if (board_.is_over()) return *board_.winner() == board_.to_move() ? kM : -kM;
    // A game not over scores within +-(kM - 1): the win in 1 ply is the best there is.
    if (alpha >= kM - 1) return kM - 1;
    if (beta <= -(kM - 1)) return -(kM - 1);
    Vertex tt_move = optimized::kNoVertex;
    if (const Entry* e = probe()) {
      if (e->lo >= beta || e->lo == e->hi) return e->lo;
      if (e->hi <= alpha) return e->hi;
      alpha = std::max(alpha, e->lo);
      beta = std::min(beta, e->hi);
      tt_move = e->move;
    }
    const long long start = nodes_;
    const std::size_t base = moves_.size();
    Vertex win = optimized::kNoVertex;
    const std::size_t count = generate(tt_move, &win);
    if (win != optimized::kNoVertex) {
      moves_.resize(base);
      store(kM - 1, kM - 1, win, 1);
      return kM - 1;
    }
    int best = -kInf;
    Vertex best_move = optimized::kNoVertex;
    const int alpha0 = alpha;
    for (std::size_t i = base; i < base + count; ++i) {
      const Vertex v = moves_[i].vertex;
      const Undo u = make(v);
      const int s = search(child_bound(beta), child_bound(alpha));
      unmake(u);
      if (aborted_) {
        moves_.resize(base);
        return 0;
      }
      const int score = parent_score(s);
      if (score > best) {
        best = score;
        best_move = v;
        if (score > alpha) {
          alpha = score;
          if (score >= beta) break;
        }
      }
    }
    moves_.resize(base);
    if (best <= alpha0) store(-kInf, best, optimized::kNoVertex, nodes_ - start);
    else if (best >= beta) store(best, kInf, best_move, nodes_ - start);
    else store(best, best, best_move, nodes_ - start);
    return best;
  }

  // Does playing m give the side to move a score of at least v? (false once aborted)
  bool child_at_least(Vertex m, int v) {
    const Undo u = make(m);
    const int t = child_bound(v - 1);  // parent_score(s) >= v <=> s < t
    const int s = search(t - 1, t);
    unmake(u);
    return !aborted_ && s < t;
  }

  // ---- Proof-number search (df-pn) ------------------------------------------------------------
  // Proof and disproof numbers of "attacker_ (the root's side to move) wins", from the
  // attacker's side at every node: at the attacker's nodes (OR) pn is the least child pn and dn
  // the sum of the children's dn; at the defender's nodes (AND) the other way round. 0 proves,
  // kPnInf refutes. Tanbo's game graph has no cycles (rule 7's measure falls every move), so
  // the search has none of df-pn's cycle troubles.
  static constexpr std::uint32_t kPnInf = 0x3FFFFFFF;
  struct PnPair {
    std::uint32_t pn, dn;
  };
  struct PnEntry {
    Key key;
    std::uint32_t pn = 1, dn = 1;
    std::uint8_t work = 0;
    bool used = false;
  };
  static_assert(sizeof(PnEntry) == 32, "two entries per 64-byte bucket");
  struct Child {
    Vertex vertex;
    std::uint64_t hash;
    Key key;
    PnPair pd;
  };

  const PnEntry* pn_probe(std::uint64_t hash, const Key& k) const noexcept {
    if (pn_table_.empty()) return nullptr;
    const std::size_t i = static_cast<std::size_t>(hash & mask_) & ~std::size_t{1};
    for (std::size_t j = i; j < i + 2; ++j)
      if (pn_table_[j].used && pn_table_[j].key == k) return &pn_table_[j];
    return nullptr;
  }
  void pn_store(std::uint64_t hash, const Key& k, PnPair pd, long long work) {
    if (pn_table_.empty()) pn_table_.resize(mask_ + 1);
    const std::size_t i = static_cast<std::size_t>(hash & mask_) & ~std::size_t{1};
    const auto w = static_cast<std::uint8_t>(std::bit_width(static_cast<std::uint64_t>(work)));
    PnEntry* e = nullptr;
    for (std::size_t j = i; j < i + 2; ++j)
      if (pn_table_[j].used && pn_table_[j].key == k) e = &pn_table_[j];
    if (e == nullptr) {
      // An empty slot, else the smaller search; a settled entry (pn or dn 0) counts as the
      // largest, since settling it again may cost a whole subtree.
      const auto weight = [](const PnEntry& x) { return x.pn == 0 || x.dn == 0 ? 255 : x.work; };
      e = !pn_table_[i].used ? &pn_table_[i] : !pn_table_[i + 1].used ? &pn_table_[i + 1]
          : weight(pn_table_[i]) < weight(pn_table_[i + 1]) ? &pn_table_[i] : &pn_table_[i + 1];
      if (!e->used) ++pn_used_;
      *e = PnEntry{k, pd.pn, pd.dn, w, true};
      return;
    }
    e->pn = pd.pn;
    e->dn = pd.dn;
    e->work = std::max(e->work, w);
  }
  static std::uint32_t capped(std::uint64_t x) noexcept {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(x, kPnInf));
  }

  // The numbers of a position just reached by a move: settled when the game is over, from the
  // table, else first estimates by mobility (the side to move's replies: at a defender's node
  // every reply must be refuted, at an attacker's node every move must fail).
  PnPair pn_leaf() const noexcept {
    if (board_.is_over()) return *board_.winner() == attacker_ ? PnPair{0, kPnInf} : PnPair{kPnInf, 0};
    if (const PnEntry* e = pn_probe(board_.hash(), current_key())) return {e->pn, e->dn};
    const auto m = static_cast<std::uint32_t>(board_.legal_move_count());
    return board_.to_move() == attacker_ ? PnPair{1, m} : PnPair{m, 1};
  }

  // Multiple-iterative deepening at the current position (not over) until its pn reaches thpn
  // or its dn reaches thdn; stores and returns its numbers ({1, 1} once aborted).
  PnPair mid(std::uint32_t thpn, std::uint32_t thdn) {
    if (!count_node()) return {1, 1};
    const long long start = nodes_;
    const std::uint64_t hash = board_.hash();
    const Key key = current_key();
    const bool or_node = board_.to_move() == attacker_;
    const std::size_t base = children_.size();
    {
      // Copied first: the engine's internal order changes as moves are played and undone.
      const auto legal = board_.legal_vertices();
      const std::size_t first = moves_.size();
      for (const Vertex v : legal) moves_.push_back({v, 0});
      // Two passes: the first plays each move, estimates the child by mobility and prefetches
      // its table bucket; the second reads the buckets. The reads are cache misses of a large
      // table, and overlapping them took most of df-pn's time off.
      const bool tabled = !pn_table_.empty();
      for (std::size_t i = first; i < moves_.size(); ++i) {
        const Undo u = make(moves_[i].vertex);
        PnPair pd{};
        if (board_.is_over()) {
          pd = *board_.winner() == attacker_ ? PnPair{0, kPnInf} : PnPair{kPnInf, 0};
        } else {
          const auto m = static_cast<std::uint32_t>(board_.legal_move_count());
          pd = board_.to_move() == attacker_ ? PnPair{1, m} : PnPair{m, 1};
          if (tabled) __builtin_prefetch(&pn_table_[static_cast<std::size_t>(board_.hash() & mask_) & ~std::size_t{1}]);
        }
        children_.push_back({moves_[i].vertex, board_.hash(), current_key(), pd});
        unmake(u);
      }
      moves_.resize(first);
      for (std::size_t i = base; i < children_.size(); ++i) {
        Child& c = children_[i];
        if (c.pd.pn == 0 || c.pd.dn == 0) continue;
        if (const PnEntry* e = pn_probe(c.hash, c.key)) c.pd = {e->pn, e->dn};
      }
    }
    PnPair me{1, 1};
    for (;;) {
      // This node's numbers from its children's (read from the table once, at expansion: a
      // child settled meanwhile through a transposition is seen when this node is expanded
      // again; re-reading every child every iteration cost more than it saved).
      std::uint64_t sum = 0;
      std::uint32_t least = kPnInf, second = kPnInf;
      std::size_t best = base;
      for (std::size_t i = base; i < children_.size(); ++i) {
        const Child& c = children_[i];
        const std::uint32_t mine = or_node ? c.pd.pn : c.pd.dn;    // the number this node minimises
        sum += or_node ? c.pd.dn : c.pd.pn;                         // and the one it adds up
        if (mine < least) {
          second = least;
          least = mine;
          best = i;
        } else if (mine < second) {
          second = mine;
        }
      }
      me = or_node ? PnPair{least, capped(sum)} : PnPair{capped(sum), least};
      if (me.pn >= thpn || me.dn >= thdn || me.pn == 0 || me.dn == 0) break;
      // The most proving child, with thresholds that send the search back here once it stops
      // being the best by a margin (1 + epsilon, epsilon = 1/4: fewer switches between children).
      const Child& c = children_[best];
      const std::uint32_t next_best = capped(std::uint64_t{second} + second / 4 + 1);
      PnPair th{};
      if (or_node) th = {std::min(thpn, next_best), capped(std::uint64_t{thdn} - me.dn + c.pd.dn)};
      else th = {capped(std::uint64_t{thpn} - me.pn + c.pd.pn), std::min(thdn, next_best)};
      const Undo u = make(c.vertex);
      const PnPair got = board_.is_over() ? pn_leaf() : mid(th.pn, th.dn);
      unmake(u);
      if (aborted_) {
        children_.resize(base);
        return {1, 1};
      }
      children_[best].pd = got;
    }
    children_.resize(base);
    pn_store(hash, key, me, nodes_ - start + 1);
    return me;
  }

  // The numbers of the current position, searched until settled (unless aborted).
  PnPair pn_settle() {
    const PnPair here = pn_leaf();
    if (here.pn == 0 || here.dn == 0) return here;
    return mid(kPnInf, kPnInf);
  }

  // Does prover_ win after the side to move plays m? (df-pn; false once aborted)
  bool prover_wins_after(Vertex m) {
    const Undo u = make(m);
    const PnPair r = pn_settle();
    unmake(u);
    return !aborted_ && (prover_ == attacker_ ? r.pn == 0 : r.dn == 0);
  }
  // Does the table already show that prover_ wins after m?
  bool known_prover_win_after(Vertex m) {
    const Undo u = make(m);
    const PnPair r = pn_leaf();
    unmake(u);
    return prover_ == attacker_ ? r.pn == 0 : r.dn == 0;
  }

  // ---- Proof ------------------------------------------------------------------------------------
  // Appends the proof of the current position (a win for prover_) after its successors' lines,
  // each position once. False when the budget or the proof's size limit ran out.
  bool prove(Proof& proof, std::unordered_set<Key, KeyHash>& seen) {
    const Key k = current_key();
    if (seen.count(k) != 0) return true;
    if (board_.is_over()) {
      if (*board_.winner() != prover_) return false;  // cannot happen: the search proved the win
      proof.lines.push_back({board_.position(), std::nullopt});
    } else {
      const std::size_t base = moves_.size();
      const std::size_t count = generate(lookup_move(), nullptr);
      if (budget_.value_search == ValueSearch::ProofNumber && board_.to_move() == prover_)
        for (std::size_t i = base; i < base + count; ++i)
          if (known_prover_win_after(moves_[i].vertex)) {
            std::swap(moves_[base], moves_[i]);
            break;
          }
      std::optional<Point> chosen;
      bool ok = true;
      for (std::size_t i = base; i < base + count && ok; ++i) {
        const Vertex m = moves_[i].vertex;
        if (board_.to_move() == prover_) {
          if (!(budget_.value_search == ValueSearch::ProofNumber ? prover_wins_after(m) : child_at_least(m, 1))) {
            ok = !aborted_;
            continue;
          }
          chosen = Board::point(m);
        }
        const Undo u = make(m);
        ok = prove(proof, seen);
        unmake(u);
        if (chosen) break;
      }
      moves_.resize(base);
      if (!ok || (board_.to_move() == prover_ && !chosen)) return false;
      proof.lines.push_back({board_.position(), chosen});
    }
    seen.insert(k);
    return static_cast<long long>(proof.lines.size()) <= budget_.proof_positions;
  }

  Board board_;
  int n_;
  bool exact_;
  WeakBudget budget_;
  std::array<std::uint16_t, Board::kVertices> index_{};  // vertex -> row-major point index
  std::vector<std::uint64_t> zobrist_;                    // second hash, boards above 7x7
  std::uint64_t side_key_ = 0;
  Key key_;
  std::vector<Entry> table_;
  std::size_t mask_ = 0;
  long long used_ = 0;
  long long nodes_ = 0, limit_ = 0;
  bool aborted_ = false;
  std::vector<Move> moves_;  // the move lists of the nodes on the current path, stacked
  Color attacker_ = Color::Black;  // df-pn proves "attacker_ wins"
  std::vector<PnEntry> pn_table_;
  long long pn_used_ = 0;
  std::vector<Child> children_;  // df-pn's children of the nodes on the current path, stacked
  Color prover_ = Color::Black;
};

}  // namespace

WeakResult solve_weak(const Position& start, const WeakBudget& budget) {
  if (budget.nodes < 0)
    throw UsageError("solve_weak: node budget " + std::to_string(budget.nodes) + " is negative");
  if (budget.table_log2 < 4 || budget.table_log2 > 30)
    throw UsageError("solve_weak: table_log2 " + std::to_string(budget.table_log2) +
                     " is outside 4..30 (2^table_log2 entries of 32 bytes)");
  if (budget.progress_interval <= 0)
    throw UsageError("solve_weak: progress_interval " + std::to_string(budget.progress_interval) + " is not positive");
  if (budget.proof_positions < 0)
    throw UsageError("solve_weak: proof_positions " + std::to_string(budget.proof_positions) + " is negative");
  // A finished game (what a game in progress becomes; the engines refuse to be set up from one):
  // rule 7 decides, whoever is to move. A board without stones is the engine's to refuse.
  if (const std::optional<Color> winner = reference::winner(start)) {
    WeakResult r;
    r.to_move = start.to_move();
    static_cast<Outcome&>(r) = Outcome::of(*winner == start.to_move(), 0);
    if (budget.proof) r.proof = Proof{*winner, {ProofLine{start, std::nullopt}}};
    return r;
  }
  return optimized::with_capacity_for(start.size(), [&](auto cap) {
    Searcher<decltype(cap)::value> searcher(start, budget);
    return searcher.run();
  });
}

}  // namespace tanbo::solve
