// SHA-256 (FIPS 180-4), incremental, for the table file's content hash. Private to solve/; checked
// against the standard test vectors in solve/tests/test_table.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tanbo::solve::detail {

class Sha256 {
 public:
  void update(const void* data, std::size_t size) noexcept;
  void update(std::string_view s) noexcept { update(s.data(), s.size()); }
  std::array<std::uint8_t, 32> finish() noexcept;

 private:
  void block(const std::uint8_t* p) noexcept;
  std::array<std::uint32_t, 8> h_{0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                  0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace tanbo::solve::detail
