// tanbo._core.VectorGames: many boards stepped together in C++, the engine under
// tanbo.vector.TanboVectorEnv (Gymnasium VectorEnv semantics; models: EnvPool, Pgx). One call
// applies a batch of agent actions, lets the built-in opponent answer on every board inside C++,
// auto-resets boards whose episode ended on the previous call (Gymnasium's next-step mode) and
// writes observations, action masks, rewards, flags and infos into numpy arrays the caller
// owns, without the GIL. Python loops over nothing: that is what makes it fast.
//
// The arrays are bound once (VectorGames.bind) and hold what the previous call wrote, so a board
// that keeps running only gets the points its two moves changed rewritten: each plane and mask
// entry of a point depends only on that point and its four neighbours, so the placed stones,
// the removed stones and their neighbours are all that can differ. Boards that reset, end or
// see an illegal action are rewritten whole.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings.hpp"
#include "convert.hpp"
#include "tanbo/api/mcts.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::python {
namespace {

/// Where the batch writes, per board i (arrays of num_envs rows, C-contiguous, bound once).
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
};

/// The batch for one board type (BasicBoard<9> up to 9x9, Board19 up to 19x19, Board beyond),
/// behind one virtual call per batch.
class Batch {
 public:
  virtual ~Batch() = default;
  virtual int size() const noexcept = 0;
  /// New arrays: each board is written whole on its next reset or step.
  virtual void bind(const Outputs& out) = 0;
  virtual void reset(const std::vector<std::uint64_t>& seeds) = 0;
  virtual void step(const std::int64_t* actions) = 0;
  virtual std::vector<int> history(std::size_t i) const = 0;
};

template <class Board>
class BatchOn final : public Batch {
  using Obs = Outputs::Obs;
  using Vertex = optimized::Vertex;

 public:
  BatchOn(const Variant& variant, std::size_t num_envs, Color agent, int mcts_playouts)
      : proto_(variant), agent_(agent), mcts_playouts_(mcts_playouts),
        slots_(num_envs, Slot{proto_}), index_(Board::kVertices, -1) {
    const int n = proto_.size();
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const Vertex v = Board::vertex({x, y});
        index_[v] = y * n + x;
        vertex_.push_back(v);
      }
  }

  int size() const noexcept override { return proto_.size(); }

  void bind(const Outputs& out) override {
    out_ = out;
    for (Slot& s : slots_) s.steady = false;
  }

  void reset(const std::vector<std::uint64_t>& seeds) override {
    with_kind([&]<Obs K>() {
      for (std::size_t i = 0; i < slots_.size(); ++i) {
        slots_[i].rng = Rng(seeds[i]);
        restart(slots_[i]);
        write_whole<K>(i, 0.0, false);
      }
    });
  }

  void step(const std::int64_t* actions) override {
    with_kind([&]<Obs K>() { step_as<K>(actions); });
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

  template <Obs K>
  void step_as(const std::int64_t* actions) {
    const std::int64_t points = static_cast<std::int64_t>(vertex_.size());
    const std::size_t count = slots_.size();
    for (std::size_t i = 0; i < count; ++i) {
      Slot& s = slots_[i];
      if (i + kAhead < count) prefetch(slots_[i + kAhead]);
      if (s.done) {  // next-step autoreset: this call's action for board i is ignored
        restart(s);
        write_whole<K>(i, 0.0, false);
        continue;
      }
      const std::int64_t a = actions[i];
      // Not done: the game runs and the agent is to move, so legal means a growth point of its.
      if (a < 0 || a >= points || !s.board.is_growth_vertex(agent_, vertex_[static_cast<std::size_t>(a)])) {
        s.done = true;
        write_whole<K>(i, -1.0, true);
        continue;
      }
      changed_.clear();
      play(s, vertex_[static_cast<std::size_t>(a)]);
      answer(s);
      s.done = s.board.is_over();
      if (s.steady && !s.done)
        write_changed<K>(i);
      else
        write_whole<K>(i, s.done ? (*s.board.winner() == agent_ ? 1.0 : -1.0) : 0.0, false);
    }
  }

  static constexpr std::size_t kAhead = 2;
  /// Brings a slot's board into the L1 cache a couple of boards before its turn.
  static void prefetch(const Slot& s) {
    const auto* p = reinterpret_cast<const char*>(&s);
    for (std::size_t off = 0; off < sizeof(Slot); off += 64) __builtin_prefetch(p + off);
  }

  void play(Slot& s, Vertex v) {
    s.moves.push_back(index_[v]);
    const optimized::MoveRecord rec = s.board.play_vertex(v);
    changed_.push_back(v);
    if (rec.removed_roots > 0) s.board.for_each_removed_stone(rec, [this](Vertex r) { changed_.push_back(r); });
  }

  /// The element type of the planes.
  template <Obs K>
  using Plane = std::conditional_t<K == Obs::PlanesF32, float, std::uint8_t>;

  /// Rewrites the points in changed_ and their neighbours (see the file comment) of a board
  /// whose arrays hold its previous steady outputs and which is again running, agent to move:
  /// the contents of the changed points (planes 0-2 or the board) and the growth points of both
  /// sides around them (the mask, planes 3-4). Everything is read into locals first: the int8
  /// stores may alias any member, which the compiler would otherwise reload after each.
  template <Obs K>
  void write_changed(std::size_t i) {
    const Board& b = slots_[i].board;
    const Outputs out = out_;
    const Color agent = agent_;
    const Color them = opponent(agent);
    const Cell own = stone(agent);
    const std::size_t nn = vertex_.size();
    const int* index = index_.data();
    out.reward[i] = 0.0;
    out.terminated[i] = false;
    out.illegal[i] = false;
    out.winner[i] = -1;
    out.ply[i] = b.ply();
    std::int8_t* mask = out.mask + i * nn;
    [[maybe_unused]] Plane<K>* plane = nullptr;
    [[maybe_unused]] std::int8_t* cells = nullptr;
    if constexpr (K == Obs::Board)
      cells = static_cast<std::int8_t*>(out.obs) + i * nn;
    else
      plane = static_cast<Plane<K>*>(out.obs) + i * 6 * nn;
    auto growth = [&](Vertex v, std::size_t k) {
      const bool mine = b.is_growth_vertex(agent, v);
      mask[k] = std::int8_t(mine);
      if constexpr (K != Obs::Board) {
        plane[3 * nn + k] = Plane<K>(mine);
        plane[4 * nn + k] = Plane<K>(b.is_growth_vertex(them, v));
      }
    };
    for (const Vertex v : changed_) {
      const auto k = static_cast<std::size_t>(index[v]);
      const Cell c = b.at_vertex(v);
      if constexpr (K == Obs::Board) {
        cells[k] = c == Cell::Empty ? std::int8_t{0} : c == own ? std::int8_t{1} : std::int8_t{-1};
      } else {
        plane[k] = Plane<K>(c == own);
        plane[nn + k] = Plane<K>(c != own && c != Cell::Empty);
        plane[2 * nn + k] = Plane<K>(c == Cell::Empty);
      }
      growth(v, k);
      for (const int d : {1, -1, Board::kWidth, -Board::kWidth}) {
        const auto w = static_cast<Vertex>(v + d);
        if (index[w] >= 0) growth(w, static_cast<std::size_t>(index[w]));
      }
    }
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

  /// All of board i's outputs. The planes are Game.observation_tensor(agent)'s six (own,
  /// opponent, empty, own moves, opponent moves, X to move): a side's move plane is its growth
  /// points (rule 3: its legal moves when it is to move) while the game runs, and the agent's is
  /// the mask, empty once its episode ended (also on an illegal action).
  template <Obs K>
  void write_whole(std::size_t i, double reward, bool illegal) {
    Slot& s = slots_[i];
    const Board& b = s.board;
    s.steady = !s.done && b.to_move() == agent_;
    const Outputs out = out_;  // locals, as in write_changed()
    const Color agent = agent_;
    const Color them = opponent(agent);
    const Cell own = stone(agent);
    const std::size_t nn = vertex_.size();
    const Vertex* vertex = vertex_.data();
    out.reward[i] = reward;
    out.terminated[i] = s.done;
    out.illegal[i] = illegal;
    const auto w = b.winner();
    out.winner[i] = w ? static_cast<std::int8_t>(*w) : std::int8_t{-1};
    out.ply[i] = b.ply();
    const bool live = !s.done;  // the agent is to move in a running game
    const bool running = !b.is_over();
    const auto x_to_move = Plane<K>(b.to_move() == Color::Black);
    std::int8_t* mask = out.mask + i * nn;
    for (std::size_t k = 0; k < nn; ++k) {
      const Vertex v = vertex[k];
      const Cell c = b.at_vertex(v);
      const bool mine = live && b.is_growth_vertex(agent, v);
      mask[k] = std::int8_t(mine);
      if constexpr (K == Obs::Board) {
        static_cast<std::int8_t*>(out.obs)[i * nn + k] =
            c == Cell::Empty ? std::int8_t{0} : c == own ? std::int8_t{1} : std::int8_t{-1};
      } else {
        Plane<K>* plane = static_cast<Plane<K>*>(out.obs) + i * 6 * nn;
        plane[k] = Plane<K>(c == own);
        plane[nn + k] = Plane<K>(c != own && c != Cell::Empty);
        plane[2 * nn + k] = Plane<K>(c == Cell::Empty);
        plane[3 * nn + k] = Plane<K>(mine);
        plane[4 * nn + k] = Plane<K>(running && b.is_growth_vertex(them, v));
        plane[5 * nn + k] = x_to_move;
      }
    }
  }

  Board proto_;  // the opening
  Color agent_;
  int mcts_playouts_;
  std::vector<Slot> slots_;
  Outputs out_;  // the bound arrays
  std::vector<int> index_;      // action (y * N + x) of each vertex, -1 on the border
  std::vector<Vertex> vertex_;  // vertex of each action
  std::vector<Vertex> changed_;  // points the current board's moves changed (reused)
};

/// The Python object: the batch, the arrays it writes (kept alive here) and a flag that refuses
/// a second call while one runs without the GIL (another thread), which could unbind the arrays
/// under it.
struct PyVectorGames {
  std::unique_ptr<Batch> batch;
  std::size_t num_envs = 0;
  std::vector<py::array> arrays;
  std::atomic<bool> busy{false};
};

/// Holds PyVectorGames::busy for one call.
class Busy {
 public:
  explicit Busy(PyVectorGames& v, const char* what) : v_(v) {
    if (v_.arrays.empty()) throw UsageError(std::string("VectorGames.") + what + ": bind() the output arrays first");
    if (v_.busy.exchange(true)) throw UsageError(std::string("VectorGames.") + what + ": another call on these boards is running");
  }
  ~Busy() { v_.busy.store(false); }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;

 private:
  PyVectorGames& v_;
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

Outputs outputs(PyVectorGames& v, py::array& obs, py::array& mask, py::array& reward, py::array& terminated,
                py::array& winner, py::array& ply, py::array& illegal) {
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
  return out;
}

}  // namespace

void bind_vector(py::module_& m) {
  py::class_<PyVectorGames>(m, "VectorGames", R"(num_envs boards of one variant, stepped together in
C++ (the engine of tanbo.vector.TanboVectorEnv; use that). The agent plays ``agent`` ('X' or 'O')
against a random opponent, or MCTS with ``mcts_playouts`` > 0, which moves inside C++. bind()
hands it the arrays it writes, once; reset() and step() then write into them and release the
GIL while they run. The observation array's dtype chooses what is written: float32 or uint8
planes (N*N*6 per board), or int8 boards (N*N: 1 own, -1 opponent, 0 empty).)")
      .def(py::init([](const std::string& variant, py::object num_envs, py::handle agent, py::object mcts_playouts) {
             const Variant v = Variant::parse(variant);
             const auto count = static_cast<std::size_t>(to_uint64(num_envs, 1, 1u << 20, "VectorGames: num_envs"));
             const Color side = to_color(agent, "VectorGames: agent");
             const int playouts = static_cast<int>(to_uint64(mcts_playouts, 0, 1u << 20, "VectorGames: mcts_playouts"));
             auto out = std::make_unique<PyVectorGames>();
             out->num_envs = count;
             if (v.size <= 9)  // small boards: hundreds of them stay in the cache
               out->batch = std::make_unique<BatchOn<optimized::BasicBoard<9>>>(v, count, side, playouts);
             else if (v.size <= 19)
               out->batch = std::make_unique<BatchOn<optimized::Board19>>(v, count, side, playouts);
             else
               out->batch = std::make_unique<BatchOn<optimized::Board>>(v, count, side, playouts);
             return out;
           }),
           py::arg("variant"), py::arg("num_envs"), py::arg("agent") = "X", py::arg("mcts_playouts") = 0)
      .def_property_readonly("num_envs", [](const PyVectorGames& v) { return v.num_envs; })
      .def_property_readonly("size", [](const PyVectorGames& v) { return v.batch->size(); }, "Board side N.")
      .def(
          "bind",
          [](PyVectorGames& v, py::array obs, py::array mask, py::array reward, py::array terminated,
             py::array winner, py::array ply, py::array illegal) {
            const Outputs out = outputs(v, obs, mask, reward, terminated, winner, ply, illegal);
            if (v.busy.exchange(true)) throw UsageError("VectorGames.bind: another call on these boards is running");
            v.arrays = {obs, mask, reward, terminated, winner, ply, illegal};
            v.batch->bind(out);
            v.busy.store(false);
          },
          py::arg("obs"), py::arg("mask"), py::arg("reward"), py::arg("terminated"), py::arg("winner"),
          py::arg("ply"), py::arg("illegal"),
          "The arrays reset() and step() write (kept alive by this object). Callers read them "
          "but don't write into them: step() rewrites only what changed.")
      .def(
          "reset",
          [](PyVectorGames& v, const std::vector<std::uint64_t>& seeds) {
            if (seeds.size() != v.num_envs)
              throw UsageError("VectorGames.reset: " + std::to_string(seeds.size()) + " seeds for " +
                               std::to_string(v.num_envs) + " boards");
            const Busy busy(v, "reset");
            py::gil_scoped_release nogil;
            v.batch->reset(seeds);
          },
          py::arg("seeds"), "Restarts board i with Rng(seeds[i]) for its opponent and writes the first observations.")
      .def(
          "step",
          [](PyVectorGames& v, py::handle actions) {
            const auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(actions);
            if (!a || static_cast<std::size_t>(a.size()) != v.num_envs)
              throw UsageError("VectorGames.step: actions must be " + std::to_string(v.num_envs) + " ints");
            const Busy busy(v, "step");
            const std::int64_t* data = a.data();
            py::gil_scoped_release nogil;  // `a` keeps the actions alive
            v.batch->step(data);
          },
          py::arg("actions"),
          "Plays actions[i] on board i, the opponent answers; boards that ended on the previous "
          "call restart instead (their action is ignored). An illegal action ends the episode "
          "with reward -1. Running boards get only their changed points rewritten.")
      .def(
          "history",
          [](const PyVectorGames& v, py::object i) {
            return v.batch->history(static_cast<std::size_t>(to_uint64(i, 0, v.num_envs - 1, "VectorGames.history: i")));
          },
          py::arg("i"), "The actions played on board i since its last reset (both sides).");
}

}  // namespace tanbo::python
