// libFuzzer target: position strings. The input up to the first newline is a position string,
// the bytes after it are differential steps (differential/script.hpp) played from it.
// Properties: Position::parse throws only ParseError (line 1, column inside the text);
// to_string() of a parsed position parses back to it and is canonical; both engines accept
// it alike or reject it with the same InvalidPositionError, and then agree on every step;
// optimized::Game19 behaves like optimized::Game up to 19x19 and refuses larger boards.
// check-map: fuzz fuzz_position [notation]
// check-map: code core optimized reference
#include <algorithm>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/differential/differential.hpp"

namespace {

// Steps after a position; a bound keeps executions fast on 25x25 boards.
constexpr std::size_t kMaxSteps = 512;

// The message of the InvalidPositionError constructing G throws, or "" if it succeeds.
template <class G>
std::string construction_error(const tanbo::Position& pos) {
  try {
    G g(pos);
    return "";
  } catch (const tanbo::InvalidPositionError& e) {
    return e.what();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tanbo;
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const std::size_t eol = std::min(all.find('\n'), all.size());
  const std::string_view text = all.substr(0, eol);
  auto fail = [&](const std::string& what) { fuzz::fail("fuzz_position", what, text); };

  Position pos;
  try {
    pos = Position::parse(text);
  } catch (const ParseError& e) {
    if (e.line() != 1 || e.column() < 1 || static_cast<std::size_t>(e.column()) > text.size() + 1)
      fail("ParseError location out of range: " + std::string(e.what()));
    return 0;
  }

  const std::string s = pos.to_string();
  Position back;
  try {
    back = Position::parse(s);
  } catch (const ParseError& e) {
    fail("to_string() \"" + s + "\" does not parse: " + e.what());
  }
  if (back != pos) fail("to_string() \"" + s + "\" parses to a different position");
  if (back.to_string() != s) fail("to_string() is not canonical: " + s + " vs " + back.to_string());
  const std::string diagram = pos.diagram();
  if (std::count(diagram.begin(), diagram.end(), '\n') != pos.size() + 1)
    fail("diagram() has the wrong number of lines");

  const std::string full = construction_error<optimized::Game>(pos);
  const std::string small = construction_error<optimized::Game19>(pos);
  if (pos.size() <= 19 && small != full)
    fail("optimized::Game19 and optimized::Game disagree: \"" + small + "\" vs \"" + full + "\"");
  if (pos.size() > 19 && small.empty()) fail("optimized::Game19 accepted a board larger than 19x19");

  const std::string_view rest = eol < all.size() ? all.substr(eol + 1) : std::string_view{};
  const std::span<const std::uint8_t> steps(data + (size - rest.size()), std::min(rest.size(), kMaxSteps));
  if (const auto d = differential::run_differential_from(pos, steps)) fail(d->report());
  return 0;
}
