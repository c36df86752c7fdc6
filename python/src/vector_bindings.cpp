// tanbo._core.VectorGames: many boards stepped together in C++, the engine under
// tanbo.vector.TanboVectorEnv (Gymnasium VectorEnv semantics; models: EnvPool, Pgx). One call
// applies a batch of agent actions, lets the built-in opponent answer on every board inside C++,
// auto-resets boards whose episode ended on the previous call (Gymnasium's next-step mode) and
// writes observations, action masks, rewards, flags and infos into numpy arrays the caller
// owns, without the GIL. Python loops over nothing: that is what makes it fast.
//
// When the caller hands back the arrays of the previous call (Outputs::incremental), a board
// that keeps running only gets the points its two moves changed rewritten: each plane and mask
// entry of a point depends only on that point and its four neighbours, so the placed stones,
// the removed stones and their neighbours are all that can differ. Boards that reset, end or
// see an illegal action are rewritten whole.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "convert.hpp"
#include "tanbo/api/mcts.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::python {
namespace {

/// Where one call writes, per board i (arrays of num_envs rows, C-contiguous).
struct Outputs {
  enum class Obs { PlanesF32, PlanesU8, Board };
  void* obs = nullptr;  // per board: (6, N, N) float32 or uint8 planes, or the (N, N) int8 board
  Obs kind = Obs::PlanesF32;
  std::int8_t* mask = nullptr;  // (N*N) per board: the agent's legal actions when it is to move
  double* reward = nullptr;
  bool* terminated = nullptr;
  std::int8_t* winner = nullptr;  // -1 while running, 0 = X, 1 = O
  std::int32_t* ply = nullptr;
  bool* illegal = nullptr;  // the agent's action was illegal (the episode ended, reward -1)
  // The arrays hold what the previous call wrote (same arrays, untouched since): a running board
  // may then get only its changed points rewritten.
  bool incremental = false;
};

/// The batch for one board type (BasicBoard<9> up to 9x9, Board19 up to 19x19, Board beyond),
/// behind one virtual call per batch.
class Batch {
 public:
  virtual ~Batch() = default;
  virtual int size() const noexcept = 0;
  virtual void reset(const std::vector<std::uint64_t>& seeds, const Outputs& out) = 0;
  virtual void step(const std::int64_t* actions, const Outputs& out) = 0;
  virtual std::vector<int> history(std::size_t i) const = 0;
};

template <class Board>
class BatchOn final : public Batch {
 public:
  BatchOn(const Variant& variant, std::size_t num_envs, Color agent, int mcts_playouts)
      : proto_(variant), agent_(agent), mcts_playouts_(mcts_playouts),
        slots_(num_envs, Slot{proto_}) {}

  int size() const noexcept override { return proto_.size(); }

  void reset(const std::vector<std::uint64_t>& seeds, const Outputs& out) override {
    last_ = out;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      slots_[i].rng = Rng(seeds[i]);
      restart(slots_[i]);
      write(i, out, 0.0, false);
    }
  }

  void step(const std::int64_t* actions, const Outputs& out) override {
    const int n = proto_.size();
    // Trust the arrays' contents only if they are the very arrays this batch last wrote.
    const bool same = out.incremental && out.obs == last_.obs && out.kind == last_.kind &&
                      out.mask == last_.mask;
    last_ = out;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      Slot& s = slots_[i];
      if (s.done) {  // next-step autoreset: this call's action for board i is ignored
        restart(s);
        write(i, out, 0.0, false);
        continue;
      }
      const std::int64_t a = actions[i];
      const Point p{static_cast<int>(a % std::max(n, 1)), static_cast<int>(a / std::max(n, 1))};
      if (a < 0 || a >= static_cast<std::int64_t>(n) * n || !s.board.is_legal(p)) {
        s.done = true;
        write(i, out, -1.0, true);
        continue;
      }
      changed_.clear();
      play(s, Board::vertex(p));
      answer(s);
      s.done = s.board.is_over();
      if (same && s.steady && !s.done)
        write_changed(i, out);
      else
        write(i, out, s.done ? (*s.board.winner() == agent_ ? 1.0 : -1.0) : 0.0, false);
    }
  }

  std::vector<int> history(std::size_t i) const override { return slots_.at(i).moves; }

 private:
  struct Slot {
    explicit Slot(const Board& b) : board(b) {}
    Board board;
    Rng rng{0};
    std::vector<int> moves;  // actions played since the reset (both sides), for replays
    bool done = false;
    // The arrays hold this board's running, agent-to-move outputs (the only state
    // write_changed() updates: the mask is the agent's moves and plane 5 stays as it is).
    bool steady = false;
  };

  void play(Slot& s, optimized::Vertex v) {
    const Point p = Board::point(v);
    s.moves.push_back(p.y * proto_.size() + p.x);
    const optimized::MoveRecord rec = s.board.play_vertex(v);
    changed_.push_back(v);
    if (rec.removed_roots > 0)  // rare: the list allocates, and is only valid until the next move
      for (const Point q : s.board.removed_stones(rec)) changed_.push_back(Board::vertex(q));
  }

  /// Rewrites the points in changed_ and their neighbours (see the file comment) of a board
  /// whose arrays hold its previous steady outputs and which is again running, agent to move.
  void write_changed(std::size_t i, const Outputs& out) {
    const Slot& s = slots_[i];
    const int n = proto_.size();
    const std::size_t nn = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    out.reward[i] = 0.0;
    out.terminated[i] = false;
    out.illegal[i] = false;
    out.winner[i] = -1;
    out.ply[i] = s.board.ply();
    std::int8_t* mask = out.mask + i * nn;
    const Cell own = stone(agent_);
    const Cell theirs = stone(opponent(agent_));
    auto update = [&](optimized::Vertex v) {
      const Point p = Board::point(v);
      if (p.x < 0 || p.y < 0 || p.x >= n || p.y >= n) return;  // the border around the board
      const std::size_t k = static_cast<std::size_t>(p.y * n + p.x);
      const Cell c = s.board.at_vertex(v);
      int mine = 0, others = 0;
      if (c == Cell::Empty)
        for (const int d : {1, -1, Board::kWidth, -Board::kWidth}) {
          const Cell e = s.board.at_vertex(static_cast<optimized::Vertex>(v + d));
          mine += e == own;
          others += e == theirs;
        }
      const bool legal = mine == 1;  // rule 3: empty, exactly one orthogonal own stone
      mask[k] = std::int8_t(legal);
      switch (out.kind) {
        case Outputs::Obs::PlanesF32: point_planes(static_cast<float*>(out.obs) + i * 6 * nn, nn, k, c, legal, others == 1); break;
        case Outputs::Obs::PlanesU8: point_planes(static_cast<std::uint8_t*>(out.obs) + i * 6 * nn, nn, k, c, legal, others == 1); break;
        case Outputs::Obs::Board:
          static_cast<std::int8_t*>(out.obs)[i * nn + k] =
              c == Cell::Empty ? std::int8_t{0} : c == own ? std::int8_t{1} : std::int8_t{-1};
          break;
      }
    };
    for (const optimized::Vertex v : changed_) {
      update(v);
      for (const int d : {1, -1, Board::kWidth, -Board::kWidth}) update(static_cast<optimized::Vertex>(v + d));
    }
  }

  /// Planes 0-4 of one point while the agent is to move (plane 5, X to move, does not change).
  template <typename T>
  void point_planes(T* plane, std::size_t nn, std::size_t k, Cell c, bool agent_legal, bool their_growth) const {
    plane[k] = T(c == stone(agent_));
    plane[nn + k] = T(c == stone(opponent(agent_)));
    plane[2 * nn + k] = T(c == Cell::Empty);
    plane[3 * nn + k] = T(agent_legal);
    plane[4 * nn + k] = T(their_growth);
  }

  /// The opponent moves until the agent is to move or the game is over (one move in Tanbo).
  void answer(Slot& s) {
    while (!s.board.is_over() && s.board.to_move() != agent_) {
      if (mcts_playouts_ > 0) {
        api::Mcts<Board> mcts(mcts_playouts_, s.rng.next());
        play(s, mcts.choose(s.board));
      } else {
        play(s, s.board.random_legal_vertex(s.rng));
      }
    }
  }

  void restart(Slot& s) {
    s.board = proto_;  // a flat value: the copy is a memcpy
    s.moves.clear();
    s.done = false;
    answer(s);  // as O, the opponent opens
    s.done = s.board.is_over();
  }

  void write(std::size_t i, const Outputs& out, double reward, bool illegal) {
    Slot& s = slots_[i];
    s.steady = !s.done && s.board.to_move() == agent_;
    const std::size_t nn = static_cast<std::size_t>(proto_.size()) * static_cast<std::size_t>(proto_.size());
    out.reward[i] = reward;
    out.terminated[i] = s.done;
    out.illegal[i] = illegal;
    const auto w = s.board.winner();
    out.winner[i] = w ? static_cast<std::int8_t>(*w) : std::int8_t{-1};
    out.ply[i] = s.board.ply();
    std::int8_t* mask = out.mask + i * nn;
    std::fill(mask, mask + nn, std::int8_t{0});
    if (!s.done && s.board.to_move() == agent_)
      for (const optimized::Vertex v : s.board.legal_vertices()) {
        const Point p = Board::point(v);
        mask[static_cast<std::size_t>(p.y * proto_.size() + p.x)] = 1;
      }
    switch (out.kind) {
      case Outputs::Obs::PlanesF32: planes(s, static_cast<float*>(out.obs) + i * 6 * nn, mask); break;
      case Outputs::Obs::PlanesU8: planes(s, static_cast<std::uint8_t*>(out.obs) + i * 6 * nn, mask); break;
      case Outputs::Obs::Board: board(s, static_cast<std::int8_t*>(out.obs) + i * nn); break;
    }
  }

  /// The compact observation: 1 for the agent's stones, -1 for the opponent's, 0 empty.
  void board(const Slot& s, std::int8_t* out) const {
    const int n = proto_.size();
    const Cell own = stone(agent_);
    for (int y = 0; y < n; ++y) {
      const optimized::Vertex row = Board::vertex({0, y});
      for (int x = 0; x < n; ++x) {
        const Cell c = s.board.at_vertex(static_cast<optimized::Vertex>(row + x));
        *out++ = c == Cell::Empty ? std::int8_t{0} : c == own ? std::int8_t{1} : std::int8_t{-1};
      }
    }
  }

  /// Game.observation_tensor(agent)'s six planes (own, opponent, empty, own moves, opponent
  /// moves, X to move) straight from the board: the agent's move plane is the mask; the
  /// opponent's is rule 3 (empty, exactly one orthogonal opponent stone) while the game runs.
  template <typename T>
  void planes(const Slot& s, T* plane, const std::int8_t* mask) const {
    const int n = proto_.size();
    const std::size_t nn = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    const Cell own = stone(agent_);
    const Cell theirs = stone(opponent(agent_));
    const bool running = !s.board.is_over();
    const bool agent_moves = s.board.to_move() == agent_;
    // The side not to move gets the rule-3 plane; the side to move its legal set.
    T* own_moves = plane + 3 * nn;
    T* their_moves = plane + 4 * nn;
    const Cell waiting = agent_moves ? theirs : own;
    T* waiting_plane = agent_moves ? their_moves : own_moves;
    T* moving_plane = agent_moves ? own_moves : their_moves;
    for (int y = 0; y < n; ++y) {
      for (int x = 0; x < n; ++x) {
        const std::size_t k = static_cast<std::size_t>(y * n + x);
        const optimized::Vertex v = Board::vertex({x, y});
        const Cell c = s.board.at_vertex(v);
        plane[k] = T(c == own);
        plane[nn + k] = T(c == theirs);
        plane[2 * nn + k] = T(c == Cell::Empty);
        moving_plane[k] = T(0);
        int friends = 0;
        if (running && c == Cell::Empty)
          for (const int d : {1, -1, Board::kWidth, -Board::kWidth})
            friends += s.board.at_vertex(static_cast<optimized::Vertex>(v + d)) == waiting;
        waiting_plane[k] = T(friends == 1);
      }
    }
    if (agent_moves) {
      for (std::size_t k = 0; k < nn; ++k) moving_plane[k] = T(mask[k]);
    } else if (running) {
      for (const optimized::Vertex v : s.board.legal_vertices()) {
        const Point p = Board::point(v);
        moving_plane[static_cast<std::size_t>(p.y * n + p.x)] = T(1);
      }
    }
    std::fill(plane + 5 * nn, plane + 6 * nn, T(s.board.to_move() == Color::Black ? 1 : 0));
  }

  Board proto_;  // the opening
  Color agent_;
  int mcts_playouts_;
  std::vector<Slot> slots_;
  Outputs last_;  // the arrays of the previous call
  std::vector<optimized::Vertex> changed_;  // points the current board's moves changed (reused)
};

/// The Python object: the batch plus the shapes of what it writes.
struct PyVectorGames {
  std::unique_ptr<Batch> batch;
  std::size_t num_envs = 0;
};

/// Checks that `arr` is a writable C-contiguous array of `dtype` with `rows` rows of `cols`.
template <typename T>
T* column(py::array& arr, std::size_t rows, std::size_t cols, const char* what) {
  if (!py::isinstance<py::array_t<T>>(arr) || !(arr.flags() & py::array::c_style) || !arr.writeable() ||
      static_cast<std::size_t>(arr.size()) != rows * cols)
    throw UsageError(std::string("VectorGames: ") + what + " must be a writable C-contiguous array of " +
                     std::to_string(rows * cols) + " " + py::str(py::dtype::of<T>()).cast<std::string>());
  return static_cast<T*>(arr.mutable_data());
}

Outputs outputs(PyVectorGames& v, py::array obs, py::array mask, py::array reward, py::array terminated,
                py::array winner, py::array ply, py::array illegal, bool incremental = false) {
  const std::size_t n = static_cast<std::size_t>(v.batch->size());
  Outputs out;
  if (py::isinstance<py::array_t<std::int8_t>>(obs)) {
    out.kind = Outputs::Obs::Board;
    out.obs = column<std::int8_t>(obs, v.num_envs, n * n, "obs (int8 boards)");
  } else if (py::isinstance<py::array_t<std::uint8_t>>(obs)) {
    out.kind = Outputs::Obs::PlanesU8;
    out.obs = column<std::uint8_t>(obs, v.num_envs, 6 * n * n, "obs");
  } else {
    out.obs = column<float>(obs, v.num_envs, 6 * n * n, "obs (float32, uint8 or int8)");
  }
  out.mask = column<std::int8_t>(mask, v.num_envs, n * n, "mask");
  out.reward = column<double>(reward, v.num_envs, 1, "reward");
  out.terminated = column<bool>(terminated, v.num_envs, 1, "terminated");
  out.winner = column<std::int8_t>(winner, v.num_envs, 1, "winner");
  out.ply = column<std::int32_t>(ply, v.num_envs, 1, "ply");
  out.illegal = column<bool>(illegal, v.num_envs, 1, "illegal");
  out.incremental = incremental;
  return out;
}

}  // namespace

void bind_vector(py::module_& m) {
  py::class_<PyVectorGames>(m, "VectorGames", R"(num_envs boards of one variant, stepped together in
C++ (the engine of tanbo.vector.TanboVectorEnv; use that). The agent plays ``agent`` ('X' or 'O')
against a random opponent, or MCTS with ``mcts_playouts`` > 0, which moves inside C++. reset()
and step() write into the arrays they are given and release the GIL while they run; the
observation array's dtype chooses what is written: float32 or uint8 planes (N*N*6 per board),
or int8 boards (N*N: 1 own, -1 opponent, 0 empty).)")
      .def(py::init([](const std::string& variant, py::object num_envs, py::handle agent, py::object mcts_playouts) {
             const Variant v = Variant::parse(variant);
             const auto count = static_cast<std::size_t>(to_uint64(num_envs, 1, 1u << 20, "VectorGames: num_envs"));
             const Color side = to_color(agent, "VectorGames: agent");
             const int playouts = static_cast<int>(to_uint64(mcts_playouts, 0, 1u << 20, "VectorGames: mcts_playouts"));
             PyVectorGames out;
             out.num_envs = count;
             if (v.size <= 9)  // small boards: hundreds of them stay in the cache
               out.batch = std::make_unique<BatchOn<optimized::BasicBoard<9>>>(v, count, side, playouts);
             else if (v.size <= 19)
               out.batch = std::make_unique<BatchOn<optimized::Board19>>(v, count, side, playouts);
             else
               out.batch = std::make_unique<BatchOn<optimized::Board>>(v, count, side, playouts);
             return out;
           }),
           py::arg("variant"), py::arg("num_envs"), py::arg("agent") = "X", py::arg("mcts_playouts") = 0)
      .def_property_readonly("num_envs", [](const PyVectorGames& v) { return v.num_envs; })
      .def_property_readonly("size", [](const PyVectorGames& v) { return v.batch->size(); }, "Board side N.")
      .def(
          "reset",
          [](PyVectorGames& v, const std::vector<std::uint64_t>& seeds, py::array obs, py::array mask,
             py::array reward, py::array terminated, py::array winner, py::array ply, py::array illegal) {
            if (seeds.size() != v.num_envs)
              throw UsageError("VectorGames.reset: " + std::to_string(seeds.size()) + " seeds for " +
                               std::to_string(v.num_envs) + " boards");
            const Outputs out = outputs(v, obs, mask, reward, terminated, winner, ply, illegal);
            py::gil_scoped_release nogil;
            v.batch->reset(seeds, out);
          },
          py::arg("seeds"), py::arg("obs"), py::arg("mask"), py::arg("reward"), py::arg("terminated"),
          py::arg("winner"), py::arg("ply"), py::arg("illegal"),
          "Restarts board i with Rng(seeds[i]) for its opponent and writes the first observations.")
      .def(
          "step",
          [](PyVectorGames& v, py::array actions, py::array obs, py::array mask, py::array reward,
             py::array terminated, py::array winner, py::array ply, py::array illegal, bool incremental) {
            const auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(actions);
            if (!a || static_cast<std::size_t>(a.size()) != v.num_envs)
              throw UsageError("VectorGames.step: actions must be " + std::to_string(v.num_envs) + " ints");
            const Outputs out = outputs(v, obs, mask, reward, terminated, winner, ply, illegal, incremental);
            const std::int64_t* data = a.data();
            py::gil_scoped_release nogil;  // `a` keeps the actions alive; the outputs are the caller's
            v.batch->step(data, out);
          },
          py::arg("actions"), py::arg("obs"), py::arg("mask"), py::arg("reward"), py::arg("terminated"),
          py::arg("winner"), py::arg("ply"), py::arg("illegal"), py::arg("incremental") = false,
          "Plays actions[i] on board i, the opponent answers; boards that ended on the previous "
          "call restart instead (their action is ignored). An illegal action ends the episode "
          "with reward -1. incremental=True promises the arrays are the previous call's, holding "
          "what it wrote: running boards then get only their changed points rewritten.")
      .def(
          "history",
          [](const PyVectorGames& v, py::object i) {
            return v.batch->history(static_cast<std::size_t>(to_uint64(i, 0, v.num_envs - 1, "VectorGames.history: i")));
          },
          py::arg("i"), "The actions played on board i since its last reset (both sides).");
}

}  // namespace tanbo::python
