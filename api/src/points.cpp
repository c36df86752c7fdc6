// Range-checked index -> Point conversion (see points.hpp).
#include "tanbo/api/points.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tanbo::api {

std::optional<Point> index_point(int size, double i) noexcept {
  // Compared as doubles first: NaN fails every comparison, and only then is the value narrowed.
  if (!(i >= 0.0 && i < static_cast<double>(kMaxPoints)) || std::floor(i) != i) return std::nullopt;
  return index_point(size, static_cast<long long>(i));
}

std::string number_text(long long i) { return std::to_string(i); }

std::string number_text(double i) {
  // The shortest "%g" text that reads back as `i` (std::to_chars of a double is missing from
  // Emscripten's libc++, which the WebAssembly build uses).
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, i);
    if (std::strtod(buf, nullptr) == i) break;
  }
  return buf;
}

std::string off_board_index_text(std::string_view noun, std::string_view number, int size) {
  const std::string plural = noun == "index" ? "indices" : std::string(noun) + "s";
  return std::string(noun) + " " + std::string(number) + " (" + plural + " are 0.." +
         std::to_string(size * size - 1) + ")";
}

template <typename Number>
  requires std::same_as<Number, long long> || std::same_as<Number, double>
void throw_off_board_move(int size, Number i, Color mover, std::string_view noun) {
  throw IllegalMoveError::off_board(off_board_index_text(noun, number_text(i), size), mover);
}
template void throw_off_board_move(int, long long, Color, std::string_view);
template void throw_off_board_move(int, double, Color, std::string_view);

}  // namespace tanbo::api
