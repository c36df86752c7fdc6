// tanbo_exhaustive: bounded-exhaustive differential check. From a variant's opening, walks every
// reachable position breadth-first up to a depth (deduplicated by Zobrist hash, with the packed
// board compared on every hash hit, so collisions are counted and never merge two positions),
// and on every position compares both engines on every legal move: legal move lists, effects
// and results of each move, resulting positions, hashes, consistency, the rules' invariants,
// and that undoing the move on the optimized engine restores the position exactly.
//
//   tanbo_exhaustive                       default: ~1 minute in Release
//   tanbo_exhaustive --full                deeper (about 3.5 minutes)
//   tanbo_exhaustive --quick               shallow (for sanitizer builds)
//   tanbo_exhaustive --variant dense-5 --depth 9
//   tanbo_exhaustive --complete lattice-5  every reachable position (exact keys, no depth limit),
//                                          the graph's size and its longest game; --engine
//                                          reference|optimized computes them with one engine alone
// check-map: walk tanbo_exhaustive [rule2][rule3][rule4][rule5][rule6][rule7][history]
// check-map: code optimized reference
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "game_graph.hpp"
#include "tanbo/differential/consequences.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/exact_key.hpp"
#include "tanbo/core/position_set.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/differential/compare.hpp"
#include "tanbo/reference/game.hpp"

namespace {

using namespace tanbo;

// Depths of the --quick, default and --full runs, chosen by measurement so that the default
// run takes about 40 s of CPU in Release and --full about 3.5 minutes (README.md).
// lattice-5 gets the most depth: it is the one where removals and game ends come early
// (lattice-7 has none within 10 plies).
struct Plan {
  const char* variant;
  int quick, normal, full;
};
constexpr Plan kPlans[] = {
    {"lattice-5", 8, 11, 13}, {"dense-5", 4, 6, 7}, {"lattice-7", 7, 8, 10}, {"dense-7", 2, 3, 4}};

// Board and side to move, 2 bits per point: the exact identity of a position.
std::string pack(const Position& pos) {
  std::string out((pos.cells().size() * 2 + 7) / 8 + 1, '\0');
  for (std::size_t i = 0; i < pos.cells().size(); ++i)
    out[i / 4] = static_cast<char>(out[i / 4] | (static_cast<int>(pos.cells()[i]) << (2 * (i % 4))));
  out.back() = static_cast<char>(pos.to_move());
  return out;
}

Position unpack(const std::string& key, const Variant& v) {
  Position pos(v.size);
  for (std::size_t i = 0; i < pos.cells().size(); ++i) {
    const int cell = (static_cast<unsigned char>(key[i / 4]) >> (2 * (i % 4))) & 3;
    const int n = v.size;
    pos.set({static_cast<int>(i) % n, static_cast<int>(i) / n}, static_cast<Cell>(cell));
  }
  pos.set_to_move(static_cast<Color>(key.back()));
  pos.set_variant(v);
  return pos;
}

bool game_over(const Position& pos) { return pos.count(Color::Black) == 0 || pos.count(Color::White) == 0; }

struct Totals {
  long positions = 0, moves = 0, terminal = 0, collisions = 0;
  long expanded_root = 0, bounded_roots = 0, both_colours = 0;  // removals among the moves
};

// Thrown with a full description when the engines disagree or an invariant fails.
struct Mismatch {
  std::string what;
};

void require(const std::string& problem, const Position& pos, const std::string& where) {
  if (!problem.empty())
    throw Mismatch{where + ": " + problem + "\nposition: " + pos.to_string() + "\n" + pos.diagram()};
}

// Compares both engines on `pos` and on every legal move from it; returns the children (games
// that ended included), in the order of the reference's legal moves.
std::vector<Position> check_position(const Position& pos, Totals& totals) {
  const reference::Game ref(pos);
  const optimized::Game opt(pos);
  require(differential::first_difference(ref, opt).value_or(""), pos, "engines differ on the position");
  require(differential::position_consequence(pos).value_or(""), pos, "board consequences");
  require(differential::state_consequence(ref).value_or(""), pos, "engine consequences");
  std::vector<Position> children;
  differential::Comparator comparator;
  for (const Point m : ref.legal_moves()) {
    reference::Game r = ref;
    optimized::Game o = opt;
    const MoveEffect er = r.play(m), eo = o.play(m);
    const std::string where = "move " + point_name(m);
    if (!(er == eo)) require("effect " + differential::show(er) + " vs " + differential::show(eo), pos, where);
    const MoveResult rr = r.last_result(), ro = o.last_result();
    if (!(rr == ro)) require("last_result " + differential::show(rr) + " vs " + differential::show(ro), pos, where);
    const Position after = r.position();
    // The child is compared in full when the walk reaches it; here the cheap depth, plus the
    // optimized engine's own rebuild (the child may have been reached before by another move).
    require(comparator.first_difference(r, o, differential::Depth::Step).value_or(""), pos, where);
    if (o.hash() != zobrist_hash(after)) require("hash differs from zobrist_hash(position())", pos, where);
    if (auto c = o.check_consistency()) require("check_consistency: " + *c, pos, where);
    require(differential::move_consequence(pos, m, er, rr, after).value_or(""), pos, where);
    {  // undo must restore the state exactly (cheap: optimized engine only)
      optimized::Game back = o;
      back.undo();
      require(comparator.first_difference(opt, back, differential::Depth::Step).value_or(""), pos, where + ", then undo");
      if (auto c = back.check_consistency()) require("after undo, check_consistency: " + *c, pos, where);
    }
    ++totals.moves;
    totals.expanded_root += er.removal == Removal::ExpandedRoot;
    totals.bounded_roots += er.removal == Removal::BoundedRoots;
    totals.both_colours += er.removed_black > 0 && er.removed_white > 0;
    if (r.is_over()) {
      ++totals.terminal;
      require(differential::first_difference(r, o).value_or(""), pos, where + " (game over)");
    }
    children.push_back(after);
  }
  return children;
}

// Breadth-first walk of `v` to `depth` plies; prints one line per depth.
Totals walk(const Variant& v, int depth) {
  Totals totals;
  std::unordered_map<std::uint64_t, std::string> seen;  // zobrist hash -> packed position
  std::vector<std::string> level{pack(opening(v))};
  seen.emplace(zobrist_hash(opening(v)), level.front());
  const auto start = std::chrono::steady_clock::now();
  for (int d = 0; d <= depth && !level.empty(); ++d) {
    std::vector<std::string> next;
    const long moves_before = totals.moves;
    for (const std::string& key : level) {
      ++totals.positions;
      const std::vector<Position> children = check_position(unpack(key, v), totals);
      if (d == depth) continue;  // the last level's moves are checked, its children not kept
      for (const Position& child : children) {
        if (game_over(child)) continue;  // compared at the move that ended the game
        std::string packed = pack(child);
        const auto [it, fresh] = seen.emplace(zobrist_hash(child), packed);
        if (fresh) {
          next.push_back(std::move(packed));
        } else if (it->second != packed) {
          ++totals.collisions;  // same hash, other position: explore it anyway
          next.push_back(std::move(packed));
        }
      }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("  %-10s depth %2d: %9zu distinct positions, %10ld moves checked  (%.1f s)\n",
                v.name().c_str(), d, level.size(), totals.moves - moves_before, secs);
    std::fflush(stdout);
    level = std::move(next);
  }
  return totals;
}


// ---- --complete: the whole game graph of a board of at most 31 points -------------------------

enum class Engines { Both, Reference, Optimized };

using Successors = std::vector<std::pair<Point, Position>>;  // legal move, resulting position

// Successors with one engine alone (reference: row-major legal moves, copy and play).
Successors reference_successors(const Position& pos) {
  const reference::Game game(pos);
  Successors out;
  for (const Point m : game.legal_moves()) {
    reference::Game g = game;
    g.play(m);
    out.emplace_back(m, g.position());
  }
  return out;
}

// Optimized engine alone: play_vertex / undo on one board.
Successors optimized_successors(const Position& pos) {
  optimized::Board board(pos);
  const auto legal = board.legal_vertices();
  const std::vector<optimized::Vertex> moves(legal.begin(), legal.end());  // play/undo reorder the set
  Successors out;
  for (const optimized::Vertex v : moves) {
    const optimized::MoveRecord rec = board.play_vertex(v);
    out.emplace_back(optimized::Board::point(v), board.position());
    board.undo(rec);
  }
  return out;
}

Successors successors(const Position& pos, Engines engines) {
  return engines == Engines::Optimized ? optimized_successors(pos) : reference_successors(pos);
}

const char* engines_name(Engines e) {
  return e == Engines::Both ? "both" : e == Engines::Reference ? "reference" : "optimized";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Walks every position reachable from `start` (exact keys), comparing both engines on each with
// check_position when `engines` is Both, then finds the longest game. Returns the exit status.
int complete(const Position& start, const std::string& label, Engines engines) {
  const auto t0 = std::chrono::steady_clock::now();
  PositionSet index(1);  // node numbers of exact keys (one word each)
  props::GameGraph graph;
  Totals totals;
  long terminal = 0, differences = 0;
  const std::uint64_t start_key = tanbo::exact_key(start);
  index.insert(&start_key);
  std::printf("complete %s (engines: %s)\n", label.c_str(), engines_name(engines));
  for (std::uint32_t node = 0; node < index.size(); ++node) {
    graph.add_node();
    const Position pos = tanbo::from_exact_key(*index.key(node), start);
    if (game_over(pos)) {
      ++terminal;
      continue;
    }
    std::vector<Position> children;
    if (engines == Engines::Both) {
      try {
        children = check_position(pos, totals);
      } catch (const Mismatch& m) {  // report, then carry on along the reference's moves
        if (++differences <= 3) std::cout << "DIFFERENCE: " << m.what << std::endl;
        children.clear();
        for (auto& [move, child] : reference_successors(pos)) children.push_back(std::move(child));
      }
    } else {
      for (auto& [move, child] : successors(pos, engines)) children.push_back(std::move(child));
      totals.moves += static_cast<long>(children.size());
    }
    for (const Position& child : children) {
      const std::uint64_t key = tanbo::exact_key(child);
      graph.add_edge(static_cast<std::uint32_t>(index.find_or_insert(&key).first));
    }
    if ((node + 1) % (1u << 21) == 0)
      std::printf("  %10u positions done, %10zu found, %11ld moves  (%.0f s)\n", node + 1, index.size(),
                  totals.moves, seconds_since(t0));
    std::fflush(stdout);
  }
  const double walk_s = seconds_since(t0);
  const props::LongestPath longest = props::longest_path(graph, 0);
  std::printf("  %zu positions, %ld moves, walked in %.1f s; longest path in %.1f s\n", index.size(),
              totals.moves, walk_s, seconds_since(t0) - walk_s);
  if (engines == Engines::Both)
    std::printf("  removals among the moves: %ld expanded-root, %ld bounded-roots, %ld of both colours\n",
                totals.expanded_root, totals.bounded_roots, totals.both_colours);
  const std::string counts = "complete " + label + ": " + std::to_string(index.size()) + " positions, " +
                             std::to_string(terminal) + " terminal, ";
  const std::string tail = engines == Engines::Both ? ", " + std::to_string(differences) + " differences"
                                                     : std::string(" (") + engines_name(engines) + " engine alone)";
  if (longest.cycle) {  // impossible by the rules (README.md); reported, not assumed
    std::printf("  CYCLE of %zu plies, through:\n", longest.cycle->size() - 1);
    for (const std::uint32_t n : *longest.cycle)
      std::printf("    %s\n", tanbo::from_exact_key(*index.key(n), start).to_string().c_str());
    std::printf("%sthe game graph has a cycle (no longest game)%s\n", counts.c_str(), tail.c_str());
    return 1;
  }
  std::vector<Point> moves;  // the longest game itself, as a record anyone can replay
  for (std::size_t i = 0; i + 1 < longest.path.size(); ++i)
    for (const auto& [move, child] : successors(tanbo::from_exact_key(*index.key(longest.path[i]), start), engines))
      if (tanbo::exact_key(child) == *index.key(longest.path[i + 1])) {
        moves.push_back(move);
        break;
      }
  std::printf("  a longest game (a record for `tanbo replay`):\n%s", format_record(start, moves).c_str());
  std::printf("%slongest game %d plies%s\n", counts.c_str(), longest.length, tail.c_str());
  return differences == 0 && static_cast<int>(moves.size()) == longest.length ? 0 : 1;
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Bounded-exhaustive differential check of the reference and optimized engines"};
  std::vector<std::string> variants;
  int depth = -1;
  bool full = false, quick = false;
  app.add_option("--variant", variants, "Variant(s) to walk (default: lattice-5 dense-5 lattice-7 dense-7)");
  app.add_option("--depth", depth, "Depth in plies for every variant (default: per-variant, see README)")
      ->check(CLI::Range(0, 60));
  auto* full_flag = app.add_flag("--full", full, "Use the deeper per-variant depths of the long run");
  app.add_flag("--quick", quick, "Use shallow per-variant depths (for sanitizer builds)")->excludes(full_flag);
  std::string complete_start;
  std::string engine_name = "both";
  auto* complete_opt =
      app.add_option("--complete", complete_start,
                     "Walk every reachable position from a variant's opening or a position string "
                     "(at most 31 points, e.g. lattice-5) and print the game graph's size and longest game");
  complete_opt->excludes("--variant", "--depth", "--full", "--quick");
  app.add_option("--engine", engine_name, "With --complete: both (compare them), reference or optimized alone")
      ->check(CLI::IsMember({"both", "reference", "optimized"}))
      ->needs(complete_opt);
  CLI11_PARSE(app, argc, argv);

  if (!complete_start.empty()) {
    try {
      const bool is_position = !looks_like_variant_name(complete_start);
      const Position start = read_start(complete_start);  // as every face reads a start (core/variant.hpp)
      if (start.cells().size() > static_cast<std::size_t>(tanbo::kMaxExactKeyPoints))
        throw UsageError("--complete: " + start.variant().name() + " has " + std::to_string(start.cells().size()) +
                         " points; exact keys hold at most " + std::to_string(tanbo::kMaxExactKeyPoints) +
                         " (a 5x5 board)");
      if (game_over(start)) throw UsageError("--complete: a side has no stones in the start position");
      (void)reference::Game(start);  // rejects a start with a bounded root, with the reason
      const Engines engines = engine_name == "reference"   ? Engines::Reference
                              : engine_name == "optimized" ? Engines::Optimized
                                                           : Engines::Both;
      return complete(start, is_position ? '"' + start.to_string() + '"' : start.variant().name(), engines);
    } catch (const Error& e) {
      std::cerr << "tanbo_exhaustive: " << e.what() << "\n";
      return 2;
    }
  }

  std::vector<std::pair<Variant, int>> runs;
  try {
    if (variants.empty())
      for (const Plan& p : kPlans) variants.emplace_back(p.variant);
    for (const std::string& name : variants) {
      const Variant v = Variant::parse(name);
      int d = depth;
      for (const Plan& p : kPlans)
        if (d < 0 && Variant::parse(p.variant) == v) d = full ? p.full : quick ? p.quick : p.normal;
      if (d < 0) d = full ? 6 : quick ? 2 : 4;  // a variant without a measured plan
      runs.emplace_back(v, d);
    }
  } catch (const Error& e) {
    std::cerr << "tanbo_exhaustive: " << e.what() << "\n";
    return 2;
  }

  Totals all;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& [v, d] : runs) {
    std::printf("%s to depth %d\n", v.name().c_str(), d);
    try {
      const Totals t = walk(v, d);
      std::printf("  %-10s total: %ld distinct positions, %ld moves checked (removals: %ld expanded-root, "
                  "%ld bounded-roots, %ld of both colours; %ld ending the game), %ld hash collisions\n",
                  v.name().c_str(), t.positions, t.moves, t.expanded_root, t.bounded_roots, t.both_colours,
                  t.terminal, t.collisions);
      all.positions += t.positions;
      all.moves += t.moves;
      all.collisions += t.collisions;
    } catch (const Mismatch& m) {
      std::cout << "MISMATCH in " << v.name() << ": " << m.what << std::endl;
      return 1;
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("all variants: %ld distinct positions, %ld moves checked, %ld hash collisions, %.1f s\n",
              all.positions, all.moves, all.collisions, secs);
  return 0;
}
