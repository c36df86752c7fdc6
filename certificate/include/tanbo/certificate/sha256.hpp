// SHA-256 (FIPS 180-4), incremental: the content hash of certificate files (the last line of a
// certificate is the SHA-256 of every byte before it). Small and dependency-free so that the
// checker needs nothing but core and the reference engine; public so that other file formats of
// tanbo can hash their contents the same way.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tanbo::certificate {

/// Incremental SHA-256: update() any number of times, then digest() or hex() once.
class Sha256 {
 public:
  Sha256() noexcept;
  /// Hashes `size` more bytes.
  void update(const void* data, std::size_t size) noexcept;
  /// Hashes the bytes of `text`.
  void update(std::string_view text) noexcept { update(text.data(), text.size()); }
  /// The 32-byte digest of everything hashed so far (the object may still be updated after).
  std::array<std::uint8_t, 32> digest() const noexcept;
  /// The digest as 64 lowercase hex digits.
  std::string hex() const;
  /// Number of bytes hashed so far.
  std::uint64_t size() const noexcept { return length_; }

 private:
  void block(const std::uint8_t* p) noexcept;  // one 64-byte block into state_
  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;  // bytes waiting in buffer_ (always < 64 between calls)
  std::uint64_t length_ = 0;  // bytes hashed in all
};

/// SHA-256 of `text` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view text);

}  // namespace tanbo::certificate
