// Fuzz target for the C API: the input bytes drive a sequence of C API calls (create from a
// fuzzed variant name, position string or record on either engine, play by fuzzed names and
// indices, undo, copy, free, exports into small buffers, explanations, roots, board queries,
// perft and playouts, null arguments) on two handles. Besides "no crash, no leak, no UB" it
// checks the API's promises: statuses match results, text is always terminated inside the
// buffer, exported positions re-create the same game, undo restores the hash, the queries agree.
//
// Input format: byte 0 picks how the first game is made (see make_game); then each step is an
// opcode byte followed by its operands. Running out of bytes ends the run; every byte sequence
// is valid input.
// check-map: fuzz fuzz_capi [faces][errors]
// check-map: code capi
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <utility>

#include "tanbo/tanbo.h"

namespace {

// Reads operands from the input; past the end it yields zeros so every input is accepted.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool done() const { return pos_ >= size_; }
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  int int16() { return static_cast<std::int16_t>(byte() | (byte() << 8)); }
  // A length-prefixed string (embedded NULs end it early, as C would see it).
  std::string text() {
    const std::size_t n = byte();
    std::string s;
    for (std::size_t i = 0; i < n && !done(); ++i) s += static_cast<char>(byte());
    return s;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// Stops the run loudly: a broken promise of the API.
#define FUZZ_ASSERT(cond) \
  do {                    \
    if (!(cond)) __builtin_trap(); \
  } while (0)

const char* const kVariants[] = {"classic", "lattice-5", "lattice-7", "lattice-9", "lattice-13",
                                 "lattice-21", "dense-5", "dense-11", "dense-25", "custom-9"};
const char* const kPositions[] = {"X3O/5/5/5/O3X X lattice-5", "X3O/5/5/5/O3X O", "XO/OX X",
                                  "X1O/3/O1X O", "5/5/5/5/5 X", "XX/XX O"};

tanbo_game* make_game(Reader& in) {
  tanbo_game* g = nullptr;
  char err[64];
  std::memset(err, 'z', sizeof err);
  const std::uint8_t mode = in.byte();
  // Tiny error buffers exercise the cutting of long messages.
  const std::size_t err_len = in.byte() % (sizeof err + 1);
  tanbo_status s;
  switch (mode % 6) {
    case 0: s = tanbo_game_create(kVariants[in.byte() % std::size(kVariants)], &g, err, err_len); break;
    case 1: s = tanbo_game_create(in.text().c_str(), &g, err, err_len); break;
    case 2: s = tanbo_game_create_from_position(in.text().c_str(), &g, err, err_len); break;
    case 3:
      s = tanbo_game_create_from_position(kPositions[in.byte() % std::size(kPositions)], &g, err,
                                          err_len);
      break;
    case 4:  // either engine, from a fuzzed start (a variant name or a position string)
      s = tanbo_game_create_with_engine(in.text().c_str(), static_cast<tanbo_engine>(in.byte() % 3), &g, err,
                                        err_len);
      break;
    default:  // a fuzzed record on either engine (an illegal move in it is a located parse error)
      s = tanbo_game_create_from_record(in.text().c_str(), static_cast<tanbo_engine>(in.byte() % 3), &g, err,
                                        err_len);
  }
  FUZZ_ASSERT((s == TANBO_OK) == (g != nullptr));
  if (err_len > 0) FUZZ_ASSERT(std::memchr(err, '\0', err_len) != nullptr);
  if (err_len < sizeof err) FUZZ_ASSERT(err[err_len] == 'z');  // nothing written past the end
  return g;
}

// Exports into a fuzzed-size buffer and checks the snprintf-style contract.
template <typename Export>
void check_export(tanbo_game* g, Reader& in, Export&& fn) {
  char buf[80];
  std::memset(buf, 'z', sizeof buf);
  const std::size_t len = in.byte() % (sizeof buf + 1);
  std::size_t needed = 12345;
  const tanbo_status s = fn(g, len == 0 && (in.byte() & 1) ? nullptr : buf, len, &needed);
  FUZZ_ASSERT(s == TANBO_OK || s == TANBO_ERR_BUFFER_TOO_SMALL);
  FUZZ_ASSERT((s == TANBO_OK) == (needed < len));
  if (len > 0) FUZZ_ASSERT(std::strlen(buf) == (needed < len ? needed : len - 1));
  if (len < sizeof buf) FUZZ_ASSERT(buf[len] == 'z');
}

// The exported position re-creates the game's position (unless the game is over: a side with
// no stones cannot start a game).
void check_position_round_trip(tanbo_game* g) {
  std::size_t needed = 0;
  tanbo_position_string(g, nullptr, 0, &needed);
  std::string text(needed, '\0');
  FUZZ_ASSERT(tanbo_position_string(g, text.data(), needed + 1, nullptr) == TANBO_OK);
  tanbo_game* back = nullptr;
  const tanbo_status s = tanbo_game_create_from_position(text.c_str(), &back, nullptr, 0);
  FUZZ_ASSERT((s == TANBO_OK) == (tanbo_is_over(g) == 0));
  if (back != nullptr) {
    FUZZ_ASSERT(tanbo_hash(back) == tanbo_hash(g) && tanbo_to_move(back) == tanbo_to_move(g));
    tanbo_game_free(back);
  }
}

void query_everything(tanbo_game* g, Reader& in) {
  const int size = tanbo_size(g);
  FUZZ_ASSERT(size >= 2 && size <= 25);
  int stones[3] = {0, 0, 0};
  for (int i = -1; i <= size * size; ++i) {
    tanbo_color c = TANBO_NONE;
    const tanbo_status s = tanbo_cell_at(g, i, &c);
    FUZZ_ASSERT((s == TANBO_OK) == (i >= 0 && i < size * size));
    if (s == TANBO_OK) ++stones[c];
  }
  FUZZ_ASSERT(stones[1] == tanbo_stone_count(g, TANBO_BLACK));
  FUZZ_ASSERT(stones[2] == tanbo_stone_count(g, TANBO_WHITE));
  FUZZ_ASSERT(tanbo_is_over(g) == (stones[1] == 0 || stones[2] == 0));
  FUZZ_ASSERT((tanbo_winner(g) != TANBO_NONE) == (tanbo_is_over(g) == 1));
  FUZZ_ASSERT(tanbo_ply(g) >= 0);
  char name[4];
  int back = -1;
  const int index = in.int16();
  if (tanbo_point_name(g, index, name, sizeof name, nullptr) == TANBO_OK) {
    FUZZ_ASSERT(tanbo_point_index(g, name, &back) == TANBO_OK && back == index);
  } else {
    FUZZ_ASSERT(index < 0 || index >= size * size);
  }
}

// ---- The steps: one function per opcode, each checking the promises of what it calls ----------

// The state a run's steps share: the input, two game slots (games[0] is the one played), and a
// generator for the random moves and playouts.
struct Run {
  Reader in;
  tanbo_game* games[2] = {nullptr, nullptr};
  tanbo_rng rng{};
  tanbo_game*& g() { return games[0]; }
};

void play_fuzzed_index(Run& r) {  // often off the board
  const int ply = tanbo_ply(r.g());
  const tanbo_status s = tanbo_play_index(r.g(), r.in.int16());
  FUZZ_ASSERT(tanbo_ply(r.g()) == ply + (s == TANBO_OK));
}

void play_fuzzed_name(Run& r) {
  const std::uint64_t hash = tanbo_hash(r.g());
  const tanbo_status s = tanbo_play(r.g(), r.in.text().c_str());
  FUZZ_ASSERT(s == TANBO_OK || s == TANBO_ERR_PARSE || s == TANBO_ERR_ILLEGAL_MOVE);
  FUZZ_ASSERT(s == TANBO_OK || (tanbo_hash(r.g()) == hash && tanbo_last_error(r.g())[0] != '\0'));
}

void play_kth_legal_maybe_undo(Run& r) {  // and replay it after the undo
  tanbo_game* g = r.g();
  const int ply = tanbo_ply(g);
  const std::uint64_t hash = tanbo_hash(g);
  int legal[625];
  std::size_t n = 0;
  const tanbo_status s = tanbo_legal_moves(g, legal, std::size(legal), &n);
  FUZZ_ASSERT(s == TANBO_OK && static_cast<int>(n) == tanbo_legal_move_count(g));
  const std::uint8_t k = r.in.byte();
  if (n == 0) return;
  const int move = legal[k % n];
  FUZZ_ASSERT(tanbo_play_index(g, move) == TANBO_OK);
  if (k & 0x80) {
    FUZZ_ASSERT(tanbo_undo(g) == TANBO_OK && tanbo_hash(g) == hash && tanbo_ply(g) == ply);
    FUZZ_ASSERT(tanbo_play_index(g, move) == TANBO_OK);
  }
}

void undo(Run& r) {
  const int ply = tanbo_ply(r.g());
  FUZZ_ASSERT((tanbo_undo(r.g()) == TANBO_OK) == (ply > 0));
}

void reseed(Run& r) { tanbo_rng_seed(&r.rng, r.in.byte()); }

void random_moves(Run& r) {  // a few, each the engine's own pick
  for (int i = r.in.byte() % 16; i > 0; --i) {
    int move = -1;
    const tanbo_status s = tanbo_random_legal_move(r.g(), &r.rng, &move);
    FUZZ_ASSERT((s == TANBO_OK) == (tanbo_is_over(r.g()) == 0));
    if (s != TANBO_OK) return;
    FUZZ_ASSERT(tanbo_play_index(r.g(), move) == TANBO_OK);
  }
}

void legal_moves_into_small_buffer(Run& r) {
  int small[8];
  const std::size_t cap = r.in.byte() % 9;
  std::size_t n = 0;
  const tanbo_status s = tanbo_legal_moves(r.g(), cap ? small : nullptr, cap, &n);
  FUZZ_ASSERT((s == TANBO_OK) == (n <= cap));
  for (std::size_t i = 0; i < cap && i < n; ++i) FUZZ_ASSERT(tanbo_is_legal(r.g(), small[i]) == 1);
}

void copy_to_second_slot(Run& r) {  // and continue on either
  tanbo_game_free(r.games[1]);
  r.games[1] = nullptr;
  FUZZ_ASSERT(tanbo_game_copy(r.g(), &r.games[1]) == TANBO_OK);
  FUZZ_ASSERT(tanbo_hash(r.games[1]) == tanbo_hash(r.g()) && tanbo_ply(r.games[1]) == tanbo_ply(r.g()));
  if (r.in.byte() & 1) std::swap(r.games[0], r.games[1]);
}

void explain_fuzzed_index(Run& r) {  // legal exactly when tanbo_is_legal says so, off-board off it
  tanbo_game* g = r.g();
  const int index = r.in.int16();
  tanbo_illegal_reason why = TANBO_REASON_LEGAL;
  int friends = -1;
  const tanbo_status s = tanbo_explain(g, index, &why, &friends);
  const int size = tanbo_size(g);
  FUZZ_ASSERT(s == TANBO_OK);
  FUZZ_ASSERT((why == TANBO_REASON_LEGAL) == (tanbo_is_legal(g, index) == 1));
  if (tanbo_is_over(g) == 0)  // once over, every point's reason is the game's end
    FUZZ_ASSERT((why == TANBO_REASON_OFF_BOARD) == (index < 0 || index >= size * size));
  FUZZ_ASSERT(friends >= 0 && friends <= 4);
}

void roots_into_buffer(Run& r) {  // and the root at a fuzzed index, into a fuzzed-size buffer
  tanbo_game* g = r.g();
  int ints[64];
  const std::size_t cap = r.in.byte() % (std::size(ints) + 1);
  std::size_t n = 0;
  tanbo_status s = tanbo_roots(g, cap ? ints : nullptr, cap, &n);
  FUZZ_ASSERT((s == TANBO_OK) == (n <= cap));
  tanbo_color c = TANBO_NONE;
  const int index = r.in.int16();
  s = tanbo_root_at(g, index, cap ? ints : nullptr, cap, &n);
  const bool stone = tanbo_cell_at(g, index, &c) == TANBO_OK && c != TANBO_NONE;
  FUZZ_ASSERT(stone ? (s == TANBO_OK || s == TANBO_ERR_BUFFER_TOO_SMALL) : s == TANBO_ERR_INVALID_ARGUMENT);
  if (s == TANBO_OK) FUZZ_ASSERT(n >= 4 && static_cast<tanbo_color>(ints[0]) == c);
}

void board_mask_history_agree(Run& r) {  // board, mask, history and the last move
  tanbo_game* g = r.g();
  const int ply = tanbo_ply(g);
  unsigned char cells[625], mask[625];
  int moves[64], removed[625];
  const int size = tanbo_size(g);
  const auto nn = static_cast<std::size_t>(size * size);
  FUZZ_ASSERT(tanbo_cells(g, cells, nn) == TANBO_OK && tanbo_legal_mask(g, mask, nn) == TANBO_OK);
  int legal_count = 0;
  for (std::size_t i = 0; i < nn; ++i) legal_count += mask[i];
  FUZZ_ASSERT(legal_count == tanbo_legal_move_count(g));
  std::size_t n = 0;
  const tanbo_status s = tanbo_moves(g, moves, std::size(moves), &n);
  FUZZ_ASSERT(static_cast<int>(n) == ply && (s == TANBO_OK) == (n <= std::size(moves)));
  tanbo_move_result last;
  const tanbo_status ls = tanbo_last_result(g, &last, removed, std::size(removed), &n);
  FUZZ_ASSERT((ls == TANBO_OK) == (ply > 0));
  if (ls == TANBO_OK) {
    FUZZ_ASSERT(static_cast<int>(n) == last.removed_black + last.removed_white);
    for (std::size_t i = 0; i < n; ++i) FUZZ_ASSERT(cells[removed[i]] == TANBO_NONE || removed[i] == last.move);
  }
}

void perft_and_playout(Run& r) {  // perft 1 counts the legal moves; a playout on a copy changes nothing
  tanbo_game* g = r.g();
  const int ply = tanbo_ply(g);
  const std::uint64_t hash = tanbo_hash(g);
  std::uint64_t nodes = 0;
  FUZZ_ASSERT(tanbo_perft(g, 1, &nodes) == TANBO_OK);
  FUZZ_ASSERT(nodes == (tanbo_is_over(g) ? 1u : static_cast<std::uint64_t>(tanbo_legal_move_count(g))));
  tanbo_color w = TANBO_NONE;
  FUZZ_ASSERT(tanbo_playout(g, &r.rng, 0, &w, nullptr) == TANBO_OK && (w == TANBO_BLACK || w == TANBO_WHITE));
  FUZZ_ASSERT(tanbo_hash(g) == hash && tanbo_ply(g) == ply);
}

void null_arguments_then_fresh_game(Run& r) {
  tanbo_game*& g = r.g();
  const std::uint64_t hash = tanbo_hash(g);
  FUZZ_ASSERT(tanbo_play(g, nullptr) == TANBO_ERR_NULL_ARGUMENT);
  FUZZ_ASSERT(tanbo_random_legal_move(g, nullptr, nullptr) == TANBO_ERR_NULL_ARGUMENT);
  FUZZ_ASSERT(tanbo_game_copy(g, nullptr) == TANBO_ERR_NULL_ARGUMENT);
  FUZZ_ASSERT(tanbo_hash(g) == hash);
  tanbo_game_free(g);
  g = make_game(r.in);
}

void export_position(Run& r) { check_export(r.g(), r.in, tanbo_position_string); }
void export_record(Run& r) { check_export(r.g(), r.in, tanbo_record); }
void export_diagram(Run& r) { check_export(r.g(), r.in, tanbo_diagram); }
void position_round_trip(Run& r) { check_position_round_trip(r.g()); }
void query_all(Run& r) { query_everything(r.g(), r.in); }

// The opcode table: an opcode byte b runs step b mod 18 (the kept corpora are written in these
// numbers, so the order is fixed).
using Step = void (*)(Run&);
constexpr Step kSteps[] = {
    play_fuzzed_index, play_fuzzed_name, play_kth_legal_maybe_undo, undo, reseed, random_moves,
    legal_moves_into_small_buffer, copy_to_second_slot, export_position, export_record, export_diagram,
    position_round_trip, query_all, null_arguments_then_fresh_game, explain_fuzzed_index, roots_into_buffer,
    board_mask_history_agree, perft_and_playout};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Run r{Reader(data, size)};
  r.games[0] = make_game(r.in);
  tanbo_rng_seed(&r.rng, 0);
  int steps = 0;
  while (!r.in.done() && ++steps < 2000) {
    const std::uint8_t op = r.in.byte();
    if (r.g() == nullptr) {  // every step needs a game: make one (maybe failing again)
      r.g() = make_game(r.in);
      continue;
    }
    kSteps[op % std::size(kSteps)](r);
  }
  tanbo_game_free(r.games[0]);
  tanbo_game_free(r.games[1]);
  return 0;
}
