// Tests of the engine protocol in tanbo::api: the server session (every command and every
// refusal kind of docs/protocol.md) and the answer parser. The client of an engine in another
// process is checking tooling: conformance/tests/engine_process_test.cpp.
// check-map: code protocol
#include <string>
#include <vector>

#include "tanbo/protocol/protocol.hpp"
#include "test_util.hpp"

using namespace tanbo;
using protocol::Server;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

TEST_CASE("protocol: the server answers every command, with and without an id", "[api][protocol]") {
  Server s("reference");
  CHECK(s.handle("") == std::nullopt);
  CHECK(s.handle("   \t") == std::nullopt);
  CHECK(s.handle("# a comment") == std::nullopt);
  CHECK(s.handle("protocol_version") == "= 1");
  CHECK(s.handle("7 protocol_version\r") == "=7 1");
  CHECK(s.handle("1 name") == "=1 tanbo");
  CHECK(s.handle("2 version") == "=2 reference");
  CHECK(s.handle("3 list_commands") ==
        "=3 protocol_version name version list_commands start play undo legal position winner roots perft solve quit");
  CHECK(s.handle("4 start lattice-5") == "=4");
  CHECK(s.handle("5 position") == "=5 X3O/5/5/5/O3X X");
  CHECK(s.handle("6 legal") == "=6 B1 A2 E4 D5");
  CHECK(s.handle("7 winner") == "=7 none");
  CHECK(s.handle("8 roots") == "=8 X:A1:B1,A2 O:E1:D1,E2 O:A5:A4,B5 X:E5:E4,D5");
  CHECK(s.handle("9 perft 2") == "=9 16");
  CHECK(s.handle("10 play B1") == "=10 none");
  CHECK(s.handle("11 undo") == "=11");
  CHECK(s.handle("12 position") == "=12 X3O/5/5/5/O3X X");
  // A position string as the start: the words after `start` are joined again.
  CHECK(s.handle("13 start X3O/5/5/5/O3X O") == "=13");
  CHECK(s.handle("14 legal") == "=14 D1 E2 A4 B5");
  CHECK(!s.done());
  CHECK(s.handle("15 quit") == "=15");
  CHECK(s.done());
}

TEST_CASE("protocol: the server refuses bad requests with the documented kinds", "[api][protocol][errors]") {
  Server s("optimized");
  CHECK(s.handle("42") == "?42 syntax an id must be followed by a command");
  CHECK(s.handle("1 name extra") == "?1 syntax name takes 0 arguments, got 1");
  CHECK(s.handle("2 play") == "?2 syntax play takes 1 argument, got 0");
  CHECK(s.handle("3 start") == "?3 syntax start takes a variant name or a position string");
  CHECK(s.handle("4 frobnicate") == "?4 unknown-command 'frobnicate' (see list_commands)");
  CHECK(s.handle("5 play 1A") == "?5 syntax '1A' is not a point name");
  CHECK(s.handle("6 undo") == "?6 usage no move to undo");
  for (const char* depth : {"13", "-1", "", "123", "x"}) {
    CAPTURE(depth);
    CHECK_THAT(*s.handle(std::string("7 perft ") + depth),
               StartsWith(std::string(*depth ? "?7 syntax perft depth must be 0-12" : "?7 syntax perft takes 1")));
  }
  CHECK_THAT(*s.handle("8 start lattice-8"), StartsWith("?8 syntax "));
  CHECK_THAT(*s.handle("9 start X4/5/5/5/5 X"), StartsWith("?9 invalid-position "));
  // A refused start keeps the game: still classic, nothing played.
  CHECK(s.handle("10 winner") == "=10 none");
  CHECK(s.handle("11 start lattice-5") == "=11");
  CHECK_THAT(*s.handle("12 play A1"), StartsWith("?12 illegal occupied "));
  CHECK_THAT(*s.handle("13 play C3"), StartsWith("?13 illegal no-friendly-neighbour "));
  CHECK_THAT(*s.handle("14 play Z9"), StartsWith("?14 illegal off-board "));
  CHECK_THROWS_AS(Server("fast"), UsageError);
}

TEST_CASE("protocol: illegal_text names every reason; words splits at spaces and tabs", "[api][protocol]") {
  CHECK(protocol::illegal_text(IllegalReason::OffBoard) == "illegal off-board");
  CHECK(protocol::illegal_text(IllegalReason::Occupied) == "illegal occupied");
  CHECK(protocol::illegal_text(IllegalReason::NoFriendlyNeighbour) == "illegal no-friendly-neighbour");
  CHECK(protocol::illegal_text(IllegalReason::SeveralFriendlyNeighbours) ==
        "illegal several-friendly-neighbours");
  CHECK(protocol::illegal_text(IllegalReason::GameOver) == "illegal game-over");
  CHECK(protocol::illegal_text(static_cast<IllegalReason>(99)) == "illegal unknown");
  CHECK(protocol::words(" a\t\tbc  d ") == std::vector<std::string>{"a", "bc", "d"});
  CHECK(protocol::words("").empty());
  CHECK(protocol::points_text({}) == "");
  CHECK(protocol::points_text({Point{0, 0}, Point{2, 1}}) == "A1 C2");
}

TEST_CASE("protocol: parse_answer reads ok and error answers and refuses other lines", "[api][protocol]") {
  const protocol::Answer a = protocol::parse_answer("=12 A1 B2  \r");
  CHECK(a.ok);
  CHECK(a.id == "12");
  CHECK(a.text == "A1 B2");
  const protocol::Answer b = protocol::parse_answer("?");
  CHECK(!b.ok);
  CHECK(b.id.empty());
  CHECK(b.text.empty());
  CHECK(protocol::parse_answer("= none").text == "none");
  auto error_of_line = [](const std::string& line) {
    try {
      protocol::parse_answer(line);
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK(error_of_line("") == "an answer starts with '=' or '?', got ''");
  CHECK(error_of_line("ok 1") == "an answer starts with '=' or '?', got 'ok 1'");
  CHECK(error_of_line("=12x y") == "answer '=12x y': a space must follow '=12'");
}

TEST_CASE("protocol: solve takes one node budget of digits only", "[api][protocol][errors]") {
  Server s("optimized");
  for (const char* budget : {"", "-1", "12345678901234", "1e6"}) {
    CAPTURE(budget);
    CHECK(*s.handle(std::string("1 solve ") + budget) ==
          (*budget ? "?1 syntax solve takes a node budget of 1 to 2^40, got '" + std::string(budget) + "'"
                   : std::string("?1 syntax solve takes 1 argument, got 0")));
  }
}
