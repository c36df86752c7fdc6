// Shared pieces of the tanbo CLI: exit codes, the CLI-level error type, the --engine option (the
// names come from tanbo::api's engine registry; a name becomes an engine through
// api::make_game or api::with_engine, never here), option helpers, input reading and output
// formatting. The CLI reaches the engines only through tanbo::api (tests/check_layers.py), whose
// headers also bring core's vocabulary (tanbo/core.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string_view>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "tanbo/api/game.hpp"

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
Command add_serve_command(CLI::App& parent);
Command add_conform_command(CLI::App& parent);
Command add_solve_command(CLI::App& parent);
Command add_probe_command(CLI::App& parent);

/// The engine every subcommand runs unless `--engine` says otherwise: the fast one. The
/// reference engine (the simple oracle) is one flag away, `--engine reference`.
inline constexpr const char* kDefaultEngine = api::kDefaultEngine.data();

/// Adds `--engine reference|optimized` storing into `target`, which it sets to kDefaultEngine.
/// The subcommand then runs its code on that engine through api::with_engine (static engine
/// type: perft, selfplay, bench) or api::make_game (AnyGame: replay, serve).
void add_engine_option(CLI::App& app, std::string& target);

/// Adds the option (or positional, for a `name` without dashes) `name`, reading a number in
/// [min, max] into `target`: decimal digits (with '-' for signed types), or any finite decimal
/// for double. The range is appended to `description` for --help. Anything else is a usage error
/// naming the option, the range and (escaped, shortened) the value, e.g. "DEPTH must be from 0
/// to 2147483647, got -1"; CLI11's own checks would print DBL_MAX's 309 digits and accept "0x10".
/// Instantiated for int, unsigned, unsigned long, unsigned long long and double.
template <typename T>
CLI::Option* add_number_option(CLI::App& app, const std::string& name, T& target, T min, T max,
                               const std::string& description);

/// Adds a text option whose absence (nullopt) differs from an empty value ("" is an error later,
/// never silently "not given").
CLI::Option* add_text_option(CLI::App& app, const std::string& name,
                             std::optional<std::string>& target, const std::string& description);

/// Adds `--variant NAME` storing into `target`.
CLI::Option* add_variant_option(CLI::App& app, std::optional<std::string>& target);
/// Adds `--position STRING` (excluding --variant) storing into `target`.
CLI::Option* add_position_option(CLI::App& app, std::optional<std::string>& target,
                                 const std::string& description);
/// Parses a --variant value (Variant::parse_named). @throws CliError (usage) naming the accepted
/// variants, or saying that custom-N needs --position.
Variant parse_variant_option(const std::string& name);
/// The --variant value, or classic if none was given.
Variant variant_or_classic(const std::optional<std::string>& variant);

/// The start position from --variant / --position (at most one given; classic if neither): a
/// --position value is read by api::read_start, as every face reads a start (a position string,
/// or a variant name). @throws CliError (usage) for an unknown --variant, (input) for a
/// --position that api::read_start refuses.
Position start_position(const std::optional<std::string>& variant,
                        const std::optional<std::string>& position);

/// Creates directory `path` (and its parents) for the option `option` unless it exists.
/// @throws CliError (input) if that fails, e.g. because `path` is a file.
void ensure_directory(const std::string& option, const std::string& path);

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

/// "file:line:column" for messages about `in`; just the file name when line is 0.
std::string location(const Input& in, int line, int column);

/// A game record read from a file and parsed, with the input kept for error locations.
struct RecordInput {
  Input input;
  GameRecord record;
  /// "file:line:column" of the header's value when a [Variant] or [Position] line set the start.
  std::optional<std::string> header;
  /// Where the start was set, for messages about it: the header's value, or the file name.
  std::string start_location() const { return header.value_or(input.name); }
};
/// Reads and parses the record in `path` (header-less records start from `default_variant`).
/// A record with neither moves nor a header (an empty or comment-only file, probably the wrong
/// file) is refused here, although parse_record accepts it as a game without moves.
/// @throws CliError (input) naming file:line:column and the problem.
RecordInput read_record(const std::string& path, const Variant& default_variant);

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
