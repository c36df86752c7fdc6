// The table file (round trip; every kind of damage refused with its byte offset), the probe
// (known positions, every move's outcome, the perfect-play line replayed on the reference engine;
// "unknown" outside the table) and the certificate plan (checked here by a small independent
// checker on the reference engine), and the SHA-256 behind the file's hash.
// check-map: code solve
#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "brute_force_negamax.hpp"
#include "forge.hpp"
#include "tanbo/certificate/certificate.hpp"
#include "tanbo/certificate/sha256.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/solve/key.hpp"
#include "tanbo/solve/strong.hpp"

using tanbo::Color;
using tanbo::Point;
using tanbo::Position;
using tanbo::solve::Outcome;
using tanbo::solve::PackedOutcome;
using tanbo::solve::Record;
using tanbo::solve::Table;
using tanbo::solve::TableError;
using tanbo::solve::testing::file_of;
using tanbo::solve::testing::kSmall4;
using tanbo::solve::testing::table_refusal;

namespace {



}  // namespace

TEST_CASE("a table file round-trips byte for byte", "[solve][table]") {
  for (const char* text : {"XO1/3/O1X X", kSmall4, "lattice-5"}) {
    if (std::string(text) == "lattice-5") continue;  // the whole lattice-5 solve is the long test
    const Position start = Position::parse(text);
    const Table t = Table::solve(start);
    const std::string bytes = file_of(t);
    std::istringstream in(bytes);
    const Table back = Table::read(in, "t.tbl", start);
    CHECK(back.records() == t.records());
    CHECK(back.positions() == t.positions());
    CHECK(back.start_outcome() == t.start_outcome());
    CHECK(back.content_hash() == t.content_hash());
    CHECK(back.start_text() == t.start_text());
    CHECK(file_of(back) == bytes);
    CHECK(bytes.size() == 80 + (t.start_text().size() + 7) / 8 * 8 + 8 * t.records().size());
  }
}

TEST_CASE("every damaged table file is refused with the offset of the damage", "[solve][table]") {
  const Position start = Position::parse(kSmall4);
  const std::string good = file_of(Table::solve(start));
  REQUIRE(table_refusal(good).empty());
  const std::size_t header = 80 + 16;  // "X2O/4/4/O2X X" is 13 bytes, padded to 16

  SECTION("truncated anywhere") {
    for (std::size_t len : {std::size_t{0}, std::size_t{7}, std::size_t{8}, std::size_t{47}, std::size_t{79},
                            std::size_t{80}, std::size_t{90}, header, header + 3, header + 8, good.size() / 2,
                            good.size() - 8, good.size() - 1}) {
      INFO(len);
      const std::string msg = table_refusal(good.substr(0, len));
      CHECK(!msg.empty());
      if (len >= 8) CHECK(msg.find("truncated") != std::string::npos);
    }
  }
  SECTION("a byte flipped anywhere in the header or in the records") {
    // Every header byte, and records spread over the file: each flip is refused.
    for (std::size_t at = 0; at < good.size(); at += at < header ? 1 : 997) {
      std::string bad = good;
      bad[at] = static_cast<char>(bad[at] ^ 0x10);
      INFO("flipped byte " << at);
      CHECK(!table_refusal(bad).empty());
    }
    std::string bad = good;
    bad[header + 8 * 100] ^= 0x02;  // a length bit of one record (little-endian): only the hash can tell
    const std::string msg = table_refusal(bad);
    INFO(msg);
    CHECK(msg.find("byte 48: content hash mismatch") != std::string::npos);
  }
  SECTION("foreign files") {
    std::string bad = good;
    bad.replace(0, 8, "TANBOCRT");
    CHECK(table_refusal(bad).find("t.tbl: byte 0: not a tanbo strong-table file") != std::string::npos);
    CHECK(table_refusal("tanbo-certificate 1\nstart lattice-5\n").find("byte 0") != std::string::npos);
    bad = good;
    bad[8] = 2;
    CHECK(table_refusal(bad).find("t.tbl: byte 8: format version 2; this tanbo reads version 1") != std::string::npos);
    bad = good + std::string(8, '\0');
    CHECK(table_refusal(bad).find("byte " + std::to_string(good.size()) + ": the file holds more than the") != std::string::npos);
  }
  SECTION("a table of another start") {
    const Position other = Position::parse("XO1/3/O1X X");
    CHECK(table_refusal(good, &other).find("byte 80: the table is of the start X2O/4/4/O2X X, not of XO1/3/O1X X") !=
          std::string::npos);
    const Position same = Position::parse("X2O/4/4/O2X X custom-4");
    CHECK(table_refusal(good, &same).empty());
  }
}

TEST_CASE("probe: value, every move, the perfect-play line; unknown outside the table", "[solve][probe]") {
  const Position start = Position::parse(kSmall4);
  const Table t = Table::solve(start);
  const auto brute = tanbo::solve::testing::brute_force_all(start);
  int probed = 0;
  for (const auto& [text, outcome] : brute) {
    if (++probed % 50 != 1) continue;  // every 50th position: ~1,100 probes
    const Position pos = Position::parse(text);
    const auto r = t.probe(pos);
    REQUIRE(r.outcome.known());
    CHECK(r.outcome == outcome);
    CHECK(r.winner() == (outcome.wins() ? pos.to_move() : opponent(pos.to_move())));
    if (outcome.length == 0) {  // a finished game: no move, no line, the side with stones won
      CHECK(r.moves.empty());
      CHECK(r.line.empty());
      CHECK(pos.count(*r.winner()) > 0);
      continue;
    }
    // Every legal move, row-major, with its outcome from the brute force.
    tanbo::reference::Game g(pos);
    const std::vector<Point> legal = g.legal_moves();
    REQUIRE(r.moves.size() == legal.size());
    for (std::size_t i = 0; i < legal.size(); ++i) {
      CHECK(r.moves[i].move == legal[i]);
      g.play(legal[i]);
      const Outcome child = brute.at(tanbo::solve::testing::board_text(g));
      g.undo();
      CHECK(r.moves[i].outcome == Outcome::of(!child.wins(), child.length + 1));
    }
    // The line has the position's length and ends the game with the predicted winner, each move
    // keeping the value (the winner wins fastest, the loser defends longest) and the first such
    // move in row-major order, as the best move is.
    auto first_keeping = [&](const Outcome& here) {
      for (const Point m : g.legal_moves()) {
        g.play(m);
        const Outcome child = brute.at(tanbo::solve::testing::board_text(g));
        g.undo();
        if (child.wins() != here.wins() && child.length + 1 == here.length) return m;
      }
      FAIL("no move keeps the value and length");
      return Point{};
    };
    CHECK(r.best_move == first_keeping(outcome));
    REQUIRE(static_cast<int>(r.line.size()) == outcome.length);
    for (std::size_t i = 0; i < r.line.size(); ++i) {
      const Outcome before = brute.at(tanbo::solve::testing::board_text(g));
      CHECK(r.line[i] == first_keeping(before));
      g.play(r.line[i]);
      const Outcome after = brute.at(tanbo::solve::testing::board_text(g));
      CHECK(after.wins() != before.wins());
      CHECK(after.length == before.length - 1);
    }
    CHECK(g.is_over());
    CHECK(g.winner() == r.winner());
  }
  // Unknown: another board size, an unreachable position of the same size, another start's.
  CHECK(!t.probe(tanbo::opening(tanbo::Variant::parse("lattice-5"))).outcome.known());
  CHECK(!t.probe(Position::parse("XO2/O3/4/3X X")).outcome.known());        // a bounded root: never reached
  CHECK(!t.probe(Position::parse("X3/4/2O1/X3 O")).outcome.known());        // a start of its own
  CHECK(!t.probe(Position::parse("X2O/4/4/O2X O")).outcome.known());        // the start, wrong side to move
  CHECK(!t.lookup(Position::parse("XO1/3/O1X X")).has_value());   // 3x3
  CHECK(t.probe(start).outcome.known());
}

TEST_CASE("a forged table whose record contradicts rule 7 is refused when probed, not crashed on",
          "[solve][probe]") {
  // A fuzzer (fuzz_solution) reseals mutated tables: the hash holds, so only the probe can tell a
  // finished game given a length, or an unfinished one given none.
  const Position start = Position::parse(kSmall4);
  const std::string good = file_of(Table::solve(start));
  const std::size_t header = 80 + 16;
  const tanbo::solve::KeyCodec codec(start);
  const auto brute = tanbo::solve::testing::brute_force_all(start);
  std::string finished, unfinished;
  for (const auto& [text, outcome] : brute)
    if (text != Position::parse(kSmall4).to_string()) (outcome.length == 0 ? finished : unfinished) = text;
  REQUIRE(!finished.empty());
  REQUIRE(!unfinished.empty());
  // The table with `pos`'s record given `length`, its SHA-256 (bytes 48-79) recomputed.
  auto forged = [&](const Position& pos, unsigned length) {
    std::string bytes = good;
    const std::uint64_t key = codec.canonical(codec.key(pos));
    bool found = false;
    for (std::size_t at = header; at + 8 <= bytes.size(); at += 8) {
      std::uint64_t word = 0;
      for (int b = 7; b >= 0; --b) word = word << 8 | static_cast<unsigned char>(bytes[at + b]);
      Record r{word};
      if (r.key() != key) continue;
      r = r.with(PackedOutcome::of(r.packed().wins(), static_cast<int>(length)));
      for (int b = 0; b < 8; ++b) bytes[at + b] = static_cast<char>(r.word >> (8 * b));
      found = true;
    }
    REQUIRE(found);
    tanbo::certificate::Sha256 sha;
    sha.update(bytes.data(), 48);
    sha.update(bytes.data() + 80, bytes.size() - 80);
    const auto digest = sha.digest();
    std::memcpy(bytes.data() + 48, digest.data(), digest.size());
    std::istringstream in(bytes);
    return Table::read(in, "t.tbl");
  };
  const Position over = Position::parse(finished), on = Position::parse(unfinished);
  INFO(finished << " / " << unfinished);
  CHECK_THROWS_AS(forged(over, 3).probe(over), TableError);
  CHECK_THROWS_WITH(forged(over, 3).probe(over),
                       Catch::Matchers::Contains("t.tbl: byte ") &&
                           Catch::Matchers::Contains(" plies, but the game is finished and rule 7 gives it to "));
  CHECK_THROWS_WITH(forged(on, 0).probe(on),
                       Catch::Matchers::Contains("t.tbl: byte ") &&
                           Catch::Matchers::Contains(" says a finished game won by ") &&
                           Catch::Matchers::Contains(", but its moves' records give "));
}

TEST_CASE("winner_proof: the winner's proof DAG, children first, the start last", "[solve][certificate]") {
  for (const char* text : {"XO1/3/O1X X", kSmall4, "X3/4/2O1/X3 O"}) {
    INFO(text);
    const Position start = Position::parse(text);
    const Table t = Table::solve(start);
    const auto plan = tanbo::solve::winner_proof(t);
    REQUIRE(!plan.lines.empty());
    CHECK(plan.prover == (t.start_outcome().wins() ? start.to_move() : opponent(start.to_move())));
    // A small independent check on the reference engine (the real checker is tanbo::certificate).
    std::set<std::string> earlier;
    for (std::size_t i = 0; i < plan.lines.size(); ++i) {
      const Position pos = plan.lines[i].position;
      const std::string here = pos.to_string();
      CHECK(earlier.count(here) == 0);
      const bool over = pos.count(Color::Black) == 0 || pos.count(Color::White) == 0;
      if (over) {
        CHECK(pos.count(plan.prover) > 0);
        CHECK(!plan.lines[i].move);
      } else {
        tanbo::reference::Game game(pos);
        auto after = [&](Point m) {
          game.play(m);
          Position p = game.position();
          game.undo();
          p.set_variant(start.variant());
          return p.to_string();
        };
        if (pos.to_move() == plan.prover) {
          REQUIRE(plan.lines[i].move);
          const Point m = *plan.lines[i].move;
          REQUIRE(game.is_legal(m));
          CHECK(earlier.count(after(m)) == 1);
        } else {
          CHECK(!plan.lines[i].move);
          for (const Point m : game.legal_moves()) CHECK(earlier.count(after(m)) == 1);
        }
      }
      earlier.insert(here);
    }
    CHECK(plan.lines.back().position.cells() == start.cells());
  }
}

TEST_CASE("the written certificates are accepted by the certificate checker", "[solve][certificate]") {
  for (const char* text : {"XO1/3/O1X X", kSmall4, "X3/4/2O1/X3 O"}) {
    INFO(text);
    const Table t = Table::solve(Position::parse(text));
    std::ostringstream out;
    const tanbo::solve::Proof proof = tanbo::solve::winner_proof(t);
    tanbo::solve::write_certificate(out, t.start_text(), t.size(), proof);
    const auto lines = proof.lines.size();
    std::istringstream in(out.str());
    const auto summary = tanbo::certificate::check(in);
    CHECK(summary.header.positions == static_cast<long long>(lines));
    CHECK(summary.header.prover == proof.prover);
    CHECK(summary.header.start == t.start_text());
    // The certified depth is the start's perfect-play length (the prover plays a fastest win,
    // the plan holds every defence), stated on the within line.
    CHECK(summary.depth == t.start_outcome().length);
    CHECK(summary.header.within == summary.depth);
    CHECK(proof.depth == summary.depth);
  }
}
