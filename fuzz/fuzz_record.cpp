// libFuzzer target: game records. Properties: parse_record throws only ParseError, located
// inside the text; a parsed record's moves are on its board with valid locations;
// format_record output parses back to the same start and moves and is a fixed point; replaying
// the record on both engines (forward, then undone) shows no divergence.
// check-map: fuzz fuzz_record [notation]
// check-map: code core optimized reference
#include <algorithm>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/differential/differential.hpp"

namespace {

// Moves replayed at most: bounds the time of one execution (the reference engine is slow).
constexpr std::size_t kMaxReplay = 600;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tanbo;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto fail = [&](const std::string& what) { fuzz::fail("fuzz_record", what, text); };
  const long lines = std::count(text.begin(), text.end(), '\n') + 1;

  GameRecord rec;
  try {
    rec = parse_record(text);
  } catch (const ParseError& e) {
    // Anything but a ParseError escapes and is reported by libFuzzer as a crash.
    if (e.line() < 1 || e.line() > lines || e.column() < 1)
      fail("ParseError location out of range: " + std::string(e.what()));
    return 0;
  }
  for (const RecordMove& m : rec.moves)
    if (!on_board(m.point, rec.start.size()) || m.line < 1 || m.line > lines || m.column < 1)
      fail("a parsed move is off the board or badly located");

  const std::vector<Point> moves = rec.points();
  const std::string formatted = format_record(rec.start, moves);
  GameRecord back;
  try {
    back = parse_record(formatted);
  } catch (const ParseError& e) {
    fail("format_record output does not parse: " + std::string(e.what()) + "\n" + formatted);
  }
  if (back.start != rec.start) fail("format_record changed the start:\n" + formatted);
  if (back.points() != moves) fail("format_record changed the moves:\n" + formatted);
  if (format_record(back.start, back.points()) != formatted) fail("format_record is not a fixed point");

  const std::span<const Point> replayed(moves.data(), std::min(moves.size(), kMaxReplay));
  const differential::ReplayResult r = differential::replay_record(rec.start, replayed);
  if (r.divergence) fail(r.divergence->report());
  return 0;
}
