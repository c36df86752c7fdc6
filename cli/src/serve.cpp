// `tanbo serve`: one of tanbo's engines over the engine protocol (docs/protocol.md) on standard
// input and output, so that other programs (and `tanbo conform`) can drive it line by line.
#include <iostream>
#include <string>

#include "common.hpp"
#include "tanbo/protocol/protocol.hpp"

namespace tanbo::cli {

Command add_serve_command(CLI::App& parent) {
  CLI::App* app = parent.add_subcommand(
      "serve", "Speak the tanbo engine protocol (docs/protocol.md) on stdin/stdout");
  auto engine = std::make_shared<std::string>();
  add_engine_option(*app, *engine);
  return {app, [engine] {
            protocol::Server server(*engine);
            std::string line;
            while (!server.done() && std::getline(std::cin, line)) {
              if (const auto answer = server.handle(line)) {
                // One flushed line per request: the client waits for it before the next one.
                std::cout << *answer << '\n' << std::flush;
                if (!std::cout) throw CliError(kExitInput, "cannot write to standard output");
              }
            }
            return kExitOk;
          }};
}

}  // namespace tanbo::cli
