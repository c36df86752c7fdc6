// Explicit instantiations of the optimized board for the two supported capacities.
#include "consistency_impl.hpp"
#include "removal_impl.hpp"

#undef TANBO_ALWAYS_INLINE  // defined by board_impl.hpp for these implementation headers only

namespace tanbo::optimized {
template class BasicBoard<kMaxSize>;
template class BasicBoard<19>;
}  // namespace tanbo::optimized
