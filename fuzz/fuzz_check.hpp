// Failure reporting shared by the fuzz targets: print what broke (and the input, escaped, when
// it is text) on stderr, then abort() so libFuzzer saves the input as a crash artifact and the
// replay driver stops with a non-zero status.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace tanbo::fuzz {

/// The input with non-printable bytes as \xNN, for messages.
inline std::string escaped(std::string_view text) {
  std::string out;
  for (const unsigned char c : text.substr(0, 400)) {
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (text.size() > 400) out += "...";
  return out;
}

/// Reports a broken property and aborts.
[[noreturn]] inline void fail(const std::string& target, const std::string& what,
                              std::string_view input) {
  std::fprintf(stderr, "\n%s: PROPERTY VIOLATED: %s\ninput (%zu bytes): \"%s\"\n", target.c_str(),
               what.c_str(), input.size(), escaped(input).c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace tanbo::fuzz
