// Parser for docs/examples/rules_examples.txt and the reference-only checks. The format is
// line based ("key: value" under an "[id]" header) so a reader can add an example without
// learning a serialisation library; every error names the line and column.
#include "examples.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "tanbo/core/variant.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::docs {

namespace {

struct Field {
  std::string key, value;
  int line = 0, column = 0;  // column of the value's first character
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

[[noreturn]] void bad(const Field& f, const std::string& why) {
  throw ParseError("[" + f.key + "] " + why, f.line, f.column, f.value);
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

Point point_in(const Field& f, const std::string& token, const Position& pos) {
  try {
    return parse_point(token, pos.size());
  } catch (const ParseError& e) {
    bad(f, e.reason());
  }
}

std::vector<Point> points_in(const Field& f, const std::string& text, const Position& pos) {
  std::vector<Point> out;
  const auto ws = words(text);
  if (ws.size() == 1 && ws[0] == "-") return out;
  for (const std::string& w : ws) out.push_back(point_in(f, w, pos));
  std::sort(out.begin(), out.end());
  if (std::adjacent_find(out.begin(), out.end()) != out.end()) bad(f, "a point is listed twice");
  return out;
}

std::optional<Color> winner_in(const Field& f) {
  const std::string v = lower(f.value);
  if (v == "none") return std::nullopt;
  if (v == "black" || v == "x") return Color::Black;
  if (v == "white" || v == "o") return Color::White;
  bad(f, "expected none, black or white");
}

std::optional<IllegalReason> verdict_in(const Field& f, const std::string& word) {
  for (auto r : {IllegalReason::Occupied, IllegalReason::NoFriendlyNeighbour,
                 IllegalReason::SeveralFriendlyNeighbours})
    if (verdict_name(r) == word) return r;
  if (word != "legal")
    bad(f, "unknown verdict '" + word +
               "' (expected legal, occupied, no-friendly-neighbour or several-friendly-neighbours)");
  return std::nullopt;
}

int int_in(const Field& f, int lo, int hi) {
  const std::string& v = f.value;
  if (v.empty() || v.size() > 4 || !std::all_of(v.begin(), v.end(), [](unsigned char c) {
        return std::isdigit(c);
      }))
    bad(f, "expected a number");
  const int n = std::stoi(v);
  if (n < lo || n > hi) bad(f, "expected a number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return n;
}

const Field* find(const std::vector<Field>& fields, const std::string& key) {
  const Field* found = nullptr;
  for (const Field& f : fields)
    if (f.key == key) {
      if (found && key != "label" && key != "expect-growth") bad(f, "given twice");
      found = &f;
    }
  return found;
}

// Turns the raw fields of one example into an Example. The position comes first because
// every point name is checked against its board size.
Example interpret(const std::string& id, int line, const std::vector<Field>& fields) {
  static const std::set<std::string> known = {
      "title", "rule", "variant", "position", "move", "growth", "label", "expect-growth",
      "expect-legal-moves", "expect-removal", "expect-removed", "expect-winner"};
  for (const Field& f : fields)
    if (!known.count(f.key)) bad(f, "unknown key");
  Example ex;
  ex.id = id;
  ex.line = line;
  auto missing = [&](const std::string& what) {
    throw ParseError("example [" + id + "] has no " + what, line, 1);
  };
  const Field* variant = find(fields, "variant");
  const Field* position = find(fields, "position");
  if (!!variant == !!position) missing("'variant:' or 'position:' (exactly one of them)");
  try {
    ex.start = variant ? opening(Variant::parse(variant->value)) : Position::parse(position->value);
  } catch (const ParseError& e) {
    bad(variant ? *variant : *position, e.reason());
  } catch (const Error& e) {
    bad(variant ? *variant : *position, e.what());
  }
  if (const Field* f = find(fields, "title")) ex.title = f->value;
  if (ex.title.empty()) missing("'title:'");
  if (const Field* f = find(fields, "rule")) ex.rule = int_in(*f, 0, 7);
  if (const Field* f = find(fields, "move")) ex.move = point_in(*f, f->value, ex.start);
  ex.growth_of_move = ex.move.has_value();  // the default when no 'growth:' is given
  if (const Field* f = find(fields, "growth")) {
    ex.growth_of_move = false;
    for (const std::string& w : words(f->value)) {
      if (w == "move" && !ex.move) bad(*f, "'move' given but the example has no move");
      if (w == "move") ex.growth_of_move = true;
      else if (w == "all") ex.growth_of_all = true;
      else if (w != "none") ex.growth_stones.push_back(point_in(*f, w, ex.start));
    }
  }
  for (const Field& f : fields) {
    if (f.key == "label") {
      const auto ws = words(f.value);
      if (ws.size() != 3 || ws[0].size() != 1 || !std::islower(static_cast<unsigned char>(ws[0][0])))
        bad(f, "expected '<letter> <point> <verdict>', e.g. 'a C3 legal'");
      for (const Label& l : ex.labels)
        if (l.letter == ws[0][0]) bad(f, "letter " + ws[0] + " is used twice");
      ex.labels.push_back({ws[0][0], point_in(f, ws[1], ex.start), verdict_in(f, ws[2]), f.line});
    } else if (f.key == "expect-growth") {
      const auto colon = f.value.find(':');
      if (colon == std::string::npos) bad(f, "expected '<stone>: <growth points>', e.g. 'C3: B3 D4'");
      const Point s = point_in(f, trim(f.value.substr(0, colon)), ex.start);
      if (ex.start.at(s) == Cell::Empty) bad(f, point_name(s) + " holds no stone");
      ex.expect_growth.push_back({s, points_in(f, f.value.substr(colon + 1), ex.start), f.line});
    }
  }
  if (const Field* f = find(fields, "expect-legal-moves")) ex.expect_legal_moves = int_in(*f, 0, kMaxPoints);
  const Field* removal = find(fields, "expect-removal");
  const Field* removed = find(fields, "expect-removed");
  const Field* winner = find(fields, "expect-winner");
  if (!ex.move) {
    for (const Field* f : {removal, removed, winner})
      if (f) bad(*f, "only an example with a 'move:' has an outcome to expect");
    return ex;
  }
  if (!removal || !removed || !winner)
    missing("'expect-removal:', 'expect-removed:' and 'expect-winner:' (a move needs all three)");
  const std::string kind = lower(removal->value);
  if (kind == "none") ex.expect_removal = Removal::None;
  else if (kind == "expanded-root") ex.expect_removal = Removal::ExpandedRoot;
  else if (kind == "bounded-roots") ex.expect_removal = Removal::BoundedRoots;
  else bad(*removal, "expected none, expanded-root or bounded-roots");
  ex.expect_removed = points_in(*removed, removed->value, ex.start);
  ex.expect_winner = winner_in(*winner);
  return ex;
}

}  // namespace

std::vector<Example> parse_examples(std::string_view text) {
  std::vector<Example> out;
  std::set<std::string> ids;
  std::string id;
  int id_line = 0;
  std::vector<Field> fields;
  auto flush = [&] {
    if (!id.empty()) out.push_back(interpret(id, id_line, fields));
    fields.clear();
  };
  int line_no = 0;
  std::istringstream in{std::string(text)};
  for (std::string raw; std::getline(in, raw);) {
    ++line_no;
    const std::string line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    const int indent = static_cast<int>(raw.find_first_not_of(" \t")) + 1;
    if (line.front() == '[') {
      if (line.back() != ']' || line.size() < 3)
        throw ParseError("an example header looks like [some-id]", line_no, indent, line);
      flush();
      id = line.substr(1, line.size() - 2);
      id_line = line_no;
      if (!std::all_of(id.begin(), id.end(), [](unsigned char c) {
            return std::islower(c) || std::isdigit(c) || c == '-';
          }))
        throw ParseError("example id '" + id + "' may use only a-z, 0-9 and '-'", line_no, indent + 1, id);
      if (!ids.insert(id).second)
        throw ParseError("example id '" + id + "' is used twice", line_no, indent + 1, id);
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos)
      throw ParseError("expected 'key: value' or '[id]'", line_no, indent, line);
    if (id.empty())
      throw ParseError(std::string("'").append(line, 0, colon) + "' comes before the first [id] header", line_no,
                       indent);
    Field f{lower(trim(line.substr(0, colon))), trim(line.substr(colon + 1)), line_no, 0};
    f.column = indent + static_cast<int>(line.find_first_not_of(" \t", colon + 1) == std::string::npos
                                             ? line.size()
                                             : line.find_first_not_of(" \t", colon + 1));
    fields.push_back(std::move(f));
  }
  flush();
  if (out.empty()) throw ParseError("no examples found (an example starts with a [id] line)");
  return out;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string point_list(const std::vector<Point>& points) {
  if (points.empty()) return "-";
  std::string out;
  for (const Point p : points) {  // appended piecewise: g++ 12 -O2 warns falsely (-Wrestrict) on "x" + f()
    if (!out.empty()) out += ' ';
    out += point_name(p);
  }
  return out;
}

std::string colour_name(Color c) { return c == Color::Black ? "Black" : "White"; }

std::string verdict_name(const std::optional<IllegalReason>& r) {
  if (!r) return "legal";
  switch (*r) {
    case IllegalReason::Occupied: return "occupied";
    case IllegalReason::NoFriendlyNeighbour: return "no-friendly-neighbour";
    case IllegalReason::SeveralFriendlyNeighbours: return "several-friendly-neighbours";
    case IllegalReason::OffBoard: return "off-board";
    case IllegalReason::GameOver: return "game-over";
  }
  return "unknown";
}

std::vector<std::string> check_reference_details(const Example& ex) {
  std::vector<std::string> errors;
  auto fail = [&](int line, const std::string& what) {
    errors.push_back("example [" + ex.id + "] (line " + std::to_string(line) + "): " + what);
  };
  for (const Label& l : ex.labels) {
    const auto got = reference::placement_problem(ex.start, l.point, ex.start.to_move());
    if (got != l.expected)
      fail(l.line, "label " + std::string(1, l.letter) + " (" + point_name(l.point) + "): expected " +
                       verdict_name(l.expected) + ", the rules say " + verdict_name(got));
  }
  for (const GrowthExpectation& g : ex.expect_growth) {
    const auto got = reference::growth_points(ex.start, reference::root_at(ex.start, g.stone));
    if (got != g.points)
      fail(g.line, "growth points of the root at " + point_name(g.stone) + ": expected " +
                       point_list(g.points) + ", the rules give " + point_list(got));
  }
  return errors;
}

}  // namespace tanbo::docs
