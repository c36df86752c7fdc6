// Explicit instantiations of the optimized board for the two supported capacities.
#include "consistency_impl.hpp"

namespace tanbo::optimized {
template class BasicBoard<kMaxSize>;
template class BasicBoard<19>;
}  // namespace tanbo::optimized
