// `tanbo replay`: plays a game record and prints the final position (diagram, JSON, or a JSON
// line per ply with --trace). Errors name file:line:column, the move number and the reason.
#include <iostream>
#include <memory>
#include <optional>

#include "common.hpp"
#include "tanbo/api/game.hpp"

namespace tanbo::cli {
namespace {

struct ReplayOptions {
  std::string engine;
  std::optional<std::string> variant;
  bool json = false;
  bool trace = false;
  std::string file = "-";
};

// One --trace line: the state after the move plus what the move did.
nlohmann::ordered_json trace_json(const api::AnyGame& g) {
  nlohmann::ordered_json j = state_json(g.position(), g.ply(), g.winner());
  nlohmann::ordered_json removed = nlohmann::ordered_json::array();
  if (g.ply() == 0) {
    j["move"] = nullptr;
    j["removed"] = removed;
    j["removal"] = removal_name(Removal::None);
    return j;
  }
  const MoveResult r = g.last_result();
  j["move"] = point_name(r.move);
  for (const Point p : r.removed) removed.push_back(point_name(p));
  j["removed"] = std::move(removed);
  j["removal"] = removal_name(r.removal);
  return j;
}

int run_replay(const ReplayOptions& o) {
  const Variant default_variant = variant_or_classic(o.variant);
  const RecordInput r = read_record(o.file, default_variant);
  // --variant is the default for header-less records; a header setting up something else is a
  // contradiction we refuse rather than silently pick one side.
  if (o.variant && r.record.start != opening(default_variant))
    throw CliError(kExitInput, r.start_location() + ": the record's header sets up a " +
                                   r.record.start.variant().name() + " position but --variant says " +
                                   default_variant.name());
  // The one record replay (tanbo::api): an illegal move, a move after the end or a start that
  // cannot begin a game comes back as a ParseError located in the file.
  std::unique_ptr<api::AnyGame> g;
  try {
    g = api::replay_record(r.record, o.engine, [&](const api::AnyGame& game) {
      if (o.trace) std::cout << trace_json(game).dump() << '\n';
    });
  } catch (const ParseError& e) {
    throw CliError(kExitInput, location(r.input, e.line(), e.column()) + ": " + e.reason());
  }
  if (o.trace) return kExitOk;  // the last trace line is the final state
  if (o.json) {
    std::cout << state_json(g->position(), g->ply(), g->winner()).dump() << '\n';
  } else {
    std::cout << g->position().diagram() << status_line(g->position(), g->ply(), g->winner()) << '\n';
  }
  return kExitOk;
}

}  // namespace

Command add_replay_command(CLI::App& parent) {
  auto o = std::make_shared<ReplayOptions>();
  CLI::App* app = parent.add_subcommand(
      "replay", "Play a game record and print the final position (diagram, or JSON)");
  add_engine_option(*app, o->engine);
  add_variant_option(*app, o->variant);
  app->add_flag("--json", o->json, "Print the final state as one JSON object");
  app->add_flag("--trace", o->trace,
                "Print the state after every ply as JSON lines, ply 0 first (implies JSON; the "
                "last line is the final state)");
  app->add_option("FILE", o->file, "Game record to replay; '-' or absent reads standard input");
  return {app, [o] { return run_replay(*o); }};
}

}  // namespace tanbo::cli
