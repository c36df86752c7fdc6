// Properties of the fuzz-input codec (tanbo/differential/script.hpp): decode(encode(s)) == s for every
// encodable Script, and encode(decode(b)) is a canonical form of any byte string b: it decodes to
// the same Script, and it is a fixed point of encode(decode(.)).
// check-map: code differential
#include <cstdint>
#include <vector>

#include "props.hpp"
#include "tanbo/differential/script.hpp"

namespace {

using namespace tanbo;
using differential::Step;

rc::Gen<Step> gen_step() {
  using K = Step::Kind;
  const auto byte = rc::gen::arbitrary<std::uint8_t>();
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::inRange<int>(0, differential::kStepRaw), [](int b) { return Step::legal(static_cast<std::uint8_t>(b)); }),
      rc::gen::map(rc::gen::pair(byte, byte), [](auto xy) { return Step::raw(xy.first, xy.second); }),
      rc::gen::map(rc::gen::pair(rc::gen::arbitrary<std::uint16_t>(), rc::gen::inRange<int>(0, 8)),
                   [](auto w) { return Step::wide(w.first, static_cast<std::uint8_t>(w.second)); }),
      rc::gen::map(rc::gen::inRange<int>(1, 9), [](int k) { return Step::multi_undo(static_cast<std::uint8_t>(k)); }),
      rc::gen::map(rc::gen::element(K::Undo, K::Copy, K::Probe, K::RecordCheck), [](K k) { return Step{k, 0, 0}; }));
}

rc::Gen<differential::CustomStart> gen_custom_start() {
  return rc::gen::mapcat(rc::gen::inRange(kMinSize, kMaxSize + 1), [](int n) {
    const auto stone = rc::gen::construct<differential::StartStone>(
        rc::gen::construct<Point>(rc::gen::inRange(0, n), rc::gen::inRange(0, n)),
        rc::gen::element(Color::Black, Color::White));
    return rc::gen::construct<differential::CustomStart>(
        rc::gen::just(n), rc::gen::element(Color::Black, Color::White),
        rc::gen::mapcat(rc::gen::inRange(1, 33), [stone](int k) {
          return rc::gen::container<std::vector<differential::StartStone>>(static_cast<std::size_t>(k), stone);
        }));
  });
}

rc::Gen<differential::Script> gen_script() {
  using Start = std::variant<Variant, differential::CustomStart>;
  return rc::gen::construct<differential::Script>(
      rc::gen::oneOf(rc::gen::map(rc::gen::elementOf(Variant::all_named()), [](Variant v) { return Start(v); }),
                     rc::gen::map(gen_custom_start(), [](differential::CustomStart c) { return Start(std::move(c)); })),
      rc::gen::container<std::vector<Step>>(gen_step()));
}

}  // namespace

TEST_CASE("the fuzz-input codec round-trips", "[script][differential]") {
  tanbo::props::check("decode(encode(s)) == s for every encodable script", [] {
    const differential::Script s = *gen_script();
    const std::vector<std::uint8_t> bytes = differential::encode(s);
    RC_ASSERT(bytes.size() == s.offset_of(s.steps.size()));
    RC_ASSERT(differential::decode(bytes) == s);
  });
  tanbo::props::check("encode(decode(b)) is a canonical form of any bytes b", [] {
    const auto bytes = *rc::gen::container<std::vector<std::uint8_t>>(rc::gen::arbitrary<std::uint8_t>());
    const differential::Script s = differential::decode(bytes);
    const std::vector<std::uint8_t> canonical = differential::encode(s);
    RC_ASSERT(differential::decode(canonical) == s);
    RC_ASSERT(differential::encode(differential::decode(canonical)) == canonical);
    // Canonical bytes differ in length only by the missing trailing bytes written out (at most
    // a whole custom start: 2 + 2 x 32).
    RC_ASSERT(canonical.size() <= std::max<std::size_t>(bytes.size(), 1) + 2 * 32 + 2);
    // Every step sits where offset_of says, in the input and in the canonical bytes.
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      RC_ASSERT(s.offset_of(i) < bytes.size());
      RC_ASSERT(differential::decode_steps(std::span(bytes).subspan(s.offset_of(i))).front() == s.steps[i]);
    }
  });
}
