// Runtime access to the version the library was built as (may differ from a header in use).
#include "tanbo/core/version.hpp"

namespace tanbo {
const char* version() noexcept { return TANBO_VERSION_STRING; }
}  // namespace tanbo
