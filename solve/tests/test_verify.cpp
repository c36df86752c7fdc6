// Tables that check themselves: forged table files (their hash recomputed, forge.hpp) refused by
// the probe of the forged position or by verify() (and the repeated or out-of-order record by
// reading), with the file, the record's byte offset and the position; genuine tables verified
// whole. Also the honest limit: a pair of wrong records consistent with each other passes the
// probe of the parent (one level of children is checked) and is caught by verify().
// check-map: code solve
#include <catch2/catch.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "forge.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/solve/key.hpp"
#include "tanbo/solve/strong.hpp"
#include "tanbo/solve/verify.hpp"

using tanbo::Point;
using tanbo::Position;
using tanbo::solve::Outcome;
using tanbo::solve::PackedOutcome;
using tanbo::solve::Record;
using tanbo::solve::Table;
using tanbo::solve::TableError;
using tanbo::solve::testing::file_of;
using tanbo::solve::testing::kSmall4;
using tanbo::solve::testing::ForgedTable;
using tanbo::solve::testing::value_flipped;
using Catch::Matchers::Contains;

namespace {


Table read_bytes(const std::string& bytes) {
  std::istringstream in(bytes);
  return Table::read(in, "forged.tbl");
}

// The TableError message of `f`, or "" if it does not throw.
template <typename F>
std::string table_error_of(F&& f) {
  try {
    f();
  } catch (const TableError& e) {
    return e.what();
  }
  return "";
}


// The table of kSmall4 and its file, shared by the forgeries below.
struct Genuine {
  Position start = Position::parse(kSmall4);
  Table table = Table::solve(start);
  std::string bytes = file_of(table);
  const tanbo::solve::KeyCodec& codec = table.codec();

  Position position(std::size_t i) const { return codec.position(table.records()[i].key()); }
  bool finished(std::size_t i) const { return tanbo::reference::winner(position(i)).has_value(); }
  std::uint64_t canonical(const Position& p) const { return codec.canonical(codec.key(p)); }
  // The children of `pos` (reference engine), with the moves leading to them.
  std::vector<std::pair<Point, Position>> children(const Position& pos) const {
    std::vector<std::pair<Point, Position>> out;
    tanbo::reference::Game game(pos);
    for (const Point m : game.legal_moves()) {
      game.play(m);
      out.emplace_back(m, game.position());
      game.undo();
    }
    return out;
  }
};

}  // namespace

TEST_CASE("verify passes genuine tables, record by record, with progress", "[solve][differential]") {
  for (const char* text : {"XO1/3/O1X X", kSmall4}) {
    const Table t = Table::solve(Position::parse(text));
    const Table back = read_bytes(file_of(t));
    std::vector<tanbo::solve::VerifyProgress> calls;
    CHECK(tanbo::solve::verify(back, [&](const tanbo::solve::VerifyProgress& p) { calls.push_back(p); }) ==
          t.records().size());
    REQUIRE(!calls.empty());
    CHECK(calls.back().checked == t.records().size());
    CHECK(calls.back().records == t.records().size());
    CHECK(tanbo::solve::verify(t) == t.records().size());  // in memory too, without a callback
  }
}

TEST_CASE("a forged flipped win bit is refused by the probe and by verify, naming the record",
          "[solve][differential]") {
  // The start's record says the side to move wins (the header's value byte too, so reading
  // agrees): a contradiction of the kind a probe must never print, such as "X to move loses in 24
  // plies" above four moves that "win in 24".
  const Genuine g;
  ForgedTable f(g.bytes);
  const std::size_t i = f.find(g.canonical(g.start));
  const Outcome real = f.record(i).outcome();
  f.set_record(i, value_flipped(f.record(i)));
  f.set_start_wins(!real.wins());
  const Table forged = read_bytes(f.sealed());  // the hash holds
  const std::string expected = "forged.tbl: byte " + std::to_string(f.offset(i)) +
                               ": the table is inconsistent: the record of X2O/4/4/O2X X says X to move wins in 15 "
                               "plies, but its moves' records give X to move loses in 15 plies";
  CHECK(table_error_of([&] { (void)forged.probe(g.start); }) == expected);
  CHECK(table_error_of([&] { (void)forged.probe(g.start, false); }) == expected);
  CHECK(table_error_of([&] { (void)tanbo::solve::verify(forged); }) == expected);
  CHECK_THROWS_AS(forged.probe(g.start), TableError);
  // A wrong length alone (the value kept) is refused too.
  ForgedTable longer(g.bytes);
  longer.set_record(i, Record::of(longer.record(i).key(), Outcome::of(real.wins(), real.length + 2)));
  longer.set_start_length(real.length + 2);
  const Table forged_length = read_bytes(longer.sealed());
  CHECK(table_error_of([&] { (void)forged_length.probe(g.start, false); }) ==
        "forged.tbl: byte " + std::to_string(f.offset(i)) +
            ": the table is inconsistent: the record of X2O/4/4/O2X X says X to move loses in 17 plies, but its "
            "moves' records give X to move loses in 15 plies");
}

TEST_CASE("a forged finished game given to the loser is refused by rule 7", "[solve][differential]") {
  const Genuine g;
  std::size_t i = 0;
  while (!g.finished(i)) ++i;
  const Position over = g.position(i);
  const auto winner = tanbo::reference::winner(over);
  REQUIRE(winner);
  ForgedTable f(g.bytes);
  f.set_record(i, value_flipped(f.record(i)));
  const Table forged = read_bytes(f.sealed());
  const std::string loser(1, tanbo::color_char(tanbo::opponent(*winner)));
  INFO(over.to_string());
  CHECK_THAT(table_error_of([&] { (void)forged.probe(over); }),
             Contains("forged.tbl: byte " + std::to_string(f.offset(i)) + ": the table is inconsistent: the record of ") &&
                 Contains(" says a finished game won by " + loser + ", but the game is finished and rule 7 gives it to " +
                          std::string(1, tanbo::color_char(*winner))));
  // verify() stops at the first bad record in key order: this one, or a parent that it now
  // contradicts; either names the file and the offset.
  CHECK_THAT(table_error_of([&] { (void)tanbo::solve::verify(forged); }), Contains("forged.tbl: byte ") && Contains("inconsistent"));
  // Given a length instead, it is refused the same way.
  ForgedTable lengthened(g.bytes);
  lengthened.set_record(i, lengthened.record(i).with(PackedOutcome::of(lengthened.record(i).packed().wins(), lengthened.record(i).packed().length() | 3)));
  CHECK_THAT(table_error_of([&] { (void)read_bytes(lengthened.sealed()).probe(over); }),
             Contains(" says X to move ") || Contains(" says O to move "));
}

TEST_CASE("the probe checks every position of the perfect-play line, not only the probed one",
          "[solve][differential]") {
  // The finished game at the end of the start's line given to the loser: the start's own record
  // and its children's still agree, so a probe without the line answers; walking the line meets
  // the forged record (or its parent, which it now contradicts) and refuses.
  const Genuine g;
  tanbo::reference::Game game(g.start);
  for (const Point m : g.table.probe(g.start).line) game.play(m);
  const Position end = game.position();
  REQUIRE(tanbo::reference::winner(end));
  ForgedTable f(g.bytes);
  const std::size_t i = f.find(g.canonical(end));
  f.set_record(i, value_flipped(f.record(i)));
  const Table forged = read_bytes(f.sealed());
  CHECK(table_error_of([&] { (void)forged.probe(g.start, false); }).empty());
  CHECK_THAT(table_error_of([&] { (void)forged.probe(g.start); }), Contains("forged.tbl: byte ") && Contains("the table is inconsistent"));
}

TEST_CASE("a locally consistent pair of wrong records passes the parent's probe; verify catches it",
          "[solve][differential]") {
  // Parent P and child C both wrong, P agreeing with C: the probe of P checks P against its
  // children's records and cannot tell (docs/solutions.md, "What the checks catch"); C's own
  // probe and verify() can.
  const Genuine g;
  ForgedTable f(g.bytes);
  std::optional<Position> parent, child;
  for (std::size_t i = 0; i < g.table.records().size() && !parent; ++i) {
    if (g.finished(i)) continue;
    const Position p = g.position(i);
    const Outcome p_real = g.table.records()[i].outcome();
    for (const auto& [move, c] : g.children(p)) {
      const Outcome c_real = *g.table.lookup(c);
      if (c_real.length == 0) continue;
      const Outcome c_forged = Outcome::of(!c_real.wins(), c_real.length);
      // P's value and length by the definitions with C forged.
      Outcome p_forged = Outcome::of(false, 0);
      for (const auto& [m2, c2] : g.children(p)) {
        const Outcome mover = (c2 == c ? c_forged : *g.table.lookup(c2)).before_move();
        if (mover.wins() && (!p_forged.wins() || mover.length < p_forged.length)) p_forged = mover;
        if (!mover.wins() && !p_forged.wins() && mover.length > p_forged.length) p_forged = mover;
      }
      if (p_forged == p_real) continue;
      f.set_record(f.find(g.canonical(c)), Record::of(g.canonical(c), c_forged));
      f.set_record(i, Record::of(g.canonical(p), p_forged));
      parent = p;
      child = c;
      break;
    }
  }
  REQUIRE(parent);
  const Table forged = read_bytes(f.sealed());
  // The honest limit: the parent's answer is wrong and the probe cannot tell.
  CHECK(table_error_of([&] { (void)forged.probe(*parent, false); }).empty());
  CHECK(forged.probe(*parent, false).outcome != *g.table.lookup(*parent));
  CHECK_THAT(table_error_of([&] { (void)forged.probe(*child, false); }),
             Contains("forged.tbl: byte " + std::to_string(f.offset(f.find(g.canonical(*child))))) &&
                 Contains("the table is inconsistent"));
  CHECK_THAT(table_error_of([&] { (void)tanbo::solve::verify(forged); }), Contains("forged.tbl: byte ") && Contains("inconsistent"));
}

TEST_CASE("a repeated or out-of-order record is refused on reading with its offset", "[solve][differential]") {
  const Genuine g;
  const std::size_t start = ForgedTable(g.bytes).find(g.canonical(g.start));
  std::size_t i = 10;
  while (i == start || i + 1 == start) ++i;
  // Repeated: record i + 1 replaced by record i's key with another value (so the 64-bit words
  // still increase), the position count adjusted as a forger would.
  ForgedTable repeated(g.bytes);
  const Record r = repeated.record(i);
  const PackedOutcome o = r.packed();
  repeated.set_record(i + 1, r.with(o.wins() ? PackedOutcome::of(true, o.length() + 1) : PackedOutcome::of(true, o.length())));
  repeated.set_positions(repeated.positions() -
                         static_cast<std::uint64_t>(g.codec.orbit_size(g.table.records()[i + 1].key())) +
                         static_cast<std::uint64_t>(g.codec.orbit_size(r.key())));
  CHECK(table_error_of([&] { (void)read_bytes(repeated.sealed()); }) ==
        "forged.tbl: byte " + std::to_string(repeated.offset(i + 1)) +
            ": a repeated record: its key is the previous record's (each key must exceed the previous one)");
  // Out of order: two records swapped.
  ForgedTable swapped(g.bytes);
  swapped.set_record(i, g.table.records()[i + 1]);
  swapped.set_record(i + 1, g.table.records()[i]);
  CHECK(table_error_of([&] { (void)read_bytes(swapped.sealed()); }) ==
        "forged.tbl: byte " + std::to_string(swapped.offset(i + 1)) +
            ": records out of order (each key must exceed the previous one)");
}

TEST_CASE("a forged table missing a record is refused by its parent's probe and by verify",
          "[solve][differential]") {
  const Genuine g;
  // A child of the start, removed with its orbit from the position count: reading cannot tell.
  const auto [move, child] = g.children(g.start).front();
  ForgedTable f(g.bytes);
  const std::size_t j = f.find(g.canonical(child));
  REQUIRE(j < f.record_count());
  f.erase(j);
  f.set_positions(f.positions() - static_cast<std::uint64_t>(g.codec.orbit_size(g.canonical(child))));
  const Table forged = read_bytes(f.sealed());
  CHECK(!forged.probe(child).outcome.known());  // unknown: the table does not hold it
  CHECK_THAT(table_error_of([&] { (void)forged.probe(g.start); }),
             Contains("forged.tbl: byte " + std::to_string(f.offset(f.find(g.canonical(g.start))))) &&
                 Contains("the table is damaged: the position X2O/4/4/O2X X is held but its successor after") &&
                 Contains("is missing"));
  CHECK_THAT(table_error_of([&] { (void)tanbo::solve::verify(forged); }),
             Contains("forged.tbl: byte ") && Contains("the table is damaged: the position ") && Contains("is missing"));
}
