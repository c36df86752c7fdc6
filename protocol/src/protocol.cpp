// The tanbo engine protocol's server session and answer formats (docs/protocol.md).
#include "tanbo/protocol/protocol.hpp"

#include <stdexcept>

#include "tanbo/api/explain.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/api/start.hpp"

namespace tanbo::protocol {

namespace {

// A refused request: the answer is "?[id] <kind> <message>".
struct Refusal : std::runtime_error {
  Refusal(std::string kind, const std::string& message)
      : std::runtime_error(message), kind(std::move(kind)) {}
  std::string kind;
};

std::string join(const std::vector<Point>& points, char sep) {
  std::string out;
  for (const Point p : points) {
    if (!out.empty()) out += sep;
    out += point_name(p);
  }
  return out;
}

void expect_args(const std::string& command, const std::vector<std::string>& args, std::size_t n) {
  if (args.size() != n)
    throw Refusal("syntax", command + " takes " + std::to_string(n) + " argument" +
                                (n == 1 ? "" : "s") + ", got " + std::to_string(args.size()));
}

}  // namespace

std::string points_text(const std::vector<Point>& points) { return join(points, ' '); }

std::string play_text(const MoveResult& result) {
  std::string out = removal_name(result.removal);
  if (!result.removed.empty()) out += ' ' + points_text(result.removed);
  return out;
}

std::string position_text(const Position& pos) {
  const std::string s = pos.to_string();
  // The board and the side: everything before the second space (the variant tag is not compared).
  const std::size_t first = s.find(' ');
  const std::size_t second = s.find(' ', first + 1);
  return second == std::string::npos ? s : s.substr(0, second);
}

std::string roots_text(const Position& pos) {
  std::string out;
  for (const api::RootInfo& root : api::roots(pos)) {
    if (!out.empty()) out += ' ';
    out += color_char(root.color);
    out += ':' + join(root.stones, ',') + ':' + join(root.growth_points, ',');
  }
  return out;
}

std::string illegal_text(IllegalReason reason) {
  switch (reason) {
    case IllegalReason::OffBoard: return "illegal off-board";
    case IllegalReason::Occupied: return "illegal occupied";
    case IllegalReason::NoFriendlyNeighbour: return "illegal no-friendly-neighbour";
    case IllegalReason::SeveralFriendlyNeighbours: return "illegal several-friendly-neighbours";
    case IllegalReason::GameOver: return "illegal game-over";
  }
  return "illegal unknown";
}

Position parse_start(std::string_view text) { return read_start(text); }

std::optional<Point> parse_point_argument(std::string_view text) {
  // try_parse_point on the largest board decides the syntax; the engine decides "off-board".
  return try_parse_point(text, 99);
}

Answer parse_answer(std::string_view line) {
  if (line.empty() || (line[0] != '=' && line[0] != '?'))
    throw ParseError("an answer starts with '=' or '?', got '" + printable(line, kQuotedTokenBytes) + "'");
  Answer a;
  a.ok = line[0] == '=';
  std::size_t i = 1;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  a.id = std::string(line.substr(1, i - 1));
  if (i < line.size() && line[i] != ' ')
    throw ParseError("answer '" + printable(line, kQuotedTokenBytes) + "': a space must follow '" +
                     std::string(line.substr(0, i)) + "'");
  if (i < line.size()) ++i;
  a.text = std::string(line.substr(i));
  while (!a.text.empty() && (a.text.back() == ' ' || a.text.back() == '\r')) a.text.pop_back();
  return a;
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) out.emplace_back(text.substr(start, i - start));
  }
  return out;
}

namespace {

// The commands' arguments: the request's words after the command.
using Args = std::vector<std::string>;

// One command of the protocol: its name, how many arguments it takes (kAnyArgs: its own check),
// and its answer's text on the session. The one list of commands: dispatch looks a request up in
// it and list_commands answers with its names, in its order.
struct Command {
  const char* name;
  int args;
  std::string (*answer)(Session&, const Args&);
};
constexpr int kAnyArgs = -1;

std::string command_names();

std::string start(Session& s, const Args& args) {
  if (args.empty()) throw Refusal("syntax", "start takes a variant name or a position string");
  std::string text = args[0];
  for (std::size_t i = 1; i < args.size(); ++i) text += ' ' + args[i];
  s.game = api::make_game(parse_start(text), s.engine);  // replaced only when the new start is valid
  return "";
}

std::string play(Session& s, const Args& args) {
  const std::optional<Point> p = parse_point_argument(args[0]);
  if (!p) throw Refusal("syntax", "'" + printable(args[0], kQuotedTokenBytes) + "' is not a point name");
  s.game->play(*p);
  return play_text(s.game->last_result());
}

std::string undo(Session& s, const Args&) {
  if (s.game->ply() == 0) throw Refusal("usage", "no move to undo");
  s.game->undo();
  return "";
}

std::string winner(Session& s, const Args&) {
  const auto w = s.game->winner();
  return w ? std::string(1, color_char(*w)) : "none";
}

std::string perft(Session& s, const Args& args) {
  const std::string& d = args[0];
  if (d.empty() || d.size() > 2 || d.find_first_not_of("0123456789") != std::string::npos || std::stoi(d) > 12)
    throw Refusal("syntax", "perft depth must be 0-12, got '" + printable(d, kQuotedTokenBytes) + "'");
  return std::to_string(s.game->perft(std::stoi(d)));
}

std::string solve(Session& s, const Args& args) {
  // The weak solver on the current position (api::solve): "win 7 B1", "loss 12 C3", "win 0"
  // (over), "win ? B1" (the length not reached), "unknown".
  const std::string& n = args[0];
  if (n.empty() || n.size() > 13 || n.find_first_not_of("0123456789") != std::string::npos)
    throw Refusal("syntax", "solve takes a node budget of 1 to 2^40, got '" + printable(n, kQuotedTokenBytes) + "'");
  const api::Answer a = api::solve(s.game->position(), api::WeakBudget::of(std::stoll(n), false));
  std::string out = api::outcome_text(a.outcome);
  if (a.best_move) out += ' ' + point_name(*a.best_move);
  return out;
}

constexpr Command kCommands[] = {
    {"protocol_version", 0, [](Session&, const Args&) { return std::to_string(kVersion); }},
    {"name", 0, [](Session&, const Args&) { return std::string("tanbo"); }},
    {"version", 0, [](Session& s, const Args&) { return std::string(s.game->engine()); }},
    {"list_commands", 0, [](Session&, const Args&) { return command_names(); }},
    {"start", kAnyArgs, start},
    {"play", 1, play},
    {"undo", 0, undo},
    {"legal", 0, [](Session& s, const Args&) { return points_text(s.game->legal_moves()); }},
    {"position", 0, [](Session& s, const Args&) { return position_text(s.game->position()); }},
    {"winner", 0, winner},
    {"roots", 0, [](Session& s, const Args&) { return roots_text(s.game->position()); }},
    {"perft", 1, perft},
    {"solve", 1, solve},
    {"quit", 0, [](Session& s, const Args&) { return s.done = true, std::string(); }},
};

std::string command_names() {
  std::string out;
  for (const Command& c : kCommands) {
    if (!out.empty()) out += ' ';
    out += c.name;
  }
  return out;
}

// The answer's text for `command`: its entry of kCommands, its argument count checked.
std::string dispatch(Session& s, const std::string& command, const Args& args) {
  for (const Command& c : kCommands)
    if (command == c.name) {
      if (c.args != kAnyArgs) expect_args(command, args, static_cast<std::size_t>(c.args));
      return c.answer(s, args);
    }
  throw Refusal("unknown-command", "'" + printable(command, kQuotedTokenBytes) + "' (see list_commands)");
}

}  // namespace

Server::Server(std::string engine) : session_{engine, api::make_game(opening(Variant::classic()), engine)} {}

std::optional<std::string> Server::handle(std::string_view line) {
  // One request per call: a line read with its end kept (fgets) is fine, two lines are misuse
  // (their second request would be answered as part of the first one's words).
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (const std::size_t at = line.find('\n'); at != std::string_view::npos)
    throw UsageError("the request line holds a line break at byte " + std::to_string(at) +
                     ": hand the session one line at a time");
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string> w = words(line);
  if (w.empty() || w[0][0] == '#') return std::nullopt;
  std::string id;
  if (w[0].find_first_not_of("0123456789") == std::string::npos) {
    id = w[0];
    w.erase(w.begin());
    if (w.empty()) return std::string("?").append(id).append(" syntax an id must be followed by a command");
  }
  const std::string command = w[0];
  w.erase(w.begin());
  // Answers are appended piece by piece (g++ 12 warns falsely on chains of operator+).
  auto reply = [&id](char mark, const std::string& kind, const std::string& text) {
    std::string out(1, mark);
    out += id;
    for (const std::string* part : {&kind, &text})
      if (!part->empty()) {
        out += ' ';
        out += *part;
      }
    return out;
  };
  try {
    return reply('=', "", dispatch(session_, command, w));
  } catch (const Refusal& e) {
    return reply('?', e.kind, printable(e.what()));
  } catch (const IllegalMoveError& e) {
    return reply('?', illegal_text(e.reason()), printable(e.what()));
  } catch (const InvalidPositionError& e) {
    return reply('?', "invalid-position", printable(e.what()));
  } catch (const ParseError& e) {
    return reply('?', "syntax", printable(e.what()));
  } catch (const UsageError& e) {
    return reply('?', "usage", printable(e.what()));
  }
}

}  // namespace tanbo::protocol
