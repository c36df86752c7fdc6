// ExternalGame: a candidate engine behind the engine protocol (see external_engine.hpp).
#include "tanbo/conformance/external_engine.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "tanbo/conformance/engine_process.hpp"
#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/differential/driver.hpp"

namespace tanbo::conformance {

/// The process and the history it has played, so a game whose history differs is replayed.
class ExternalSession {
 public:
  ExternalSession(const std::string& command, int timeout_ms) : process(command, timeout_ms) {}
  EngineProcess process;
  std::optional<Position> start;  // the start the process last got (nullopt: none yet)
  std::vector<Point> moves;       // the moves it has played since

  // Brings the process to `start` + `moves`: plays on or undoes when one history extends the
  // other, else starts again.
  void sync(const Position& s, const std::vector<Point>& m) {
    if (!start || !(*start == s)) {
      process.ask_ok("start " + s.to_string());
      start = s;
      moves.clear();
    }
    std::size_t common = 0;
    while (common < moves.size() && common < m.size() && moves[common] == m[common]) ++common;
    while (moves.size() > common) {
      process.ask_ok("undo");
      moves.pop_back();
    }
    while (moves.size() < m.size()) {
      process.ask_ok("play " + point_name(m[moves.size()]));
      moves.push_back(m[moves.size()]);
    }
  }
};

namespace {

std::shared_ptr<ExternalSession> checked(std::shared_ptr<ExternalSession> session) {
  if (!session) throw UsageError("ExternalGame: no engine process (a null session)");
  return session;
}

std::optional<IllegalReason> reason_named(const std::string& word) {
  for (const IllegalReason r : {IllegalReason::OffBoard, IllegalReason::Occupied, IllegalReason::NoFriendlyNeighbour,
                                IllegalReason::SeveralFriendlyNeighbours, IllegalReason::GameOver})
    if (protocol::illegal_text(r) == "illegal " + word) return r;
  return std::nullopt;
}

std::vector<Point> point_list(const std::string& text, const std::string& what) {
  std::vector<Point> out;
  for (const std::string& w : protocol::words(text)) {
    const auto p = protocol::parse_point_argument(w);
    if (!p) throw Error("engine answered '" + printable(w, kQuotedTokenBytes) + "' in " + what + ", not a point name");
    out.push_back(*p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The state queries, sent after each start, play and undo in the same round trip.
constexpr std::array<const char*, 3> kStateQueries{"position", "legal", "winner"};

// Sends `request` and the state queries in one round trip; returns all the answers.
std::vector<protocol::Answer> ask_with_state(EngineProcess& p, const std::string& request) {
  std::vector<std::string> all{request};
  all.insert(all.end(), kStateQueries.begin(), kStateQueries.end());
  return p.ask_all(all);
}

}  // namespace

ExternalGame::ExternalGame(std::shared_ptr<ExternalSession> session, const Variant& v)
    : ExternalGame(std::move(session), opening(v)) {}

ExternalGame::ExternalGame(std::shared_ptr<ExternalSession> session, const Position& start)
    : session_(checked(std::move(session))), start_(start), pos_(start) {
  const std::vector<protocol::Answer> all = ask_with_state(session_->process, "start " + start.to_string());
  const protocol::Answer& a = all[0];
  if (!a.ok) {
    session_->start.reset();
    // The kind comes from the engine; the wording is the reference's (the protocol leaves it free).
    if (a.text.rfind("invalid-position", 0) == 0) {
      if (auto problem = reference::position_problem(start)) throw *problem;
      throw InvalidPositionError("engine: " + a.text);
    }
    throw Error("engine refused 'start " + start.to_string() + "': " + a.text);
  }
  session_->start = start;
  session_->moves.clear();
  refresh({all.begin() + 1, all.end()});
}

void ExternalGame::refresh(const std::vector<protocol::Answer>& a) {
  for (std::size_t i = 0; i < 3; ++i)
    if (!a.at(i).ok) throw Error(std::string("engine refused '") + kStateQueries[i] + "': " + a[i].text);
  Position pos = Position::parse(a[0].text);
  if (pos.size() == start_.size()) pos.set_variant(start_.variant());
  pos_ = pos;
  legal_ = point_list(a[1].text, "legal");
  const std::string& w = a[2].text;
  winner_ = w == "X" ? std::optional(Color::Black) : w == "O" ? std::optional(Color::White) : std::nullopt;
}

Cell ExternalGame::at(Point p) const {
  if (!on_board(p, size())) throw UsageError("at: " + point_name(p) + " is not on the board");
  return pos_.at(p);
}

bool ExternalGame::is_legal(Point p) const { return std::binary_search(legal_.begin(), legal_.end(), p); }

MoveEffect ExternalGame::play(Point p) {
  // Points the protocol cannot name are refused here, as rule 3 (or rule 7) would.
  if (!protocol::parse_point_argument(point_name(p)))
    throw IllegalMoveError(p, to_move(), is_over() ? IllegalReason::GameOver : IllegalReason::OffBoard);
  session_->sync(start_, moves_);
  const std::vector<protocol::Answer> all = ask_with_state(session_->process, "play " + point_name(p));
  const protocol::Answer& a = all[0];
  if (!a.ok) {
    const std::vector<std::string> w = protocol::words(a.text);
    if (w.size() >= 2 && w[0] == "illegal")
      if (const auto reason = reason_named(w[1])) throw IllegalMoveError(p, to_move(), *reason);
    throw Error("engine refused 'play " + point_name(p) + "': " + a.text);
  }
  std::vector<std::string> w = protocol::words(a.text);
  MoveResult r;
  r.move = p;
  r.player = to_move();
  const std::string branch = w.empty() ? "" : w[0];
  if (branch == "none") r.removal = Removal::None;
  else if (branch == "expanded-root") r.removal = Removal::ExpandedRoot;
  else if (branch == "bounded-roots") r.removal = Removal::BoundedRoots;
  else throw Error("engine answered 'play " + point_name(p) + "' with '" + printable(a.text, 80) + "'");
  r.removed = point_list(a.text.substr(branch.size()), "play's removed stones");
  MoveEffect e{r.removal, 0, 0};
  for (const Point q : r.removed) {
    const Cell before = on_board(q, size()) ? pos_.at(q) : Cell::Empty;
    (q == p ? (r.player == Color::Black ? e.removed_black : e.removed_white)
            : (before == Cell::Black ? e.removed_black : e.removed_white))++;
  }
  r.removed_black = e.removed_black;
  r.removed_white = e.removed_white;
  moves_.push_back(p);
  results_.push_back(r);
  session_->moves = moves_;
  refresh({all.begin() + 1, all.end()});
  return e;
}

void ExternalGame::undo() {
  if (moves_.empty()) throw UsageError("undo: no move to take back");
  session_->sync(start_, moves_);
  const std::vector<protocol::Answer> all = ask_with_state(session_->process, "undo");
  if (!all[0].ok) throw Error("engine refused 'undo': " + all[0].text);
  moves_.pop_back();
  results_.pop_back();
  session_->moves = moves_;
  refresh({all.begin() + 1, all.end()});
}

MoveResult ExternalGame::last_result() const {
  if (results_.empty()) throw UsageError("last_result: no move has been played");
  return results_.back();
}

std::uint64_t ExternalGame::hash() const noexcept { return zobrist_hash(pos_); }

std::shared_ptr<ExternalSession> start_external_engine(const std::string& command, int timeout_ms) {
  return std::make_shared<ExternalSession>(command, timeout_ms);
}

differential::Checker external_checker(std::shared_ptr<ExternalSession> session, const std::string& name) {
  static_assert(EngineGame<ExternalGame>);
  return differential::checker_for<ExternalGame>(name, [session](const auto& start) { return ExternalGame(session, start); });
}

}  // namespace tanbo::conformance
