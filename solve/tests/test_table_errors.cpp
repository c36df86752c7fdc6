// Each refusal of the table reader, one field at a time, with its exact message and byte offset
// (test_table.cpp flips and truncates bytes everywhere and requires some refusal; here each check
// of Table::read is reached on purpose and its words are asserted), and the strong solver's and
// the table's other error paths: a failing output stream, a probe of another board.
// check-map: code solve
#include <catch2/catch.hpp>

#include <algorithm>
#include <ostream>
#include <sstream>
#include <string>

#include "forge.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/solve/measure.hpp"
#include "tanbo/solve/strong.hpp"

using tanbo::Position;
using tanbo::solve::Record;
using tanbo::solve::Table;
using tanbo::solve::TableError;
using tanbo::solve::testing::file_of;
using tanbo::solve::testing::ForgedTable;
using tanbo::solve::testing::kSmall4;
using tanbo::solve::testing::table_refusal;
using tanbo::solve::testing::value_flipped;

namespace {


// `bytes` with the little-endian field of `width` bytes at `at` set to `value`.
std::string with_field(std::string bytes, std::size_t at, std::uint64_t value, int width) {
  for (int b = 0; b < width; ++b) bytes[at + static_cast<std::size_t>(b)] = static_cast<char>(value >> (8 * b));
  return bytes;
}

// The file of kSmall4's table: header 80 + 16 bytes ("X2O/4/4/O2X X" is 13 bytes, padded to 16).
struct Small4 {
  Small4() : table(Table::solve(Position::parse(kSmall4))), bytes(file_of(table)) {}
  Table table;
  std::string bytes;
  static constexpr std::size_t kHeader = 96;
  std::size_t records() const { return table.records().size(); }
};

}  // namespace

TEST_CASE("table reading: each header field refused with its offset and words", "[solve][table][errors]") {
  const Small4 t;
  REQUIRE(table_refusal(t.bytes).empty());
  CHECK(table_refusal(with_field(t.bytes, 20, 2000, 4)) == "t.tbl: byte 20: start text of 2000 bytes (at most 1024)");
  CHECK(table_refusal(with_field(t.bytes, 12, 104, 4)) == "t.tbl: byte 12: header size 104 does not fit a start text of 13 bytes");
  CHECK(table_refusal(with_field(t.bytes, 16, 6, 4)) == "t.tbl: byte 16: board side 6 (strong tables have sides 2 to 5)");
  CHECK(table_refusal(with_field(t.bytes, 16, 1, 4)) == "t.tbl: byte 16: board side 1 (strong tables have sides 2 to 5)");
  CHECK(table_refusal(with_field(t.bytes, 16, 3, 4)) == "t.tbl: byte 16: board side 3, but the start X2O/4/4/O2X X is 4x4");
  CHECK(table_refusal(with_field(t.bytes, 47, 1, 1)) == "t.tbl: byte 43: reserved header bytes are not zero");
  CHECK(table_refusal(with_field(t.bytes, 95, 1, 1)) == "t.tbl: byte 95: the start text's padding is not zero");
  CHECK(table_refusal(with_field(t.bytes, 42, 0, 1)).find("t.tbl: byte 42: symmetry mask 0 is not the start's (") == 0);
  CHECK(table_refusal(t.bytes.substr(0, 85)) == "t.tbl: byte 85: truncated: the file ends inside the start text");
  CHECK(table_refusal(t.bytes.substr(0, 79)) == "t.tbl: byte 79: truncated: the file ends inside the 80-byte header");
}

TEST_CASE("table reading: a start text no game can begin from, named with the reader's reason",
          "[solve][table][errors]") {
  const Small4 t;
  std::string bad = t.bytes;
  bad.replace(80, 13, "X2O/4/4/O2Z X");  // same length: only the text is wrong
  const std::string msg = table_refusal(bad);
  CHECK(msg.find("t.tbl: byte 80: start \"X2O/4/4/O2Z X\": ") == 0);
  bad = t.bytes;
  bad.replace(80, 13, "X3/4/4/4    X");  // one root each is needed to begin a game
  CHECK(table_refusal(bad).find("t.tbl: byte 80: start \"X3/4/4/4    X\": ") == 0);
}

TEST_CASE("table reading: records whose fields or keys are impossible, resealed by a forger",
          "[solve][table][errors]") {
  const Small4 t;
  const std::size_t last = t.records() - 1;
  const std::string at_last = "t.tbl: byte " + std::to_string(Small4::kHeader + 8 * last) + ": ";
  SECTION("bits outside the fields: a length above 127 cannot be written, a key above the board's cells") {
    ForgedTable f(t.bytes);
    f.set_record(last, Record::of(f.record(last).key() | std::uint64_t{1} << 55, f.record(last).packed()));
    CHECK(table_refusal(f.sealed()) == at_last + "a record with bits outside its fields");
  }
  SECTION("a cell of value 3") {
    ForgedTable f(t.bytes);
    // The largest key with cell 15 (bits 30-31) set to 3 still sorts last.
    f.set_record(last, Record::of(f.record(last).key() | std::uint64_t{3} << 30, f.record(last).packed()));
    CHECK(table_refusal(f.sealed()) == at_last + "a record whose key has a cell of value 3");
  }
  SECTION("a key that is not its class's canonical (least) one") {
    // The last record's key is the largest canonical key; an image of it under a symmetry of the
    // start that is larger still keeps the records in order and names the same class.
    const auto& codec = t.table.codec();
    const std::uint64_t key = t.table.records()[last].key();
    std::uint64_t image = key;
    for (std::size_t i = 1; i < codec.symmetries().size(); ++i) image = std::max(image, codec.image(key, i));
    REQUIRE(image > key);
    ForgedTable f(t.bytes);
    f.set_record(last, Record::of(image, f.record(last).packed()));
    CHECK(table_refusal(f.sealed()) == at_last + "a record whose key is not canonical");
  }
  SECTION("the start's record missing") {
    ForgedTable f(t.bytes);
    const std::size_t start = f.find(t.table.codec().key(t.table.start()));
    REQUIRE(start < f.record_count());
    f.erase(start);
    CHECK(table_refusal(f.sealed()) == "t.tbl: byte 96: the records do not hold the start");
  }
}

TEST_CASE("table reading: the header's count, value and positions against the records", "[solve][table][errors]") {
  const Small4 t;
  const std::size_t n = t.records();
  const std::string count = tanbo::solve::thousands(n);
  const std::string end = std::to_string(Small4::kHeader + 8 * n);
  CHECK(table_refusal(t.bytes + "abc") == "t.tbl: byte " + end + ": the file goes on after the " + count +
                                        " records its header announces");
  CHECK(table_refusal(t.bytes.substr(0, t.bytes.size() - 3)) ==
        "t.tbl: byte " + std::to_string(Small4::kHeader + 8 * (n - 1)) + ": truncated: the file ends inside a record");
  CHECK(table_refusal(t.bytes.substr(0, t.bytes.size() - 8)) ==
        "t.tbl: byte " + std::to_string(Small4::kHeader + 8 * (n - 1)) + ": truncated: the header announces " + count +
            " records, the file holds " + tanbo::solve::thousands(n - 1));
  // More records than announced: refused at the first record too many.
  const std::string fewer = with_field(t.bytes, 24, n - 1, 8);
  CHECK(table_refusal(fewer) == "t.tbl: byte " + std::to_string(Small4::kHeader + 8 * (n - 1)) +
                              ": the file holds more than the " + tanbo::solve::thousands(n - 1) +
                              " records its header announces");
  ForgedTable value(t.bytes);
  value.set_start_wins(!t.table.start_outcome().wins());
  CHECK(table_refusal(value.sealed()) == "t.tbl: byte 40: the header's value and length of the start are not its record's");
  ForgedTable length(t.bytes);
  length.set_start_length(t.table.start_outcome().length + 2);
  CHECK(table_refusal(length.sealed()) == "t.tbl: byte 40: the header's value and length of the start are not its record's");
  ForgedTable not_a_bit(t.bytes);
  not_a_bit.set_start_wins(t.table.start_outcome().wins());
  std::string two = not_a_bit.sealed();
  two[40] = 2;  // neither 0 nor 1
  CHECK(table_refusal(ForgedTable(two).sealed()) ==
        "t.tbl: byte 40: the header's value and length of the start are not its record's");
  ForgedTable positions(t.bytes);
  positions.set_positions(positions.positions() + 1);
  CHECK(table_refusal(positions.sealed()) == "t.tbl: byte 32: the header counts " + tanbo::solve::thousands(t.table.positions() + 1) +
                                           " positions; the records hold " + tanbo::solve::thousands(t.table.positions()));
}

TEST_CASE("a table written to a failing stream throws instead of leaving half a file unnoticed",
          "[solve][table][errors]") {
  const Small4 t;
  std::ostream broken(nullptr);  // no buffer: every write sets badbit
  try {
    t.table.write(broken);
    FAIL("write() did not throw");
  } catch (const tanbo::Error& e) {
    CHECK(std::string(e.what()) == "could not write the table file");
  }
}

TEST_CASE("a table answers nothing about another board, and names itself when solved in memory",
          "[solve][table][errors]") {
  const Small4 t;
  const Position other = Position::parse("XO1/3/O1X X");
  CHECK(!t.table.lookup(other));
  const tanbo::solve::Answer a = t.table.probe(other);
  CHECK(!a.outcome.known());
  CHECK(a.moves.empty());
  CHECK(a.line.empty());
  CHECK(t.table.source() == "the table of X2O/4/4/O2X X");
  // A named opening's start is labelled by its name, any other start by its board and side.
  CHECK(tanbo::solve::start_label(tanbo::opening(tanbo::Variant::parse("lattice-5"))) == "lattice-5");
  CHECK(tanbo::solve::start_label(Position::parse(kSmall4)) == "X2O/4/4/O2X X");
  // A position tagged with a variant but not its opening is labelled by its board and side.
  Position moved = tanbo::opening(tanbo::Variant::parse("lattice-5"));
  moved.set({2, 2}, moved.at({2, 2}) == tanbo::Cell::Black ? tanbo::Cell::Empty : tanbo::Cell::Black);
  const std::string text = moved.to_string();
  REQUIRE(text.find(" lattice-5") != std::string::npos);
  CHECK(tanbo::solve::start_label(moved) == text.substr(0, text.find(" lattice-5")));
  // A start named by the caller keeps that name in the file and in errors.
  CHECK(Table::solve(Position::parse("XO1/3/O1X X"), {}, nullptr, "my-start").source() == "the table of my-start");
  // The options the solver refuses, each with its figures.
  tanbo::solve::StrongOptions o;
  o.threads = 65;
  try {
    (void)Table::solve(Position::parse(kSmall4), o);
    FAIL("65 threads accepted");
  } catch (const tanbo::UsageError& e) {
    CHECK(std::string(e.what()) == "threads must be from 1 to 64, got 65");
  }
}

TEST_CASE("a table of the same board with the other side to move is another start's", "[solve][table][errors]") {
  const Small4 t;
  std::istringstream in(t.bytes);
  try {
    (void)Table::read(in, "t.tbl", Position::parse("X2O/4/4/O2X O"));
    FAIL("the table of X to move was read as O to move's");
  } catch (const TableError& e) {
    CHECK(std::string(e.what()) == "t.tbl: byte 80: the table is of the start X2O/4/4/O2X X, not of X2O/4/4/O2X O");
  }
}

TEST_CASE("lookups outside the records and keys of another board", "[solve][table][errors]") {
  const Small4 t;
  // The largest key of the board (every cell O, O to move) is above every record: no game gets there.
  const Position all_o = Position::parse("OOOO/OOOO/OOOO/OOOO O");
  CHECK(!t.table.lookup(all_o));
  CHECK(t.table.record_index(t.table.codec().key(all_o)) == t.records());
  try {
    (void)t.table.codec().key(Position::parse("XO1/3/O1X X"));
    FAIL("a 3x3 key on a 4x4 codec");
  } catch (const tanbo::UsageError& e) {
    CHECK(std::string(e.what()) == "a 3x3 position on a 4x4 board");
  }
}

TEST_CASE("check_record: an unfinished position without moves has no value to agree with",
          "[solve][table][errors]") {
  const Small4 t;
  const std::uint64_t key = t.table.codec().key(t.table.start());
  const tanbo::solve::Outcome record = t.table.start_outcome();
  REQUIRE(record.length > 1);
  const std::string offset = std::to_string(t.table.record_offset(t.table.record_index(key)));
  try {
    t.table.check_record(key, record, std::nullopt, {});
    FAIL("a record with no moves was accepted");
  } catch (const TableError& e) {
    CHECK(std::string(e.what()) == "the table of X2O/4/4/O2X X: byte " + offset +
                                       ": the table is inconsistent: the record of X2O/4/4/O2X X says X to move " +
                                       (record.wins() ? "wins" : "loses") + " in " + std::to_string(record.length) +
                                       " plies, but the game is not finished yet no legal move follows");
  }
}

TEST_CASE("winner_proof refuses a forged table whose prover has no winning move", "[solve][table][errors]") {
  const Small4 t;
  // The start's value flipped in its record and in the header, the file resealed: reading
  // accepts it (the records' meaning is the probe's and verify's to check), and the proof
  // reaches a position its record gives the prover where every move loses.
  ForgedTable f(t.bytes);
  const std::size_t start = f.find(t.table.codec().key(t.table.start()));
  REQUIRE(start < f.record_count());
  f.set_record(start, value_flipped(f.record(start)));
  f.set_start_wins(!t.table.start_outcome().wins());
  std::istringstream in(f.sealed());
  const Table forged = Table::read(in, "forged.tbl");
  try {
    (void)tanbo::solve::winner_proof(forged);
    FAIL("a proof was built from a forged table");
  } catch (const TableError& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("forged.tbl: byte ") == 0);
    CHECK(msg.find(": the table is inconsistent: the prover ") != std::string::npos);
    CHECK(msg.find(" by its record, but no move wins") != std::string::npos);
  }
}

TEST_CASE("a 3x3 start solved by several threads: the frontier runs out, the records sort on one thread",
          "[solve][table]") {
  // 458 positions: fewer classes than a frontier of 16 per thread asks for, and fewer records
  // than the parallel sort takes, so both fall back; the table is still the one-thread table.
  const Position start = Position::parse("XO1/3/O1X X");
  const Table one = Table::solve(start);
  for (const int threads : {2, 8}) {
    tanbo::solve::StrongOptions o;
    o.threads = threads;
    tanbo::solve::SolveStats stats;
    const Table many = Table::solve(start, o, &stats);
    INFO(threads);
    CHECK(file_of(many) == file_of(one));
    CHECK(stats.threads == threads);
    CHECK(stats.worker_cpu_seconds.size() == static_cast<std::size_t>(threads));
  }
}
