// The two certificate checkers side by side: tanbo::certificate::check (C++, certificate/) and
// `tanbo-certcheck` (the checker of formal/Certificate.v, proven sound in Coq and extracted to
// OCaml), which must read the same language (docs/certificates.md): every file is accepted by
// both or refused by both. Shared by the libFuzzer target fuzz_certcheck and the deterministic
// mutant test certcheck_mutants (fuzz/README.md).
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "tanbo/certificate/certificate.hpp"
#include "tanbo/core/errors.hpp"

extern char** environ;

namespace tanbo::fuzz {

/// `text` with its last sha256 line (one starting a line) holding the digest of every byte before
/// it, so that a mutant's body reaches the checks behind the hash; text without one is returned
/// as it is. What follows that line's end is kept (a line without LF gets one).
inline std::string resealed(std::string_view text) {
  const std::size_t at = text.rfind("\nsha256 ");
  if (at == std::string_view::npos) return std::string(text);
  const std::string_view before = text.substr(0, at + 1);
  const std::size_t eol = text.find('\n', at + 1);
  return std::string(before) + "sha256 " + certificate::sha256_hex(before) +
         std::string(eol == std::string_view::npos ? std::string_view("\n") : text.substr(eol));
}

/// A checker's verdict on one file.
struct Verdict {
  bool accepted = false;
  std::string message;  ///< the refusal's message, or the acceptance line
};

/// The C++ checker's verdict (any other exception escapes: a crash of its own).
inline Verdict cxx_verdict(std::string_view text) {
  std::istringstream in{std::string(text)};
  try {
    const certificate::Summary s = certificate::check(in);
    return {true, "accepted, depth " + std::to_string(s.depth)};
  } catch (const ParseError& e) {
    return {false, e.what()};
  } catch (const certificate::CertificateError& e) {
    return {false, e.what()};
  }
}

/// Runs `tanbo-certcheck` (exit 0: accepted; 1: refused; 2: malformed) on files written under a
/// scratch prefix of this process (one file at a time, overwritten).
class CoqChecker {
 public:
  explicit CoqChecker(std::string binary) : binary_(std::move(binary)) {
    const char* tmp = std::getenv("TMPDIR");
    prefix_ = std::string(tmp && *tmp ? tmp : "/tmp") + "/tanbo-certcheck-" + std::to_string(::getpid());
  }
  CoqChecker(const CoqChecker&) = delete;
  CoqChecker& operator=(const CoqChecker&) = delete;
  ~CoqChecker() {
    std::remove((prefix_ + ".cert").c_str());
    std::remove((prefix_ + ".out").c_str());
  }

  /// The verdict, or nullopt with `problem` set when the checker did not run or ended otherwise
  /// than by exit 0, 1 or 2 (a signal, an exit status of its own).
  std::optional<Verdict> verdict(std::string_view text, std::string& problem) {
    const std::string cert = prefix_ + ".cert", out = prefix_ + ".out";
    {
      std::ofstream f(cert, std::ios::binary | std::ios::trunc);
      f.write(text.data(), static_cast<std::streamsize>(text.size()));
      if (!f) {
        problem = "cannot write " + cert;
        return std::nullopt;
      }
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    std::string arg0 = binary_, arg1 = cert;
    char* argv[] = {arg0.data(), arg1.data(), nullptr};
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, binary_.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
      problem = "cannot run " + binary_;
      return std::nullopt;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
    }
    std::ifstream o(out, std::ios::binary);
    std::string output{std::istreambuf_iterator<char>(o), std::istreambuf_iterator<char>()};
    while (!output.empty() && output.back() == '\n') output.pop_back();
    if (!WIFEXITED(status) || WEXITSTATUS(status) > 2) {
      problem = binary_ + " ended with " +
                (WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status)) : "signal " + std::to_string(WTERMSIG(status))) +
                ": " + output;
      return std::nullopt;
    }
    return Verdict{WEXITSTATUS(status) == 0, output};
  }

 private:
  std::string binary_;
  std::string prefix_;
};

}  // namespace tanbo::fuzz
