// An environment episode's rules, in one place: the agent plays one side of a game against a
// built-in opponent (uniformly random, MCTS, or perfect play from a solved start), the opponent
// moves after the agent (and first, when the start has it to move), an illegal action ends the
// episode with reward -1, a finished game gives +1 to the winner's side and -1 to the loser's.
// Python's tanbo.env.TanboEnv (through env::Episode on a game) and the vector batch
// (env::VectorBatch, vector.hpp: the same templates on its bare boards) both step by these rules,
// so they cannot drift apart. Also here: the solved starts shared by the whole process
// (shared_solution), which every perfect opponent made without a table of its own plays from.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "tanbo/api/game.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/core.hpp"
#include "tanbo/player/mcts.hpp"

namespace tanbo::env {

/// Reward of the agent's step that wins the game.
inline constexpr double kWinReward = 1.0;
/// Reward of the step in which the agent loses the game (its own move or the opponent's answer).
inline constexpr double kLossReward = -1.0;
/// Reward of an illegal action, which ends the episode (the game stays as it was).
inline constexpr double kIllegalReward = -1.0;
/// Reward of a step after which the game goes on.
inline constexpr double kRunningReward = 0.0;

/// The reward of a step after which the game is over with `winner` (the agent plays `agent`).
constexpr double final_reward(Color winner, Color agent) noexcept {
  return winner == agent ? kWinReward : kLossReward;
}

/// The built-in opponent: uniformly random (the default), MCTS, or perfect play.
struct Opponent {
  /// MCTS with this many simulations per move when > 0 (one search seeded with rng.next() per
  /// move); uniformly random when 0 (one rng.below(count) draw over the legal moves per move).
  int mcts_playouts = 0;
  /// Perfect play from this solved start (docs/solutions.md): on each move, one of the moves that
  /// keep the position's value and perfect-play length (api::best_moves of the table's probe: the
  /// fastest win, the longest defence), rng.below(count) of the row-major list choosing (one draw
  /// per move, also when there is one). The table must hold the episode's start; every position
  /// reachable from it is then held too. shared_solution() gives the process's one table of a start.
  std::optional<api::Solution> perfect;
};

/// Checks an opponent for episodes from `start`, naming `who` in the error.
/// @throws UsageError for negative playouts, both MCTS and perfect play, or a table that does
/// not hold `start` (naming both).
void check_opponent(const Opponent& opponent, const Position& start, const std::string& who);

/// The perfect opponent's choice in `pos` (see Opponent::perfect): api::best_moves' entry
/// rng.below(count). Unlike solve::perfect_move, which always takes the first best move in
/// row-major order (the line a table answers), an opponent draws among the best moves so that an
/// agent meets every perfect reply. @throws UsageError when the table does not hold `pos` (naming
/// both).
Point perfect_opponent_move(const api::Solution& table, const Position& pos, Rng& rng);

/// opponent_vertex's MCTS or perfect move (out of line).
template <class Board>
[[gnu::noinline]] optimized::Vertex searching_opponent_vertex(const Board& board, const Opponent& opponent,
                                                              Rng& rng) {
  if (opponent.perfect) return Board::vertex(perfect_opponent_move(*opponent.perfect, board.position(), rng));
  player::Mcts<Board> mcts(opponent.mcts_playouts, rng.next());
  return mcts.choose(board);
}

/// The built-in opponent's move on a bare optimized board (the vector batch's), for its side to
/// move in a running game. The random pick is the board's dense legal list (an O(1) pick; not
/// row-major, so not the game's random_move). MCTS and perfect play stay out of line: the random
/// opponent's path is what the vector benchmarks count in instructions.
template <class Board>
[[gnu::always_inline]] inline optimized::Vertex opponent_vertex(const Board& board, const Opponent& opponent,
                                                                  bool searching, Rng& rng) {
  if (searching) [[unlikely]]
    return searching_opponent_vertex(board, opponent, rng);
  const auto legal = board.legal_vertices();
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

/// The built-in opponent's move on a game, as a row-major action (y * N + x): the random pick
/// is the game's random_move (legal_moves()[rng.below(n)], the same on both engines), MCTS is
/// player::mcts_move (tanbo/player/mcts.hpp), perfect play perfect_opponent_move(). @throws UsageError once the game is
/// over, or as perfect_opponent_move().
int opponent_action(const api::AnyGame& game, const Opponent& opponent, Rng& rng);

/// How one step of an episode ended.
enum class StepEnd {
  Running,  ///< The game goes on, the agent to move.
  Over,     ///< The game is over (the agent's move or the opponent's answer ended it).
  Illegal   ///< The agent's action was illegal: the episode is over, the game unchanged.
};

/// The step's reward: kRunningReward, final_reward(winner), or kIllegalReward.
/// @pre `winner` has a value when `end` is Over.
constexpr double step_reward(StepEnd end, std::optional<Color> winner, Color agent) noexcept {
  switch (end) {
    case StepEnd::Running: return kRunningReward;
    case StepEnd::Over: return final_reward(*winner, agent);
    case StepEnd::Illegal: break;
  }
  return kIllegalReward;
}

/// The opponent's turns: while the game runs and `to_move()` is not `agent`, `play_opponent()`
/// plays the opponent's move and says whether it ended the game. Returns whether the game is
/// over. What reset (when the start has the opponent to move) and every step share.
template <class ToMove, class PlayOpponent>
[[gnu::always_inline]] inline bool opponent_turns(bool over, Color agent, ToMove&& to_move,
                                                  PlayOpponent&& play_opponent) {
  while (!over && to_move() != agent) over = play_opponent();
  return over;
}

/// One step of an episode: `legal` says whether the agent's action is legal (an illegal one ends
/// the episode, nothing played); `play_agent()` plays it and says whether that ended the game;
/// then the opponent's turns (opponent_turns). Inlined into the vector batch's loop.
template <class PlayAgent, class ToMove, class PlayOpponent>
[[gnu::always_inline]] inline StepEnd episode_step(bool legal, Color agent, PlayAgent&& play_agent, ToMove&& to_move,
                                                   PlayOpponent&& play_opponent) {
  if (!legal) return StepEnd::Illegal;
  const bool over = opponent_turns(play_agent(), agent, to_move, play_opponent);
  return over ? StepEnd::Over : StepEnd::Running;
}

/// What one step (or a reset) of an Episode did.
struct StepResult {
  double reward = kRunningReward;  ///< step_reward(): +1 won, -1 lost or illegal, 0 running.
  bool terminated = false;         ///< The episode is over (game over or illegal action).
  bool illegal = false;            ///< The agent's action was illegal (nothing played).
  std::optional<Color> winner;     ///< The game's winner, once over.
};

/// One board's episode on a game (any engine): the agent plays `agent` against `opponent`. It
/// holds the rules' parameters, not the game or the opponent's generator: the caller owns both
/// (Python's TanboEnv keeps its tanbo.Game and its opponent's tanbo.Rng, which users read).
class Episode {
 public:
  /// The opponent's move chosen by the caller (a Python callable): a row-major action.
  using Chooser = std::function<long long(const api::AnyGame&)>;

  /// An episode from `start` against a built-in opponent. @throws UsageError as check_opponent.
  Episode(const Position& start, Color agent, Opponent opponent);
  /// An episode against the caller's opponent: `choose` picks its moves (an illegal pick throws
  /// the engine's IllegalMoveError).
  Episode(Color agent, Chooser choose);

  /// The agent's side.
  Color agent() const noexcept { return agent_; }
  /// The built-in opponent (empty perfect table and 0 playouts: random, or the caller's chooser).
  const Opponent& opponent() const noexcept { return opponent_; }

  /// Starts the episode on `game` (at its start): the opponent plays first when it is to move,
  /// its choices drawn from `rng` (seeded by the caller: same seed and actions, same episode).
  StepResult reset(api::AnyGame& game, Rng& rng) const;
  /// Plays the agent's `action` (y * N + x) and the opponent's answer on `game`. An illegal
  /// action (off the board or not a legal move) ends the episode with kIllegalReward and the
  /// game unchanged. @pre the episode runs (the game is not over, the agent to move).
  StepResult step(api::AnyGame& game, long long action, Rng& rng) const;
  /// The opponent's move on `game` as a row-major action (the built-in's, or the chooser's).
  long long opponent_action(const api::AnyGame& game, Rng& rng) const;

 private:
  StepResult result(const api::AnyGame& game, StepEnd end) const;
  Color agent_;
  Opponent opponent_;
  Chooser choose_;  // empty: the built-in opponent
};

/// The solved start `start` (strongly solved with api::Solution::solve_start's default budget), solved
/// once per process and kept for its lifetime: every later call, from any thread, gets the same
/// table (api::Solution copies share it). Concurrent first callers for one start wait for the one solve.
/// This cache is the api's one piece of process-wide state, deliberately: it holds immutable,
/// deterministic results (a start's table is the same whoever solves it), and a perfect opponent
/// per environment would otherwise cost a solve each (lattice-5: about 4 CPU-seconds and 100 MB).
/// `start_text` names the table (api::Solution::start_text) when this call solves it.
/// @throws UsageError for a board larger than api::kMaxStrongSize or a start over the budget (a
/// failed solve is not kept: the next call tries again); InvalidPositionError for a start that
/// cannot begin a game.
api::Solution shared_solution(const Position& start, const std::string& start_text = "");

/// How many strong solves shared_solution() has run in this process (for tests: one per start).
std::uint64_t shared_solution_solves() noexcept;
/// How many of them were of `start` (0 or 1, unless a solve failed and was tried again).
std::uint64_t shared_solution_solves(const Position& start);

}  // namespace tanbo::env
