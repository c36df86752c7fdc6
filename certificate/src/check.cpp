// The certificate checker (docs/certificates.md): reads the file once, line by line, and accepts
// it only if every rule of format version 1 holds. Moves, their results and the winner come from
// the reference engine (reference::Game set up on each line's position; reference::winner), so
// the check is independent of the optimized engine and of the solver that wrote the file.
#include <algorithm>
#include <climits>
#include <cstring>
#include <exception>
#include <vector>

#include "checker_key.hpp"
#include "tanbo/certificate/certificate.hpp"
#include "tanbo/core/position_set.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::certificate {

namespace {

// A ParseError at (line, column); ParseError counts lines in an int, so a line past INT_MAX is
// named in the reason instead.
[[noreturn]] void parse_error(const std::string& reason, long long line, std::size_t column) {
  const long long col = static_cast<long long>(std::min<std::size_t>(column, INT_MAX));
  if (line > INT_MAX) throw ParseError("line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + reason);
  throw ParseError(reason, static_cast<int>(line), static_cast<int>(col));
}

// Reads the input in chunks and hands out lines (without their LF), refusing any longer than
// kMaxLineBytes before storing more of it.
class LineReader {
 public:
  explicit LineReader(std::istream& in) : in_(in), buffer_(1 << 16) {}

  // The next line into `line`; false at the end of the input. `lf`: whether it ended with LF
  // (false only for the input's last line).
  bool next(std::string& line, bool& lf) {
    line.clear();
    lf = false;
    if (pos_ == len_ && !fill()) return false;
    ++number_;
    for (;;) {
      const char* begin = buffer_.data() + pos_;
      const auto* eol = static_cast<const char*>(std::memchr(begin, '\n', len_ - pos_));
      const std::size_t take = eol ? static_cast<std::size_t>(eol - begin) : len_ - pos_;
      if (line.size() + take > kMaxLineBytes)
        parse_error("the line is longer than " + std::to_string(kMaxLineBytes) + " bytes (no line of a certificate is)",
                    number_, kMaxLineBytes + 1);
      line.append(begin, take);
      pos_ += take;
      if (eol) {
        ++pos_;
        lf = true;
        return true;
      }
      if (!fill()) return true;
    }
  }
  long long number() const noexcept { return number_; }  // of the line last returned

 private:
  bool fill() {
    pos_ = len_ = 0;
    if (!in_.good()) return false;
    in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    len_ = static_cast<std::size_t>(in_.gcount());
    if (in_.bad()) throw Error("cannot read the certificate: the input stream failed after line " + std::to_string(number_));
    return len_ > 0;
  }

  std::istream& in_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, len_ = 0;
  long long number_ = 0;
};

// A decimal number written as the writer writes it (no sign, no leading zero) and at most `max`;
// nullopt otherwise.
std::optional<long long> canonical_number(std::string_view text, long long max) {
  if (text.empty() || text.size() > 19 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
  long long value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');  // at most 19 digits of a number kept <= max: no overflow
    if (value > max) return std::nullopt;
  }
  return value;
}

std::string quoted(std::string_view text) {
  std::string out(1, '\'');  // built piecewise: g++ 12 warns (-Wrestrict) on "'" + std::string
  out += printable(text, kQuotedTokenBytes);
  out += '\'';
  return out;
}
std::string side_text(Color c) { return std::string(1, color_char(c)) + " to move"; }
std::string board_text(int n) { return std::to_string(n) + "x" + std::to_string(n); }

// One header line: its keyword and the text after "keyword ".
std::string_view header_value(const std::string& line, int number, std::string_view keyword, std::string_view expected) {
  const std::string prefix = std::string(keyword) + ' ';
  if (line.compare(0, prefix.size(), prefix) != 0)
    parse_error("expected '" + std::string(expected) + "', found " + quoted(line), number, 1);
  return std::string_view(line).substr(prefix.size());
}

// A parsed position line.
struct Entry {
  Position position;
  std::optional<Point> move;
};

// Parses a position line of a board of side n (syntax only).
Entry parse_position_line(std::string_view line, long long number, int n) {
  const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  if (!line.empty() && line.back() == '\r')
    parse_error("the line ends with a carriage return (CR): certificates use LF line endings", number, line.size());
  const std::size_t space = line.find(' ');
  for (std::size_t i = 0; i < std::min(space, line.size()); ++i)
    if (line[i] != '.' && line[i] != 'X' && line[i] != 'O')
      parse_error("bad cell " + quoted(line.substr(i, 1)) + " (cells are '.', 'X' and 'O')", number, i + 1);
  if (space != cells)
    parse_error("expected " + std::to_string(cells) + " cells (a " + board_text(n) + " board) then a space, found " +
                    std::to_string(std::min(space, line.size())) + (space == std::string_view::npos ? " and no space" : ""),
                number, std::min(space, line.size()) + 1);
  if (line.size() < cells + 2 || (line[cells + 1] != 'X' && line[cells + 1] != 'O'))
    parse_error("expected the side to move, X or O, after the cells", number, cells + 2);
  Entry e{Position(n), std::nullopt};
  for (std::size_t i = 0; i < cells; ++i)
    e.position.set(e.position.point(static_cast<int>(i)),
                   line[i] == 'X' ? Cell::Black : line[i] == 'O' ? Cell::White : Cell::Empty);
  e.position.set_to_move(line[cells + 1] == 'X' ? Color::Black : Color::White);
  if (line.size() == cells + 2) return e;
  if (line[cells + 2] != ' ')
    parse_error("unexpected " + quoted(line.substr(cells + 2, 1)) + " after the side to move", number, cells + 3);
  const std::string_view point = line.substr(cells + 3);
  const std::size_t comma = point.find(',');
  const auto x = canonical_number(point.substr(0, comma), INT_MAX);
  const auto y = comma == std::string_view::npos ? std::nullopt : canonical_number(point.substr(comma + 1), INT_MAX);
  if (!x || !y)
    parse_error("bad point " + quoted(point) + " (expected x,y: 0-based column and row, in decimal)", number, cells + 4);
  const Point p{static_cast<int>(*x), static_cast<int>(*y)};
  if (!on_board(p, n)) parse_error("the point " + point_text(p) + " is off the " + board_text(n) + " board", number, cells + 4);
  e.move = p;
  return e;
}

// What the checker knows while it reads the lines after the header: every accepted position
// (numbered in the order of its line) and its depth, the most plies the prover needs from it
// against any defence following the certificate's strategy (docs/certificates.md): 0 for a
// finished game, 1 + the successor's for a prover's line, 1 + the deepest reply's for an
// opponent's line. Each successor is on an earlier line, so its depth is known.
class Checker {
 public:
  Checker(const Header& header, Position start, long long first_line, long long within_line)
      : header_(header), start_(std::move(start)), set_(detail::key_words(header.size)), first_line_(first_line),
        within_line_(within_line), key_(set_.words()), next_key_(set_.words()) {}

  // Checks the position line `number` (the header lists positions first_line_ .. last_line()).
  void line(std::string_view text, long long number) {
    if (number > last_line())
      throw CertificateError("the header announces " + std::to_string(header_.positions) + " positions (line " +
                                 std::to_string(first_line_ - 1) +
                                 "), but the position lines go on: expected the sha256 line here",
                             number);
    const Entry e = parse_position_line(text, number, header_.size);
    const Position& pos = e.position;
    detail::checker_key(pos, key_.data());
    if (const auto earlier = set_.find(key_.data()))
      throw CertificateError("position listed twice (lines " + std::to_string(first_line_ + static_cast<long long>(*earlier)) +
                                 " and " + std::to_string(number) + ")",
                             number);
    const bool is_start = pos.cells() == start_.cells() && pos.to_move() == start_.to_move();
    if (number == last_line() && !is_start)
      throw CertificateError("the last position line (the header announces " + std::to_string(header_.positions) +
                                 " positions) is not the start (" + position_line(start_, std::nullopt) + ")",
                             number);
    if (number != last_line() && is_start)
      throw CertificateError("the start is listed before the last position line (line " + std::to_string(last_line()) +
                                 ": the header announces " + std::to_string(header_.positions) + " positions)",
                             number);
    const std::string side = side_text(pos.to_move());
    std::uint32_t depth = 0;
    if (const auto won = reference::winner(pos)) {  // rule 7: a finished game, won by the side with stones
      if (e.move) throw CertificateError(side + ": a finished game (won by " + color_char(*won) + ") carries no move", number);
      if (*won != header_.prover)
        throw CertificateError(std::string("finished game won by ") + color_char(*won) + ", not the prover " +
                                   color_char(header_.prover),
                               number);
    } else {
      std::optional<reference::Game> made;
      try {
        made.emplace(pos);
      } catch (const InvalidPositionError& err) {
        throw CertificateError(side + ": the position cannot occur in a game (" + err.what() + ")", number);
      }
      reference::Game& game = *made;
      if (pos.to_move() == header_.prover) {
        if (!e.move) throw CertificateError(side + ": the prover's line carries no move (the prover is to move)", number);
        if (const auto why = game.why_illegal(*e.move))
          throw CertificateError(side + ": the move " + point_text(*e.move) + " is illegal (" + illegal_reason_text(*why) + ")",
                                 number);
        depth = 1 + require_listed(game, *e.move, side + ": the move ", number);
      } else {
        if (e.move)
          throw CertificateError(side + ": an opponent's line carries a move (only the prover's lines do)", number);
        game.legal_moves(moves_);
        if (moves_.empty()) throw CertificateError(side + ": no legal move, but the game is not over", number);
        for (const Point m : moves_) depth = std::max(depth, 1 + require_listed(game, m, side + ": the legal move ", number));
      }
    }
    if (number == last_line() && header_.within && depth > *header_.within)
      throw CertificateError("the strategy needs " + std::to_string(depth) + (depth == 1 ? " ply" : " plies") +
                                 ", more than 'within " + std::to_string(*header_.within) +
                                 "' (the depth of the start, line " + std::to_string(number) + ")",
                             within_line_);
    set_.insert(key_.data());
    depths_.push_back(depth);
  }

  long long last_line() const noexcept { return first_line_ + header_.positions - 1; }
  long long listed() const noexcept { return static_cast<long long>(set_.size()); }
  /// The depth of the last position accepted (the start, once every line is accepted).
  long long last_depth() const noexcept { return depths_.empty() ? 0 : depths_.back(); }

 private:
  // Plays `m` and requires the position it leads to on an earlier line; returns its depth.
  std::uint32_t require_listed(reference::Game& game, Point m, const std::string& what, long long number) {
    game.play(m);
    detail::checker_key(game.board(), next_key_.data());
    const std::optional<std::size_t> listed = set_.find(next_key_.data());
    const std::string after = listed ? std::string() : position_line(game.board(), std::nullopt);
    game.undo();
    if (!listed)
      throw CertificateError(what + point_text(m) + " leads to a position not listed before this line (" + after + ")", number);
    return depths_[*listed];
  }

  const Header& header_;
  Position start_;
  PositionSet set_;  // every position accepted, numbered by line
  long long first_line_;
  long long within_line_;  // the `within` line's number (0: none)
  std::vector<std::uint32_t> depths_;  // by position number; < 2^32 - 1 (one more than the line's successor's)
  std::vector<std::uint64_t> key_, next_key_;
  std::vector<Point> moves_;
};

bool lowercase_hex(std::string_view text) {
  return text.size() == 64 &&
         std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// The file as the checker reads it: its lines, and the hash of every line before the sha256 line.
struct Reading {
  explicit Reading(std::istream& in) : reader(in) {}

  // Header line `number` (1-based), which must be there, whole, LF-ended; hashed. `what` names
  // it in the error when the file ends before it.
  const std::string& header_line(int number, const char* what) {
    if (!reader.next(line, lf)) {
      if (number == 1) parse_error("empty input: not a tanbo certificate (the first line must be 'tanbo-certificate 1')", 1, 1);
      parse_error(std::string("the file ends after line ") + std::to_string(number - 1) + ": missing the " + what + " line",
                  number, 1);
    }
    if (!lf) parse_error("the file ends inside this line (no newline): truncated", number, line.size() + 1);
    if (!line.empty() && line.back() == '\r')
      parse_error("the line ends with a carriage return (CR): certificates use LF line endings", number, line.size());
    hash_line(line);
    return line;
  }
  void hash_line(std::string_view text) {
    hash.update(text);
    hash.update("\n", 1);
  }

  LineReader reader;
  Sha256 hash;
  std::string line;
  bool lf = false;
};

// Line 1: `tanbo-certificate 1`.
void read_magic(Reading& r) {
  const std::string& first = r.header_line(1, "'tanbo-certificate 1'");
  const std::string magic = "tanbo-certificate ";
  if (first.compare(0, magic.size(), magic) != 0)
    parse_error("not a tanbo certificate: the first line is " + quoted(first) + ", expected 'tanbo-certificate 1'", 1, 1);
  const std::string_view version = std::string_view(first).substr(magic.size());
  const auto v = canonical_number(version, LLONG_MAX / 10);
  if (!v) parse_error("bad format version " + quoted(version) + " (expected 1)", 1, magic.size() + 1);
  if (*v != kFormatVersion)
    parse_error("certificate format version " + std::to_string(*v) + " is not supported (this checker reads version " +
                    std::to_string(kFormatVersion) + ")",
                1, magic.size() + 1);
}

// Line 2: `start <variant name or position string>`, which must begin a game.
Position read_start_line(Reading& r, Header& h) {
  const std::string_view text = header_value(r.header_line(2, "start"), 2, "start", "start <variant name or position string>");
  if (text.empty() || text.front() == ' ' || text.back() == ' ') parse_error("the start is empty or has surrounding spaces", 2, 7);
  Position start;
  try {
    start = read_canonical_start(text);
  } catch (const ParseError& e) {
    parse_error("start " + quoted(text) + ": " + e.reason(), 2, 6 + static_cast<std::size_t>(std::max(e.column(), 1)));
  } catch (const InvalidPositionError& e) {
    parse_error("the start " + quoted(text) + " cannot begin a game: " + e.what(), 2, 7);
  }
  h.start = std::string(text);
  return start;
}

// Line 3: `size <N>`, the start's board side.
void read_size_line(Reading& r, const Position& start, Header& h) {
  const std::string_view text = header_value(r.header_line(3, "size"), 3, "size", "size <N>");
  const auto n = canonical_number(text, kMaxSize);
  if (!n || *n < kMinSize)
    parse_error("bad size " + quoted(text) + " (expected a board side from " + std::to_string(kMinSize) + " to " +
                    std::to_string(kMaxSize) + ")",
                3, 6);
  if (*n != start.size()) parse_error("size " + std::to_string(*n) + ", but the start's board is " + board_text(start.size()), 3, 6);
  h.size = static_cast<int>(*n);
}

// Line 4: `prover X` or `prover O`.
void read_prover_line(Reading& r, Header& h) {
  const std::string_view text = header_value(r.header_line(4, "prover"), 4, "prover", "prover X or prover O");
  if (text != "X" && text != "O") parse_error("bad prover " + quoted(text) + " (expected X or O)", 4, 8);
  h.prover = text == "X" ? Color::Black : Color::White;
}

// Line 5: the optional `within <D>`; then `positions <K>`. Returns the count line's number.
int read_within_and_count(Reading& r, Header& h) {
  int count_line = 5;
  const std::string* count_text = &r.header_line(5, "positions");
  if (count_text->compare(0, 7, "within ") == 0) {
    const std::string_view text = std::string_view(*count_text).substr(7);
    const auto d = canonical_number(text, kMaxWithin);
    if (!d)
      parse_error("bad within " + quoted(text) + " (expected a number of plies from 0 to " + std::to_string(kMaxWithin) +
                      ", in decimal)",
                  5, 8);
    h.within = *d;
    count_line = 6;
    count_text = &r.header_line(6, "positions");
  }
  const std::string_view text =
      header_value(*count_text, count_line, "positions", h.within ? "positions <K>" : "within <D>' or 'positions <K>");
  const auto k = canonical_number(text, kMaxPositions);
  if (!k || *k < 1)
    parse_error("bad position count " + quoted(text) + " (expected 1 to " + std::to_string(kMaxPositions) +
                    ", in decimal: the checker numbers positions with 32 bits)",
                count_line, 11);
  h.positions = *k;
  return count_line;
}

// The first problem found after the header. The lines after it are only hashed, so that a
// damaged file is reported as damaged (sha256 mismatch) and an intact one by its first failing line.
struct FirstProblem {
  void keep(const std::exception& e) {
    error = std::current_exception();
    text = std::string("also ") + e.what();
  }
  void rethrow_if_any() const {
    if (error) std::rethrow_exception(error);
  }
  std::exception_ptr error;
  std::string text;
};

// The sha256 line (line `number`, read into r.line): its digest must match the hash of every
// line before it, it must be the last line, and the file must list what the header announced.
void finish_at_sha256(Reading& r, long long number, const FirstProblem& problem, const Checker& checker, int count_line,
                      Summary& summary) {
  const std::string_view digest = std::string_view(r.line).substr(7);
  if (!r.lf || !lowercase_hex(digest)) {
    problem.rethrow_if_any();
    if (!r.lf) parse_error("the sha256 line does not end with a newline", number, r.line.size() + 1);
    parse_error("bad sha256 " + quoted(digest) + " (expected 64 lowercase hex digits)", number, 8);
  }
  std::string rest;
  bool rest_lf = false;
  bool more = false;
  try {
    more = r.reader.next(rest, rest_lf);
  } catch (const ParseError&) {
    more = true;  // a long line after the sha256 line is trailing data all the same
  }
  if (more) {
    problem.rethrow_if_any();
    parse_error("unexpected data after the sha256 line (it must be the last line)", number + 1, 1);
  }
  const std::string computed = r.hash.hex();
  if (digest != computed)
    throw CertificateError("sha256 mismatch: the bytes before this line hash to " + computed + ", the line says " +
                               std::string(digest) + " (the file was changed after it was written" +
                               (problem.error ? "; " + problem.text : std::string()) + ")",
                           number);
  problem.rethrow_if_any();
  const Header& h = summary.header;
  if (checker.listed() != h.positions)
    throw CertificateError("count mismatch: the header announces " + std::to_string(h.positions) + " positions (line " +
                               std::to_string(count_line) + "), but the file lists " + std::to_string(checker.listed()),
                           number);
  summary.depth = checker.last_depth();
  summary.sha256 = computed;
}

}  // namespace

Summary check(std::istream& in) {
  Reading r(in);
  Summary summary;
  Header& h = summary.header;
  read_magic(r);
  const Position start = read_start_line(r, h);
  read_size_line(r, start, h);
  read_prover_line(r, h);
  const int count_line = read_within_and_count(r, h);

  // The position lines, then the sha256 line.
  const long long first_line = count_line + 1;
  Checker checker(h, start, first_line, h.within ? 5 : 0);
  FirstProblem problem;
  for (;;) {
    bool got = false;
    try {
      got = r.reader.next(r.line, r.lf);
    } catch (const ParseError&) {
      problem.rethrow_if_any();
      throw;
    }
    const long long number = r.reader.number();
    if (!got) {
      problem.rethrow_if_any();
      parse_error("the file ends after line " + std::to_string(number) +
                      " without the sha256 line (truncated: the header announces " + std::to_string(h.positions) +
                      " positions on lines " + std::to_string(first_line) + "-" + std::to_string(checker.last_line()) +
                      ", then the sha256 line)",
                  number + 1, 1);
    }
    if (r.line.compare(0, 7, "sha256 ") == 0) {
      finish_at_sha256(r, number, problem, checker, count_line, summary);
      return summary;
    }
    r.hash_line(r.line);
    if (problem.error) continue;
    try {
      if (!r.lf) parse_error("the file ends inside this line (no newline): truncated", number, r.line.size() + 1);
      checker.line(r.line, number);
    } catch (const ParseError& e) {
      problem.keep(e);
    } catch (const CertificateError& e) {
      problem.keep(e);
    }
  }
}

}  // namespace tanbo::certificate
