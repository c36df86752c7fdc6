// TEMPORARY stand-in for helper "cert"'s tanbo::certificate (certificate/, not yet merged), built
// only when the real target is absent: the Writer of the brief's API, writing format version 1;
// check() is not available here. Delete this folder and solve/src/certificate_stub.cpp once certificate/
// is in the tree.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::certificate {

inline constexpr int kFormatVersion = 1;

struct Header {
  std::string start;
  int size = 0;
  Color prover = Color::Black;
  long long positions = 0;
};

class CertificateError : public Error {
 public:
  using Error::Error;
};

class Writer {
 public:
  Writer(std::ostream& out, const Header& h);
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  void add(const Position& p, std::optional<Point> prover_move);
  void finish();

 private:
  void write(const std::string& text);
  struct Hash;
  std::ostream& out_;
  Header header_;
  long long added_ = 0;
  bool finished_ = false;
  Hash* hash_;
};

struct Summary {
  Header header;
  std::string sha256;
};

/// Not available in the stand-in: throws UsageError.
Summary check(std::istream& in);

}  // namespace tanbo::certificate
