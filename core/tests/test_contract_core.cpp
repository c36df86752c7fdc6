// Contract tests of tanbo::core's public functions (core/include/tanbo/core/*.hpp), each against
// an independent implementation written here from the documentation: point names, position
// strings and diagrams, game records, Rng and mix64 (the published splitmix64 / xoshiro256**
// algorithms), Zobrist hashing, the small vocabulary of types.hpp, hex, exact keys, the position
// set, start texts, errors and the version. Shared by both
// engines, so a bug here is invisible to differential checks. Index: differential/CONTRACT.md.
// In core/tests: the engines only supply positions here; what is checked is core.
// check-map: code core
#include <cstdint>
#include <cstdio>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/core/exact_key.hpp"
#include "tanbo/core/hex.hpp"
#include "tanbo/core/mix.hpp"
#include "tanbo/core/position_set.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "test_util.hpp"

using namespace tanbo;
using tanbo_test::thrown;

namespace {

// A game that can only be handed over (like conformance::ExternalGame): every query, no constructor
// from a variant or a position.
struct HandedGame : reference::Game {
  HandedGame(std::in_place_t, reference::Game g) : reference::Game(std::move(g)) {}
};

// Point names as documented: column letter A.. and 1-based row for columns A-Y and rows 1-99,
// "(x,y)" with 0-based values otherwise.
std::string name_of(int x, int y) {
  if (x >= 0 && x < 25 && y >= 0 && y < 99) {
    std::string name(1, static_cast<char>('A' + x));
    name += std::to_string(y + 1);
    return name;
  }
  std::string out = "(";  // appended piecewise: g++ 12 gives a false -Wrestrict otherwise
  out += std::to_string(x);
  out += ',';
  out += std::to_string(y);
  out += ')';
  return out;
}

// A point name read as documented: one letter (either case), a row without leading zero, on the
// board of side n.
std::optional<Point> read_name(const std::string& s, int n) {
  if (s.size() < 2 || s.size() > 3) return std::nullopt;
  const char up = (s[0] >= 'a' && s[0] <= 'z') ? static_cast<char>(s[0] - 32) : s[0];
  if (up < 'A' || up > 'Z' || s[1] < '1' || s[1] > '9') return std::nullopt;
  if (s.size() == 3 && (s[2] < '0' || s[2] > '9')) return std::nullopt;
  const int x = up - 'A', y = std::stoi(s.substr(1)) - 1;
  if (x >= n || y >= n) return std::nullopt;
  return Point{x, y};
}

// Position string as documented: rows from row 1, runs of X / O / empty counts, '/', side, tag.
std::string encode(const Position& p) {
  std::string out;
  for (int y = 0; y < p.size(); ++y) {
    if (y > 0) out += '/';
    int run = 0;
    for (int x = 0; x < p.size(); ++x) {
      const Cell c = p.cells()[static_cast<std::size_t>(y * p.size() + x)];
      if (c == Cell::Empty) {
        ++run;
        continue;
      }
      if (run > 0) out += std::to_string(run);
      run = 0;
      out += c == Cell::Black ? 'X' : 'O';
    }
    if (run > 0) out += std::to_string(run);
  }
  out += p.to_move() == Color::Black ? " X" : " O";
  if (p.variant().kind != VariantKind::Custom) {
    out += ' ';
    out += p.variant().name();
  }
  return out;
}

// A random position of side n (a quarter Black, a quarter White), `to_move` and tag as given.
Position random_position(Rng& rng, int n) {
  Position p(n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const std::uint32_t r = rng.below(4);
      p.set({x, y}, r == 0 ? Cell::Black : r == 1 ? Cell::White : Cell::Empty);
    }
  p.set_to_move(rng.below(2) ? Color::White : Color::Black);
  return p;
}

// Published splitmix64 (seeding) and xoshiro256** (Blackman and Vigna), written out here.
struct Xoshiro {
  std::uint64_t s[4];
  explicit Xoshiro(std::uint64_t seed) {
    for (auto& w : s) {
      std::uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      w = z ^ (z >> 31);
    }
  }
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }
};

}  // namespace

TEST_CASE("contract: point_name, try_parse_point and parse_point follow the documented notation",
          "[contract][core][rule1]") {
  for (int y = -3; y <= 102; ++y)
    for (int x = -3; x <= 28; ++x) REQUIRE(point_name({x, y}) == name_of(x, y));
  std::vector<std::string> texts = {"",    "A",    "1",   "1A",  "11",  "A0",  "A00", "A01", "A07", "A100",
                                    "A1 ", " A1", "A1x", "AA1", "A-1", "A+1", "@1",  "[1",  "`1",  "{1"};
  std::vector<std::string> rows = {"99", "05"};
  for (int row = 0; row <= 27; ++row) rows.push_back(std::to_string(row));
  for (char c = 'A'; c <= 'Z'; ++c)
    for (const std::string& row : rows) {
      texts.push_back(c + row);
      texts.push_back(static_cast<char>(c + 32) + row);
    }
  for (int n = kMinSize; n <= kMaxSize; ++n)
    for (const std::string& t : texts) {
      INFO("'" << t << "' on " << n);
      const auto want = read_name(t, n);
      REQUIRE(try_parse_point(t, n) == want);
      if (want) {
        REQUIRE(parse_point(t, n) == *want);
      } else {
        const auto e = thrown<ParseError>([&] { parse_point(t, n); });
        REQUIRE(e.has_value());
        REQUIRE(e->token() == t);
        REQUIRE(e->line() == 0);  // a single token has no line or column
        REQUIRE(e->column() == 0);
      }
    }
}

TEST_CASE("contract: Position accessors, position strings and diagrams on random boards",
          "[contract][core][notation]") {
  Rng rng(9100);
  for (int n = kMinSize; n <= kMaxSize; ++n) {
    INFO("size " << n);
    const Position empty(n);
    CHECK(empty.size() == n);
    CHECK(empty.to_move() == Color::Black);
    CHECK(empty.variant() == Variant::custom(n));
    CHECK(empty.cells() == std::vector<Cell>(static_cast<std::size_t>(n * n), Cell::Empty));
    for (int k = 0; k < 3; ++k) {
      Position p = random_position(rng, n);
      int black = 0, white = 0;
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
          const Cell c = p.cells()[static_cast<std::size_t>(p.index({x, y}))];
          REQUIRE(p.index({x, y}) == y * n + x);
          REQUIRE(p.at({x, y}) == c);
          black += c == Cell::Black;
          white += c == Cell::White;
        }
      REQUIRE(p.count(Color::Black) == black);
      REQUIRE(p.count(Color::White) == white);
      REQUIRE(p.to_string() == encode(p));
      REQUIRE(Position::parse(p.to_string()) == p);
      // Diagram: column letters on top, right-aligned row numbers, X / O / '.'.
      std::string diagram = "   ";
      for (int x = 0; x < n; ++x) {
        diagram += ' ';
        diagram += static_cast<char>('A' + x);
      }
      diagram += '\n';
      for (int y = 0; y < n; ++y) {
        const std::string num = std::to_string(y + 1);
        diagram += std::string(3 - num.size(), ' ') + num;
        for (int x = 0; x < n; ++x) {
          diagram += ' ';
          diagram += cell_char(p.at({x, y}));
        }
        diagram += '\n';
      }
      REQUIRE(p.diagram() == diagram);
      // Each field takes part in ==.
      Position q = p;
      q.set_to_move(opponent(p.to_move()));
      REQUIRE(q != p);
      REQUIRE(q.to_move() == opponent(p.to_move()));
      q = p;
      q.set({n - 1, n - 1}, p.at({n - 1, n - 1}) == Cell::Empty ? Cell::Black : Cell::Empty);
      REQUIRE(q != p);
      REQUIRE(Position(n < kMaxSize ? n + 1 : n - 1) != Position(n));
      if (n == 9) {
        q = p;
        q.set_variant(Variant::lattice(9));
        REQUIRE(q != p);
        REQUIRE(q.to_string() == encode(q));
        REQUIRE(Position::parse(q.to_string()) == q);
      }
      // A refused set() or set_variant() names the point or size and changes nothing.
      q = p;
      REQUIRE_THROWS_WITH(q.set({n, 0}, Cell::Black),
                          "Position::set: " + point_name({n, 0}) + " is not on the " + std::to_string(n) + "x" +
                              std::to_string(n) + " board");
      REQUIRE_THROWS_AS(q.set({0, -1}, Cell::Black), UsageError);
      REQUIRE_THROWS_AS(q.set_variant(Variant::custom(n == 5 ? 6 : 5)), UsageError);
      REQUIRE(q == p);
    }
  }
  for (const int bad : {-1, 0, 1, 26, 100}) {
    const auto e = thrown<InvalidPositionError>([&] { Position x(bad); });
    REQUIRE(e.has_value());
    CHECK(std::string(e->what()) == "board size " + std::to_string(bad) + " is outside 2-25");
  }
}

TEST_CASE("contract: format_record and parse_record follow the record format on random games",
          "[contract][core][notation]") {
  const std::vector<Position> starts = {opening(Variant::classic()), opening(Variant::lattice(19)),
                                        opening(Variant::lattice(5)), opening(Variant::dense(9)),
                                        Position::parse("X3O/5/5/5/O3X O lattice-5"),
                                        Position::parse("X3O/5/5/5/O3X X"), Position::parse("X1O1/4/O1X1/4 X")};
  for (const Position& start : starts) {
    INFO("start \"" << start.to_string() << "\"");
    Rng rng(9200);
    optimized::Game g(start);
    while (!g.is_over() && g.ply() < 37) g.play(g.legal_moves()[rng.below(static_cast<std::uint32_t>(g.legal_move_count()))]);
    const std::vector<Point> moves = g.moves();
    // Documented layout: no header for the classic opening, [Variant] for another named
    // opening, [Position] for anything else; then the moves, ten per line.
    std::string want;
    const bool named_opening = start.variant().kind != VariantKind::Custom && opening(start.variant()) == start;
    if (!named_opening) want = "[Position \"" + encode(start) + "\"]\n";
    else if (start.variant() != Variant::classic()) want = "[Variant \"" + start.variant().name() + "\"]\n";
    for (std::size_t i = 0; i < moves.size(); ++i) {
      want += point_name(moves[i]);
      want += (i % 10 == 9 || i + 1 == moves.size()) ? '\n' : ' ';
    }
    const std::string text = format_record(start, moves);
    REQUIRE(text == want);
    const GameRecord rec = parse_record(text);
    REQUIRE(rec.start == start);
    REQUIRE(rec.points() == moves);
    // Each move knows where it was written: line (after the header) and column.
    const int first_line = text.front() == '[' ? 2 : 1;
    for (std::size_t i = 0; i < rec.moves.size(); ++i) {
      REQUIRE(rec.moves[i].point == moves[i]);
      REQUIRE(rec.moves[i].line == first_line + static_cast<int>(i / 10));
      int column = 1;
      for (std::size_t j = i - i % 10; j < i; ++j) column += static_cast<int>(point_name(moves[j]).size()) + 1;
      REQUIRE(rec.moves[i].column == column);
    }
    // Comments, blank lines and lower case are ignored; the default variant applies without header.
    std::string loose = "# a comment\n\n";
    for (const Point p : moves) loose += "  " + point_name(p) + "\t# c\n";
    const GameRecord bare = parse_record(loose, start.variant().kind == VariantKind::Custom ? Variant::classic() : start.variant());
    REQUIRE(bare.points() == moves);
    // Whatever default the reader assumes, a record with a header means the same game.
    if (text.front() == '[') REQUIRE(parse_record(text, Variant::lattice(7)).start == start);
  }
}

TEST_CASE("contract: Rng is splitmix64-seeded xoshiro256**, and copies fork the stream",
          "[contract][core][sampling]") {
  for (const std::uint64_t seed : {0ull, 1ull, 42ull, 0xFFFFFFFFFFFFFFFFull, 20260101ull}) {
    INFO("seed " << seed);
    Rng rng(seed);
    Xoshiro want(seed);
    for (int i = 0; i < 1000; ++i) REQUIRE(rng.next() == want.next());
    Rng copy = rng;
    REQUIRE(copy.next() == rng.next());
    want.next();
    // below(n) is the documented multiply-shift of the high 32 bits.
    for (const std::uint32_t n : {1u, 2u, 5u, 361u, 625u, 0xFFFFFFFFu}) {
      const std::uint64_t bits = want.next();
      REQUIRE(rng.below(n) == static_cast<std::uint32_t>(((bits >> 32) * n) >> 32));
    }
  }
  static_assert(Rng(7).next() == Rng(7).next(), "Rng is usable in constant expressions");
}

TEST_CASE("contract: splitmix64 and mix64 are the published splitmix64", "[contract][core][internals]") {
  for (const std::uint64_t seed : {0ull, 1ull, 42ull, 0xFFFFFFFFFFFFFFFFull, 20260101ull}) {
    INFO("seed " << seed);
    const Xoshiro want(seed);  // its four state words are the first four splitmix64 outputs
    std::uint64_t state = seed;
    for (const std::uint64_t word : want.s) {
      const std::uint64_t before = state;
      REQUIRE(splitmix64(state) == word);
      REQUIRE(state == before + 0x9e3779b97f4a7c15ull);
      REQUIRE(mix64(state) == word);
    }
  }
  static_assert(kSplitmixIncrement == 0x9e3779b97f4a7c15ull);
  static_assert(mix64(0) == 0, "mix64 is usable in constant expressions");
}

TEST_CASE("contract: hex writes two lower-case digits per byte", "[contract][core][internals]") {
  CHECK(hex({}).empty());
  const std::vector<std::uint8_t> bytes = {0x00, 0x0a, 0xff, 0x7f, 0x80};
  CHECK(hex(bytes) == "000aff7f80");
  for (int b = 0; b < 256; ++b) {
    char want[3];
    std::snprintf(want, sizeof want, "%02x", b);
    const auto byte = static_cast<std::uint8_t>(b);
    REQUIRE(hex(std::span(&byte, 1)) == want);
  }
}

TEST_CASE("contract: exact_key and from_exact_key are the documented layout", "[contract][core][internals]") {
  // X at (0,0): 1 in bits 0-1; O at (1,1), point 3: 2 in bits 6-7; O to move: bit 2*4 = 8.
  const Position p = Position::parse("X1/1O O");
  CHECK(exact_key(p) == (1u | 2u << 6 | 1u << 8));
  CHECK(from_exact_key(exact_key(p), p) == p);
  Position black = p;
  black.set_to_move(Color::Black);
  CHECK(exact_key(black) == (1u | 2u << 6));
  const Position tagged = opening(Variant::lattice(5));
  CHECK(from_exact_key(exact_key(tagged), tagged) == tagged);  // the variant tag comes from `like`
  CHECK(kMaxExactKeyPoints == 31);
  CHECK_THROWS_AS(exact_key(Position(6)), UsageError);  // 36 points
}

TEST_CASE("contract: PositionSet numbers keys in insertion order", "[contract][core][internals]") {
  PositionSet set(2);
  CHECK(set.words() == 2);
  CHECK(PositionSet(0).words() == 1);
  const std::uint64_t a[2] = {1, 2}, b[2] = {1, 3}, c[2] = {2, 2};
  CHECK_FALSE(set.find(a).has_value());
  CHECK(set.insert(a) == 0);
  CHECK(set.find_or_insert(b) == std::pair<std::size_t, bool>{1, true});
  CHECK(set.find_or_insert(a) == std::pair<std::size_t, bool>{0, false});
  CHECK(set.find(b) == 1);
  CHECK_FALSE(set.find(c).has_value());
  CHECK(set.size() == 2);
  CHECK((set.key(1)[0] == 1 && set.key(1)[1] == 3));
  CHECK_THROWS_AS(set.key(2), std::out_of_range);
}

TEST_CASE("contract: read_start reads a variant name or a position string", "[contract][core][notation]") {
  for (const char* name : {"classic", "lattice-9", "Dense-7", "foo", "a-"}) CHECK(looks_like_variant_name(name));
  for (const char* text : {"", "X X", "X1/1O O", "lattice_5", "dense-7 "}) CHECK_FALSE(looks_like_variant_name(text));
  CHECK(read_start("lattice-5") == opening(Variant::lattice(5)));
  CHECK(read_start("Dense-7") == opening(Variant::dense(7)));
  CHECK(read_start("X1/1O O") == Position::parse("X1/1O O"));
  CHECK(thrown<ParseError>([] { read_start("custom-5"); })->reason() ==
        "custom-5 has no opening of its own; give the start as a position string");
  CHECK(std::string(thrown<ParseError>([] { read_start(""); })->what()) == "line 1, column 1: position string is empty");
}

TEST_CASE("contract: Zobrist keys and zobrist_hash are the documented XOR of keys", "[contract][core][internals]") {
  std::set<std::uint64_t> keys{kZobrist.white_to_move};
  for (int c = 0; c < 2; ++c)
    for (int y = 0; y < kMaxSize; ++y)
      for (int x = 0; x < kMaxSize; ++x) {
        const std::uint64_t k = zobrist_key(static_cast<Color>(c), {x, y});
        REQUIRE(k == kZobrist.stone[static_cast<std::size_t>(c)][static_cast<std::size_t>(y * kMaxSize + x)]);
        keys.insert(k);
      }
  CHECK(keys.size() == 2u * kMaxPoints + 1);  // all distinct, so no two single stones collide
  CHECK(keys.count(0) == 0);
  Rng rng(9300);
  for (const int n : {2, 5, 19, 25}) {
    const Position p = random_position(rng, n);
    std::uint64_t want = p.to_move() == Color::White ? kZobrist.white_to_move : 0;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        if (p.at({x, y}) != Cell::Empty) want ^= zobrist_key(p.at({x, y}) == Cell::Black ? Color::Black : Color::White, {x, y});
    CHECK(zobrist_hash(p) == want);
  }
}

TEST_CASE("contract: types.hpp vocabulary, errors and version", "[contract][core][errors]") {
  CHECK(opponent(Color::Black) == Color::White);
  CHECK(opponent(Color::White) == Color::Black);
  CHECK(color_char(Color::Black) == 'X');
  CHECK(color_char(Color::White) == 'O');
  CHECK(stone(Color::Black) == Cell::Black);
  CHECK(stone(Color::White) == Cell::White);
  CHECK(std::string{cell_char(Cell::Empty), cell_char(Cell::Black), cell_char(Cell::White)} == ".XO");
  CHECK(std::string(removal_name(Removal::None)) == "none");
  CHECK(std::string(removal_name(Removal::ExpandedRoot)) == "expanded-root");
  CHECK(std::string(removal_name(Removal::BoundedRoots)) == "bounded-roots");
  for (int n = kMinSize; n <= kMaxSize; ++n)
    for (int y = -2; y <= n + 1; ++y)
      for (int x = -2; x <= n + 1; ++x) REQUIRE(on_board({x, y}, n) == (x >= 0 && y >= 0 && x < n && y < n));
  // Points order row-major: by row, then column.
  for (int a = 0; a < 30; ++a)
    for (int b = 0; b < 30; ++b) {
      const Point p{a % 6, a / 6}, q{b % 6, b / 6};
      REQUIRE((p < q) == (a < b));
      REQUIRE((p == q) == (a == b));
    }
  // The value types' == is documented as "every field": engines, records and the differential
  // checks compare with it, so a field it skipped would hide a divergence. Each field alone must
  // make two values differ (Point's above, Position's in the Position test).
  CHECK(MoveEffect{Removal::None, 0, 0} == MoveEffect{});
  const MoveEffect e{Removal::BoundedRoots, 2, 1};
  CHECK(e == MoveEffect{Removal::BoundedRoots, 2, 1});
  CHECK_FALSE(e == MoveEffect{Removal::ExpandedRoot, 2, 1});
  CHECK_FALSE(e == MoveEffect{Removal::BoundedRoots, 3, 1});
  CHECK_FALSE(e == MoveEffect{Removal::BoundedRoots, 2, 0});
  const MoveResult r{{1, 1}, Color::White, Removal::BoundedRoots, {{0, 0}, {4, 4}}, 1, 1};
  std::vector<MoveResult> others(6, r);
  others[0].move = {1, 2};
  others[1].player = Color::Black;
  others[2].removal = Removal::ExpandedRoot;
  others[3].removed = {{0, 0}};
  others[4].removed_black = 2;
  others[5].removed_white = 0;
  CHECK(r == MoveResult(r));
  for (std::size_t i = 0; i < others.size(); ++i) {
    INFO("field " << i);
    CHECK_FALSE(r == others[i]);
  }
  CHECK(Variant::lattice(9) == Variant::lattice(9));
  CHECK_FALSE(Variant::lattice(9) == Variant::dense(9));
  CHECK_FALSE(Variant::lattice(9) == Variant::lattice(7));
  // Errors: documented texts and fields.
  std::set<std::string> reasons;
  for (const IllegalReason why : {IllegalReason::OffBoard, IllegalReason::Occupied, IllegalReason::NoFriendlyNeighbour,
                                  IllegalReason::SeveralFriendlyNeighbours, IllegalReason::GameOver}) {
    reasons.insert(illegal_reason_text(why));
    const IllegalMoveError e({6, 6}, Color::White, why);
    CHECK(std::string(e.what()) == std::string("illegal move G7 by O: ") + illegal_reason_text(why));
    CHECK(e.point() == Point{6, 6});
    CHECK(e.player() == Color::White);
    CHECK(e.reason() == why);
  }
  CHECK(reasons.size() == 5);
  const ParseError located("bad thing", 3, 5, "tok");
  CHECK(std::string(located.what()) == "line 3, column 5: bad thing");
  CHECK(located.reason() == "bad thing");
  CHECK(located.line() == 3);
  CHECK(located.column() == 5);
  CHECK(located.token() == "tok");
  CHECK(std::string(ParseError("plain").what()) == "plain");
  CHECK(std::string(InvalidPositionError::no_stones(Color::Black).what()) == "invalid starting position: Black (X) has no stones");
  CHECK(std::string(InvalidPositionError::no_stones(Color::White).what()) == "invalid starting position: White (O) has no stones");
  CHECK(std::string(InvalidPositionError::bounded_root(Color::White, {2, 0}).what()) ==
        "invalid starting position: the O root at C1 is bounded (it has no growth point)");
  const UsageError usage("misuse");
  const Error& base = usage;
  CHECK(std::string(base.what()) == "misuse");
  // Version: the runtime string is the macro's, "MAJOR.MINOR.PATCH".
  CHECK(std::string(version()) == TANBO_VERSION_STRING);
  CHECK(std::string(version()) == std::to_string(TANBO_VERSION_MAJOR) + "." + std::to_string(TANBO_VERSION_MINOR) +
                                      "." + std::to_string(TANBO_VERSION_PATCH));
  // The Engine concept admits both engines and both optimized instantiations, not the bare board.
  STATIC_REQUIRE(Engine<reference::Game>);
  STATIC_REQUIRE(Engine<optimized::Game>);
  STATIC_REQUIRE(Engine<optimized::Game19>);
  STATIC_REQUIRE_FALSE(Engine<optimized::Board>);
  STATIC_REQUIRE_FALSE(Engine<int>);
  // EngineGame is Engine without the constructors: a game made some other way is one.
  STATIC_REQUIRE(EngineGame<reference::Game>);
  STATIC_REQUIRE(EngineGame<optimized::Game19>);
  STATIC_REQUIRE(EngineGame<HandedGame>);
  STATIC_REQUIRE_FALSE(Engine<HandedGame>);
  STATIC_REQUIRE_FALSE(EngineGame<optimized::Board>);
  STATIC_REQUIRE_FALSE(EngineGame<int>);
}
