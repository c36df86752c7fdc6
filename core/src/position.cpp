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
}  // namespace

Position Position::parse(std::string_view text) {
  // Trim surrounding whitespace so strings pasted from files work.
  std::size_t begin = 0, end = text.size();
  while (begin < end && (text[begin] == ' ' || text[begin] == '\t' || text[begin] == '\n' ||
                         text[begin] == '\r'))
    ++begin;
  while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t' ||
                         text[end - 1] == '\n' || text[end - 1] == '\r'))
    --end;
  if (begin == end) throw ParseError("position string is empty", 1, 1);

  // Pass 1: the board field, as rows of cells.
  std::vector<std::vector<Cell>> rows(1);
  std::size_t i = begin;
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
      if (ch == '0') bad("an empty-point count cannot start with 0", i, text);
      std::size_t j = i;
      int run = 0;
      while (j < end && text[j] >= '0' && text[j] <= '9' && run <= kMaxSize)
        run = run * 10 + (text[j++] - '0');
      if (run > kMaxSize) bad("empty-point count larger than 25", i, text);
      rows.back().insert(rows.back().end(), static_cast<std::size_t>(run), Cell::Empty);
      i = j - 1;
    } else {
      // Quote the whole character when it is UTF-8: the lead byte and the continuation bytes
      // (10xxxxxx) after it, at most 4 in all (printable() escapes them if malformed).
      std::size_t len = 1;
      while (len < 4 && i + len < end && (static_cast<unsigned char>(text[i + len]) & 0xc0) == 0x80)
        ++len;
      bad("unexpected character '" + printable(text.substr(i, len)) + "' in the board (expected X, O, a digit or /)",
          i, text);
    }
    if (rows.back().size() > static_cast<std::size_t>(kMaxSize))
      bad("row " + std::to_string(rows.size()) + " is longer than 25 points", i, text);
  }
  const int n = static_cast<int>(rows.size());
  if (n < kMinSize) bad("a board needs at least 2 rows separated by '/'", i == end ? end - 1 : i, text);
  for (int y = 0; y < n; ++y)
    if (static_cast<int>(rows[static_cast<std::size_t>(y)].size()) != n)
      bad("row " + std::to_string(y + 1) + " has " +
              std::to_string(rows[static_cast<std::size_t>(y)].size()) + " points, expected " +
              std::to_string(n) + " (the board is square)",
          i == end ? end - 1 : i, text);

  Position pos(n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) pos.set({x, y}, rows[y][x]);

  // Side to move.
  if (i >= end) bad("missing side to move after the board (expected ' X' or ' O')", end - 1, text);
  ++i;
  if (i >= end || (text[i] != 'X' && text[i] != 'x' && text[i] != 'O' && text[i] != 'o') ||
      (i + 1 < end && text[i + 1] != ' '))
    bad("side to move must be X or O", i < end ? i : end - 1, text);
  pos.to_move_ = (text[i] == 'X' || text[i] == 'x') ? Color::Black : Color::White;
  i += 1;

  // Optional variant name.
  if (i < end) {
    ++i;
    const std::string_view name = text.substr(i, end - i);
    Variant v;
    try {
      v = Variant::parse(name);
    } catch (const ParseError& e) {
      bad(e.reason(), i, text);
    }
    if (v.size != n)
      bad("variant " + v.name() + " does not match the " + std::to_string(n) + "x" +
              std::to_string(n) + " board",
          i, text);
    pos.variant_ = v;
  }
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
