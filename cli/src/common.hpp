// Shared pieces of the tanbo CLI: exit codes, the CLI-level error type, engine selection (the one
// place that knows which engines exist), option helpers, input reading and output formatting.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "tanbo/core.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo::cli {

/// Exit statuses, documented in README.md.
inline constexpr int kExitOk = 0;        ///< Success.
inline constexpr int kExitInput = 1;     ///< Bad input: file, record, position, illegal move.
inline constexpr int kExitUsage = 2;     ///< Bad command line (unknown flag, variant, engine...).
inline constexpr int kExitCheck = 3;     ///< selfplay found a rule consequence violated.
inline constexpr int kExitInternal = 4;  ///< Unexpected exception: a bug in tanbo.

/// An error a subcommand reports as one line "tanbo <cmd>: <message>" and exits with `code`.
class CliError : public std::runtime_error {
 public:
  CliError(int code, const std::string& message)
      : std::runtime_error(message), message_(message), code_(code) {}
  int code() const noexcept { return code_; }
  /// The full message; unlike what(), not cut at a NUL byte copied from bad input.
  const std::string& message() const noexcept { return message_; }

 private:
  std::string message_;
  int code_;
};

/// A subcommand registered on the main app: its CLI11 node and what to run when it is chosen.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};
Command add_replay_command(CLI::App& parent);
Command add_perft_command(CLI::App& parent);
Command add_selfplay_command(CLI::App& parent);
Command add_bench_command(CLI::App& parent);
Command add_diff_command(CLI::App& parent);

/// The engines the CLI can run.
enum class EngineKind { Reference, Optimized };

/// Adds `--engine reference|optimized` storing into `target` (whose value is the default).
void add_engine_option(CLI::App& app, std::string& target);
/// Maps a validated --engine value to its kind.
EngineKind engine_kind(const std::string& name);

/// Calls `f(std::type_identity<G>{})` with G the engine class selected by `kind` and returns its
/// result. This is the only place that lists engine classes: adding one is one case here.
template <typename F>
decltype(auto) with_engine(EngineKind kind, F&& f) {
  switch (kind) {
    case EngineKind::Reference: return f(std::type_identity<reference::Game>{});
    case EngineKind::Optimized: return f(std::type_identity<optimized::Game>{});
  }
  throw CliError(kExitInternal, "unknown engine kind");
}

/// Adds `--variant NAME` storing into `target` (empty = not given).
void add_variant_option(CLI::App& app, std::string& target);
/// Parses a --variant value. @throws CliError (usage) naming the accepted variants.
Variant parse_variant_option(const std::string& name);

/// The start position from --variant / --position (at most one given; classic if neither).
/// @throws CliError (usage) for an unknown variant, (input) for a malformed position string.
Position start_position(const std::string& variant, const std::string& position);

/// Builds engine G on `start`; an invalid start (bounded root, side without stones) becomes a
/// CliError (input) prefixed with `where`, e.g. "--position" or "game.txt:1:11".
template <Engine G>
G start_game(const Position& start, const std::string& where) {
  try {
    return G(start);
  } catch (const InvalidPositionError& e) {
    throw CliError(kExitInput, where + ": " + e.what());
  }
}

/// A whole input file (or stdin) and the name to use for it in messages.
struct Input {
  std::string name;  ///< The path, or "<stdin>".
  std::string text;  ///< Its content.
};
/// Reads `path` ("-" = standard input). @throws CliError (input) if it cannot be read.
Input read_input(const std::string& path);

/// "X" or "O".
std::string color_name(Color c);
/// "ply 12, O to move" or "ply 57, game over: X wins".
std::string status_line(const Position& pos, int ply, std::optional<Color> winner);
/// {"board": [...], "to_move": "X", "ply": n, "winner": null|"X"|"O"} in that key order.
nlohmann::ordered_json state_json(const Position& pos, int ply, std::optional<Color> winner);

/// Status line of an engine's current state.
template <Engine G>
std::string status_line(const G& g) {
  return status_line(g.position(), g.ply(), g.winner());
}
/// JSON state of an engine's current state.
template <Engine G>
nlohmann::ordered_json state_json(const G& g) {
  return state_json(g.position(), g.ply(), g.winner());
}

}  // namespace tanbo::cli
