// Tests of tanbo::api, the layer under every front end: the engine registry, the Start reader,
// the record replay that locates errors, range-checked indices, the explain queries, the
// per-colour counts of MoveResult on both engines, and the row-major legal listings
// (legal_indices, legal_mask) on both engines and capacities.
// check-map: code api
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tanbo/api/errors.hpp"
#include "tanbo/api/explain.hpp"
#include "tanbo/api/game.hpp"
#include "tanbo/api/points.hpp"
#include "tanbo/api/start.hpp"
#include "tanbo/reference/rules.hpp"
#include "test_util.hpp"

using namespace tanbo;

namespace {

template <typename E, typename F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "(no " + std::string(typeid(E).name()) + " thrown)";
}

}  // namespace

TEST_CASE("api: one engine registry names every engine and refuses others", "[api][faces]") {
  CHECK(api::engine_names() == std::vector<std::string>{"optimized", "reference"});
  CHECK(api::kDefaultEngine == "optimized");
  CHECK(api::engine_names_text() == "'optimized' or 'reference'");
  for (const std::string& name : api::engine_names())
    CHECK(api::make_game(opening(Variant::lattice(5)), name)->engine() == name);
  CHECK(message_of<UsageError>([] { api::make_game(opening(Variant::classic()), "fast"); }) ==
        "engine must be 'optimized' or 'reference', not 'fast'");
  CHECK_THROWS_AS(api::check_engine_name("Optimized"), UsageError);  // exact names only
}

TEST_CASE("api: with_engine turns an engine name and a board size into the engine's type",
          "[api][engine][faces]") {
  // The name of the type with_engine chose, by its static properties.
  auto chosen = [](std::string_view engine, int size) {
    return api::with_engine(engine, size, []<class G>(std::type_identity<G>) -> std::string {
      if constexpr (std::is_same_v<G, reference::Game>) return "reference";
      else if constexpr (std::is_same_v<G, optimized::Game19>) return "optimized-19";
      else if constexpr (std::is_same_v<G, optimized::Game>) return "optimized-25";
      else return "other";
    });
  };
  CHECK(chosen("optimized", 5) == "optimized-19");
  CHECK(chosen("optimized", 19) == "optimized-19");  // classic: the smaller board
  CHECK(chosen("optimized", 20) == "optimized-25");
  CHECK(chosen("optimized", kMaxSize) == "optimized-25");
  CHECK(chosen("reference", 19) == "reference");
  CHECK(chosen("reference", kMaxSize) == "reference");
  // A bad name is refused before the code runs, with the registry's message.
  bool ran = false;
  CHECK(message_of<UsageError>([&] {
          api::with_engine("fast", 5, [&]<class G>(std::type_identity<G>) { ran = true; });
        }) == "engine must be 'optimized' or 'reference', not 'fast'");
  CHECK_FALSE(ran);
  // make_game goes through it: the same choice behind the AnyGame.
  const Position big = opening(Variant::dense(21));
  CHECK(dynamic_cast<api::GameOn<optimized::Game19>*>(api::make_game(opening(Variant::classic()), "optimized").get()));
  CHECK(dynamic_cast<api::GameOn<optimized::Game>*>(api::make_game(big, "optimized").get()));
  CHECK(dynamic_cast<api::GameOn<reference::Game>*>(api::make_game(big, "reference").get()));
}

TEST_CASE("api: playout is AnyGame::playout on the engine's own type", "[api][engine][sampling]") {
  for (const std::string& engine : api::engine_names()) {
    CAPTURE(engine);
    const Position start = opening(Variant::lattice(9));
    api::with_engine(engine, start.size(), [&]<class G>(std::type_identity<G>) {
      const G g(start);
      const auto any = api::make_game(start, engine);
      for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        Rng a(seed), b(seed);
        const api::PlayoutResult x = api::playout(g, a);
        const api::PlayoutResult y = any->playout(b);
        CHECK(x.winner == y.winner);
        CHECK(x.length == y.length);
        CHECK(a.next() == b.next());  // the same draws
      }
      CHECK(g.ply() == 0);  // played on a copy
      CHECK(api::kPlayoutCopyBytes<G> ==
            (api::kIsOptimized<G> ? sizeof(optimized::Board19) : sizeof(reference::Game)));
    });
  }
}

TEST_CASE("api: GameHandle's per-move calls give the AnyGame's results on every engine",
          "[api][engine][faces]") {
  // classic (the fast path: the optimized engine on the 19x19 board), a 21x21 board on the
  // optimized engine and the reference engine (the AnyGame path).
  const Position big = opening(Variant::dense(21));
  for (const auto& [start, engine] : {std::pair{opening(Variant::classic()), "optimized"},
                                      std::pair{big, "optimized"},
                                      std::pair{opening(Variant::lattice(9)), "reference"}}) {
    CAPTURE(engine, start.size());
    api::GameHandle h(api::make_game(start, engine));
    const auto plain = api::make_game(start, engine);
    Rng a(7), b(7);
    while (!plain->is_over()) {
      REQUIRE_FALSE(api::is_over(h));
      const int i = api::random_legal_index(h, a);
      REQUIRE(i == api::random_legal_index(*plain, b));
      const MoveEffect e = api::play_index(h, i, "index");
      REQUIRE(e == api::play_index(*plain, i, "index"));
      REQUIRE(h->hash() == plain->hash());
    }
    CHECK(api::is_over(h));
    CHECK(api::random_legal_index(h, a) == -1);
    CHECK(h->winner() == plain->winner());
    CHECK_THROWS_AS(api::play_index(h, 0, "index"), IllegalMoveError);
    // A copy is a game of its own: undoing on it leaves the original (and its fast path) alone.
    api::GameHandle copy(h);
    copy->undo();
    CHECK(copy->ply() + 1 == h->ply());
    CHECK_FALSE(api::is_over(copy));
    CHECK(api::is_over(h));
    CHECK_THROWS_AS(api::play_index(h, -1, "index"), IllegalMoveError);
  }
}

TEST_CASE("api: GameOn takes the optimized engine's own paths at every capacity", "[api][engine][faces]") {
  STATIC_REQUIRE(api::kIsOptimized<optimized::Game19>);
  STATIC_REQUIRE(api::kIsOptimized<optimized::Game>);
  STATIC_REQUIRE(api::kIsOptimized<optimized::BasicGame<9>>);  // one no front end uses today
  STATIC_REQUIRE_FALSE(api::kIsOptimized<reference::Game>);
  // On a capacity beyond the two with_capacity_for picks, the handle still names the optimized
  // engine and draws the optimized engine's own pick (its dense legal set), not random_move's.
  const Position start = opening(Variant::lattice(9));
  api::GameOn<optimized::BasicGame<9>> g(start);
  CHECK(std::string_view(g.engine()) == "optimized");
  optimized::BasicGame<9> same(start);
  for (std::uint64_t seed = 1; seed <= 20 && !g.is_over(); ++seed) {
    Rng a(seed), b(seed);
    const int index = api::random_legal_index(g, a);
    CAPTURE(seed, index);
    REQUIRE(index == row_major_index(same.random_legal_move(b), same.size()));
    api::play_index(g, index, "index");
    same.play(row_major_point(index, same.size()));
  }
  CHECK(g.position() == same.position());
}

TEST_CASE("api: Position::point is the inverse of Position::index", "[api][core][faces]") {
  for (const int n : {2, 5, 19, 25}) {
    const Position pos(n);
    for (int i = 0; i < n * n; ++i) {
      CAPTURE(n, i);
      CHECK(pos.index(pos.point(i)) == i);
      CHECK(on_board(pos.point(i), n));
      CHECK(pos.point(i) == Point{i % n, i / n});  // written out here, independently
      CHECK(row_major_index(row_major_point(i, n), n) == i);
    }
  }
  CHECK(Position(5).point(7) == Point{2, 1});
}

TEST_CASE("api: read_start reads variant names and position strings the same on every face",
          "[api][notation]") {
  CHECK(api::read_start("lattice-9") == opening(Variant::lattice(9)));
  CHECK(api::read_start("Dense-7") == opening(Variant::dense(7)));
  CHECK(api::read_start("X3O/5/5/5/O3X X lattice-5") == opening(Variant::lattice(5)));
  // custom-N is refused in one place (Variant::parse_named) with one error type.
  CHECK(message_of<ParseError>([] { api::read_start("custom-5"); }) ==
        "custom-5 has no opening of its own; give the start as a position string");
  // The same refusal inside a record header, located.
  CHECK(message_of<ParseError>([] { parse_record("[Variant \"custom-5\"]\n"); }) ==
        "line 1, column 11: custom-5 has no opening of its own; give the start as a position string");
  // A leading zero is not a second name of a variant.
  for (const char* name : {"lattice-05", "dense-07", "custom-05", "lattice-0", "dense-00"}) {
    CAPTURE(name);
    CHECK_THROWS_AS(api::read_start(name), ParseError);
    CHECK_THROWS_AS(Variant::parse(name), ParseError);
  }
  CHECK(Variant::parse("lattice-5") == Variant::lattice(5));
  // "X X" (a 1x1 board) is a position string, so it gets the position parser's message.
  CHECK(!api::looks_like_variant_name("X X"));
  CHECK(message_of<ParseError>([] { api::read_start("X X"); }) ==
        message_of<ParseError>([] { Position::parse("X X"); }));
  // "" is no variant name: it is the empty position string, and says so.
  CHECK(!api::looks_like_variant_name(""));
  CHECK(message_of<ParseError>([] { api::read_start(""); }) == "line 1, column 1: position string is empty");
  CHECK(message_of<ParseError>([] { api::read_start("lattice-8"); })
            .starts_with("no lattice opening for size 8; expected classic, lattice-N"));
  // The engine decides whether a well-formed start can begin a game.
  CHECK_THROWS_AS(api::start_game("X4/5/5/5/5 X", "reference"), InvalidPositionError);
  CHECK_THROWS_AS(api::start_game("lattice-5", "fast"), UsageError);
  CHECK(api::start_game("lattice-5", "reference")->size() == 5);
}

TEST_CASE("api: the variant list comes from Variant::all_named", "[api][faces]") {
  const std::vector<std::string> names = api::variant_names();
  REQUIRE(names.size() == Variant::all_named().size());
  CHECK(names.front() == "classic");
  CHECK(names[1] == "lattice-5");
  CHECK(names.back() == "dense-25");
  CHECK(Variant::families_text() ==
        "classic, lattice-N (N in 5 7 9 13 19 21) or dense-N (odd N, 5-25)");
  CHECK(Variant::families_text(true) ==
        "classic, lattice-N (N in 5 7 9 13 19 21), dense-N (odd N, 5-25) or custom-N (N 2-25)");
}

TEST_CASE("api: replay_record locates illegal moves, moves after the end and bad starts",
          "[api][notation][errors]") {
  for (const std::string& engine : api::engine_names()) {
    CAPTURE(engine);
    CHECK(message_of<ParseError>([&] { api::record_game("B1 A1", engine); }) ==
          "line 1, column 4: move 2: illegal move A1 by O: the point is occupied");
    CHECK(message_of<ParseError>([&] {
            api::record_game("[Position \"XO3/O4/5/5/4X X\"]\nC1\n", engine);
          }) == "line 1, column 12: invalid starting position: the X root at A1 is bounded (it has "
                "no growth point)");
    // Black's A2 bounds White's only root (A1): the game is over after move 1.
    const std::string over = "[Position \"OX2/1X2/4/4 X\"]\nA2 C1\n";
    CHECK(message_of<ParseError>([&] { api::record_game(over, engine); }) ==
          "line 2, column 4: move 2: illegal move C1 by O: the game is over (X won with move 1)");
    int calls = 0;
    api::replay_record(parse_record("[Variant \"lattice-5\"]\nB1 D1"), engine,
                       [&](const api::AnyGame& g) { CHECK(g.ply() == calls++); });
    CHECK(calls == 3);
  }
}

TEST_CASE("api: indices are range-checked before narrowing", "[api][errors]") {
  CHECK(api::index_point(5, 7LL) == Point{2, 1});
  CHECK(api::index_point(5, 24.0) == Point{4, 4});
  for (const long long bad : {-1LL, 25LL, 1LL << 31, (1LL << 32) + 3, 1LL << 53,
                              std::numeric_limits<long long>::min()}) {
    CAPTURE(bad);
    CHECK(!api::index_point(5, bad));
  }
  for (const double bad : {-1.0, 25.0, 0.5, 4294967299.0, 9007199254740992.0, 1e300,
                           std::numeric_limits<double>::quiet_NaN(),
                           std::numeric_limits<double>::infinity()}) {
    CAPTURE(bad);
    CHECK(!api::index_point(5, bad));
  }
  const auto g = api::start_game("lattice-5", "optimized");
  g->play(*api::index_point(5, 1LL));  // B1
  // 2^32 + 3 would wrap to 3 (D1, legal for White now) if narrowed first.
  CHECK(message_of<IllegalMoveError>([&] {
          api::move_index_point(g->size(), 4294967299.0, g->to_move());
        }) == "illegal move index 4294967299 (indices are 0..24) by O: the point is not on the board");
  CHECK(message_of<IllegalMoveError>([&] {
          api::move_index_point(g->size(), std::nan(""), g->to_move(), "action");
        }) == "illegal move action nan (actions are 0..24) by O: the point is not on the board");
  CHECK(message_of<UsageError>([&] { api::query_index_point(5, 1e300, "rootAt"); }) ==
        "rootAt: index 1e+300 is not on the 5x5 board (0..24)");
  CHECK(g->ply() == 1);
}

TEST_CASE("api: explain answers through the reference rules", "[api][rule3][faces]") {
  const auto g = api::start_game("X1X2/5/5/5/4O X", "reference");
  CHECK(api::explain(*g, Point{1, 0}) ==
        api::Explanation{IllegalReason::SeveralFriendlyNeighbours, 2});
  CHECK(api::explain(*g, Point{0, 0}) == api::Explanation{IllegalReason::Occupied, 0});
  CHECK(api::explain(*g, Point{0, 1}) == api::Explanation{std::nullopt, 1});
  CHECK(api::explain(*g, Point{3, 3}) == api::Explanation{IllegalReason::NoFriendlyNeighbour, 0});
  CHECK(api::explain(*g, Point{5, 0}) == api::Explanation{IllegalReason::OffBoard, 0});
  const Position pos = g->position();
  const std::vector<api::RootInfo> all = api::roots(pos);
  REQUIRE(all.size() == 3);
  CHECK(all[0] == api::RootInfo{Color::Black, {{0, 0}}, {{0, 1}}});
  CHECK(api::root_at(pos, {4, 4}) == all[2]);
  CHECK(all[2].growth_points == reference::growth_points(pos, reference::root_at(pos, {4, 4})));
  CHECK(message_of<UsageError>([&] { api::root_at(pos, {3, 3}, "rootAt"); }) ==
        "rootAt: D4 holds no stone");
  CHECK_THROWS_AS(api::root_at(pos, {9, 9}), UsageError);
}

TEST_CASE("api: MoveResult carries the per-colour counts on both engines", "[api][engine][faces]") {
  for (const std::string& engine : api::engine_names()) {
    CAPTURE(engine);
    const auto g = api::start_game("OX2/1X2/4/3O X", engine);
    g->play(Point{2, 0});  // C1
    g->play(Point{3, 2});  // D3
    const MoveEffect effect = g->play(Point{0, 1});  // A2 bounds O's A1 root
    const MoveResult r = g->last_result();
    CHECK(r.removed_black == effect.removed_black);
    CHECK(r.removed_white == effect.removed_white);
    CHECK(r.removed_white == 1);
    CHECK(r.removed_black + r.removed_white == static_cast<int>(r.removed.size()));
  }
}

TEST_CASE("api: make_game gives a fresh game each time, whatever was made before", "[api][engine][faces]") {
  for (const std::string& engine : api::engine_names()) {
    for (const Position& start : {opening(Variant::lattice(7)), opening(Variant::lattice(21)),
                                  Position::parse("X3O/5/5/5/O3X O lattice-5")}) {
      if (engine == "reference" && start.size() > 9) continue;  // the oracle is slow on 21x21
      CAPTURE(engine, start.to_string());
      // Played on, then asked for the same start again, then for another start and back:
      // every game made equals one made from scratch, and none shares state.
      const auto first = api::make_game(start, engine);
      Rng rng(29);
      for (int i = 0; i < 5 && !first->is_over(); ++i) first->play(first->random_legal_move(rng));
      const auto second = api::make_game(start, engine);
      api::make_game(opening(Variant::dense(5)), engine);
      const auto third = api::make_game(start, engine);
      for (const auto* g : {second.get(), third.get()}) {
        CHECK(g->ply() == 0);
        CHECK(g->engine() == std::string_view(engine));
        CHECK(g->position() == start);
        CHECK(g->start_position() == start);
        CHECK(g->hash() == zobrist_hash(start));
        CHECK(g->legal_moves() == reference::Game(start).legal_moves());
      }
      // The same seed draws the same game on each (the optimized engine's dense order included).
      Rng r2(30), r3(30);
      while (!second->is_over()) {
        const Point p = second->random_legal_move(r2);
        REQUIRE(third->random_legal_move(r3) == p);
        second->play(p);
        third->play(p);
      }
      CHECK(second->hash() == third->hash());
      CHECK(first->ply() == 5);
    }
    // A start that cannot begin a game is refused every time, not remembered.
    for (int i = 0; i < 2; ++i)
      CHECK_THROWS_AS(api::make_game(Position::parse("X4/5/5/5/5 X"), engine), InvalidPositionError);
  }
}

TEST_CASE("api: play_index and random_legal_index are play and random_legal_move by index",
          "[api][engine][faces][sampling]") {
  const Position start = opening(Variant::lattice(7));
  // On each engine: the free functions on the AnyGame and on the engine's own type.
  const auto check = [&start](auto typed, const std::string& engine) {
    CAPTURE(engine);
    const auto any = api::make_game(start, engine);
    Rng a(31), b(31), c(31);
    while (!any->is_over()) {
      const Point p = any->random_legal_move(a);
      const int i = api::random_legal_index(*any, b);
      REQUIRE(i == p.y * 7 + p.x);
      REQUIRE(api::random_legal_index(typed, c) == i);
      const MoveEffect want = any->play(p);
      const MoveEffect got = api::play_index(typed, i, "index");
      REQUIRE(got.removal == want.removal);
      REQUIRE(typed.hash() == any->hash());
    }
    // Over: -1, and the generator untouched.
    Rng before = b;
    CHECK(api::random_legal_index(*any, b) == -1);
    CHECK(api::random_legal_index(typed, c) == -1);
    CHECK(b.next() == before.next());
    // Off the board and illegal: move_index_point's and play's errors, the game unchanged.
    const auto g = api::start_game("lattice-5", engine);
    CHECK(message_of<IllegalMoveError>([&] { api::play_index(*g, 25, "index"); }) ==
          "illegal move index 25 (indices are 0..24) by X: the point is not on the board");
    CHECK(message_of<IllegalMoveError>([&] { api::play_index(*g, -1, "action"); }) ==
          "illegal move action -1 (actions are 0..24) by X: the point is not on the board");
    CHECK(message_of<IllegalMoveError>([&] { api::play_index(*g, 0, "index"); }) ==
          message_of<IllegalMoveError>([&] { g->play(Point{0, 0}); }));
    CHECK(g->ply() == 0);
  };
  check(optimized::Game19(start), "optimized");
  check(reference::Game(start), "reference");
}

TEST_CASE("api: legal_indices and legal_mask are legal_moves by row-major index", "[api][engine][faces]") {
  // Every position of a random game on each engine and at a size of each capacity (Game19 and
  // Game): the indices ascending, one per legal move, and the mask set exactly there.
  for (const char* variant : {"lattice-7", "dense-21"}) {
    for (const std::string engine : {"optimized", "reference"}) {
      CAPTURE(variant, engine);
      const auto g = api::start_game(variant, engine);
      const int n = g->size();
      Rng rng(5);
      std::vector<int> indices(static_cast<std::size_t>(n * n), -1);
      std::vector<std::uint8_t> mask(static_cast<std::size_t>(n * n), 7);
      while (true) {
        CAPTURE(g->ply());
        std::vector<int> want;
        for (const Point p : g->legal_moves()) want.push_back(p.y * n + p.x);
        const int count = g->legal_indices(indices.data());
        REQUIRE(std::vector<int>(indices.begin(), indices.begin() + count) == want);
        g->legal_mask(mask.data());
        std::vector<int> marked;
        for (int i = 0; i < n * n; ++i) {
          REQUIRE(mask[static_cast<std::size_t>(i)] <= 1);
          if (mask[static_cast<std::size_t>(i)] == 1) marked.push_back(i);
        }
        REQUIRE(marked == want);
        if (g->is_over()) break;
        g->play(g->random_move(rng));
      }
      CHECK(g->legal_indices(indices.data()) == 0);  // over: no legal move
    }
  }
}

TEST_CASE("api: playouts and random moves refuse a finished game and bad counts", "[api][errors]") {
  const auto over = api::start_game("lattice-5", "optimized");
  Rng rng(7);
  while (!over->is_over()) over->play(over->random_move(rng));
  CHECK(message_of<UsageError>([&] { (void)over->random_move(rng); }) == "random_move: the game is over");
  CHECK(message_of<UsageError>([&] { (void)over->random_legal_move(rng); }) == "random_legal_move: the game is over");
  CHECK(message_of<UsageError>([&] { (void)api::playouts(*over, rng, 1); }) == "playouts: the game is over");
  const auto fresh = api::start_game("lattice-5", "optimized");
  CHECK(message_of<UsageError>([&] { (void)api::playouts(*fresh, rng, -1); }) ==
        "playouts: count must be 0 or more, not -1");
  // Board sides outside 2..25 have no points.
  CHECK(!api::index_point(1, 0LL));
  CHECK(!api::index_point(26, 0LL));
}
