// Position value, the position string format and the text diagram.
#include "tanbo/core/position.hpp"

#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"

namespace tanbo {

Position::Position(int size) : size_(size), variant_{VariantKind::Custom, size} {
  if (size < kMinSize || size > kMaxSize)
    throw InvalidPositionError("board size " + std::to_string(size) + " is outside 2-25");
  cells_.assign(static_cast<std::size_t>(size * size), Cell::Empty);
}

void Position::throw_off_board(Point p) const {
  throw UsageError("Position::set: " + point_name(p) + " is not on the " + std::to_string(size_) + "x" +
                   std::to_string(size_) + " board");
}

void Position::set_variant(const Variant& v) {
  if (v.size != size_)
    throw UsageError("Position::set_variant: variant " + v.name() + " does not fit a " +
                     std::to_string(size_) + "x" + std::to_string(size_) + " board");
  variant_ = v;
}

std::string Position::to_string() const {
  std::string out;
  for (int y = 0; y < size_; ++y) {
    if (y) out += '/';
    int empties = 0;
    for (int x = 0; x < size_; ++x) {
      const Cell c = at({x, y});
      if (c == Cell::Empty) {
        ++empties;
        continue;
      }
      if (empties) out += std::to_string(empties);
      empties = 0;
      out += cell_char(c);
    }
    if (empties) out += std::to_string(empties);
  }
  out += ' ';
  out += color_char(to_move_);
  if (variant_.kind != VariantKind::Custom) out += ' ' + variant_.name();
  return out;
}

namespace {
[[noreturn]] void bad(const std::string& why, std::size_t offset, std::string_view text) {
  throw ParseError("position string: " + why, 1, static_cast<int>(offset) + 1,
                   std::string(text.substr(offset, 1)));
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The offsets [begin, end) of text without its surrounding whitespace, so strings pasted from
// files work. Every offset below is into the whole text: the errors' columns count from its start.
std::pair<std::size_t, std::size_t> trimmed(std::string_view text) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && is_blank(text[begin])) ++begin;
  while (end > begin && is_blank(text[end - 1])) --end;
  if (begin == end) throw ParseError("position string is empty", 1, 1);
  return {begin, end};
}

// The count of empty points whose first digit is text[i]; leaves i on its last digit.
std::size_t read_empty_run(std::string_view text, std::size_t& i, std::size_t end) {
  if (text[i] == '0') bad("an empty-point count cannot start with 0", i, text);
  std::size_t j = i;
  int run = 0;
  while (j < end && text[j] >= '0' && text[j] <= '9' && run <= kMaxSize) run = run * 10 + (text[j++] - '0');
  if (run > kMaxSize) bad("empty-point count larger than 25", i, text);
  i = j - 1;
  return static_cast<std::size_t>(run);
}

// A character the board field does not allow, at text[i]. Quoted whole when it is UTF-8: the lead
// byte and the continuation bytes (10xxxxxx) after it, at most 4 in all (printable() escapes them
// if malformed).
[[noreturn]] void bad_board_character(std::string_view text, std::size_t i, std::size_t end) {
  std::size_t len = 1;
  while (len < 4 && i + len < end && (static_cast<unsigned char>(text[i + len]) & 0xc0) == 0x80) ++len;
  bad("unexpected character '" + printable(text.substr(i, len)) + "' in the board (expected X, O, a digit or /)",
      i, text);
}

// The board field from text[i] to the first space (or end), as rows of cells; leaves i there.
std::vector<std::vector<Cell>> read_rows(std::string_view text, std::size_t& i, std::size_t end) {
  std::vector<std::vector<Cell>> rows(1);
  for (; i < end && text[i] != ' '; ++i) {
    const char ch = text[i];
    if (ch == '/') {
      if (rows.size() >= static_cast<std::size_t>(kMaxSize)) bad("more than 25 rows", i, text);
      rows.emplace_back();
    } else if (ch == 'X' || ch == 'x') {
      rows.back().push_back(Cell::Black);
    } else if (ch == 'O' || ch == 'o') {
      rows.back().push_back(Cell::White);
    } else if (ch >= '0' && ch <= '9') {
      rows.back().insert(rows.back().end(), read_empty_run(text, i, end), Cell::Empty);
    } else {
      bad_board_character(text, i, end);
    }
    if (rows.back().size() > static_cast<std::size_t>(kMaxSize))
      bad("row " + std::to_string(rows.size()) + " is longer than 25 points", i, text);
  }
  return rows;
}

// The rows make a square board of at least 2 rows; errors point at the field's end (i).
void check_square(const std::vector<std::vector<Cell>>& rows, std::size_t i, std::size_t end, std::string_view text) {
  const std::size_t at = i == end ? end - 1 : i;
  const std::size_t n = rows.size();
  if (n < static_cast<std::size_t>(kMinSize)) bad("a board needs at least 2 rows separated by '/'", at, text);
  for (std::size_t y = 0; y < n; ++y)
    if (rows[y].size() != n)
      bad("row " + std::to_string(y + 1) + " has " + std::to_string(rows[y].size()) + " points, expected " +
              std::to_string(n) + " (the board is square)",
          at, text);
}

// The side to move after the board field (i at its end); leaves i after it.
Color read_side_to_move(std::string_view text, std::size_t& i, std::size_t end) {
  if (i >= end) bad("missing side to move after the board (expected ' X' or ' O')", end - 1, text);
  ++i;
  if (i >= end || (text[i] != 'X' && text[i] != 'x' && text[i] != 'O' && text[i] != 'o') ||
      (i + 1 < end && text[i + 1] != ' '))
    bad("side to move must be X or O", i < end ? i : end - 1, text);
  const Color side = (text[i] == 'X' || text[i] == 'x') ? Color::Black : Color::White;
  i += 1;
  return side;
}

// The variant name after the side to move (i at the space before it), for a board of side n.
Variant read_variant(std::string_view text, std::size_t i, std::size_t end, int n) {
  ++i;
  Variant v;
  try {
    v = Variant::parse(text.substr(i, end - i));
  } catch (const ParseError& e) {
    bad(e.reason(), i, text);
  }
  if (v.size != n)
    bad("variant " + v.name() + " does not match the " + std::to_string(n) + "x" + std::to_string(n) + " board",
        i, text);
  return v;
}
}  // namespace

// The fields in order: the board, the side to move, an optional variant name.
Position Position::parse(std::string_view text) {
  const auto [begin, end] = trimmed(text);
  std::size_t i = begin;
  const std::vector<std::vector<Cell>> rows = read_rows(text, i, end);
  check_square(rows, i, end, text);
  const int n = static_cast<int>(rows.size());
  Position pos(n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) pos.set({x, y}, rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)]);
  pos.to_move_ = read_side_to_move(text, i, end);
  if (i < end) pos.variant_ = read_variant(text, i, end, n);
  return pos;
}

std::string Position::diagram() const {
  std::string out = "   ";
  for (int x = 0; x < size_; ++x) {
    out += ' ';
    out += static_cast<char>('A' + x);
  }
  out += '\n';
  for (int y = 0; y < size_; ++y) {
    const std::string num = std::to_string(y + 1);
    out += std::string(3 - num.size(), ' ') + num;
    for (int x = 0; x < size_; ++x) {
      out += ' ';
      out += cell_char(at({x, y}));
    }
    out += '\n';
  }
  return out;
}

}  // namespace tanbo
