// tanbo-conformance: writes the conformance suite (generate) or checks that the files in a folder
// are exactly what the generator writes (check, run by CTest: the files are the contract).
// Before writing or comparing, every case is run on both of tanbo's engines over the protocol,
// and, given --spec PATH, every position and move is recomputed by tanbo-spec (the rules proven
// in Coq): three oracles agree on each case.
//
//   tanbo-conformance generate DIR [--spec PATH]
//   tanbo-conformance check DIR [--spec PATH]
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "tanbo/conformance/suite.hpp"

namespace {

using namespace tanbo;

// Runs the suite on an in-process session of `engine`; throws on any failure.
void cross_check(const conformance::Suite& suite, const std::string& engine) {
  for (const auto& [file, cases] : suite) {
    protocol::Server server(engine);
    const conformance::FileResult r = conformance::check_file(file, cases, conformance::in_process(server));
    if (r.failed)
      throw Error("the " + engine + " engine fails " + file + " case " + r.first_failure->id +
                  ": expected " + r.first_failure->expected + ", got " + r.first_failure->actual);
  }
}

// Pipes the suite's trace through `spec check`; throws if tanbo-spec reports a difference.
void spec_check(const conformance::Suite& suite, const std::string& spec) {
  const std::string trace = conformance::spec_trace(suite);
  const std::string command = "'" + spec + "' check";
  FILE* pipe = popen(command.c_str(), "w");
  if (!pipe) throw Error("cannot run " + command);
  const bool written = std::fwrite(trace.data(), 1, trace.size(), pipe) == trace.size();
  const int status = pclose(pipe);
  if (!written || status != 0) throw Error("tanbo-spec disagrees with the suite (" + command + ")");
  std::cerr << "tanbo-spec agrees on " << std::count(trace.begin(), trace.end(), '\n') << " trace lines\n";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first line where `expected` and `actual` differ, for the failure message.
std::string first_difference(const std::string& expected, const std::string& actual) {
  std::istringstream e(expected), a(actual);
  std::string le, la;
  for (int n = 1;; ++n) {
    const bool ge = static_cast<bool>(std::getline(e, le)), ga = static_cast<bool>(std::getline(a, la));
    if (!ge && !ga) return "";
    if (le != la || ge != ga)
      return "line " + std::to_string(n) + ":\n  generated: " + le.substr(0, 300) + "\n  in file:   " + la.substr(0, 300);
  }
}

int run(int argc, char** argv) {
  if (argc < 3 || (std::string(argv[1]) != "generate" && std::string(argv[1]) != "check")) {
    std::cerr << "usage: tanbo-conformance generate|check DIR [--spec PATH]\n";
    return 2;
  }
  const std::string mode = argv[1], dir = argv[2];
  std::string spec;
  for (int i = 3; i < argc; ++i) {
    if (std::string(argv[i]) == "--spec" && i + 1 < argc) {
      spec = argv[++i];
    } else {
      std::cerr << "tanbo-conformance: unknown argument '" << printable(argv[i], 40) << "'\n";
      return 2;
    }
  }
  const conformance::Suite suite = conformance::generate();
  cross_check(suite, "reference");
  cross_check(suite, "optimized");
  if (!spec.empty()) spec_check(suite, spec);
  std::map<std::string, std::string> files;
  for (const auto& [file, cases] : suite) files[file] = conformance::file_text(cases);
  files["manifest.json"] = conformance::manifest(suite).dump(2) + "\n";
  int differences = 0;
  for (const auto& [file, text] : files) {
    const std::string path = dir + "/" + file;
    if (mode == "generate") {
      std::ofstream out(path, std::ios::binary);
      if (!(out << text)) throw Error(path + ": cannot be written");
      std::cout << path << ": " << std::count(text.begin(), text.end(), '\n') << " lines, " << text.size() << " bytes\n";
    } else if (const std::string old = read_file(path); old != text) {
      ++differences;
      std::cout << path << " differs from what the generator writes, " << first_difference(text, old) << '\n';
    }
  }
  if (mode == "check" && differences == 0) std::cout << "the suite in " << dir << " is what the generator writes\n";
  return differences ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "tanbo-conformance: " << printable(e.what()) << '\n';
    return 1;
  }
}
