// Tests of conformance::EngineProcess, the client of an engine in another process (the engine
// protocol, docs/protocol.md), against tiny fake engines written as `sh -c` scripts (a silent
// one, one that exits, one that answers another id, ...), so each error path is deterministic.
// check-map: code conformance
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tanbo/conformance/engine_process.hpp"

using namespace tanbo;
using protocol::Answer;
using conformance::EngineProcess;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// A fake engine that passes the handshake (protocol_version, list_commands), then runs `then`.
std::string fake_engine(const std::string& then) {
  return "read a; echo '=1 1'; read b; echo '=2 protocol_version list_commands play'; " + then;
}

std::string error_of(const std::string& command, const std::string& request, int timeout_ms = 20000) {
  try {
    EngineProcess p(command, timeout_ms);
    p.ask_ok(request);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

std::string handshake_error(const std::string& command) {
  try {
    const EngineProcess p(command);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("engine process: a fake engine's handshake, answers and commands", "[differential][process][protocol]") {
  const std::string cmd = fake_engine(
      "read c; printf '=3 hello \\r\\n'; read d; read e; echo '=4 one'; echo '?5 usage two'; read q");
  EngineProcess p(cmd);
  CHECK(p.command() == cmd);
  CHECK(p.commands() == std::vector<std::string>{"protocol_version", "list_commands", "play"});
  CHECK(p.supports("play"));
  CHECK(!p.supports("undo"));
  CHECK(p.ask_ok("anything") == "hello");  // the \r and the trailing space are not the answer
  const std::vector<Answer> two = p.ask_all({"first", "second"});
  REQUIRE(two.size() == 2);
  CHECK((two[0].ok && two[0].id == "4" && two[0].text == "one"));
  CHECK((!two[1].ok && two[1].id == "5" && two[1].text == "usage two"));
}

TEST_CASE("engine process: each bad engine gets an error naming the engine and what went wrong",
          "[differential][process][protocol]") {
  // Handshake failures.
  CHECK(handshake_error("read a; echo '=1 2'") == "engine 'read a; echo '=1 2'': speaks protocol version '2', not 1");
  CHECK_THAT(handshake_error("read a; echo '?1 unknown-command no'"),
             Contains("refused 'protocol_version': unknown-command no"));
  // An engine that exits at once: whether it is gone before the request is written ("exited
  // (cannot send ...)") or before the answer is read ("exited or closed its output") is a race.
  CHECK_THAT(handshake_error("true"), Contains("engine 'true': exited"));
  CHECK_THAT(handshake_error("read a; echo hello"),
             Contains("to 'protocol_version': an answer starts with '=' or '?', got 'hello'"));
  // After the handshake.
  CHECK_THAT(error_of(fake_engine("read c; echo '?3 usage nope'; read q"), "frob"),
             Contains("': refused 'frob': usage nope"));
  CHECK_THAT(error_of(fake_engine("read c; echo '=9 x'; read q"), "frob"),
             Contains("answered id '9' to request id 3 ('frob')"));
  // A silent engine: the timeout, then the destructor ends the process that ignores quit.
  CHECK_THAT(error_of(fake_engine("exec sleep 5"), "frob", 300), Contains("no answer within 0 s"));
}

TEST_CASE("engine process: an engine that exited is reported on reading, then on sending",
          "[differential][process][protocol]") {
  EngineProcess p(fake_engine("exit 0"));
  CHECK_THROWS_WITH(p.ask("frob"), Contains("exited"));
  // Its end of the pair is closed now (the read above saw the end of file): send fails.
  CHECK_THROWS_WITH(p.ask("frob"), Contains("exited (cannot send 'frob')"));
}
