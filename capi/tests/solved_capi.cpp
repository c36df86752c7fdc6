// The C face of the cross-face perfect-play list (api/tests/solved_positions.tsv): every row
// through tanbo_solution_solve_start / tanbo_solution_probe and tanbo_solve, compared with the
// row's answer text and best moves; then the C-only paths (caller arrays too small, NULL
// arguments, a damaged table's TANBO_ERR_BAD_TABLE with the byte offset). Written in C++ for the
// table reading only: it calls nothing but tanbo.h. Usage: tanbo_capi_solved <solved_positions.tsv>
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

// "win 7", "loss 12", "win ?", "unknown": api::answer_text's words, from the C answer.
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

void check_c_paths() {
  tanbo_solution* s = nullptr;
  char err[256] = "";
  if (tanbo_solution_solve_start("X2O/4/4/O2X X", 0, &s, err, sizeof err) != TANBO_OK) return fail(0, err);
  tanbo_game* g = game_of(0, "X2O/4/4/O2X X", "-");
  tanbo_answer a;
  tanbo_move_value moves[2];
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
  for (const tanbo::tsv::Row& row : tanbo::tsv::read(argv[1])) {
    const int n = row.line;
    const std::vector<std::string>& f = row.fields;
    if (f.size() != 6) {
      fail(n, "not 6 columns");
      continue;
    }
    ++rows;
    const std::string& expected = f[5];
    const std::size_t bar = expected.find('|');
    const std::string want = expected.substr(0, bar);
    const std::vector<std::string> best =
        bar == std::string::npos || bar + 1 == expected.size() ? std::vector<std::string>{} : split(expected.substr(bar + 1), ' ');
    tanbo_game* g = game_of(n, f[2], f[3]);
    if (g == nullptr) continue;
    tanbo_answer a;
    tanbo_move_value moves[625];
    int line[128];
    tanbo_status st;
    if (f[0] == "probe") {
      tanbo_solution*& s = tables[f[1]];
      char err[256];
      if (s == nullptr && tanbo_solution_solve_start(f[1].c_str(), 0, &s, err, sizeof err) != TANBO_OK) fail(n, err);
      st = s == nullptr ? TANBO_ERR_INTERNAL : tanbo_solution_probe(s, g, &a, moves, 625, line, 128);
      // Probed again without a line array (the line not walked): the same answer and moves.
      tanbo_answer b;
      tanbo_move_value moves_b[625];
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
      if (text_of(a) != want) fail(n, "answer " + text_of(a) + ", expected " + want);
      if (f[0] == "probe") {
        std::string got;
        for (int i = 0; i < a.move_count; ++i)
          if (moves[i].best == 1) got += (got.empty() ? "" : " ") + name_of(g, moves[i].move);
        if (got != expected.substr(bar == std::string::npos ? expected.size() : bar + 1))
          fail(n, "best moves '" + got + "'");
        if (a.value != TANBO_VALUE_UNKNOWN && a.line_length != a.length) fail(n, "line length");
      }
      // A solve counts its nodes within the budget: none for a finished game, some for any other.
      if (f[0] == "solve" && (a.nodes > std::stoll(f[4]) || (a.value != TANBO_VALUE_UNKNOWN && (a.nodes > 0) == best.empty())))
        fail(n, "nodes " + std::to_string(a.nodes));
      const std::string move = a.best_move < 0 ? "" : name_of(g, a.best_move);
      bool ok = best.empty() ? move.empty() : false;
      for (const std::string& b : best) ok = ok || b == move;
      if (!ok) fail(n, "best move '" + move + "' is not one of the row's");
    }
    tanbo_game_free(g);
  }
  for (auto& [name, s] : tables) tanbo_solution_free(s);
  check_c_paths();
  if (rows < 30) fail(0, "fewer than 30 rows");
  std::printf("%d rows, %d failures\n", rows, failures);
  return failures == 0 ? 0 : 1;
}
