// Tests of ExternalGame, the candidate engine behind the engine protocol (`tanbo diff --engine`),
// against a scripted fake engine: an `sh` loop answering each command with a fixed text, so each
// answer an engine may give (refusals, malformed lists, unknown rule-6 branches) is tried, and
// with a request log, which shows how games sharing one process are replayed into it.
// check-map: code conformance
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "tanbo/core/zobrist.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/conformance/external_engine.hpp"

using namespace tanbo;
using namespace tanbo::conformance;
using namespace tanbo::differential;  // the Checker, Script and results the external engine plugs into
using Catch::Matchers::Contains;

namespace {

// The answers of the fake engine; "$id" is the request's id. By default it plays lattice-5's
// opening and never changes it (so the reference disagrees after any move).
struct Fake {
  std::string start = "=$id";
  std::string position = "=$id X3O/5/5/5/O3X X";
  std::string legal = "=$id B1 A2 E4 D5";
  std::string winner = "=$id none";
  std::string play = "=$id none";
  std::string undo = "=$id";
  std::string log;  // if set, every request is appended to this file

  std::string command() const {
    const std::string record = log.empty() ? "" : "echo \"$cmd $rest\" >> '" + log + "'; ";
    return "while read id cmd rest; do " + record + "case $cmd in "
           "protocol_version) echo \"=$id 1\";; "
           "list_commands) echo \"=$id start play undo position legal winner quit\";; "
           "start) echo \"" + start + "\";; "
           "position) echo \"" + position + "\";; "
           "legal) echo \"" + legal + "\";; "
           "winner) echo \"" + winner + "\";; "
           "play) echo \"" + play + "\";; "
           "undo) echo \"" + undo + "\";; "
           "quit) echo \"=$id\"; exit 0;; "
           "*) echo \"?$id unknown-command\";; esac; done";
  }
};

const Position kLattice5 = opening(Variant::lattice(5));
constexpr Point kB1{1, 0};

// What `f(session)` throws on a session of `fake` (a new process).
template <typename F>
std::string error_of(const Fake& fake, F&& f) {
  const std::shared_ptr<ExternalSession> session = start_external_engine(fake.command(), 5000);
  try {
    f(session);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("external engine: a game needs a process", "[differential][external][protocol]") {
  CHECK_THROWS_WITH(ExternalGame(nullptr, Variant::lattice(5)), "ExternalGame: no engine process (a null session)");
}

TEST_CASE("external engine: state comes from the engine's answers", "[differential][external][protocol]") {
  Fake fake;
  fake.play = "=$id bounded-roots A1 B1";
  ExternalGame g(start_external_engine(fake.command(), 5000), Variant::lattice(5));
  CHECK(g.size() == 5);
  CHECK(g.position() == kLattice5);
  CHECK(g.start_position() == kLattice5);
  CHECK(g.legal_moves() == std::vector<Point>{{1, 0}, {0, 1}, {4, 3}, {3, 4}});
  CHECK(g.legal_move_count() == 4);
  CHECK(g.is_legal(kB1));
  CHECK(!g.is_legal(Point{2, 2}));
  CHECK(!g.is_over());
  CHECK(g.at(Point{0, 0}) == Cell::Black);
  CHECK(g.hash() == zobrist_hash(kLattice5));
  CHECK_THROWS_AS(g.at(Point{5, 0}), UsageError);
  CHECK_THROWS_AS(g.last_result(), UsageError);
  CHECK_THROWS_WITH(g.undo(), "undo: no move to take back");
  // The removed stones are counted by colour: A1 holds X, B1 is the mover's (X) own stone.
  const MoveEffect e = g.play(kB1);
  CHECK(e.removal == Removal::BoundedRoots);
  CHECK(e.removed_black == 2);
  CHECK(e.removed_white == 0);
  CHECK(g.last_result().removed == std::vector<Point>{{0, 0}, {1, 0}});
  CHECK(g.moves() == std::vector<Point>{kB1});
  CHECK(g.ply() == 1);
  g.undo();
  CHECK(g.ply() == 0);
  // A point no point name can spell is refused here, as rule 3 would.
  try {
    g.play(Point{-1, 0});
    FAIL("no IllegalMoveError");
  } catch (const IllegalMoveError& err) {
    CHECK(err.reason() == IllegalReason::OffBoard);
  }
}

TEST_CASE("external engine: a finished game and each rule-6 branch", "[differential][external][protocol]") {
  Fake fake;
  fake.winner = "=$id O";
  {
    const ExternalGame g(start_external_engine(fake.command(), 5000), kLattice5);
    CHECK(g.winner() == Color::White);
    ExternalGame h = g;
    try {
      h.play(Point{-1, 0});
      FAIL("no IllegalMoveError");
    } catch (const IllegalMoveError& err) {
      CHECK(err.reason() == IllegalReason::GameOver);
    }
  }
  fake.winner = "=$id X";
  fake.play = "=$id expanded-root E1";
  ExternalGame g(start_external_engine(fake.command(), 5000), kLattice5);
  CHECK(g.winner() == Color::Black);
  const MoveEffect e = g.play(kB1);
  CHECK(e.removal == Removal::ExpandedRoot);
  CHECK(e.removed_white == 1);  // E1 holds O
  CHECK(e.removed_black == 0);
}

TEST_CASE("external engine: refusals and malformed answers become clear errors",
          "[differential][external][protocol]") {
  Fake f;
  f.start = "?$id usage not today";
  CHECK(error_of(f, [](auto session) { ExternalGame g(session, kLattice5); }) ==
        "engine refused 'start X3O/5/5/5/O3X X lattice-5': usage not today");
  f = {};
  f.start = "?$id invalid-position no";
  CHECK(error_of(f, [](auto session) { ExternalGame g(session, kLattice5); }) == "engine: invalid-position no");
  // When the reference finds the start invalid too, its wording is used.
  const Position lone = Position::parse("X4/5/5/5/5 X");
  REQUIRE(reference::position_problem(lone));
  CHECK(error_of(f, [&](auto session) { ExternalGame g(session, lone); }) == reference::position_problem(lone)->what());
  f = {};
  f.legal = "?$id usage broken";
  CHECK(error_of(f, [](auto session) { ExternalGame g(session, kLattice5); }) == "engine refused 'legal': usage broken");
  f = {};
  f.legal = "=$id B1 nowhere";
  CHECK(error_of(f, [](auto session) { ExternalGame g(session, kLattice5); }) == "engine answered 'nowhere' in legal, not a point name");
  f = {};
  f.play = "?$id illegal occupied by a stone";
  {
    ExternalGame g(start_external_engine(f.command(), 5000), kLattice5);
    try {
      g.play(kB1);
      FAIL("no IllegalMoveError");
    } catch (const IllegalMoveError& err) {
      CHECK(err.reason() == IllegalReason::Occupied);
      CHECK(err.point() == kB1);
    }
  }
  f.play = "?$id illegal sideways";
  CHECK(error_of(f, [](auto session) { ExternalGame(session, kLattice5).play(kB1); }) == "engine refused 'play B1': illegal sideways");
  f.play = "?$id usage";
  CHECK(error_of(f, [](auto session) { ExternalGame(session, kLattice5).play(kB1); }) == "engine refused 'play B1': usage");
  f.play = "=$id teleported";
  CHECK(error_of(f, [](auto session) { ExternalGame(session, kLattice5).play(kB1); }) == "engine answered 'play B1' with 'teleported'");
  f.play = "=$id bounded-roots B1 99";
  CHECK(error_of(f, [](auto session) { ExternalGame(session, kLattice5).play(kB1); }) ==
        "engine answered '99' in play's removed stones, not a point name");
  f = {};
  f.undo = "?$id usage cannot";
  CHECK(error_of(f, [](auto session) {
          ExternalGame g(session, kLattice5);
          g.play(kB1);
          g.undo();
        }) == "engine refused 'undo': usage cannot");
}

TEST_CASE("external engine: games sharing a process are replayed into it", "[differential][external][protocol]") {
  const auto log = std::filesystem::temp_directory_path() / "tanbo-external-engine-test.log";
  std::filesystem::remove(log);
  Fake f;
  f.log = log.string();
  {
    const std::shared_ptr<ExternalSession> session = start_external_engine(f.command(), 5000);
    ExternalGame g1(session, kLattice5);
    const ExternalGame g2 = g1;           // shares the process, not the history
    g1.play(kB1);                         // the process has played B1
    ExternalGame(g2).play(Point{0, 1});   // undo B1 there, then A2
    ExternalGame g3(session, opening(Variant::lattice(7)));  // another start
    g1.play(Point{3, 0});                 // start again, replay B1, then D1
  }
  std::ifstream in(log);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::filesystem::remove(log);
  // The last line is the destructor's id-less quit (the fake reads "quit" as the id).
  REQUIRE(text.size() >= 2);
  const std::string requests = text.substr(0, text.rfind('\n', text.size() - 2) + 1);
  const std::string q = "position \nlegal \nwinner \n";
  CHECK(requests == "protocol_version \nlist_commands \n"
                "start X3O/5/5/5/O3X X lattice-5\n" + q +
                "play B1\n" + q +
                "undo \nplay A2\n" + q +
                "start X5O/7/7/7/7/7/O5X X lattice-7\n" + q +
                "start X3O/5/5/5/O3X X lattice-5\nplay B1\nplay D1\n" + q);
}

TEST_CASE("external engine: the checker finds an engine that ignores moves", "[differential][external][protocol]") {
  const Fake f;  // answers every play with "none" and never changes its position
  const Checker c = external_checker(start_external_engine(f.command(), 5000), "fake");
  Script s;
  s.start = Variant::lattice(5);
  s.steps = {Step::legal(0)};
  const std::optional<Divergence> d = c.check(s);
  REQUIRE(d);
  CHECK(d->step == 1);
  CHECK_THAT(d->report(), Contains("fake"));
  const ReplayResult r = c.check_record(kLattice5, std::vector<Point>{kB1});
  REQUIRE(r.divergence);
  CHECK(r.divergence->moves == std::vector<Point>{kB1});
}

TEST_CASE("external engine: a start only the candidate refuses is a divergence",
          "[differential][external][protocol]") {
  Fake f;
  f.start = "?$id usage no thanks";
  const Checker c = external_checker(start_external_engine(f.command(), 5000), "fake");
  const ReplayResult r = c.check_record(kLattice5, std::vector<Point>{});
  REQUIRE(r.divergence);
  CHECK_THAT(r.divergence->what, Contains("reference accepted"));
  CHECK(r.divergence->candidate.position == "(not constructed)");
}
