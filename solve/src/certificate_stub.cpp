// TEMPORARY stand-in for tanbo::certificate's Writer (solve/stub_certificate/include/tanbo/certificate/
// certificate.hpp), built only while certificate/ is absent: format version 1. Delete with it.
#include <string>

#include "sha256.hpp"
#include "tanbo/certificate/certificate.hpp"

namespace tanbo::certificate {

struct Writer::Hash {
  solve::detail::Sha256 sha;
};

Writer::Writer(std::ostream& out, const Header& h) : out_(out), header_(h), hash_(new Hash) {
  write("tanbo-certificate " + std::to_string(kFormatVersion) + "\n");
  write("start " + h.start + "\n");
  write("size " + std::to_string(h.size) + "\n");
  write(std::string("prover ") + color_char(h.prover) + "\n");
  write("positions " + std::to_string(h.positions) + "\n");
}

Writer::~Writer() { delete hash_; }

void Writer::write(const std::string& text) {
  hash_->sha.update(text);
  out_ << text;
}

void Writer::add(const Position& p, std::optional<Point> prover_move) {
  if (finished_ || added_ == header_.positions) throw UsageError("certificate: more lines than announced");
  std::string line;
  for (const Cell c : p.cells()) line.push_back(cell_char(c));
  line.push_back(' ');
  line.push_back(color_char(p.to_move()));
  if (prover_move) {
    line.push_back(' ');
    line.append(std::to_string(prover_move->x));
    line.push_back(',');
    line.append(std::to_string(prover_move->y));
  }
  line.push_back('\n');
  write(line);
  ++added_;
}

void Writer::finish() {
  if (finished_ || added_ != header_.positions) throw UsageError("certificate: add() not called positions times");
  finished_ = true;
  static const char* const digits = "0123456789abcdef";
  std::string hex;
  for (const std::uint8_t b : hash_->sha.finish()) {
    hex.push_back(digits[b >> 4]);
    hex.push_back(digits[b & 15]);
  }
  out_ << "sha256 " << hex << "\n";
  out_.flush();
  if (!out_) throw Error("certificate: could not write");
}

Summary check(std::istream&) { throw UsageError("the certificate checker is not built in (tanbo::certificate missing)"); }

}  // namespace tanbo::certificate
