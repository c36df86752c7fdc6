// Perfect play in the api layer (solution.hpp): the C++ and protocol faces of the cross-face list
// api/tests/solved_positions.tsv, the weak solver's every-move answers against the tables, and
// the error model of tables, probes and budgets, and `tanbo solve`'s calls (solver.hpp).
// check-map: code api solve
#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tanbo/protocol/protocol.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/api/solver.hpp"
#include "tanbo/api/start.hpp"
#include "forge.hpp"
#include "tsv.hpp"

namespace {

using namespace tanbo;
using api::Answer;
using api::Solution;

using tsv::split;

struct Row {
  int line = 0;
  std::string kind, table, start, moves, nodes, expected;
};

std::vector<Row> rows() {
  std::vector<Row> out;
  for (const tsv::Row& r : tsv::read(TANBO_SOURCE_DIR "/api/tests/solved_positions.tsv")) {
    REQUIRE(r.fields.size() == 6);
    const auto& f = r.fields;
    out.push_back({r.line, f[0], f[1], f[2], f[3], f[4], f[5]});
  }
  return out;
}

std::vector<std::string> moves_of(const Row& r) { return r.moves == "-" ? std::vector<std::string>{} : split(r.moves, ' '); }

// The row's game: its start with its moves played.
std::unique_ptr<api::AnyGame> game_of(const Row& r) {
  auto game = api::start_game(r.start, "optimized");
  for (const std::string& m : moves_of(r)) game->play(parse_point(m, game->size()));
  return game;
}

std::string names(const std::vector<Point>& points) {
  std::string out;
  for (const Point p : points) {
    if (!out.empty()) out += ' ';
    out += point_name(p);
  }
  return out;
}

// "VALUE LENGTH|BEST" split in two.
std::pair<std::string, std::vector<std::string>> expected_of(const Row& r) {
  const std::size_t bar = r.expected.find('|');
  if (bar == std::string::npos) return {r.expected, {}};
  const std::string best = r.expected.substr(bar + 1);
  return {r.expected.substr(0, bar), best.empty() ? std::vector<std::string>{} : split(best, ' ')};
}

bool holds(const std::vector<std::string>& best, const std::optional<Point>& move) {
  if (!move) return best.empty();
  return std::find(best.begin(), best.end(), point_name(*move)) != best.end();
}

}  // namespace

TEST_CASE("solution: every row of the cross-face list, from C++ and through a protocol session",
          "[solution][solve]") {
  std::map<std::string, Solution> tables;
  int probes = 0, solves = 0;
  for (const Row& r : rows()) {
    INFO("api/tests/solved_positions.tsv line " << r.line << ": " << r.kind << " " << r.start << " " << r.moves);
    const auto game = game_of(r);
    const Position pos = game->position();
    const auto [text, best] = expected_of(r);
    if (r.kind == "probe") {
      ++probes;
      auto it = tables.find(r.table);
      if (it == tables.end()) it = tables.emplace(r.table, Solution::solve_start(api::read_start(r.table))).first;
      if (r.expected == "error UsageError") {
        CHECK_THROWS_AS(it->second.probe(pos), UsageError);
        continue;
      }
      const Answer a = it->second.probe(pos);
      CHECK(api::outcome_text(a.outcome) == text);
      CHECK(names(api::best_moves(a)) == (best.empty() ? "" : r.expected.substr(r.expected.find('|') + 1)));
      // Without the line's walk: the same answer but the line.
      const Answer b = it->second.probe(pos, false);
      CHECK(b.line.empty());
      CHECK(b.outcome.value == a.outcome.value);
      CHECK(b.outcome.length == a.outcome.length);
      CHECK(b.winner() == a.winner());
      CHECK(b.best_move == a.best_move);
      CHECK(b.moves == a.moves);
      if (!a.outcome.known()) continue;
      CHECK(static_cast<int>(a.line.size()) == a.outcome.length);
      CHECK(holds(best, a.best_move));
      // The weak solver, asked for every move, gives the table's value and length for each.
      const Answer w = api::solve(pos, api::WeakBudget::of(2'000'000, true));
      CHECK(api::outcome_text(w.outcome) == text);
      CHECK(w.moves == a.moves);
    } else {
      REQUIRE(r.kind == "solve");
      ++solves;
      const long long nodes = std::stoll(r.nodes);
      protocol::Server server("optimized");
      CHECK(server.handle("start " + r.start) == "=");
      for (const std::string& m : moves_of(r)) CHECK(server.handle("play " + m).value_or("?").rfind("= ", 0) == 0);
      const std::string answer = server.handle("solve " + r.nodes).value_or("");
      if (r.expected == "error UsageError") {
        CHECK_THROWS_AS(api::solve(pos, api::WeakBudget::of(nodes, false)), UsageError);
        CHECK(answer.rfind("? usage ", 0) == 0);
        continue;
      }
      const Answer a = api::solve(pos, api::WeakBudget::of(nodes, false));
      CHECK(api::outcome_text(a.outcome) == text);
      CHECK(holds(best, a.best_move));
      CHECK(a.nodes <= nodes);
      std::string want = "= ";
      want += text;
      if (a.best_move) want.append(" ").append(point_name(*a.best_move));
      CHECK(answer == want);
    }
  }
  CHECK(probes >= 15);
  CHECK(solves >= 15);
}

// One perfect-play order (answer.hpp): with a length, the weak solver's best move is perfect_move's
// choice, the probe's: the first row-major of the moves that keep the value and length. A probe
// row is probed and solved; a solve row (lattice-5, whose table a test does not build) is held to
// its expected list's first move, which is the probe's (the list is the table's best moves,
// row-major, and the probe rows check that a probe answers its first).
TEST_CASE("solution: the weak solver and a probe give the same best move wherever both know the length",
          "[solution][solve]") {
  std::map<std::string, Solution> tables;
  int compared = 0;
  for (const Row& r : rows()) {
    INFO("api/tests/solved_positions.tsv line " << r.line << ": " << r.kind << " " << r.start << " " << r.moves);
    const auto [text, best] = expected_of(r);
    if (best.empty()) continue;  // unknown, an error or a finished game: no best move
    const Position pos = game_of(r)->position();
    const long long nodes = r.kind == "solve" ? std::stoll(r.nodes) : 2'000'000;
    const Answer weak = api::solve(pos, api::WeakBudget::of(nodes, false));
    REQUIRE(weak.outcome.length >= 0);
    REQUIRE(weak.best_move);
    if (r.kind == "probe") {
      auto it = tables.find(r.table);
      if (it == tables.end()) it = tables.emplace(r.table, Solution::solve_start(api::read_start(r.table))).first;
      const Answer probe = it->second.probe(pos, false);
      CHECK(point_name(*probe.best_move) == best.front());
      CHECK(weak.best_move == probe.best_move);
    } else {
      CHECK(point_name(*weak.best_move) == best.front());
    }
    ++compared;
  }
  CHECK(compared >= 25);
}

TEST_CASE("solution: a table file read back, copies sharing it, and damaged files refused with the byte",
          "[solution][solve]") {
  const Solution s = Solution::solve_start(api::read_start("X2O/4/4/O2X X"));
  CHECK(s.positions() == 54'735);
  CHECK(s.start_text() == "X2O/4/4/O2X X");
  std::ostringstream out;
  s.write(out);
  const std::string bytes = out.str();
  const Solution back = Solution::from_bytes(bytes, "t.tbl");
  const Solution copy = back;  // a value: copies share the immutable table
  const Position start = api::read_start("X2O/4/4/O2X X");
  CHECK(copy.probe(start).moves == s.probe(start).moves);
  CHECK(copy.start() == s.start());

  std::string flipped = bytes;
  flipped[100] = static_cast<char>(flipped[100] ^ 1);
  CHECK_THROWS_WITH(Solution::from_bytes(flipped, "t.tbl"), "t.tbl: byte 96: a record whose key is not canonical");
  CHECK_THROWS_AS(Solution::from_bytes(flipped, "t.tbl"), api::TableError);
  CHECK_THROWS_WITH(Solution::from_bytes(bytes.substr(0, 90), "t.tbl"), Catch::Contains("t.tbl: byte ") && Catch::Contains("truncated"));
  CHECK_THROWS_WITH(Solution::from_bytes("", "empty.tbl"), Catch::Contains("empty.tbl: byte 0"));
  CHECK_THROWS_WITH(Solution::from_bytes(bytes + "x", "t.tbl"),
                    "t.tbl: byte " + std::to_string(bytes.size()) + ": the file goes on after the 13,724 records its header announces");
  CHECK_THROWS_WITH(Solution::open("/nonexistent/t.tbl"), "/nonexistent/t.tbl: cannot open the table file");
  CHECK_THROWS_AS(Solution::open("/nonexistent/t.tbl"), UsageError);
  CHECK_THROWS_WITH(Solution::open("/nonexistent/t.tbl", Position::parse("X2O/4/4/O2X X")),
                    "/nonexistent/t.tbl: cannot open the table file");
}

TEST_CASE("solution: the content hash, verify(), and a forged table refused by probe and verify",
          "[solution][solve]") {
  const Position start = api::read_start("X2O/4/4/O2X X");
  const Solution s = Solution::solve_start(start);
  CHECK(s.content_hash() == "58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c");  // as tanbo solve prints
  CHECK(s.records() == 13'724);
  std::uint64_t last = 0;
  CHECK(s.verify([&](const api::VerifyProgress& p) { last = p.checked; }) == 13'724);
  CHECK(last == 13'724);
  std::ostringstream out;
  s.write(out);
  // The start's record (key 1 + 2<<6 + 2<<24 + 1<<30) made a win, the header's value byte too,
  // the hash recomputed: reading accepts it; the probe and verify() do not.
  tanbo::solve::testing::ForgedTable f(out.str());
  const std::size_t i = f.find(1'107'296'385);
  REQUIRE(i < f.record_count());
  f.set_record(i, tanbo::solve::testing::value_flipped(f.record(i)));
  f.set_start_wins(true);
  const Solution forged = Solution::from_bytes(f.sealed(), "f.tbl");
  const std::string why = "f.tbl: byte " + std::to_string(f.offset(i)) +
                          ": the table is inconsistent: the record of X2O/4/4/O2X X says X to move wins in 15 plies, "
                          "but its moves' records give X to move loses in 15 plies";
  CHECK_THROWS_WITH(forged.probe(start), why);
  CHECK_THROWS_AS(forged.probe(start, false), api::TableError);
  CHECK_THROWS_WITH(forged.verify(), why);
  CHECK(forged.content_hash() != s.content_hash());  // what a user compares with the published hash
}

TEST_CASE("solution: the error model of solving on demand and of budgets", "[solution][solve][errors]") {
  CHECK_THROWS_AS(Solution::solve_start(api::read_start("lattice-7")), UsageError);
  CHECK_THROWS_AS(Solution::solve_start(api::read_start("X2O/4/4/O2X X"), 100), UsageError);
  CHECK_THROWS_WITH(Solution::solve_start(api::read_start("X2O/4/4/O2X X"), 0), "max_classes must be at least 1, got 0");
  CHECK_THROWS_AS(Solution::solve_start(api::read_start("X2/3/3 O")), InvalidPositionError);
  const Position p = api::read_start("lattice-5");
  CHECK_THROWS_WITH(api::solve(p, api::WeakBudget::of(0, false)), "the node budget must be in [1, 1099511627776], got 0");
  CHECK_THROWS_AS(api::solve(p, api::WeakBudget::of(-5, false)), UsageError);
  CHECK_THROWS_AS(api::solve(p, api::WeakBudget::of((1LL << 40) + 1, false)), UsageError);
  // A budget too small settles nothing: every move unknown, never a guess.
  const Answer a = api::solve(p, api::WeakBudget::of(10, true));
  CHECK(api::outcome_text(a.outcome) == "unknown");
  CHECK(!a.winner());
  REQUIRE(a.moves.size() == 4);
  for (const api::MoveOutcome& m : a.moves) CHECK((m.outcome.value == api::Value::Unknown && m.outcome.length == -1));
  CHECK(api::best_moves(a).empty());
}

TEST_CASE("solution: outcome_text and best_moves of a value without its length", "[solution][solve]") {
  Answer a;
  a.outcome.value = api::Value::Win;
  a.outcome.length = -1;
  a.best_move = Point{1, 0};
  CHECK(api::outcome_text(a.outcome) == "win ?");
  CHECK(names(api::best_moves(a)) == "B1");
  a.moves = {{Point{0, 0}, {api::Value::Win, 9}}, {Point{1, 0}, {api::Value::Loss, 4}}, {Point{2, 0}, {api::Value::Win, 5}}};
  CHECK(names(api::best_moves(a)) == "A1 C1");  // every winning move: the length is not known
  a.outcome.length = 5;
  CHECK(names(api::best_moves(a)) == "C1");
}

TEST_CASE("solution: tanbo solve's strong solve, table hash and certificate through the api",
          "[solution][solve]") {
  const Position start = api::read_start("X2O/4/4/O2X X");
  api::StrongOptions options;
  std::uint64_t reports = 0;
  options.progress = [&reports](const api::SolveProgress&) { ++reports; };
  api::SolveStats stats;
  const Solution optimized = Solution::solve_start(start, options, &stats);
  CHECK(stats.positions == optimized.positions());
  CHECK(stats.classes > 0);
  CHECK(reports == 0);  // a report every 2^21 classes: none for a 4x4 start
  // The reference engine builds the same table, byte for byte; an engine name nobody has is refused.
  options.engine = api::solver_engine("reference");
  const Solution reference = Solution::solve_start(start, options);
  CHECK(reference.content_hash() == optimized.content_hash());
  CHECK(optimized.content_hash().size() == 64);
  CHECK_THROWS_AS(api::solver_engine("fast"), UsageError);
  CHECK(api::solver_engine("optimized") == api::SolverEngine::Optimized);
  options.max_classes = 10;
  CHECK_THROWS_AS(Solution::solve_start(start, options), UsageError);
  // The winner's proof through the one certificate writer, accepted by the checker.
  const api::Proof proof = optimized.winner_proof();
  CHECK(proof.prover == *optimized.probe(start).winner());
  std::stringstream certificate;
  api::write_certificate(certificate, optimized.start_text(), start.size(), proof);
  const api::CertificateSummary summary = api::check_certificate(certificate);
  CHECK(summary.header.prover == proof.prover);
  CHECK(summary.header.positions == static_cast<long long>(proof.lines.size()));
  // A damaged one is refused with the line.
  std::string text = certificate.str();
  text.replace(text.find("\nprover ") + 8, 1, proof.prover == Color::Black ? "O" : "X");
  std::istringstream damaged(text);
  CHECK_THROWS_AS(api::check_certificate(damaged), api::CertificateError);
}
