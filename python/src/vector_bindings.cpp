// tanbo._core.VectorGames: the Python face of env::VectorBatch (tanbo/env/vector.hpp: many boards
// stepped together in C++, the engine under tanbo.vector.TanboVectorEnv). It checks and binds the
// numpy arrays the batch writes, releases the GIL while the batch runs and refuses a second call
// from another thread while one runs. Python loops over nothing: that is what makes it fast.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "convert.hpp"
#include "tanbo/api/start.hpp"
#include "tanbo/env/vector.hpp"

namespace tanbo::python {
namespace {

/// The Python object: the batch, the arrays it writes (kept alive here) and a flag that refuses
/// a second call while one runs without the GIL (another thread), which could unbind the arrays
/// under it.
struct PyVectorGames {
  std::unique_ptr<env::VectorBatch> batch;
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

env::VectorOutputs outputs(PyVectorGames& v, py::array& obs, py::array& mask, py::array& reward, py::array& terminated,
                py::array& winner, py::array& ply, py::array& illegal) {
  const std::size_t n = static_cast<std::size_t>(v.batch->size());
  env::VectorOutputs out;
  if (py::isinstance<py::array_t<std::int8_t>>(obs)) {
    out.kind = env::VectorOutputs::Obs::Board;
    out.obs = column<std::int8_t>(obs, v.num_envs, n * n, "obs (int8 boards)");
  } else if (py::isinstance<py::array_t<std::uint8_t>>(obs)) {
    out.kind = env::VectorOutputs::Obs::PlanesU8;
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
C++ (the engine of tanbo.vector.TanboVectorEnv; use that). ``variant`` is a variant name or a
position string. The agent plays ``agent`` ('X' or 'O') against a random opponent, MCTS with
``mcts_playouts`` > 0, or perfect play from ``solution`` (a tanbo.Solution holding the start),
which moves inside C++. bind()
hands it the arrays it writes, once; reset() and step() then write into them and release the
GIL while they run. The observation array's dtype chooses what is written: float32 or uint8
planes (N*N*6 per board), or int8 boards (N*N: 1 own, -1 opponent, 0 empty).)")
      .def(py::init([](const std::string& variant, py::object num_envs, py::handle agent, py::object mcts_playouts,
                       py::handle solution) {
             const auto count = static_cast<std::size_t>(to_uint64(num_envs, 1, 1u << 20, "VectorGames: num_envs"));
             const Color side = to_color(agent, "VectorGames: agent");
             const int playouts = static_cast<int>(to_uint64(mcts_playouts, 0, 1u << 20, "VectorGames: mcts_playouts"));
             auto out = std::make_unique<PyVectorGames>();
             out->num_envs = count;
             if (solution.is_none() && api::looks_like_variant_name(variant)) {
               out->batch = env::make_vector_batch(Variant::parse(variant), count, side, playouts);
             } else {
               env::Opponent opponent{playouts, std::nullopt};
               if (!solution.is_none()) opponent.perfect = solution_of(solution, "VectorGames: solution");
               out->batch = env::make_vector_batch(api::read_start(variant), count, side, opponent);
             }
             return out;
           }),
           py::arg("variant"), py::arg("num_envs"), py::arg("agent") = "X", py::arg("mcts_playouts") = 0,
           py::arg("solution") = py::none())
      .def_property_readonly("num_envs", [](const PyVectorGames& v) { return v.num_envs; })
      .def_property_readonly("size", [](const PyVectorGames& v) { return v.batch->size(); }, "Board side N.")
      .def(
          "bind",
          [](PyVectorGames& v, py::array obs, py::array mask, py::array reward, py::array terminated,
             py::array winner, py::array ply, py::array illegal) {
            const env::VectorOutputs out = outputs(v, obs, mask, reward, terminated, winner, ply, illegal);
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
