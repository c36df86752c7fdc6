// tanbo_spec_trace: writes what the C++ reference engine does as a canonical text trace, which
// `tanbo-spec check` (the rules proven in Coq, extracted to OCaml) recomputes line by line.
//
//   tanbo_spec_trace --complete "X2O/4/4/O2X X"   every position reachable from a start, every move
//   tanbo_spec_trace --openings DEPTH             every named variant's opening, to DEPTH plies
//   tanbo_spec_trace --random GAMES [--seed S] [--max-size N]
//                                                 random games to the end, named variants of side <= N
//
// Lines (the format is fixed by formal/oracle/tanbo_spec.ml and docs/formal.md):
//   P <n> <cells> <side> winner=<X|O|-> legal=<x,y;...>    a position (row-major cells . X O)
//   M <x,y> removal=<none|expanded|bounded> removed=<x,y;...> after=<cells> <side>
// An M line is a move from the last P line.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <exception>
#include <string>
#include <unordered_set>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/random.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/game.hpp"

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

// The P line of a position. A game cannot start from a finished position, so those are
// described by the reference's rule functions directly: a winner and no legal move (rule 7).
std::string position_line(const Position& pos) {
  const auto w = reference::winner(pos);
  return "P " + std::to_string(pos.size()) + ' ' + cells_text(pos) + ' ' + color_char(pos.to_move()) +
         " winner=" + (w ? std::string(1, color_char(*w)) : std::string("-")) +
         " legal=" + (w ? std::string() : points_text(reference::Game(pos).legal_moves())) + '\n';
}
std::string position_line(const reference::Game& game) { return position_line(game.board()); }

// Plays `p` on `game` and returns its M line.
std::string move_line(reference::Game& game, Point p) {
  game.play(p);
  const MoveResult r = game.last_result();
  const char* kind = r.removal == Removal::None ? "none" : r.removal == Removal::ExpandedRoot ? "expanded" : "bounded";
  return "M " + std::to_string(p.x) + ',' + std::to_string(p.y) + " removal=" + kind +
         " removed=" + points_text(r.removed) + " after=" + cells_text(game.board()) + ' ' +
         color_char(game.to_move()) + '\n';
}

void emit(const std::string& line) { std::fwrite(line.data(), 1, line.size(), stdout); }

// Breadth-first walk from `start`: every position once (exact: keyed by its position string),
// with every legal move from it, to `depth` plies (negative: no limit).
void walk(const Position& start, int depth) {
  std::unordered_set<std::string> seen{start.to_string()};
  std::deque<std::pair<Position, int>> todo{{start, 0}};
  while (!todo.empty()) {
    const auto [pos, ply] = todo.front();
    todo.pop_front();
    emit(position_line(pos));
    if (reference::winner(pos) || (depth >= 0 && ply >= depth)) continue;
    const reference::Game game(pos);
    for (const Point p : game.legal_moves()) {
      reference::Game next = game;
      emit(move_line(next, p));
      if (seen.insert(next.board().to_string()).second) todo.emplace_back(next.board(), ply + 1);
    }
  }
}

// Random games to the end from the openings of the named variants of side <= max_size, in turn.
void random_games(int games, std::uint64_t seed, int max_size) {
  std::vector<Variant> variants;
  for (const Variant& v : Variant::all_named())
    if (v.size <= max_size) variants.push_back(v);
  if (variants.empty()) throw UsageError("--max-size " + std::to_string(max_size) + ": no named variant is that small");
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    reference::Game game(variants[static_cast<std::size_t>(g) % variants.size()]);
    emit(position_line(game));
    while (!game.is_over()) {
      const std::vector<Point> moves = game.legal_moves();
      emit(move_line(game, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]));
      emit(position_line(game));
    }
  }
}

int usage() {
  std::fputs("usage: tanbo_spec_trace --complete POSITION | --openings DEPTH | --random GAMES [--seed S] [--max-size N]\n",
             stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 2 && args[0] == "--complete") {
      walk(Position::parse(args[1]), -1);
    } else if (args.size() == 2 && args[0] == "--openings") {
      const int depth = std::stoi(args[1]);
      for (const Variant& v : Variant::all_named()) walk(opening(v), depth);
    } else if (args.size() >= 2 && args[0] == "--random") {
      std::uint64_t seed = 1;
      int max_size = 25;
      for (std::size_t i = 2; i + 1 < args.size() + 1; i += 2) {
        if (i + 1 >= args.size()) return usage();
        if (args[i] == "--seed") seed = std::stoull(args[i + 1]);
        else if (args[i] == "--max-size") max_size = std::stoi(args[i + 1]);
        else return usage();
      }
      random_games(std::stoi(args[1]), seed, max_size);
    } else {
      return usage();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tanbo_spec_trace: %s\n", e.what());
    return 2;
  }
  return 0;
}
