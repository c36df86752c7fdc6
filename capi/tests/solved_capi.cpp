// The C face of the cross-face perfect-play list (api/tests/solved_positions.tsv): every row
// through tanbo_solution_solve_start / tanbo_solution_probe and tanbo_solve, compared with the
// row's answer text and best moves; then the C-only paths (caller arrays too small, NULL
// arguments, a damaged table's TANBO_ERR_BAD_TABLE with the byte offset). Written in C++ for the
// table reading only: it calls nothing but tanbo.h. Its row check is shown to bite on planted
// answers: a real probe's answer with one field made wrong at a time. Usage: tanbo_capi_solved
// <solved_positions.tsv>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "tanbo/tanbo.h"
#include "tsv.hpp"

namespace {

int failures = 0;

void fail(int line, const std::string& what) {
  std::fprintf(stderr, "solved_positions.tsv line %d: %s\n", line, what.c_str());
  ++failures;
}

using tanbo::tsv::split;

std::string name_of(tanbo_game* g, int index) {
  char buf[8];
  if (tanbo_point_name(g, index, buf, sizeof buf, nullptr) != TANBO_OK) return "?";
  return buf;
}

// "win 7", "loss 12", "win ?", "unknown": api::outcome_text's words, from the C answer.
std::string text_of(const tanbo_answer& a) {
  if (a.value == TANBO_VALUE_UNKNOWN) return "unknown";
  std::string out = a.value == TANBO_VALUE_WIN ? "win " : "loss ";
  out += a.length < 0 ? std::string("?") : std::to_string(a.length);
  return out;
}

// The game of a row: its start with its moves played (nullptr after a message).
tanbo_game* game_of(int line, const std::string& start, const std::string& moves) {
  tanbo_game* g = nullptr;
  char err[256];
  if (tanbo_game_create_with_engine(start.c_str(), TANBO_ENGINE_OPTIMIZED, &g, err, sizeof err) != TANBO_OK) {
    fail(line, std::string("create: ") + err);
    return nullptr;
  }
  if (moves != "-")
    for (const std::string& m : split(moves, ' '))
      if (tanbo_play(g, m.c_str()) != TANBO_OK) fail(line, "play " + m + ": " + tanbo_last_error(g));
  return g;
}

// One row's answer as a face returns it: the kind ("probe" or "solve"), the row's game, the
// answer with its moves and line (a probe's), and a solve's node budget.
struct Answered {
  std::string kind;
  tanbo_game* game;
  tanbo_answer answer;
  const tanbo_move_outcome* moves;
  const int* line;
  long long budget;
};

// Everything wrong with an answer against the row's expected column ("win 7|B1 C2", "unknown").
std::vector<std::string> answer_problems(const Answered& r, const std::string& expected) {
  std::vector<std::string> out;
  const tanbo_answer& a = r.answer;
  const std::size_t bar = expected.find('|');
  const std::string want = expected.substr(0, bar);
  const std::string best_text = bar == std::string::npos ? "" : expected.substr(bar + 1);
  const std::vector<std::string> best = best_text.empty() ? std::vector<std::string>{} : split(best_text, ' ');
  if (text_of(a) != want) out.push_back("answer " + text_of(a) + ", expected " + want);
  const tanbo_color mover = tanbo_to_move(r.game);
  const tanbo_color other = mover == TANBO_BLACK ? TANBO_WHITE : TANBO_BLACK;
  const int winner = a.value == TANBO_VALUE_UNKNOWN ? TANBO_NONE : a.value == TANBO_VALUE_WIN ? mover : other;
  if (a.winner != winner) out.push_back("winner " + std::to_string(a.winner) + ", expected " + std::to_string(winner));
  if (r.kind == "probe") {
    std::string got;
    for (int i = 0; i < a.move_count; ++i)
      if (r.moves[i].best == 1) {
        if (!got.empty()) got += ' ';
        got += name_of(r.game, r.moves[i].move);
      }
    if (got != best_text) out.push_back("best moves '" + got + "'");
    // Every legal move answered, each best one with the answer's value and length.
    std::vector<int> legal(static_cast<std::size_t>(tanbo_legal_move_count(r.game)) + 1);
    std::size_t count = 0;
    if (tanbo_legal_moves(r.game, legal.data(), legal.size(), &count) != TANBO_OK) out.push_back("tanbo_legal_moves failed");
    // An unknown answer answers no move (the position is not in the table).
    bool moves_ok = a.move_count == (a.value == TANBO_VALUE_UNKNOWN ? 0 : static_cast<int>(count));
    for (int i = 0; moves_ok && i < a.move_count; ++i)
      moves_ok = r.moves[i].move == legal[static_cast<std::size_t>(i)] &&
                 (r.moves[i].best != 1 || (r.moves[i].value == a.value && r.moves[i].length == a.length));
    if (!moves_ok) out.push_back("the answered moves are not the legal moves with the answer's value for the best");
    if (a.value != TANBO_VALUE_UNKNOWN && (a.line_length != a.length || (a.length > 0 && r.line[0] != a.best_move)))
      out.push_back("line of " + std::to_string(a.line_length) + " moves, expected " + std::to_string(a.length) + " from the best move");
    if (a.nodes != 0) out.push_back("a probe counts " + std::to_string(a.nodes) + " nodes");
  } else if (a.nodes > r.budget || (a.value != TANBO_VALUE_UNKNOWN && (a.nodes > 0) == best.empty())) {
    // A solve counts its nodes within the budget: none for a finished game, some for any other.
    out.push_back("nodes " + std::to_string(a.nodes));
  }
  const std::string move = a.best_move < 0 ? "" : name_of(r.game, a.best_move);
  bool ok = best.empty() ? move.empty() : false;
  for (const std::string& b : best) ok = ok || b == move;
  if (!ok) out.push_back("best move '" + move + "' is not one of the row's");
  return out;
}

// Planted answers: the row's real answer (a won probe with several best moves) with one field
// made wrong at a time must each draw a problem from answer_problems. Returns whether the row
// was such a one (then checked); a plant that passes is a failure.
bool plant_answers(int line_number, const Answered& r, const std::string& expected) {
  if (r.kind != "probe" || r.answer.value != TANBO_VALUE_WIN || r.answer.length < 2 ||
      std::count(expected.begin(), expected.end(), ' ') < 2)
    return false;
  std::vector<tanbo_move_outcome> moves(r.moves, r.moves + r.answer.move_count);
  std::vector<int> line(r.line, r.line + r.answer.line_length);
  const auto plant = [&](const char* what, auto&& change) {
    Answered wrong = r;
    std::vector<tanbo_move_outcome> wrong_moves = moves;
    std::vector<int> wrong_line = line;
    wrong.moves = wrong_moves.data();
    wrong.line = wrong_line.data();
    change(wrong.answer, wrong_moves, wrong_line);
    if (answer_problems(wrong, expected).empty()) fail(line_number, std::string("a planted answer with ") + what + " passed");
  };
  plant("the value lost", [](tanbo_answer& a, auto&, auto&) { a.value = TANBO_VALUE_LOSS; });
  plant("a longer length", [](tanbo_answer& a, auto&, auto&) { a.length += 2; });
  plant("the other winner", [](tanbo_answer& a, auto&, auto&) { a.winner = a.winner == TANBO_BLACK ? TANBO_WHITE : TANBO_BLACK; });
  plant("a best move not best", [](tanbo_answer& a, auto& m, auto&) {
    for (const tanbo_move_outcome& v : m)
      if (v.best != 1) a.best_move = v.move;
  });
  plant("a best move unmarked", [](tanbo_answer&, auto& m, auto&) {
    for (tanbo_move_outcome& v : m)
      if (v.best == 1) { v.best = 0; break; }
  });
  plant("a move's value changed", [](tanbo_answer&, auto& m, auto&) {
    for (tanbo_move_outcome& v : m)
      if (v.best == 1) { v.value = TANBO_VALUE_LOSS; break; }
  });
  plant("a short line", [](tanbo_answer& a, auto&, auto&) { --a.line_length; });
  plant("the line not from the best move", [](tanbo_answer& a, auto&, auto& l) { l[0] = a.best_move + 1; });
  plant("nodes counted", [](tanbo_answer& a, auto&, auto&) { a.nodes = 1; });
  return true;
}

void check_c_paths() {
  tanbo_solution* s = nullptr;
  char err[256] = "";
  if (tanbo_solution_solve_start("X2O/4/4/O2X X", 0, &s, err, sizeof err) != TANBO_OK) return fail(0, err);
  tanbo_game* g = game_of(0, "X2O/4/4/O2X X", "-");
  tanbo_answer a;
  tanbo_move_outcome moves[2];
  int line[4];
  // Four legal moves and a line of 15 into arrays of 2 and 4: a prefix, BUFFER_TOO_SMALL, and the
  // answer complete with the counts needed. Each move is answered for the side that plays it: B1
  // (index 1) loses in 15, as `tanbo probe --json` says (cli/tests/cli_test.sh, probe_small).
  if (tanbo_solution_probe(s, g, &a, moves, 2, nullptr, 0) != TANBO_ERR_BUFFER_TOO_SMALL || a.move_count != 4 ||
      moves[0].move != 1 || moves[0].value != TANBO_VALUE_LOSS || moves[0].length != 15 || moves[1].move != 4 || std::strstr(tanbo_solution_last_error(s), "there are 4 legal moves but room for 2") == nullptr)
    fail(0, std::string("moves array too small: ") + tanbo_solution_last_error(s));
  if (tanbo_solution_probe(s, g, &a, nullptr, 0, line, 4) != TANBO_ERR_BUFFER_TOO_SMALL || a.line_length != 15 ||
      line[0] != 1)
    fail(0, std::string("line array too small: ") + tanbo_solution_last_error(s));
  // Without a line array the line is not walked: the same best move, line_length the length.
  if (tanbo_solution_probe(s, g, &a, nullptr, 0, nullptr, 0) != TANBO_OK || a.value != TANBO_VALUE_LOSS ||
      a.winner != TANBO_WHITE || a.best_move != 1 || a.line_length != 15 || a.nodes != 0 ||
      tanbo_solution_last_error(s)[0] != '\0')
    fail(0, "probe without arrays");
  if (tanbo_solution_probe(s, nullptr, &a, nullptr, 0, nullptr, 0) != TANBO_ERR_NULL_ARGUMENT ||
      tanbo_solution_probe(s, g, nullptr, nullptr, 0, nullptr, 0) != TANBO_ERR_NULL_ARGUMENT ||
      tanbo_solution_probe(s, g, &a, nullptr, 3, nullptr, 0) != TANBO_ERR_NULL_ARGUMENT ||
      tanbo_solution_probe(nullptr, g, &a, nullptr, 0, nullptr, 0) != TANBO_ERR_NULL_ARGUMENT ||
      tanbo_solve(nullptr, 5, &a, nullptr, 0) != TANBO_ERR_NULL_ARGUMENT || tanbo_solve(g, 5, nullptr, nullptr, 0) != TANBO_ERR_NULL_ARGUMENT)
    fail(0, "NULL arguments");
  if (tanbo_solve(g, 0, &a, nullptr, 0) != TANBO_ERR_INVALID_ARGUMENT ||
      std::strcmp(tanbo_last_error(g), "tanbo_solve: the node budget must be in [1, 1099511627776], got 0") != 0)
    fail(0, std::string("budget 0: ") + tanbo_last_error(g));
  char start[32];
  std::size_t needed = 0;
  if (tanbo_solution_start(s, start, sizeof start, &needed) != TANBO_OK || std::strcmp(start, "X2O/4/4/O2X X") != 0 || needed != 13)
    fail(0, "tanbo_solution_start");
  // The content hash `tanbo solve` prints for this start (cli/tests/cli_test.sh, solve_small).
  char hash[65];
  if (tanbo_solution_hash(s, hash, sizeof hash, &needed) != TANBO_OK || needed != 64 ||
      std::strcmp(hash, "58aef9418dfdda1189d6445a792051a260376c4899ba320bd6f1da62e7e9bf5c") != 0)
    fail(0, std::string("tanbo_solution_hash: ") + hash);
  if (tanbo_solution_hash(s, hash, 10, &needed) != TANBO_ERR_BUFFER_TOO_SMALL || needed != 64 ||
      tanbo_solution_hash(nullptr, hash, sizeof hash, nullptr) != TANBO_ERR_NULL_ARGUMENT)
    fail(0, "tanbo_solution_hash: a short buffer, a NULL solution");
  // The comparison above shown to bite (planted): another start's table, solved the same way,
  // has a hash of its own, 64 hex digits, which is not the published one.
  tanbo_solution* other = nullptr;
  char other_hash[65] = "";
  if (tanbo_solution_solve_start("XO1/3/O1X X", 0, &other, err, sizeof err) != TANBO_OK ||
      tanbo_solution_hash(other, other_hash, sizeof other_hash, &needed) != TANBO_OK || needed != 64 ||
      std::strcmp(other_hash, hash) == 0 ||
      std::strspn(other_hash, "0123456789abcdef") != 64)
    fail(0, std::string("a planted table (another start) has the hash ") + other_hash);
  tanbo_solution_free(other);
  tanbo_game_free(g);
  tanbo_solution_free(s);

  // A damaged table: the status, the byte offset in the message, and no handle.
  const unsigned char junk[] = "TANBOTBX and more bytes than a header";
  s = reinterpret_cast<tanbo_solution*>(&a);
  if (tanbo_solution_from_bytes(junk, sizeof junk, "junk.tbl", &s, err, sizeof err) != TANBO_ERR_BAD_TABLE || s != nullptr ||
      std::strcmp(err, "tanbo_solution_from_bytes: junk.tbl: byte 0: not a tanbo strong-table file (its first 8 bytes are not \"TANBOTBL\")") != 0)
    fail(0, std::string("damaged table: ") + err);
  if (tanbo_solution_from_bytes(nullptr, 4, "x", &s, err, sizeof err) != TANBO_ERR_NULL_ARGUMENT ||
      tanbo_solution_open("/nonexistent.tbl", &s, err, sizeof err) != TANBO_ERR_INVALID_ARGUMENT ||
      tanbo_solution_open(nullptr, &s, err, sizeof err) != TANBO_ERR_NULL_ARGUMENT ||
      tanbo_solution_solve_start("lattice-7", 0, &s, err, sizeof err) != TANBO_ERR_INVALID_ARGUMENT || s != nullptr)
    fail(0, std::string("bad arguments: ") + err);
  if (std::strcmp(tanbo_status_string(TANBO_ERR_BAD_TABLE), "damaged table") != 0) fail(0, "status string");
  tanbo_solution_free(nullptr);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tanbo_capi_solved <solved_positions.tsv>\n");
    return 2;
  }
  std::map<std::string, tanbo_solution*> tables;
  int rows = 0;
  bool planted_answers_checked = false;
  for (const tanbo::tsv::Row& row : tanbo::tsv::read(argv[1])) {
    const int n = row.line;
    const std::vector<std::string>& f = row.fields;
    if (f.size() != 6) {
      fail(n, "not 6 columns");
      continue;
    }
    ++rows;
    const std::string& expected = f[5];
    tanbo_game* g = game_of(n, f[2], f[3]);
    if (g == nullptr) continue;
    tanbo_answer a;
    tanbo_move_outcome moves[625];
    int line[128];
    tanbo_status st;
    if (f[0] == "probe") {
      tanbo_solution*& s = tables[f[1]];
      char err[256];
      if (s == nullptr && tanbo_solution_solve_start(f[1].c_str(), 0, &s, err, sizeof err) != TANBO_OK) fail(n, err);
      st = s == nullptr ? TANBO_ERR_INTERNAL : tanbo_solution_probe(s, g, &a, moves, 625, line, 128);
      // Probed again without a line array (the line not walked): the same answer and moves.
      tanbo_answer b;
      tanbo_move_outcome moves_b[625];
      if (s != nullptr && (tanbo_solution_probe(s, g, &b, moves_b, 625, nullptr, 0) != st ||
                           (st == TANBO_OK && (std::memcmp(&a, &b, sizeof a) != 0 ||
                                               std::memcmp(moves, moves_b, sizeof moves[0] * a.move_count) != 0))))
        fail(n, "a probe without the line differs from one with it");
    } else {
      st = tanbo_solve(g, std::stoll(f[4]), &a, nullptr, 0);
    }
    if (expected == "error UsageError") {
      if (st != TANBO_ERR_INVALID_ARGUMENT) fail(n, std::string("expected INVALID_ARGUMENT, got ") + tanbo_status_string(st));
    } else if (st != TANBO_OK) {
      fail(n, std::string("status ") + tanbo_status_string(st));
    } else {
      const Answered answered{f[0], g, a, moves, line, f[4] == "-" ? 0 : std::stoll(f[4])};
      for (const std::string& problem : answer_problems(answered, expected)) fail(n, problem);
      if (!planted_answers_checked && plant_answers(n, answered, expected)) planted_answers_checked = true;
    }
    tanbo_game_free(g);
  }
  for (auto& [name, s] : tables) tanbo_solution_free(s);
  check_c_paths();
  if (rows < 30) fail(0, "fewer than 30 rows");
  if (!planted_answers_checked) fail(0, "no won probe row with several best moves to plant wrong answers in");
  std::printf("%d rows, %d failures\n", rows, failures);
  return failures == 0 ? 0 : 1;
}
