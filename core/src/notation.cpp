// Point-name parsing and printing.
#include "tanbo/core/notation.hpp"

#include "tanbo/core/errors.hpp"

namespace tanbo {

std::string point_name(Point p) {
  if (p.x >= 0 && p.x < kMaxSize && p.y >= 0 && p.y < 99)
    return std::string(1, static_cast<char>('A' + p.x)) + std::to_string(p.y + 1);
  // Appended piecewise: g++ 12 reports a false -Wrestrict for `"(" + std::to_string(...)`.
  std::string out = "(";
  out += std::to_string(p.x);
  out += ',';
  out += std::to_string(p.y);
  out += ')';
  return out;
}

std::optional<Point> try_parse_point(std::string_view text, int size) noexcept {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  char letter = text[0];
  if (letter >= 'a' && letter <= 'z') letter = static_cast<char>(letter - 'a' + 'A');
  if (letter < 'A' || letter > 'Z') return std::nullopt;
  int row = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    row = row * 10 + (text[i] - '0');
  }
  if (text[1] == '0') return std::nullopt;  // no leading zeros: "A07" is not a name
  const Point p{letter - 'A', row - 1};
  if (!on_board(p, size)) return std::nullopt;
  return p;
}

Point parse_point(std::string_view text, int size) {
  if (auto p = try_parse_point(text, size)) return *p;
  const std::string last_col(1, static_cast<char>('A' + size - 1));
  throw ParseError("'" + printable(text, kQuotedTokenBytes) + "' is not a point of the " + std::to_string(size) + "x" +
                       std::to_string(size) + " board (columns A-" + last_col + ", rows 1-" +
                       std::to_string(size) + ")",
                   0, 0, std::string(text.substr(0, kQuotedTokenBytes)));
}

}  // namespace tanbo
