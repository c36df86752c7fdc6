// `tanbo conform --engine "CMD ARGS"`: runs the conformance suite (conformance/, docs/
// conformance.md) against any program that speaks the engine protocol (docs/protocol.md), one
// fresh process per file; prints one line per file and the first failing case of each.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>

#include "common.hpp"
#include "tanbo/conformance/engine_process.hpp"
#include "tanbo/conformance/suite.hpp"

namespace tanbo::cli {
namespace {

struct ConformOptions {
  std::string engine;
  std::string suite = TANBO_CONFORMANCE_DIR;
  std::vector<std::string> files;
  int timeout = 20;
};

int run_conform(const ConformOptions& o) {
  conformance::Suite suite;
  try {
    suite = conformance::read_suite(o.suite);
  } catch (const Error& e) {
    throw CliError(kExitInput, std::string("--suite: ") + e.what());
  }
  for (const std::string& f : o.files)
    if (!suite.count(f)) throw CliError(kExitUsage, "--file: the suite has no file '" + printable(f, kQuotedTokenBytes) + "'");
  int failed_files = 0, cases = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& [file, list] : suite) {
    if (!o.files.empty() && std::find(o.files.begin(), o.files.end(), file) == o.files.end()) continue;
    const auto t = std::chrono::steady_clock::now();
    conformance::FileResult r;
    try {
      conformance::EngineProcess engine(o.engine, o.timeout * 1000);
      conformance::ProtocolEngine e{[&engine](const std::string& request) { return engine.ask(request); },
                            [&engine](const std::string& c) { return engine.supports(c); }};
      r = conformance::check_file(file, list, e);
    } catch (const Error& e) {
      // The handshake failed: nothing of this file ran.
      r.file = file;
      r.failed = static_cast<int>(list.size());
      r.first_failure = conformance::Failure{"(handshake)", "protocol_version 1", e.what()};
    }
    cases += static_cast<int>(list.size());
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    std::cout << std::left << std::setw(16) << file << ' ' << (r.failed ? "failed" : "passed") << ": "
              << r.passed << " passed, " << r.failed << " failed";
    if (r.skipped) std::cout << ", " << r.skipped << " skipped";
    if (!r.unchecked.empty()) {
      std::cout << " (skipped: optional command";
      for (const std::string& c : r.unchecked) std::cout << ' ' << c;
      std::cout << " not offered)";
    }
    std::cout << std::fixed << std::setprecision(2) << " in " << s << " s\n";
    if (r.first_failure) {
      ++failed_files;
      std::cout << "  first failure: " << r.first_failure->id << "\n    expected: "
                << printable(r.first_failure->expected) << "\n    actual:   "
                << printable(r.first_failure->actual) << '\n';
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << (failed_files ? "FAILED" : "passed") << ": " << cases << " cases in "
            << std::fixed << std::setprecision(2) << s << " s, " << failed_files << " file"
            << (failed_files == 1 ? "" : "s") << " with failures\n";
  return failed_files ? kExitCheck : kExitOk;
}

}  // namespace

Command add_conform_command(CLI::App& parent) {
  auto o = std::make_shared<ConformOptions>();
  CLI::App* app = parent.add_subcommand(
      "conform",
      "Run the conformance suite against a program speaking the engine protocol "
      "(docs/protocol.md); exit 3 if a case fails");
  app->add_option("--engine", o->engine,
                  "The engine's command line, run by /bin/sh, e.g. \"tanbo serve --engine reference\"")
      ->required();
  app->add_option("--suite", o->suite, "Folder of the suite (manifest.json and its files)")
      ->capture_default_str();
  app->add_option("--file", o->files, "Run only this file of the suite (repeatable), e.g. moves.jsonl");
  add_number_option(*app, "--timeout", o->timeout, 1, 3600, "Seconds to wait for each answer");
  return {app, [o] { return run_conform(*o); }};
}

}  // namespace tanbo::cli
