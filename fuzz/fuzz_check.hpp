// Failure reporting shared by the fuzz targets: print what broke (and the input, quoted by
// tanbo::printable like every message, when it is text) on stderr, then abort() so libFuzzer
// saves the input as a crash artifact and the replay driver stops with a non-zero status.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "tanbo/core/errors.hpp"

namespace tanbo::fuzz {

/// Reports a broken property and aborts.
[[noreturn]] inline void fail(const std::string& target, const std::string& what,
                              std::string_view input) {
  std::fprintf(stderr, "\n%s: PROPERTY VIOLATED: %s\ninput (%zu bytes): \"%s\"\n", target.c_str(),
               what.c_str(), input.size(), printable(input, 400).c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace tanbo::fuzz
