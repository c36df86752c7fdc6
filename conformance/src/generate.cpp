// Generates the conformance suite from the reference engine, deterministically (fixed seeds).
// Which cases: what implementations get wrong - every rule-6 branch (removals of one colour, of
// both, of several roots, of the mover's own expanded root), growth points freed by a removal,
// each rule-3 reason, moves after the end, whole games, perft, openings, and input that must be
// refused. Every expected answer comes from a protocol session on the reference engine, so the
// suite says exactly what `tanbo serve --engine reference` answers.
// check-map: code api optimized reference
#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "tanbo/api/solution.hpp"
#include "tanbo/conformance/suite.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::conformance {

namespace {

using api::AnyGame;
using protocol::Server;
using json = nlohmann::ordered_json;

// Caps that keep the suite small (well under 1 MB) yet cover each branch on several boards.
constexpr std::uint64_t kPerftNodeLimit = 4000;  // largest perft of a case (walkable over a pipe)
constexpr int kPerftMaxDepth = 4;
constexpr int kExamplesPerVariant = 1;            // per move category
constexpr int kExamplesPerCategory = 5;
constexpr int kAdversarialSamples = 200;          // random games searched per small variant
constexpr int kSpecMaxSize = 13;  // tanbo-spec (lists, not arrays) takes seconds per 19x19 state

std::unique_ptr<AnyGame> reference_game(const Position& start) { return api::make_game(start, "reference"); }

// The `start` argument of a named variant's opening or of any other position.
std::string start_text(const Position& start) {
  return start.variant().kind == VariantKind::Custom ? start.to_string() : start.variant().name();
}

// The answer of one request to a reference session, which must accept it.
std::string answer(Server& s, const std::string& request) {
  const protocol::Answer a = protocol::parse_answer(s.handle(request).value_or("?"));
  if (!a.ok) throw Error("generator: the reference refused '" + request + "': " + a.text);
  return a.text;
}

// A reference session replaying `start` and `moves`.
Server session(const std::string& start, const std::vector<std::string>& moves) {
  Server s("reference");
  answer(s, "start " + start);
  for (const std::string& m : moves) answer(s, m == "undo" ? "undo" : "play " + m);
  return s;
}

// The state fields of the game in session `s`.
void add_state(json& c, Server& s) {
  c["position"] = answer(s, "position");
  c["winner"] = answer(s, "winner");
  json legal = json::array();
  for (const std::string& p : protocol::words(answer(s, "legal"))) legal.push_back(p);
  c["legal"] = legal;
  json roots = json::array();
  for (const std::string& r : protocol::words(answer(s, "roots"))) roots.push_back(r);
  c["roots"] = roots;
}

json position_case(const std::string& id, const std::string& start, const std::vector<std::string>& moves) {
  json c;
  c["id"] = id;
  c["kind"] = "position";
  c["start"] = start;
  c["moves"] = moves;
  Server s = session(start, moves);
  add_state(c, s);
  return c;
}

// A random game from `start`: its moves and the result of each.
struct Played {
  std::vector<std::string> moves;
  std::vector<MoveResult> results;
  std::vector<Position> before;  // the position before each move
  Color winner = Color::Black;
  int removed = 0;
};

Played random_game(const Position& start, std::uint64_t seed) {
  Played g;
  Rng rng(seed);
  auto game = reference_game(start);
  while (!game->is_over()) {
    const Point p = game->random_move(rng);
    g.before.push_back(game->position());
    game->play(p);
    g.moves.push_back(point_name(p));
    g.results.push_back(game->last_result());
    g.removed += static_cast<int>(game->last_result().removed.size());
  }
  g.winner = *game->winner();
  return g;
}

// Number of roots among `stones` (removed roots never touch one another: they would be one).
int root_count(const Position& before, const std::vector<Point>& stones) {
  Position only(before.size());
  for (const Point p : stones) only.set(p, before.at(p));
  return static_cast<int>(reference::all_roots(only).size());
}

// The rule-6 category of a move: which branch, whose stones, how many roots.
std::string category(const Position& before, const MoveResult& r) {
  if (r.removal == Removal::None) return "none";
  if (r.removal == Removal::ExpandedRoot) return "expanded-root";
  bool own = false, enemy = false;
  for (const Point p : r.removed) (before.at(p) == stone(r.player) ? own : enemy) = true;
  const int roots = root_count(before, r.removed);
  if (own && enemy) return "bounded-roots/both-colours";
  const std::string whose = own ? "own" : "enemy";
  return "bounded-roots/" + whose + (roots > 1 ? "-several-roots" : "-one-root");
}

std::vector<Variant> variants_by_size() {
  std::vector<Variant> v = Variant::all_named();
  std::stable_sort(v.begin(), v.end(), [](const Variant& a, const Variant& b) { return a.size < b.size; });
  return v;
}

std::vector<std::string> prefix(const Played& g, std::size_t n) {
  return {g.moves.begin(), g.moves.begin() + static_cast<std::ptrdiff_t>(n)};
}

// check-map: conformance perft [rule2][rule3][rule6][rule7]
std::vector<Case> perft_cases() {
  std::vector<Case> out;
  for (const Variant& v : Variant::all_named()) {
    auto game = reference_game(opening(v));
    for (int depth = 1; depth <= kPerftMaxDepth; ++depth) {
      const std::uint64_t nodes = game->perft(depth);
      if (nodes > kPerftNodeLimit) break;
      out.push_back({{"id", "perft/" + v.name() + "/" + std::to_string(depth)}, {"kind", "perft"},
                     {"start", v.name()}, {"moves", json::array()}, {"depth", depth}, {"nodes", nodes}});
    }
  }
  // Near the end of games: finished games are leaves, so perft counts them (rule 7).
  for (const char* name : {"lattice-5", "dense-5", "lattice-7", "dense-7"}) {
    const Variant v = Variant::parse(name);
    const Played g = random_game(opening(v), 7);
    const std::size_t at = g.moves.size() >= 4 ? g.moves.size() - 4 : 0;
    auto game = reference_game(opening(v));
    for (std::size_t i = 0; i < at; ++i) game->play(g.results[i].move);
    int depth = 1;
    while (depth < 6 && game->perft(depth + 1) <= kPerftNodeLimit) ++depth;
    out.push_back({{"id", "perft/" + std::string(name) + "/near-end/" + std::to_string(depth)},
                   {"kind", "perft"}, {"start", v.name()}, {"moves", prefix(g, at)},
                   {"depth", depth}, {"nodes", game->perft(depth)}});
  }
  return out;
}

// check-map: conformance opening [rule2][rule4][rule5]
std::vector<Case> opening_cases() {
  std::vector<Case> out;
  for (const Variant& v : Variant::all_named()) out.push_back(position_case("opening/" + v.name(), v.name(), {}));
  return out;
}

// check-map: conformance position [rule3][rule4][rule5][rule6][history]
std::vector<Case> position_cases() {
  std::vector<Case> out;
  for (const Variant& v : variants_by_size()) {
    const Played g = random_game(opening(v), 11);
    // A few plies along one game, and its end.
    for (const std::size_t at : {std::size_t{6}, g.moves.size() / 3, g.moves.size() / 2, g.moves.size()}) {
      if (at > g.moves.size() || (v.size > 13 && at != g.moves.size() && at != 6)) continue;
      out.push_back(position_case("position/" + v.name() + "/ply-" + std::to_string(at), v.name(), prefix(g, at)));
    }
    if (v.size > 9) continue;
    // Undo: after the first move that removed stones of both colours or of several roots (or
    // the first removal), the position undo restores must be the one before.
    for (std::size_t i = 0; i < g.results.size(); ++i) {
      if (g.results[i].removal == Removal::None) continue;
      std::vector<std::string> moves = prefix(g, i + 1);
      moves.push_back("undo");
      out.push_back(position_case("position/" + v.name() + "/undo-" + category(g.before[i], g.results[i]), v.name(), moves));
      moves.push_back(g.moves[i]);  // and the same move again after the undo
      out.push_back(position_case("position/" + v.name() + "/redo-" + category(g.before[i], g.results[i]), v.name(), moves));
      break;
    }
  }
  return out;
}

json move_case(const std::string& id, const std::string& start, const std::vector<std::string>& moves,
               const std::string& play) {
  json c;
  c["id"] = id;
  c["kind"] = "move";
  c["start"] = start;
  c["moves"] = moves;
  c["play"] = play;
  Server s = session(start, moves);
  const protocol::Answer a = protocol::parse_answer(s.handle("play " + play).value_or("?"));
  if (a.ok) {
    c["result"] = a.text;
    add_state(c, s);
  } else {
    const std::vector<std::string> w = protocol::words(a.text);
    c["refused"] = w.size() >= 2 && w[0] == "illegal" ? w[0] + " " + w[1] : w.at(0);
  }
  return c;
}

// An empty point of `pos` with `friends` friendly neighbours for the side to move (0, 1 or 2+),
// or nullopt.
std::optional<Point> point_with(const Position& pos, int friends) {
  for (int y = 0; y < pos.size(); ++y)
    for (int x = 0; x < pos.size(); ++x) {
      const Point p{x, y};
      if (pos.at(p) != Cell::Empty) continue;
      const int n = reference::friendly_neighbours(pos, p, pos.to_move());
      if (std::min(n, 2) == friends) return p;
    }
  return std::nullopt;
}

// check-map: conformance move/none [rule3][rule4][rule5]
// check-map: conformance move/illegal [rule1][rule3]
// check-map: conformance move/lower-case-name [rule1]
// check-map: conformance move/bounded-roots [rule6]
// check-map: conformance move/expanded-root [rule6][rule7]
// check-map: conformance move/plays-on-freed-point [rule3][rule6]
// check-map: conformance move/ends-game [rule7]
// check-map: conformance move/after-end [rule7]
std::vector<Case> move_cases() {
  std::vector<Case> out;
  std::map<std::string, int> total;
  for (const Variant& v : variants_by_size()) {
    std::map<std::string, int> here;
    const int seeds = v.size <= 9 ? 40 : 2;
    for (int seed = 1; seed <= seeds; ++seed) {
      const Played g = random_game(opening(v), static_cast<std::uint64_t>(seed));
      auto take = [&](const std::string& cat, std::size_t at, const std::string& play) {
        if (here[cat] >= kExamplesPerVariant || total[cat] >= kExamplesPerCategory) return;
        ++here[cat];
        out.push_back(move_case("move/" + cat + "/" + v.name(), v.name(), prefix(g, at), play));
        ++total[cat];
      };
      for (std::size_t i = 0; i < g.results.size(); ++i) {
        const Position& before = g.before[i];
        take(category(before, g.results[i]), i, g.moves[i]);
        if (i + 1 == g.results.size()) take("ends-game/" + category(before, g.results[i]), i, g.moves[i]);
        // Growth points given back: the first move after a removal that plays on a freed point.
        if (i > 0 && !g.results[i - 1].removed.empty()) {
          const auto& freed = g.results[i - 1].removed;
          if (std::find(freed.begin(), freed.end(), g.results[i].move) != freed.end())
            take("plays-on-freed-point", i, g.moves[i]);
        }
        if (i >= 4) {
          if (const auto p = point_with(before, 0)) take("illegal/no-friendly-neighbour", i, point_name(*p));
          if (const auto p = point_with(before, 2)) take("illegal/several-friendly-neighbours", i, point_name(*p));
          for (int k = 0; k < before.size() * before.size(); ++k)
            if (before.cells()[static_cast<std::size_t>(k)] != Cell::Empty) {
              take("illegal/occupied", i, point_name(Point{k % before.size(), k / before.size()}));
              break;
            }
          take("illegal/off-board", i, point_name(Point{v.size, 0}));
          take("lower-case-name", i, [&] { std::string m = g.moves[i]; m[0] = static_cast<char>(m[0] - 'A' + 'a'); return m; }());
        }
      }
      // Moves after the end: on an empty point, on a stone, off the board.
      const Position& last = g.before.back();
      if (const auto p = point_with(last, 1)) take("after-end/empty-point", g.moves.size(), point_name(*p));
      take("after-end/occupied", g.moves.size(), point_name(g.results.back().move));
      take("after-end/off-board", g.moves.size(), point_name(Point{0, v.size}));
    }
  }
  return out;
}

json game_case(const std::string& id, const Position& start, const Played& g) {
  json c;
  c["id"] = id;
  c["kind"] = "game";
  c["start"] = start_text(start);
  c["moves"] = g.moves;
  json removals = json::object();
  for (std::size_t i = 0; i < g.results.size(); ++i)
    if (g.results[i].removal != Removal::None)
      removals[std::to_string(i + 1)] = protocol::play_text(g.results[i]);
  c["removals"] = removals;
  Server s = session(c["start"].get<std::string>(), g.moves);
  c["position"] = answer(s, "position");
  c["winner"] = answer(s, "winner");
  c["legal"] = json::array();
  return c;
}

// check-map: conformance game [rule2][rule3][rule6][rule7]
std::vector<Case> game_cases() {
  std::vector<Case> out;
  for (const Variant& v : variants_by_size()) {
    const Position start = opening(v);
    out.push_back(game_case("game/" + v.name() + "/random", start, random_game(start, 2026)));
    if (v.size > 9) continue;
    // Adversarial picks among many random games: the longest, the shortest, the most removals.
    Played longest, shortest, most;
    for (int seed = 1; seed <= kAdversarialSamples; ++seed) {
      Played g = random_game(start, static_cast<std::uint64_t>(seed) * 7919);
      if (longest.moves.empty() || g.moves.size() > longest.moves.size()) longest = g;
      if (shortest.moves.empty() || g.moves.size() < shortest.moves.size()) shortest = g;
      if (most.moves.empty() || g.removed > most.removed) most = g;
    }
    out.push_back(game_case("game/" + v.name() + "/longest", start, longest));
    out.push_back(game_case("game/" + v.name() + "/shortest", start, shortest));
    out.push_back(game_case("game/" + v.name() + "/most-removals", start, most));
  }
  return out;
}

json refusal(const std::string& id, const std::string& start, const std::vector<std::string>& moves,
             const std::string& command, const std::string& argument) {
  Server s = session(start, moves);
  const std::string request = command + (argument.empty() ? "" : " " + argument);
  const protocol::Answer a = protocol::parse_answer(s.handle(request).value_or("?"));
  if (a.ok) throw Error("generator: the reference accepted '" + request + "' (case " + id + ")");
  const std::vector<std::string> w = protocol::words(a.text);
  const std::string kind = w.size() >= 2 && w[0] == "illegal" ? w[0] + " " + w[1] : w.at(0);
  return {{"id", id}, {"kind", "refusal"}, {"start", start}, {"moves", moves},
          {"command", command}, {"argument", argument}, {"refused", kind}};
}

// check-map: conformance refusal/play [rule1][rule3][errors]
// check-map: conformance refusal/start [notation][errors]
// check-map: conformance refusal/undo-at-start [history][errors]
// check-map: conformance refusal/undo-past-start [history][errors]
// check-map: conformance refusal/unknown-command [protocol][errors]
std::vector<Case> refusal_cases() {
  std::vector<Case> out;
  const std::vector<std::pair<std::string, std::string>> starts = {
      {"empty", ""},
      {"unknown-variant", "lattice-6"},
      {"variant-with-size", "classic-19"},
      {"dense-even-size", "dense-6"},
      {"dense-too-large", "dense-27"},
      {"bad-cell", "X3O/5/5/5/O3Y X"},
      {"too-few-rows", "X3O/5/5/5 X"},
      {"row-too-long", "X4O/5/5/5/O3X X"},
      {"row-too-short", "X2O/5/5/5/O3X X"},
      {"no-side", "X3O/5/5/5/O3X"},
      {"bad-side", "X3O/5/5/5/O3X Z"},
      {"variant-tag-wrong-size", "X3O/5/5/5/O3X X lattice-7"},
      {"board-too-small", "X X"},
      {"board-too-large", "26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/X24O X"},
      {"no-black-stones", "4O/5/5/5/5 X"},
      {"no-stones", "5/5/5/5/5 X"},
      {"bounded-root", "XO1/O2/3 X"},
      {"bounded-root-of-side-not-to-move", "OX1/X2/3 X"},
  };
  for (const auto& [name, text] : starts) out.push_back(refusal("refusal/start/" + name, "lattice-5", {}, "start", text));
  const std::vector<std::pair<std::string, std::string>> points = {
      {"no-argument", ""},   {"row-zero", "A0"},     {"leading-zero", "A07"}, {"digit-first", "1A"},
      {"two-letters", "AA1"}, {"trailing-letter", "A1A"}, {"row-100", "A100"}, {"symbol", "@1"},
      {"two-arguments", "C1 C2"}, {"non-ascii", "\xc3\xa4" "1"}, {"column-past-board", "T1"},
      {"row-past-board", "A20"},
  };
  for (const auto& [name, text] : points) out.push_back(refusal("refusal/play/" + name, "classic", {}, "play", text));
  out.push_back(refusal("refusal/undo-at-start", "classic", {}, "undo", ""));
  out.push_back(refusal("refusal/undo-past-start", "lattice-5", {"B1", "undo"}, "undo", ""));
  out.push_back(refusal("refusal/unknown-command", "classic", {}, "frobnicate", ""));
  return out;
}

// Perfect play, for engines with the optional `solve` command: positions of random lattice-5
// games from 12 plies before their end to the end itself, each with its value and perfect-play
// length from the strong solver (the table of the position's own game graph: the values lattice-5's
// table holds, since a value depends on the position alone) and every move that keeps them. Each
// is cross-checked here on tanbo's weak solver within the budget the case gives.
constexpr long long kSolveBudget = 1'000'000;
constexpr int kSolvedGames = 6;

// check-map: conformance solved [solve]
std::vector<Case> solved_cases() {
  const Position start = opening(Variant::parse_named("lattice-5"));
  std::vector<Case> out;
  for (int i = 0; i < kSolvedGames; ++i) {
    const Played g = random_game(start, 4300 + static_cast<std::uint64_t>(i));
    for (int back = 12; back >= 0; back -= 4) {
      const std::size_t at = g.moves.size() >= static_cast<std::size_t>(back) ? g.moves.size() - back : 0;
      auto game = reference_game(start);
      for (std::size_t k = 0; k < at; ++k) game->play(*try_parse_point(g.moves[k], start.size()));
      const Position pos = game->position();
      const api::Answer table = at == g.moves.size()
                                    ? api::solve(pos, api::WeakBudget::of(1, false))  // a finished game: rule 7, no search
                                    : api::Solution::solve_start(pos).probe(pos);
      const api::Answer weak = api::solve(pos, api::WeakBudget::of(kSolveBudget, false));
      const std::vector<Point> best = api::best_moves(table);
      if (api::outcome_text(weak.outcome) != api::outcome_text(table.outcome) ||
          (weak.best_move && std::find(best.begin(), best.end(), *weak.best_move) == best.end()))
        throw Error("generator: the weak solver answers '" + api::outcome_text(weak.outcome) + "' where the table says '" +
                    api::outcome_text(table.outcome) + "' (lattice-5 game " + std::to_string(i) + ", ply " + std::to_string(at) + ")");
      json c;
      c["id"] = "solved/lattice-5/game-" + std::to_string(i) + "/ply-" + std::to_string(at);
      c["kind"] = "solved";
      c["start"] = "lattice-5";
      c["moves"] = prefix(g, at);
      c["budget"] = kSolveBudget;
      c["value"] = table.outcome.value == api::Value::Win ? "win" : "loss";
      c["length"] = table.outcome.length;
      json moves = json::array();
      for (const Point p : best) moves.push_back(point_name(p));
      c["best"] = moves;
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

Suite generate() {
  Suite s;
  s["perft.jsonl"] = perft_cases();
  s["openings.jsonl"] = opening_cases();
  s["positions.jsonl"] = position_cases();
  s["moves.jsonl"] = move_cases();
  s["games.jsonl"] = game_cases();
  s["refusals.jsonl"] = refusal_cases();
  s["solved.jsonl"] = solved_cases();
  return s;
}

nlohmann::ordered_json manifest(const Suite& suite) {
  json files = json::object();
  for (const auto& [file, cases] : suite) files[file] = cases.size();
  return {{"suite", "tanbo-conformance"}, {"version", kSuiteVersion},
          {"protocol_version", protocol::kVersion}, {"files", files}};
}

std::string file_text(const std::vector<Case>& cases) {
  std::string out;
  for (const Case& c : cases) out += c.dump(-1, ' ', false, json::error_handler_t::strict) + '\n';
  return out;
}

Suite read_suite(const std::string& dir) {
  std::ifstream m(dir + "/manifest.json");
  if (!m) throw Error(dir + "/manifest.json: cannot be read");
  json man;
  try {
    man = json::parse(m);
  } catch (const json::exception& e) {
    throw Error(dir + "/manifest.json: " + e.what());
  }
  if (man.value("version", 0) != kSuiteVersion)
    throw Error(dir + "/manifest.json: suite version " + man.value("version", json()).dump() +
                ", this tanbo reads version " + std::to_string(kSuiteVersion));
  Suite s;
  for (const auto& [file, count] : man.at("files").items()) {
    std::ifstream in(dir + "/" + file);
    if (!in) throw Error(dir + "/" + file + ": cannot be read");
    std::string line;
    int n = 0;
    std::vector<Case>& cases = s[file];
    while (std::getline(in, line)) {
      ++n;
      if (line.empty()) continue;
      try {
        cases.push_back(json::parse(line));
      } catch (const json::exception& e) {
        throw Error(dir + "/" + file + ":" + std::to_string(n) + ": " + e.what());
      }
    }
    (void)count;
  }
  return s;
}

std::string spec_trace(const Suite& suite) {
  // P and M lines as formal/spec_trace.cpp writes them (formal/oracle/tanbo_spec.ml reads them).
  auto cells = [](const Position& pos) {
    std::string out;
    for (const Cell c : pos.cells()) out += cell_char(c);
    return out;
  };
  auto xy = [](const std::vector<Point>& pts) {
    std::string out;
    for (const Point p : pts) {
      if (!out.empty()) out += ';';
      out += std::to_string(p.x);
      out += ',';
      out += std::to_string(p.y);
    }
    return out;
  };
  auto p_line = [&](const AnyGame& g) {
    const auto w = g.winner();
    return "P " + std::to_string(g.size()) + ' ' + cells(g.position()) + ' ' + color_char(g.to_move()) +
           " winner=" + (w ? std::string(1, color_char(*w)) : "-") + " legal=" + xy(g.legal_moves()) + '\n';
  };
  // Only the states a case checks: a position case's position, a move case's position before
  // and after with the move between, a game's removals and its end (the extracted rules are
  // slow, so games' other moves are replayed here but not traced).
  std::string out;
  for (const auto& [file, cases] : suite)
    for (const Case& c : cases) {
      const std::string kind = c.at("kind").get<std::string>();
      if (kind == "refusal") continue;
      auto g = reference_game(protocol::parse_start(c.at("start").get<std::string>()));
      if (g->size() > kSpecMaxSize) continue;
      std::vector<std::string> moves;
      for (const auto& m : c.at("moves")) moves.push_back(m.get<std::string>());
      if (c.contains("result")) moves.push_back(c.at("play").get<std::string>());
      // tanbo-spec takes a P line as given only right after an S line; any other P line must be
      // the position an M line just before reached.
      bool after_m = false;
      const auto start = [&] { out += "S conformance-case\n"; };
      for (std::size_t i = 0; i < moves.size(); ++i) {
        after_m = false;
        if (moves[i] == "undo") {
          g->undo();
          continue;
        }
        const Point p = *protocol::parse_point_argument(moves[i]);
        const bool traced = (kind == "move" && i + 1 == moves.size() && c.contains("result")) ||
                            (kind == "game" && c.at("removals").contains(std::to_string(i + 1)));
        if (traced) {
          start();
          out += p_line(*g);
        }
        g->play(p);
        if (!traced) continue;
        const MoveResult r = g->last_result();
        const char* removal = r.removal == Removal::None ? "none" : r.removal == Removal::ExpandedRoot ? "expanded" : "bounded";
        out += "M " + std::to_string(r.move.x) + ',' + std::to_string(r.move.y) + " removal=" + removal +
               " removed=" + xy(r.removed) + " after=" + cells(g->position()) + ' ' + color_char(g->to_move()) + '\n';
        after_m = true;
      }
      if (!after_m) start();
      out += p_line(*g);
    }
  return out;
}

}  // namespace tanbo::conformance
