// tanbo_spec_trace: writes what a C++ engine does as a canonical text trace, which
// `tanbo-spec check` (the rules proven in Coq, extracted to OCaml) recomputes line by line.
//
//   tanbo_spec_trace [--engine reference|optimized|optimized-state] MODE
//   (optimized-state: the optimized engine, with an I line of its internal state after every
//   P line, for tanbo-state-check, formal/oracle/state_check.ml)
//   MODE: --complete POSITION            every position reachable from a start, every move
//         --openings DEPTH               every named variant's opening, to DEPTH plies
//         --random GAMES [--seed S] [--max-size N] [--start POSITION]... [--variant NAME]...
//                [--every-named-variant]
//                                        random games to the end, from the named variants of
//                                        side <= N in turn (or from the starts given; with
//                                        --every-named-variant, the named variants and then
//                                        the starts given)
//         --corpus [--max-size N] FILE|DIR...
//                                        every differential fuzz input (differential::Script codec)
//                                        on a board of side <= N (default: all):
//                                        its start and the steps that change the game (moves,
//                                        undos); probes, copies and record checks change nothing
//
// Lines (the format is fixed by formal/oracle/tanbo_spec.ml and docs/formal.md):
//   S <label>                                              a new game or walk starts
//   P <n> <cells> <side> winner=<X|O|-> legal=<x,y;...>    a position (row-major cells . X O)
//   M <x,y> removal=<none|expanded|bounded> removed=<x,y;...> after=<cells> <side>
//   I <fields of optimized::BasicBoard::state_dump()>      (optimized-state only)
// An M line is a move from the last P line; a P line not right after an S line must be a
// position an earlier M line of the same game reached (tanbo-spec checks it).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/api/game.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/differential/script.hpp"

namespace {

using namespace tanbo;

std::string cells_text(const Position& pos) {
  std::string out;
  for (const Cell c : pos.cells()) out += cell_char(c);
  return out;
}

std::string points_text(const std::vector<Point>& points) {
  std::string out;
  for (const Point p : points) {
    if (!out.empty()) out += ';';
    out += std::to_string(p.x) + ',' + std::to_string(p.y);
  }
  return out;
}

void emit(const std::string& line) { std::fwrite(line.data(), 1, line.size(), stdout); }

// The optimized engine whose P lines are followed by its internal state (an I line).
struct StateTracedGame : optimized::Game {
  using optimized::Game::Game;
};

// The P line of the game's position, from the engine: its winner and its legal moves (none once
// the game is over, rule 7).
template <class Game>
std::string position_line(const Game& game) {
  const Position pos = game.position();
  const auto w = game.winner();
  std::string line = "P " + std::to_string(pos.size()) + ' ' + cells_text(pos) + ' ' + color_char(pos.to_move()) +
                     " winner=" + (w ? std::string(1, color_char(*w)) : std::string("-")) +
                     " legal=" + (w ? std::string() : points_text(game.legal_moves())) + '\n';
  if constexpr (std::is_same_v<Game, StateTracedGame>) line += "I " + game.board().state_dump() + '\n';
  return line;
}

// Plays `p` on `game` and returns its M line.
template <class Game>
std::string move_line(Game& game, Point p) {
  game.play(p);
  const MoveResult r = game.last_result();
  const char* kind = r.removal == Removal::None ? "none" : r.removal == Removal::ExpandedRoot ? "expanded" : "bounded";
  return "M " + std::to_string(p.x) + ',' + std::to_string(p.y) + " removal=" + kind +
         " removed=" + points_text(r.removed) + " after=" + cells_text(game.position()) + ' ' +
         color_char(game.to_move()) + '\n';
}

// Breadth-first walk from `start`: every position once (exact: keyed by its position string),
// with every legal move from it, to `depth` plies (negative: no limit).
template <class Game>
void walk(const std::string& label, const Position& start, int depth) {
  emit("S " + label + '\n');
  std::unordered_set<std::string> seen{start.to_string()};
  std::deque<std::pair<Game, int>> todo;
  todo.emplace_back(Game(start), 0);
  while (!todo.empty()) {
    const auto [game, ply] = todo.front();
    todo.pop_front();
    emit(position_line(game));
    if (game.is_over() || (depth >= 0 && ply >= depth)) continue;
    for (const Point p : game.legal_moves()) {
      Game next = game;
      emit(move_line(next, p));
      // The game itself is queued, not its position: an engine refuses a finished position
      // as a start.
      if (seen.insert(next.position().to_string()).second) todo.emplace_back(std::move(next), ply + 1);
    }
  }
}

// Random games to the end from each start in turn.
template <class Game>
void random_games(int games, std::uint64_t seed, const std::vector<std::pair<std::string, Position>>& starts) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    const auto& [label, start] = starts[static_cast<std::size_t>(g) % starts.size()];
    Game game(start);
    emit("S " + label + " game " + std::to_string(g) + '\n');
    emit(position_line(game));
    while (!game.is_over()) {
      const std::vector<Point> moves = game.legal_moves();
      emit(move_line(game, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]));
      emit(position_line(game));
    }
  }
}

// Undoes up to k moves (stopping at ply 0), printing the position reached.
template <class Game>
void undo_moves(Game& game, int k) {
  if (game.ply() == 0) return;
  for (int i = 0; i < k && game.ply() > 0; ++i) game.undo();
  emit(position_line(game));
}

// One differential fuzz input, following the steps that change the game the way the
// differential driver (differential/include/tanbo/differential/driver.hpp) does. Returns false when the
// board is larger than max_size or the engine rejects the custom start (the differential test
// checks both engines reject it alike).
template <class Game>
bool corpus_input(const std::string& label, const std::vector<std::uint8_t>& bytes, int max_size) {
  const differential::Script script = differential::decode(bytes);
  Position start(kMinSize);
  if (const auto* v = std::get_if<Variant>(&script.start)) start = opening(*v);
  else start = std::get<differential::CustomStart>(script.start).position();
  if (start.size() > max_size) return false;
  std::optional<Game> made;
  try {
    made.emplace(start);
  } catch (const InvalidPositionError&) {
    return false;
  }
  Game& game = *made;
  emit("S " + label + '\n');
  emit(position_line(game));
  const int n = game.size();
  for (const differential::Step& s : script.steps) {
    using Kind = differential::Step::Kind;
    if (s.kind == Kind::Legal || s.kind == Kind::Wide) {
      const std::vector<Point> legal = game.legal_moves();
      if (legal.empty()) {  // over: a refused point, or an undo of a few moves
        const int b = s.kind == Kind::Wide ? differential::kStepWide + s.extra : s.value;
        if (b >= 0x40) undo_moves(game, 1 + b % 16);
        continue;
      }
      emit(move_line(game, legal[s.value % legal.size()]));
      emit(position_line(game));
    } else if (s.kind == Kind::Raw) {
      const Point p{differential::raw_coordinate(static_cast<std::uint8_t>(s.value), n), differential::raw_coordinate(s.extra, n)};
      if (!game.is_legal(p)) continue;
      emit(move_line(game, p));
      emit(position_line(game));
    } else if (s.kind == Kind::Undo) {
      undo_moves(game, 1);
    } else if (s.kind == Kind::MultiUndo) {
      undo_moves(game, s.value);
    }
  }
  return true;
}

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw UsageError("cannot read " + file.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

template <class Game>
void corpus(const std::vector<std::string>& paths, int max_size) {
  std::vector<std::filesystem::path> files;
  for (const std::string& path : paths) {
    if (std::filesystem::is_directory(path)) {
      for (const auto& e : std::filesystem::directory_iterator(path))
        if (e.is_regular_file()) files.push_back(e.path());
    } else {
      files.emplace_back(path);
    }
  }
  std::sort(files.begin(), files.end());  // a fixed order: the trace is the same on every run
  int traced = 0;
  for (const auto& f : files) traced += corpus_input<Game>(f.filename().string(), read_bytes(f), max_size) ? 1 : 0;
  std::fprintf(stderr, "tanbo_spec_trace: %d corpus inputs, %d traced, %d larger than %d or with a start the engine rejects\n",
               static_cast<int>(files.size()), traced, static_cast<int>(files.size()) - traced, max_size);
}

int usage() {
  std::fputs(
      "usage: tanbo_spec_trace [--engine reference|optimized|optimized-state] --complete POSITION | --openings DEPTH |\n"
      "       --random GAMES [--seed S] [--max-size N] [--start POSITION]... [--variant NAME]... |\n"
      "       --corpus [--max-size N] FILE|DIR...\n",
      stderr);
  return 2;
}

template <class Game>
int run(const std::vector<std::string>& args) {
  if (args.size() == 2 && args[0] == "--complete") {
    walk<Game>("complete " + args[1], Position::parse(args[1]), -1);
  } else if (args.size() == 2 && args[0] == "--openings") {
    const int depth = std::stoi(args[1]);
    for (const Variant& v : Variant::all_named()) walk<Game>(v.name(), opening(v), depth);
  } else if (args.size() >= 2 && args[0] == "--random") {
    std::uint64_t seed = 1;
    int max_size = kMaxSize;
    std::vector<std::pair<std::string, Position>> starts;
    bool every_named = false;
    for (std::size_t i = 2; i < args.size(); i += 2) {
      if (args[i] == "--every-named-variant") {  // a flag: the named variants beside any --start
        every_named = true;
        --i;
        continue;
      }
      if (i + 1 >= args.size()) return usage();
      if (args[i] == "--seed") seed = std::stoull(args[i + 1]);
      else if (args[i] == "--max-size") max_size = std::stoi(args[i + 1]);
      else if (args[i] == "--start") starts.emplace_back("start " + args[i + 1], Position::parse(args[i + 1]));
      else if (args[i] == "--variant") starts.emplace_back(args[i + 1], opening(Variant::parse(args[i + 1])));
      else return usage();
    }
    if (starts.empty() || every_named) {  // the named variants first, then the starts given
      std::vector<std::pair<std::string, Position>> named;
      for (const Variant& v : Variant::all_named())
        if (v.size <= max_size) named.emplace_back(v.name(), opening(v));
      starts.insert(starts.begin(), named.begin(), named.end());
    }
    if (starts.empty()) throw UsageError("--max-size " + std::to_string(max_size) + ": no named variant is that small");
    random_games<Game>(std::stoi(args[1]), seed, starts);
  } else if (args.size() >= 4 && args[0] == "--corpus" && args[1] == "--max-size") {
    corpus<Game>({args.begin() + 3, args.end()}, std::stoi(args[2]));
  } else if (args.size() >= 2 && args[0] == "--corpus") {
    corpus<Game>({args.begin() + 1, args.end()}, kMaxSize);
  } else {
    return usage();
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string engine = "reference";
    if (args.size() >= 2 && args[0] == "--engine") {
      engine = args[1];
      args.erase(args.begin(), args.begin() + 2);
    }
    if (engine == "optimized-state") return run<StateTracedGame>(args);
    // Every engine of the registry by its name (api::with_engine), at the capacity that holds
    // every size: a new engine is traced, and a wrong name refused, as every face does.
    return tanbo::api::with_engine(engine, kMaxSize, [&]<class G>(std::type_identity<G>) { return run<G>(args); });
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tanbo_spec_trace: %s\n", e.what());
    return 2;
  }
}
