// SHA-256 against the FIPS 180-2 example vectors (appendix B: "abc", the 448-bit message, one
// million 'a') and the empty message, fed whole and in uneven pieces (the block buffering).
// check-map: code certificate
#include <catch2/catch.hpp>
#include <string>

#include "tanbo/certificate/sha256.hpp"

using tanbo::certificate::Sha256;
using tanbo::certificate::sha256_hex;

TEST_CASE("SHA-256: FIPS 180-2 vectors", "[certificate]") {
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  const std::string million(1'000'000, 'a');
  CHECK(sha256_hex(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256: pieces of any length give the digest of the whole", "[certificate]") {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += static_cast<char>('a' + (i * 7) % 26);
  const std::string whole = sha256_hex(text);
  for (std::size_t piece : {1u, 3u, 55u, 56u, 63u, 64u, 65u, 127u, 200u}) {
    Sha256 h;
    for (std::size_t at = 0; at < text.size(); at += piece) h.update(std::string_view(text).substr(at, piece));
    CHECK(h.hex() == whole);
    CHECK(h.size() == text.size());
  }
  // Lengths around the padding boundary (55, 56, 64 bytes) differ from each other.
  CHECK(sha256_hex(std::string(55, 'x')) != sha256_hex(std::string(56, 'x')));
  // digest() does not end the hash: more bytes may follow.
  Sha256 h;
  h.update("ab");
  (void)h.hex();
  h.update("c");
  CHECK(h.hex() == sha256_hex("abc"));
}
