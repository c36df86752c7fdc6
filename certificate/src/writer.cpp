// Writer: streams a certificate (docs/certificates.md): the header at construction, one line per
// position, the sha256 line of everything before it at finish(). Also the pieces the writer and
// the checker share: the start a header names and the text of a position line.

#include "tanbo/certificate/certificate.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo::certificate {

CertificateError::CertificateError(std::string reason, long long line)
    : Error(line > 0 ? "line " + std::to_string(line) + ": " + reason : reason), reason_(std::move(reason)), line_(line) {}

Position read_canonical_start(std::string_view text) {
  // Core's reader (tanbo::read_start: which text is a variant name, and what each names), then
  // one spelling only, so that a certificate's start line names its start in exactly one way
  // (both checkers read the same language).
  Position start;
  if (looks_like_variant_name(text)) {
    start = tanbo::read_start(text);
    if (start.variant().name() != text)
      throw ParseError("the variant name '" + printable(text, kQuotedTokenBytes) + "' is not spelled as the engine spells it ('" +
                           start.variant().name() + "')",
                       1, 1);
  } else {
    // Board, one space, side, and nothing after it: a variant tag would be a second name for
    // the start, one that need not even be its own ("X3O/5/5/5/O3X X dense-5").
    const std::size_t board_end = text.find(' ');
    const std::size_t after_side = board_end == std::string_view::npos ? board_end : text.find(' ', board_end + 1);
    if (after_side != std::string_view::npos)
      throw ParseError("the position string '" + printable(text.substr(0, after_side), kQuotedTokenBytes) +
                           "' is followed by '" + printable(text.substr(after_side + 1), kQuotedTokenBytes) +
                           "' (a start is a variant name or a position string, nothing else)",
                       1, static_cast<int>(after_side) + 2);
    const Position parsed = tanbo::read_start(text);
    start = Position(parsed.size());  // untagged (custom), as a position string names it
    for (std::size_t i = 0; i < parsed.cells().size(); ++i) start.set(start.point(static_cast<int>(i)), parsed.cells()[i]);
    start.set_to_move(parsed.to_move());
    const std::string canonical = start.to_string();
    if (canonical != text)
      throw ParseError("the position string '" + printable(text, kQuotedTokenBytes) +
                           "' is not written as the engine writes it ('" + canonical + "')",
                       1, 1);
  }
  // The engine's set-up is the judge of what can begin a game (a side without stones, a bounded root).
  [[maybe_unused]] const reference::Game validated(start);
  return start;
}

std::string point_text(Point p) { return std::to_string(p.x) + ',' + std::to_string(p.y); }

std::string position_line(const Position& p, std::optional<Point> prover_move) {
  std::string line;
  line.reserve(p.cells().size() + 10);
  for (const Cell c : p.cells()) line += cell_char(c);  // row-major: row 0 (the top) first
  line += ' ';
  line += color_char(p.to_move());
  if (prover_move) line += ' ' + point_text(*prover_move);
  return line;
}

Writer::Writer(std::ostream& out, const Header& h) : out_(out), header_(h) {
  if (h.start.empty() || h.start.find_first_of("\r\n") != std::string::npos ||
      h.start.front() == ' ' || h.start.back() == ' ')
    throw UsageError("certificate header: the start must be one line of text without surrounding spaces");
  Position start;
  try {
    start = read_canonical_start(h.start);
  } catch (const Error& e) {
    throw UsageError("certificate header: start '" + printable(h.start, kQuotedTokenBytes) + "': " + e.what());
  }
  if (h.size != start.size())
    throw UsageError("certificate header: size " + std::to_string(h.size) + ", but the start's board is " +
                     std::to_string(start.size()) + "x" + std::to_string(start.size()));
  if (h.positions < 1 || h.positions > kMaxPositions)
    throw UsageError("certificate header: positions " + std::to_string(h.positions) + " is not in 1.." +
                     std::to_string(kMaxPositions));
  if (h.within && (*h.within < 0 || *h.within > kMaxWithin))
    throw UsageError("certificate header: within " + std::to_string(*h.within) + " is not in 0.." +
                     std::to_string(kMaxWithin));
  write("tanbo-certificate " + std::to_string(kFormatVersion) + "\nstart " + h.start + "\nsize " +
        std::to_string(h.size) + "\nprover " + color_char(h.prover) + "\n" +
        (h.within ? "within " + std::to_string(*h.within) + "\n" : std::string()) + "positions " +
        std::to_string(h.positions) + "\n");
}

void Writer::write(const std::string& text) {
  hash_.update(text);
  out_.write(text.data(), static_cast<std::streamsize>(text.size()));
}

void Writer::add(const Position& p, std::optional<Point> prover_move) {
  if (finished_) throw UsageError("certificate writer: add() after finish()");
  if (added_ >= header_.positions)
    throw UsageError("certificate writer: more than the " + std::to_string(header_.positions) +
                     " positions the header announces");
  if (p.size() != header_.size)
    throw UsageError("certificate writer: a " + std::to_string(p.size()) + "x" + std::to_string(p.size()) +
                     " position in a certificate of size " + std::to_string(header_.size));
  if (prover_move && !on_board(*prover_move, p.size()))
    throw UsageError("certificate writer: the move " + point_text(*prover_move) + " is off the " +
                     std::to_string(p.size()) + "x" + std::to_string(p.size()) + " board");
  write(position_line(p, prover_move) + '\n');
  ++added_;
}

void Writer::finish() {
  if (finished_) throw UsageError("certificate writer: finish() called twice");
  if (added_ != header_.positions)
    throw UsageError("certificate writer: finish() after " + std::to_string(added_) + " positions, but the header announces " +
                     std::to_string(header_.positions));
  finished_ = true;
  sha256_ = hash_.hex();
  const std::string line = "sha256 " + sha256_ + '\n';
  out_.write(line.data(), static_cast<std::streamsize>(line.size()));
  out_.flush();
  if (!out_) throw Error("certificate writer: the output stream failed (disk full?); the certificate is incomplete");
}

}  // namespace tanbo::certificate
