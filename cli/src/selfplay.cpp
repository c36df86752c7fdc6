// `tanbo selfplay`: plays uniformly random games from fixed seeds, prints each game's length and
// winner and a summary, and with --check checks the rule consequences after every move. Game i
// (0-based) uses tanbo::Rng(seed + i) (mod 2^64) and plays legal_moves()[rng.below(count)].
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <type_traits>

#include "common.hpp"
#include "tanbo/differential/consequences.hpp"

namespace tanbo::cli {
namespace {

struct SelfplayOptions {
  int games = 0;
  std::uint64_t seed = 0;
  std::string engine;
  std::optional<std::string> variant;
  std::optional<std::string> position;
  bool json = false;
  bool check = false;
  std::optional<std::string> record_dir;
};

struct GameSummary {
  int length = 0;
  Color winner = Color::Black;
};

std::string describe_start(const Position& start) {
  return start.variant().kind == VariantKind::Custom ? "position \"" + start.to_string() + "\""
                                                     : "variant " + start.variant().name();
}

void write_record(const std::string& dir, int index, std::uint64_t seed, const Position& start,
                  const std::vector<Point>& moves, const std::string& outcome) {
  const std::filesystem::path path =
      std::filesystem::path(dir) / ("game-" + std::to_string(index) + ".txt");
  std::ofstream out(path);
  out << "# tanbo selfplay game " << index << ", Rng seed " << seed << ": " << outcome << '\n'
      << format_record(start, moves);
  out.close();  // flushes, so a full disk is reported here
  if (!out) throw CliError(kExitInput, "cannot write '" + path.string() + "'");
}

// Prints the failing game's record on stderr (so it can be replayed) and throws the one-line
// report naming the game, its seed and the move.
[[noreturn]] void fail(const SelfplayOptions& o, int index, std::uint64_t seed,
                       const Position& start, std::vector<Point> moves, Color mover,
                       const std::string& what) {
  std::cout.flush();
  const Point last = moves.empty() ? Point{} : moves.back();
  std::cerr << "# record of the failing game (save it and run: tanbo replay --engine " << o.engine
            << " FILE)\n"
            << format_record(start, moves);
  if (o.record_dir) write_record(*o.record_dir, index, seed, start, moves, "CHECK FAILED: " + what);
  throw CliError(kExitCheck, "check failed in game " + std::to_string(index) + " (Rng seed " +
                                 std::to_string(seed) + " = --seed " + std::to_string(o.seed) +
                                 " + " + std::to_string(index) + ")" +
                                 (moves.empty() ? std::string(" at the start")
                                                : " after move " + std::to_string(moves.size()) +
                                                      " (" + point_name(last) + ") by " +
                                                      color_name(mover)) +
                                 ": " + what);
}

// `fresh` is the game at `start`, set up once per run and copied per game; `checker` is reset by
// check_start() at the start of each checked game.
template <Engine G>
GameSummary play_one(const SelfplayOptions& o, const Position& start, const G& fresh,
                     differential::RuleOracle<G>& checker, int index) {
  const std::uint64_t seed = o.seed + static_cast<std::uint64_t>(index);
  Rng rng(seed);
  G g = fresh;
  auto failed = [&](std::vector<Point> moves, Color mover, const std::string& what) {
    fail(o, index, seed, start, std::move(moves), mover, what);
  };
  if (o.check)
    if (auto problem = checker.check_start(g)) failed({}, g.to_move(), *problem);
  while (!g.is_over()) {
    // Always enforced (not only with --check): a broken engine must not loop forever.
    if (g.ply() >= checker.max_plies())
      failed(g.moves(), opponent(g.to_move()),
             "game not over after roots0*(N*N+1) = " + std::to_string(checker.max_plies()) +
                 " plies");
    // tanbo::random_move: legal_moves()[rng.below(n)], without the list on the optimized engine.
    Point p;
    try {
      p = random_move(g, rng);
    } catch (const UsageError&) {
      failed(g.moves(), opponent(g.to_move()), "side to move has no legal move");
    }
    const Color mover = g.to_move();
    MoveEffect effect;
    try {
      effect = g.play(p);
    } catch (const Error& e) {
      std::vector<Point> moves = g.moves();
      moves.push_back(p);
      failed(std::move(moves), mover, std::string("the engine rejected its own legal move: ") + e.what());
    }
    if (o.check)
      if (auto problem = checker.check_move(g, p, effect)) failed(g.moves(), mover, *problem);
  }
  const GameSummary s{g.ply(), *g.winner()};
  if (o.record_dir)
    write_record(*o.record_dir, index, seed, start, g.moves(),
                 std::to_string(s.length) + " moves, " + color_name(s.winner) + " wins");
  return s;
}

template <Engine G>
int selfplay_with(const SelfplayOptions& o, const Position& start) {
  if (!o.json)
    std::cout << "selfplay: engine " << o.engine << ", " << describe_start(start) << ", "
              << o.games << " games, game i uses Rng(" << o.seed << " + i)"
              << (o.check ? ", checking every move" : "") << std::endl;
  long long total_length = 0;
  int wins[2] = {0, 0};
  const G fresh = start_game<G>(start, o.position ? "--position" : "--variant");
  differential::RuleOracle<G> checker(fresh);
  for (int i = 0; i < o.games; ++i) {
    const GameSummary s = play_one<G>(o, start, fresh, checker, i);
    total_length += s.length;
    ++wins[static_cast<int>(s.winner)];
    const std::uint64_t seed = o.seed + static_cast<std::uint64_t>(i);
    if (o.json) {
      nlohmann::ordered_json j;
      j["game"] = i;
      j["seed"] = seed;
      j["length"] = s.length;
      j["winner"] = color_name(s.winner);
      std::cout << j.dump() << std::endl;  // flushed: the main job shows progress per game
    } else {
      std::cout << "game " << i << ": seed " << seed << ", " << s.length << " moves, "
                << color_name(s.winner) << " wins" << std::endl;
    }
  }
  const double mean = o.games > 0 ? static_cast<double>(total_length) / o.games : 0.0;
  if (o.json) {
    nlohmann::ordered_json j;
    j["games"] = o.games;
    j["mean_length"] = mean;
    j["x_wins"] = wins[0];
    j["o_wins"] = wins[1];
    j["checked"] = o.check;
    std::cout << j.dump() << '\n';
  } else {
    std::ostringstream m;
    m << std::fixed << std::setprecision(2) << mean;
    std::cout << "summary: " << o.games << " games, mean length " << m.str() << ", X wins "
              << wins[0] << ", O wins " << wins[1] << ", "
              << (o.check ? "all checks passed" : "checks not run (use --check)") << '\n';
  }
  return kExitOk;
}

int run_selfplay(const SelfplayOptions& o) {
  const Position start = start_position(o.variant, o.position);
  if (o.record_dir) ensure_directory("--record-dir", *o.record_dir);
  // The engine's own type (the optimized one at the capacity sized for the board, as every
  // front end runs it): the per-move loop and the rule oracle inline the engine's code.
  return api::with_engine(o.engine, start.size(), [&]<typename G>(std::type_identity<G>) {
    return selfplay_with<G>(o, start);
  });
}

}  // namespace

Command add_selfplay_command(CLI::App& parent) {
  auto o = std::make_shared<SelfplayOptions>();
  CLI::App* app = parent.add_subcommand(
      "selfplay",
      "Play uniformly random games (game i uses Rng(seed + i)); print length and winner per "
      "game and a summary");
  add_number_option(*app, "--games", o->games, 1, std::numeric_limits<int>::max(),
                    "Number of games")
      ->required();
  add_number_option(*app, "--seed", o->seed, std::uint64_t{0},
                    std::numeric_limits<std::uint64_t>::max(),
                    "Seed of game 0; game i uses tanbo::Rng(seed + i)")
      ->required();
  add_engine_option(*app, o->engine);
  add_variant_option(*app, o->variant);
  add_position_option(*app, o->position, "Start every game from this position string");
  app->add_flag("--json", o->json, "Print one JSON object per game and a JSON summary");
  app->add_flag("--check", o->check,
                "Check the rule consequences after every move; on violation print the game "
                "record and exit with status 3");
  add_text_option(*app, "--record-dir", o->record_dir,
                  "Write each game's record to DIR/game-<i>.txt")
      ->type_name("DIR");
  return {app, [o] { return run_selfplay(*o); }};
}

}  // namespace tanbo::cli
