// env::Episode, the environment episode's rules (episode.hpp), on games of both engines: each
// built-in opponent's moves are its rule's (replayed from the same generator), an illegal action
// ends the episode with -1 and the game unchanged, a finished game gives +1 / -1 by its winner,
// the agent may play second (the opponent opens), the perfect opponent picks among every best
// move and never another; and env::shared_solution solves a start once however many threads ask.
// Seeds and counts are fixed; the solved starts are 4x4 (milliseconds).
// check-map: code env
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tanbo/api/game.hpp"
#include "tanbo/env/episode.hpp"
#include "tanbo/player/mcts.hpp"

using namespace tanbo;

namespace {

/// The legal actions (row-major) of the side to move.
std::vector<long long> legal_actions(const api::AnyGame& game) {
  std::vector<long long> out;
  for (const Point p : game.legal_moves()) out.push_back(row_major_index(p, game.size()));
  return out;
}

/// Plays one whole episode with uniformly random legal agent actions (from `policy`), checking
/// after each step that the reward, flags and winner are the rules'. Returns the final reward.
double play_out(const env::Episode& episode, api::AnyGame& game, Rng& opponent_rng, Rng& policy) {
  env::StepResult r = episode.reset(game, opponent_rng);
  REQUIRE(game.ply() == (game.start_position().to_move() == episode.agent() ? 0 : 1));
  while (!r.terminated) {
    REQUIRE(game.to_move() == episode.agent());
    const std::vector<long long> legal = legal_actions(game);
    const int before = game.ply();
    r = episode.step(game, legal[policy.below(static_cast<std::uint32_t>(legal.size()))], opponent_rng);
    CHECK_FALSE(r.illegal);
    CHECK(r.winner == game.winner());
    if (!r.terminated) {
      CHECK(r.reward == 0.0);
      CHECK(game.ply() == before + 2);  // the agent's move and the opponent's answer
    }
  }
  REQUIRE(game.is_over());
  CHECK(r.reward == (*game.winner() == episode.agent() ? 1.0 : -1.0));
  return r.reward;
}

}  // namespace

TEST_CASE("episode: the random and MCTS opponents play their rule's moves, from the caller's generator",
          "[api][episode][faces]") {
  const Position start = opening(Variant::parse("lattice-5"));
  for (const char* engine : {"optimized", "reference"}) {
    for (const int playouts : {0, 16}) {
      for (const Color agent : {Color::Black, Color::White}) {
        INFO(engine << ", playouts " << playouts << ", agent " << (agent == Color::Black ? "X" : "O"));
        env::Opponent opponent;
        opponent.mcts_playouts = playouts;
        const env::Episode episode(start, agent, opponent);
        auto game = api::make_game(start, engine);
        Rng rng(7), policy(8);
        play_out(episode, *game, rng, policy);
        // Replayed: every opponent move is the rule's choice from a generator seeded alike.
        auto replay = api::make_game(start, "reference");
        Rng again(7);
        for (const Point p : game->moves()) {
          if (replay->to_move() != agent) {
            const Point expected = playouts > 0 ? player::mcts_move(*replay, playouts, again.next()) : replay->random_move(again);
            CHECK(p == expected);
          }
          replay->play(p);
        }
      }
    }
  }
}

TEST_CASE("episode: a finished game gives +1 to the agent's win and -1 to its loss, on either side",
          "[api][episode][faces]") {
  const Position start = opening(Variant::parse("lattice-5"));
  for (const Color agent : {Color::Black, Color::White}) {
    const env::Episode episode(start, agent, {});
    std::set<double> rewards;
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
      auto game = api::make_game(start, "optimized");
      Rng rng(seed), policy(seed + 100);
      rewards.insert(play_out(episode, *game, rng, policy));
    }
    CHECK(rewards == std::set<double>{-1.0, 1.0});  // random against random: both happen
  }
}

TEST_CASE("episode: an illegal action ends the episode with -1, the game unchanged", "[api][episode][faces]") {
  const Position start = opening(Variant::parse("lattice-5"));
  const env::Episode episode(start, Color::Black, {});
  for (const long long action : {-1LL, 0LL, 25LL, 1LL << 40}) {
    INFO("action " << action);
    auto game = api::make_game(start, "optimized");
    Rng rng(3);
    episode.reset(*game, rng);
    REQUIRE(game->ply() == 0);
    if (action >= 0 && action < 25) REQUIRE_FALSE(game->is_legal(row_major_point(static_cast<int>(action), 5)));
    const env::StepResult r = episode.step(*game, action, rng);
    CHECK(r.reward == -1.0);
    CHECK(r.terminated);
    CHECK(r.illegal);
    CHECK_FALSE(r.winner.has_value());
    CHECK(game->ply() == 0);
  }
  // A step once the game is over, or with the opponent to move, is misuse, not a move.
  auto game = api::make_game(start, "optimized");
  Rng rng(3);
  const env::Episode as_white(start, Color::White, {});
  CHECK_THROWS_AS(as_white.step(*game, legal_actions(*game)[0], rng), UsageError);
}

TEST_CASE("episode: the perfect opponent picks among every best move, and only best moves",
          "[api][episode][solution][faces][solve]") {
  // X2O/4/4/O2X X: X (the opponent here, the agent playing O) opens; the seeds must reach more
  // than one of its best moves there, and every move the opponent makes in a game is best.
  const Position start = Position::parse("X2O/4/4/O2X X");
  env::Opponent opponent;
  opponent.perfect = api::Solution::solve_start(start);
  const std::vector<Point> best = api::best_moves(opponent.perfect->probe(start));
  REQUIRE(best.size() > 1);
  const env::Episode episode(start, Color::White, opponent);
  std::set<Point> openings;
  int opponent_moves = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    INFO("seed " << seed);
    auto game = api::make_game(start, seed % 2 ? "reference" : "optimized");
    Rng rng(seed), policy(seed + 1000);
    play_out(episode, *game, rng, policy);
    openings.insert(game->moves().at(0));
    auto replay = api::make_game(start, "reference");
    for (const Point p : game->moves()) {
      if (replay->to_move() == Color::Black) {
        const std::vector<Point> here = api::best_moves(opponent.perfect->probe(replay->position()));
        CHECK(std::find(here.begin(), here.end(), p) != here.end());
        ++opponent_moves;
      }
      replay->play(p);
    }
  }
  CHECK(openings.size() > 1);
  for (const Point p : openings) CHECK(std::find(best.begin(), best.end(), p) != best.end());
  CHECK(opponent_moves > 40);
  // The table must hold the start, and the opponent is one of the kinds.
  CHECK_THROWS_WITH(env::Episode(Position::parse("X2O/4/4/O2X O"), Color::Black, opponent),
                    "episode: the perfect opponent's table of X2O/4/4/O2X X does not hold the start X2O/4/4/O2X O");
  opponent.mcts_playouts = 2;
  CHECK_THROWS_WITH(env::Episode(start, Color::Black, opponent), "episode: the opponent is MCTS or perfect play, not both");
  CHECK_THROWS_WITH(env::Episode(start, Color::Black, env::Opponent{-1, std::nullopt}),
                    "episode: mcts_playouts must be 0 or more, not -1");
}

TEST_CASE("episode: a caller's opponent is asked for each move, and an illegal pick is the engine's error",
          "[api][episode][faces]") {
  const Position start = opening(Variant::parse("lattice-5"));
  int asked = 0;
  const env::Episode first_legal(Color::White, [&](const api::AnyGame& g) {
    ++asked;
    return legal_actions(g).front();
  });
  auto game = api::make_game(start, "optimized");
  Rng rng(1);
  first_legal.reset(*game, rng);
  CHECK(asked == 1);
  CHECK(game->ply() == 1);
  const env::Episode occupied(Color::Black, [](const api::AnyGame&) { return 0LL; });
  auto other = api::make_game(start, "optimized");
  CHECK_THROWS_AS(occupied.step(*other, legal_actions(*other).front(), rng), IllegalMoveError);
  CHECK_THROWS_AS(env::Episode(Color::Black, env::Episode::Chooser{}), UsageError);
}

TEST_CASE("shared solution: one solve of a start however many threads ask at once, the same table for all",
          "[api][episode][solution][faces][solve]") {
  // A start no other test asks shared_solution for, so this test's solve is the first.
  const Position start = Position::parse("XO2/4/4/2OX X");
  const std::uint64_t before = env::shared_solution_solves();
  constexpr int kThreads = 6;
  std::vector<std::string> hashes(kThreads);
  {
    std::vector<std::thread> askers;
    for (int t = 0; t < kThreads; ++t)
      askers.emplace_back([&, t] { hashes[static_cast<std::size_t>(t)] = env::shared_solution(start).content_hash(); });
    for (std::thread& t : askers) t.join();
  }
  CHECK(env::shared_solution_solves() == before + 1);
  CHECK(std::count(hashes.begin(), hashes.end(), hashes[0]) == kThreads);
  CHECK(hashes[0] == api::Solution::solve_start(start).content_hash());
  CHECK(env::shared_solution(start).content_hash() == hashes[0]);  // later askers: no new solve
  CHECK(env::shared_solution_solves() == before + 1);
  // Larger than the strong solver's boards: refused before any solve.
  CHECK_THROWS_WITH(env::shared_solution(opening(Variant::parse("lattice-7")), "lattice-7"),
                    Catch::Contains("only boards up to 5x5 are solved on demand"));
  CHECK(env::shared_solution_solves() == before + 1);
}
