// The certificate writer and checker on streams that fail: the writer must not report a
// certificate written when its output failed (a full disk), and the checker must not take a
// read error for the end of the file; each says so in its own words. Also the writer's header
// refusals, each with its message (test_certificate.cpp checks that they throw).
// check-map: code certificate
#include <catch2/catch.hpp>

#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>

#include "tanbo/certificate/certificate.hpp"

using tanbo::Color;
using tanbo::certificate::Header;
using tanbo::certificate::Writer;

namespace {

// The message of the exception of type E `f` throws, or "" if it throws none.
template <class E, class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

// A stream buffer that hands out `text`, then fails as a disk or a pipe can: its next read throws,
// which the istream turns into badbit.
class FailingAfter : public std::streambuf {
 public:
  explicit FailingAfter(std::string text) : text_(std::move(text)) { setg(text_.data(), text_.data(), text_.data() + text_.size()); }

 protected:
  int_type underflow() override { throw std::runtime_error("device error"); }

 private:
  std::string text_;
};

}  // namespace

TEST_CASE("the writer reports a failed output stream at finish()", "[certificate][errors]") {
  std::ostream broken(nullptr);  // no buffer: every write sets badbit
  Writer w(broken, Header{"XO1/3/O1X X", 3, Color::Black, 1, std::nullopt});
  w.add(tanbo::certificate::read_canonical_start("XO1/3/O1X X"), std::nullopt);
  CHECK(message_of<tanbo::Error>([&] { w.finish(); }) ==
        "certificate writer: the output stream failed (disk full?); the certificate is incomplete");
}

TEST_CASE("the checker reports a failed input stream, not a truncated file", "[certificate][errors]") {
  FailingAfter buffer("tanbo-certificate 1\nstart XO1/3/O1X X\n");
  std::istream in(&buffer);
  CHECK(message_of<tanbo::Error>([&] { (void)tanbo::certificate::check(in); }) ==
        "cannot read the certificate: the input stream failed after line 0");
}

TEST_CASE("the writer's header refusals name the field and the figure", "[certificate][errors]") {
  std::ostringstream out;
  const auto refusal = [&](const Header& h) { return message_of<tanbo::UsageError>([&] { Writer w(out, h); }); };
  CHECK(refusal(Header{" XO1/3/O1X X", 3, Color::Black, 1, std::nullopt}) ==
        "certificate header: the start must be one line of text without surrounding spaces");
  CHECK(refusal(Header{"XO1/3/O1X X ", 3, Color::Black, 1, std::nullopt}) ==
        "certificate header: the start must be one line of text without surrounding spaces");
  CHECK(refusal(Header{"", 3, Color::Black, 1, std::nullopt}) ==
        "certificate header: the start must be one line of text without surrounding spaces");
  CHECK(refusal(Header{"XO1/3/O1X X", 4, Color::Black, 1, std::nullopt}) ==
        "certificate header: size 4, but the start's board is 3x3");
  CHECK(refusal(Header{"XO1/3/O1X X", 3, Color::Black, 0, std::nullopt}) ==
        "certificate header: positions 0 is not in 1..4294967294");
  CHECK(refusal(Header{"XO1/3/O1X X", 3, Color::Black, 4'294'967'295LL, std::nullopt}) ==
        "certificate header: positions 4294967295 is not in 1..4294967294");
  CHECK(refusal(Header{"XO1/3/O1X X", 3, Color::Black, 1, -1}) == "certificate header: within -1 is not in 0..9999999999");
  CHECK(refusal(Header{"XO1/3/O1X X", 3, Color::Black, 1, 10'000'000'000LL}) ==
        "certificate header: within 10000000000 is not in 0..9999999999");
  CHECK(refusal(Header{"XO1/3/O1X X dense-5", 3, Color::Black, 1, std::nullopt}).find(
            "certificate header: start 'XO1/3/O1X X dense-5': ") == 0);
}
