// Lower-case hexadecimal of bytes: one spelling for every digest, hash and escaped byte tanbo
// prints (table content hashes, certificate sha256 lines, printable()'s \xNN).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace tanbo {

/// Two lower-case hex digits per byte, in order: {0x0a, 0xff} -> "0aff"; empty in, empty out.
std::string hex(std::span<const std::uint8_t> bytes);

}  // namespace tanbo
