// C API: explaining the rules (why a point is illegal, roots and growth points: tanbo::api's
// explain queries, which ask the reference rule functions), perft, the random generator,
// playouts and the MCTS move.
#include <cstring>

#include "internal.hpp"
#include "tanbo/player/mcts.hpp"
#include "tanbo/api/explain.hpp"

namespace {

// Appends one root as tanbo_roots() encodes it: colour, k, stones, m, growth points.
void append_root(std::vector<int>& out, const tanbo::Position& pos, const tanbo::api::RootInfo& root) {
  out.push_back(root.color == tanbo::Color::Black ? TANBO_BLACK : TANBO_WHITE);
  out.push_back(static_cast<int>(root.stones.size()));
  for (const tanbo::Point s : root.stones) out.push_back(pos.index(s));
  out.push_back(static_cast<int>(root.growth_points.size()));
  for (const tanbo::Point q : root.growth_points) out.push_back(pos.index(q));
}

// Runs `body(game, err)` for a handle, with the null check and the exception barrier.
template <typename Body>
tanbo_status on_game(tanbo_game* game, const char* function, Body&& body) noexcept {
  if (game == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = sink(game, function);
  return guarded(err, [&]() -> tanbo_status { return body(*game->game, err); });
}

}  // namespace

extern "C" {

tanbo_status tanbo_explain(tanbo_game* game, int index, tanbo_illegal_reason* reason, int* friendly_neighbours) {
  return on_game(game, "tanbo_explain", [&](const tanbo::api::AnyGame& g, const ErrorSink& err) -> tanbo_status {
    if (reason == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "reason is NULL");
    // An index off the board is a question with an answer (reason OffBoard), not an error.
    const tanbo::Point far{-1, -1};
    const tanbo::api::Explanation e =
        tanbo::api::explain(g, tanbo::api::index_point(g.size(), static_cast<long long>(index)).value_or(far));
    *reason = e.reason ? static_cast<tanbo_illegal_reason>(static_cast<int>(*e.reason) + 1) : TANBO_REASON_LEGAL;
    if (friendly_neighbours != nullptr) *friendly_neighbours = e.friendly_neighbours;
    return TANBO_OK;
  });
}

tanbo_status tanbo_roots(tanbo_game* game, int* out, std::size_t capacity, std::size_t* count) {
  return on_game(game, "tanbo_roots", [&](const tanbo::api::AnyGame& g, const ErrorSink& err) {
    const tanbo::Position pos = g.position();
    std::vector<int> ints;
    for (const auto& r : tanbo::api::roots(pos)) append_root(ints, pos, r);
    return tanbo::capi::write_ints(err, ints, out, capacity, count, "ints in the roots' encoding");
  });
}

tanbo_status tanbo_root_at(tanbo_game* game, int index, int* out, std::size_t capacity, std::size_t* count) {
  return on_game(game, "tanbo_root_at", [&](const tanbo::api::AnyGame& g, const ErrorSink& err) {
    const tanbo::Position pos = g.position();
    std::vector<int> ints;
    append_root(ints, pos, tanbo::api::root_at(pos, tanbo::capi::board_point(err, g.size(), index), err.function));
    return tanbo::capi::write_ints(err, ints, out, capacity, count, "ints in the root's encoding");
  });
}

tanbo_status tanbo_perft(tanbo_game* game, int depth, uint64_t* out) {
  return on_game(game, "tanbo_perft", [&](const tanbo::api::AnyGame& g, const ErrorSink& err) -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    if (depth < 0 || depth > 64)
      return err.fail(TANBO_ERR_INVALID_ARGUMENT, "depth must be an int in [0, 64], not " + std::to_string(depth));
    *out = g.perft(depth);
    return TANBO_OK;
  });
}

uint64_t tanbo_rng_next(tanbo_rng* rng) {
  if (rng == nullptr) return 0;
  tanbo::Rng r = load(*rng);
  const std::uint64_t v = r.next();
  store(r, *rng);
  return v;
}

tanbo_status tanbo_rng_below(tanbo_rng* rng, uint32_t n, uint32_t* out) {
  if (rng == nullptr || out == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  if (n == 0) return TANBO_ERR_INVALID_ARGUMENT;
  tanbo::Rng r = load(*rng);
  *out = r.below(n);
  store(r, *rng);
  return TANBO_OK;
}

tanbo_status tanbo_random_move(tanbo_game* game, tanbo_rng* rng, int* index) {
  return on_game(game, "tanbo_random_move", [&](const tanbo::api::AnyGame& g, const ErrorSink& err) -> tanbo_status {
    if (rng == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "rng is NULL");
    if (index == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "index is NULL");
    if (g.is_over()) return err.fail(TANBO_ERR_GAME_OVER, "the game is over; no move to choose");
    tanbo::Rng r = load(*rng);
    const tanbo::Point p = g.random_move(r);
    store(r, *rng);
    *index = g.start_position().index(p);
    return TANBO_OK;
  });
}

tanbo_status tanbo_playout(tanbo_game* game, tanbo_rng* rng, int in_place, tanbo_color* winner, int* length) {
  return on_game(game, "tanbo_playout", [&](tanbo::api::AnyGame& g, const ErrorSink& err) -> tanbo_status {
    if (rng == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "rng is NULL");
    if (winner == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "winner is NULL");
    tanbo::Rng r = load(*rng);
    const tanbo::api::PlayoutResult res = in_place != 0 ? g.playout_in_place(r) : g.playout(r);
    store(r, *rng);
    *winner = res.winner == tanbo::Color::Black ? TANBO_BLACK : TANBO_WHITE;
    if (length != nullptr) *length = res.length;
    return TANBO_OK;
  });
}

tanbo_status tanbo_playouts(tanbo_game* game, tanbo_rng* rng, int count, uint64_t* black_wins, uint64_t* moves) {
  return on_game(game, "tanbo_playouts", [&](const tanbo::api::AnyGame& g, const ErrorSink& err) -> tanbo_status {
    if (rng == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "rng is NULL");
    if (count < 0) return err.fail(TANBO_ERR_INVALID_ARGUMENT, "count must be an int in [0, 2147483647], not " + std::to_string(count));
    if (g.is_over()) return err.fail(TANBO_ERR_GAME_OVER, "the game is over; no playout to play");
    tanbo::Rng r = load(*rng);
    const tanbo::api::PlayoutTally t = tanbo::api::playouts(g, r, count);
    store(r, *rng);
    if (black_wins != nullptr) *black_wins = t.black_wins;
    if (moves != nullptr) *moves = t.moves;
    return TANBO_OK;
  });
}

tanbo_status tanbo_mcts_move(tanbo_game* game, int playouts, uint64_t seed, int* index) {
  return on_game(game, "tanbo_mcts_move", [&](const tanbo::api::AnyGame& g, const ErrorSink& err) -> tanbo_status {
    if (index == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "index is NULL");
    if (playouts < 1 || playouts > 10'000'000)
      return err.fail(TANBO_ERR_INVALID_ARGUMENT,
                      "playouts must be an int in [1, 10000000], not " + std::to_string(playouts));
    if (g.is_over()) return err.fail(TANBO_ERR_GAME_OVER, "the game is over; no move to choose");
    *index = g.start_position().index(tanbo::player::mcts_move(g, playouts, seed));
    return TANBO_OK;
  });
}

}  // extern "C"
