// Shared CLI helpers: option registration (engine, numbers, variant/position), input reading and
// record parsing, formatting.
#include "common.hpp"
#include "tanbo/api/start.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <limits>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace tanbo::cli {

namespace {

// "{optimized,reference}": the registry's names as the help text lists an option's choices.
std::string engine_choices() {
  std::string out;
  for (const std::string& e : api::engine_names()) out += (out.empty() ? "{" : ",") + e;
  return out + "}";
}

}  // namespace

void add_engine_option(CLI::App& app, std::string& target) {
  target = kDefaultEngine;
  app.add_option("--engine", target,
                 "Rules engine: optimized (fast) or reference (the simple oracle optimized is "
                 "verified against); both give identical results")
      // The registry's own check and message, as every face words it.
      ->check(CLI::Validator(
          [](std::string& name) -> std::string {
            try {
              api::check_engine_name(name);
              return {};
            } catch (const UsageError& e) {
              return e.what();
            }
          },
          engine_choices(), "engine"))
      ->capture_default_str();
}

namespace {

// A bound as the user would write it: "3600", "0.01" (fixed notation, shortest exact digits).
template <typename T>
std::string number_text(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    char buf[400];  // fixed notation of any double fits
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    return std::string(buf, r.ptr);
  } else {
    return std::to_string(v);
  }
}

// "from 1 to 256": both bounds, even when the upper one is the type's limit, so a number that is
// too large (2147483648 for an int) is told what the largest accepted value is.
template <typename T>
std::string range_text(T min, T max) {
  return "from " + number_text(min) + " to " + number_text(max);
}

template <typename T>
T parse_number(const std::string& name, const std::string& text, T min, T max) {
  const std::string range = range_text(min, max);
  const char* first = text.data();
  const char* last = first + text.size();
  T value{};
  bool syntax_ok = false;
  bool in_range = false;
  if constexpr (std::is_floating_point_v<T>) {
    const auto r = std::from_chars(first, last, value, std::chars_format::general);
    syntax_ok = r.ptr == last && r.ec != std::errc::invalid_argument;
    // NaN compares false, so "nan" is reported out of range like "inf" and "1e999".
    in_range = r.ec == std::errc() && value >= min && value <= max;
  } else {
    // Decimal digits only (CLI11 would also take "0x10" and "0b11"); "-5" for an unsigned
    // option is a number below its range, not a malformed one.
    const bool negative = !text.empty() && text[0] == '-';
    syntax_ok = text.size() > (negative ? 1u : 0u) &&
                std::all_of(text.begin() + (negative ? 1 : 0), text.end(),
                            [](char c) { return c >= '0' && c <= '9'; });
    if (syntax_ok && !(negative && std::is_unsigned_v<T>)) {
      const auto r = std::from_chars(first, last, value);
      in_range = r.ec == std::errc() && value >= min && value <= max;
    }
  }
  const std::string got = printable(text, kQuotedTokenBytes);
  if (!syntax_ok)
    throw CLI::ValidationError(name + " must be a " +
                               (std::is_floating_point_v<T> ? "number " : "whole number ") + range +
                               ", got '" + got + "'");
  if (!in_range) throw CLI::ValidationError(name + " must be " + range + ", got " + got);
  return value;
}

}  // namespace

template <typename T>
CLI::Option* add_number_option(CLI::App& app, const std::string& name, T& target, T min, T max,
                               const std::string& description) {
  CLI::Option* opt = app.add_option_function<std::string>(
      name, [name, &target, min, max](const std::string& text) {
        target = parse_number<T>(name, text, min, max);
      },
      description + " (" + range_text(min, max) + ")");
  opt->type_name(std::is_floating_point_v<T> ? "NUMBER" : "INT");
  return opt;
}

#define TANBO_CLI_NUMBER_OPTION(T)                                                              \
  template CLI::Option* add_number_option<T>(CLI::App&, const std::string&, T&, T, T,          \
                                             const std::string&)
TANBO_CLI_NUMBER_OPTION(int);
TANBO_CLI_NUMBER_OPTION(unsigned);
TANBO_CLI_NUMBER_OPTION(unsigned long);
TANBO_CLI_NUMBER_OPTION(unsigned long long);
TANBO_CLI_NUMBER_OPTION(double);
#undef TANBO_CLI_NUMBER_OPTION

CLI::Option* add_text_option(CLI::App& app, const std::string& name,
                             std::optional<std::string>& target, const std::string& description) {
  return app
      .add_option_function<std::string>(
          name, [&target](const std::string& value) { target = value; }, description)
      ->type_name("TEXT");
}

CLI::Option* add_variant_option(CLI::App& app, std::optional<std::string>& target) {
  return add_text_option(app, "--variant", target,
                         "Variant: " + Variant::families_text() + "; classic if not given");
}

CLI::Option* add_position_option(CLI::App& app, std::optional<std::string>& target,
                                 const std::string& description) {
  return add_text_option(app, "--position", target, description)->excludes("--variant");
}

Variant parse_variant_option(const std::string& name) {
  try {
    return Variant::parse_named(name);  // refuses custom-N: custom starts come from --position
  } catch (const ParseError& e) {
    throw CliError(kExitUsage, "--variant: " + e.reason());
  }
}

Variant variant_or_classic(const std::optional<std::string>& variant) {
  return variant ? parse_variant_option(*variant) : Variant::classic();
}

Position start_position(const std::optional<std::string>& variant,
                        const std::optional<std::string>& position) {
  if (position) {
    try {
      return api::read_start(*position);
    } catch (const ParseError& e) {
      // Position strings are one line, so the column alone locates the problem.
      const std::string where = e.column() > 0 ? "column " + std::to_string(e.column()) + ": " : "";
      throw CliError(kExitInput, "--position: " + where + e.reason());
    }
  }
  return opening(variant_or_classic(variant));
}

void ensure_directory(const std::string& option, const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) throw CliError(kExitInput, option + ": cannot create directory '" + path + "': " + ec.message());
}

namespace {

// Records are a few kilobytes and fuzz inputs at most a megabyte; the cap turns a mistaken
// /dev/zero or disk image into one error line instead of exhausting memory.
constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

// Reads `in` to the end, refusing more than kMaxInputBytes.
std::string read_all(std::istream& in, const std::string& name) {
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxInputBytes)
      throw CliError(kExitInput, name + ": larger than " + std::to_string(kMaxInputBytes >> 20) +
                                     " MiB; not a game record or fuzz input");
  }
  if (in.bad()) throw CliError(kExitInput, "cannot read '" + name + "': " + std::strerror(errno));
  return text;
}

}  // namespace

Input read_input(const std::string& path) {
  if (path == "-") return {"<stdin>", read_all(std::cin, "<stdin>")};
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw CliError(kExitInput, "cannot read '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError(kExitInput, "cannot open '" + path + "': " + std::strerror(errno));
  return {path, read_all(in, path)};
}

std::string location(const Input& in, int line, int column) {
  if (line <= 0) return in.name;
  return in.name + ":" + std::to_string(line) + ":" + std::to_string(column);
}

RecordInput read_record(const std::string& path, const Variant& default_variant) {
  RecordInput r;
  r.input = read_input(path);
  try {
    r.record = parse_record(r.input.text, default_variant);
  } catch (const ParseError& e) {
    throw CliError(kExitInput, location(r.input, e.line(), e.column()) + ": " + e.reason());
  }
  if (r.record.header_line > 0)
    r.header = location(r.input, r.record.header_line, r.record.header_column);
  if (r.record.moves.empty() && !r.header)
    throw CliError(kExitInput, r.input.name + ": the record has no moves and no [Variant] or "
                                              "[Position] header (empty or only comments)");
  return r;
}

std::string color_name(Color c) { return std::string(1, color_char(c)); }

std::string status_line(const Position& pos, int ply, std::optional<Color> winner) {
  std::string out = "ply " + std::to_string(ply) + ", ";
  if (winner) return out + "game over: " + color_name(*winner) + " wins";
  return out + color_name(pos.to_move()) + " to move";
}

nlohmann::ordered_json state_json(const Position& pos, int ply, std::optional<Color> winner) {
  nlohmann::ordered_json board = nlohmann::ordered_json::array();
  for (int y = 0; y < pos.size(); ++y) {
    std::string row;
    for (int x = 0; x < pos.size(); ++x) row += cell_char(pos.at({x, y}));
    board.push_back(row);
  }
  nlohmann::ordered_json j;
  j["board"] = std::move(board);
  j["to_move"] = color_name(pos.to_move());
  j["ply"] = ply;
  j["winner"] = winner ? nlohmann::ordered_json(color_name(*winner)) : nlohmann::ordered_json();
  return j;
}

}  // namespace tanbo::cli
