// Entry point of the `tanbo` command-line tool: builds the command tree, parses the command line
// and runs the chosen subcommand, turning every error into one line on stderr and an exit status.
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"

namespace {

using tanbo::cli::CliError;
using tanbo::cli::Command;

// Runs a subcommand; everything it throws becomes "tanbo <name>: <message>" and a status.
int run_command(const Command& cmd) {
  const std::string prefix = "tanbo " + cmd.app->get_name() + ": ";
  try {
    const int status = cmd.run();
    if (!std::cout.flush()) {
      std::cerr << prefix << "cannot write to standard output\n";
      return tanbo::cli::kExitInput;
    }
    return status;
  } catch (const CliError& e) {
    std::cout.flush();  // keep already-printed output (e.g. --trace lines) before the error
    std::cerr << prefix << tanbo::printable(e.message()) << '\n';
    return e.code();
  } catch (const tanbo::Error& e) {
    std::cout.flush();
    std::cerr << prefix << tanbo::printable(e.what()) << '\n';
    return tanbo::cli::kExitInput;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << prefix << "internal error: " << tanbo::printable(e.what()) << '\n';
    return tanbo::cli::kExitInternal;
  }
}

int run_main(int argc, char** argv) {
  CLI::App app{"tanbo: rules engine for the board game Tanbo", "tanbo"};
  // The library's version (project() in CMakeLists.txt, the one place it is written).
  app.set_version_flag("--version", std::string("tanbo ") + tanbo::version());
  app.require_subcommand(1);
  app.footer(std::string("Every subcommand runs the ") + tanbo::cli::kDefaultEngine +
             " engine unless given --engine reference (the simple oracle; diff runs both).\n"
             "Exit status: 0 ok, 1 bad input, 2 bad command line, 3 rule check or engine "
             "divergence failed, 4 internal error.");
  const std::vector<Command> commands{
      tanbo::cli::add_replay_command(app),
      tanbo::cli::add_perft_command(app),
      tanbo::cli::add_selfplay_command(app),
      tanbo::cli::add_bench_command(app),
      tanbo::cli::add_diff_command(app),
      tanbo::cli::add_serve_command(app),
      tanbo::cli::add_conform_command(app),
      tanbo::cli::add_solve_command(app),
      tanbo::cli::add_probe_command(app),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, naming the subcommand when the error happened inside one.
    std::string who = "tanbo";
    for (const Command& c : commands)
      if (c.app->parsed()) who += " " + c.app->get_name();
    std::string what = e.what();
    if (who == "tanbo") {
      // No subcommand was recognised: CLI11 would say "A subcommand is required" even for a
      // misspelt one. Before the subcommand only --help and --version exist (handled above),
      // so the first argument is the culprit: name it, and list the subcommands.
      std::string names;
      for (std::size_t i = 0; i < commands.size(); ++i)
        names += (i == 0 ? "" : i + 1 == commands.size() ? " or " : ", ") +
                 commands[i].app->get_name();
      if (argc < 2)
        what = "a subcommand is required: " + names;
      else if (argv[1][0] == '-')
        what = "unknown option '" + std::string(argv[1]) + "'; give a subcommand first: " + names;
      else
        what = "unknown subcommand '" + std::string(argv[1]) + "'; the subcommands are " + names;
    }
    std::cerr << who << ": " << tanbo::printable(what) << " (see '" << who << " --help')\n";
    return tanbo::cli::kExitUsage;
  }

  for (const Command& c : commands)
    if (c.app->parsed()) return run_command(c);
  return tanbo::cli::kExitUsage;  // unreachable: require_subcommand(1) guarantees one ran
}

}  // namespace

int main(int argc, char** argv) {
  // Last line of defence: nothing may escape as a crash (e.g. bad_alloc while building the app).
  try {
    return run_main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "tanbo: internal error: " << tanbo::printable(e.what()) << '\n';
  } catch (...) {
    std::cerr << "tanbo: internal error: unknown exception\n";
  }
  return tanbo::cli::kExitInternal;
}
