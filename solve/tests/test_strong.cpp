// The strong solver against an independent brute force (every reachable position's value and
// length) on small starts, the reference-engine build against the optimized one, and the table's
// independence of the thread count (with the hash table made to grow many times).
// check-map: code solve
#include <catch2/catch.hpp>

#include <sstream>

#include "brute_force_negamax.hpp"
#include "forge.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/solve/strong.hpp"

using tanbo::Position;
using tanbo::solve::StrongOptions;
using tanbo::solve::SolverEngine;
using tanbo::solve::SolveStats;
using tanbo::solve::Table;
namespace testing = tanbo::solve::testing;
using testing::kSmall4;

namespace {

// The small starts of properties/CMakeLists.txt (458 and 54,735 reachable positions) and a
// lopsided 4x4 one with no symmetry.
const char* const kSmall3 = "XO1/3/O1X X";
const char* const kAsym4 = "X3/4/2O1/X3 O";

}  // namespace

TEST_CASE("strong solver equals an independent brute force on every reachable position", "[solve]") {
  for (const char* text : {kSmall3, kSmall4, kAsym4}) {
    INFO(text);
    const Position start = Position::parse(text);
    SolveStats stats;
    const Table table = Table::solve(start, {}, &stats);
    const auto brute = testing::brute_force_all(start);
    const std::string diff = testing::first_difference(table, brute);
    INFO(diff);
    CHECK(diff.empty());
    CHECK(table.positions() == brute.size());
    CHECK(stats.positions == brute.size());
    CHECK(stats.classes == table.records().size());
    CHECK(stats.classes <= brute.size());
  }
  // The figures the complete walk pins (properties/README.md).
  CHECK(Table::solve(Position::parse(kSmall3)).positions() == 458);
  CHECK(Table::solve(Position::parse(kSmall4)).positions() == 54735);
}

TEST_CASE("the comparison with the brute force catches planted solver bugs", "[solve][planted]") {
  // A solver whose loser ends the game as soon as it can, or whose finished games are won by the
  // side to move, would differ from the table: the same comparison must say where.
  const Table table = Table::solve(Position::parse(kSmall4));
  for (const auto bug : {testing::BruteBug::LoserShortestDefence, testing::BruteBug::FinishedGameWonByMover}) {
    const std::string diff = testing::first_difference(table, testing::brute_force_all(Position::parse(kSmall4), bug));
    INFO(diff);
    CHECK(!diff.empty());
  }
}

TEST_CASE("the reference-engine table is byte-identical to the optimized-engine table", "[solve]") {
  for (const char* text : {kSmall3, kSmall4, kAsym4}) {
    INFO(text);
    const Position start = Position::parse(text);
    StrongOptions reference;
    reference.engine = SolverEngine::Reference;
    const Table a = Table::solve(start);
    const Table b = Table::solve(start, reference);
    CHECK(a.records() == b.records());
    CHECK(a.content_hash() == b.content_hash());
    std::ostringstream fa, fb;
    a.write(fa);
    b.write(fb);
    CHECK(fa.str() == fb.str());
  }
}

TEST_CASE("the table does not depend on the thread count, even as the hash table grows", "[solve]") {
  const Position start = Position::parse(kSmall4);
  const Table one = Table::solve(start);
  for (const int threads : {2, 3, 4}) {
    for (const SolverEngine engine : {SolverEngine::Optimized, SolverEngine::Reference}) {
      StrongOptions o;
      o.threads = threads;
      o.engine = engine;
      o.initial_slots = threads == 4 ? 1 : 64;  // grows ~10 times during the solve (1 counts as 64)
      SolveStats stats;
      const Table t = Table::solve(start, o, &stats);
      CHECK(t.records() == one.records());
      CHECK(t.content_hash() == one.content_hash());
      CHECK(stats.table_slots > 64);
      CHECK(stats.nodes >= stats.classes - stats.terminal);
    }
  }
}

TEST_CASE("the table does not depend on the estimate of its classes", "[solve]") {
  const Position start = Position::parse(kSmall4);
  const Table one = Table::solve(start);
  const std::uint64_t classes = one.records().size();
  // Far too low (grows from 64 slots), exact (no doubling), and twice too high; 1 and 2 threads.
  for (const std::uint64_t estimate : {std::uint64_t{10}, classes, 2 * classes}) {
    for (const int threads : {1, 2}) {
      StrongOptions o;
      o.threads = threads;
      o.expected_classes = estimate;
      SolveStats stats;
      const Table t = Table::solve(start, o, &stats);
      CHECK(t.records() == one.records());
      CHECK(t.content_hash() == one.content_hash());
      // An estimate at least the classes leaves room for all of them: the table never doubled.
      if (estimate >= classes) CHECK(stats.table_slots == estimate / 3 * 4 / 100 * 105);
      if (estimate < classes) CHECK(stats.table_slots > classes);
    }
  }
}

TEST_CASE("the symmetry group of a start keeps every stone's colour", "[solve]") {
  // lattice-5: the identity, rotation by 180 degrees and the two diagonal reflections.
  CHECK(tanbo::solve::KeyCodec(tanbo::opening(tanbo::Variant::parse("lattice-5"))).symmetries().size() == 4);
  CHECK(tanbo::solve::KeyCodec(tanbo::opening(tanbo::Variant::parse("dense-5"))).symmetries().size() == 8);
  CHECK(tanbo::solve::KeyCodec(Position::parse(kSmall4)).symmetries().size() == 4);
  CHECK(tanbo::solve::KeyCodec(Position::parse(kAsym4)).symmetries().size() == 1);
}

TEST_CASE("the strong solver refuses what it cannot solve", "[solve]") {
  // Too many points for an exact key: names the size.
  CHECK_THROWS_AS(Table::solve(tanbo::opening(tanbo::Variant::parse("lattice-7"))), tanbo::UsageError);
  // A start that cannot begin a game.
  CHECK_THROWS_AS(Table::solve(Position::parse("X2/3/3 O")), tanbo::InvalidPositionError);
  // Over the budget of position classes.
  StrongOptions o;
  o.max_classes = 100;
  CHECK_THROWS_AS(Table::solve(Position::parse(kSmall4), o), tanbo::UsageError);
  o.max_classes = 0;
  o.threads = 0;
  CHECK_THROWS_AS(Table::solve(Position::parse(kSmall4), o), tanbo::UsageError);
  o.threads = 2;
  o.max_classes = 1000;
  CHECK_THROWS_AS(Table::solve(Position::parse(kSmall4), o), tanbo::UsageError);
}
