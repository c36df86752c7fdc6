// C API: library information, creating/copying/freeing games, moves and random moves.
#include <array>
#include <cstring>
#include <span>
#include <type_traits>

#include "internal.hpp"

namespace {

// Both create functions: validate the out-parameters, build the start position, allocate.
template <typename MakeStart>
tanbo_status create(const char* function, const char* text, const char* what, tanbo_game** out,
                    char* err_buf, std::size_t err_len, MakeStart&& make_start) noexcept {
  const ErrorSink err{err_buf, err_len, function};
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    *out = nullptr;
    if (text == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, std::string(what) + " is NULL");
    *out = new tanbo_game(make_start(text));
    return TANBO_OK;
  });
}

}  // namespace

extern "C" {

const char* tanbo_version(void) { return tanbo::version(); }

const char* tanbo_status_string(tanbo_status status) {
  switch (raw_enum_value(status)) {
    case TANBO_OK: return "success";
    case TANBO_ERR_NULL_ARGUMENT: return "null pointer argument";
    case TANBO_ERR_INVALID_ARGUMENT: return "invalid argument";
    case TANBO_ERR_PARSE: return "malformed text";
    case TANBO_ERR_INVALID_POSITION: return "invalid position";
    case TANBO_ERR_ILLEGAL_MOVE: return "illegal move";
    case TANBO_ERR_NO_MOVE_TO_UNDO: return "no move to undo";
    case TANBO_ERR_GAME_OVER: return "game over";
    case TANBO_ERR_BUFFER_TOO_SMALL: return "buffer too small";
    case TANBO_ERR_OUT_OF_MEMORY: return "out of memory";
    case TANBO_ERR_INTERNAL: return "internal error";
    case TANBO_ERR_BAD_TABLE: return "damaged table";
  }
  return "unknown status";
}

tanbo_status tanbo_game_create(const char* variant, tanbo_game** out, char* err_buf,
                               std::size_t err_len) {
  return create("tanbo_game_create", variant, "variant", out, err_buf, err_len, [](const char* text) {
    // parse_named: the one place custom-N is refused (it has no opening).
    return tanbo::api::make_game(tanbo::opening(tanbo::Variant::parse_named(text)), tanbo::api::kDefaultEngine);
  });
}

tanbo_status tanbo_game_create_from_position(const char* position, tanbo_game** out,
                                             char* err_buf, std::size_t err_len) {
  return create("tanbo_game_create_from_position", position, "position", out, err_buf, err_len,
                [](const char* text) {
                  return tanbo::api::make_game(tanbo::Position::parse(text), tanbo::api::kDefaultEngine);
                });
}

tanbo_status tanbo_game_copy(tanbo_game* game, tanbo_game** out) {
  if (out != nullptr) *out = nullptr;
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_game_copy");
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    *out = new tanbo_game(*game);
    (*out)->last_error[0] = '\0';
    return TANBO_OK;
  });
}

void tanbo_game_free(tanbo_game* game) { delete game; }

const char* tanbo_last_error(const tanbo_game* game) {
  return game == nullptr ? "tanbo_last_error: game is NULL" : game->last_error;
}

tanbo_status tanbo_play(tanbo_game* game, const char* point) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_play");
  return guarded(err, [&]() -> tanbo_status {
    if (point == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "point is NULL");
    game->game->play(tanbo::parse_point(point, game->game->size()));
    return TANBO_OK;
  });
}

tanbo_status tanbo_play_index(tanbo_game* game, int index) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_play_index");
  return guarded(err, [&]() -> tanbo_status {
    // Off the board is an illegal move (the error model), whatever the index.
    tanbo::api::play_index(game->game, static_cast<long long>(index), "index");
    return TANBO_OK;
  });
}

tanbo_status tanbo_undo(tanbo_game* game) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_undo");
  return guarded(err, [&]() -> tanbo_status {
    if (game->game->ply() == 0) return err.fail(TANBO_ERR_NO_MOVE_TO_UNDO, "no move to take back");
    game->game->undo();
    return TANBO_OK;
  });
}

int tanbo_legal_move_count(const tanbo_game* game) {
  return game == nullptr ? -1 : game->game->legal_move_count();
}

tanbo_status tanbo_legal_moves(tanbo_game* game, int* out, std::size_t capacity, std::size_t* count) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_legal_moves");
  return guarded(err, [&]() -> tanbo_status {
    // The engine's row-major indices into a buffer on the stack: no list of points built, nothing
    // allocated (JavaScript's legalIndices() calls this every move it lists).
    std::array<int, tanbo::kMaxPoints> legal;
    const int n = game->game->legal_indices(legal.data());
    return tanbo::capi::write_ints(err, std::span<const int>(legal.data(), static_cast<std::size_t>(n)), out,
                                   capacity, count, "legal moves");
  });
}

int tanbo_is_legal(const tanbo_game* game, int index) {
  if (game == nullptr) return -1;
  const auto p = tanbo::api::index_point(game->game->size(), static_cast<long long>(index));
  return p && game->game->is_legal(*p) ? 1 : 0;
}

void tanbo_rng_seed(tanbo_rng* rng, uint64_t seed) {
  if (rng != nullptr) store(tanbo::Rng(seed), *rng);
}

tanbo_status tanbo_random_legal_move(tanbo_game* game, tanbo_rng* rng, int* index) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_random_legal_move");
  return guarded(err, [&]() -> tanbo_status {
    if (rng == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "rng is NULL");
    if (index == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "index is NULL");
    // The engine's own pick as a row-major index, -1 once the game is over (rng untouched).
    tanbo::Rng r = load(*rng);
    const int i = tanbo::api::random_legal_index(game->game, r);
    store(r, *rng);
    if (i < 0) return err.fail(TANBO_ERR_GAME_OVER, "the game is over; no move to choose");
    *index = i;
    return TANBO_OK;
  });
}

}  // extern "C"
