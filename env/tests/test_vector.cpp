// env::VectorBatch against the games it claims to play: after every call, each board's history
// replayed on the reference engine must give the outputs the batch wrote (observation planes
// from env::observation_planes, the mask, reward, flags, winner, ply), and the agent's actions
// must be the moves its history holds. On every capacity tier (lattice-5: kSmallCapacity,
// dense-11: 19, lattice-21: kMaxSize), both agents, the three observation kinds, a random and an
// MCTS opponent, with illegal actions mixed in; and observation_planes on both engines against
// the reference rules. Seeds are fixed; a failure prints them.
// check-map: code env
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tanbo/api/game.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/api/start.hpp"
#include "tanbo/env/observation.hpp"
#include "tanbo/env/vector.hpp"
#include "tanbo/reference/rules.hpp"

using namespace tanbo;

namespace {

using Obs = env::VectorOutputs::Obs;

/// The arrays one batch writes, owned here.
struct Arrays {
  Arrays(std::size_t envs, int n, Obs kind) : kind(kind), nn(static_cast<std::size_t>(n) * static_cast<std::size_t>(n)) {
    const std::size_t per_board = kind == Obs::Board ? nn : 6 * nn;
    if (kind == Obs::PlanesF32)
      f32.assign(envs * per_board, -7.0f);  // garbage the batch must overwrite
    else if (kind == Obs::PlanesU8)
      u8.assign(envs * per_board, 7);
    else
      board.assign(envs * per_board, 7);
    mask.assign(envs * nn, 7);
    reward.assign(envs, 7.0);
    terminated.assign(envs, 1);
    winner.assign(envs, 7);
    ply.assign(envs, -7);
    illegal.assign(envs, 1);
  }
  env::VectorOutputs outputs() {
    env::VectorOutputs out;
    out.kind = kind;
    out.obs = kind == Obs::PlanesF32 ? static_cast<void*>(f32.data())
              : kind == Obs::PlanesU8 ? static_cast<void*>(u8.data())
                                      : static_cast<void*>(board.data());
    out.mask = mask.data();
    out.reward = reward.data();
    out.terminated = reinterpret_cast<bool*>(terminated.data());
    out.winner = winner.data();
    out.ply = ply.data();
    out.illegal = reinterpret_cast<bool*>(illegal.data());
    return out;
  }
  /// Board i's observation as floats (planes) or int8 values (board), whatever the kind.
  std::vector<float> obs(std::size_t i) const {
    const std::size_t per_board = kind == Obs::Board ? nn : 6 * nn;
    std::vector<float> out(per_board);
    for (std::size_t k = 0; k < per_board; ++k) {
      const std::size_t at = i * per_board + k;
      out[k] = kind == Obs::PlanesF32 ? f32[at] : kind == Obs::PlanesU8 ? float(u8[at]) : float(board[at]);
    }
    return out;
  }

  Obs kind;
  std::size_t nn;
  std::vector<float> f32;
  std::vector<std::uint8_t> u8;
  std::vector<std::int8_t> board;
  std::vector<std::int8_t> mask;
  std::vector<double> reward;
  std::vector<std::uint8_t> terminated;  // bool-sized, not std::vector<bool>
  std::vector<std::int8_t> winner;
  std::vector<std::int32_t> ply;
  std::vector<std::uint8_t> illegal;
};

/// The game board i's history describes, replayed on the reference engine (throws if a move in
/// it is illegal: the batch's opponent must play legal moves).
std::unique_ptr<api::AnyGame> replay(const Variant& v, const std::vector<int>& history) {
  auto g = api::make_game(opening(v), "reference");
  for (const int a : history) api::play_index(*g, a, "history entry");
  return g;
}

/// What board i's arrays must hold for `game`, from the agent's view: `episode_over` is true
/// when the episode ended (the game ended or the agent's action was illegal).
void check_board(const Arrays& arr, std::size_t i, const api::AnyGame& game, Color agent, bool illegal) {
  const std::size_t nn = arr.nn;
  const bool over = game.is_over();
  const bool episode_over = over || illegal;
  CHECK(arr.ply[i] == game.ply());
  CHECK(bool(arr.terminated[i]) == episode_over);
  CHECK(bool(arr.illegal[i]) == illegal);
  CHECK(arr.winner[i] == (over ? static_cast<std::int8_t>(*game.winner()) : std::int8_t{-1}));
  CHECK(arr.reward[i] == (illegal ? -1.0 : over ? (*game.winner() == agent ? 1.0 : -1.0) : 0.0));
  // The mask: the agent's legal moves while its episode runs (it is then always to move).
  std::vector<std::uint8_t> legal(nn);
  game.legal_mask(legal.data());
  if (!episode_over) REQUIRE(game.to_move() == agent);
  for (std::size_t k = 0; k < nn; ++k) {
    INFO("point " << k);
    CHECK(arr.mask[i * nn + k] == (episode_over ? 0 : legal[k]));
  }
  const std::vector<float> got = arr.obs(i);
  if (arr.kind == Obs::Board) {
    const Position pos = game.position();
    for (std::size_t k = 0; k < nn; ++k) {
      const Cell c = pos.cells()[k];
      const float want = c == stone(agent) ? 1.0f : c == Cell::Empty ? 0.0f : -1.0f;
      INFO("point " << k);
      CHECK(got[k] == want);
    }
    return;
  }
  std::vector<float> want(6 * nn);
  env::observation_planes(game, agent, want.data());
  // The agent's move plane is its mask: empty once its episode ended, also after an illegal
  // action in a running game.
  if (episode_over) std::fill(want.begin() + static_cast<std::ptrdiff_t>(3 * nn), want.begin() + static_cast<std::ptrdiff_t>(4 * nn), 0.0f);
  for (std::size_t k = 0; k < 6 * nn; ++k) {
    INFO("plane " << k / nn << ", point " << k % nn);
    CHECK(got[k] == want[k]);
  }
}

struct Case {
  const char* variant;
  Color agent;
  Obs kind;
  int mcts;
  int calls;
  std::uint32_t illegal_one_in;  // one action in this many is illegal
  bool expect_ends;  // some game must end by the rules within `calls` (not on the largest board)
};

void run(const Case& c, std::uint64_t seed) {
  const Variant v = Variant::parse(c.variant);
  constexpr std::size_t kEnvs = 5;
  INFO(c.variant << ", agent " << color_char(c.agent) << ", kind " << static_cast<int>(c.kind) << ", mcts "
                 << c.mcts << ", seed " << seed);
  auto batch = env::make_vector_batch(v, kEnvs, c.agent, c.mcts);
  REQUIRE(batch->size() == v.size);
  REQUIRE(batch->num_envs() == kEnvs);
  Arrays arr(kEnvs, v.size, c.kind);
  batch->bind(arr.outputs());
  std::vector<std::uint64_t> seeds;
  for (std::size_t i = 0; i < kEnvs; ++i) seeds.push_back(seed + i);
  batch->reset(seeds);
  std::vector<bool> was_illegal(kEnvs, false);
  auto check_all = [&](int call) {
    for (std::size_t i = 0; i < kEnvs; ++i) {
      INFO("call " << call << ", board " << i);
      const auto game = replay(v, batch->history(i));
      check_board(arr, i, *game, c.agent, was_illegal[i]);
    }
  };
  check_all(0);
  Rng pick(seed * 31 + 7);
  const auto nn = static_cast<std::int64_t>(v.size) * v.size;
  int illegal_seen = 0, ends_seen = 0, restarts_seen = 0;
  for (int call = 1; call <= c.calls; ++call) {
    std::vector<std::int64_t> actions(kEnvs);
    std::vector<std::vector<int>> before(kEnvs);
    std::vector<bool> was_done(kEnvs);
    for (std::size_t i = 0; i < kEnvs; ++i) {
      before[i] = batch->history(i);
      was_done[i] = arr.terminated[i] != 0;
      std::vector<std::int64_t> legal;
      for (std::int64_t k = 0; k < nn; ++k)
        if (arr.mask[i * static_cast<std::size_t>(nn) + static_cast<std::size_t>(k)]) legal.push_back(k);
      // Some actions are illegal: off the board either side, or an occupied or lone point.
      if (legal.empty() || pick.below(c.illegal_one_in) == 0) {
        const std::int64_t bad[] = {-1, nn, nn + 1000};
        std::int64_t a = bad[pick.below(3)];
        for (std::int64_t k = 0; k < nn && pick.below(2) == 0; ++k)
          if (!arr.mask[i * static_cast<std::size_t>(nn) + static_cast<std::size_t>(k)]) a = k;
        actions[i] = a;
      } else {
        actions[i] = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
      }
    }
    batch->step(actions.data());
    for (std::size_t i = 0; i < kEnvs; ++i) {
      INFO("call " << call << ", board " << i << ", action " << actions[i]);
      const std::vector<int> after = batch->history(i);
      if (was_done[i]) {  // restarted: only the opponent's opening move, if the agent is O
        ++restarts_seen;
        CHECK(after.size() == (c.agent == Color::White ? 1u : 0u));
        was_illegal[i] = false;
      } else if (after == before[i]) {  // the action was refused, and nothing was played
        ++illegal_seen;
        was_illegal[i] = true;
      } else {  // the agent's action, then the opponent's answer unless the game ended
        REQUIRE(after.size() > before[i].size());
        CHECK(std::equal(before[i].begin(), before[i].end(), after.begin()));
        CHECK(after[before[i].size()] == actions[i]);
        CHECK(after.size() - before[i].size() <= 2);
        was_illegal[i] = false;
      }
    }
    check_all(call);
    for (std::size_t i = 0; i < kEnvs; ++i) ends_seen += arr.terminated[i] != 0 && !was_illegal[i];
  }
  // The run reached what it exists to check.
  CHECK(illegal_seen > 0);
  if (c.expect_ends) CHECK(ends_seen > 0);
  CHECK(restarts_seen > 0);
}

}  // namespace

TEST_CASE("vector batch: every board's outputs are its replayed game's, on every capacity tier",
          "[api][vector][faces]") {
  std::uint64_t seed = 1000;
  for (const Color agent : {Color::Black, Color::White})
    for (const Obs kind : {Obs::PlanesF32, Obs::PlanesU8, Obs::Board}) {
      run({"lattice-5", agent, kind, 0, 120, 25, true}, seed++);
      run({"dense-11", agent, kind, 0, 300, 400, true}, seed++);  // longer games: fewer illegal actions
    }
  // The largest tier (kMaxSize): games there last hundreds of moves; the outputs are what counts.
  run({"lattice-21", Color::White, Obs::PlanesU8, 0, 60, 25, false}, seed++);
}

TEST_CASE("vector batch: the MCTS opponent plays legal moves inside the batch", "[api][vector][faces]") {
  run({"lattice-5", Color::Black, Obs::PlanesF32, 8, 60, 25, true}, 77);
}

TEST_CASE("vector batch: refuses what it cannot run, clearly", "[api][vector][faces]") {
  const Variant v = Variant::parse("lattice-5");
  CHECK_THROWS_AS(env::make_vector_batch(v, 0, Color::Black, 0), UsageError);
  CHECK_THROWS_WITH(env::make_vector_batch(v, 0, Color::Black, 0), Catch::Contains("num_envs must be at least 1"));
  CHECK_THROWS_AS(env::make_vector_batch(v, 2, Color::Black, -1), UsageError);
  CHECK_THROWS_WITH(env::make_vector_batch(v, 2, Color::Black, -1),
                    Catch::Contains("mcts_playouts must be 0 or more, not -1"));
  const auto batch = env::make_vector_batch(v, 2, Color::Black, 0);
  CHECK_THROWS_AS(batch->history(2), std::out_of_range);
}

TEST_CASE("vector batch: the perfect opponent plays a best move of its table every time, and never loses a won game",
          "[api][vector][solution][faces][solve]") {
  // X2O/4/4/O2X X is lost for X: with the agent as X, every game must end with O's win, and
  // every opponent move must be one the table's probe counts as best (replayed on the reference
  // engine).
  const Position start = Position::parse("X2O/4/4/O2X X");
  env::Opponent opponent;
  opponent.perfect = api::Solution::solve_start(start);
  constexpr std::size_t kEnvs = 4;
  auto batch = env::make_vector_batch(start, kEnvs, Color::Black, opponent);
  REQUIRE(batch->size() == 4);
  Arrays arr(kEnvs, 4, Obs::Board);
  batch->bind(arr.outputs());
  batch->reset({11, 12, 13, 14});
  Rng pick(2026);
  int ends = 0, opponent_moves = 0;
  for (int call = 0; call < 150; ++call) {
    std::vector<std::int64_t> actions(kEnvs);
    for (std::size_t i = 0; i < kEnvs; ++i) {
      std::vector<std::int64_t> legal;
      for (std::int64_t k = 0; k < 16; ++k)
        if (arr.mask[i * 16 + static_cast<std::size_t>(k)]) legal.push_back(k);
      actions[i] = legal.empty() ? 0 : legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
    }
    batch->step(actions.data());
    for (std::size_t i = 0; i < kEnvs; ++i) {
      INFO("call " << call << ", board " << i);
      auto game = api::make_game(start, "reference");
      for (const int a : batch->history(i)) {
        if (game->to_move() == Color::White) {
          const std::vector<Point> best = api::best_moves(opponent.perfect->probe(game->position()));
          CHECK(std::find(best.begin(), best.end(), Point{a % 4, a / 4}) != best.end());
          ++opponent_moves;
        }
        game->play(Point{a % 4, a / 4});
      }
      if (arr.terminated[i] != 0) {
        ++ends;
        CHECK(game->winner() == Color::White);
        CHECK(arr.reward[i] == -1.0);
      }
    }
  }
  CHECK(ends > 20);
  CHECK(opponent_moves > 100);
}

TEST_CASE("vector batch: a perfect opponent needs a table of the start, and is not MCTS too",
          "[api][vector][solution][faces][solve]") {
  const Position start = Position::parse("X2O/4/4/O2X X");
  env::Opponent opponent;
  opponent.perfect = api::Solution::solve_start(start);
  CHECK_THROWS_WITH(env::make_vector_batch(Position::parse("X2O/4/4/O2X O"), 2, Color::Black, opponent),
                    "vector batch: the perfect opponent's table of X2O/4/4/O2X X does not hold the start X2O/4/4/O2X O");
  CHECK_THROWS_AS(env::make_vector_batch(opening(Variant::parse("lattice-5")), 2, Color::Black, opponent), UsageError);
  opponent.mcts_playouts = 4;
  CHECK_THROWS_WITH(env::make_vector_batch(start, 2, Color::Black, opponent),
                    "vector batch: the opponent is MCTS or perfect play, not both");
}

TEST_CASE("observation: the planes of a game on either engine are the reference rules' reading",
          "[api][vector][rule3][faces]") {
  // Both move planes (the side to move's and the waiting side's) come from the optimized board's
  // growth test: on every position of random games, on both engines, they are rule 3 as the
  // reference rules read it, and the contents planes are the position's cells.
  for (const std::string engine : {"optimized", "reference"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const auto g = api::start_game("lattice-5", engine);
      Rng rng(seed);
      while (true) {
        const Position pos = g->position();
        for (const Color side : {Color::Black, Color::White}) {
          std::vector<float> planes(6 * 25, -1.0f);
          env::observation_planes(*g, side, planes.data());
          for (int i = 0; i < 25; ++i) {
            CAPTURE(engine, seed, g->ply(), side, i);
            const auto k = static_cast<std::size_t>(i);
            const Cell c = pos.cells()[k];
            REQUIRE(planes[k] == float(c == stone(side)));
            REQUIRE(planes[25 + k] == float(c == stone(opponent(side))));
            REQUIRE(planes[50 + k] == float(c == Cell::Empty));
            const auto rule3 = [&](Color who) {
              return !g->is_over() && !reference::placement_problem(pos, pos.point(i), who).has_value();
            };
            REQUIRE(planes[75 + k] == float(rule3(side)));
            REQUIRE(planes[100 + k] == float(rule3(opponent(side))));
            REQUIRE(planes[125 + k] == float(g->to_move() == Color::Black));
          }
        }
        if (g->is_over()) break;
        g->play(g->random_move(rng));
      }
    }
  }
}
