// libFuzzer target: the engine protocol's session (tanbo::protocol::Server, docs/protocol.md),
// which reads untrusted lines from a pipe in `tanbo serve`, the C API and both packages' servers.
// The input is split at '\n' into request lines, each handed to a session on either engine.
// Properties: a blank or comment line gets no answer and every other line exactly one answer
// line (no line break in it) that parses as an answer echoing the request's id; both engines
// give the same answer to every request but `version` (the engine's name); a refused request
// ('?') leaves the position as it was; `quit` ends both sessions at once.
// check-map: fuzz fuzz_session [protocol]
// check-map: code api
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "tanbo/protocol/protocol.hpp"

namespace {

namespace protocol = tanbo::protocol;

// perft is exponential in its depth, and `solve` searches up to its node budget: deeper counts
// and larger budgets would only make the target time out.
constexpr int kMaxPerftDepth = 1;
constexpr long long kMaxSolveNodes = 10'000;

// The session's answer to `line`. Built with TANBO_FUZZ_SESSION_PLANT=K (fuzz/CMakeLists.txt's
// planted-bug tests), one session answers wrongly in the way K says, so that each property
// below is shown to catch its bug.
std::optional<std::string> ask(protocol::Server& server, std::string_view line, [[maybe_unused]] bool planted) {
  std::optional<std::string> answer = server.handle(line);
#ifdef TANBO_FUZZ_SESSION_PLANT
  if (planted && answer) {
    const std::vector<std::string> w = protocol::words(line);
    const bool legal = !w.empty() && w.back() == "legal";
    switch (TANBO_FUZZ_SESSION_PLANT) {
      case 1: if (legal) *answer += "\n"; break;                                       // a line break
      case 2: if (legal && answer->size() > 2) answer->resize(answer->rfind(' ')); break;  // differs
      case 3: if (answer->size() > 1 && (*answer)[1] >= '0' && (*answer)[1] <= '9') answer->erase(1, 1); break;  // id
      case 4:  // a refusal that changes the game: the session plays its first legal move
        if ((*answer)[0] == '?') {
          const std::vector<std::string> moves = protocol::words(server.handle("legal").value_or(""));
          if (moves.size() > 1) server.handle("play " + moves[1]);
        }
        break;
    }
  }
#endif
  return answer;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  protocol::Server optimized("optimized");
  protocol::Server reference("reference");
  std::size_t start = 0;
  while (start <= input.size() && !optimized.done()) {
    const std::size_t end = std::min(input.find('\n', start), input.size());
    const std::string_view line = input.substr(start, end - start);
    start = end + 1;
    auto fail = [&](const std::string& what) { tanbo::fuzz::fail("fuzz_session", what, line); };

    // What the request is, read as the protocol says: [id] command [arguments].
    std::vector<std::string> w = protocol::words(line.substr(0, line.size() - (line.ends_with('\r') ? 1 : 0)));
    const bool comment = w.empty() || w[0][0] == '#';
    std::string id;
    if (!comment && w[0].find_first_not_of("0123456789") == std::string::npos) {
      id = w[0];
      w.erase(w.begin());
    }
    const std::string command = w.empty() ? "" : w[0];
    if (command == "perft" && w.size() == 2 && w[1].find_first_not_of("0123456789") == std::string::npos &&
        w[1].size() <= 2 && std::stoi(w[1]) > kMaxPerftDepth)
      continue;
    if (command == "solve" && w.size() == 2 && w[1].find_first_not_of("0123456789") == std::string::npos &&
        (w[1].size() > 5 || std::stoll(w[1]) > kMaxSolveNodes))
      continue;

    const std::optional<std::string> before[] = {optimized.handle("position"), reference.handle("position")};
    const std::optional<std::string> a = ask(optimized, line, false);
    const std::optional<std::string> b = ask(reference, line, true);
    if (comment != !a.has_value()) fail(comment ? "a comment line was answered" : "a request got no answer");
    if (a.has_value() != b.has_value()) fail("one engine answered, the other did not");
    if (!a) continue;
    bool refused = false;
    for (const std::string* answer : {&*a, &*b}) {
      if (answer->find_first_of("\r\n") != std::string::npos) fail("an answer holds a line break: " + *answer);
      protocol::Answer parsed;
      try {
        parsed = protocol::parse_answer(*answer);
      } catch (const tanbo::ParseError& e) {
        fail(std::string("an answer the protocol's parser refuses: ") + e.what());
      }
      if (parsed.id != id) fail("the answer '" + *answer + "' does not echo the id '" + id + "'");
      refused = refused || !parsed.ok;
    }
    if (*a != *b && command != "version")
      fail("the engines answer differently:\n  optimized: " + *a + "\n  reference: " + *b);
    if (refused && (optimized.handle("position") != before[0] || reference.handle("position") != before[1]))
      fail("the refused request changed the position: " + *a);
    if (optimized.done() != reference.done()) fail("one session quit, the other did not");
  }
  return 0;
}
