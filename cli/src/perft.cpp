// `tanbo perft`: counts move sequences of a given length (see tanbo/core/perft.hpp for the exact
// definition), optionally split by root move, to validate and time move generation. Runs on the
// engine's own type (api::with_engine: the engine and board capacity every face picks), with
// core's perft and perft_divide as tanbo::api's headers bring them.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <type_traits>

#include "common.hpp"

namespace tanbo::cli {
namespace {

struct PerftOptions {
  int depth = 0;
  std::string engine;
  std::optional<std::string> variant;
  std::optional<std::string> position;
  bool divide = false;
  bool time = false;
};

template <Engine G>
int perft_with(const PerftOptions& o, const Position& start) {
  const G g = start_game<G>(start, o.position ? "--position" : "--variant");
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (o.divide) {
    const auto entries = perft_divide(g, o.depth);
    for (const PerftDivideEntry& e : entries) {
      std::cout << point_name(e.move) << ": " << e.count << '\n';
      total += e.count;
    }
    if (entries.empty()) total = 1;  // depth 0 or game over: the root itself is the one leaf
  } else {
    total = perft(g, o.depth);
  }
  std::cout << "total: " << total << '\n';
  if (o.time) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout.flush();
    std::cerr << std::fixed << std::setprecision(3) << "time: " << s << " s, "
              << std::setprecision(0) << (s > 0 ? static_cast<double>(total) / s : 0.0)
              << " leaves/s\n";
  }
  return kExitOk;
}

int run_perft(const PerftOptions& o) {
  const Position start = start_position(o.variant, o.position);
  return api::with_engine(o.engine, start.size(), [&]<typename G>(std::type_identity<G>) {
    return perft_with<G>(o, start);
  });
}

}  // namespace

Command add_perft_command(CLI::App& parent) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* app = parent.add_subcommand(
      "perft",
      "Count move sequences of length DEPTH (a finished game counts as one leaf); prints "
      "'total: N'");
  // 64 as in every face (a larger depth would run for ages: a bound, not a hang).
  add_number_option(*app, "DEPTH", o->depth, 0, 64, "Number of plies")
      ->required();
  add_engine_option(*app, o->engine);
  add_variant_option(*app, o->variant);
  add_position_option(*app, o->position,
                      "Start from a position string, e.g. \"X3O/5/5/5/O3X X lattice-5\"");
  app->add_flag("--divide", o->divide, "Print 'MOVE: count' per legal root move, then the total");
  app->add_flag("--time", o->time, "Print the elapsed time and leaves per second on stderr");
  return {app, [o] { return run_perft(*o); }};
}

}  // namespace tanbo::cli
