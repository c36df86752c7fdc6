// Seeded random games with every engine from every named variant and from custom positions,
// each move checked by the harness in engine_harness.hpp. Split by board size so that ctest
// can run the groups in parallel and a slow group is easy to spot.
// In optimized/tests: every engine in lockstep with the reference, which is what checks the
// optimized one.
// check-map: code reference optimized
#include <string>
#include <vector>

#include "engine_harness.hpp"
#include "engine_types.hpp"
#include "test_util.hpp"

using namespace tanbo;
using namespace tanbo_test;

namespace {

// The games must have exercised both removal rules (and, for groups with many games, both
// outcomes), otherwise passing the per-move checks would prove little.
void require_removals(const SimStats& s, bool both_colours_at_once = true) {
  INFO(tanbo::differential::format_stats(s));
  CHECK(s.expanded_root_removals > 0);
  CHECK(s.bounded_roots_removals > 0);
  if (both_colours_at_once) CHECK(s.both_colours_removals > 0);
}

void require_varied(const SimStats& s) {
  require_removals(s);
  CHECK(s.black_wins > 0);
  CHECK(s.white_wins > 0);
}

// A band of named variants by board side, played and checked by one test case.
struct Band {
  int min_size, max_size;   // sides of the variants played
  std::uint64_t seed_base;  // game seeds: seed_base + side
  int games;                // games per variant
  int deep_plies;           // SimOptions::deep_plies
  bool varied;              // require both outcomes too (bands with many games)
};

// `band.games` random games from each named variant of the band, and the counters checked.
template <class G>
void play_band(const Band& band) {
  SimStats total;
  SimOptions opt;
  opt.deep_plies = band.deep_plies;
  for (const Variant& v : Variant::all_named()) {
    if (v.size < band.min_size || v.size > band.max_size) continue;
    INFO("variant " << v.name());
    total += simulate_random_games<G>(v, band.seed_base + static_cast<unsigned>(v.size), band.games, opt);
  }
  if (band.varied) require_varied(total);
  else require_removals(total);
}

}  // namespace

// One test case per band, so that ctest runs them in parallel and a slow band is easy to spot.
#define TANBO_NAMED_BAND(title, ...) \
  TEMPLATE_TEST_CASE(title, "[engine][games][rule2][rule3][rule4][rule5][rule6][rule7][history]", \
                     TANBO_TEST_ENGINES) { \
    play_band<TestType>(Band{__VA_ARGS__}); \
  }

TANBO_NAMED_BAND("random games from the named variants up to 9x9", 2, 9, 1000, 10, 40, true)
TANBO_NAMED_BAND("random games from the named variants 11x11 to 15x15", 10, 15, 2000, 2, 32, true)
TANBO_NAMED_BAND("random games from the named variants 17x17 to 21x21", 17, 21, 3000, 1, 24, false)
TANBO_NAMED_BAND("random games from the named variant 23x23", 23, 23, 3000, 1, 24, false)
TANBO_NAMED_BAND("random games from the named variant 25x25", 25, 25, 3000, 1, 24, false)

TEMPLATE_TEST_CASE("random games from small custom positions",
                   "[engine][games][rule3][rule4][rule5][rule6][rule7][history]",
                   TANBO_TEST_ENGINES) {
  // Small and odd starts: the smallest board, White to move first, starts with long roots,
  // and a named variant's board without its tag. Each is a valid start (no bounded root).
  const std::vector<std::string> starts = {
      "X1/1O X",                  // 2x2: the shortest games there are
      "X1/1O O",                  // the same, White first
      "OX1/1X1/3 X",              // 3x3 from test_rules.cpp (rule 7)
      "XOX/1OX/1XX X",            // 3x3 from test_rules.cpp (rule 6, expanded root)
      "XOXX/X2O/4/4 X",           // 4x4 from test_rules.cpp (rule 6, bounded roots)
      "X3O/5/5/5/O3X O",          // lattice-5 board, White first, custom tag
      "XXXX3/7/O5O/O5O/O5O/7/3XXXX X",  // long roots facing each other
      "X1O1X1O/7/O1X1O1X/7/X1O1X1O/7/O1X1O1X O",  // dense-7 board, White first
  };
  SimStats total;
  for (const std::string& s : starts) {
    INFO("start " << s);
    total += simulate_random_games<TestType>(Position::parse(s), 4000, 20);
  }
  require_varied(total);
}

TEMPLATE_TEST_CASE("random games from mid-game and nearly empty starts",
                   "[engine][games][rule3][rule4][rule5][rule6][rule7][history]",
                   TANBO_TEST_ENGINES) {
  SimStats total;
  // Positions reached in seeded games of the named variants, used as new starts: they carry
  // their variant tag but are not openings, so records use [Position "... lattice-13"].
  for (const char* name : {"lattice-13", "dense-9", "dense-11"}) {
    INFO("mid-game start from " << name);
    reference::Game g(Variant::parse(name));
    Rng rng(5000);
    while (g.ply() < 40 && !g.is_over()) {
      const auto legal = g.legal_moves();
      g.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    REQUIRE_FALSE(g.is_over());
    SimOptions opt;
    opt.deep_plies = 32;
    total += simulate_random_games<TestType>(g.position(), 5001, 2, opt);
  }
  // A nearly empty 25x25 board: one stone each, far apart.
  {
    Position p(25);
    p.set({0, 0}, Cell::Black);
    p.set({24, 24}, Cell::White);
    SimOptions opt;
    opt.deep_plies = 32;
    total += simulate_random_games<TestType>(p, 6000, 1, opt);
  }
  // These few games happen not to contain a move removing both colours at once.
  require_removals(total, false);
}
