// Tests of the weak solver (solve/weak.hpp): its value and perfect-play length against a plain
// memoized negamax on the reference engine at every position of small games, its budgets and
// determinism, a 19x19 endgame, and its proofs replayed on the reference engine by a checker of
// the certificate rules (format v1) written here. Hidden cases ([.frontier]) measure the
// frontier on lattice-7 / dense-7 and estimate their reachable positions (solve/WEAK_FRONTIER.md).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/solve/weak.hpp"
#include "test_util.hpp"

namespace {

using tanbo::Cell;
using tanbo::Color;
using tanbo::Point;
using tanbo::Position;
using tanbo::solve::Outcome;
using tanbo::solve::Proof;
using tanbo::solve::WeakBudget;
using tanbo::solve::WeakResult;

// Board and side to move, without the variant tag: the identity of a position in a game graph.
std::string key_of(const Position& p) {
  std::string k(p.cells().size() + 1, '.');
  for (std::size_t i = 0; i < p.cells().size(); ++i)
    k[i] = p.cells()[i] == Cell::Black ? 'X' : p.cells()[i] == Cell::White ? 'O' : '.';
  k.back() = tanbo::color_char(p.to_move());
  return k;
}

// ---- The reference: plain negamax on the reference engine, memoized by position ----------------
struct Exact {
  bool win = false;  // for the side to move
  int length = 0;    // perfect-play length
  friend bool operator==(const Exact&, const Exact&) = default;
};

// `loser_shortest` plants the bug the solver must not have (the loser ends as soon as it can):
// the comparison must catch a solver that behaves like it.
class BruteForce {
 public:
  explicit BruteForce(bool loser_shortest = false) : loser_shortest_(loser_shortest) {}
  Exact solve(tanbo::reference::Game& g) {
    const std::string k = key_of(g.position());
    if (const auto it = memo_.find(k); it != memo_.end()) return it->second;
    Exact best;
    if (g.is_over()) {
      best = {*g.winner() == g.to_move(), 0};
    } else {
      bool any = false;
      for (const Point p : g.legal_moves()) {
        g.play(p);
        const Exact child = solve(g);
        g.undo();
        const Exact mine{!child.win, child.length + 1};
        if (!any || better(mine, best)) best = mine;
        any = true;
      }
    }
    memo_.emplace(k, best);
    return best;
  }
  std::size_t size() const { return memo_.size(); }

 private:
  bool better(const Exact& a, const Exact& b) const {
    if (a.win != b.win) return a.win;
    if (a.win) return a.length < b.length;
    return loser_shortest_ ? a.length < b.length : a.length > b.length;
  }
  bool loser_shortest_;
  std::unordered_map<std::string, Exact> memo_;
};

// ---- A checker of the certificate rules (format v1) on the reference engine ---------------------
// Returns what is wrong with `proof` as a proof that proof.prover wins from `start`, or "" if
// nothing: each line's successors on earlier lines, no position twice, the start last, prover
// moves legal, finished games won by the prover.
std::string check_proof(const Position& start, const Proof& proof) {
  std::unordered_set<std::string> earlier;
  for (std::size_t i = 0; i < proof.lines.size(); ++i) {
    const auto& line = proof.lines[i];
    const std::string where = "line " + std::to_string(i + 1) + " (" + line.position.to_string() + "): ";
    const std::string k = key_of(line.position);
    if (earlier.count(k)) return where + "position repeated";
    // A finished game cannot be set up on an engine (a side without stones): rule 7 by hand.
    const int black = line.position.count(Color::Black), white = line.position.count(Color::White);
    if (black == 0 || white == 0) {
      if ((black == 0 ? Color::White : Color::Black) != proof.prover) return where + "finished game not won by the prover";
      if (line.move) return where + "finished game with a move";
      earlier.insert(k);
      continue;
    }
    tanbo::reference::Game g(line.position);
    if (g.to_move() == proof.prover) {
      if (!line.move) return where + "prover line without a move";
      if (!g.is_legal(*line.move)) return where + "illegal prover move " + tanbo::point_name(*line.move);
      g.play(*line.move);
      if (!earlier.count(key_of(g.position()))) return where + "the prover move's result is not on an earlier line";
    } else {
      if (line.move) return where + "opponent line with a move";
      for (const Point p : g.legal_moves()) {
        g.play(p);
        const bool found = earlier.count(key_of(g.position())) != 0;
        g.undo();
        if (!found) return where + "reply " + tanbo::point_name(p) + " has no earlier line";
      }
    }
    earlier.insert(k);
  }
  if (proof.lines.empty()) return "no lines";
  if (key_of(proof.lines.back().position) != key_of(start)) return "the last line is not the start";
  return "";
}

// A stand-in for tanbo::certificate::{Header, Writer} with their exact signatures: records what
// write_certificate streams, in format v1's line layout (without the sha256 line).
struct FakeHeader {
  std::string start;
  int size;
  Color prover;
  long long positions;
};
class FakeWriter {
 public:
  FakeWriter(std::ostream& out, const FakeHeader& h) : out_(out), expected_(h.positions) {
    out_ << "tanbo-certificate 1\nstart " << h.start << "\nsize " << h.size << "\nprover "
         << tanbo::color_char(h.prover) << "\npositions " << h.positions << "\n";
  }
  void add(const Position& p, std::optional<Point> move) {
    const std::string k = key_of(p);
    out_ << k.substr(0, k.size() - 1) << ' ' << k.back();
    if (move) out_ << ' ' << move->x << ',' << move->y;
    out_ << '\n';
    ++added_;
  }
  void finish() {
    if (added_ != expected_) throw tanbo::UsageError("FakeWriter: count mismatch");
  }

 private:
  std::ostream& out_;
  long long expected_;
  long long added_ = 0;
};

// Every position reachable from `start` (the whole game graph; small starts only).
std::vector<Position> reachable(const Position& start) {
  std::vector<Position> out;
  std::unordered_set<std::string> seen;
  std::vector<Position> stack{start};
  seen.insert(key_of(start));
  while (!stack.empty()) {
    const Position p = stack.back();
    stack.pop_back();
    out.push_back(p);
    if (p.count(Color::Black) == 0 || p.count(Color::White) == 0) continue;  // finished
    tanbo::reference::Game g(p);
    for (const Point m : g.legal_moves()) {
      g.play(m);
      if (seen.insert(key_of(g.position())).second) stack.push_back(g.position());
      g.undo();
    }
  }
  return out;
}

// Checks solve_weak's answer at `p` against the brute force: value, length, the best move keeping
// both, and the proof. Returns a description of the first disagreement, or "".
std::string disagreement(const Position& p, const WeakResult& r, BruteForce& brute) {
  const std::string at = p.to_string() + ": ";
  if (p.count(Color::Black) == 0 || p.count(Color::White) == 0) {  // finished: rule 7 by hand
    const Color winner = p.count(Color::Black) == 0 ? Color::White : Color::Black;
    if (r.outcome != (winner == p.to_move() ? Outcome::Win : Outcome::Loss)) return at + "wrong winner";
    if (r.length != 0 || r.best_move) return at + "a finished game's length is 0, with no move";
    if (!r.proof || r.proof->prover != winner) return at + "no proof for the winner";
    if (const std::string e = check_proof(p, *r.proof); !e.empty()) return at + "proof refused: " + e;
    return "";
  }
  tanbo::reference::Game g(p);
  const Exact want = brute.solve(g);
  if (r.outcome != (want.win ? Outcome::Win : Outcome::Loss))
    return at + "value " + tanbo::solve::to_string(r.outcome) + ", brute force " + (want.win ? "win" : "loss");
  if (r.length != want.length)
    return at + "length " + (r.length ? std::to_string(*r.length) : "unknown") + ", brute force " +
           std::to_string(want.length);
  {
    if (!r.best_move || !g.is_legal(*r.best_move)) return at + "no legal best move";
    g.play(*r.best_move);
    const Exact child = brute.solve(g);
    if (child.win == want.win || child.length + 1 != want.length)
      return at + "best move " + tanbo::point_name(*r.best_move) + " does not keep the value and length";
  }
  if (!r.proof) return at + "no proof";
  if (r.proof->prover != (want.win ? p.to_move() : tanbo::opponent(p.to_move()))) return at + "wrong prover";
  if (const std::string e = check_proof(p, *r.proof); !e.empty()) return at + "proof refused: " + e;
  return "";
}

// Positions met in random games from `start` (every ply of `games` games; fixed seed).
std::vector<Position> random_positions(const Position& start, int games, std::uint64_t seed) {
  std::vector<Position> out;
  tanbo::Rng rng(seed);
  for (int i = 0; i < games; ++i) {
    tanbo::optimized::Game g(start);
    out.push_back(g.position());
    while (!g.is_over()) {
      g.play(tanbo::random_move(g, rng));
      out.push_back(g.position());
    }
  }
  return out;
}

WeakBudget small_budget() {
  WeakBudget b;
  b.nodes = 20'000'000;
  b.table_log2 = 16;
  return b;
}

}  // namespace

TEST_CASE("weak solver: every reachable 3x3 position agrees with brute force", "[weak]") {
  const Position start = Position::parse("XO1/3/O1X X");
  const std::vector<Position> all = reachable(start);
  REQUIRE(all.size() > 20);
  BruteForce brute;
  int wins = 0;
  for (const Position& p : all) {
    const WeakResult r = tanbo::solve::solve_weak(p, small_budget());
    INFO(p.to_string());
    REQUIRE(disagreement(p, r, brute) == "");
    wins += r.outcome == Outcome::Win;
  }
  // Both outcomes occur, so the comparison covers both sides of the score.
  CHECK(wins > 0);
  CHECK(wins < static_cast<int>(all.size()));
}

TEST_CASE("weak solver: positions of random 4x4 games agree with brute force", "[weak]") {
  const Position start = Position::parse("X2O/4/4/O2X X");
  BruteForce brute;
  std::set<int> lengths;
  const std::vector<Position> positions = random_positions(start, 40, 20260421);
  for (const Position& p : positions) {
    const WeakResult r = tanbo::solve::solve_weak(p, small_budget());
    INFO(p.to_string());
    REQUIRE(disagreement(p, r, brute) == "");
    lengths.insert(*r.length);
  }
  // The start itself, and lines of many lengths.
  CHECK(lengths.size() > 5);
}

TEST_CASE("weak solver: every reachable 4x4 position after 3 plies agrees with brute force", "[weak]") {
  // The positions of the whole game graph within 3 plies of the start: every opening line.
  const Position start = Position::parse("X2O/4/4/O2X X");
  BruteForce brute;
  std::vector<Position> layer{start};
  std::unordered_set<std::string> seen{key_of(start)};
  int checked = 0;
  for (int ply = 0; ply <= 3; ++ply) {
    std::vector<Position> next;
    for (const Position& p : layer) {
      const WeakResult r = tanbo::solve::solve_weak(p, small_budget());
      INFO(p.to_string());
      REQUIRE(disagreement(p, r, brute) == "");
      ++checked;
      tanbo::reference::Game g(p);
      for (const Point m : g.legal_moves()) {
        g.play(m);
        if (seen.insert(key_of(g.position())).second) next.push_back(g.position());
        g.undo();
      }
    }
    layer = std::move(next);
  }
  CHECK(checked > 50);
}

TEST_CASE("weak solver: the agreement check catches a loser who ends the game early", "[weak]") {
  // The planted bug of the score (the loser taking the shortest line) in a second brute force:
  // the checks above compare against the true one, and somewhere on 3x3 the two differ.
  const Position start = Position::parse("X2O/4/4/O2X X");
  BruteForce brute, buggy(true);
  int caught = 0;
  for (const Position& p : random_positions(start, 10, 7)) {
    const WeakResult r = tanbo::solve::solve_weak(p, small_budget());
    REQUIRE(disagreement(p, r, brute) == "");
    caught += disagreement(p, r, buggy) != "";
  }
  CHECK(caught > 0);
}

TEST_CASE("weak solver: a budget too small answers unknown, deterministically", "[weak]") {
  const Position start = Position::parse("X2O/4/4/O2X X");
  WeakBudget b = small_budget();
  const WeakResult full = tanbo::solve::solve_weak(start, b);
  REQUIRE(full.outcome != Outcome::Unknown);
  REQUIRE(full.length);
  REQUIRE(full.value_nodes > 10);

  b.nodes = full.value_nodes - 1;
  const WeakResult none = tanbo::solve::solve_weak(start, b);
  CHECK(none.outcome == Outcome::Unknown);
  CHECK(!none.length);
  CHECK(!none.best_move);
  CHECK(!none.proof);
  CHECK(none.nodes() == b.nodes);  // never more than the budget

  // Enough for the value, not for the length: the value, with the length unknown.
  b.nodes = full.value_nodes + 1;
  const WeakResult value_only = tanbo::solve::solve_weak(start, b);
  CHECK(value_only.outcome == full.outcome);
  CHECK(!value_only.length);
  CHECK(!value_only.proof);

  // The value alone, by request: a winning move and a proof without the length search.
  b = small_budget();
  b.length = false;
  const WeakResult no_length = tanbo::solve::solve_weak(start, b);
  CHECK(no_length.outcome == full.outcome);
  CHECK(!no_length.length);
  REQUIRE(no_length.proof);
  CHECK(check_proof(start, *no_length.proof) == "");

  // Same budget, same answer, same work.
  const WeakResult again = tanbo::solve::solve_weak(start, small_budget());
  CHECK(again.outcome == full.outcome);
  CHECK(again.length == full.length);
  CHECK(again.best_move == full.best_move);
  CHECK(again.nodes() == full.nodes());
  CHECK(again.proof->lines.size() == full.proof->lines.size());
}

TEST_CASE("weak solver: bad budgets are refused", "[weak]") {
  const Position start = Position::parse("X2O/4/4/O2X X");
  WeakBudget b;
  b.nodes = -1;
  const auto e1 = tanbo_test::thrown<tanbo::UsageError>([&] { (void)tanbo::solve::solve_weak(start, b); });
  REQUIRE(e1);
  CHECK(std::string(e1->what()).find("node budget -1") != std::string::npos);
  b = WeakBudget{};
  b.table_log2 = 31;
  const auto e2 = tanbo_test::thrown<tanbo::UsageError>([&] { (void)tanbo::solve::solve_weak(start, b); });
  REQUIRE(e2);
  CHECK(std::string(e2->what()).find("table_log2 31") != std::string::npos);
  // A position no game can be in: the engine's error.
  CHECK_THROWS_AS(tanbo::solve::solve_weak(Position::parse("XO/O1 X")), tanbo::InvalidPositionError);
}

TEST_CASE("weak solver: finished games", "[weak]") {
  // Black's last root was removed by Black's own move: White to move, White wins (rule 7). The
  // engines refuse to set such a position up; the solver answers it.
  const Position white_wins = Position::parse("1O2/4/4/4 O");
  const WeakResult r = tanbo::solve::solve_weak(white_wins, small_budget());
  CHECK(r.outcome == Outcome::Win);
  CHECK(r.length == 0);
  CHECK(!r.best_move);
  REQUIRE(r.proof);
  CHECK(r.proof->prover == Color::White);
  CHECK(check_proof(white_wins, *r.proof) == "");
  const WeakResult l = tanbo::solve::solve_weak(Position::parse("1O2/4/4/4 X"), small_budget());
  CHECK(l.outcome == Outcome::Loss);
  CHECK(l.length == 0);
  CHECK(l.proof->prover == Color::White);
  CHECK_THROWS_AS(tanbo::solve::solve_weak(Position::parse("4/4/4/4 X")), tanbo::InvalidPositionError);
}

TEST_CASE("weak solver: the proof checker refuses damaged proofs", "[weak]") {
  const Position start = Position::parse("X2O/4/4/O2X X");
  const WeakResult r = tanbo::solve::solve_weak(start, small_budget());
  REQUIRE(r.proof);
  const Proof good = *r.proof;
  REQUIRE(check_proof(start, good) == "");
  REQUIRE(good.lines.size() > 10);
  {
    Proof bad = good;  // a missing line: some successor is no longer earlier (or the start is gone)
    bad.lines.erase(bad.lines.begin() + static_cast<std::ptrdiff_t>(bad.lines.size() / 2));
    CHECK(check_proof(start, bad) != "");
  }
  {
    Proof bad = good;  // the other side claimed
    bad.prover = tanbo::opponent(bad.prover);
    CHECK(check_proof(start, bad) != "");
  }
  {
    Proof bad = good;  // a prover move changed to another legal move whose result is not listed,
    bool changed = false;  // or to an illegal one
    for (auto& line : bad.lines)
      if (line.move && !changed) {
        line.move = Point{(line.move->x + 1) % 4, line.move->y};
        changed = true;
      }
    REQUIRE(changed);
    CHECK(check_proof(start, bad) != "");
  }
  {
    Proof bad = good;  // a line twice
    bad.lines.insert(bad.lines.end() - 1, bad.lines.front());
    CHECK(check_proof(start, bad) != "");
  }
}

TEST_CASE("weak solver: the certificate stream through a writer with certificate::Writer's API", "[weak]") {
  const Position start = tanbo::opening(tanbo::Variant::lattice(5));
  CHECK(tanbo::solve::certificate_start(start) == "lattice-5");
  CHECK(tanbo::solve::certificate_start(Position::parse("X2O/4/4/O2X X")) == "X2O/4/4/O2X X");
  const Position small = Position::parse("X2O/4/4/O2X X");
  const WeakResult r = tanbo::solve::solve_weak(small, small_budget());
  REQUIRE(r.proof);
  std::ostringstream out;
  tanbo::solve::write_certificate<FakeWriter, FakeHeader>(out, small, *r.proof);
  const std::string text = out.str();
  CHECK(text.rfind("tanbo-certificate 1\nstart X2O/4/4/O2X X\nsize 4\nprover ", 0) == 0);
  // The last line is the start, with the prover's move when the prover is Black.
  const std::string last = text.substr(text.rfind('\n', text.size() - 2) + 1);
  CHECK(last.rfind("X..O........O..X X", 0) == 0);
}

TEST_CASE("weak solver: a 19x19 endgame from a random classic game", "[weak]") {
  // A random game with a fixed seed, taken back to where few moves remain before its end: the
  // solver needs the capacity-19 board and the 128-bit keys of boards above 7x7.
  tanbo::optimized::Game19 g(tanbo::Variant::classic());
  tanbo::Rng rng(2026);
  while (!g.is_over()) g.play(tanbo::random_move(g, rng));
  const int end = g.ply();
  REQUIRE(end > 100);
  int solved = 0;
  for (int back = 1; back <= 12; ++back) {
    g.undo();
    const Position p = g.position();
    WeakBudget b;
    b.nodes = 2'000'000;
    b.table_log2 = 18;
    const WeakResult r = tanbo::solve::solve_weak(g, b);
    INFO(p.to_string() << " legal moves " << g.legal_move_count());
    if (r.outcome == Outcome::Unknown) continue;
    ++solved;
    REQUIRE(r.length);
    REQUIRE(r.proof);
    CHECK(check_proof(p, *r.proof) == "");
    // The reference engine agrees on the best move's legality and the proof's prover.
    CHECK(g.is_legal(*r.best_move));
    CHECK(*r.winner(p.to_move()) == r.proof->prover);
  }
  CHECK(solved >= 3);
}
