// The production instantiation of the differential driver: reference vs tanbo::optimized, on the
// capacity the front ends use for the start (optimized::with_capacity_for: Game19 up to 19x19,
// Game beyond). So the checks run the board users run, and a step on the classic board copies
// and rebuilds (check_consistency) the smaller arrays.
#include "tanbo/differential/differential.hpp"

#include <type_traits>
#include <variant>

#include "tanbo/optimized/game.hpp"
#include "tanbo/differential/driver.hpp"

namespace tanbo::differential {
namespace {

// Calls run(std::type_identity<G>{}) with the optimized engine sized for a start of side `size`.
template <class F>
auto with_candidate(int size, F&& run) {
  return optimized::with_capacity_for(size, [&](auto capacity) {
    return run(std::type_identity<optimized::BasicGame<capacity()>>{});
  });
}

int start_size(const Script& script) {
  return std::visit([](const auto& start) { return start.size; }, script.start);
}

}  // namespace

std::optional<Divergence> run_differential(std::span<const std::uint8_t> input, DiffStats* stats) {
  return run_differential(decode(input), stats);
}

std::optional<Divergence> run_differential(const Script& script, DiffStats* stats) {
  return with_candidate(start_size(script), [&]<class G>(std::type_identity<G>) {
    return Driver<G>(stats).run(script);
  });
}

std::optional<Divergence> run_differential_from(const Position& start,
                                                std::span<const std::uint8_t> steps,
                                                DiffStats* stats) {
  return with_candidate(start.size(), [&]<class G>(std::type_identity<G>) {
    return Driver<G>(stats).run_from(start, steps);
  });
}

ReplayResult replay_record(const Position& start, std::span<const Point> moves, bool unwind) {
  return with_candidate(start.size(), [&]<class G>(std::type_identity<G>) {
    return Driver<G>().replay(start, moves, unwind);
  });
}

}  // namespace tanbo::differential
