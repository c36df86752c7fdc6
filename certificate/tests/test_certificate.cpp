// The certificate writer and checker: real certificates of small starts (built by the tiny
// negamax of tiny_solver.hpp) are accepted, and every rule of the format is shown to bite: each
// planted damage (an illegal or unsupported prover move, a missing reply, a finished game the
// prover lost, the start missing or out of place, a duplicate, lines out of order, a wrong count,
// prover or start, a truncated or flipped file, and every kind of malformed line) is refused with
// its own message. Set TANBO_CERTIFICATE_SHOW_ERRORS=1 to print each refusal's message.
// check-map: code certificate
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "checker_key.hpp"
#include "tanbo/core/position_set.hpp"
#include "tanbo/certificate/certificate.hpp"
#include "tiny_solver.hpp"

namespace {

using namespace tanbo;
using namespace tanbo::certificate;
using tanbo::certificate::testing::Built;
using tanbo::certificate::testing::TinySolver;

constexpr const char* k3x3 = "XO1/3/O1X X";
constexpr const char* k4x4 = "X2O/4/4/O2X X";

// Every line of a certificate before its sha256 line: the 5 header lines, then the positions.
using Lines = std::vector<std::string>;
constexpr std::size_t kHeader = 5;

std::string written(const Built& b, std::optional<long long> within = std::nullopt) {
  std::ostringstream out;
  Writer w(out, Header{b.start, read_canonical_start(b.start).size(), b.prover, static_cast<long long>(b.lines.size()), within});
  for (const auto& l : b.lines) w.add(l.position, l.move);
  w.finish();
  return out.str();
}

// The depth of the strategy (docs/certificates.md), computed here from the built lines'
// successors, independently of the checker: 0 for a finished game, else 1 + the deepest
// successor's (a prover's line has one successor).
long long depth_of(const Built& b) {
  std::vector<long long> depth(b.lines.size(), 0);
  for (std::size_t i = 0; i < b.lines.size(); ++i)
    for (const std::size_t j : b.lines[i].needs) depth[i] = std::max(depth[i], 1 + depth[j]);
  return depth.back();
}

Lines lines_of(const std::string& text) {
  Lines out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  REQUIRE(out.back().rfind("sha256 ", 0) == 0);
  out.pop_back();
  return out;
}

// The lines as a file with a correct sha256 line: damage planted this way is refused by the rule
// it breaks, not by the hash.
std::string sealed(const Lines& lines) {
  std::string text;
  for (const auto& l : lines) text += l + '\n';
  return text + "sha256 " + sha256_hex(text) + '\n';
}

// The position count of line 5 set to the number of position lines.
Lines recounted(Lines lines) {
  lines[4] = "positions " + std::to_string(lines.size() - kHeader);
  return lines;
}

struct Outcome {
  bool accepted = false;
  std::string kind;  // "parse", "certificate" or "other"
  std::string what;
  long long line = 0;
};

Outcome run(const std::string& text) {
  std::istringstream in(text, std::ios::binary);
  try {
    check(in);
    return {true, "", "", 0};
  } catch (const ParseError& e) {
    return {false, "parse", e.what(), e.line()};
  } catch (const CertificateError& e) {
    return {false, "certificate", e.what(), e.line()};
  } catch (const std::exception& e) {
    return {false, "other", e.what(), 0};
  }
}

// Requires the text to be refused with an error of `kind` whose message contains `needle`.
Outcome refused(const std::string& text, const std::string& kind, const std::string& needle) {
  const Outcome o = run(text);
  if (std::getenv("TANBO_CERTIFICATE_SHOW_ERRORS")) std::cout << "  refused (" << o.kind << "): " << o.what << '\n';
  INFO("message: " << o.what);
  CHECK_FALSE(o.accepted);
  CHECK(o.kind == kind);
  CHECK_THAT(o.what, Catch::Contains(needle));
  return o;
}

const Built& certificate_of(const char* start) {
  static std::map<std::string, Built> built;
  auto it = built.find(start);
  if (it == built.end()) it = built.emplace(start, TinySolver().certificate(start)).first;
  return it->second;
}

bool is_prover_line(const Built& b, std::size_t i) { return b.lines[i].move.has_value(); }
bool is_opponent_line(const Built& b, std::size_t i) {
  return !b.lines[i].move && !reference::winner(b.lines[i].position);
}
bool is_finished(const Built& b, std::size_t i) { return reference::winner(b.lines[i].position).has_value(); }

std::string file_line(std::size_t body_index) { return "line " + std::to_string(6 + body_index); }

// The certificate of a one-move win on 5x5 (X takes the last growth point of O's only root),
// with the `within` line given.
std::string one_move_win(std::optional<long long> within) {
  Position start(5);
  start.set({0, 0}, Cell::White);
  start.set({1, 0}, Cell::Black);
  start.set({1, 1}, Cell::Black);
  reference::Game g(start);
  g.play({0, 1});
  std::ostringstream out;
  Writer w(out, Header{start.to_string(), 5, Color::Black, 2, within});
  w.add(g.position(), std::nullopt);
  w.add(start, Point{0, 1});
  w.finish();
  return out.str();
}

}  // namespace

TEST_CASE("real certificates of the 3x3 and 4x4 starts are accepted", "[certificate]") {
  // Who wins, by the negamax: White, the second player, wins both.
  struct Case {
    const char* start;
    Color winner;
  };
  for (const Case c : {Case{k3x3, Color::White}, Case{k4x4, Color::White}}) {
    const Built& b = certificate_of(c.start);
    INFO(c.start << ": " << b.lines.size() << " lines, " << b.solved << " positions solved");
    CHECK(b.prover == c.winner);
    const std::string text = written(b);
    std::istringstream in(text);
    const Summary s = check(in);
    CHECK(s.header == Header{c.start, read_canonical_start(c.start).size(), c.winner, static_cast<long long>(b.lines.size()), std::nullopt});
    CHECK(s.depth == depth_of(b));
    CHECK(s.sha256 == sha256_hex(text.substr(0, text.rfind("sha256 "))));
    // The file holds every kind of line.
    bool prover = false, opponent = false, finished = false;
    for (std::size_t i = 0; i < b.lines.size(); ++i) {
      prover |= is_prover_line(b, i);
      opponent |= is_opponent_line(b, i);
      finished |= is_finished(b, i);
    }
    CHECK((prover && opponent && finished));
  }
}

TEST_CASE("the writer writes the format of docs/certificates.md", "[certificate]") {
  const Position start = read_canonical_start(k3x3);
  std::ostringstream out;
  Writer w(out, Header{k3x3, 3, Color::Black, 1, std::nullopt});
  w.add(start, Point{2, 0});
  w.finish();
  const std::string head = "tanbo-certificate 1\nstart XO1/3/O1X X\nsize 3\nprover X\npositions 1\nXO....O.X X 2,0\n";
  CHECK(out.str() == head + "sha256 " + sha256_hex(head) + "\n");
  CHECK(w.sha256() == sha256_hex(head));
  // Cells are row-major with row 0 (the position string's first row, the top) first, x = column.
  CHECK(position_line(Position::parse("X1O/3/O2 O"), Point{1, 2}) == "X.O...O.. O 1,2");
  CHECK(position_line(read_canonical_start("lattice-5"), std::nullopt) == "X...O...............O...X X");
}

TEST_CASE("the writer refuses misuse", "[certificate]") {
  std::ostringstream out;
  CHECK_THROWS_AS(Writer(out, Header{"nonsense", 3, Color::Black, 1, std::nullopt}), UsageError);
  CHECK_THROWS_AS(Writer(out, Header{"X2/3/3 X", 3, Color::Black, 1, std::nullopt}), UsageError);  // White has no stones
  CHECK_THROWS_AS(Writer(out, Header{k3x3, 4, Color::Black, 1, std::nullopt}), UsageError);
  CHECK_THROWS_AS(Writer(out, Header{k3x3, 3, Color::Black, 0, std::nullopt}), UsageError);
  CHECK_THROWS_AS(Writer(out, Header{"lattice-5\nsize 5", 5, Color::Black, 1, std::nullopt}), UsageError);
  Writer w(out, Header{k3x3, 3, Color::Black, 2, std::nullopt});
  CHECK_THROWS_AS(w.add(read_canonical_start("lattice-5"), std::nullopt), UsageError);
  CHECK_THROWS_AS(w.add(read_canonical_start(k3x3), Point{3, 0}), UsageError);
  w.add(read_canonical_start(k3x3), std::nullopt);
  CHECK_THROWS_AS(w.finish(), UsageError);  // one position of two
  w.add(read_canonical_start(k3x3), std::nullopt);
  CHECK_THROWS_AS(w.add(read_canonical_start(k3x3), std::nullopt), UsageError);  // a third
  w.finish();
  CHECK_THROWS_AS(w.finish(), UsageError);
  CHECK_THROWS_AS(w.add(read_canonical_start(k3x3), std::nullopt), UsageError);
}

TEST_CASE("planted damage: each rule of the format refuses its violation", "[certificate][planted]") {
  const char* start = GENERATE(k3x3, k4x4);
  const Built& b = certificate_of(start);
  const Lines good = lines_of(written(b));
  const std::size_t n = b.lines.size();
  REQUIRE(run(sealed(good)).accepted);
  const std::string P(1, color_char(b.prover)), Q(1, color_char(opponent(b.prover)));  // prover, opponent
  if (std::getenv("TANBO_CERTIFICATE_SHOW_ERRORS")) std::cout << start << ":\n";

  SECTION("a prover's move that is illegal") {
    std::size_t i = 0;
    while (!is_prover_line(b, i)) ++i;
    const Position& p = b.lines[i].position;
    Point occupied{};
    for (int k = 0; k < p.size() * p.size(); ++k)
      if (p.at(p.point(k)) != Cell::Empty) occupied = p.point(k);
    Lines bad = good;
    bad[kHeader + i] = position_line(p, occupied);
    refused(sealed(bad), "certificate", file_line(i) + ": " + P + " to move: the move " + std::to_string(occupied.x) +
                                            "," + std::to_string(occupied.y) + " is illegal (the point is occupied)");
    // An empty point the prover may not play (rule 3), on the first prover's line that has one.
    bool planted = false;
    for (std::size_t j = i; j < n && !planted; ++j) {
      if (!is_prover_line(b, j)) continue;
      const Position& q = b.lines[j].position;
      for (int k = 0; k < q.size() * q.size() && !planted; ++k) {
        const Point e = q.point(k);
        const auto why = reference::placement_problem(q, e, q.to_move());
        if (q.at(e) != Cell::Empty || !why) continue;
        bad = good;
        bad[kHeader + j] = position_line(q, e);
        refused(sealed(bad), "certificate", file_line(j) + ": " + P + " to move: the move " + std::to_string(e.x) + "," +
                                                std::to_string(e.y) + " is illegal (" + illegal_reason_text(*why) + ")");
        planted = true;
      }
    }
    CHECK(planted);
  }

  SECTION("a prover's move whose result is not listed earlier") {
    bool planted = false;
    for (std::size_t i = 0; i < n && !planted; ++i) {
      if (!is_prover_line(b, i)) continue;
      reference::Game g(b.lines[i].position);
      for (const Point m : g.legal_moves()) {
        reference::Game next = g;
        next.play(m);
        const std::string after = position_line(next.board(), std::nullopt);
        bool earlier = false;
        for (std::size_t j = 0; j < i; ++j) earlier |= position_line(b.lines[j].position, std::nullopt) == after;
        if (earlier) continue;
        Lines bad = good;
        bad[kHeader + i] = position_line(b.lines[i].position, m);
        refused(sealed(bad), "certificate", file_line(i) + ": " + P + " to move: the move " + std::to_string(m.x) + "," +
                                                std::to_string(m.y) + " leads to a position not listed before this line");
        planted = true;
        break;
      }
    }
    CHECK(planted);
  }

  SECTION("an opponent's line missing one reply") {
    // Lines whose first use is as a reply of the opponent: without one of them, that opponent's
    // line is the first to miss it. Replies other than the first legal move are planted too (a
    // checker that looked at one reply only would pass the first).
    int planted = 0, later_replies = 0;
    for (std::size_t j = 0; j < n && planted < 12; ++j) {
      std::size_t first_use = n, reply = 0;
      for (std::size_t i = j + 1; i < n && first_use == n; ++i)
        for (std::size_t k = 0; k < b.lines[i].needs.size() && first_use == n; ++k)
          if (b.lines[i].needs[k] == j) first_use = i, reply = k;  // the first move reaching it
      if (first_use == n || !is_opponent_line(b, first_use)) continue;
      if (reply == 0 && planted > 0) continue;
      const Point m = b.lines[first_use].needs_moves[reply];
      Lines bad = good;
      bad.erase(bad.begin() + static_cast<long>(kHeader + j));
      refused(sealed(recounted(bad)), "certificate",
              file_line(first_use - 1) + ": " + Q + " to move: the legal move " + std::to_string(m.x) + "," +
                  std::to_string(m.y) + " leads to a position not listed before this line");
      ++planted;
      later_replies += reply > 0;
    }
    CHECK(planted > 1);
    CHECK(later_replies > 0);
  }

  SECTION("a finished game won by the other side") {
    std::size_t i = 0;
    while (!is_finished(b, i)) ++i;
    Position lost = b.lines[i].position;  // colours swapped: the opponent has the stones
    for (int k = 0; k < lost.size() * lost.size(); ++k) {
      const Cell c = lost.at(lost.point(k));
      lost.set(lost.point(k), c == Cell::Black ? Cell::White : c == Cell::White ? Cell::Black : Cell::Empty);
    }
    Lines bad = good;
    bad[kHeader + i] = position_line(lost, std::nullopt);
    refused(sealed(bad), "certificate", file_line(i) + ": finished game won by " + Q + ", not the prover " + P);
  }

  SECTION("the start missing, or not on the last line") {
    Lines missing = good;
    missing.pop_back();
    refused(sealed(recounted(missing)), "certificate", file_line(n - 2) + ": the last position line");
    refused(sealed(recounted(missing)), "certificate", "is not the start");
    Lines first = good;
    std::rotate(first.begin() + kHeader, first.end() - 1, first.end());  // the start moved to the top
    refused(sealed(first), "certificate", "line 6: the start is listed before the last position line");
  }

  SECTION("a wrong start in the header") {
    Lines bad = good;
    bad[1] = std::string(start) == k3x3 ? "start OX1/3/X1O X" : "start O2X/4/4/X2O X";
    refused(sealed(bad), "certificate", file_line(n - 1) + ": the last position line");
    bad[1] = std::string(start) == k3x3 ? "start XO1/3/O1X O" : "start X2O/4/4/O2X O";  // the other side to move
    refused(sealed(bad), "certificate", "is not the start");
  }

  SECTION("a position listed twice") {
    Lines bad = good;
    bad.insert(bad.begin() + kHeader + 1, bad[kHeader]);
    refused(sealed(recounted(bad)), "certificate", "line 7: position listed twice (lines 6 and 7)");
  }

  SECTION("a truncated file") {
    const std::string text = sealed(good);
    // Every prefix (a 4x4 file is long: every 97th and the last 80 bytes).
    for (std::size_t len = 0; len < text.size(); ++len) {
      if (text.size() > 4000 && len % 97 != 0 && len + 80 < text.size()) continue;
      const Outcome o = run(text.substr(0, len));
      INFO(len << ": " << o.what);
      CHECK_FALSE(o.accepted);
      CHECK((o.kind == "parse" || o.kind == "certificate"));
    }
    Lines cut = good;
    cut.resize(kHeader + n / 2);
    std::string no_sha;
    for (const auto& l : cut) no_sha += l + '\n';
    refused(no_sha, "parse", "without the sha256 line (truncated");
  }

  SECTION("a flipped byte (sha256)") {
    const std::string text = sealed(good);
    const std::size_t body = text.find('\n', text.find("positions ")) + 1;
    std::string flipped = text;
    flipped[body] = flipped[body] == 'X' ? 'O' : 'X';
    refused(flipped, "certificate", "sha256 mismatch");
    flipped = text;
    flipped[text.size() - 2] = flipped[text.size() - 2] == '0' ? '1' : '0';  // in the sha256 line itself
    refused(flipped, "certificate", "sha256 mismatch");
    if (std::string(start) == k3x3) {
      // Every byte of the file, changed to each of a few other bytes: never accepted.
      for (std::size_t i = 0; i < text.size(); ++i)
        for (const char c : {'.', 'X', 'O', '0', '1', ' ', '\n', 'x', '\0'}) {
          if (text[i] == c) continue;
          std::string t = text;
          t[i] = c;
          const Outcome o = run(t);
          INFO("byte " << i << " -> " << static_cast<int>(c) << ": " << o.what);
          CHECK_FALSE(o.accepted);
          CHECK((o.kind == "parse" || o.kind == "certificate"));
        }
    }
  }

  SECTION("a wrong position count") {
    Lines more = good;
    more[4] = "positions " + std::to_string(n + 1);
    refused(sealed(more), "certificate", file_line(n - 1) + ": the start is listed before the last position line (line " +
                                             std::to_string(6 + n) + ": the header announces " + std::to_string(n + 1) +
                                             " positions)");
    Lines startless = good;  // no start at all, and one more position announced
    startless.pop_back();
    startless[4] = "positions " + std::to_string(n);
    refused(sealed(startless), "certificate", "line " + std::to_string(6 + n - 1) +
                                                  ": count mismatch: the header announces " + std::to_string(n) +
                                                  " positions (line 5), but the file lists " + std::to_string(n - 1));
    Lines longer = good;  // one line more than announced, after the start
    longer.push_back(good[kHeader]);
    refused(sealed(longer), "certificate", file_line(n) + ": the header announces " + std::to_string(n) +
                                               " positions (line 5), but the position lines go on");
    Lines fewer = good;
    fewer[4] = "positions " + std::to_string(n - 1);
    refused(sealed(fewer), "certificate", file_line(n - 2) + ": the last position line (the header announces " +
                                              std::to_string(n - 1) + " positions) is not the start");
  }

  SECTION("a wrong prover") {
    Lines bad = good;
    bad[3] = "prover " + Q;
    refused(sealed(bad), "certificate", "line ");
  }

  SECTION("lines out of order: a successor after its parent") {
    // The first line with a required successor, moved before that successor.
    std::size_t i = 0;
    while (b.lines[i].needs.empty()) ++i;
    const std::size_t child = b.lines[i].needs.front();
    Lines bad = good;
    const std::string parent = bad[kHeader + i];
    bad.erase(bad.begin() + static_cast<long>(kHeader + i));
    bad.insert(bad.begin() + static_cast<long>(kHeader + child), parent);
    refused(sealed(bad), "certificate", file_line(child) + ": ");
    refused(sealed(bad), "certificate", "leads to a position not listed before this line");
  }

  SECTION("a prover's line without its move, a move on any other line") {
    std::size_t i = 0;
    while (!is_prover_line(b, i)) ++i;
    Lines bad = good;
    bad[kHeader + i] = position_line(b.lines[i].position, std::nullopt);
    refused(sealed(bad), "certificate", file_line(i) + ": " + P + " to move: the prover's line carries no move");
    std::size_t j = 0;
    while (!is_opponent_line(b, j)) ++j;
    bad = good;
    bad[kHeader + j] = position_line(b.lines[j].position, Point{0, 0});
    refused(sealed(bad), "certificate", file_line(j) + ": " + Q + " to move: an opponent's line carries a move");
    std::size_t k = 0;
    while (!is_finished(b, k)) ++k;
    bad = good;
    bad[kHeader + k] = position_line(b.lines[k].position, Point{0, 0});
    refused(sealed(bad), "certificate", file_line(k) + ": ");
    refused(sealed(bad), "certificate", "a finished game (won by " + P + ") carries no move");
  }

  SECTION("a position that cannot occur in a game (a bounded root)") {
    // X's corner stone is walled in by O: it has no growth point (rule 5).
    const int size = read_canonical_start(start).size();
    Position p(size);
    p.set({0, 0}, Cell::Black);
    p.set({1, 0}, Cell::White);
    p.set({0, 1}, Cell::White);
    p.set({size - 1, size - 1}, Cell::Black);
    Lines bad = good;
    bad.insert(bad.begin() + kHeader, position_line(p, Point{size - 2, size - 1}));
    refused(sealed(recounted(bad)), "certificate",
            "line 6: X to move: the position cannot occur in a game (invalid starting position: the X root at A1 is bounded");
  }
}

TEST_CASE("a certificate on the largest board: keys of 20 words", "[certificate]") {
  // X takes the last growth point of O's only root: O is removed and X wins (rule 6, case 2).
  for (const int size : {5, 25}) {
    Position start(size);
    start.set({0, 0}, Cell::White);
    start.set({1, 0}, Cell::Black);
    start.set({1, 1}, Cell::Black);
    reference::Game g(start);
    g.play({0, 1});
    REQUIRE(g.winner() == Color::Black);
    std::string start_text = start.to_string();
    std::ostringstream out;
    Writer w(out, Header{start_text, size, Color::Black, 2, std::nullopt});
    w.add(g.position(), std::nullopt);
    w.add(start, Point{0, 1});
    w.finish();
    CHECK(run(out.str()).accepted);
    Lines bad = lines_of(out.str());
    bad[kHeader + 1] = position_line(start, Point{2, 0});  // another legal move: its result is not listed
    refused(sealed(bad), "certificate", "line 7: X to move: the move 2,0 leads to a position not listed before this line");
    bad = lines_of(out.str());
    bad.insert(bad.begin() + kHeader + 1, bad[kHeader]);
    refused(sealed(recounted(bad)), "certificate", "position listed twice (lines 6 and 7)");
  }
}

TEST_CASE("exact keys: positions differing in one point or the side never collide", "[certificate]") {
  for (const int size : {2, 4, 5, 6, 25}) {
    PositionSet set(detail::key_words(size));
    CHECK(set.words() == static_cast<std::size_t>((1 + 2 * size * size + 63) / 64));
    Position base(size);
    std::vector<Position> all;
    for (const Color side : {Color::Black, Color::White})
      for (int k = 0; k < size * size; ++k)
        for (const Cell c : {Cell::Black, Cell::White}) {
          Position p = base;
          p.set(p.point(k), c);
          p.set_to_move(side);
          all.push_back(p);
        }
    std::vector<std::uint64_t> key(set.words());
    for (const Position& p : all) {
      detail::checker_key(p, key.data());
      CHECK_FALSE(set.find(key.data()).has_value());
      set.insert(key.data());
    }
    for (std::size_t i = 0; i < all.size(); ++i) {
      detail::checker_key(all[i], key.data());
      CHECK(set.find(key.data()) == i);
    }
  }
}

TEST_CASE("malformed certificates: ParseError with line and column", "[certificate]") {
  const Lines good = lines_of(written(certificate_of(k3x3)));
  auto with = [&](std::size_t index, const std::string& text) {
    Lines l = good;
    l[index] = text;
    return sealed(l);
  };
  struct Case {
    std::string text;
    int line, column;
    const char* needle;
  };
  const std::string body = good[kHeader];  // a position line
  const std::vector<Case> cases = {
      {"", 1, 1, "empty input: not a tanbo certificate"},
      {with(0, "tanbo-certificat 1"), 1, 1, "not a tanbo certificate"},
      {with(0, "tanbo-certificate 2"), 1, 19, "certificate format version 2 is not supported"},
      {with(0, "tanbo-certificate 01"), 1, 19, "bad format version '01'"},
      {with(0, "tanbo-certificate 99999999999999999999999"), 1, 19, "bad format version"},
      {with(1, "start nonsense"), 2, 7, "start 'nonsense'"},
      {with(1, "start custom-3"), 2, 7, "custom-3 has no opening"},
      {with(1, "start XO1/3/O1Y X"), 2, 15, "unexpected character 'Y'"},
      {with(1, "start X2/3/3 X"), 2, 7, "cannot begin a game: invalid starting position: White (O) has no stones"},
      {with(1, "start  XO1/3/O1X X"), 2, 7, "surrounding spaces"},
      {with(1, "begin XO1/3/O1X X"), 2, 1, "expected 'start <variant name or position string>'"},
      {with(2, "size 4"), 3, 6, "size 4, but the start's board is 3x3"},
      {with(2, "size 26"), 3, 6, "bad size '26'"},
      {with(2, "size 03"), 3, 6, "bad size '03'"},
      {with(2, "size 99999999999999999999999999"), 3, 6, "bad size"},
      {with(2, "size -3"), 3, 6, "bad size"},
      {with(3, "prover Z"), 4, 8, "bad prover 'Z'"},
      {with(3, "prover"), 4, 1, "expected 'prover X or prover O'"},
      {with(4, "positions 0"), 5, 11, "bad position count '0'"},
      {with(4, "positions 4294967295"), 5, 11, "the checker numbers positions with 32 bits"},
      {with(4, "positions 1e3"), 5, 11, "bad position count"},
      {with(kHeader, body.substr(1)), 6, 9, "expected 9 cells (a 3x3 board) then a space, found 8"},
      {with(kHeader, "." + body), 6, 11, "expected 9 cells (a 3x3 board) then a space, found 10"},
      {with(kHeader, "XO.Y....X X"), 6, 4, "bad cell 'Y'"},
      {with(kHeader, std::string("XO.") + '\0' + "....X X"), 6, 4, "bad cell '\\x00'"},
      {with(kHeader, "XO.......X"), 6, 11, "found 10 and no space"},
      {with(kHeader, "XO....... Z"), 6, 11, "expected the side to move"},
      {with(kHeader, "XO....... XO"), 6, 12, "unexpected 'O' after the side to move"},
      {with(kHeader, "XO....... X 1,"), 6, 13, "bad point '1,'"},
      {with(kHeader, "XO....... X 01,1"), 6, 13, "bad point '01,1'"},
      {with(kHeader, "XO....... X 1,1,1"), 6, 13, "bad point '1,1,1'"},
      {with(kHeader, "XO....... X -1,1"), 6, 13, "bad point '-1,1'"},
      {with(kHeader, "XO....... X 1,1 "), 6, 13, "bad point '1,1 '"},
      {with(kHeader, "XO....... X 3,0"), 6, 13, "the point 3,0 is off the 3x3 board"},
      {with(kHeader, "XO....... X 99999999999,0"), 6, 13, "bad point"},
      {with(kHeader, body + "\r"), 6, static_cast<int>(body.size()) + 1, "carriage return"},
      {with(kHeader, std::string(100000, 'X')), 6, 4097, "longer than 4096 bytes"},
  };
  for (const Case& c : cases) {
    const Outcome o = refused(c.text, "parse", c.needle);
    CHECK(o.line == c.line);
    std::istringstream in(c.text);
    try {
      check(in);
    } catch (const ParseError& e) {
      CHECK(e.column() == c.column);
    } catch (...) {
    }
  }

  // Missing header lines, CRLF, and what may follow the sha256 line.
  const std::string text = sealed(good);
  refused("tanbo-certificate 1\nstart XO1/3/O1X X\n", "parse", "line 3, column 1: the file ends after line 2: missing the size line");
  refused("tanbo-certificate 1", "parse", "line 1, column 20: the file ends inside this line (no newline)");
  refused("tanbo-certificate 1\r\n", "parse", "line 1, column 20: the line ends with a carriage return");
  refused(text + "\n", "parse", "unexpected data after the sha256 line");
  refused(text + "sha256 " + std::string(64, '0') + "\n", "parse", "unexpected data after the sha256 line");
  refused(text + std::string(10000, 'z'), "parse", "unexpected data after the sha256 line");
  refused(text.substr(0, text.size() - 1), "parse", "the sha256 line does not end with a newline");
  std::string upper = text;
  for (std::size_t i = text.rfind("sha256 ") + 7; i + 1 < upper.size(); ++i)
    upper[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[i])));
  if (upper != text) refused(upper, "parse", "expected 64 lowercase hex digits");
  refused(text.substr(0, text.size() - 2) + "\n", "parse", "bad sha256");
  // A line of 10 MB of NUL bytes: refused at byte 4097 of it, without reading it all into memory.
  refused(text.substr(0, text.find("\n", text.find("positions")) + 1) + std::string(10'000'000, '\0'), "parse",
          "longer than 4096 bytes");
}

TEST_CASE("a damaged file is reported as damaged, an intact wrong one by its line", "[certificate]") {
  const Lines good = lines_of(written(certificate_of(k3x3)));
  Lines bad = good;
  bad[kHeader] = position_line(certificate_of(k3x3).lines[0].position, Point{0, 0});  // a move on a finished line
  const std::string resealed = sealed(bad);
  refused(resealed, "certificate", "line 6: ");
  // The same change with the original sha256 line: the hash speaks first, naming line 6 too.
  const std::string original = sealed(good);
  const std::string damaged = resealed.substr(0, resealed.rfind("sha256 ")) + original.substr(original.rfind("sha256 "));
  refused(damaged, "certificate", "sha256 mismatch");
  refused(damaged, "certificate", "also line 6: ");
}

TEST_CASE("the start line: a variant name or a position string, one spelling, nothing after it",
          "[certificate]") {
  const Lines good = lines_of(written(certificate_of(k3x3)));
  auto with_start = [&](const std::string& start) {
    Lines l = good;
    l[1] = "start " + start;
    return sealed(l);
  };
  struct Case {
    std::string start;
    int column;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"LATTICE-5", 7,
       "line 2, column 7: start 'LATTICE-5': the variant name 'LATTICE-5' is not spelled as the engine spells it ('lattice-5')"},
      {"Dense-5", 7, "line 2, column 7: start 'Dense-5': the variant name 'Dense-5' is not spelled as the engine spells it ('dense-5')"},
      {"xo1/3/o1x x", 7,
       "line 2, column 7: start 'xo1/3/o1x x': the position string 'xo1/3/o1x x' is not written as the engine writes it "
       "('XO1/3/O1X X')"},
      {"XO1/3/O1X x", 7,
       "line 2, column 7: start 'XO1/3/O1X x': the position string 'XO1/3/O1X x' is not written as the engine writes it "
       "('XO1/3/O1X X')"},
      // A position string relabelled with another variant's name, and even with its own: a start has
      // one name.
      {"X3O/5/5/5/O3X X dense-5", 23,
       "line 2, column 23: start 'X3O/5/5/5/O3X X dense-5': the position string 'X3O/5/5/5/O3X X' is followed by 'dense-5' (a "
       "start is a variant name or a position string, nothing else)"},
      {"X3O/5/5/5/O3X X lattice-5", 23, "is followed by 'lattice-5'"},
      {"XO1/3/O1X X free text", 19, "the position string 'XO1/3/O1X X' is followed by 'free text'"},
      // Starts that cannot begin a game (rule 5).
      {"X2/3/3 X", 7, "line 2, column 7: the start 'X2/3/3 X' cannot begin a game: invalid starting position: White (O) has no stones"},
      {"3/3/3 X", 7, "the start '3/3/3 X' cannot begin a game: invalid starting position: Black (X) has no stones"},
      {"XO1/O2/2X X", 7,
       "line 2, column 7: the start 'XO1/O2/2X X' cannot begin a game: invalid starting position: the X root at A1 is bounded (it has "
       "no growth point)"},
      {"X X", 8, "position string: a board needs at least 2 rows"},
  };
  for (const Case& c : cases) {
    const Outcome o = refused(with_start(c.start), "parse", c.message);
    CHECK(o.line == 2);
    std::istringstream in(with_start(c.start));
    try {
      check(in);
    } catch (const ParseError& e) {
      CHECK(e.column() == c.column);
    }
    // The writer refuses to write such a header.
    std::ostringstream out;
    CHECK_THROWS_AS(Writer(out, Header{c.start, 3, Color::White, 1, std::nullopt}), UsageError);
  }
  // A 1x1 board: no size line names it.
  Lines one = good;
  one[2] = "size 1";
  refused(sealed(one), "parse", "line 3, column 6: bad size '1' (expected a board side from 2 to 25)");
  // The spellings read_canonical_start accepts: exactly the names and strings the engine writes.
  CHECK(read_canonical_start("lattice-5") == opening(Variant::lattice(5)));
  CHECK(read_canonical_start("classic") == opening(Variant::classic()));
  CHECK(read_canonical_start("XO1/3/O1X X").to_string() == "XO1/3/O1X X");
  for (const Variant& v : Variant::all_named()) CHECK(read_canonical_start(v.name()).cells() == opening(v).cells());
}

TEST_CASE("one spelling for numbers: signs, leading zeros and other digits are refused", "[certificate]") {
  const Lines good = lines_of(written(certificate_of(k3x3), 4));
  REQUIRE(good[4] == "within 4");
  auto with = [&](std::size_t index, const std::string& text) {
    Lines l = good;
    l[index] = text;
    return sealed(l);
  };
  for (const char* within : {"04", "+4", "-4", "4 ", " 4", "4.0", "", "0x4", "99999999999999999999"})
    refused(with(4, std::string("within ") + within), "parse", "line 5, column 8: bad within '");
  refused(with(4, "within 10000000000"), "parse", "expected a number of plies from 0 to 9999999999");
  {  // the largest within: any depth is below it
    std::istringstream in(with(4, "within 9999999999"));
    CHECK(check(in).header.within == kMaxWithin);
  }
  for (const char* count : {"038", "+38", "38 "}) refused(with(5, std::string("positions ") + count), "parse", "line 6, column 11: bad position count");
  refused(with(2, "size +3"), "parse", "bad size '+3'");
  refused(with(0, "tanbo-certificate +1"), "parse", "bad format version '+1'");
  Lines moved = good;
  std::size_t i = kHeader + 1;
  while (moved[i].size() < 14) ++i;  // a prover's line: cells, side and a move
  const std::string move = moved[i].substr(12);
  moved[i] = moved[i].substr(0, 12) + "0" + move;
  refused(sealed(moved), "parse", "bad point '0" + move + "'");
}

TEST_CASE("the within line: the checker computes the depth and refuses a strategy deeper than stated",
          "[certificate]") {
  for (const char* start : {k3x3, k4x4}) {
    INFO(start);
    const Built& b = certificate_of(start);
    const long long depth = depth_of(b);
    REQUIRE(depth > 1);
    // Exactly the depth, or more: accepted, the depth reported and the header as read.
    for (const long long within : {depth, depth + 1, 1000LL}) {
      const std::string text = written(b, within);
      CHECK(text.find("\nprover " + std::string(1, color_char(b.prover)) + "\nwithin " + std::to_string(within) +
                      "\npositions ") != std::string::npos);
      std::istringstream in(text);
      const Summary s = check(in);
      CHECK(s.depth == depth);
      CHECK(s.header.within == within);
      CHECK(s.header.positions == static_cast<long long>(b.lines.size()));
    }
    // One ply less: refused, naming the within line and the start's.
    const std::string last = std::to_string(6 + b.lines.size());
    refused(written(b, depth - 1), "certificate",
            "line 5: the strategy needs " + std::to_string(depth) + " plies, more than 'within " + std::to_string(depth - 1) +
                "' (the depth of the start, line " + last + ")");
    refused(written(b, 0), "certificate", "more than 'within 0'");
  }
  // The depth is the deepest defence, not the first or the shallowest one: on the 4x4
  // certificate, a depth taken from each opponent line's first reply, or its shallowest, would
  // differ from the one the checker reports (checked above against depth_of).
  for (const bool shallowest : {false, true}) {
    const Built& b4 = certificate_of(k4x4);
    std::vector<long long> other(b4.lines.size(), 0);
    for (std::size_t i = 0; i < b4.lines.size(); ++i) {
      const auto& needs = b4.lines[i].needs;
      if (needs.empty()) continue;
      other[i] = 1 + other[needs.front()];
      for (const std::size_t j : needs) other[i] = shallowest ? std::min(other[i], 1 + other[j]) : other[i];
    }
    CHECK(other.back() < depth_of(b4));
  }
  const Built& b = certificate_of(k3x3);
  const long long depth = depth_of(b);

  // Line numbers after the within line: positions from line 7, the count on line 6.
  const Lines good = lines_of(written(b, depth));
  Lines twice = good;
  twice.insert(twice.begin() + kHeader + 2, twice[kHeader + 1]);
  twice[5] = "positions " + std::to_string(twice.size() - kHeader - 1);
  refused(sealed(twice), "certificate", "line 8: position listed twice (lines 7 and 8)");
  Lines longer = good;
  longer.push_back(good[kHeader + 1]);
  refused(sealed(longer), "certificate",
          "the header announces " + std::to_string(b.lines.size()) + " positions (line 6), but the position lines go on");
  Lines cut = good;
  cut.resize(kHeader + 4);
  std::string no_sha;
  for (const auto& l : cut) no_sha += l + '\n';
  refused(no_sha, "parse", "positions on lines 7-" + std::to_string(6 + b.lines.size()) + ", then the sha256 line");
  // The within line has one place: after the prover line, before the count.
  Lines swapped = good;
  std::swap(swapped[4], swapped[5]);
  refused(sealed(swapped), "parse", "line 6, column 1: bad cell 'w'");
  Lines twice_within = good;
  twice_within.insert(twice_within.begin() + 5, good[4]);
  refused(sealed(twice_within), "parse", "line 6, column 1: expected 'positions <K>', found 'within ");
  Lines no_count = good;
  no_count[4] = "depth 4";
  refused(sealed(no_count), "parse", "line 5, column 1: expected 'within <D>' or 'positions <K>', found 'depth 4'");
  // The one-move win: depth 1, "within 1".
  std::istringstream in(one_move_win(1));
  CHECK(check(in).depth == 1);
}

TEST_CASE("the writer writes the within line it is given, and refuses one out of range", "[certificate]") {
  const Position start = read_canonical_start(k3x3);
  std::ostringstream out;
  Writer w(out, Header{k3x3, 3, Color::Black, 1, 7});
  w.add(start, Point{2, 0});
  w.finish();
  const std::string head = "tanbo-certificate 1\nstart XO1/3/O1X X\nsize 3\nprover X\nwithin 7\npositions 1\nXO....O.X X 2,0\n";
  CHECK(out.str() == head + "sha256 " + sha256_hex(head) + "\n");
  CHECK_THROWS_AS(Writer(out, Header{k3x3, 3, Color::Black, 1, -1}), UsageError);
  CHECK_THROWS_AS(Writer(out, Header{k3x3, 3, Color::Black, 1, kMaxWithin + 1}), UsageError);
}

TEST_CASE("the seed corpora of fuzz_certificate and fuzz_certcheck: valid seeds pass, every other is refused",
          "[certificate]") {
  namespace fs = std::filesystem;
  int valid = 0, invalid = 0;
  for (const char* dir : {TANBO_CERTIFICATE_SEEDS, TANBO_CERTCHECK_SEEDS})
  for (const auto& e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const Outcome o = run(text);
    INFO(e.path().filename().string() << ": " << o.what);
    // Accepted: the valid seeds, and the disagreements the C++ checker accepts (fuzz_certcheck's
    // corpus names each disagreement by the C++ verdict).
    const std::string name = e.path().filename().string();
    if (name.rfind("valid-", 0) == 0 || name.find("-accepted-") != std::string::npos) {
      CHECK(o.accepted);
      ++valid;
    } else {
      CHECK_FALSE(o.accepted);
      ++invalid;
    }
  }
  CHECK(valid >= 6);
  CHECK(invalid >= 19);
}

// Writes the seed corpus of fuzz_certificate (hidden: run it by name with
// TANBO_CERTIFICATE_WRITE_SEEDS=fuzz/corpus/certificate). Deterministic: the same files every run.
TEST_CASE("write the seed corpus of fuzz_certificate", "[.write-seeds][certificate]") {
  const char* dir = std::getenv("TANBO_CERTIFICATE_WRITE_SEEDS");
  REQUIRE(dir);
  auto save = [&](const std::string& name, const std::string& text) {
    std::ofstream(std::filesystem::path(dir) / name, std::ios::binary) << text;
  };
  const Built& b = certificate_of(k3x3);
  const std::string text = written(b);
  save("valid-3x3.cert", text);
  save("valid-3x3-within.cert", written(b, depth_of(b)));
  save("invalid-within.cert", written(b, depth_of(b) - 1));
  save("valid-5x5-one-move.cert", one_move_win(std::nullopt));
  const Lines good = lines_of(text);
  Lines bad = good;
  std::size_t i = 0;
  while (!b.lines[i].move) ++i;
  bad[kHeader + i] = position_line(b.lines[i].position, Point{0, 0});  // occupied
  save("invalid-illegal-move.cert", sealed(bad));
  bad = good;
  bad.erase(bad.begin() + kHeader);
  save("invalid-missing-line.cert", sealed(recounted(bad)));
  save("invalid-truncated.cert", text.substr(0, text.size() / 2));
  std::string flipped = text;
  flipped[flipped.size() - 3] = flipped[flipped.size() - 3] == 'a' ? 'b' : 'a';
  save("invalid-sha256.cert", flipped);
  bad = good;
  bad[0] = "tanbo-certificate 2";
  save("invalid-version.cert", sealed(bad));
  bad = good;
  bad[3] = "prover X";
  save("invalid-prover.cert", sealed(bad));
}
