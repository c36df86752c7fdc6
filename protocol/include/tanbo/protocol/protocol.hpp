// The tanbo engine protocol (docs/protocol.md): a GTP-like line protocol over which any Tanbo
// implementation can be driven and checked. This is the server side over either engine
// (`tanbo serve`) and the answer formats that the client side (`tanbo conform`, `tanbo diff
// --engine`) parses, kept in one place so the two sides cannot drift apart.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tanbo/api/game.hpp"

namespace tanbo::protocol {

/// The protocol version this code speaks (answer of `protocol_version`).
inline constexpr int kVersion = 1;

/// Point names separated by single spaces, e.g. "A1 C3" ("" for none).
std::string points_text(const std::vector<Point>& points);

/// The answer of `play`: the rule-6 branch, then the removed stones, e.g. "bounded-roots C3 D3".
std::string play_text(const MoveResult& result);

/// The answer of `position`: the position string's board and side to move (no variant tag).
std::string position_text(const Position& pos);

/// The answer of `roots`: one token per root, ordered by first stone (row-major), each
/// "<X|O>:<stones>:<growth points>" with comma-separated point names, e.g. "X:A1,B1:C1 O:E5:E4".
std::string roots_text(const Position& pos);

/// The kind word an error answer starts with, for a given IllegalReason: "illegal occupied",
/// "illegal no-friendly-neighbour", ... (docs/protocol.md lists them).
std::string illegal_text(IllegalReason reason);

/// What a `start` argument names: read_start (start.hpp) - a variant name when made of letters,
/// digits and '-' only, else a position string. @throws ParseError (syntax) for a malformed one.
Position parse_start(std::string_view text);

/// A point argument of `play`: the point a well-formed name (one letter A-Z in either case, then a
/// row number 1-99 without leading zero) names, possibly off the board (the engine then refuses
/// it for rule 3's "off-board", unless the game is over); nullopt for any other text.
std::optional<Point> parse_point_argument(std::string_view text);

/// One answer parsed: `=` (ok) or `?`, the id echoed (empty if none), and the text after it.
struct Answer {
  bool ok = false;   ///< `=` (true) or `?` (false).
  std::string id;    ///< The request's id echoed, empty if none.
  std::string text;  ///< What follows the id.
};
/// Parses an answer line. @throws ParseError when it starts with neither '=' nor '?'.
Answer parse_answer(std::string_view line);

/// The words of `text` split at runs of spaces and tabs.
std::vector<std::string> words(std::string_view text);

/// What a session keeps between requests: its engine's name, the game, and whether `quit` was
/// answered. The commands (protocol.cpp's one command table) read and change it.
struct Session {
  std::string engine;                 ///< One of api::kEngineNames.
  std::unique_ptr<api::AnyGame> game; ///< The current game (classic at the start).
  bool done = false;                  ///< `quit` was answered.
};

/// One protocol session on one of tanbo's engines. Feed it request lines; each request gets
/// exactly one answer line (comments and blank lines get none). The one server: `tanbo serve`,
/// the C API's tanbo_session (and through it the npm package's tanbo-serve) and Python's
/// tanbo.Session (`python3 -m tanbo.serve`) only pump lines through it.
class Server {
 public:
  /// A session on the engine named `engine` (one of kEngineNames), classic started.
  /// @throws UsageError for another name ("engine must be 'optimized' or 'reference', not ...").
  explicit Server(std::string engine);
  /// The answer to `line` (one line; a final "\n" or "\r\n" is dropped), or nullopt for a blank
  /// or comment line. The answer holds no line break. A refused request is an answer ("?..."),
  /// not an exception. @throws UsageError for a line break before the end (two lines at once).
  std::optional<std::string> handle(std::string_view line);
  /// True once `quit` was answered.
  bool done() const noexcept { return session_.done; }

 private:
  Session session_;
};

}  // namespace tanbo::protocol
