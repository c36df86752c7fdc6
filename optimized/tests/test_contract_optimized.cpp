// Contract tests of the optimized engine's public functions (optimized/include: BasicBoard and
// BasicGame, both instantiations: Board19/Game19 and Board/Game), including those outside the
// tanbo::Engine concept that the differential checks do not compare: growth_of, root_count,
// legal_vertices, random_legal_vertex, play_vertex, MoveRecord fields, removed_stones,
// records(), board(), vertex()/point(), at_vertex, variant(). Each is compared, on every position
// of seeded random games, with the reference engine (rules.hpp functions) played in lockstep.
// playout() and the uniformity of the samplers are in test_sampling.cpp. Index: differential/CONTRACT.md.
// In optimized/tests: checks the optimized engine's public functions.
// check-map: code optimized
#include <algorithm>
#include <map>
#include <sstream>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "contract_util.hpp"
#include "engine_harness.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"
#include "test_util.hpp"

using namespace tanbo;
using optimized::BasicBoard;
using optimized::MoveRecord;
using optimized::Vertex;

namespace {

// Starts each instantiation can hold: the contract starts, plus the largest boards for Board.
template <int MaxN>
std::vector<Position> starts_for() {
  std::vector<Position> out = tanbo_test::contract_starts();
  out.push_back(opening(Variant::lattice(13)));
  if (MaxN >= 19) out.push_back(opening(Variant::classic()));
  if (MaxN >= 25) {
    out.push_back(opening(Variant::lattice(21)));
    out.push_back(opening(Variant::dense(25)));
  }
  return out;
}

// Per-root truth from the reference rules: growth_of(p) for every stone, root_count per colour.
template <int MaxN>
void require_roots_agree(const BasicBoard<MaxN>& b, const Position& pos) {
  int roots[2] = {0, 0};
  for (const reference::Root& r : reference::all_roots(pos)) {
    ++roots[static_cast<int>(r.color)];
    const int growth = static_cast<int>(reference::growth_points(pos, r).size());
    for (const Point s : r.stones) {
      INFO("growth_of(" << point_name(s) << ")");
      REQUIRE(b.growth_of(s) == growth);
    }
  }
  REQUIRE(b.root_count(Color::Black) == roots[0]);
  REQUIRE(b.root_count(Color::White) == roots[1]);
}

// Every query of the board against the reference game in the same state.
template <int MaxN>
void require_board_agrees(const BasicBoard<MaxN>& b, const reference::Game& ref, bool deep) {
  using B = BasicBoard<MaxN>;
  const Position pos = ref.position();
  const int n = pos.size();
  REQUIRE(b.position() == pos);
  REQUIRE(b.size() == n);
  REQUIRE(b.to_move() == ref.to_move());
  REQUIRE(b.ply() == ref.ply());
  REQUIRE(b.is_over() == ref.is_over());
  REQUIRE(b.winner() == ref.winner());
  REQUIRE(b.variant() == ref.start_position().variant());
  REQUIRE(b.stone_count(Color::Black) == pos.count(Color::Black));
  REQUIRE(b.stone_count(Color::White) == pos.count(Color::White));
  REQUIRE(b.hash() == zobrist_hash(pos));
  const std::vector<Point> legal = ref.legal_moves();
  REQUIRE(b.legal_moves() == legal);
  REQUIRE(b.legal_move_count() == static_cast<int>(legal.size()));
  // legal_vertices() as a set is legal_moves(), without duplicates, each an empty vertex.
  std::vector<Point> from_span;
  for (const Vertex v : b.legal_vertices()) {
    REQUIRE(b.at_vertex(v) == Cell::Empty);
    from_span.push_back(B::point(v));
  }
  std::sort(from_span.begin(), from_span.end());
  REQUIRE(from_span == legal);
  // The row-major paths over the legal bitset: the walk and the i-th move are legal_moves().
  std::vector<Point> walked;
  b.for_each_legal_vertex([&walked](Vertex v) { walked.push_back(B::point(v)); });
  REQUIRE(walked == legal);
  for (std::size_t i = 0; i < legal.size(); ++i) REQUIRE(B::point(b.nth_legal_vertex(static_cast<int>(i))) == legal[i]);
  REQUIRE(b.same_cells(pos));
  if (!deep) return;
  // same_cells() notices any one point changed to either other content, and another size.
  Position changed = pos;
  for (int i = 0; i < n * n; ++i) {
    const Point p = pos.point(i);
    for (const Cell other : {Cell::Empty, Cell::Black, Cell::White}) {
      if (other == pos.at(p)) continue;
      changed.set(p, other);
      INFO("point " << point_name(p) << " changed");
      REQUIRE_FALSE(b.same_cells(changed));
    }
    changed.set(p, pos.at(p));
  }
  REQUIRE(b.same_cells(changed));
  REQUIRE_FALSE(b.same_cells(Position(n < kMaxSize ? n + 1 : n - 1)));
  std::set<Vertex> vertices;
  for (int y = -1; y <= n; ++y)
    for (int x = -1; x <= n; ++x) {
      const Point p{x, y};
      INFO("point " << point_name(p));
      REQUIRE(b.is_legal(p) == ref.is_legal(p));
      REQUIRE(b.why_illegal(p) == ref.why_illegal(p));
      if (!on_board(p, n)) {
        REQUIRE_THROWS_AS(b.at(p), UsageError);
        continue;
      }
      const Vertex v = B::vertex(p);
      REQUIRE(v != optimized::kNoVertex);
      REQUIRE(B::point(v) == p);
      REQUIRE(v < B::kVertices);
      vertices.insert(v);
      REQUIRE(b.at(p) == pos.at(p));
      REQUIRE(b.at_vertex(v) == pos.at(p));
    }
  REQUIRE(static_cast<int>(vertices.size()) == n * n);  // vertex() is one-to-one
  require_roots_agree(b, pos);
  const auto problem = b.check_consistency();
  INFO("check_consistency: " << problem.value_or("ok"));
  REQUIRE_FALSE(problem.has_value());
}

// The fields of two records are equal (MoveRecord has no operator==).
void require_same_record(const MoveRecord& a, const MoveRecord& b) {
  REQUIRE(a.point == b.point);
  REQUIRE(a.attach == b.attach);
  REQUIRE(a.saved_next == b.saved_next);
  REQUIRE(a.removal == b.removal);
  REQUIRE(a.removed_roots == b.removed_roots);
  REQUIRE(a.removed_white_mask == b.removed_white_mask);
  REQUIRE(a.removed_black == b.removed_black);
  REQUIRE(a.removed_white == b.removed_white);
  REQUIRE(std::equal(a.removed.begin(), a.removed.begin() + a.removed_roots, b.removed.begin()));
}

// What a record says about its move agrees with the reference engine's last_result().
template <int MaxN>
void require_record_agrees(const BasicBoard<MaxN>& b, const MoveRecord& rec, const reference::Game& ref,
                           const Position& before) {
  const MoveResult want = ref.last_result();
  REQUIRE(BasicBoard<MaxN>::point(rec.point) == want.move);
  REQUIRE(rec.removal == want.removal);
  REQUIRE(b.removed_stones(rec) == want.removed);
  int black = 0, white = 0;
  for (const Point p : want.removed) (p == want.move ? want.player == Color::Black : before.at(p) == Cell::Black) ? ++black : ++white;
  REQUIRE(rec.removed_black == black);
  REQUIRE(rec.removed_white == white);
  REQUIRE(static_cast<int>(rec.removed_roots) <= optimized::kMaxRemovedRoots);
  REQUIRE((rec.removed_roots == 0) == want.removed.empty());
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("contract: BasicBoard queries, play, play_vertex, undo and records agree with "
                       "the reference engine",
                       "[contract][optimized][rule3][rule6][history]", ((int MaxN), MaxN), 19, 25) {
  using B = BasicBoard<MaxN>;
  long long moves = 0;
  for (const Position& start : starts_for<MaxN>()) {
    INFO("start \"" << start.to_string() << "\"");
    const bool small = start.size() <= 9;
    for (int game = 0; game < (small ? 4 : 1); ++game) {
      Rng rng(7300 + static_cast<std::uint64_t>(game));
      B b(start);
      reference::Game ref(start);
      require_board_agrees(b, ref, true);
      while (!b.is_over()) {
        const std::vector<Point> legal = ref.legal_moves();
        const Point m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        INFO("ply " << ref.ply() << ": " << point_name(m));
        // An illegal point is rejected with the reference's reason and changes nothing.
        for (const Point bad : {Point{-1, 0}, Point{0, 0}, Point{start.size() / 2, start.size() / 2}}) {
          if (ref.is_legal(bad)) continue;
          B copy = b;
          const auto err = tanbo_test::thrown<IllegalMoveError>([&] { copy.play(bad); });
          REQUIRE(err.has_value());
          REQUIRE(err->reason() == *ref.why_illegal(bad));
          REQUIRE(copy.position() == b.position());
          REQUIRE(copy.hash() == b.hash());
        }
        Rng probe = rng;
        const Vertex drawn = b.random_legal_vertex(probe);
        REQUIRE(std::find(b.legal_vertices().begin(), b.legal_vertices().end(), drawn) != b.legal_vertices().end());
        // While the game runs, the mover's growth points (is_growth_vertex) are its legal moves.
        bool growth_is_legal = true;
        for (int y = 0; y < start.size(); ++y)
          for (int x = 0; x < start.size(); ++x)
            growth_is_legal = growth_is_legal && b.is_growth_vertex(b.to_move(), B::vertex({x, y})) == ref.is_legal({x, y});
        REQUIRE(growth_is_legal);
        const B before = b;
        B by_vertex = b;
        const MoveRecord rec = b.play(m);
        const MoveRecord rec_v = by_vertex.play_vertex(B::vertex(m));
        require_same_record(rec, rec_v);
        REQUIRE(by_vertex.position() == b.position());
        ref.play(m);
        ++moves;
        const bool deep = small || ref.ply() % 16 == 0 || b.is_over();
        require_record_agrees(b, rec, ref, before.position());
        require_board_agrees(b, ref, deep);
        // undo(rec) restores the board before the move; replaying gives the same record.
        B undone = b;
        undone.undo(rec);
        REQUIRE(undone.position() == before.position());
        REQUIRE(undone.hash() == before.hash());
        REQUIRE(undone.ply() == before.ply());
        REQUIRE(undone.legal_move_count() == before.legal_move_count());
        if (deep) {
          REQUIRE_FALSE(undone.check_consistency().has_value());
          require_roots_agree(undone, before.position());
        }
        require_same_record(undone.play(m), rec);
        REQUIRE(undone.position() == b.position());
      }
    }
  }
  CHECK(moves > 500);
}

// play_vertex_unordered() is play_vertex() without the bitsets' upkeep: the same record and the
// same state move for move (the dense legal sets in the same internal order, so random_legal_vertex
// draws the same moves), undo included; restore_order() brings the row-major order back exactly.
TEMPLATE_TEST_CASE_SIG("contract: play_vertex_unordered plays as play_vertex, restore_order restores "
                       "the row-major order",
                       "[contract][optimized][internals]", ((int MaxN), MaxN), 9, 19, 25) {
  using B = BasicBoard<MaxN>;
  long long moves = 0;
  for (const Position& start : starts_for<MaxN>()) {
    if (start.size() > MaxN) continue;
    INFO("start \"" << start.to_string() << "\"");
    Rng rng(7400);
    B ordered(start), unordered(start);
    REQUIRE(unordered.order_kept());
    while (!ordered.is_over()) {
      const Vertex v = ordered.random_legal_vertex(rng);
      INFO("ply " << ordered.ply() << ": " << point_name(B::point(v)));
      const MoveRecord rec = ordered.play_vertex(v);
      const MoveRecord rec_u = unordered.play_vertex_unordered(v);
      ++moves;
      require_same_record(rec, rec_u);
      REQUIRE_FALSE(unordered.order_kept());
      REQUIRE(unordered.position() == ordered.position());
      REQUIRE(unordered.hash() == ordered.hash());
      REQUIRE(std::ranges::equal(unordered.legal_vertices(), ordered.legal_vertices()));
      REQUIRE_FALSE(unordered.check_consistency().has_value());  // everything but the bitsets
      if (ordered.ply() % 5 != 0 && !ordered.is_over()) continue;
      // Undo keeps the state exact, the order still stale until restored.
      B taken_back = unordered;
      taken_back.undo(rec_u);
      REQUIRE_FALSE(taken_back.order_kept());
      REQUIRE_FALSE(taken_back.check_consistency().has_value());
      taken_back.restore_order();
      B ordered_back = ordered;
      ordered_back.undo(rec);
      REQUIRE(taken_back.legal_moves() == ordered_back.legal_moves());
      REQUIRE_FALSE(taken_back.check_consistency().has_value());
      // restore_order(): every row-major query as on the board that kept the order.
      B restored = unordered;
      restored.restore_order();
      REQUIRE(restored.order_kept());
      REQUIRE_FALSE(restored.check_consistency().has_value());
      REQUIRE(restored.legal_moves() == ordered.legal_moves());
      for (int i = 0; i < ordered.legal_move_count(); ++i) REQUIRE(restored.nth_legal_vertex(i) == ordered.nth_legal_vertex(i));
      REQUIRE(restored.state_dump() == ordered.state_dump());
    }
  }
  CHECK(moves > 250);  // the 9x9 capacity holds the small starts only
}

// The fields of state_dump() by name, each a list of its ';'-separated items.
std::vector<std::pair<std::string, std::vector<std::string>>> dump_fields(const std::string& dump) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  std::istringstream in(dump);
  std::string token;
  for (int i = 0; in >> token; ++i) {
    const auto eq = token.find('=');
    if (eq == std::string::npos) {
      out.push_back({"#" + std::to_string(i), {token}});  // the two leading numbers
      continue;
    }
    std::vector<std::string> items;
    std::istringstream list(token.substr(eq + 1));
    for (std::string item; std::getline(list, item, ';');) items.push_back(item);
    out.push_back({token.substr(0, eq), items});
  }
  return out;
}

TEMPLATE_TEST_CASE_SIG("contract: BasicBoard::state_dump writes the incremental state the rules "
                       "give", "[contract][optimized][internals]", ((int MaxN), MaxN), 19, 25) {
  // What formal/oracle/state_check.ml reads: the fields in order, and on seeded random games
  // the ones the rules fix (roots, growth counts, legal lists and bitsets, counts) agree with
  // the reference rules; the formal state check compares every field with the Coq spec.
  using B = BasicBoard<MaxN>;
  const std::vector<std::string> names = {"#0", "#1", "words", "root", "next", "growth", "legal0", "legal1",
                                          "pos0", "pos1", "bits0", "bits1", "wc0", "wc1", "stones", "roots"};
  for (const Variant& v : {Variant::lattice(5), Variant::lattice(7)}) {
    for (std::uint64_t seed = 7400; seed < 7403; ++seed) {
      INFO(v.name() << ", seed " << seed);
      Rng rng(seed);
      B b(opening(v));
      while (!b.is_over()) {
        const Position pos = b.position();
        const int n = pos.size();
        INFO("ply " << b.ply() << ": " << b.state_dump());
        const auto fields = dump_fields(b.state_dump());
        std::vector<std::string> got;
        std::map<std::string, std::vector<std::string>> f;
        for (const auto& [name, items] : fields) {
          got.push_back(name);
          f[name] = items;
        }
        REQUIRE(got == names);
        REQUIRE(f["#0"] == std::vector<std::string>{std::to_string(n)});
        for (const char* per_point : {"words", "root", "next", "growth", "pos0", "pos1"})
          REQUIRE(f[per_point].size() == static_cast<std::size_t>(n * n));
        const auto at = [n](Point p) { return static_cast<std::size_t>(p.y * n + p.x); };
        // Each reference root: all its stones name one of its stones as root, which holds the
        // root's growth count; different roots name different points.
        std::set<std::string> heads;
        for (const reference::Root& r : reference::all_roots(pos)) {
          const std::string head = f["root"][at(r.stones.front())];
          for (const Point s : r.stones) REQUIRE(f["root"][at(s)] == head);
          REQUIRE(std::any_of(r.stones.begin(), r.stones.end(),
                              [&](Point s) { return std::to_string(at(s)) == head; }));
          REQUIRE(heads.insert(head).second);
          REQUIRE(f["growth"][static_cast<std::size_t>(std::stoi(head))] ==
                  std::to_string(reference::growth_points(pos, r).size()));
        }
        // legal<c> lists the points where c may play (rule 3), once each; bits<c> is the same set.
        for (const Color c : {Color::Black, Color::White}) {
          const std::string k = c == Color::Black ? "0" : "1";
          std::multiset<std::string> expected;
          for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x)
              if (!reference::placement_problem(pos, {x, y}, c)) expected.insert(std::to_string(at({x, y})));
          const auto& list = f["legal" + k];
          const auto& bits = f["bits" + k];
          REQUIRE(std::multiset<std::string>(list.begin(), list.end()) == expected);
          REQUIRE(std::multiset<std::string>(bits.begin(), bits.end()) == expected);
          int words_total = 0;
          for (const std::string& w : f["wc" + k]) words_total += std::stoi(w);
          REQUIRE(words_total == static_cast<int>(expected.size()));
        }
        REQUIRE(f["stones"] == std::vector<std::string>{std::to_string(b.stone_count(Color::Black)) + "," +
                                                        std::to_string(b.stone_count(Color::White))});
        REQUIRE(f["roots"] == std::vector<std::string>{std::to_string(b.root_count(Color::Black)) + "," +
                                                       std::to_string(b.root_count(Color::White))});
        b.play_vertex(b.random_legal_vertex(rng));
      }
    }
  }
}

TEMPLATE_TEST_CASE_SIG("contract: BasicBoard constructors take what fits and reject the rest like "
                       "the reference engine",
                       "[contract][optimized][errors][internals]", ((int MaxN), MaxN), 19, 25) {
  using B = BasicBoard<MaxN>;
  // The documented instantiations: Board19 up to 19x19, Board (and Game) up to 25x25.
  STATIC_REQUIRE(std::is_same_v<optimized::Board19, BasicBoard<19>>);
  STATIC_REQUIRE(std::is_same_v<optimized::Board, BasicBoard<kMaxSize>>);
  STATIC_REQUIRE(std::is_same_v<optimized::Game19, optimized::BasicGame<19>>);
  STATIC_REQUIRE(std::is_same_v<optimized::Game, optimized::BasicGame<kMaxSize>>);
  STATIC_REQUIRE(std::is_trivially_copyable_v<B>);
  CHECK(MoveRecord{}.point == optimized::kNoVertex);
  for (const Variant& v : Variant::all_named()) {
    INFO(v.name());
    if (v.size > MaxN) {
      const auto e = tanbo_test::thrown<InvalidPositionError>([&] { B b(v); });
      REQUIRE(e.has_value());
      CHECK(std::string(e->what()) == "board size " + std::to_string(v.size) +
                                          " exceeds this engine's capacity of " + std::to_string(MaxN));
      CHECK_THROWS_AS(B(opening(v)), InvalidPositionError);
      continue;
    }
    const B b(v);
    CHECK(b.position() == opening(v));
    CHECK(B(opening(v)).hash() == b.hash());
    CHECK(b.ply() == 0);
  }
  CHECK(B().position() == opening(Variant::classic()));
  for (const char* bad : {"X4/5/5/5/5 X", "O4/5/5/5/5 O", "XO1/OX1/3 X", "X1O/3/O1X X"}) {
    const Position p = Position::parse(bad);
    const auto want = reference::position_problem(p);
    INFO(bad);
    const auto got = tanbo_test::thrown<InvalidPositionError>([&] { B b(p); });
    if (!want) {
      CHECK_FALSE(got.has_value());
      continue;
    }
    REQUIRE(got.has_value());
    CHECK(std::string(got->what()) == want->what());
  }
}

// A named opening is set up by copying a board built once (BasicBoard::named_opening); every
// other position by a build. The copy must be the build, field for field (the legal sets' order
// too: it decides every playout), and must be taken only for exactly the opening's position.
TEMPLATE_TEST_CASE_SIG("contract: BasicBoard set up from a named opening is the board a build "
                       "makes, and no other position takes its copy",
                       "[contract][optimized][rule2][internals]",
                       ((int MaxN), MaxN), 9, 19, 25) {
  using B = BasicBoard<MaxN>;
  // Everything a board holds, as text: state_dump() plus what it leaves out.
  auto whole = [](const B& b) {
    return b.state_dump() + " to_move=" + std::string(1, color_char(b.to_move())) + " variant=" + b.variant().name() +
           " hash=" + std::to_string(b.hash()) + " ply=" + std::to_string(b.ply());
  };
  int named = 0;
  for (const Variant& v : Variant::all_named()) {
    if (v.size > MaxN) continue;
    ++named;
    INFO(v.name());
    const Position start = opening(v);
    // The same points tagged custom-N match no named opening: this board is built.
    Position tagged = start;
    tagged.set_variant(Variant::custom(v.size));
    const B copied(start), built(tagged);
    std::string want = whole(built);
    want.replace(want.find("variant=custom-"), ("variant=" + tagged.variant().name()).size(),
                 "variant=" + v.name());
    CHECK(whole(copied) == want);
    CHECK(copied.variant() == v);
    CHECK(B(v).position() == start);
    // The same points with the other side to move: not the opening, whatever the points say.
    Position other = start;
    other.set_to_move(opponent(start.to_move()));
    const B turned(other);
    CHECK(turned.to_move() == other.to_move());
    CHECK(turned.hash() == zobrist_hash(other));
    CHECK(turned.position() == other);
    CHECK_FALSE(turned.check_consistency().has_value());
    // Copies and builds play on identically (a playout reads the legal sets' order).
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      INFO("seed " << seed);
      B a = copied, b = built;
      Rng ra(seed), rb(seed);
      CHECK(a.playout(ra) == b.playout(rb));
      CHECK(a.hash() == b.hash());
      CHECK(a.position().cells() == b.position().cells());
    }
  }
  CHECK(named > 0);
}

TEMPLATE_TEST_CASE_SIG("contract: BasicGame queries, records() and board() agree with the reference "
                       "engine", "[contract][optimized][rule3][rule6][history]", ((int MaxN), MaxN), 19, 25) {
  using G = optimized::BasicGame<MaxN>;
  for (const Position& start : starts_for<MaxN>()) {
    if (start.size() > 13) continue;  // the board-level test covers the big boards
    INFO("start \"" << start.to_string() << "\"");
    Rng rng(7400);
    G g(start);
    reference::Game ref(start);
    REQUIRE(g.start_position() == start);
    REQUIRE(g.records().empty());
    REQUIRE_THROWS_AS(g.last_result(), UsageError);
    REQUIRE_THROWS_AS(G(start).undo(), UsageError);
    std::vector<Position> seen{start};
    while (!g.is_over()) {
      Rng probe = rng;
      REQUIRE(ref.is_legal(g.random_legal_move(probe)));
      const std::vector<Point> legal = ref.legal_moves();
      const Point m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      const MoveEffect e = g.play(m);
      REQUIRE(e == ref.play(m));
      INFO("after " << point_name(m));
      // The Engine API and root_count, growth_of, at, is_legal and why_illegal on every point, and
      // check_consistency (the comparator's Depth::Full).
      tanbo_test::require_same_state(ref, g);
      REQUIRE(g.board().position() == ref.position());
      REQUIRE(g.board().hash() == g.hash());
      // records(): one per move, each describing its move as the reference history does.
      REQUIRE(g.records().size() == ref.history().size());
      for (std::size_t i = 0; i < ref.history().size(); ++i) {
        const MoveRecord& rec = g.records()[i];
        REQUIRE(BasicBoard<MaxN>::point(rec.point) == ref.history()[i].move);
        REQUIRE(rec.removal == ref.history()[i].removal);
        REQUIRE(rec.removed_black + rec.removed_white == static_cast<int>(ref.history()[i].removed.size()));
      }
      REQUIRE(g.board().removed_stones(g.records().back()) == ref.last_result().removed);
      seen.push_back(ref.position());
    }
    // Undo all the way back: every step restores the position the game went through.
    while (g.ply() > 0) {
      g.undo();
      REQUIRE(g.position() == seen[static_cast<std::size_t>(g.ply())]);
      REQUIRE(g.records().size() == static_cast<std::size_t>(g.ply()));
    }
    REQUIRE(g.position() == start);
  }
}

// Copies are whole, independent games: the copy (constructed or assigned, mid-game) has the same
// position, hash, history and undo as the original, and moves on either leave the other as it was.
// A copy keeps the history's reserve: its first moves after the copy do not reallocate.
TEMPLATE_TEST_CASE_SIG("contract: BasicGame copies and assignments are independent games with the "
                       "same history", "[contract][optimized][history]", ((int MaxN), MaxN), 19, 25) {
  using G = optimized::BasicGame<MaxN>;
  constexpr std::uint64_t kSeed = 7401;
  INFO("tanbo::Rng(" << kSeed << ")");
  Rng rng(kSeed);
  G g(Variant::parse("lattice-9"));
  for (int i = 0; i < 12 && !g.is_over(); ++i) g.play(random_move(g, rng));
  const Position mid = g.position();
  const std::vector<Point> moves = g.moves();
  G copy(g);
  G assigned(Variant::classic());
  assigned.play(random_move(assigned, rng));
  assigned = g;
  const G& self = assigned;
  assigned = self;  // self-assignment leaves the game as it was
  for (G* c : {&copy, &assigned}) {
    REQUIRE(c->position() == mid);
    REQUIRE(c->hash() == g.hash());
    REQUIRE(c->moves() == moves);
    REQUIRE(c->start_position() == g.start_position());
    REQUIRE(c->records().capacity() >= 512);
    REQUIRE_FALSE(c->check_consistency().has_value());
    // The copy plays on; the original does not move.
    Rng twin(kSeed + 1);
    while (!c->is_over()) c->play(random_move(*c, twin));
    REQUIRE(g.position() == mid);
    REQUIRE(g.moves() == moves);
    // And it undoes back through the copied history to the start.
    while (c->ply() > 0) c->undo();
    REQUIRE(c->position() == g.start_position());
  }
  G moved(std::move(copy));
  REQUIRE(moved.position() == g.start_position());
  G move_assigned(Variant::classic());
  move_assigned = std::move(moved);
  REQUIRE(move_assigned.position() == g.start_position());
  REQUIRE_FALSE(move_assigned.check_consistency().has_value());
}

// The fast paths of core/engine.hpp: on every engine, nth_legal_move(g, i) is legal_moves()[i],
// for_each_legal_move walks legal_moves(), random_move draws legal_moves()[rng.below(n)] with the
// same Rng step, and for_each_removed_stone walks the reference's last_result().removed after
// every move; bad indices, finished games and the last move at ply 0 are UsageErrors. After a
// playout (which rebuilds the bitsets) the board still walks its legal moves in order.
template <Engine G>
void require_fast_paths(const Variant& variant, std::uint64_t seed) {
  INFO("variant " << variant.name() << ", seed " << seed);
  G g(variant);
  reference::Game oracle(variant);  // plays the same moves: the removals to expect
  Rng rng(seed);
  REQUIRE_THROWS_MATCHES(for_each_removed_stone(g, [](Point) {}), UsageError,
                         Catch::Matchers::Message("for_each_removed_stone: no move has been played") ||
                             Catch::Matchers::Message("last_result: no move has been played"));
  int removals = 0;
  while (!g.is_over()) {
    const std::vector<Point> legal = g.legal_moves();
    std::vector<Point> walked;
    for_each_legal_move(g, [&walked](Point p) { walked.push_back(p); });
    REQUIRE(walked == legal);
    for (std::size_t i = 0; i < legal.size(); ++i) REQUIRE(nth_legal_move(g, static_cast<int>(i)) == legal[i]);
    REQUIRE_THROWS_AS(nth_legal_move(g, -1), UsageError);
    REQUIRE_THROWS_AS(nth_legal_move(g, static_cast<int>(legal.size())), UsageError);
    Rng twin = rng;
    const Point m = random_move(g, rng);
    REQUIRE(m == legal[twin.below(static_cast<std::uint32_t>(legal.size()))]);
    REQUIRE(twin.next() == Rng(rng).next());  // one draw each
    g.play(m);
    oracle.play(m);
    std::vector<Point> removed;
    for_each_removed_stone(g, [&removed](Point p) { removed.push_back(p); });
    INFO("ply " << g.ply() << ", move " << point_name(m));
    REQUIRE(removed == oracle.last_result().removed);
    removals += removed.empty() ? 0 : 1;
  }
  REQUIRE(removals > 0);  // the game tested the walk on something
  REQUIRE_THROWS_AS(random_move(g, rng), UsageError);
  REQUIRE_THROWS_AS(nth_legal_move(g, 0), UsageError);
  int count = 0;
  for_each_legal_move(g, [&count](Point) { ++count; });
  REQUIRE(count == 0);
}

TEST_CASE("contract: nth_legal_move, for_each_legal_move and random_move equal legal_moves() on "
          "every engine, for_each_removed_stone the reference's last_result().removed",
          "[contract][optimized][rule3][rule5][sampling]") {
  for (const Variant& v : {Variant::lattice(5), Variant::dense(7), Variant::lattice(9), Variant::classic()})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      require_fast_paths<reference::Game>(v, seed);
      require_fast_paths<optimized::Game19>(v, seed);
      require_fast_paths<optimized::Game>(v, seed);
    }
  // After playouts of every length the bitsets are rebuilt (unless the game ended): the
  // consistency check compares them.
  for (int moves = 0; moves < 40; ++moves) {
    optimized::Board19 b{Variant::dense(7)};
    Rng rng(static_cast<std::uint64_t>(moves));
    b.playout(rng, moves);
    INFO("after a playout of " << moves << " moves");
    REQUIRE_FALSE(b.check_consistency().has_value());
    std::vector<Point> walked;
    b.for_each_legal_vertex([&walked](Vertex v) { walked.push_back(optimized::Board19::point(v)); });
    REQUIRE(walked == b.legal_moves());
  }
}

TEST_CASE("contract: capacity_for and with_capacity_for pick the smallest instantiated capacity "
          "that holds the board", "[contract][optimized][internals]") {
  for (int size = 1; size <= kMaxSize + 2; ++size) {
    INFO("size " << size);
    const int want = size <= 19 ? 19 : kMaxSize;  // Board19/Game19, else Board/Game
    CHECK(optimized::capacity_for(size) == want);
    // f is called once, with the capacity as a compile-time constant, and its result returned.
    int calls = 0;
    const std::size_t bytes = optimized::with_capacity_for(size, [&](auto capacity) {
      ++calls;
      STATIC_REQUIRE(std::is_same_v<decltype(capacity), std::integral_constant<int, capacity()>>);
      return sizeof(optimized::BasicBoard<capacity()>);
    });
    CHECK(calls == 1);
    CHECK(bytes == (want == 19 ? sizeof(optimized::Board19) : sizeof(optimized::Board)));
    // Capacities::kWithSmall adds the small tier below it, for code that keeps many boards.
    const int small = size <= optimized::kSmallCapacity ? optimized::kSmallCapacity : want;
    CHECK(optimized::capacity_for(size, optimized::Capacities::kWithSmall) == small);
    const int picked = optimized::with_capacity_for<optimized::Capacities::kWithSmall>(
        size, [](auto capacity) { return capacity(); });
    CHECK(picked == small);
  }
  // A reference result comes back as the same reference (decltype(auto)), not a copy.
  int target = 0;
  int& back = optimized::with_capacity_for(5, [&](auto) -> int& { return target; });
  CHECK(&back == &target);
  // Every named variant sets up on the game of its capacity.
  for (const Variant& v : Variant::all_named()) {
    INFO(v.name());
    const Position got = optimized::with_capacity_for(v.size, [&](auto capacity) {
      return optimized::BasicGame<capacity()>(v).position();
    });
    CHECK(got == opening(v));
  }
}
