// `tanbo replay`: plays a game record and prints the final position (diagram, JSON, or a JSON
// line per ply with --trace). Errors name file:line:column, the move number and the reason.
#include <iostream>
#include <memory>
#include <optional>

#include "common.hpp"

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
template <Engine G>
nlohmann::ordered_json trace_json(const G& g) {
  nlohmann::ordered_json j = state_json(g);
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

template <Engine G>
int replay_with(const ReplayOptions& o, const RecordInput& r) {
  const Input& in = r.input;
  const GameRecord& rec = r.record;
  G g = start_game<G>(rec.start, r.start_location());
  if (o.trace) std::cout << trace_json(g).dump() << '\n';
  for (std::size_t i = 0; i < rec.moves.size(); ++i) {
    const RecordMove& m = rec.moves[i];
    const std::string what = "move " + std::to_string(i + 1) + " (" + point_name(m.point) + ")";
    if (g.is_over())
      throw CliError(kExitInput, location(in, m.line, m.column) + ": " + what +
                                     " comes after the end of the game (" +
                                     color_name(*g.winner()) + " won with move " +
                                     std::to_string(g.ply()) + ")");
    const Color mover = g.to_move();
    try {
      g.play(m.point);
    } catch (const IllegalMoveError& e) {
      throw CliError(kExitInput, location(in, m.line, m.column) + ": " + what + " by " + color_name(mover) +
                                     " is illegal: " + illegal_reason_text(e.reason()));
    }
    if (o.trace) std::cout << trace_json(g).dump() << '\n';
  }
  if (o.trace) return kExitOk;  // the last trace line is the final state
  if (o.json) {
    std::cout << state_json(g).dump() << '\n';
  } else {
    std::cout << g.position().diagram() << status_line(g) << '\n';
  }
  return kExitOk;
}

int run_replay(const ReplayOptions& o) {
  const EngineKind kind = engine_kind(o.engine);
  const Variant default_variant = variant_or_classic(o.variant);
  const RecordInput r = read_record(o.file, default_variant);
  // --variant is the default for header-less records; a header setting up something else is a
  // contradiction we refuse rather than silently pick one side.
  if (o.variant && r.record.start != opening(default_variant))
    throw CliError(kExitInput, r.start_location() + ": the record's header sets up a " +
                                   r.record.start.variant().name() + " position but --variant says " +
                                   default_variant.name());
  return with_engine(kind, [&]<typename G>(std::type_identity<G>) {
    return replay_with<G>(o, r);
  });
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
