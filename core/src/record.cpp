// Game record parsing and writing (format described in record.hpp).
#include "tanbo/core/record.hpp"

#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"

namespace tanbo {

std::vector<Point> GameRecord::points() const {
  std::vector<Point> out;
  out.reserve(moves.size());
  for (const auto& m : moves) out.push_back(m.point);
  return out;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

// Parses `[Name "value"]` starting at line[start] == '['. Columns in errors count from the start
// of the line, indentation included.
std::pair<std::string, std::string> parse_header(std::string_view line, std::size_t start, int line_no) {
  auto column = [](std::size_t i) { return static_cast<int>(i) + 1; };
  std::size_t i = start + 1;
  const std::size_t name_start = i;
  while (i < line.size() && ((line[i] >= 'A' && line[i] <= 'Z') || (line[i] >= 'a' && line[i] <= 'z'))) ++i;
  const std::string name(line.substr(name_start, i - name_start));
  if (name.empty()) throw ParseError("header needs a name, e.g. [Variant \"lattice-9\"]", line_no, column(i));
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != '"')
    throw ParseError("header value must be in double quotes", line_no, column(i));
  const std::size_t value_start = ++i;
  while (i < line.size() && line[i] != '"') ++i;
  if (i >= line.size()) throw ParseError("unterminated header value", line_no, column(value_start - 1));
  const std::string value(line.substr(value_start, i - value_start));
  ++i;
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != ']')
    throw ParseError("header must end with ']'", line_no, column(i));
  ++i;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i < line.size() && line[i] != '#')
    throw ParseError("unexpected text after header", line_no, column(i));
  return {name, value};
}

// The start a header gives: a named opening ([Variant]) or any position ([Position]). An error in
// the value is placed in the line: at value_col, plus the column of a position string's error.
Position header_start(const std::string& name, const std::string& value, int line_no, int name_col,
                      int value_col) {
  try {
    if (name == "Variant") return opening(Variant::parse_named(value));
    if (name == "Position") return Position::parse(value);
    throw ParseError("unknown header '" + name + "' (expected Variant or Position)", line_no, name_col, name);
  } catch (const ParseError& e) {
    if (e.line() != 0 && name != "Position") throw;
    const int col = e.column() > 0 ? value_col + e.column() - 1 : value_col;
    throw ParseError(e.reason(), line_no, col, e.token());
  } catch (const InvalidPositionError& e) {
    throw ParseError(e.what(), line_no, value_col, value);
  }
}

// The header line whose '[' is line[i]: at most one, before the first move.
void read_header(GameRecord& rec, bool& have_header, std::string_view line, std::size_t i, int line_no) {
  if (!rec.moves.empty())
    throw ParseError("header after the first move; headers go at the top", line_no, static_cast<int>(i) + 1);
  const auto [name, value] = parse_header(line, i, line_no);
  const int value_col = static_cast<int>(line.find('"', i)) + 2;
  if (have_header)
    throw ParseError("only one header ([Variant] or [Position]) is allowed", line_no, static_cast<int>(i) + 1);
  have_header = true;
  rec.header_line = line_no;
  rec.header_column = value_col;
  rec.start = header_start(name, value, line_no, static_cast<int>(i) + 2, value_col);
}

// The moves of a line from line[i], separated by whitespace, up to a '#' comment.
void read_moves(GameRecord& rec, std::string_view line, std::size_t i, int line_no) {
  while (i < line.size()) {
    if (is_space(line[i])) {
      ++i;
      continue;
    }
    if (line[i] == '#') break;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i]) && line[i] != '#') ++i;
    const std::string_view token = line.substr(start, i - start);
    const int column = static_cast<int>(start) + 1;
    const auto p = try_parse_point(token, rec.start.size());
    if (!p) {
      try {
        parse_point(token, rec.start.size());
      } catch (const ParseError& e) {
        throw ParseError("move " + std::to_string(rec.moves.size() + 1) + ": " + e.reason(), line_no, column,
                         e.token());
      }
    }
    rec.moves.push_back({*p, line_no, column});
  }
}

}  // namespace

// Line by line: a line is blank, a header or moves.
GameRecord parse_record(std::string_view text, const Variant& default_variant) {
  GameRecord rec{opening(default_variant), {}};
  bool have_header = false;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    const std::string_view line = text.substr(pos, eol - pos);
    ++line_no;
    pos = eol + 1;
    std::size_t i = 0;
    while (i < line.size() && is_space(line[i])) ++i;
    if (i < line.size() && line[i] == '[')
      read_header(rec, have_header, line, i, line_no);
    else
      read_moves(rec, line, i, line_no);
  }
  return rec;
}

std::string format_record(const Position& start, std::span<const Point> moves) {
  std::string out;
  const Variant& v = start.variant();
  bool is_opening = false;
  if (v.kind != VariantKind::Custom) {
    is_opening = opening(v) == start;
  }
  if (!is_opening)
    out += "[Position \"" + start.to_string() + "\"]\n";
  else if (v != Variant::classic())
    out += "[Variant \"" + v.name() + "\"]\n";
  int on_line = 0;
  for (const Point& p : moves) {
    if (on_line) out += ' ';
    out += point_name(p);
    if (++on_line == 10) {
      out += '\n';
      on_line = 0;
    }
  }
  if (on_line) out += '\n';
  return out;
}

}  // namespace tanbo
