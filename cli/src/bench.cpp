// `tanbo bench`: random-playout throughput of an engine on the classic 19x19 board (or any
// variant with --variant), with a
// deterministic signature every build must reproduce, optional multi-threaded scaling and an
// optional side-by-side run of the reference engine. Figures come from here (and the Google
// Benchmark micro-benchmarks in bench/), never from timed tests.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>
#include <type_traits>
#include <vector>

#include "common.hpp"
#include "tanbo/api/solver.hpp"  // api::thread_cpu_seconds: CPU time survives a shared machine

namespace tanbo::cli {
namespace {

struct BenchOptions {
  std::string engine;
  std::optional<std::string> variant;
  double seconds = 3.0;
  int threads = 1;
  std::uint64_t seed = 1;
  bool compare = false;
  bool json = false;
};

// Games behind the signature: seeds 1..kSignatureGames, each move legal_moves()[rng.below(n)]
// over the row-major list, so every engine and every build plays exactly the same games.
constexpr int kSignatureGames = 8;

struct Signature {
  std::uint64_t moves = 0;  // total plies over the signature games
  std::uint64_t mix = 0;    // FNV-1a over (length, final hash, winner) of each game
  std::string text() const {
    std::ostringstream out;
    out << moves << "-" << std::hex << std::setw(16) << std::setfill('0') << mix;
    return out.str();
  }
};

template <Engine G>
Signature signature(const Variant& variant) {
  Signature sig;
  sig.mix = 0xcbf29ce484222325ull;
  auto mix_in = [&](std::uint64_t x) {
    for (int i = 0; i < 8; ++i) sig.mix = (sig.mix ^ ((x >> (8 * i)) & 0xff)) * 0x100000001b3ull;
  };
  for (int s = 1; s <= kSignatureGames; ++s) {
    G g{variant};
    Rng rng(static_cast<std::uint64_t>(s));
    while (!g.is_over()) g.play(random_move(g, rng));
    sig.moves += static_cast<std::uint64_t>(g.ply());
    mix_in(static_cast<std::uint64_t>(g.ply()));
    mix_in(g.hash());
    mix_in(g.winner() == Color::Black ? 1 : 2);
  }
  return sig;
}

// One thread's share of playouts until the deadline. Each is api::playout from the start: on the
// optimized engine what search programs use, a copy of the start board and Board::playout
// (random_legal_vertex + play, O(1) each); on the reference engine a copy of the start game and
// legal_moves()[rng.below(n)] each move.
// Each thread writes only its own Tally, once, at the end; alignas keeps two threads' tallies
// off one cache line anyway (the boards, the Rng and the running counts live on each thread's
// own stack, so the playout loop shares no written cache line).
struct alignas(64) Tally {
  std::uint64_t playouts = 0;
  std::uint64_t moves = 0;
  double cpu_seconds = 0;  // CPU time of the thread that played them
};

template <Engine G>
Tally playouts_until(const Variant& variant, std::uint64_t seed,
                     std::chrono::steady_clock::time_point deadline) {
  const G start{variant};
  Rng rng(seed);
  Tally t;
  do {
    t.moves += static_cast<std::uint64_t>(api::playout(start, rng).length);
    ++t.playouts;
  } while (std::chrono::steady_clock::now() < deadline);
  return t;
}

struct Throughput {
  int threads = 1;
  double seconds = 0;
  Tally total;
  double playouts_per_s() const { return static_cast<double>(total.playouts) / seconds; }
  double moves_per_s() const { return static_cast<double>(total.moves) / seconds; }
  // Per CPU-second: what one core delivers, even when other processes share the machine.
  double playouts_per_cpu_s() const {
    return total.cpu_seconds > 0 ? static_cast<double>(total.playouts) / total.cpu_seconds : 0;
  }
  double mean_length() const {
    return total.playouts ? static_cast<double>(total.moves) / static_cast<double>(total.playouts) : 0;
  }
};

template <Engine G>
Throughput measure(const Variant& variant, int threads, double seconds, std::uint64_t seed) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(seconds));
  std::vector<Tally> tallies(static_cast<std::size_t>(threads));
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i)
    pool.emplace_back([&, i] {
      // Disjoint streams per thread: the seed's high bits carry the thread number.
      const std::uint64_t s = seed + (static_cast<std::uint64_t>(i) << 40);
      const double cpu0 = api::thread_cpu_seconds();
      Tally& t = tallies[static_cast<std::size_t>(i)];
      t = playouts_until<G>(variant, s, deadline);
      t.cpu_seconds = api::thread_cpu_seconds() - cpu0;
    });
  for (auto& t : pool) t.join();
  Throughput r;
  r.threads = threads;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const Tally& t : tallies) {
    r.total.playouts += t.playouts;
    r.total.moves += t.moves;
    r.total.cpu_seconds += t.cpu_seconds;
  }
  return r;
}

struct EngineReport {
  std::string name;
  Variant variant;
  std::size_t object_size = 0;  // sizeof the game object the playouts copy
  Signature sig;
  Throughput single;
  std::optional<Throughput> multi;
};

// The report of the engine named `engine`, run on its own type (api::with_engine).
EngineReport run_engine(const std::string& engine, const Variant& variant, const BenchOptions& o) {
  return api::with_engine(engine, variant.size, [&]<Engine G>(std::type_identity<G>) {
    EngineReport r;
    r.name = engine;
    r.variant = variant;
    r.object_size = api::kPlayoutCopyBytes<G>;
    r.sig = signature<G>(variant);
    r.single = measure<G>(variant, 1, o.seconds, o.seed);
    if (o.threads > 1) r.multi = measure<G>(variant, o.threads, o.seconds, o.seed);
    return r;
  });
}

nlohmann::ordered_json report_json(const EngineReport& r) {
  nlohmann::ordered_json j;
  j["engine"] = r.name;
  j["variant"] = r.variant.name();
  j["playouts_per_s"] = r.single.playouts_per_s();
  j["moves_per_s"] = r.single.moves_per_s();
  j["playouts_per_cpu_s"] = r.single.playouts_per_cpu_s();
  j["mean_game_length"] = r.single.mean_length();
  j["playouts"] = r.single.total.playouts;
  j["seconds"] = r.single.seconds;
  j["sizeof_game"] = r.object_size;
  j["signature"] = r.sig.text();
  if (r.multi) {
    j["threads"] = r.multi->threads;
    j["threaded_playouts_per_s"] = r.multi->playouts_per_s();
    j["thread_speedup"] = r.multi->playouts_per_s() / r.single.playouts_per_s();
  }
  return j;
}

void print_text(const EngineReport& r) {
  std::cout << std::fixed << std::setprecision(0) << r.name;
  if (r.variant != Variant::classic()) std::cout << " (" << r.variant.name() << ")";
  std::cout << ": " << r.single.playouts_per_s()
            << " playouts/s, " << r.single.moves_per_s() << " moves/s, mean game length "
            << std::setprecision(1) << r.single.mean_length() << " (" << r.single.total.playouts
            << " playouts in " << std::setprecision(2) << r.single.seconds << " s, 1 thread)\n";
  std::cout << std::setprecision(0) << "  per CPU-second: " << r.single.playouts_per_cpu_s()
            << " playouts (differs from the wall-clock rate when the machine is shared)\n";
  std::cout << "  sizeof game object: " << r.object_size << " bytes\n";
  std::cout << "  signature: " << r.sig.text() << " (" << kSignatureGames
            << " fixed-seed games; identical for every engine and build)\n";
  if (r.multi)
    std::cout << std::setprecision(0) << "  " << r.multi->threads << " threads: "
              << r.multi->playouts_per_s() << " playouts/s, speed-up " << std::setprecision(2)
              << r.multi->playouts_per_s() / r.single.playouts_per_s() << "x\n";
}

int run_bench(const BenchOptions& o) {
  if (o.engine == "reference" && o.compare)
    throw CliError(kExitUsage, "--compare runs the reference engine beside the optimized one; "
                               "use it with --engine optimized");
  const Variant variant = variant_or_classic(o.variant);
  const EngineReport main = run_engine(o.engine, variant, o);
  std::optional<EngineReport> ref;
  if (o.compare) ref = run_engine("reference", variant, o);
  if (ref && ref->sig.text() != main.sig.text())
    throw CliError(kExitCheck, "signatures differ: optimized " + main.sig.text() + ", reference " +
                                   ref->sig.text() + " (the engines disagree on the rules)");
  if (o.json) {
    nlohmann::ordered_json j = report_json(main);
    if (ref) {
      j["reference"] = report_json(*ref);
      j["speedup_vs_reference"] = main.single.playouts_per_cpu_s() / ref->single.playouts_per_cpu_s();
    }
    std::cout << j.dump() << '\n';
  } else {
    print_text(main);
    if (ref) {
      print_text(*ref);
      std::cout << std::fixed << std::setprecision(0) << "optimized / reference: "
                << main.single.playouts_per_cpu_s() / ref->single.playouts_per_cpu_s()
                << "x playouts per CPU-second (same run, 1 thread each)\n";
    }
  }
  return kExitOk;
}

}  // namespace

Command add_bench_command(CLI::App& parent) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* app = parent.add_subcommand(
      "bench", "Measure random-playout speed on the classic 19x19 board or --variant (uniformly "
               "random moves from the start to the end of the game) and print a deterministic "
               "signature");
  add_engine_option(*app, o->engine);
  add_variant_option(*app, o->variant);
  add_number_option(*app, "--seconds", o->seconds, 0.01, 3600.0, "Seconds per measurement")
      ->default_str("3");
  add_number_option(*app, "--threads", o->threads, 1, 256,
                    "Also run independent playouts on T threads and report the speed-up")
      ->default_str("1");
  add_number_option(*app, "--seed", o->seed, std::uint64_t{0},
                    std::numeric_limits<std::uint64_t>::max(), "Seed of the timed playouts")
      ->default_str("1");
  app->add_flag("--compare", o->compare,
                "Also measure the reference engine in the same run and print the ratio");
  app->add_flag("--json", o->json,
                "Print one JSON object (playouts_per_s, moves_per_s, signature, sizeof_game, ...)");
  return {app, [o] { return run_bench(*o); }};
}

}  // namespace tanbo::cli
