// libFuzzer target: point names. Byte 0 picks the board size (2..25), the rest is the text.
// Properties: try_parse_point and parse_point agree (parse_point throws only ParseError, naming
// the token); accepted names are on the board, print back as the upper-cased input, and parse to
// the same point on every larger board.
// check-map: fuzz fuzz_notation [rule1][notation]
// check-map: code core
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tanbo;
  if (size == 0) return 0;
  const int n = kMinSize + data[0] % (kMaxSize - kMinSize + 1);
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto fail = [&](const std::string& what) {
    fuzz::fail("fuzz_notation", what + " (board " + std::to_string(n) + ")", text);
  };

  const std::optional<Point> p = try_parse_point(text, n);
  try {
    const Point q = parse_point(text, n);
    if (!p || *p != q) fail("parse_point accepted a name try_parse_point refused");
  } catch (const ParseError& e) {
    if (p) fail("parse_point threw for a name try_parse_point accepted: " + std::string(e.what()));
    if (e.token() != text.substr(0, 40)) fail("the ParseError does not name the token");
    if (std::string_view(e.what()).find(std::to_string(n) + "x" + std::to_string(n)) == std::string_view::npos)
      fail("the ParseError does not name the board size: " + std::string(e.what()));
  }
  if (!p) return 0;

  if (!on_board(*p, n)) fail("accepted a point off the board");
  std::string upper(text);
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  if (point_name(*p) != upper) fail("point_name gives " + point_name(*p) + ", not the input");
  for (int m = n; m <= kMaxSize; ++m)
    if (try_parse_point(text, m) != p) fail("parses differently on the larger board " + std::to_string(m));
  return 0;
}
