// C API: board and status queries, point names, and text exports (position, record, diagram,
// start, variant).
#include "internal.hpp"
#include "tanbo/api/point_query.hpp"

namespace {

tanbo_color to_c(tanbo::Color c) noexcept { return c == tanbo::Color::Black ? TANBO_BLACK : TANBO_WHITE; }

// The three text exports differ only in the text they build.
template <typename MakeText>
tanbo_status export_text(tanbo_game* game, const char* function, char* buf, std::size_t len,
                         std::size_t* needed, MakeText&& make_text) noexcept {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, function);
  return guarded(err, [&] { return tanbo::capi::write_text(err, make_text(*game->game), buf, len, needed); });
}

}  // namespace

extern "C" {

int tanbo_size(const tanbo_game* game) { return game == nullptr ? -1 : game->game->size(); }

tanbo_status tanbo_cell_at(tanbo_game* game, int index, tanbo_color* out) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_cell_at");
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    const tanbo::Point p = tanbo::capi::board_point(err, game->game->size(), index);
    // tanbo_color's values are tanbo::Cell's (Empty 0, Black 1, White 2).
    *out = static_cast<tanbo_color>(game->game->position().at(p));
    return TANBO_OK;
  });
}

tanbo_color tanbo_to_move(const tanbo_game* game) {
  return game == nullptr ? TANBO_NONE : to_c(game->game->to_move());
}

int tanbo_ply(const tanbo_game* game) { return game == nullptr ? -1 : game->game->ply(); }

int tanbo_is_over(const tanbo_game* game) {
  return game == nullptr ? -1 : tanbo::api::is_over(game->game) ? 1 : 0;
}

tanbo_color tanbo_winner(const tanbo_game* game) {
  if (game == nullptr) return TANBO_NONE;
  const auto w = game->game->winner();
  return w ? to_c(*w) : TANBO_NONE;
}

int tanbo_stone_count(const tanbo_game* game, tanbo_color color) {
  if (game == nullptr) return -1;
  const int raw = raw_enum_value(color);
  if (raw == TANBO_BLACK) return game->game->stone_count(tanbo::Color::Black);
  if (raw == TANBO_WHITE) return game->game->stone_count(tanbo::Color::White);
  return -1;
}

uint64_t tanbo_hash(const tanbo_game* game) { return game == nullptr ? 0 : game->game->hash(); }

tanbo_status tanbo_point_index(tanbo_game* game, const char* point, int* index) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_point_index");
  return guarded(err, [&]() -> tanbo_status {
    if (point == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "point is NULL");
    if (index == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "index is NULL");
    *index = game->game->start_position().index(tanbo::parse_point(point, game->game->size()));
    return TANBO_OK;
  });
}

tanbo_status tanbo_point_index_query(tanbo_game* game, const char* point, int* index) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_point_index_query");
  return guarded(err, [&]() -> tanbo_status {
    if (point == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "point is NULL");
    if (index == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "index is NULL");
    const auto p = tanbo::api::query_point_name(point, game->game->size());
    *index = p ? game->game->start_position().index(*p) : -1;
    return TANBO_OK;
  });
}

tanbo_status tanbo_point_name(tanbo_game* game, int index, char* buf, std::size_t len,
                              std::size_t* needed) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_point_name");
  return guarded(err, [&]() -> tanbo_status {
    const tanbo::Point p = tanbo::capi::board_point(err, game->game->size(), index);
    return tanbo::capi::write_text(err, tanbo::point_name(p), buf, len, needed);
  });
}

tanbo_status tanbo_position_string(tanbo_game* game, char* buf, std::size_t len, std::size_t* needed) {
  return export_text(game, "tanbo_position_string", buf, len, needed,
                     [](const tanbo::api::AnyGame& g) { return g.position().to_string(); });
}

tanbo_status tanbo_record(tanbo_game* game, char* buf, std::size_t len, std::size_t* needed) {
  return export_text(game, "tanbo_record", buf, len, needed, [](const tanbo::api::AnyGame& g) {
    const std::vector<tanbo::Point> moves = g.moves();
    return tanbo::format_record(g.start_position(), moves);
  });
}

tanbo_status tanbo_start_position_string(tanbo_game* game, char* buf, std::size_t len, std::size_t* needed) {
  return export_text(game, "tanbo_start_position_string", buf, len, needed,
                     [](const tanbo::api::AnyGame& g) { return g.start_position().to_string(); });
}

tanbo_status tanbo_variant_name(tanbo_game* game, char* buf, std::size_t len, std::size_t* needed) {
  return export_text(game, "tanbo_variant_name", buf, len, needed,
                     [](const tanbo::api::AnyGame& g) { return g.start_position().variant().name(); });
}

tanbo_status tanbo_diagram(tanbo_game* game, char* buf, std::size_t len, std::size_t* needed) {
  return export_text(game, "tanbo_diagram", buf, len, needed,
                     [](const tanbo::api::AnyGame& g) { return g.position().diagram(); });
}

}  // extern "C"
