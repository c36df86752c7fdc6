// A Tanbo engine in another process over the engine protocol (see engine_process.hpp).
// One socketpair carries both directions: the child's stdin and stdout are its end, and writes
// use send(MSG_NOSIGNAL) so an engine that exits makes an error here, not a SIGPIPE.
#include "tanbo/conformance/engine_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <thread>

namespace tanbo::conformance {

namespace {
Error engine_error(const std::string& command, const std::string& what) {
  return Error("engine '" + printable(command, 80) + "': " + what);
}
}  // namespace

EngineProcess::EngineProcess(const std::string& command, int timeout_ms)
    : command_(command), timeout_ms_(timeout_ms) {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    throw engine_error(command, "cannot create a socket pair");
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw engine_error(command, "cannot fork");
  }
  if (pid == 0) {
    // The child: its end of the pair becomes stdin and stdout (dup2 clears CLOEXEC).
    dup2(fds[1], 0);
    dup2(fds[1], 1);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  pid_ = pid;
  to_child_ = from_child_ = fds[0];
  // The handshake: the protocol version first, so a program speaking something else is named.
  const std::string version = ask_ok("protocol_version");
  if (version != std::to_string(protocol::kVersion))
    throw engine_error(command, "speaks protocol version '" + printable(version, 40) + "', not " +
                                    std::to_string(protocol::kVersion));
  commands_ = protocol::words(ask_ok("list_commands"));
}

EngineProcess::~EngineProcess() {
  if (pid_ <= 0) return;
  const std::string quit = "quit\n";
  (void)send(to_child_, quit.data(), quit.size(), MSG_NOSIGNAL);
  shutdown(to_child_, SHUT_WR);
  // Give the engine a second to exit on its own, then end it (only the child this started).
  for (int i = 0; i < 100; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      close(to_child_);
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  close(to_child_);
}

bool EngineProcess::supports(const std::string& command) const {
  return std::find(commands_.begin(), commands_.end(), command) != commands_.end();
}

std::string EngineProcess::read_line() {
  for (;;) {
    if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    pollfd p{from_child_, POLLIN, 0};
    const int ready = poll(&p, 1, timeout_ms_);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0)
      throw engine_error(command_, "no answer within " + std::to_string(timeout_ms_ / 1000) + " s");
    char chunk[65536];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw engine_error(command_, "exited or closed its output");
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void EngineProcess::send_all(const std::string& text, const std::string& first_request) {
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = send(to_child_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw engine_error(command_, "exited (cannot send '" + printable(first_request, 40) + "')");
    sent += static_cast<std::size_t>(n);
  }
}

protocol::Answer EngineProcess::read_answer(const std::string& id, const std::string& request) {
  const std::string answer_line = read_line();
  protocol::Answer a;
  try {
    a = protocol::parse_answer(answer_line);
  } catch (const ParseError& e) {
    throw engine_error(command_, std::string("to '") + printable(request, 40) + "': " + e.what());
  }
  if (a.id != id)
    throw engine_error(command_, "answered id '" + a.id + "' to request id " + id + " ('" +
                                     printable(request, 40) + "')");
  return a;
}

protocol::Answer EngineProcess::ask(const std::string& request) { return ask_all({request}).front(); }

std::vector<protocol::Answer> EngineProcess::ask_all(const std::vector<std::string>& requests) {
  std::string text;
  std::vector<std::string> ids;
  for (const std::string& r : requests) {
    ids.push_back(std::to_string(next_id_++));
    text += ids.back();
    text += ' ';
    text += r;
    text += '\n';
  }
  send_all(text, requests.empty() ? "" : requests.front());
  std::vector<protocol::Answer> out;
  for (std::size_t i = 0; i < requests.size(); ++i) out.push_back(read_answer(ids[i], requests[i]));
  return out;
}

std::string EngineProcess::ask_ok(const std::string& request) {
  protocol::Answer a = ask(request);
  if (!a.ok)
    throw engine_error(command_, "refused '" + printable(request, 40) + "': " + printable(a.text, 200));
  return a.text;
}

}  // namespace tanbo::conformance
