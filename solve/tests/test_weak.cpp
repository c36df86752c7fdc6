// Tests of the weak solver (solve/weak.hpp): its value and perfect-play length against a plain
// memoized negamax on the reference engine at every position of small games, its budgets and
// determinism, a 19x19 endgame, and its proofs replayed on the reference engine by a checker of
// the certificate rules (format v1) written here. Hidden cases ([.frontier]) measure the
// frontier on lattice-7 / dense-7 and estimate their reachable positions (solve/WEAK_FRONTIER.md).
// check-map: code solve
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

#include "tanbo/certificate/certificate.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/solve/measure.hpp"
#include "tanbo/solve/weak.hpp"
#include "weak_board.hpp"
#include "weak_keys.hpp"
#include "test_util.hpp"

namespace {

using tanbo::Cell;
using tanbo::Color;
using tanbo::Point;
using tanbo::Position;
using tanbo::solve::Value;
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
    if (r.answer.outcome.value != (winner == p.to_move() ? Value::Win : Value::Loss)) return at + "wrong winner";
    if (r.answer.outcome.length != 0 || r.answer.best_move) return at + "a finished game's length is 0, with no move";
    if (!r.proof || r.proof->prover != winner) return at + "no proof for the winner";
    if (const std::string e = check_proof(p, *r.proof); !e.empty()) return at + "proof refused: " + e;
    return "";
  }
  tanbo::reference::Game g(p);
  const Exact want = brute.solve(g);
  if (r.answer.outcome.value != (want.win ? Value::Win : Value::Loss))
    return at + "value " + tanbo::solve::to_string(r.answer.outcome.value) + ", brute force " + (want.win ? "win" : "loss");
  if (r.answer.outcome.length != want.length)
    return at + "length " + (r.answer.outcome.length >= 0 ? std::to_string(r.answer.outcome.length) : "unknown") + ", brute force " +
           std::to_string(want.length);
  {
    if (!r.answer.best_move || !g.is_legal(*r.answer.best_move)) return at + "no legal best move";
    g.play(*r.answer.best_move);
    const Exact child = brute.solve(g);
    if (child.win == want.win || child.length + 1 != want.length)
      return at + "best move " + tanbo::point_name(*r.answer.best_move) + " does not keep the value and length";
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

WeakBudget small_budget(tanbo::solve::ValueSearch search = tanbo::solve::ValueSearch::AlphaBeta) {
  WeakBudget b;
  b.value_search = search;
  b.nodes = 20'000'000;
  b.table_log2 = 14;  // 512 KiB: each of the many small solves allocates its own tables
  return b;
}

}  // namespace

TEST_CASE("weak solver: every reachable 3x3 position agrees with brute force", "[weak][solve]") {
  const auto search = GENERATE(tanbo::solve::ValueSearch::AlphaBeta, tanbo::solve::ValueSearch::ProofNumber);
  const Position start = Position::parse("XO1/3/O1X X");
  const std::vector<Position> all = reachable(start);
  REQUIRE(all.size() > 20);
  BruteForce brute;
  int wins = 0;
  for (const Position& p : all) {
    const WeakResult r = tanbo::solve::solve_weak(p, small_budget(search));
    INFO(p.to_string());
    REQUIRE(disagreement(p, r, brute) == "");
    wins += r.answer.outcome.value == Value::Win;
  }
  // Both outcomes occur, so the comparison covers both sides of the score.
  CHECK(wins > 0);
  CHECK(wins < static_cast<int>(all.size()));
}

TEST_CASE("weak solver: positions of random 4x4 games agree with brute force", "[weak][solve]") {
  const auto search = GENERATE(tanbo::solve::ValueSearch::AlphaBeta, tanbo::solve::ValueSearch::ProofNumber);
  const Position start = Position::parse("X2O/4/4/O2X X");
  BruteForce brute;
  std::set<int> lengths;
  const std::vector<Position> positions = random_positions(start, 40, 20260421);
  for (const Position& p : positions) {
    const WeakResult r = tanbo::solve::solve_weak(p, small_budget(search));
    INFO(p.to_string());
    REQUIRE(disagreement(p, r, brute) == "");
    lengths.insert(r.answer.outcome.length);
  }
  // The start itself, and lines of many lengths.
  CHECK(lengths.size() > 5);
}

TEST_CASE("weak solver: every reachable 4x4 position after 3 plies agrees with brute force",
          "[weak][solve]") {
  // The positions of the whole game graph within 3 plies of the start: every opening line.
  const Position start = Position::parse("X2O/4/4/O2X X");
  BruteForce brute;
  const auto search = GENERATE(tanbo::solve::ValueSearch::AlphaBeta, tanbo::solve::ValueSearch::ProofNumber);
  std::vector<Position> layer{start};
  std::unordered_set<std::string> seen{key_of(start)};
  int checked = 0;
  for (int ply = 0; ply <= 3; ++ply) {
    std::vector<Position> next;
    for (const Position& p : layer) {
      const WeakResult r = tanbo::solve::solve_weak(p, small_budget(search));
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

TEST_CASE("weak solver: the agreement check catches a loser who ends the game early",
          "[weak][solve][planted]") {
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

TEST_CASE("weak solver: a budget too small answers unknown, deterministically", "[weak][solve]") {
  const Position start = Position::parse("X2O/4/4/O2X X");
  WeakBudget b = small_budget();
  const WeakResult full = tanbo::solve::solve_weak(start, b);
  REQUIRE(full.answer.outcome.value != Value::Unknown);
  REQUIRE(full.answer.outcome.length >= 0);
  REQUIRE(full.value_nodes > 10);

  b.nodes = full.value_nodes - 1;
  const WeakResult none = tanbo::solve::solve_weak(start, b);
  CHECK(none.answer.outcome.value == Value::Unknown);
  CHECK(none.answer.outcome.length < 0);
  CHECK(!none.answer.best_move);
  CHECK(!none.proof);
  CHECK(none.answer.nodes == b.nodes);  // never more than the budget

  // Enough for the value, not for the length: the value, with the length unknown.
  b.nodes = full.value_nodes + 1;
  const WeakResult value_only = tanbo::solve::solve_weak(start, b);
  CHECK(value_only.answer.outcome.value == full.answer.outcome.value);
  CHECK(value_only.answer.outcome.length < 0);
  CHECK(!value_only.proof);

  // The value alone, by request: a winning move and a proof without the length search.
  b = small_budget();
  b.length = false;
  const WeakResult no_length = tanbo::solve::solve_weak(start, b);
  CHECK(no_length.answer.outcome.value == full.answer.outcome.value);
  CHECK(no_length.answer.outcome.length < 0);
  REQUIRE(no_length.proof);
  CHECK(check_proof(start, *no_length.proof) == "");

  // The value alone by df-pn: the same value, a winning move, a proof.
  b.value_search = tanbo::solve::ValueSearch::ProofNumber;
  const WeakResult pn_only = tanbo::solve::solve_weak(start, b);
  CHECK(pn_only.answer.outcome.value == full.answer.outcome.value);
  CHECK(pn_only.answer.outcome.length < 0);
  REQUIRE(pn_only.proof);
  CHECK(check_proof(start, *pn_only.proof) == "");
  b.nodes = pn_only.value_nodes - 1;
  CHECK(tanbo::solve::solve_weak(start, b).answer.outcome.value == Value::Unknown);

  // The progress callback sees the node counts, and does not change the search.
  std::vector<long long> seen;
  b = small_budget();
  b.progress_interval = 1000;
  b.progress = [&seen](const tanbo::solve::SolveProgress& p) {
    CHECK(p.stored == 0);
    seen.push_back(static_cast<long long>(p.nodes));
  };
  const WeakResult watched = tanbo::solve::solve_weak(start, b);
  CHECK(watched.answer.nodes == full.answer.nodes);
  REQUIRE(seen.size() == static_cast<std::size_t>(full.answer.nodes / 1000));
  CHECK(seen.front() == 1000);
  b.progress_interval = 0;
  CHECK_THROWS_AS(tanbo::solve::solve_weak(start, b), tanbo::UsageError);

  // Same budget, same answer, same work.
  const WeakResult again = tanbo::solve::solve_weak(start, small_budget());
  CHECK(again.answer.outcome.value == full.answer.outcome.value);
  CHECK(again.answer.outcome.length == full.answer.outcome.length);
  CHECK(again.answer.best_move == full.answer.best_move);
  CHECK(again.answer.nodes == full.answer.nodes);
  CHECK(again.proof->lines.size() == full.proof->lines.size());
}

TEST_CASE("weak solver: bad budgets are refused", "[weak][solve]") {
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

TEST_CASE("weak solver: finished games", "[weak][solve]") {
  // Black's last root was removed by Black's own move: White to move, White wins (rule 7). The
  // engines refuse to set such a position up; the solver answers it.
  const Position white_wins = Position::parse("1O2/4/4/4 O");
  const WeakResult r = tanbo::solve::solve_weak(white_wins, small_budget());
  CHECK(r.answer.outcome.value == Value::Win);
  CHECK(r.answer.outcome.length == 0);
  CHECK(!r.answer.best_move);
  REQUIRE(r.proof);
  CHECK(r.proof->prover == Color::White);
  CHECK(check_proof(white_wins, *r.proof) == "");
  const WeakResult l = tanbo::solve::solve_weak(Position::parse("1O2/4/4/4 X"), small_budget());
  CHECK(l.answer.outcome.value == Value::Loss);
  CHECK(l.answer.outcome.length == 0);
  CHECK(l.proof->prover == Color::White);
  CHECK_THROWS_AS(tanbo::solve::solve_weak(Position::parse("4/4/4/4 X")), tanbo::InvalidPositionError);
}

TEST_CASE("weak solver: the proof checker refuses damaged proofs", "[weak][solve]") {
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

TEST_CASE("weak solver: the certificate stream of its proof", "[weak][solve][certificate]") {
  const Position start = tanbo::opening(tanbo::Variant::lattice(5));
  CHECK(tanbo::solve::start_label(start) == "lattice-5");
  CHECK(tanbo::solve::start_label(Position::parse("X2O/4/4/O2X X")) == "X2O/4/4/O2X X");
  const Position small = Position::parse("X2O/4/4/O2X X");
  const WeakResult r = tanbo::solve::solve_weak(small, small_budget());
  REQUIRE(r.proof);
  std::ostringstream out;
  tanbo::solve::write_certificate(out, tanbo::solve::start_label(small), small.size(), *r.proof);
  const std::string text = out.str();
  CHECK(text.rfind("tanbo-certificate 1\nstart X2O/4/4/O2X X\nsize 4\nprover ", 0) == 0);
  // The last position line (before the sha256 line) is the start, with the prover's move when
  // the prover is Black.
  const std::size_t sha_line = text.rfind('\n', text.size() - 2) + 1;
  CHECK(text.compare(sha_line, 7, "sha256 ") == 0);
  const std::string last = text.substr(text.rfind('\n', sha_line - 2) + 1);
  CHECK(last.rfind("X..O........O..X X", 0) == 0);
}

TEST_CASE("weak solver: certificates through certificate::Writer, accepted by certificate::check",
          "[weak][solve][certificate]") {
  // The real writer and the checker on the reference engine (certificate/): lattice-5 (X wins)
  // and a 4x4 start O wins, by both value searches.
  const auto search = GENERATE(tanbo::solve::ValueSearch::AlphaBeta, tanbo::solve::ValueSearch::ProofNumber);
  for (const Position& start : {tanbo::opening(tanbo::Variant::lattice(5)), Position::parse("X2O/4/4/O2X X")}) {
    WeakBudget b = small_budget(search);
    b.table_log2 = 20;
    b.length = false;
    const WeakResult r = tanbo::solve::solve_weak(start, b);
    REQUIRE(r.proof);
    std::stringstream out;
    tanbo::solve::write_certificate(out, tanbo::solve::start_label(start), start.size(), *r.proof);
    const tanbo::certificate::Summary summary = tanbo::certificate::check(out);
    CHECK(summary.header.start == tanbo::solve::start_label(start));
    CHECK(summary.header.prover == r.proof->prover);
    CHECK(summary.header.positions == static_cast<long long>(r.proof->lines.size()));
    CHECK(summary.header.prover == (start.size() == 5 ? Color::Black : Color::White));
    // The writer states the proof's depth, which the checker computes on its own.
    CHECK(summary.header.within == r.proof->depth);
    CHECK(summary.depth == r.proof->depth);
  }
}

TEST_CASE("weak solver: a 19x19 endgame from a random classic game", "[weak][solve]") {
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
    if (r.answer.outcome.value == Value::Unknown) continue;
    ++solved;
    REQUIRE(r.answer.outcome.length >= 0);
    REQUIRE(r.proof);
    CHECK(check_proof(p, *r.proof) == "");
    // The reference engine agrees on the best move's legality and the proof's prover.
    CHECK(g.is_legal(*r.answer.best_move));
    CHECK(*r.answer.outcome.winner(p.to_move()) == r.proof->prover);
  }
  CHECK(solved >= 3);
}

// ---- Symmetric keys (solve/src/weak_keys.hpp) -------------------------------------------------
namespace {

using SymmetricKeys = tanbo::solve::weak::SymmetricKeys<19>;
using tanbo::solve::weak::Key;

// The image of `p` under dihedral symmetry `symmetry` (transform_point's code), side kept.
Position image_of(const Position& p, int symmetry) {
  Position q = p;
  for (int y = 0; y < p.size(); ++y)
    for (int x = 0; x < p.size(); ++x) q.set(tanbo::solve::transform_point(symmetry, {x, y}, p.size()), p.at({x, y}));
  return q;
}

// The class of `p` under `group`, written without the keys: its least position string over the
// images.
std::string class_of(const Position& p, const std::vector<int>& group) {
  std::string least = p.to_string();
  for (const int symmetry : group) least = std::min(least, image_of(p, symmetry).to_string());
  return least;
}

}  // namespace

TEST_CASE("weak keys: a position and its images share one key, other positions do not", "[weak][solve]") {
  // Exact keys (7x7) and Zobrist keys (9x9), over every position of random games: the canonical
  // key is the same for every image under the root's group, and keys and classes (computed
  // apart, from position strings) correspond one to one, so no two classes collide.
  const auto [name, group_size] = GENERATE(table<const char*, std::size_t>(
      {{"lattice-7", 4}, {"dense-7", 4}, {"lattice-9", 4}, {"dense-9", 8}}));
  const Position start = tanbo::opening(tanbo::Variant::parse_named(name));
  const std::vector<int> group = tanbo::solve::symmetries_kept_by(start);
  REQUIRE(group.size() == group_size);
  REQUIRE(group.front() == 0);
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> key_of_class;
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> class_of_key;
  int moved = 0;  // images that differ from their position: where the exact keys must differ
  for (const Position& p : random_positions(start, 20, 20261206)) {
    INFO(name << " " << p.to_string());
    const SymmetricKeys keys(p, group);
    for (const int symmetry : group) {
      const Position q = image_of(p, symmetry);
      const SymmetricKeys image_keys(q, group);
      REQUIRE(image_keys.canonical() == keys.canonical());
      if (!(q == p)) {
        REQUIRE(!(image_keys.exact() == keys.exact()));
        ++moved;
      }
    }
    const Key k = keys.canonical();
    const std::string c = class_of(p, group);
    REQUIRE(key_of_class.emplace(c, std::pair{k.a, k.b}).first->second == std::pair{k.a, k.b});
    REQUIRE(class_of_key.emplace(std::pair{k.a, k.b}, c).first->second == c);
  }
  CHECK(class_of_key.size() > 500);
  CHECK(moved > 1000);
}

TEST_CASE("weak keys: a root without symmetries keys positions exactly", "[weak][solve]") {
  // After one move lattice-7 keeps fewer symmetries; with the identity alone the canonical key
  // is the exact key, and a position's mirror image gets another key.
  tanbo::optimized::Game g(tanbo::opening(tanbo::Variant::parse_named("lattice-7")));
  tanbo::Rng rng(7);
  for (int i = 0; i < 3; ++i) g.play(tanbo::random_move(g, rng));
  const Position p = g.position();
  const std::vector<int> group = tanbo::solve::symmetries_kept_by(p);
  REQUIRE(group == std::vector<int>{0});
  const SymmetricKeys keys(p, group);
  CHECK(keys.canonical() == keys.exact());
  for (int symmetry = 1; symmetry < 8; ++symmetry)
    if (!(image_of(p, symmetry) == p)) CHECK(!(SymmetricKeys(image_of(p, symmetry), group).canonical() == keys.canonical()));
}

TEST_CASE("weak keys: kept current through moves and removals, and restored by unmake", "[weak][solve]") {
  // The search board's keys after every move of random games (stones placed, roots removed, the
  // side changed) equal the keys computed from scratch for the position reached, and unmake
  // restores the keys of the position before.
  const Position start = tanbo::opening(tanbo::Variant::parse_named(GENERATE("lattice-7", "dense-9")));
  const std::vector<int> group = tanbo::solve::symmetries_kept_by(start);
  tanbo::Rng rng(20261206);
  int removals = 0;
  for (int game = 0; game < 20; ++game) {
    tanbo::solve::weak::SearchBoard<19> walk(start, WeakBudget{});
    while (!walk.board().is_over()) {
      const auto legal = walk.board().legal_vertices();
      const auto v = legal[static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      const Key before = walk.keys().exact();
      const auto undo = walk.make(v);
      removals += undo.record.removed_roots > 0;
      const SymmetricKeys fresh(walk.board().position(), group);
      INFO(walk.board().position().to_string());
      REQUIRE(walk.keys().exact() == fresh.exact());
      REQUIRE(walk.keys().canonical() == fresh.canonical());
      if (rng.below(4) == 0) {  // now and then step back and forth: unmake restores
        walk.unmake(undo);
        REQUIRE(walk.keys().exact() == before);
        walk.make(v);
      }
    }
  }
  CHECK(removals > 20);
}

// ---- Frontier measurements (hidden: run by hand, figures in solve/WEAK_FRONTIER.md) -------------
namespace {

long long env_or(const char* name, long long fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::atoll(v) : fallback;
}

Position start_from_env() {
  const char* s = std::getenv("TANBO_WEAK_START");
  const std::string text = s != nullptr ? s : "lattice-5";
  if (text.find('/') != std::string::npos) return Position::parse(text);
  return tanbo::opening(tanbo::Variant::parse_named(text));
}

double peak_mib() { return static_cast<double>(tanbo::solve::peak_rss_bytes()) / (1024.0 * 1024.0); }
double cpu_seconds() { return tanbo::solve::process_cpu_seconds(); }

WeakBudget budget_from_env() {
  WeakBudget b;
  b.nodes = env_or("TANBO_WEAK_NODES", 100'000'000);
  b.table_log2 = static_cast<int>(env_or("TANBO_WEAK_TABLE", 24));
  b.length = env_or("TANBO_WEAK_LENGTH", 1) != 0;
  if (env_or("TANBO_WEAK_PN", 0) != 0) b.value_search = tanbo::solve::ValueSearch::ProofNumber;
  b.proof = env_or("TANBO_WEAK_PROOF", 1) != 0;
  b.progress = [](const tanbo::solve::SolveProgress& p) {
    std::fprintf(stderr, "  ... %llu nodes, cpu %.0f s, peak %.0f MiB\n", static_cast<unsigned long long>(p.nodes), cpu_seconds(),
                 peak_mib());
  };
  return b;
}

std::string describe(const WeakResult& r) {
  std::ostringstream o;
  o << tanbo::solve::to_string(r.answer.outcome.value) << " length " << (r.answer.outcome.length >= 0 ? std::to_string(r.answer.outcome.length) : "?")
    << " best " << (r.answer.best_move ? tanbo::point_name(*r.answer.best_move) : "-") << " nodes " << r.value_nodes << "+"
    << r.length_nodes << "+" << r.proof_nodes << " table " << r.table_used << "/" << r.table_slots
    << " proof " << (r.proof ? std::to_string(r.proof->lines.size()) : "-");
  return o.str();
}

}  // namespace

TEST_CASE("weak frontier: one start", "[.frontier][solve]") {
  // TANBO_WEAK_START (variant or position string), TANBO_WEAK_NODES, TANBO_WEAK_TABLE (log2),
  // TANBO_WEAK_LENGTH, TANBO_WEAK_PROOF, TANBO_WEAK_CHECK (replay the proof on the reference).
  const Position start = start_from_env();
  const WeakBudget b = budget_from_env();
  const double t0 = cpu_seconds();
  const WeakResult r = tanbo::solve::solve_weak(start, b);
  const double t1 = cpu_seconds();
  std::printf("%s: %s cpu %.1f s peak %.0f MiB\n", start.to_string().c_str(), describe(r).c_str(), t1 - t0,
              peak_mib());
  if (r.proof && env_or("TANBO_WEAK_CHECK", 1) != 0) {
    const std::string e = check_proof(start, *r.proof);
    std::printf("proof check on the reference engine: %s (%.1f s)\n", e.empty() ? "accepted" : e.c_str(),
                cpu_seconds() - t1);
    CHECK(e == "");
  }
}

TEST_CASE("weak frontier: opening lines", "[.frontier][solve]") {
  // Every distinct position TANBO_WEAK_PLIES plies into the start, each solved (value only unless
  // TANBO_WEAK_LENGTH=1) with TANBO_WEAK_NODES nodes: how many are solved, and their values.
  const Position start = start_from_env();
  const int plies = static_cast<int>(env_or("TANBO_WEAK_PLIES", 1));
  WeakBudget b = budget_from_env();
  b.length = env_or("TANBO_WEAK_LENGTH", 0) != 0;
  b.proof = false;
  std::vector<Position> layer{start};
  for (int ply = 0; ply < plies; ++ply) {
    std::vector<Position> next;
    std::unordered_set<std::string> seen;
    for (const Position& p : layer) {
      if (p.count(Color::Black) == 0 || p.count(Color::White) == 0) continue;
      tanbo::reference::Game g(p);
      for (const Point m : g.legal_moves()) {
        g.play(m);
        if (seen.insert(key_of(g.position())).second) next.push_back(g.position());
        g.undo();
      }
    }
    layer = std::move(next);
  }
  int wins = 0, losses = 0, unknown = 0;
  long long nodes = 0;
  const double t0 = cpu_seconds();
  for (const Position& p : layer) {
    const WeakResult r = tanbo::solve::solve_weak(p, b);
    nodes += r.answer.nodes;
    (r.answer.outcome.value == Value::Win ? wins : r.answer.outcome.value == Value::Loss ? losses : unknown)++;
    if (env_or("TANBO_WEAK_VERBOSE", 0) != 0) std::printf("  %s: %s\n", p.to_string().c_str(), describe(r).c_str());
  }
  std::printf("%d plies: %zu positions, side to move wins %d, loses %d, unknown %d; nodes %lld cpu %.1f s peak %.0f MiB\n",
              plies, layer.size(), wins, losses, unknown, nodes, cpu_seconds() - t0, peak_mib());
}

// ---- Size of the game graph (boards up to 7x7; docs/solutions.md, "How many positions") -------
namespace {

// A position of at most 63 points as two words: Black's stones and the side to move, White's.
using Packed = std::pair<std::uint64_t, std::uint64_t>;

Packed pack(const tanbo::optimized::Board19& b) {
  Packed k{0, 0};
  const int n = b.size();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const Cell c = b.at({x, y});
      if (c == Cell::Black) k.first |= std::uint64_t{1} << (y * n + x);
      if (c == Cell::White) k.second |= std::uint64_t{1} << (y * n + x);
    }
  if (b.to_move() == Color::White) k.first |= std::uint64_t{1} << 63;
  return k;
}

Position unpack(const Packed& k, int n) {
  Position p(n);
  for (int i = 0; i < n * n; ++i) {
    if ((k.first >> i) & 1) p.set(p.point(i), Cell::Black);
    if ((k.second >> i) & 1) p.set(p.point(i), Cell::White);
  }
  p.set_to_move((k.first >> 63) != 0 ? Color::White : Color::Black);
  return p;
}

}  // namespace

TEST_CASE("weak frontier: distinct positions by ply", "[.frontier][solve]") {
  // Breadth-first, layer by layer (sorted, deduplicated vectors of packed positions), until a
  // layer would exceed TANBO_WEAK_LAYER_CAP positions: the exact number of distinct positions
  // first reached at each ply (finished games included), and the running total of distinct
  // positions (a position met again at a later ply is counted once).
  const Position start = start_from_env();
  const int n = start.size();
  REQUIRE(n * n <= 63);
  const auto cap = static_cast<std::size_t>(env_or("TANBO_WEAK_LAYER_CAP", 20'000'000));
  std::vector<Packed> layer{pack(tanbo::optimized::Board19(start))};
  std::vector<Packed> all = layer;
  double t0 = cpu_seconds();
  for (int ply = 0; !layer.empty(); ++ply) {
    std::printf("ply %d: %zu new positions, total %zu, cpu %.1f s, peak %.0f MiB\n", ply, layer.size(), all.size(),
                cpu_seconds() - t0, peak_mib());
    std::fflush(stdout);
    std::vector<Packed> next;
    bool over_cap = false;
    for (const Packed& k : layer) {
      const Position p = unpack(k, n);
      if (p.count(Color::Black) == 0 || p.count(Color::White) == 0) continue;
      tanbo::optimized::Board19 b(p);
      const std::vector<tanbo::optimized::Vertex> moves(b.legal_vertices().begin(), b.legal_vertices().end());
      for (const auto v : moves) {
        const auto rec = b.play_vertex(v);
        next.push_back(pack(b));
        b.undo(rec);
      }
      if (next.size() > 4 * cap) {  // deduplicate as we go
        std::sort(next.begin(), next.end());
        next.erase(std::unique(next.begin(), next.end()), next.end());
        if (next.size() > cap) {
          over_cap = true;
          break;
        }
      }
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    if (over_cap || next.size() > cap) {
      std::printf("ply %d: more than %zu positions, stopped\n", ply + 1, cap);
      break;
    }
    // Keep only positions not seen at an earlier ply.
    std::vector<Packed> fresh;
    std::set_difference(next.begin(), next.end(), all.begin(), all.end(), std::back_inserter(fresh));
    std::vector<Packed> merged;
    merged.reserve(all.size() + fresh.size());
    std::merge(all.begin(), all.end(), fresh.begin(), fresh.end(), std::back_inserter(merged));
    all = std::move(merged);
    layer = std::move(fresh);
  }
}

TEST_CASE("weak frontier: Knuth's estimate of the game tree", "[.frontier][solve]") {
  // Knuth (1975): along a uniformly random game, the product of the branching factors met up to
  // ply d is an unbiased estimate of the number of move sequences of length d (the game tree's
  // nodes at depth d). TANBO_WEAK_SAMPLES games from a fixed seed; the per-ply mean, and the
  // mean game length.
  const Position start = start_from_env();
  const long long samples = env_or("TANBO_WEAK_SAMPLES", 100'000);
  std::vector<double> sum;  // sum over samples of the product at each ply
  double length_sum = 0;
  int longest = 0;
  tanbo::Rng rng(static_cast<std::uint64_t>(env_or("TANBO_WEAK_SEED", 1)));
  const tanbo::optimized::Board19 first(start);
  for (long long s = 0; s < samples; ++s) {
    tanbo::optimized::Board19 b = first;
    double product = 1;
    int ply = 0;
    for (;; ++ply) {
      if (sum.size() <= static_cast<std::size_t>(ply)) sum.push_back(0);
      sum[static_cast<std::size_t>(ply)] += product;
      if (b.is_over()) break;
      product *= b.legal_move_count();
      b.play_vertex(b.random_legal_vertex(rng));
    }
    length_sum += ply;
    longest = std::max(longest, ply);
  }
  double total = 0;
  for (std::size_t d = 0; d < sum.size(); ++d) {
    total += sum[d] / static_cast<double>(samples);
    std::printf("ply %zu: %.3e sequences (cumulative %.3e)\n", d, sum[d] / static_cast<double>(samples), total);
  }
  std::printf("%lld random games: mean length %.1f, longest %d; game tree %.3e nodes\n", samples,
              length_sum / static_cast<double>(samples), longest, total);
}

TEST_CASE("weak frontier: collision lower bound on distinct positions by ply", "[.frontier][solve]") {
  // K uniformly random games (game i from Rng(seed + i)); at each ply d of TANBO_WEAK_PLY_LIST
  // the positions of the K_d games still running are sorted and their equal pairs C counted.
  // With p the distribution of a random game's position at ply d over the D_d positions of
  // that ply, E[C] = (K_d choose 2) * sum p^2 and sum p^2 >= 1 / D_d (Cauchy-Schwarz), so
  // D_eff = (K_d choose 2) / C estimates a LOWER bound of D_d (C = 0: 3 pairs, the 95% bound).
  const Position start = start_from_env();
  REQUIRE(start.size() * start.size() <= 63);
  const long long games = env_or("TANBO_WEAK_SAMPLES", 1'000'000);
  const auto seed = static_cast<std::uint64_t>(env_or("TANBO_WEAK_SEED", 1));
  std::vector<int> plies;
  {
    const char* list = std::getenv("TANBO_WEAK_PLY_LIST");
    std::istringstream in(list != nullptr ? list : "5 10 15 20 25 30 35 40");
    for (int d = 0; in >> d;) plies.push_back(d);
  }
  std::vector<std::vector<Packed>> at(plies.size());
  const tanbo::optimized::Board19 first(start);
  for (long long g = 0; g < games; ++g) {
    tanbo::optimized::Board19 b = first;
    tanbo::Rng rng(seed + static_cast<std::uint64_t>(g));
    std::size_t next = 0;
    for (int ply = 0; next < plies.size(); ++ply) {
      if (ply == plies[next]) at[next++].push_back(pack(b));
      if (b.is_over()) break;
      b.play_vertex(b.random_legal_vertex(rng));
    }
  }
  for (std::size_t i = 0; i < plies.size(); ++i) {
    auto& v = at[i];
    std::sort(v.begin(), v.end());
    double pairs = 0, singles = 0, doubles = 0;
    std::size_t distinct = 0;
    for (std::size_t j = 0; j < v.size();) {
      std::size_t k = j;
      while (k < v.size() && v[k] == v[j]) ++k;
      const double m = static_cast<double>(k - j);
      pairs += m * (m - 1) / 2;
      singles += m == 1;
      doubles += m == 2;
      ++distinct;
      j = k;
    }
    // Chao1 (1984), another lower-bound estimator for unequal sampling probabilities:
    // distinct + f1^2 / (2 f2), f1 and f2 the positions met once and twice.
    const double chao1 = static_cast<double>(distinct) + (doubles > 0 ? singles * singles / (2 * doubles)
                                                                       : singles * (singles - 1) / 2);
    const double kd = static_cast<double>(v.size());
    const double all_pairs = kd * (kd - 1) / 2;
    std::printf("ply %d: %zu games, %zu distinct, %.0f equal pairs, D_eff %s%.3e, Chao1 %.3e\n", plies[i], v.size(),
                distinct, pairs, pairs == 0 ? ">= " : "", all_pairs / (pairs == 0 ? 3.0 : pairs), chao1);
  }
}

TEST_CASE("weak frontier: solved back along random games", "[.frontier][solve]") {
  // TANBO_WEAK_GAMES random games (Rng(seed + i)) from the start; each is walked back from its
  // end, solving every position with TANBO_WEAK_NODES nodes (df-pn unless TANBO_WEAK_PN=0,
  // value only), until one is unknown: the earliest ply solved is how deep into the opening
  // the budget reaches along that line.
  const Position start = start_from_env();
  const long long games = env_or("TANBO_WEAK_GAMES", 3);
  WeakBudget b = budget_from_env();
  if (env_or("TANBO_WEAK_PN", 1) != 0) b.value_search = tanbo::solve::ValueSearch::ProofNumber;
  b.length = env_or("TANBO_WEAK_LENGTH", 0) != 0;
  b.proof = false;
  for (long long i = 0; i < games; ++i) {
    tanbo::optimized::Game g(start);
    tanbo::Rng rng(static_cast<std::uint64_t>(env_or("TANBO_WEAK_SEED", 1) + i));
    while (!g.is_over()) g.play(tanbo::random_move(g, rng));
    const int end = g.ply();
    int earliest = end;
    long long hardest = 0;
    std::string line;
    const double t0 = cpu_seconds();
    while (g.ply() > 0) {
      g.undo();
      const WeakResult r = tanbo::solve::solve_weak(g, b);
      if (r.answer.outcome.value == Value::Unknown) break;
      earliest = g.ply();
      hardest = std::max(hardest, r.answer.nodes);
      line = describe(r);
    }
    std::printf("game %lld: %d plies; solved back to ply %d (%s), the last solve %s; most nodes %lld; cpu %.1f s\n", i,
                end, earliest, earliest == 0 ? "the start" : "the next one back is unknown", line.c_str(), hardest,
                cpu_seconds() - t0);
    std::fflush(stdout);
  }
}

TEST_CASE("weak frontier: cost curve", "[.frontier][solve]") {
  // The cost curve (scripts/cost-curve.sh, docs/solutions.md): TANBO_WEAK_GAMES random games
  // (game i from Rng(TANBO_WEAK_SEED + i), uniform moves) from the start, each walked back from
  // its end; every position is settled by df-pn (value only) within TANBO_WEAK_NODES nodes and a
  // 2^TANBO_WEAK_TABLE table, and one tab-separated row is printed per position: start, game, ply,
  // plies to the end, outcome, nodes, CPU seconds. The walk stops after the first position the
  // budget does not settle (its row says "unknown"). TANBO_WEAK_SKIP=k skips the k positions
  // nearest the end (to resume a walk: the rows are deterministic).
  const Position start = start_from_env();
  const long long skip = env_or("TANBO_WEAK_SKIP", 0);
  const long long games = env_or("TANBO_WEAK_GAMES", 3);
  WeakBudget b = budget_from_env();
  b.value_search = tanbo::solve::ValueSearch::ProofNumber;
  b.length = false;
  b.proof = false;
  b.progress = nullptr;
  const std::string name = std::getenv("TANBO_WEAK_START") != nullptr ? std::getenv("TANBO_WEAK_START") : "lattice-5";
  for (long long i = 0; i < games; ++i) {
    tanbo::optimized::Game g(start);
    tanbo::Rng rng(static_cast<std::uint64_t>(env_or("TANBO_WEAK_SEED", 1) + i));
    while (!g.is_over()) g.play(tanbo::random_move(g, rng));
    const int end = g.ply();
    while (g.ply() > 0) {
      g.undo();
      if (end - g.ply() <= skip) continue;
      const double t0 = cpu_seconds();
      const WeakResult r = tanbo::solve::solve_weak(g, b);
      std::printf("curve\t%s\t%lld\t%d\t%d\t%s\t%lld\t%.2f\n", name.c_str(), i, g.ply(), end - g.ply(),
                  tanbo::solve::to_string(r.answer.outcome.value), r.answer.nodes, cpu_seconds() - t0);
      std::fflush(stdout);
      if (r.answer.outcome.value == tanbo::solve::Value::Unknown) break;
    }
  }
}
