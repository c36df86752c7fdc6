// The fuzz-input codec (format in script.hpp): decoding, canonical encoding and descriptions.
#include "tanbo/differential/script.hpp"

#include <climits>
#include <cstdio>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"

namespace tanbo::differential {
namespace {

// Sequential reader; reads past the end return 0 (see the format).
struct Reader {
  std::span<const std::uint8_t> bytes;
  std::size_t pos = 0;
  bool done() const noexcept { return pos >= bytes.size(); }
  std::uint8_t next() noexcept { return pos < bytes.size() ? bytes[pos++] : std::uint8_t{0}; }
};

constexpr int kSizes = kMaxSize - kMinSize + 1;
constexpr std::size_t kMaxStartStones = 32;

CustomStart decode_custom_start(Reader& in) {
  CustomStart c;
  c.size = kMinSize + in.next() % kSizes;
  const std::uint8_t flags = in.next();
  c.to_move = (flags & 1) ? Color::White : Color::Black;
  const std::size_t stones = 1 + (flags >> 1) % kMaxStartStones;
  const auto points = static_cast<unsigned>(c.size * c.size);
  c.stones.reserve(stones);
  for (std::size_t i = 0; i < stones; ++i) {
    const unsigned hi = in.next();
    const unsigned v = hi << 8 | in.next();
    const int index = static_cast<int>((v & 0x7FFF) % points);
    c.stones.push_back({{index % c.size, index / c.size}, (v & 0x8000) ? Color::White : Color::Black});
  }
  return c;
}

Step decode_step(Reader& in) {
  const std::uint8_t b = in.next();
  if (b < kStepRaw) return Step::legal(b);
  if (b < kStepWide) {
    const std::uint8_t bx = in.next();
    return Step::raw(bx, in.next());
  }
  if (b < kStepUndo) {
    const auto hi = static_cast<unsigned>(in.next());
    return Step::wide(static_cast<std::uint16_t>(hi << 8 | in.next()), static_cast<std::uint8_t>(b & 7));
  }
  if (b < kStepCopy) return Step::undo();
  if (b < kStepMultiUndo) return Step::copy();
  if (b < kStepProbe) return Step::multi_undo(static_cast<std::uint8_t>(1 + in.next() % 8));
  if (b == kStepProbe) return Step::probe();
  return Step::record_check();
}

std::vector<Step> read_steps(Reader& in) {
  std::vector<Step> steps;
  steps.reserve(in.bytes.size() > in.pos ? in.bytes.size() - in.pos : 0);
  while (!in.done()) steps.push_back(decode_step(in));
  return steps;
}

// A script byte as a C literal ("0xE0"), as the script format's documentation spells bytes; not
// tanbo::hex (core/hex.hpp), which writes digests as bare lower-case digits.
std::string hex(unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", v);
  return buf;
}

[[noreturn]] void bad(const std::string& what) { throw UsageError("encode(Script): " + what); }

std::size_t encoded_start_bytes(const Script& s) noexcept {
  const auto* c = std::get_if<CustomStart>(&s.start);
  return c ? 3 + 2 * c->stones.size() : 1;
}

}  // namespace

Position CustomStart::position() const {
  Position pos(size);
  pos.set_to_move(to_move);
  for (const StartStone& st : stones) pos.set(st.point, stone(st.color));
  return pos;
}

std::size_t Step::size() const noexcept {
  switch (kind) {
    case Kind::Raw:
    case Kind::Wide: return 3;
    case Kind::MultiUndo: return 2;
    default: return 1;
  }
}

std::size_t Script::offset_of(std::size_t i) const noexcept {
  std::size_t offset = encoded_start_bytes(*this);
  for (std::size_t k = 0; k < i && k < steps.size(); ++k) offset += steps[k].size();
  return offset;
}

Script decode(std::span<const std::uint8_t> bytes) {
  Reader in{bytes};
  Script s;
  const std::uint8_t selector = in.next();
  if (selector < kCustomStartSelector) {
    // all_named() is built per call (cheap, 18 entries) to keep no global state.
    const std::vector<Variant> named = Variant::all_named();
    s.start = named[selector % named.size()];
  } else {
    s.start = decode_custom_start(in);
  }
  s.steps = read_steps(in);
  return s;
}

std::vector<Step> decode_steps(std::span<const std::uint8_t> bytes) {
  Reader in{bytes};
  return read_steps(in);
}

void encode_step(const Step& step, std::vector<std::uint8_t>& out) {
  using K = Step::Kind;
  const auto u8 = [](unsigned v) { return static_cast<std::uint8_t>(v); };
  switch (step.kind) {
    case K::Legal:
      if (step.value >= kStepRaw) bad("a legal-move step's selector must be below 0xE0, got " + hex(step.value));
      out.push_back(u8(step.value));
      return;
    case K::Raw:
      if (step.value > 0xFF) bad("a raw-point step's x byte must be below 0x100, got " + std::to_string(step.value));
      out.insert(out.end(), {kStepRaw, u8(step.value), step.extra});
      return;
    case K::Wide:
      if (step.extra > 7) bad("a wide step's selector bits must be 0..7, got " + std::to_string(step.extra));
      out.insert(out.end(), {u8(kStepWide + step.extra), u8(step.value >> 8), u8(step.value & 0xFF)});
      return;
    case K::Undo: out.push_back(kStepUndo); return;
    case K::Copy: out.push_back(kStepCopy); return;
    case K::MultiUndo:
      if (step.value < 1 || step.value > 8) bad("a multi-undo step undoes 1..8 moves, got " + std::to_string(step.value));
      out.insert(out.end(), {kStepMultiUndo, u8(step.value - 1)});
      return;
    case K::Probe: out.push_back(kStepProbe); return;
    case K::RecordCheck: out.push_back(kStepRecordCheck); return;
  }
  bad("unknown step kind " + std::to_string(static_cast<int>(step.kind)));
}

std::vector<std::uint8_t> encode(const Script& s) {
  std::vector<std::uint8_t> out;
  out.reserve(s.offset_of(s.steps.size()));
  if (const auto* v = std::get_if<Variant>(&s.start)) {
    const std::vector<Variant> named = Variant::all_named();
    std::size_t i = 0;
    while (i < named.size() && !(named[i] == *v)) ++i;
    if (i == named.size()) bad("the start variant " + v->name() + " is not a named variant");
    out.push_back(static_cast<std::uint8_t>(i));
  } else {
    const CustomStart& c = std::get<CustomStart>(s.start);
    if (c.size < kMinSize || c.size > kMaxSize)
      bad("a custom start's size must be 2..25, got " + std::to_string(c.size));
    if (c.stones.empty() || c.stones.size() > kMaxStartStones)
      bad("a custom start has 1..32 stones, got " + std::to_string(c.stones.size()));
    const bool white = c.to_move == Color::White;
    out.insert(out.end(), {kCustomStartSelector, static_cast<std::uint8_t>(c.size - kMinSize),
                           static_cast<std::uint8_t>((c.stones.size() - 1) << 1 | (white ? 1u : 0u))});
    for (const StartStone& st : c.stones) {
      if (!on_board(st.point, c.size))
        bad("the custom start's stone " + point_name(st.point) + " is off the " + std::to_string(c.size) +
            "x" + std::to_string(c.size) + " board");
      const unsigned v = static_cast<unsigned>(st.point.y * c.size + st.point.x) |
                         (st.color == Color::White ? 0x8000u : 0u);
      out.insert(out.end(), {static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v & 0xFF)});
    }
  }
  for (const Step& step : s.steps) encode_step(step, out);
  return out;
}

std::string describe(const Step& step) {
  using K = Step::Kind;
  switch (step.kind) {
    case K::Legal:
      return "legal move #" + std::to_string(step.value) + " (after the end: " +
             (step.value < 0x40 ? "try a point)" : "undo " + std::to_string(1 + step.value % 16) + ")");
    case K::Raw: return "raw point (x byte " + hex(step.value) + ", y byte " + hex(step.extra) + ")";
    case K::Wide:
      return "wide legal move #" + std::to_string(step.value) + " (after the end: undo " +
             std::to_string(9 + step.extra) + ")";
    case K::Undo: return "undo";
    case K::Copy: return "copy both games";
    case K::MultiUndo: return "undo " + std::to_string(step.value) + " moves";
    case K::Probe: return "probe every point";
    case K::RecordCheck: return "record round trip";
  }
  return "unknown step";
}

std::string describe(const Script& s) {
  std::string out = "start: ";
  if (const auto* v = std::get_if<Variant>(&s.start)) {
    out += v->name();
  } else {
    const CustomStart& c = std::get<CustomStart>(s.start);
    out += "custom " + std::to_string(c.size) + "x" + std::to_string(c.size) + ", " +
           color_char(c.to_move) + " to move, stones";
    for (const StartStone& st : c.stones) out += std::string(" ") + color_char(st.color) + point_name(st.point);
    out += " (position " + c.position().to_string() + ")";
  }
  out += "\n";
  std::size_t offset = encoded_start_bytes(s);
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    // Appended piecewise: g++ 12 reports a false -Wrestrict for "lit" + std::string&&.
    out += '@';
    out += std::to_string(offset) + " step " + std::to_string(i + 1) + ": " + describe(s.steps[i]) + "\n";
    offset += s.steps[i].size();
  }
  return out;
}

AfterEnd after_end(const Step& step, const Position& board) noexcept {
  if (step.kind != Step::Kind::Legal && step.kind != Step::Kind::Wide) return {};
  // The selector byte decides; a wide step's selector is kStepWide plus its low bits.
  const int b = step.kind == Step::Kind::Wide ? kStepWide + step.extra : step.value;
  if (b >= 0x40) return {std::nullopt, 1 + b % 16};
  const int n = board.size();
  return {board.point(b % (n * n)), 0};  // a row-major point index
}

int raw_coordinate(std::uint8_t b, int n) noexcept {
  if (b == 0xFF) return INT_MAX;
  if (b == 0xFE) return INT_MIN;
  return b % (n + 4) - 2;
}

}  // namespace tanbo::differential
