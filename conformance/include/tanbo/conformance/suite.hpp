// The Tanbo conformance suite (docs/conformance.md): cases as JSON objects, grouped in JSON Lines
// files under conformance/, generated from the reference engine and checked against any engine
// that speaks the engine protocol (docs/protocol.md). Generation and checking live together so
// the generator can check every case it writes on tanbo's own engines before writing it.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tanbo/protocol/protocol.hpp"

namespace tanbo::conformance {

/// The version of the suite's format and content (manifest.json "version").
inline constexpr int kSuiteVersion = 1;

using Case = nlohmann::ordered_json;

/// The suite: file name (e.g. "moves.jsonl") to its cases, in file order.
using Suite = std::map<std::string, std::vector<Case>>;

/// An engine as the checker sees it, through the protocol: a request line in, its answer out,
/// plus the optional commands it offers (from list_commands). Not tanbo::Engine, the C++ concept
/// of a rules engine: this one may be any program.
struct ProtocolEngine {
  std::function<protocol::Answer(const std::string&)> ask;
  std::function<bool(const std::string&)> supports;
};

/// One case that did not pass: its id, what the suite expects and what the engine answered.
struct Failure {
  std::string id;
  std::string expected;
  std::string actual;
};

/// The outcome of one file.
struct FileResult {
  std::string file;
  int passed = 0;
  int failed = 0;
  int skipped = 0;                      ///< Cases that need an optional command the engine lacks.
  std::vector<std::string> unchecked;   ///< Optional commands whose checks were left out.
  std::optional<Failure> first_failure;
};

/// Runs every case of one file on `engine`.
FileResult check_file(const std::string& file, const std::vector<Case>& cases, const ProtocolEngine& engine);

/// A ProtocolEngine on an in-process protocol session over one of tanbo's engines.
ProtocolEngine in_process(protocol::Server& server);

/// Generates the whole suite from the reference engine (deterministic: fixed seeds).
Suite generate();

/// The manifest: version and case counts per file.
nlohmann::ordered_json manifest(const Suite& suite);

/// The states and moves the suite checks, on boards up to 13x13, as a tanbo-spec trace
/// (formal/oracle/tanbo_spec.ml): P and M lines, which the rules proven in Coq recompute.
std::string spec_trace(const Suite& suite);

/// Reads the suite's files from `dir` (the files the manifest lists).
/// @throws Error naming the file and line of a malformed one.
Suite read_suite(const std::string& dir);

/// The text of one file as written: one compact JSON object per line.
std::string file_text(const std::vector<Case>& cases);

}  // namespace tanbo::conformance
