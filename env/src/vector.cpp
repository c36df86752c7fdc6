// env::VectorBatch: many boards stepped together in C++, the engine under Python's
// tanbo.vector.TanboVectorEnv (Gymnasium VectorEnv semantics; models: EnvPool, Pgx). One call
// applies a batch of agent actions, lets the built-in opponent (random, MCTS, or perfect play from
// a solved start's table) answer on every board inside C++ by the episode rules of episode.hpp
// (inlined per board: the rewards, the illegal action, the opponent's turns and choice are
// written there, not here), auto-resets boards whose episode
// ended on the previous call (Gymnasium's next-step mode) and writes observations, action masks,
// rewards and flags into arrays the caller owns (Python's binding hands it numpy arrays and
// releases the GIL around each call).
//
// The arrays are bound once (bind()) and hold what the previous call wrote, so a board
// that keeps running only gets the points its two moves changed rewritten: each plane and mask
// entry of a point depends only on that point and its four neighbours, so the placed stones,
// the removed stones and their neighbours are all that can differ. A board that ends is written
// from its changes too (what ends with the episode is filled in), a board that restarts gets the
// opening's outputs copied, and one that sees an illegal action is rewritten whole.
#include "tanbo/env/vector.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "planes.hpp"
#include "tanbo/env/episode.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::env {
namespace {

template <class Board>
class BatchOn final : public VectorBatch {
  using Obs = VectorOutputs::Obs;
  using Vertex = optimized::Vertex;

 public:
  BatchOn(const Board& proto, std::size_t num_envs, Color agent, const Opponent& rival)
      : proto_(proto), agent_(agent), opponent_(rival),
        searching_(rival.mcts_playouts > 0 || rival.perfect.has_value()),
        slots_(num_envs, Slot{proto_}), index_(Board::kVertices, -1), around_(Board::kVertices),
        changed_(2 * (Board::kVertices + 1)) {
    const int n = proto_.size();
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const Vertex v = Board::vertex({x, y});
        index_[v] = y * n + x;
        vertex_.push_back(v);
      }
    for (const Vertex v : vertex_) {
      auto& points = around_[v].point;
      std::size_t count = 0;
      for (const int d : {0, 1, -1, Board::kWidth, -Board::kWidth}) {
        const auto w = static_cast<Vertex>(v + d);
        if (index_[w] >= 0) points[count++] = {w, static_cast<std::uint16_t>(index_[w])};
      }
      while (count < points.size()) points[count++] = points[0];  // on the edge: the point again
    }
    cell_value_[static_cast<std::size_t>(stone(agent))] = 1;
    cell_value_[static_cast<std::size_t>(stone(opponent(agent)))] = -1;
  }

  int size() const noexcept override { return proto_.size(); }
  std::size_t num_envs() const noexcept override { return slots_.size(); }

  void bind(const VectorOutputs& out) override {
    out_ = out;
    for (Slot& s : slots_) s.steady = false;
    // The start as the agent sees it on its first turn (the agent to move: plane 5 is whether the
    // agent is X), before the opponent's opening move if the opponent is to move at the start
    // (the write after a restart adds that move as a change).
    with_kind([&]<Obs K>() {
      const std::size_t nn = vertex_.size();
      opening_obs_.assign(obs_bytes<K>(), 0);
      opening_mask_.assign(nn, 0);
      render<K>(proto_, true, agent_ == Color::Black, opening_obs_.data(), opening_mask_.data());
    });
  }

  void reset(const std::vector<std::uint64_t>& seeds) override {
    with_kind([&]<Obs K>() {
      for (std::size_t i = 0; i < slots_.size(); ++i) {
        slots_[i].rng = Rng(seeds[i]);
        start<K>(i);
      }
    });
  }

  void step(const std::int64_t* actions) override {
    with_kind([&]<Obs K>() {
      agent_ == Color::Black ? step_as<K, Color::Black>(actions) : step_as<K, Color::White>(actions);
    });
  }

  std::vector<int> history(std::size_t i) const override {
    std::vector<int> out;
    const Slot& s = slots_.at(i);
    for (int k = 0; k < s.board.ply(); ++k) out.push_back(index_[s.moves[static_cast<std::size_t>(k)]]);
    return out;
  }

 private:
  struct Slot {
    explicit Slot(const Board& b) : board(b) {}
    Board board;
    Rng rng{0};
    // Moves played since the reset (both sides), for replays: the first board.ply() entries
    // (set, not pushed: g++ kept push_back out of line, a call per move).
    std::vector<Vertex> moves;
    bool done = false;
    // The arrays hold this board's running, agent-to-move outputs (the only state
    // write_changed() updates: plane 5 stays as it is, and every growth point is live).
    bool steady = false;
  };

  /// Calls f.template operator()<K>() for the bound arrays' kind: the per-point writes then
  /// have no switch.
  template <class F>
  void with_kind(F&& f) {
    switch (out_.kind) {
      case Obs::PlanesF32: f.template operator()<Obs::PlanesF32>(); break;
      case Obs::PlanesU8: f.template operator()<Obs::PlanesU8>(); break;
      case Obs::Board: f.template operator()<Obs::Board>(); break;
    }
  }

  /// The step loop for one kind of arrays and one agent (both constants in the per-point code).
  template <Obs K, Color Agent>
  void step_as(const std::int64_t* actions) {
    const std::int64_t points = static_cast<std::int64_t>(vertex_.size());
    const std::size_t count = slots_.size();
    for (std::size_t i = 0; i < count; ++i) {
      Slot& s = slots_[i];
      if (i + kAhead < count) prefetch(i + kAhead);
      if (s.done) {  // next-step autoreset: this call's action for board i is ignored
        start<K>(i);
        continue;
      }
      const std::int64_t a = actions[i];
      // Not done: the game runs and the agent is to move, so legal means a growth point of its.
      const bool legal = a >= 0 && a < points && s.board.is_growth_vertex(Agent, vertex_[static_cast<std::size_t>(a)]);
      // The agent's move, then the opponent's turns (play() says whether a move ended the game:
      // only a removal can). Moves alternate (rule 2), so the side to move is known without
      // asking the board: the opponent after the agent's move, the agent after the opponent's
      // (the loop of opponent_turns then folds into exactly one opponent move).
      Vertex* changed = changed_.data();
      bool opponent_to_move = true;
      const StepEnd end = episode_step(
          legal, Agent,
          [&] {
            bool ended = false;
            changed = play(s, vertex_[static_cast<std::size_t>(a)], changed, ended);
            return ended;
          },
          [&] {
            const bool theirs = std::exchange(opponent_to_move, false);
            assert(s.board.to_move() == (theirs ? opponent(Agent) : Agent));
            return theirs ? opponent(Agent) : Agent;
          },
          [&] {
            bool ended = false;
            changed = play(s, opponent_move(s), changed, ended);
            return ended;
          });
      if (end == StepEnd::Illegal) [[unlikely]] {
        s.done = true;
        write_whole<K>(i, step_reward(end, std::nullopt, Agent), true);
        continue;
      }
      s.done = end == StepEnd::Over;
      if (!s.steady)  // new arrays (bind)
        write_whole<K>(i, step_reward(end, s.board.winner(), Agent), false);
      else
        s.done ? write_changed<K, Agent, true>(i, changed) : write_changed<K, Agent, false>(i, changed);
    }
  }

  static constexpr std::size_t kAhead = 2;
  /// Brings board i into the L1 cache a couple of boards before its turn: its slot, one
  /// prefetch per cache line, unrolled at compile time (a loop costs instructions per line),
  /// the history entry its next move writes (a heap block of its own) and its mask row.
  void prefetch(std::size_t i) const {
    const Slot& s = slots_[i];
    prefetch_lines(reinterpret_cast<const char*>(&s), std::make_index_sequence<(sizeof(Slot) + 63) / 64>{});
    const auto ply = static_cast<std::size_t>(s.board.ply());
    if (ply < s.moves.size()) __builtin_prefetch(s.moves.data() + ply, 1);
    __builtin_prefetch(out_.mask + i * vertex_.size(), 1);
  }
  template <std::size_t... Line>
  static void prefetch_lines(const char* p, std::index_sequence<Line...>) {
    (__builtin_prefetch(p + 64 * Line), ...);
  }

  /// Plays the legal move v on s's board and appends the points it changed at `changed` (the
  /// stone and the removed stones); returns the new end. Inlined into the step loop.
  /// `ended`: the move ended the game.
  [[gnu::always_inline]] inline Vertex* play(Slot& s, Vertex v, Vertex* changed, bool& ended) {
    const auto ply = static_cast<std::size_t>(s.board.ply());
    if (ply >= s.moves.size()) [[unlikely]]
      s.moves.resize(2 * ply + 64);
    s.moves[ply] = v;
    // Nothing here lists moves in row-major order: the bitsets' upkeep is left out.
    const optimized::MoveRecord rec = s.board.play_vertex_unordered(v);
    *changed++ = v;
    if (rec.removed_roots > 0) [[unlikely]] {
      s.board.for_each_removed_stone(rec, [&changed](Vertex r) { *changed++ = r; });
      ended = s.board.is_over();
    }
    return changed;
  }

  /// The element type of the planes.
  template <Obs K>
  using Plane = std::conditional_t<K == Obs::PlanesF32, float, std::uint8_t>;
  /// The plane writer of board i's observation (planes.hpp), for the planes kinds.
  template <Obs K>
  PlaneWriter<Plane<K>> planes_of(void* obs, Color agent) const noexcept {
    return PlaneWriter<Plane<K>>(static_cast<Plane<K>*>(obs), vertex_.size(), agent);
  }

  /// Where board i's outputs go, read into locals first: the int8 stores may alias any member,
  /// which the compiler would otherwise reload after each.
  template <Obs K>
  struct Target {
    std::int8_t* mask;
    std::int8_t* cells;            // the board observation (K == Obs::Board)
    PlaneWriter<Plane<K>> planes;  // the planes (otherwise)
  };
  /// Board i's Target; the agent a constant (the planes' own-stone tests compare with one).
  template <Obs K, Color Agent>
  [[gnu::always_inline]] Target<K> target(std::size_t i, const VectorOutputs& out) const {
    const std::size_t nn = vertex_.size();
    void* obs = static_cast<unsigned char*>(out.obs) + i * obs_bytes<K>();
    return {out.mask + i * nn, static_cast<std::int8_t*>(obs), planes_of<K>(obs, Agent)};
  }

  /// Both sides' moves at point k (vertex v): the mask and planes 3-4. Both reads before any
  /// store: an int8 store may alias the board, which would be re-read. The agent is a template
  /// argument: the growth tests' field shifts are then constants.
  template <Obs K, Color Agent>
  [[gnu::always_inline]] static void write_moves(const Board& b, Vertex v, std::size_t k, const Target<K>& t) {
    const bool mine = b.is_growth_vertex(Agent, v);
    [[maybe_unused]] const bool theirs = K != Obs::Board && b.is_growth_vertex(opponent(Agent), v);
    t.mask[k] = std::int8_t(mine);
    if constexpr (K != Obs::Board) t.planes.moves(k, mine, theirs);
  }

  /// What point k (vertex v) holds: planes 0-2, or the board observation's value by cell.
  template <Obs K>
  [[gnu::always_inline]] static void write_contents(const Board& b, Vertex v, std::size_t k, const Target<K>& t,
                                                    const std::array<std::int8_t, 4>& cell_value) {
    const Cell c = b.at_vertex(v);
    if constexpr (K == Obs::Board)
      t.cells[k] = cell_value[static_cast<std::size_t>(c)];
    else
      t.planes.contents(k, c);
  }

  /// What ends with board i's episode, after its changed points: no moves for either side, the
  /// mask empty, the result.
  template <Obs K, Color Agent>
  [[gnu::always_inline]] void write_end(std::size_t i, const Board& b, const Target<K>& t, const VectorOutputs& out) const {
    std::fill_n(t.mask, vertex_.size(), std::int8_t{0});
    if constexpr (K != Obs::Board) {
      t.planes.no_moves();
      t.planes.x_to_move(b.to_move() == Color::Black);
    }
    out.reward[i] = final_reward(*b.winner(), Agent);
    out.terminated[i] = true;
    out.winner[i] = static_cast<std::int8_t>(*b.winner());
  }

  /// Rewrites the points in changed_ (up to `end`) and their neighbours (see the file comment)
  /// of a board whose arrays hold its previous steady outputs and which is again running, agent
  /// to move: the contents of the changed points (write_contents) and the growth points of both
  /// sides around them (write_moves). Branch-free where the count varies (mispredictions cost
  /// more than the writes): the two placed stones are written without a loop, each point's
  /// five-point neighbourhood is a fixed-size table, the board's values a table by cell.
  /// kEnded: the game ended in this step (the rarer call): the changed points' contents, then
  /// write_end(); a fraction of write_whole()'s work, which would redo every point.
  template <Obs K, Color Agent, bool kEnded>
  void write_changed(std::size_t i, const Vertex* end) {
    if constexpr (kEnded) slots_[i].steady = false;
    const Board& b = slots_[i].board;
    const VectorOutputs out = out_;
    const int* index = index_.data();
    const Around* around = around_.data();
    const std::array<std::int8_t, 4> cell_value = cell_value_;
    const Target<K> t = target<K, Agent>(i, out);
    // reward 0, not terminated, legal, no winner: already there (the board is steady).
    out.ply[i] = b.ply();
    auto rewrite = [&](Vertex v) {
      write_contents<K>(b, v, static_cast<std::size_t>(index[v]), t, cell_value);
      if constexpr (!kEnded)
        for (const auto& [w, kw] : around[v].point) write_moves<K, Agent>(b, w, kw, t);
    };
    const Vertex* p = changed_.data();
    if constexpr (kEnded) {
      for (; p != end; ++p) rewrite(*p);
      write_end<K, Agent>(i, b, t, out);
      return;
    }
    // The agent's stone, then (nearly always exactly) the opponent's: unrolled once, so the loop
    // exit is predictable; one point only after a restart (the opponent's opening move).
    assert(end - p >= 1);
    rewrite(*p);
    for (++p; p != end; ++p) rewrite(*p);  // the opponent's stone; removed stones, if any
  }

  /// The opponent's turns at a restart (opponent_turns: it opens when the start has it to
  /// move); appends the changed points as play() does.
  Vertex* answer(Slot& s, Vertex* changed) {
    opponent_turns(
        s.board.is_over(), agent_, [&] { return s.board.to_move(); },
        [&] {
          bool ended = false;
          changed = play(s, opponent_move(s), changed, ended);
          return ended;
        });
    return changed;
  }

  /// The opponent's choice in a running game (episode.hpp's opponent_vertex: the random pick
  /// inlined; MCTS and perfect play out of line). The perfect opponent's table holds the start
  /// (make_vector_batch checked), so it holds every position of the game.
  [[gnu::always_inline]] inline Vertex opponent_move(Slot& s) const {
    return opponent_vertex(s.board, opponent_, searching_, s.rng);
  }

  /// Restarts board i and writes its outputs: the start's, copied, and the opponent's opening
  /// move (when the start has it to move) as a change; write_whole() only if that move ended
  /// the game.
  template <Obs K>
  void start(std::size_t i) {
    Slot& s = slots_[i];
    s.board = proto_;  // a flat value: the copy is a memcpy
    const Vertex* end = answer(s, changed_.data());  // as O, the opponent opens
    s.done = s.board.is_over();
    if (s.done) {
      write_whole<K>(i, final_reward(*s.board.winner(), agent_), false);
      return;
    }
    const std::size_t nn = vertex_.size();
    std::memcpy(static_cast<unsigned char*>(out_.obs) + i * obs_bytes<K>(), opening_obs_.data(), obs_bytes<K>());
    std::memcpy(out_.mask + i * nn, opening_mask_.data(), nn);
    out_.reward[i] = kRunningReward;
    out_.terminated[i] = false;
    out_.illegal[i] = false;
    out_.winner[i] = -1;
    out_.ply[i] = s.board.ply();
    s.steady = true;
    if (end != changed_.data())
      agent_ == Color::Black ? write_changed<K, Color::Black, false>(i, end) : write_changed<K, Color::White, false>(i, end);
  }

  /// Bytes of one board's observation.
  template <Obs K>
  std::size_t obs_bytes() const noexcept {
    if constexpr (K == Obs::Board)
      return vertex_.size();
    else
      return 6 * vertex_.size() * sizeof(Plane<K>);
  }

  /// All of board i's outputs. The planes are Game.observation_tensor(agent)'s six (own,
  /// opponent, empty, own moves, opponent moves, X to move): a side's move plane is its growth
  /// points (rule 3: its legal moves when it is to move) while the game runs, and the agent's is
  /// the mask, empty once its episode ended (also on an illegal action).
  template <Obs K>
  void write_whole(std::size_t i, double reward, bool illegal) {
    Slot& s = slots_[i];
    const Board& b = s.board;
    s.steady = !s.done && b.to_move() == agent_;
    const VectorOutputs out = out_;
    out.reward[i] = reward;
    out.terminated[i] = s.done;
    out.illegal[i] = illegal;
    const auto w = b.winner();
    out.winner[i] = w ? static_cast<std::int8_t>(*w) : std::int8_t{-1};
    out.ply[i] = b.ply();
    const std::size_t nn = vertex_.size();
    // live: the agent is to move in a running game
    render<K>(b, !s.done, b.to_move() == Color::Black, static_cast<unsigned char*>(out.obs) + i * obs_bytes<K>(),
              out.mask + i * nn);
  }

  /// One board's observation and mask into `obs` and `mask` (write_whole()'s per-point part):
  /// the planes by the one plane writer, the board observation by cell.
  template <Obs K>
  void render(const Board& b, bool live, bool x_moves, void* obs, std::int8_t* mask) const {
    if constexpr (K == Obs::Board) {
      const std::size_t nn = vertex_.size();
      for (std::size_t k = 0; k < nn; ++k) {
        const Vertex v = vertex_[k];
        mask[k] = std::int8_t(live && b.is_growth_vertex(agent_, v));
        static_cast<std::int8_t*>(obs)[k] = cell_value_[static_cast<std::size_t>(b.at_vertex(v))];
      }
    } else {
      planes_of<K>(obs, agent_).whole(b, vertex_.data(), live, x_moves, mask);
    }
  }

  Board proto_;  // the start
  Color agent_;
  Opponent opponent_;
  bool searching_;  // the opponent is MCTS or perfect play, not random
  std::vector<Slot> slots_;
  VectorOutputs out_;  // the bound arrays
  std::vector<int> index_;      // action (y * N + x) of each vertex, -1 on the border
  std::vector<Vertex> vertex_;  // vertex of each action
  /// A point and its on-board orthogonal neighbours: what a change at the point can affect
  /// (always five entries; the point itself fills the places of the border).
  struct Around {
    struct Entry {
      Vertex vertex;
      std::uint16_t index;  // its action, y * N + x
    };
    std::array<Entry, 5> point{};
  };
  std::vector<Around> around_;   // by vertex; empty on the border
  std::array<std::int8_t, 4> cell_value_{};  // the board observation's value of each Cell
  std::vector<Vertex> changed_;  // points the current board's moves changed (room for two moves)
  std::vector<unsigned char> opening_obs_;  // the opening's observation (bind())
  std::vector<std::int8_t> opening_mask_;   // and mask
};

}  // namespace

namespace {

// The checks both overloads share (the opponent's are the episode's: check_opponent).
void check_batch(std::size_t num_envs, const Opponent& opponent, const Position& start) {
  if (num_envs == 0) throw UsageError("vector batch: num_envs must be at least 1");
  check_opponent(opponent, start, "vector batch");
}

// The batch on the board type the size picks; `setup` is what the board is built from (a
// Variant for its opening, or a Position).
template <class Setup>
std::unique_ptr<VectorBatch> batch_for(int size, const Setup& setup, std::size_t num_envs, Color agent,
                                       const Opponent& opponent) {
  return optimized::with_capacity_for<optimized::Capacities::kWithSmall>(
      size, [&](auto capacity) -> std::unique_ptr<VectorBatch> {
        using Board = optimized::BasicBoard<capacity()>;
        return std::make_unique<BatchOn<Board>>(Board(setup), num_envs, agent, opponent);
      });
}

}  // namespace

std::unique_ptr<VectorBatch> make_vector_batch(const Variant& variant, std::size_t num_envs, Color agent,
                                               int mcts_playouts) {
  const Opponent opponent{mcts_playouts, std::nullopt};
  check_batch(num_envs, opponent, opening(variant));
  return batch_for(variant.size, variant, num_envs, agent, opponent);
}

std::unique_ptr<VectorBatch> make_vector_batch(const Position& start, std::size_t num_envs, Color agent,
                                               const Opponent& opponent) {
  check_batch(num_envs, opponent, start);
  return batch_for(start.size(), start, num_envs, agent, opponent);
}

}  // namespace tanbo::env
