// Games from the start texts and records the front ends receive (see start.hpp).
#include "tanbo/api/start.hpp"

namespace tanbo::api {

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
