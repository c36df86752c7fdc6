// The one Start reader of the front ends (see start.hpp).
#include "tanbo/api/start.hpp"

#include <algorithm>

namespace tanbo::api {

bool looks_like_variant_name(std::string_view text) noexcept {
  // "" is no name: read as a position string, it gets "position string is empty".
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  });
}

Position read_start(std::string_view text) {
  if (looks_like_variant_name(text)) return opening(Variant::parse_named(text));
  return Position::parse(text);
}

std::unique_ptr<AnyGame> start_game(std::string_view text, std::string_view engine) {
  check_engine_name(engine);  // checked first: a bad engine name is reported before a bad start
  return make_game(read_start(text), engine);
}

std::unique_ptr<AnyGame> record_game(std::string_view text, std::string_view engine,
                                     const Variant& default_variant) {
  check_engine_name(engine);
  return replay_record(parse_record(text, default_variant), engine);
}

std::vector<std::string> variant_names() {
  std::vector<std::string> out;
  for (const Variant& v : Variant::all_named()) out.push_back(v.name());
  return out;
}

}  // namespace tanbo::api
