// C API: perfect play (tanbo::api::Solution and tanbo::api::solve, solution.hpp) as a handle on a
// solved start and a budgeted solve of a game's position; answers go into the caller's arrays.
#include <algorithm>
#include <vector>
#include <string>

#include "internal.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/api/start.hpp"

/// The opaque solution handle: the shared table and the last message.
struct tanbo_solution {
  explicit tanbo_solution(tanbo::api::Solution s) noexcept : solution(std::move(s)) {}
  tanbo::api::Solution solution;
  char last_error[512] = {};  ///< Message of the last failed call; "" after a success.
};

namespace {

using tanbo::api::Answer;

ErrorSink solution_sink(tanbo_solution* s, const char* function) noexcept {
  return {s->last_error, sizeof s->last_error, function};
}

// A new handle into *out, the Solution made by `make` (which may throw).
template <typename Make>
tanbo_status create(const ErrorSink& err, tanbo_solution** out, Make&& make) {
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    *out = nullptr;
    tanbo::api::Solution s = make();
    *out = new tanbo_solution(std::move(s));
    return TANBO_OK;
  });
}

// Writes `a` into *out and its moves and line into the caller's arrays (a prefix, and
// BUFFER_TOO_SMALL, when an array with room has too little).
tanbo_status write_answer(const ErrorSink& err, int size, const Answer& a, tanbo_answer* out,
                          tanbo_move_outcome* moves, std::size_t moves_capacity, int* line, std::size_t line_capacity) {
  using tanbo::row_major_index;
  out->value = a.outcome.value == tanbo::api::Value::Win ? TANBO_VALUE_WIN
               : a.outcome.value == tanbo::api::Value::Loss ? TANBO_VALUE_LOSS
                                                    : TANBO_VALUE_UNKNOWN;
  out->length = a.outcome.length;
  out->winner = a.winner() ? static_cast<int32_t>(tanbo::stone(*a.winner())) : TANBO_NONE;
  out->best_move = a.best_move ? row_major_index(*a.best_move, size) : -1;
  out->move_count = static_cast<int32_t>(a.moves.size());
  out->line_length = static_cast<int32_t>(a.line.size());
  out->nodes = a.nodes;
  const std::vector<tanbo::Point> best = tanbo::api::best_moves(a);
  for (std::size_t i = 0; i < a.moves.size() && i < moves_capacity; ++i) {
    const tanbo::api::MoveOutcome& m = a.moves[i];
    moves[i].best = std::find(best.begin(), best.end(), m.move) != best.end() ? 1 : 0;
    moves[i].move = row_major_index(m.move, size);
    moves[i].value = m.outcome.value == tanbo::api::Value::Win ? TANBO_VALUE_WIN
                     : m.outcome.value == tanbo::api::Value::Loss ? TANBO_VALUE_LOSS
                                                          : TANBO_VALUE_UNKNOWN;
    moves[i].length = m.outcome.length;
  }
  for (std::size_t i = 0; i < a.line.size() && i < line_capacity; ++i) line[i] = row_major_index(a.line[i], size);
  if (moves_capacity > 0 && a.moves.size() > moves_capacity)
    return err.fail(TANBO_ERR_BUFFER_TOO_SMALL, "there are " + std::to_string(a.moves.size()) +
                                                    " legal moves but room for " + std::to_string(moves_capacity));
  if (line_capacity > 0 && a.line.size() > line_capacity)
    return err.fail(TANBO_ERR_BUFFER_TOO_SMALL, "the line has " + std::to_string(a.line.size()) +
                                                    " moves but room for " + std::to_string(line_capacity));
  return TANBO_OK;
}

}  // namespace

extern "C" {

tanbo_status tanbo_solution_open(const char* path, tanbo_solution** out, char* err_buf, std::size_t err_len) {
  const ErrorSink err{err_buf, err_len, "tanbo_solution_open"};
  if (path == nullptr) {
    if (out != nullptr) *out = nullptr;
    return err.fail(TANBO_ERR_NULL_ARGUMENT, "path is NULL");
  }
  return create(err, out, [&] { return tanbo::api::Solution::open(path); });
}

tanbo_status tanbo_solution_from_bytes(const unsigned char* bytes, std::size_t len, const char* name,
                                       tanbo_solution** out, char* err_buf, std::size_t err_len) {
  const ErrorSink err{err_buf, err_len, "tanbo_solution_from_bytes"};
  if (bytes == nullptr && len > 0) {
    if (out != nullptr) *out = nullptr;
    return err.fail(TANBO_ERR_NULL_ARGUMENT, "bytes is NULL but len > 0");
  }
  return create(err, out, [&] {
    const std::string_view data(reinterpret_cast<const char*>(bytes), bytes == nullptr ? 0 : len);
    return tanbo::api::Solution::from_bytes(data, name == nullptr ? "table" : name);
  });
}

tanbo_status tanbo_solution_solve_start(const char* start, uint64_t max_classes, tanbo_solution** out,
                                        char* err_buf, std::size_t err_len) {
  const ErrorSink err{err_buf, err_len, "tanbo_solution_solve_start"};
  if (start == nullptr) {
    if (out != nullptr) *out = nullptr;
    return err.fail(TANBO_ERR_NULL_ARGUMENT, "start is NULL");
  }
  return create(err, out, [&] {
    const std::string text = tanbo::api::looks_like_variant_name(start) ? std::string(start) : std::string();
    return tanbo::api::Solution::solve_start(tanbo::api::read_start(start),
                                             max_classes == 0 ? tanbo::api::kDefaultMaxClasses : max_classes, text);
  });
}

void tanbo_solution_free(tanbo_solution* solution) { delete solution; }

const char* tanbo_solution_last_error(const tanbo_solution* solution) {
  return solution == nullptr ? "tanbo_solution_last_error: solution is NULL" : solution->last_error;
}

tanbo_status tanbo_solution_start(tanbo_solution* solution, char* buf, std::size_t len, std::size_t* needed) {
  if (solution == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = solution_sink(solution, "tanbo_solution_start");
  return guarded(err, [&] { return tanbo::capi::write_text(err, solution->solution.start_text(), buf, len, needed); });
}

tanbo_status tanbo_solution_hash(tanbo_solution* solution, char* buf, std::size_t len, std::size_t* needed) {
  if (solution == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = solution_sink(solution, "tanbo_solution_hash");
  return guarded(err, [&] { return tanbo::capi::write_text(err, solution->solution.content_hash(), buf, len, needed); });
}

tanbo_status tanbo_solution_probe(tanbo_solution* solution, const tanbo_game* game, tanbo_answer* out,
                                  tanbo_move_outcome* moves, std::size_t moves_capacity, int* line,
                                  std::size_t line_capacity) {
  if (solution == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = solution_sink(solution, "tanbo_solution_probe");
  return guarded(err, [&]() -> tanbo_status {
    if (game == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "game is NULL");
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    if (moves == nullptr && moves_capacity > 0) return err.fail(TANBO_ERR_NULL_ARGUMENT, "moves is NULL but moves_capacity > 0");
    if (line == nullptr && line_capacity > 0) return err.fail(TANBO_ERR_NULL_ARGUMENT, "line is NULL but line_capacity > 0");
    const tanbo::Position pos = game->game->position();
    const bool with_line = line_capacity > 0;
    const Answer a = solution->solution.probe(pos, with_line);
    const tanbo_status status = write_answer(err, pos.size(), a, out, moves, moves_capacity, line, line_capacity);
    if (!with_line && a.outcome.known()) out->line_length = a.outcome.length;  // the moves a line of that length has
    return status;
  });
}

tanbo_status tanbo_solve(tanbo_game* game, int64_t nodes, tanbo_answer* out, tanbo_move_outcome* moves,
                         std::size_t moves_capacity) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_solve");
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    if (moves == nullptr && moves_capacity > 0) return err.fail(TANBO_ERR_NULL_ARGUMENT, "moves is NULL but moves_capacity > 0");
    const tanbo::Position pos = game->game->position();
    const Answer a = tanbo::api::solve(pos, tanbo::api::WeakBudget::of(static_cast<long long>(nodes), moves_capacity > 0));
    return write_answer(err, pos.size(), a, out, moves, moves_capacity, nullptr, 0);
  });
}

}  // extern "C"
