// Range-checked index -> Point conversion (see points.hpp).
#include "tanbo/api/points.hpp"

#include <charconv>
#include <cmath>

namespace tanbo::api {

std::optional<Point> index_point(int size, long long i) noexcept {
  const long long points = static_cast<long long>(size) * size;
  if (size < kMinSize || size > kMaxSize || i < 0 || i >= points) return std::nullopt;
  return row_major_point(static_cast<int>(i), size);  // i in [0, 625): narrowing is exact
}

std::optional<Point> index_point(int size, double i) noexcept {
  // Compared as doubles first: NaN fails every comparison, and only then is the value narrowed.
  if (!(i >= 0.0 && i < static_cast<double>(kMaxPoints)) || std::floor(i) != i) return std::nullopt;
  return index_point(size, static_cast<long long>(i));
}

std::string number_text(long long i) { return std::to_string(i); }

std::string number_text(double i) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, i);
  return std::string(buf, r.ptr);
}

std::string off_board_index_text(std::string_view noun, std::string_view number, int size) {
  const std::string plural = noun == "index" ? "indices" : std::string(noun) + "s";
  return std::string(noun) + " " + std::string(number) + " (" + plural + " are 0.." +
         std::to_string(size * size - 1) + ")";
}

}  // namespace tanbo::api
