// libFuzzer target: certificate files (certificate/, docs/certificates.md). The input is checked
// as it is, and once more with its sha256 line replaced by the right digest (a fuzzer cannot
// forge a hash; resealed, its mutations reach the rules behind it and the accepting path).
// Properties: check() throws only ParseError or CertificateError, located inside the input; an
// accepted certificate is accepted by a second, naive checker written here from the format's
// rules (string keys, no streaming, the reference engine), which computes the same depth (at
// most the within line's), and the Writer writes it back byte for byte (the format has one
// spelling for everything).
// check-map: fuzz fuzz_certificate [certificate]
// check-map: code certificate
#include <algorithm>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "certcheck_agree.hpp"
#include "fuzz_check.hpp"
#include "tanbo/certificate/certificate.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/reference/game.hpp"

namespace {

using namespace tanbo;

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t eol = std::min(text.find('\n', at), text.size());
    out.emplace_back(text.substr(at, eol - at));
    at = eol + 1;
  }
  return out;
}

// The position line `text` of an accepted certificate: its position and move.
std::pair<Position, std::optional<Point>> read_line(const std::string& text, int n) {
  Position p(n);
  for (int i = 0; i < n * n; ++i)
    p.set(p.point(i), text[static_cast<std::size_t>(i)] == 'X'   ? Cell::Black
                      : text[static_cast<std::size_t>(i)] == 'O' ? Cell::White
                                                                 : Cell::Empty);
  p.set_to_move(text[static_cast<std::size_t>(n * n + 1)] == 'X' ? Color::Black : Color::White);
  if (text.size() == static_cast<std::size_t>(n * n + 2)) return {p, std::nullopt};
  const std::string point = text.substr(static_cast<std::size_t>(n * n + 3));
  const std::size_t comma = point.find(',');
  return {p, Point{std::stoi(point.substr(0, comma)), std::stoi(point.substr(comma + 1))}};
}

// The number of header lines of an accepted certificate (6 with a within line).
std::size_t header_lines(const certificate::Summary& s) { return s.header.within ? 6 : 5; }

// The format's rules, checked the plain way on an accepted certificate's lines; "" if they hold.
std::string naive_problem(const std::vector<std::string>& lines, const certificate::Summary& s) {
  const int n = s.header.size;
  std::map<std::string, std::size_t> earlier;  // "cells side" -> line index
  std::map<std::string, long long> depth;      // "cells side" -> plies the prover needs from it
  for (std::size_t i = header_lines(s); i + 1 < lines.size(); ++i) {
    const auto [pos, move] = read_line(lines[i], n);
    const std::string key = certificate::position_line(pos, std::nullopt);
    if (earlier.count(key)) return "a position listed twice was accepted";
    const auto won = reference::winner(pos);
    if (won) {
      if (*won != s.header.prover || move) return "a finished game lost by the prover, or with a move, was accepted";
    } else {
      const reference::Game g(pos);
      const bool prover = pos.to_move() == s.header.prover;
      if (prover != move.has_value()) return "a move where none belongs, or none where one does, was accepted";
      const std::vector<Point> moves = prover ? std::vector<Point>{*move} : g.legal_moves();
      if (moves.empty()) return "a line without moves was accepted";
      for (const Point m : moves) {
        reference::Game next = g;
        if (!next.is_legal(m)) return "an illegal move was accepted";
        next.play(m);
        const std::string after = certificate::position_line(next.board(), std::nullopt);
        if (!earlier.count(after)) return "a move whose result is not listed earlier was accepted";
        depth[key] = std::max(depth[key], 1 + depth[after]);
      }
    }
    earlier.emplace(key, i);
  }
  const Position start = certificate::read_canonical_start(s.header.start);
  if (!earlier.count(certificate::position_line(start, std::nullopt)) ||
      lines[lines.size() - 2].substr(0, static_cast<std::size_t>(n * n + 2)) != certificate::position_line(start, std::nullopt))
    return "a certificate whose last line is not the start was accepted";
  if (static_cast<long long>(earlier.size()) != s.header.positions) return "a wrong count was accepted";
  const long long start_depth = depth[certificate::position_line(start, std::nullopt)];
  if (start_depth != s.depth) return "the checker's depth is not the strategy's (" + std::to_string(start_depth) + ")";
  if (s.header.within && s.depth > *s.header.within) return "a strategy deeper than its within line was accepted";
  return "";
}

void check_one(std::string_view text) {
  auto fail = [&](const std::string& what) { fuzz::fail("fuzz_certificate", what, text); };
  const long long lines = static_cast<long long>(std::count(text.begin(), text.end(), '\n')) + 1;
  std::istringstream in{std::string(text)};
  certificate::Summary s;
  try {
    s = certificate::check(in);
  } catch (const ParseError& e) {
    if (e.line() < 1 || e.line() > lines || e.column() < 1)
      fail("ParseError location out of range: " + std::string(e.what()));
    return;
  } catch (const certificate::CertificateError& e) {
    if (e.line() < 1 || e.line() > lines) fail("CertificateError line out of range: " + std::string(e.what()));
    return;
  }
  // Anything else escapes and is reported by libFuzzer as a crash.
  const std::vector<std::string> all = split_lines(text);
  if (const std::string problem = naive_problem(all, s); !problem.empty()) fail(problem);
  std::ostringstream out;
  certificate::Writer w(out, s.header);
  for (std::size_t i = header_lines(s); i + 1 < all.size(); ++i) {
    const auto [pos, move] = read_line(all[i], s.header.size);
    w.add(pos, move);
  }
  w.finish();
  if (out.str() != text) fail("the Writer does not write the accepted certificate back byte for byte");
  if (w.sha256() != s.sha256) fail("the summary's sha256 is not the Writer's");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_one(text);
  // Resealed: the last "sha256 " line (at the start of a line) gets the digest of what precedes it.
  const std::string resealed = tanbo::fuzz::resealed(text);
  if (resealed != text) check_one(resealed);
  return 0;
}
