// The checker is checked: for every field each comparator depth compares (compare.hpp), an engine
// broken only there (a forwarding wrapper, forwarding.hpp) must be reported at that depth and not
// below it; and every rule of the Schedule (Full at its steps 1, 2, 4, ..., at copies and at the
// end; Consistency after removals) must report a difference visible only at that depth at the
// expected step of a differential script.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "tanbo/reference/game.hpp"
#include "tanbo/verify/compare.hpp"
#include "tanbo/verify/driver.hpp"
#include "tanbo/verify/forwarding.hpp"

using namespace tanbo;
using namespace tanbo::verify;

namespace {

// One broken engine per field; each differs from optimized::Game only in the member it hides.
struct BadSize : Forwarding<> {
  using Forwarding::Forwarding;
  int size() const { return inner().size() + 1; }
};
struct BadToMove : Forwarding<> {
  using Forwarding::Forwarding;
  Color to_move() const { return opponent(inner().to_move()); }
};
struct BadPly : Forwarding<> {
  using Forwarding::Forwarding;
  int ply() const { return inner().ply() + 1; }
};
struct BadIsOver : Forwarding<> {
  using Forwarding::Forwarding;
  bool is_over() const { return !inner().is_over(); }
};
struct BadWinner : Forwarding<> {
  using Forwarding::Forwarding;
  std::optional<Color> winner() const { return Color::White; }
};
struct BadStoneCount : Forwarding<> {
  using Forwarding::Forwarding;
  int stone_count(Color c) const { return inner().stone_count(c) + (c == Color::White); }
};
struct BadAt : Forwarding<> {  // empty points read as Black stones
  using Forwarding::Forwarding;
  Cell at(Point p) const { return inner().at(p) == Cell::Empty ? Cell::Black : inner().at(p); }
};
struct BadHash : Forwarding<> {
  using Forwarding::Forwarding;
  std::uint64_t hash() const { return inner().hash() ^ 1u; }
};
struct BadCount : Forwarding<> {
  using Forwarding::Forwarding;
  int legal_move_count() const { return inner().legal_move_count() + 1; }
};
struct LegalSetSwapped : Forwarding<> {  // same size, one legal point replaced by an occupied one
  using Forwarding::Forwarding;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    const Position pos = position();
    for (int i = 0; i < pos.size() * pos.size(); ++i)
      if (const Point p{i % pos.size(), i / pos.size()}; pos.at(p) != Cell::Empty) {
        m.back() = p;
        break;
      }
    return m;
  }
};
struct LegalSetDuplicate : Forwarding<> {  // same size, the first move twice, the last missing
  using Forwarding::Forwarding;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    m.back() = m.front();
    return m;
  }
};
struct LegalOrder : Forwarding<> {  // the right set in the wrong order
  using Forwarding::Forwarding;
  std::vector<Point> legal_moves() const {
    std::vector<Point> m = inner().legal_moves();
    std::reverse(m.begin(), m.end());
    return m;
  }
};
struct BadLastResult : Forwarding<> {
  using Forwarding::Forwarding;
  MoveResult last_result() const {
    MoveResult r = inner().last_result();
    r.player = opponent(r.player);
    return r;
  }
};
struct LastResultAtStart : Forwarding<> {  // does not throw at ply 0
  using Forwarding::Forwarding;
  MoveResult last_result() const { return ply() == 0 ? MoveResult{} : inner().last_result(); }
};
struct BadConsistency : Forwarding<> {
  using Forwarding::Forwarding;
  std::optional<std::string> check_consistency() const { return "planted"; }
};
struct BadRootCount : Forwarding<> {
  using Forwarding::Forwarding;
  int root_count(Color c) const { return inner().root_count(c) + 1; }
};
struct BadGrowth : Forwarding<> {
  using Forwarding::Forwarding;
  struct Board {
    const optimized::Game* g;
    int growth_of(Point p) const { return g->board().growth_of(p) + 1; }
  };
  Board board() const { return {&inner()}; }
};
struct BadVariantTag : Forwarding<> {
  using Forwarding::Forwarding;
  Position position() const {
    Position p = inner().position();
    p.set_variant(Variant::custom(p.size()));
    return p;
  }
};
struct BadStart : Forwarding<> {
  explicit BadStart(const Variant& v) : Forwarding(v), start_(opening(v)) { start_.set_to_move(Color::White); }
  explicit BadStart(const Position& p) : Forwarding(p), start_(p) { start_.set_to_move(opponent(p.to_move())); }
  const Position& start_position() const { return start_; }

 private:
  Position start_;
};
struct BadMoves : Forwarding<> {
  using Forwarding::Forwarding;
  std::vector<Point> moves() const {
    std::vector<Point> m = inner().moves();
    if (!m.empty()) m.pop_back();
    return m;
  }
};
struct BadIsLegal : Forwarding<> {  // refuses the first legal move
  using Forwarding::Forwarding;
  bool is_legal(Point p) const { return inner().is_legal(p) && !(p == inner().legal_moves().front()); }
};
struct BadWhyIllegal : Forwarding<> {
  using Forwarding::Forwarding;
  std::optional<IllegalReason> why_illegal(Point p) const {
    const auto r = inner().why_illegal(p);
    return r == IllegalReason::Occupied ? IllegalReason::NoFriendlyNeighbour : r;
  }
};

// Plays the same `plies` legal moves (#0 each time) on the reference and on `E`, from lattice-5.
template <class E>
std::pair<reference::Game, E> after(int plies) {
  std::pair<reference::Game, E> games{reference::Game(Variant::lattice(5)), E(Variant::lattice(5))};
  for (int i = 0; i < plies; ++i) {
    const Point p = games.first.legal_moves().front();
    games.first.play(p);
    games.second.play(p);
  }
  return games;
}

// The depths at which the difference of `E` is reported after `plies` moves, checking that the
// report names `field`.
template <class E>
std::vector<Depth> reported(const std::string& field, int plies = 2) {
  std::vector<Depth> out;
  for (const Depth d : {Depth::Step, Depth::Consistency, Depth::Full}) {
    const auto [ref, bad] = after<E>(plies);
    if (const auto what = Comparator().first_difference(ref, bad, d)) {
      INFO("depth " << static_cast<int>(d) << " reported: " << *what);
      CHECK(what->find(field) != std::string::npos);
      out.push_back(d);
    }
  }
  return out;
}

const std::vector<Depth> kAll{Depth::Step, Depth::Consistency, Depth::Full};
const std::vector<Depth> kConsistencyUp{Depth::Consistency, Depth::Full};
const std::vector<Depth> kFullOnly{Depth::Full};

}  // namespace

TEST_CASE("every depth reports each field it compares, and no depth below reports it", "[verify][comparator]") {
  // The unbroken wrapper: no depth reports anything.
  CHECK(reported<Forwarding<>>("").empty());
  // Depth::Step and up.
  CHECK(reported<BadSize>("size()") == kAll);
  CHECK(reported<BadToMove>("to_move()") == kAll);
  CHECK(reported<BadPly>("ply()") == kAll);
  CHECK(reported<BadIsOver>("is_over()") == kAll);
  CHECK(reported<BadWinner>("winner()") == kAll);
  CHECK(reported<BadStoneCount>("stone_count(O)") == kAll);
  CHECK(reported<BadAt>("position()") == kAll);
  CHECK(reported<BadHash>("hash()") == kAll);
  CHECK(reported<BadCount>("legal_move_count()") == kAll);
  CHECK(reported<LegalSetSwapped>("legal moves: ") == kAll);
  CHECK(reported<LegalSetDuplicate>("legal moves: ") == kAll);
  CHECK(reported<BadLastResult>("last_result()") == kAll);
  // Depth::Consistency and up.
  CHECK(reported<BadConsistency>("check_consistency(): planted") == kConsistencyUp);
  // Depth::Full only.
  CHECK(reported<LegalOrder>("legal_moves()") == kFullOnly);
  CHECK(reported<LastResultAtStart>("last_result()", 0) == kFullOnly);
  CHECK(reported<BadRootCount>("root_count(X)") == kFullOnly);
  CHECK(reported<BadGrowth>("growth_of(") == kFullOnly);
  CHECK(reported<BadVariantTag>("position()") == kFullOnly);
  CHECK(reported<BadStart>("start_position()") == kFullOnly);
  CHECK(reported<BadMoves>("moves()") == kFullOnly);
  CHECK(reported<BadIsLegal>("is_legal(") == kFullOnly);
  CHECK(reported<BadWhyIllegal>("why_illegal(") == kFullOnly);
}

TEST_CASE("Schedule: Full at steps 1, 2, 4, 8, ... and at copies; Consistency after removals", "[verify][comparator]") {
  Schedule s;
  const std::vector<std::pair<Change, Depth>> steps{
      {Change::Copy, Depth::Full},      {Change::Plain, Depth::Full},  {Change::Plain, Depth::Step},
      {Change::Removal, Depth::Full},   {Change::Removal, Depth::Consistency},
      {Change::Copy, Depth::Full},      {Change::Plain, Depth::Step},  {Change::Plain, Depth::Full},
      {Change::Plain, Depth::Step},     {Change::Removal, Depth::Consistency}};
  for (std::size_t i = 0; i < steps.size(); ++i) {
    CAPTURE(i + 1);
    CHECK(s.next(steps[i].first) == steps[i].second);
  }
}

namespace {

// Broken only at Depth::Full, and only from ply 5 on: moves() loses its first move.
struct MovesWrongFromPly5 : Forwarding<> {
  using Forwarding::Forwarding;
  std::vector<Point> moves() const {
    std::vector<Point> m = inner().moves();
    if (m.size() >= 5) m.erase(m.begin());
    return m;
  }
};

// Broken only at Depth::Consistency and Full: check_consistency() fails right after a removal.
struct InconsistentAfterRemoval : Forwarding<> {
  using Forwarding::Forwarding;
  std::optional<std::string> check_consistency() const {
    if (ply() > 0 && inner().last_result().removal != Removal::None) return "planted after a removal";
    return inner().check_consistency();
  }
};

Script plain_moves(int n) { return {Variant::classic(), std::vector<Step>(static_cast<std::size_t>(n), Step::legal(0))}; }

}  // namespace

TEST_CASE("the driver reports a Full-only difference at the next power-of-two step, a copy, or the end",
          "[verify][comparator]") {
  // Classic with legal move #0 each time: no removal in the first 12 moves (checked below).
  DiffStats stats;
  REQUIRE_FALSE(Driver<optimized::Game>(&stats).run(plain_moves(12)));
  REQUIRE(stats.removals == 0);

  auto d = Driver<MovesWrongFromPly5>(nullptr, "broken").run(plain_moves(12));
  REQUIRE(d);
  // The set-up is the schedule's first step, so moves 1, 3, 7, 15 are compared in full: the
  // difference from move 5 on is seen at move 7.
  CHECK(d->step == 7);
  CHECK(d->what.find("moves()") != std::string::npos);

  Script copy_at_6 = plain_moves(5);
  copy_at_6.steps.push_back(Step::copy());
  copy_at_6.steps.push_back(Step::legal(0));
  d = Driver<MovesWrongFromPly5>(nullptr, "broken").run(copy_at_6);
  REQUIRE(d);
  CHECK(d->step == 6);
  CHECK(d->action.find("copy") != std::string::npos);

  d = Driver<MovesWrongFromPly5>(nullptr, "broken").run(plain_moves(6));
  REQUIRE(d);
  CHECK(d->step == 6);
  CHECK(d->action == "end of the input");
}

TEST_CASE("the driver reports a Consistency-only difference at the step that removed stones", "[verify][comparator]") {
  // A lattice-5 script whose first removal comes at a step that is not a power of two.
  for (std::uint8_t b = 0; b < 40; ++b) {
    Script s{Variant::lattice(5), std::vector<Step>(60, Step::legal(b))};
    reference::Game g(Variant::lattice(5));
    std::size_t removal_step = 0;
    for (std::size_t i = 0; i < s.steps.size() && !g.is_over() && removal_step == 0; ++i) {
      const auto legal = g.legal_moves();
      if (g.play(legal[b % legal.size()]).removal != Removal::None) removal_step = i + 1;
    }
    // Move k is the schedule's step k + 1 (the set-up is its first).
    if (removal_step == 0 || std::has_single_bit(removal_step + 1)) continue;
    CAPTURE(b, removal_step);
    const auto d = Driver<InconsistentAfterRemoval>(nullptr, "broken").run(s);
    REQUIRE(d);
    CHECK(d->step == removal_step);
    CHECK(d->what.find("planted after a removal") != std::string::npos);
    return;
  }
  FAIL("no script with a removal at a step that is not a power of two");
}
