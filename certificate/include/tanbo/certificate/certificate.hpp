// Certificates: a file proving that one side wins a game of Tanbo from a start, written by the
// solvers (Writer) and checked on the reference engine (check), independently of the optimized
// engine and of any solver. The format (version 1), what the checker checks and why an accepted
// certificate proves its claim: docs/certificates.md, the one place the format is documented.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include "tanbo/certificate/sha256.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"

namespace tanbo::certificate {

/// The format version this library writes and reads (the number on the first line).
inline constexpr int kFormatVersion = 1;

/// Most position lines a certificate may have (the checker numbers positions with 32 bits; a
/// certificate that large would need far more memory than a checker has anyway).
inline constexpr long long kMaxPositions = 4'294'967'294LL;

/// Largest D of a `within <D>` line: any number of at most 10 digits (a depth is below the
/// position count, so every true bound fits; the Coq checker's reader reads the same numbers).
inline constexpr long long kMaxWithin = 9'999'999'999LL;

/// Longest line the checker reads (a position line of the 25x25 board is 633 bytes).
inline constexpr std::size_t kMaxLineBytes = 4096;

/// A certificate's header: what it claims.
struct Header {
  std::string start;             ///< A variant name (lattice-5) or a position string.
  int size = 0;                  ///< Board side; must be the start's.
  Color prover = Color::Black;   ///< The side the certificate proves wins from the start.
  long long positions = 0;       ///< Number of position lines (1..kMaxPositions).
  /// The optional `within <D>` line: the prover wins within D plies (0..kMaxWithin). The
  /// solvers always give it (the depth of the strategy they write); check() refuses a file
  /// whose strategy needs more.
  std::optional<long long> within;
  /// Same fields.
  friend bool operator==(const Header&, const Header&) = default;
};

/// A certificate that is well formed but does not prove its claim (an illegal move, a missing
/// reply, a finished game the prover lost, a wrong count, a wrong sha256, a strategy needing
/// more plies than its `within` line, ...).
/// `what()` reads "line L: <reason>" ("<reason>" when line is 0).
class CertificateError : public Error {
 public:
  CertificateError(std::string reason, long long line);
  long long line() const noexcept { return line_; }                ///< 1-based line, or 0.
  const std::string& reason() const noexcept { return reason_; }  ///< Message without the line.

 private:
  std::string reason_;
  long long line_;
};

/// Streams a certificate: the header at construction, one line per add(), the sha256 line at
/// finish(). Checks only what the format itself needs (sizes, counts); whether the lines prove
/// anything is check()'s business.
class Writer {
 public:
  /// Writes the header (with its `within` line when h.within is given). @throws UsageError if
  /// the header is not one check() would read: a start that is not exactly a variant name or a
  /// position string, or cannot begin a game, a size that is not the start's, a count out of
  /// 1..kMaxPositions, a within out of 0..kMaxWithin.
  Writer(std::ostream& out, const Header& h);
  /// Writes one position line: `p`'s board and side to move, and the prover's move if given.
  /// @throws UsageError for a board of another size, a move off the board, more lines than the
  /// header announced, or a call after finish().
  void add(const Position& p, std::optional<Point> prover_move);
  /// Writes the sha256 line. @throws UsageError if add() was not called exactly h.positions
  /// times or finish() was called before; tanbo::Error if the stream failed.
  void finish();
  /// The sha256 line's digest, once finish() has written it (64 lowercase hex digits).
  const std::string& sha256() const noexcept { return sha256_; }

 private:
  void write(const std::string& text);
  std::ostream& out_;
  Header header_;
  long long added_ = 0;
  bool finished_ = false;
  Sha256 hash_;
  std::string sha256_;
};

/// What an accepted certificate proves: its header (prover wins from start), the depth of its
/// strategy and its digest.
struct Summary {
  Header header;       ///< The header as read.
  /// The certified depth: the most plies the prover needs to win from the start against any
  /// defence, following the certificate's strategy (docs/certificates.md; <= header.within).
  long long depth = 0;
  std::string sha256;  ///< The sha256 line's digest (64 lowercase hex digits).
};

/// Checks a certificate on the reference engine, reading the stream once, and computes the depth
/// of its strategy; memory grows with the number of positions (a compact key and a depth each),
/// never with the file's claims.
/// @throws ParseError (line, column) for a malformed file, CertificateError (line) for one that
/// does not prove its claim. When a line after the header fails, the rest of the file is still
/// read: if the sha256 line then does not match, the error is the sha256 mismatch (the file was
/// damaged), naming the first failing line too.
Summary check(std::istream& in);

/// The start a header names: a named variant's opening, or a position string's board and side.
/// Read by core's tanbo::read_start (text of letters, digits and '-' only is a variant name), but
/// only one spelling is accepted: the variant's name exactly as Variant::name() spells it
/// ("lattice-5", not "LATTICE-5"), or a position string exactly as Position::to_string() writes
/// it, without a variant tag ("X3O/5/5/5/O3X X", not "x3o/5/5/5/o3x x" nor
/// "X3O/5/5/5/O3X X lattice-5"). @throws ParseError (column within `text`, line 1) if it is not
/// such a start, InvalidPositionError if it cannot begin a game.
Position read_canonical_start(std::string_view text);

/// The text of a position line (without the newline): cells row-major (row 0 first, '.', 'X',
/// 'O'), a space, the side to move, and " x,y" for a prover's move.
std::string position_line(const Position& p, std::optional<Point> prover_move);

/// A point as a position line writes it, "x,y" (column and row from 0); also how the checker's
/// messages name a move.
std::string point_text(Point p);

}  // namespace tanbo::certificate
