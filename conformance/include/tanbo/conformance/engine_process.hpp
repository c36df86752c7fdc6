// A Tanbo engine in another process, driven over the engine protocol (docs/protocol.md): starts
// the command through /bin/sh with pipes on its stdin and stdout, sends one request per line and
// reads one answer line per request. Used by `tanbo conform` and `tanbo diff --engine`. POSIX.
// The client of the protocol server (protocol/src/protocol.cpp), beside the conformance checker that
// is its first user: checking tooling, not product, so nothing users link (the libraries, the C
// API, the Python module) starts processes.
#pragma once

#include <string>
#include <vector>

#include "tanbo/protocol/protocol.hpp"

namespace tanbo::conformance {

/// An engine process. Not copyable (it owns the child); movable.
class EngineProcess {
 public:
  /// Starts `command` (a shell command line). `timeout_ms` bounds the wait for each answer.
  /// @throws Error if the process cannot be started.
  explicit EngineProcess(const std::string& command, int timeout_ms = 20000);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  /// Sends `request` (one line, no newline) with a fresh id and returns its parsed answer.
  /// @throws Error when the engine exits, stays silent past the timeout, or answers a line that
  /// is not an answer or carries another id.
  protocol::Answer ask(const std::string& request);
  /// ask(), returning the text of an `=` answer. @throws Error for a `?` answer.
  std::string ask_ok(const std::string& request);
  /// Sends all `requests` at once, then reads their answers in order: one pipe round trip
  /// instead of one per request (the protocol answers requests strictly in order).
  std::vector<protocol::Answer> ask_all(const std::vector<std::string>& requests);
  /// The commands the engine listed in answer to list_commands (asked once, at start).
  const std::vector<std::string>& commands() const noexcept { return commands_; }
  /// Whether the engine listed `command` (commands()).
  bool supports(const std::string& command) const;
  /// The command line this process runs.
  const std::string& command() const noexcept { return command_; }

 private:
  std::string read_line();
  void send_all(const std::string& text, const std::string& first_request);
  protocol::Answer read_answer(const std::string& id, const std::string& request);
  std::string command_;
  int timeout_ms_;
  int pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  long next_id_ = 1;
  std::vector<std::string> commands_;
};

}  // namespace tanbo::conformance
