// The vector batch: many boards of one variant stepped together in C++ with a built-in opponent,
// writing observations, action masks, rewards and flags into arrays the caller owns (the engine
// under Python's tanbo.vector.TanboVectorEnv, Gymnasium VectorEnv semantics; models: EnvPool,
// Pgx). A face binds the arrays and forwards calls; it decides nothing about the boards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "tanbo/env/episode.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/core.hpp"

namespace tanbo::env {

/// Where the batch writes, per board i (arrays of num_envs rows, C-contiguous, bound once).
struct VectorOutputs {
  /// What `obs` holds per board.
  enum class Obs {
    PlanesF32,  ///< env::observation_planes as float32: 6 * N * N values
    PlanesU8,   ///< the same planes as uint8
    Board       ///< the board as int8, N * N values: 1 own stone, -1 opponent's, 0 empty
  };
  void* obs = nullptr;               ///< Per board: the observation `kind` says.
  Obs kind = Obs::PlanesF32;         ///< What `obs` holds.
  std::int8_t* mask = nullptr;       ///< Per board, N * N: the agent's legal actions when it is to move.
  double* reward = nullptr;          ///< Per board: 1 won, -1 lost or illegal action, 0 running.
  bool* terminated = nullptr;        ///< Per board: the episode ended (game over or illegal action).
  std::int8_t* winner = nullptr;     ///< Per board: -1 while running, 0 = X, 1 = O.
  std::int32_t* ply = nullptr;       ///< Per board: moves played since the reset.
  bool* illegal = nullptr;           ///< Per board: the agent's action was illegal (episode over, reward -1).
};

/// num_envs boards of one variant stepped together: the agent's action on every board, the
/// built-in opponent's answer, next-step autoreset, the outputs written into bound arrays. One
/// virtual call per batch into the board type the size picks (optimized::with_capacity_for with
/// Capacities::kWithSmall). Not thread-safe: one call at a time (the Python face enforces it).
class VectorBatch {
 public:
  virtual ~VectorBatch() = default;
  /// Board side N.
  virtual int size() const noexcept = 0;
  /// Number of boards.
  virtual std::size_t num_envs() const noexcept = 0;
  /// The arrays reset() and step() write from now on (each num_envs rows, see VectorOutputs):
  /// each board is written whole on its next reset or step. The caller keeps them alive.
  virtual void bind(const VectorOutputs& out) = 0;
  /// Restarts board i with Rng(seeds[i]) for its opponent and writes its first outputs.
  /// @pre bind() was called; seeds.size() == num_envs().
  virtual void reset(const std::vector<std::uint64_t>& seeds) = 0;
  /// Plays actions[i] (y * N + x) on board i and the opponent's answer; a board that ended on
  /// the previous call restarts instead (its action ignored); an illegal action ends the
  /// episode with reward -1 and `illegal` set. Running boards get only their changed points
  /// rewritten. @pre bind() and reset() were called; `actions` holds num_envs() entries.
  virtual void step(const std::int64_t* actions) = 0;
  /// The actions played on board i since its last reset (both sides). @throws std::out_of_range.
  virtual std::vector<int> history(std::size_t i) const = 0;
};

/// The batch for `variant`'s opening: `num_envs` boards (at least 1), the agent playing `agent`
/// against a uniformly random opponent, or MCTS with `mcts_playouts` simulations when > 0.
/// @throws UsageError for num_envs 0 or negative playouts; InvalidPositionError as the engine
/// does for the variant's opening.
std::unique_ptr<VectorBatch> make_vector_batch(const Variant& variant, std::size_t num_envs, Color agent,
                                               int mcts_playouts);

/// The batch from any start (a variant's opening or a position string's position, the side to
/// move there moving first: the opponent opens when it is not the agent), against `opponent`
/// (the episode's built-in opponent, episode.hpp: random, MCTS, or perfect play).
/// @throws UsageError for num_envs 0, or an opponent check_opponent (episode.hpp) refuses;
/// InvalidPositionError as the engine does for a start that cannot begin a game.
std::unique_ptr<VectorBatch> make_vector_batch(const Position& start, std::size_t num_envs, Color agent,
                                               const Opponent& opponent);

}  // namespace tanbo::env
