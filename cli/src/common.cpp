// Shared CLI helpers: option registration, engine/variant/position parsing, input, formatting.
#include "common.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace tanbo::cli {

void add_engine_option(CLI::App& app, std::string& target) {
  app.add_option("--engine", target, "Rules engine to run: reference or optimized")
      ->check(CLI::IsMember({"reference", "optimized"}))
      ->capture_default_str();
}

EngineKind engine_kind(const std::string& name) {
  return name == "optimized" ? EngineKind::Optimized : EngineKind::Reference;
}

void add_variant_option(CLI::App& app, std::string& target) {
  app.add_option("--variant", target,
                 "Variant: classic (default), lattice-N (N in 5 7 9 13 19 21) or dense-N "
                 "(odd N 5-25)");
}

Variant parse_variant_option(const std::string& name) {
  Variant v;
  try {
    v = Variant::parse(name);
  } catch (const ParseError& e) {
    throw CliError(kExitUsage, "--variant: " + e.reason());
  }
  // custom-N parses as a name but has no opening; custom starts come from --position.
  if (v.kind == VariantKind::Custom)
    throw CliError(kExitUsage, "--variant: " + v.name() +
                                   " has no opening of its own; give the start with --position");
  return v;
}

Position start_position(const std::string& variant, const std::string& position) {
  if (!position.empty()) {
    try {
      return Position::parse(position);
    } catch (const ParseError& e) {
      // Position strings are one line, so the column alone locates the problem.
      const std::string where = e.column() > 0 ? "column " + std::to_string(e.column()) + ": " : "";
      throw CliError(kExitInput, "--position: " + where + e.reason());
    }
  }
  return opening(variant.empty() ? Variant::classic() : parse_variant_option(variant));
}

Input read_input(const std::string& path) {
  if (path == "-") {
    std::ostringstream buf;
    buf << std::cin.rdbuf();
    if (std::cin.bad()) throw CliError(kExitInput, "<stdin>: read error");
    return {"<stdin>", buf.str()};
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw CliError(kExitInput, "cannot read '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError(kExitInput, "cannot open '" + path + "': " + std::strerror(errno));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw CliError(kExitInput, "cannot read '" + path + "': " + std::strerror(errno));
  return {path, std::move(text)};
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
