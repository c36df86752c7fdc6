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
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

#include <CLI/CLI.hpp>

#include "invariants.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/verify/compare.hpp"
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

// Compares both engines on `pos` and on every legal move from it; returns the children.
std::vector<Position> check_position(const Position& pos, Totals& totals) {
  const reference::Game ref(pos);
  const optimized::Game opt(pos);
  require(verify::first_difference(ref, opt).value_or(""), pos, "engines differ on the position");
  require(props::root_structure_problem(pos), pos, "root structure");
  require(props::turn_start_problem(pos, ref.legal_move_count(), ref.is_over()), pos, "turn start");
  std::vector<Position> children;
  for (const Point m : ref.legal_moves()) {
    reference::Game r = ref;
    optimized::Game o = opt;
    const MoveEffect er = r.play(m), eo = o.play(m);
    const std::string where = "move " + point_name(m);
    if (!(er == eo)) require("effect " + verify::show(er) + " vs " + verify::show(eo), pos, where);
    const MoveResult rr = r.last_result(), ro = o.last_result();
    if (!(rr == ro)) require("last_result " + verify::show(rr) + " vs " + verify::show(ro), pos, where);
    const Position after = r.position();
    if (after != o.position()) require("resulting positions differ", pos, where);
    if (r.hash() != o.hash() || o.hash() != zobrist_hash(after)) require("hashes differ", pos, where);
    if (r.winner() != o.winner()) require("winners differ", pos, where);
    if (auto c = o.check_consistency()) require("check_consistency: " + *c, pos, where);
    require(props::move_accounting_problem(pos, rr, after), pos, where);
    {  // undo must restore the position exactly (cheap: optimized engine only)
      optimized::Game back = o;
      back.undo();
      if (back.position() != pos || back.hash() != opt.hash() || back.legal_moves() != opt.legal_moves())
        require("undo does not restore the position, hash and legal moves", pos, where);
      if (auto c = back.check_consistency()) require("after undo, check_consistency: " + *c, pos, where);
    }
    ++totals.moves;
    totals.expanded_root += er.removal == Removal::ExpandedRoot;
    totals.bounded_roots += er.removal == Removal::BoundedRoots;
    totals.both_colours += er.removed_black > 0 && er.removed_white > 0;
    if (r.is_over()) {
      ++totals.terminal;
      require(verify::first_difference(r, o).value_or(""), pos, where + " (game over)");
    } else {
      children.push_back(after);
    }
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
  CLI11_PARSE(app, argc, argv);

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
