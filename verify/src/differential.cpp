// The production instantiation of the differential driver: reference vs tanbo::optimized::Game.
#include "tanbo/verify/differential.hpp"

#include "tanbo/optimized/game.hpp"
#include "tanbo/verify/driver.hpp"

namespace tanbo::verify {

std::optional<Divergence> run_differential(std::span<const std::uint8_t> input, DiffStats* stats) {
  return Driver<optimized::Game>(stats).run(input);
}

std::optional<Divergence> run_differential(const Script& script, DiffStats* stats) {
  return Driver<optimized::Game>(stats).run(script);
}

std::optional<Divergence> run_differential_from(const Position& start,
                                                std::span<const std::uint8_t> steps,
                                                DiffStats* stats) {
  return Driver<optimized::Game>(stats).run_from(start, steps);
}

ReplayResult replay_record(const Position& start, std::span<const Point> moves, bool unwind) {
  return Driver<optimized::Game>().replay(start, moves, unwind);
}

}  // namespace tanbo::verify
