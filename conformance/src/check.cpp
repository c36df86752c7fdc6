// Runs conformance cases on an engine over the protocol: each case starts a game, plays its
// moves, then compares the engine's answers with the expected ones. Lists of points are compared
// as sets (the protocol lets an engine list them in any order, in either letter case).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <stdexcept>

#include "tanbo/conformance/suite.hpp"

namespace tanbo::conformance {

namespace {

using protocol::Answer;
using protocol::words;

// A difference between the suite and the engine, thrown to end the case.
struct Mismatch {
  std::string expected;
  std::string actual;
};

// A case that needs an optional command the engine lacks.
struct Skipped {};

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string join(const std::vector<std::string>& w, const std::string& sep = " ") {
  std::string out;
  for (const std::string& s : w) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = s.find(sep, start);
    out.push_back(s.substr(start, at - start));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

// A list of point names as a sorted, upper-case set.
std::string point_set(const std::string& text) {
  std::vector<std::string> w = words(upper(text));
  std::sort(w.begin(), w.end());
  return join(w);
}
std::string point_set(const nlohmann::ordered_json& list) {
  std::vector<std::string> w;
  for (const auto& p : list) w.push_back(p.get<std::string>());
  return point_set(join(w));
}

// A `play` answer: the rule-6 branch, then the removed stones as a set.
std::string play_form(const std::string& text) {
  std::vector<std::string> w = words(text);
  if (w.empty()) return "";
  const std::string branch = w[0];
  w.erase(w.begin());
  const std::string stones = point_set(join(w));
  return branch + (stones.empty() ? "" : " " + stones);
}

// A `roots` answer: every token's stone and growth lists as sets, the tokens sorted.
std::string roots_form(const std::string& text) {
  std::vector<std::string> tokens;
  for (const std::string& t : words(upper(text))) {
    std::vector<std::string> parts = split(t, ':');
    for (std::size_t i = 1; i < parts.size(); ++i) {
      std::vector<std::string> pts = split(parts[i], ',');
      std::sort(pts.begin(), pts.end());
      parts[i] = join(pts, ",");
    }
    tokens.push_back(join(parts, ":"));
  }
  std::sort(tokens.begin(), tokens.end());
  return join(tokens);
}
std::string roots_form(const nlohmann::ordered_json& list) {
  std::vector<std::string> w;
  for (const auto& t : list) w.push_back(t.get<std::string>());
  return roots_form(join(w));
}

// The board and side of a `position` answer (a third word, the variant, is not compared).
std::string board_and_side(const std::string& text) {
  std::vector<std::string> w = words(text);
  if (w.size() > 2) w.resize(2);
  return join(w);
}

class Runner {
 public:
  Runner(const ProtocolEngine& engine, FileResult& result) : engine_(engine), result_(result) {}

  // Runs one case; throws Mismatch on a difference.
  void run(const Case& c) {
    const std::string kind = c.at("kind").get<std::string>();
    if (kind == "perft") return perft(c);
    if (kind == "game") return game(c);
    setup(c);
    if (kind == "position") return position(c);
    if (kind == "move") return move(c);
    if (kind == "refusal") return refusal(c);
    if (kind == "solved") return solved(c);
    throw std::runtime_error("unknown case kind '" + kind + "'");
  }

 private:
  std::string ok(const std::string& request) {
    const Answer a = engine_.ask(request);
    if (!a.ok) throw Mismatch{"'=' to '" + request + "'", "? " + a.text};
    return a.text;
  }

  void expect(const std::string& what, const std::string& expected, const std::string& actual) {
    if (expected != actual) throw Mismatch{what + ": " + expected, what + ": " + actual};
  }

  void setup(const Case& c) {
    ok("start " + c.at("start").get<std::string>());
    if (c.contains("moves"))
      for (const auto& m : c.at("moves")) {
        const std::string move = m.get<std::string>();
        ok(move == "undo" ? "undo" : "play " + move);
      }
  }

  bool optional_command(const std::string& command) {
    if (engine_.supports(command)) return true;
    if (std::find(result_.unchecked.begin(), result_.unchecked.end(), command) == result_.unchecked.end())
      result_.unchecked.push_back(command);
    return false;
  }

  // The state checks shared by positions, moves and games.
  void state(const Case& c) {
    if (c.contains("position")) expect("position", c.at("position").get<std::string>(), board_and_side(ok("position")));
    if (c.contains("winner")) expect("winner", c.at("winner").get<std::string>(), ok("winner"));
    if (c.contains("legal")) expect("legal", point_set(c.at("legal")), point_set(ok("legal")));
    if (c.contains("roots") && optional_command("roots"))
      expect("roots", roots_form(c.at("roots")), roots_form(ok("roots")));
  }

  void position(const Case& c) { state(c); }

  void move(const Case& c) {
    const std::string request = "play " + c.at("play").get<std::string>();
    if (c.contains("refused")) return refused(request, c.at("refused").get<std::string>());
    expect(request, play_form(c.at("result").get<std::string>()), play_form(ok(request)));
    state(c);
  }

  // `request` must be refused with the error kind `kind`, and leave the game as it was.
  void refused(const std::string& request, const std::string& kind) {
    const std::string before = board_and_side(ok("position"));
    const Answer a = engine_.ask(request);
    std::vector<std::string> w = words(a.text);
    const std::size_t n = words(kind).size();
    if (w.size() > n) w.resize(n);
    if (a.ok || join(w) != kind)
      throw Mismatch{request + ": ? " + kind, request + ": " + (a.ok ? "= " : "? ") + a.text};
    expect("position after the refused '" + request + "'", before, board_and_side(ok("position")));
  }

  void refusal(const Case& c) {
    const std::string argument = c.at("argument").get<std::string>();
    refused(c.at("command").get<std::string>() + (argument.empty() ? "" : " " + argument),
            c.at("refused").get<std::string>());
  }

  void game(const Case& c) {
    ok("start " + c.at("start").get<std::string>());
    const auto& moves = c.at("moves");
    const auto& removals = c.at("removals");  // {"ply": "answer"} for the moves that removed stones
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const std::string request = "play " + moves[i].get<std::string>();
      const std::string answer = play_form(ok(request));
      const std::string ply = std::to_string(i + 1);
      const std::string expected = play_form(removals.contains(ply) ? removals.at(ply).get<std::string>() : "none");
      expect("move " + ply + " (" + request + ")", expected, answer);
    }
    state(c);
  }

  // `solve BUDGET` must give the value and the perfect-play length, and a move that keeps them.
  void solved(const Case& c) {
    if (!optional_command("solve")) throw Skipped{};
    const std::string request = "solve " + std::to_string(c.at("budget").get<long long>());
    const std::vector<std::string> w = words(ok(request));
    const std::string expected = c.at("value").get<std::string>() + " " + std::to_string(c.at("length").get<int>());
    expect(request, expected, join(std::vector<std::string>(w.begin(), w.begin() + std::min<std::size_t>(2, w.size()))));
    const auto& best = c.at("best");
    if (best.empty()) {
      if (w.size() > 2) throw Mismatch{request + ": no move (the game is over)", request + ": " + join(w)};
      return;
    }
    const std::string move = w.size() > 2 ? upper(w[2]) : "";
    for (const auto& b : best)
      if (b.get<std::string>() == move) return;
    throw Mismatch{request + ": a move of " + join_best(best), request + ": " + join(w)};
  }

  static std::string join_best(const nlohmann::ordered_json& best) {
    std::vector<std::string> w;
    for (const auto& b : best) w.push_back(b.get<std::string>());
    return join(w);
  }

  // Perft by the engine's own command when it has one, else by walking with legal/play/undo.
  void perft(const Case& c) {
    setup(c);
    const int depth = c.at("depth").get<int>();
    const std::uint64_t nodes = c.at("nodes").get<std::uint64_t>();
    const std::string actual = engine_.supports("perft") ? ok("perft " + std::to_string(depth))
                                                        : std::to_string(walk(depth));
    expect("perft " + std::to_string(depth), std::to_string(nodes), actual);
  }

  std::uint64_t walk(int depth) {
    if (depth == 0) return 1;
    const std::vector<std::string> legal = words(ok("legal"));
    if (legal.empty()) return 1;  // a finished game is one leaf
    std::uint64_t total = 0;
    for (const std::string& p : legal) {
      ok("play " + p);
      total += walk(depth - 1);
      ok("undo");
    }
    return total;
  }

  const ProtocolEngine& engine_;
  FileResult& result_;
};

}  // namespace

FileResult check_file(const std::string& file, const std::vector<Case>& cases, const ProtocolEngine& engine) {
  FileResult result;
  result.file = file;
  Runner runner(engine, result);
  for (const Case& c : cases) {
    const std::string id = c.value("id", std::string("(no id)"));
    try {
      runner.run(c);
      ++result.passed;
    } catch (const Skipped&) {
      ++result.skipped;
    } catch (const Mismatch& m) {
      ++result.failed;
      if (!result.first_failure) result.first_failure = Failure{id, m.expected, m.actual};
    } catch (const nlohmann::json::exception& e) {
      throw Error(file + ": case " + id + ": malformed: " + e.what());
    } catch (const Error& e) {
      // The engine died, hung or spoke something else: this case and the rest of the file fail.
      result.failed += static_cast<int>(cases.size()) - result.passed - result.failed;
      if (!result.first_failure) result.first_failure = Failure{id, "an answer", e.what()};
      break;
    }
  }
  return result;
}

ProtocolEngine in_process(protocol::Server& server) {
  ProtocolEngine e;
  e.ask = [&server](const std::string& request) {
    return protocol::parse_answer(server.handle(request).value_or("?"));
  };
  e.supports = [](const std::string&) { return true; };
  return e;
}

}  // namespace tanbo::conformance
