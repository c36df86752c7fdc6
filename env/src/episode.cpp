// env::Episode on a game (any engine), the opponents' choices off the batch's hot path, and the
// process's shared solved starts (episode.hpp). The rules themselves (rewards, the illegal
// action, who moves when) are episode.hpp's templates, which the vector batch inlines too.
#include "tanbo/env/episode.hpp"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/player/mcts.hpp"

namespace tanbo::env {

void check_opponent(const Opponent& opponent, const Position& start, const std::string& who) {
  if (opponent.mcts_playouts < 0)
    throw UsageError(who + ": mcts_playouts must be 0 or more, not " + std::to_string(opponent.mcts_playouts));
  if (opponent.mcts_playouts > 0 && opponent.perfect)
    throw UsageError(who + ": the opponent is MCTS or perfect play, not both");
  // The table answers every position reachable from one it holds, so holding the start is enough.
  if (opponent.perfect && (opponent.perfect->start().size() != start.size() || !opponent.perfect->probe(start).outcome.known()))
    throw UsageError(who + ": the perfect opponent's table of " + opponent.perfect->start_text() +
                     " does not hold the start " + start.to_string());
}

Point perfect_opponent_move(const api::Solution& table, const Position& pos, Rng& rng) {
  const std::vector<Point> best = api::best_moves(table.probe(pos, false));
  if (best.empty())
    throw UsageError("the perfect opponent's table of " + table.start_text() + " does not hold the position " +
                     pos.to_string());
  return best[rng.below(static_cast<std::uint32_t>(best.size()))];
}

int opponent_action(const api::AnyGame& game, const Opponent& opponent, Rng& rng) {
  if (game.is_over()) throw UsageError("the opponent's move: the game is over");
  const int n = game.size();
  if (opponent.perfect) return row_major_index(perfect_opponent_move(*opponent.perfect, game.position(), rng), n);
  if (opponent.mcts_playouts > 0) return row_major_index(player::mcts_move(game, opponent.mcts_playouts, rng.next()), n);
  return row_major_index(game.random_move(rng), n);
}

Episode::Episode(const Position& start, Color agent, Opponent opponent)
    : agent_(agent), opponent_(std::move(opponent)) {
  check_opponent(opponent_, start, "episode");
}

Episode::Episode(Color agent, Chooser choose) : agent_(agent), choose_(std::move(choose)) {
  if (!choose_) throw UsageError("episode: the opponent's chooser is empty");
}

long long Episode::opponent_action(const api::AnyGame& game, Rng& rng) const {
  return choose_ ? choose_(game) : env::opponent_action(game, opponent_, rng);
}

StepResult Episode::result(const api::AnyGame& game, StepEnd end) const {
  StepResult out;
  out.winner = game.winner();
  out.reward = step_reward(end, out.winner, agent_);
  out.terminated = end != StepEnd::Running;
  out.illegal = end == StepEnd::Illegal;
  return out;
}

namespace {

/// Plays the opponent's move on `game` and says whether the game is over.
bool play_opponent(const Episode& episode, api::AnyGame& game, Rng& rng) {
  api::play_index(game, episode.opponent_action(game, rng), "the opponent's move");
  return game.is_over();
}

}  // namespace

StepResult Episode::reset(api::AnyGame& game, Rng& rng) const {
  const bool over = opponent_turns(
      game.is_over(), agent_, [&] { return game.to_move(); }, [&] { return play_opponent(*this, game, rng); });
  return result(game, over ? StepEnd::Over : StepEnd::Running);
}

StepResult Episode::step(api::AnyGame& game, long long action, Rng& rng) const {
  if (game.is_over() || game.to_move() != agent_)
    throw UsageError("episode step: the episode is over or the opponent is to move");
  const int n = game.size();
  const auto legal = [&] {
    const auto p = api::index_point(n, action);
    return p && game.is_legal(*p);
  }();
  const StepEnd end = episode_step(
      legal, agent_,
      [&] {
        api::play_index(game, action, "action");
        return game.is_over();
      },
      [&] { return game.to_move(); }, [&] { return play_opponent(*this, game, rng); });
  return result(game, end);
}

// The shared solved starts: one entry per start (its position string), each solved under its
// own once-flag, so one start's solve does not hold up another's, and the map's lock is held
// only to find or add an entry.
namespace {

struct SharedStart {
  std::once_flag solved;
  std::optional<api::Solution> table;
  std::atomic<std::uint64_t> solves{0};  // solves run for this start (more than one only after failures)
};

struct SharedStarts {
  std::mutex lock;
  std::map<std::string, std::shared_ptr<SharedStart>> by_start;
  std::atomic<std::uint64_t> solves{0};
};

SharedStarts& shared_starts() {
  static SharedStarts starts;  // the process-wide cache (see shared_solution's comment)
  return starts;
}

}  // namespace

api::Solution shared_solution(const Position& start, const std::string& start_text) {
  if (start.size() > api::kMaxStrongSize)
    throw UsageError(start_text + " is " + std::to_string(start.size()) + "x" + std::to_string(start.size()) +
                     ": only boards up to " + std::to_string(api::kMaxStrongSize) + "x" + std::to_string(api::kMaxStrongSize) +
                     " are solved on demand (tanbo solve; docs/solutions.md)");
  SharedStarts& starts = shared_starts();
  std::shared_ptr<SharedStart> entry;
  {
    const std::lock_guard<std::mutex> hold(starts.lock);
    auto& slot = starts.by_start[start.to_string()];
    if (!slot) slot = std::make_shared<SharedStart>();
    entry = slot;
  }
  // A solve that throws leaves the flag unset: the next caller tries again.
  std::call_once(entry->solved, [&] {
    starts.solves.fetch_add(1, std::memory_order_relaxed);
    entry->solves.fetch_add(1, std::memory_order_relaxed);
    entry->table = api::Solution::solve_start(start, api::kDefaultMaxClasses, start_text);
  });
  return *entry->table;
}

std::uint64_t shared_solution_solves() noexcept { return shared_starts().solves.load(std::memory_order_relaxed); }

std::uint64_t shared_solution_solves(const Position& start) {
  SharedStarts& starts = shared_starts();
  const std::lock_guard<std::mutex> hold(starts.lock);
  const auto found = starts.by_start.find(start.to_string());
  return found == starts.by_start.end() ? 0 : found->second->solves.load(std::memory_order_relaxed);
}

}  // namespace tanbo::env
