// libFuzzer target: perfect play at the C API boundary (tanbo.h): the table reader and the probe,
// and the weak solve of any start. Byte 0 of the input picks what the rest is:
//   even: a table file. tanbo_solution_from_bytes answers TANBO_OK or TANBO_ERR_BAD_TABLE, whose
//         message names the file and a byte offset inside the input. The input is read as it is
//         and once more resealed (its SHA-256 field recomputed: a fuzzer cannot forge a hash, so
//         resealed mutations reach the record checks and the accepting path). An accepted table
//         is probed along a game from its start whose moves byte 0 picks. A resealed table may
//         hold forged values, so its probes need only answer TANBO_OK or TANBO_ERR_BAD_TABLE; a
//         table accepted as it is (a genuine one: its hash holds) must answer every position on
//         the way as known (reachable from the start), consistently with its moves (the best
//         move and the perfect-play line's length keep the value and length, the game-over
//         position has length 0 and the winner of the game), with the game's legal move count.
//   odd:  bytes 1-2 a node budget (1 to 65,536), the rest a start (variant name or position
//         string). tanbo_solve answers OK, PARSE or INVALID_POSITION on creation; a settled
//         answer's best move is legal and every answered move's value is consistent with it.
// check-map: fuzz fuzz_solution [solve]
// check-map: code capi solve
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "tanbo/certificate/sha256.hpp"
#include "tanbo/tanbo.h"

namespace {

constexpr const char* kTarget = "fuzz_solution";
constexpr std::size_t kHashOffset = 48;  // docs/solutions.md, the table file's header

void check(bool ok, const std::string& what, std::string_view input) {
  if (!ok) tanbo::fuzz::fail(kTarget, what, input);
}

// The table with its SHA-256 field set to the digest of its other bytes.
std::string resealed(std::string table) {
  if (table.size() < kHashOffset + 32) return table;
  tanbo::certificate::Sha256 sha;
  sha.update(table.data(), kHashOffset);
  sha.update(table.data() + kHashOffset + 32, table.size() - kHashOffset - 32);
  const std::array<std::uint8_t, 32> d = sha.digest();
  std::memcpy(table.data() + kHashOffset, d.data(), d.size());
  return table;
}

// Probes `s` along a game from its start whose moves `pick` chooses; `genuine`: the table's
// values are the solver's, so its answers must be consistent.
void probe_along_a_game(tanbo_solution* s, std::uint8_t pick, bool genuine, std::string_view input) {
  char start[1100];
  check(tanbo_solution_start(s, start, sizeof start, nullptr) == TANBO_OK, "tanbo_solution_start failed", input);
  tanbo_game* g = nullptr;
  check(tanbo_game_create_with_engine(start, TANBO_ENGINE_OPTIMIZED, &g, nullptr, 0) == TANBO_OK,
        "an accepted table's start does not begin a game", input);
  tanbo_rng rng;
  tanbo_rng_seed(&rng, pick);
  for (int ply = 0; ply < 200; ++ply) {
    tanbo_answer a;
    tanbo_move_outcome moves[25];
    int line[128];
    const tanbo_status st = tanbo_solution_probe(s, g, &a, moves, 25, line, 128);
    if (!genuine) {
      check(st == TANBO_OK || st == TANBO_ERR_BAD_TABLE, std::string("probe failed: ") + tanbo_solution_last_error(s), input);
      if (st != TANBO_OK || tanbo_is_over(g) == 1) break;
      int index = -1;
      check(tanbo_random_move(g, &rng, &index) == TANBO_OK && tanbo_play_index(g, index) == TANBO_OK, "playing on failed",
            input);
      continue;
    }
    check(st == TANBO_OK, std::string("probe failed: ") + tanbo_solution_last_error(s), input);
    check(a.value != TANBO_VALUE_UNKNOWN, "a position reachable from the table's start is unknown", input);
    check(a.line_length == a.length && a.length >= 0, "the line's length is not the answer's", input);
    if (tanbo_is_over(g) == 1) {
      check(a.length == 0 && a.move_count == 0 && a.best_move == -1, "a finished game with moves or a length", input);
      check(a.winner == tanbo_winner(g), "a finished game's winner is not the game's", input);
      break;
    }
    check(a.move_count == tanbo_legal_move_count(g), "the probe's moves are not the legal moves", input);
    bool best_found = false;
    for (int i = 0; i < a.move_count; ++i)
      if (moves[i].move == a.best_move) {
        best_found = moves[i].value == a.value && moves[i].length == a.length && moves[i].best == 1;
      } else {
        check(moves[i].best == (moves[i].value == a.value && moves[i].length == a.length ? 1 : 0),
              "a move marked best that does not keep the value and length, or the reverse", input);
      }
    check(best_found && line[0] == a.best_move, "the best move does not keep the value and length", input);
    int index = -1;
    check(tanbo_random_move(g, &rng, &index) == TANBO_OK && tanbo_play_index(g, index) == TANBO_OK, "playing on failed",
          input);
  }
  tanbo_game_free(g);
}

void read_table(std::string_view bytes, std::uint8_t pick, bool genuine, std::string_view input) {
  tanbo_solution* s = nullptr;
  char err[512] = "";
  const tanbo_status st = tanbo_solution_from_bytes(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                                                    "fuzz.tbl", &s, err, sizeof err);
  if (st == TANBO_ERR_BAD_TABLE) {
    const std::string_view m(err);
    const std::string_view prefix = "tanbo_solution_from_bytes: fuzz.tbl: byte ";
    check(m.substr(0, prefix.size()) == prefix && s == nullptr, std::string("a refusal without its place: ") + err, input);
    const unsigned long long offset = std::strtoull(err + prefix.size(), nullptr, 10);
    check(offset <= bytes.size(), std::string("a refusal past the end of the input: ") + err, input);
    return;
  }
  check(st == TANBO_OK, std::string("a table file neither accepted nor refused as damaged: ") + err, input);
  probe_along_a_game(s, pick, genuine, input);
  tanbo_solution_free(s);
}

void solve_start(std::string_view rest, long long nodes, std::string_view input) {
  const std::string text(rest);
  tanbo_game* g = nullptr;
  const tanbo_status created = tanbo_game_create_with_engine(text.c_str(), TANBO_ENGINE_OPTIMIZED, &g, nullptr, 0);
  check(created == TANBO_OK || created == TANBO_ERR_PARSE || created == TANBO_ERR_INVALID_POSITION,
        "creating the start failed with an unexpected status", input);
  if (created != TANBO_OK) return;
  std::vector<tanbo_move_outcome> moves(static_cast<std::size_t>(tanbo_size(g) * tanbo_size(g)));
  tanbo_answer a;
  check(tanbo_solve(g, nodes, &a, moves.data(), moves.size()) == TANBO_OK, std::string("solve failed: ") + tanbo_last_error(g),
        input);
  check(a.move_count == tanbo_legal_move_count(g), "the solve's moves are not the legal moves", input);
  if (a.value != TANBO_VALUE_UNKNOWN && a.best_move >= 0) check(tanbo_is_legal(g, a.best_move) == 1, "an illegal best move", input);
  for (int i = 0; i < a.move_count; ++i) {
    const tanbo_move_outcome& m = moves[static_cast<std::size_t>(i)];
    // A win is a move to a lost position; a position with a winning move is won, one whose every
    // move is known and lost is lost.
    if (m.value == TANBO_VALUE_WIN && a.value != TANBO_VALUE_UNKNOWN)
      check(a.value == TANBO_VALUE_WIN, "a winning move in a lost position", input);
  }
  tanbo_game_free(g);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (size < 1) return 0;
  if (data[0] % 2 == 0) {
    const std::string_view table = input.substr(1);
    read_table(table, data[0], true, input);
    const std::string sealed = resealed(std::string(table));
    if (sealed != table) read_table(sealed, data[0], false, input);
  } else if (size >= 3) {
    const long long nodes = 1 + (static_cast<long long>(data[1]) << 8 | data[2]);
    solve_start(input.substr(3), nodes, input);
  }
  return 0;
}
