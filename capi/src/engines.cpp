// C API: the engine choice, starting from a record, the variant list, the board, history and
// last-move queries a front end (the JavaScript package) reads in one call each, and the board
// layout of the SVG figures.
#include <algorithm>
#include <array>

#include "internal.hpp"
#include "tanbo/svg/svg.hpp"
#include "tanbo/api/start.hpp"

namespace {

// tanbo_engine's enumerators are the positions in the one engine registry.
static_assert(tanbo::api::kEngineNames.size() == 2 && tanbo::api::kEngineNames[TANBO_ENGINE_OPTIMIZED] == "optimized" &&
              tanbo::api::kEngineNames[TANBO_ENGINE_REFERENCE] == "reference");

// The engine name of a C enum value (as raw_enum_value read it: a C caller may pass any int,
// and loading that as the C++ enum would be undefined), or an InvalidArgument failure.
tanbo_status engine_of(const ErrorSink& err, int raw, std::string_view& name) {
  if (raw < 0 || raw >= static_cast<int>(tanbo::api::kEngineNames.size()))
    return err.fail(TANBO_ERR_INVALID_ARGUMENT, "engine " + std::to_string(raw) +
                                                    " is not TANBO_ENGINE_OPTIMIZED (0) or "
                                                    "TANBO_ENGINE_REFERENCE (1)");
  name = tanbo::api::kEngineNames[static_cast<std::size_t>(raw)];
  return TANBO_OK;
}

// Both engine-choosing create functions: validate, build the game, allocate the handle.
template <typename Make>
tanbo_status create_on(const char* function, const char* text, const char* what, int engine,
                       tanbo_game** out, char* err_buf, std::size_t err_len, Make&& make) noexcept {
  const ErrorSink err{err_buf, err_len, function};
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    *out = nullptr;
    if (text == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, std::string(what) + " is NULL");
    std::string_view name;
    if (const auto s = engine_of(err, engine, name); s != TANBO_OK) return s;
    *out = new tanbo_game(make(text, name));
    return TANBO_OK;
  });
}

// Fills a size*size byte board through `fill`, or fails without writing when it does not fit.
template <typename Fill>
tanbo_status board_bytes(tanbo_game* game, const char* function, unsigned char* out,
                         std::size_t capacity, Fill&& fill) noexcept {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, function);
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    const auto n = static_cast<std::size_t>(game->game->size());
    if (capacity < n * n)
      return err.fail(TANBO_ERR_BUFFER_TOO_SMALL, "the board needs " + std::to_string(n * n) +
                                                      " bytes but the buffer has " + std::to_string(capacity));
    fill(*game->game, out);
    return TANBO_OK;
  });
}

}  // namespace

extern "C" {

const char* tanbo_engine_name(tanbo_engine engine) {
  const int raw = raw_enum_value(engine);
  // The registry's names are string literals, so their data() is NUL-terminated.
  return raw >= 0 && raw < static_cast<int>(tanbo::api::kEngineNames.size())
             ? tanbo::api::kEngineNames[static_cast<std::size_t>(raw)].data()
             : nullptr;
}

tanbo_status tanbo_engine_parse(const char* name, tanbo_engine* out, char* err_buf, std::size_t err_len) {
  const ErrorSink err{err_buf, err_len, "tanbo_engine_parse"};
  return guarded(err, [&]() -> tanbo_status {
    if (name == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "name is NULL");
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    const std::string_view e = tanbo::api::check_engine_name(name);  // UsageError for others
    const auto at = std::find(tanbo::api::kEngineNames.begin(), tanbo::api::kEngineNames.end(), e);
    *out = static_cast<tanbo_engine>(at - tanbo::api::kEngineNames.begin());
    return TANBO_OK;
  });
}

tanbo_status tanbo_game_create_with_engine(const char* start, tanbo_engine engine, tanbo_game** out,
                                           char* err_buf, std::size_t err_len) {
  return create_on("tanbo_game_create_with_engine", start, "start", raw_enum_value(engine), out,
                   err_buf, err_len,
                   [](const char* text, std::string_view name) { return tanbo::api::start_game(text, name); });
}

tanbo_status tanbo_game_create_from_record(const char* record, tanbo_engine engine, tanbo_game** out,
                                           char* err_buf, std::size_t err_len) {
  return create_on("tanbo_game_create_from_record", record, "record", raw_enum_value(engine), out,
                   err_buf, err_len,
                   [](const char* text, std::string_view name) { return tanbo::api::record_game(text, name); });
}

tanbo_engine tanbo_game_engine(const tanbo_game* game) {
  return game != nullptr && std::string_view(game->game->engine()) == "reference" ? TANBO_ENGINE_REFERENCE
                                                                                  : TANBO_ENGINE_OPTIMIZED;
}

tanbo_status tanbo_variants(char* buf, std::size_t len, std::size_t* needed) {
  // No handle: a failure's message has nowhere to go, so the sink has no buffer.
  const ErrorSink err{nullptr, 0, "tanbo_variants"};
  return guarded(err, [&] {
    std::string text;
    for (const std::string& v : tanbo::api::variant_names()) text += v + "\n";
    return tanbo::capi::write_text(err, text, buf, len, needed);
  });
}

tanbo_status tanbo_cells(tanbo_game* game, unsigned char* out, std::size_t capacity) {
  return board_bytes(game, "tanbo_cells", out, capacity, [](const tanbo::api::AnyGame& g, unsigned char* o) {
    // tanbo_color's values are tanbo::Cell's (Empty 0, Black 1, White 2).
    const tanbo::Position pos = g.position();  // named: cells() refers into it
    for (const tanbo::Cell c : pos.cells()) *o++ = static_cast<unsigned char>(c);
  });
}

tanbo_status tanbo_legal_mask(tanbo_game* game, unsigned char* out, std::size_t capacity) {
  return board_bytes(game, "tanbo_legal_mask", out, capacity,
                     [](const tanbo::api::AnyGame& g, unsigned char* o) { g.legal_mask(o); });
}

tanbo_status tanbo_moves(tanbo_game* game, int* out, std::size_t capacity, std::size_t* count) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_moves");
  return guarded(err, [&] {
    std::vector<int> indices;
    const tanbo::Position& start = game->game->start_position();
    for (const tanbo::Point p : game->game->moves()) indices.push_back(start.index(p));
    return tanbo::capi::write_ints(err, indices, out, capacity, count, "moves");
  });
}

tanbo_status tanbo_last_result(tanbo_game* game, tanbo_move_result* out, int* removed, std::size_t capacity,
                               std::size_t* count) {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, "tanbo_last_result");
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    if (game->game->ply() == 0) return err.fail(TANBO_ERR_NO_MOVE_TO_UNDO, "no move has been played");
    const tanbo::MoveResult r = game->game->last_result();
    const tanbo::Position& start = game->game->start_position();
    std::vector<int> indices;
    for (const tanbo::Point p : r.removed) indices.push_back(start.index(p));
    *out = {start.index(r.move), r.player == tanbo::Color::Black ? TANBO_BLACK : TANBO_WHITE,
            static_cast<tanbo_removal>(r.removal), r.removed_black, r.removed_white};
    return tanbo::capi::write_ints(err, indices, removed, capacity, count, "removed stones");
  });
}

tanbo_status tanbo_board_geometry_of(int size, tanbo_board_geometry* out) {
  if (out == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  if (size < tanbo::kMinSize || size > tanbo::kMaxSize) return TANBO_ERR_INVALID_ARGUMENT;
  const tanbo::svg::BoardGeometry g = tanbo::svg::board_geometry(size);
  *out = {g.size,   g.spacing, g.left,         g.top,          g.right,          g.bottom,
          g.width,  g.height,  g.stone_radius, g.growth_square, g.coordinate_font};
  return TANBO_OK;
}

}  // extern "C"
