// The differential driver as a template over the checked ("candidate") engine, so tests can run
// it against deliberately broken wrappers and prove that it notices bugs. Everything else uses
// the functions of differential.hpp, where the candidate is tanbo::optimized::Game.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/differential/campaign.hpp"
#include "tanbo/differential/compare.hpp"
#include "tanbo/differential/differential.hpp"
#include "tanbo/differential/script.hpp"
#include "tanbo/differential/support.hpp"

namespace tanbo::differential {

/// Human-readable state of any engine; never throws (what an engine throws is reported).
template <class G>
EngineState describe_engine(const G& g) {
  using namespace detail;
  EngineState s;
  try {
    s.position = g.position().to_string();
    s.status = "ply " + std::to_string(g.ply()) + ", " +
               (g.winner() ? "game over: " + show(*g.winner()) + " wins"
                           : show(g.to_move()) + " to move") +
               ", stones X " + std::to_string(g.stone_count(Color::Black)) + " O " +
               std::to_string(g.stone_count(Color::White)) + ", hash " + show(g.hash());
    const std::vector<Point> legal = g.legal_moves();
    s.legal_moves = std::to_string(legal.size()) + (legal.empty() ? "" : ": " + show(legal));
    const auto last = attempt([&] { return g.last_result(); });
    s.last_result = last.value ? show(*last.value) : "(none: " + show(last) + ")";
  } catch (...) {
    s.status += " [describing it threw " + show(current_exception_info()) + "]";
  }
  return s;
}

/// How a Driver makes candidates unless told otherwise: the engine's own constructors.
template <class Cand>
struct Construct {
  Cand operator()(const Variant& v) const { return Cand(v); }
  Cand operator()(const Position& start) const { return Cand(start); }
};

/// Runs scripts (script.hpp) on reference::Game vs `Cand`. `Make` makes each candidate from a
/// Variant or a start Position: Cand's constructors by default; a candidate that needs more
/// than a start (ExternalGame: its engine process) comes with a Make that holds it.
template <EngineGame Cand, class Make = Construct<Cand>>
class Driver {
 public:
  /// `stats` (optional) accumulates counters; `name` labels the candidate in reports.
  explicit Driver(DiffStats* stats = nullptr, std::string name = "optimized", Make make = {})
      : stats_(stats ? stats : &own_stats_), name_(std::move(name)), make_(std::move(make)) {}

  /// Decodes and runs a whole input (script.hpp).
  std::optional<Divergence> run(std::span<const std::uint8_t> input) { return run(decode(input)); }

  /// Runs a decoded script.
  std::optional<Divergence> run(const Script& script) {
    std::optional<Divergence> d;
    if (const auto* v = std::get_if<Variant>(&script.start)) {
      d = setup(opening(*v), [&] { return reference::Game(*v); }, [&] { return make_(*v); });
    } else {
      const Position start = std::get<CustomStart>(script.start).position();
      d = setup(start, [&] { return reference::Game(start); }, [&] { return make_(start); });
    }
    if (d || !ref_) return d;
    return run_steps(script.steps, script.offset_of(0));
  }

  /// Runs `steps` (step bytes only, script.hpp) from `start`.
  std::optional<Divergence> run_from(const Position& start, std::span<const std::uint8_t> steps) {
    auto d = setup(start, [&] { return reference::Game(start); }, [&] { return make_(start); });
    if (d || !ref_) return d;
    return run_steps(decode_steps(steps), 0);
  }

  /// Plays `moves` from `start` comparing after each; with `unwind` undoes them all again.
  ReplayResult replay(const Position& start, std::span<const Point> moves, bool unwind) {
    ReplayResult res;
    res.divergence = setup(start, [&] { return reference::Game(start); }, [&] { return make_(start); });
    if (res.divergence) return res;
    if (!ref_) {
      res.stopped = "both engines reject the start: " + stopped_;
      return res;
    }
    for (const Point p : moves) {
      ++step_;
      action_ = "play move " + std::to_string(step_) + ": " + point_name(p);
      const int ply_before = ref_->ply();
      if ((res.divergence = play(p))) return res;
      if (ref_->ply() == ply_before) {
        res.stopped = action_.str() + " is illegal for both engines: " + stopped_;
        return res;
      }
      ++res.moves_played;
    }
    while (unwind && ref_->ply() > 0) {
      ++step_;
      action_ = "undo back to ply " + std::to_string(ref_->ply() - 1);
      if ((res.divergence = undo_once())) return res;
    }
    action_ = "end of the record";
    res.divergence = compare(Depth::Full);
    return res;
  }

 private:
  template <class MakeRef, class MakeCand>
  std::optional<Divergence> setup(const Position& start, MakeRef make_ref, MakeCand make_cand) {
    start_ = start;
    action_ = "set up the start " + start.to_string();
    auto r = detail::attempt([&] { return std::optional<reference::Game>(make_ref()); });
    auto c = detail::attempt([&] { return std::optional<Cand>(make_cand()); });
    if (r.value && c.value) {
      ref_ = std::move(*r.value);
      cand_ = std::move(*c.value);
      return check_state(Change::Copy);
    }
    if (r.error && c.error) {
      if (auto d = detail::thrown_difference(*r.error, *c.error, detail::Match::Exact))
        return diverge("constructing the engines: " + *d, show(*r.error), show(*c.error));
      if (!r.error->tanbo_error) return diverge("constructing the engines threw " + show(*r.error), {}, {});
      stopped_ = r.error->message;
      return std::nullopt;  // both reject the start alike: nothing more to run
    }
    const std::string rs = r.value ? "accepted" : "threw " + show(*r.error);
    const std::string cs = c.value ? "accepted" : "threw " + show(*c.error);
    return diverge("constructing the engines: reference " + rs + ", candidate " + cs, rs, cs);
  }

  // Runs `steps`, the first at input offset `offset` (for reports).
  std::optional<Divergence> run_steps(const std::vector<Step>& steps, std::size_t offset) {
    for (const Step& s : steps) {
      offset_ = offset;
      offset += s.size();
      if (auto d = step(s)) return d;
    }
    action_ = "end of the input";
    return compare(Depth::Full);  // whatever the schedule skipped is compared at the end
  }

  std::optional<Divergence> step(const Step& s) {
    ++step_;
    const int n = ref_->size();
    const std::vector<Point>& legal = comparator_.expected_legal();  // from the last comparison
    switch (s.kind) {
      case Step::Kind::Legal:
      case Step::Kind::Wide: {
        const bool wide = s.kind == Step::Kind::Wide;
        if (legal.empty()) {  // the game is over: back up a little, or check moves are refused
          const AfterEnd after = after_end(s, start_);
          if (!after.point) return undo_steps(after.undo);
          action_ = {Action::AfterEnd, *after.point};
          return play(*after.point);
        }
        const std::size_t index = s.value % legal.size();
        const Point p = legal[index];
        action_ = {wide ? Action::WideLegalMove : Action::LegalMove, p, index + 1, legal.size()};
        return play(p);
      }
      case Step::Kind::Raw: {
        const Point p{raw_coordinate(static_cast<std::uint8_t>(s.value), n), raw_coordinate(s.extra, n)};
        action_ = {Action::RawPoint, p};
        if (auto d = probe_point(p)) return d;
        return play(p);
      }
      case Step::Kind::Undo: return undo_steps(1);
      case Step::Kind::Copy: return copy_games();
      case Step::Kind::MultiUndo: return undo_steps(s.value);
      case Step::Kind::Probe: return probe_board();
      case Step::Kind::RecordCheck: return record_check();
    }
    return std::nullopt;
  }

  std::optional<Divergence> play(Point p) {
    auto r = detail::attempt([&] { return ref_->play(p); });
    auto c = detail::attempt([&] { return cand_->play(p); });
    if (auto d = detail::attempt_difference(r, c)) {
      if (c.value && !r.value) cand_only_move_ = p;
      return diverge("play(" + point_name(p) + "): " + *d, show(r), show(c));
    }
    if (r.value) {
      stats_->count_move(*r.value);
      if (const auto w = ref_->winner()) stats_->count_game_end(*w, ref_->ply());
    } else {
      ++stats_->rejected;
      stopped_ = r.error->message;
    }
    return check_state(r.value && r.value->removal != Removal::None ? Change::Removal : Change::Plain);
  }

  std::optional<Divergence> undo_once() {
    // Undoing a move that removed stones puts them back: compare everything afterwards.
    const bool restores = ref_->ply() > 0 && !ref_->history().back().removed.empty();
    auto r = detail::attempt([&] { ref_->undo(); });
    auto c = detail::attempt([&] { cand_->undo(); });
    if (auto d = detail::attempt_difference(r, c))
      return diverge("undo(): " + *d, show(r), show(c));
    if (r.value) ++stats_->undos;
    return check_state(restores ? Change::Removal : Change::Plain);
  }

  std::optional<Divergence> undo_steps(int k) {
    action_ = {Action::Undo, {}, static_cast<std::size_t>(k), static_cast<std::size_t>(ref_->ply())};
    // A single undo at ply 0 checks both engines refuse it; longer runs stop at ply 0.
    for (int i = 0; i < k && (i == 0 || ref_->ply() > 0); ++i)
      if (auto d = undo_once()) return d;
    return std::nullopt;
  }

  std::optional<Divergence> copy_games() {
    action_ = "copy both games (copy-construct, copy-assign, move-assign)";
    // `fresh` is a game made from the start, then copy-assigned over.
    auto copy_through = []<class G>(std::optional<G>& g, G fresh) {
      G copied(*g);
      fresh = copied;
      g = std::move(fresh);
    };
    try {
      copy_through(ref_, reference::Game(start_));
      copy_through(cand_, make_(start_));
    } catch (...) {
      return diverge("copying threw " + show(detail::current_exception_info()), {}, {});
    }
    return check_state(Change::Copy);  // a copy must carry everything: compare everything
  }

  std::optional<Divergence> probe_point(Point p, bool check_at = true) {
    ++stats_->comparisons;
    if (ref_->is_legal(p) != cand_->is_legal(p))
      return diverge("is_legal(" + point_name(p) + "): " + show(ref_->is_legal(p)) +
                         " vs " + show(cand_->is_legal(p)), {}, {});
    if constexpr (requires { cand_->why_illegal(p); }) {
      if (ref_->why_illegal(p) != cand_->why_illegal(p))
        return diverge("why_illegal(" + point_name(p) + "): " + show(ref_->why_illegal(p)) +
                           " vs " + show(cand_->why_illegal(p)), {}, {});
    }
    if (!check_at) return std::nullopt;
    // at() off the board: both throw UsageError; the wording is the engine's own.
    const auto ra = detail::attempt([&] { return ref_->at(p); });
    const auto ca = detail::attempt([&] { return cand_->at(p); });
    if (auto d = detail::attempt_difference(ra, ca, detail::Match::KindOnly))
      return diverge("at(" + point_name(p) + "): " + *d, show(ra), show(ca));
    return std::nullopt;
  }

  std::optional<Divergence> probe_board() {
    action_ = "probe every point";
    const int n = ref_->size();
    // at() off the board throws, and an exception costs as much as a hundred on-board probes:
    // on the ring, at() is probed at the four corners and the middle of each side (every way
    // of being off the board; raw-point steps probe the rest, up to INT_MIN and INT_MAX).
    const auto ring_at = [n](int c) { return c == -1 || c == n || c == n / 2; };
    for (int y = -1; y <= n; ++y)
      for (int x = -1; x <= n; ++x)
        if (auto d = probe_point({x, y}, on_board({x, y}, n) || (ring_at(x) && ring_at(y)))) return d;
    return std::nullopt;
  }

  std::optional<Divergence> record_check() {
    action_ = "record round trip and fresh replay";
    const std::vector<Point> moves = ref_->moves();
    try {
      const std::string text = format_record(start_, moves);
      const GameRecord rec = parse_record(text);
      if (rec.start != start_ || rec.points() != moves)
        return diverge("format_record/parse_record round trip changed the game:\n" + text, {}, {});
      Cand fresh = make_(rec.start);
      for (const Point p : moves) fresh.play(p);
      // Against the candidate under test, which the last step compared with the reference
      // (Depth::Step at least; the schedule's Full comparisons check its queries): a replay must
      // land in the same state as the incremental engine, and its own incremental state must be
      // consistent (Depth::Consistency). A Full comparison with the reference here re-ran the
      // oracle's rules on every point of a state already checked, most of a fuzz run's cost.
      // Own buffers: comparator_ keeps the reference's legal moves, which the next step picks from.
      if (auto d = record_comparator_.first_difference(*cand_, fresh, Depth::Consistency))
        return diverge("a fresh candidate replaying the moves differs: " + *d, {}, {});
    } catch (...) {
      return diverge("record check threw " + show(detail::current_exception_info()), {}, {});
    }
    return std::nullopt;
  }

  // Counts the step and compares at the depth the schedule gives it.
  std::optional<Divergence> check_state(Change change) {
    ++stats_->steps;
    return compare(schedule_.next(change));
  }

  std::optional<Divergence> compare(Depth depth) {
    if (auto d = comparator_.first_difference(*ref_, *cand_, depth, stats_)) return diverge(*d, {}, {});
    return std::nullopt;
  }

  Divergence diverge(std::string what, std::string ref_attempt, std::string cand_attempt) {
    Divergence d;
    d.step = step_;
    d.input_offset = offset_;
    d.action = action_.str();
    d.what = std::move(what);
    d.start = start_;
    d.candidate_name = name_;
    if (ref_) {
      d.moves = ref_->moves();
      d.reference = describe_engine(*ref_);
    } else {
      d.reference.position = "(not constructed)";
    }
    if (cand_) d.candidate = describe_engine(*cand_);
    else d.candidate.position = "(not constructed)";
    if (cand_only_move_) d.moves.push_back(*cand_only_move_);
    d.reference.attempt = std::move(ref_attempt);
    d.candidate.attempt = std::move(cand_attempt);
    try {
      d.record = format_record(d.start, d.moves);
    } catch (...) {
      d.record = "(format_record threw " + show(detail::current_exception_info()) + ")";
    }
    return d;
  }

  DiffStats own_stats_;
  DiffStats* stats_;
  std::string name_;
  Make make_;
  Position start_;
  std::optional<reference::Game> ref_;
  std::optional<Cand> cand_;
  Comparator comparator_;
  Comparator record_comparator_;  // record_check's candidate vs its fresh replay
  Schedule schedule_;
  std::size_t step_ = 0;
  std::size_t offset_ = 0;
  // What the current step does. The common steps are kept as fields and only formatted for a
  // report: building their text on every step was most of a step's allocations.
  struct Action {
    enum Kind : std::uint8_t { Text, LegalMove, WideLegalMove, AfterEnd, RawPoint, Undo } kind = Text;
    Point p{};
    std::size_t a = 0, b = 0;  // LegalMove: number and count; Undo: moves and ply
    std::string text;          // Text
    Action() = default;
    Action(Kind k, Point point, std::size_t first = 0, std::size_t second = 0)
        : kind(k), p(point), a(first), b(second) {}
    Action(std::string t) : text(std::move(t)) {}  // NOLINT: assigned from strings on purpose
    Action(const char* t) : text(t) {}             // NOLINT
    std::string str() const {
      switch (kind) {
        case LegalMove:
        case WideLegalMove:
          return std::string(kind == WideLegalMove ? "wide " : "") + "legal move " + std::to_string(a) + "/" +
                 std::to_string(b) + ": play " + point_name(p);
        case AfterEnd: return "play " + point_name(p) + " after the end of the game";
        case RawPoint: return "raw point: play " + point_name(p);
        case Undo: return "undo " + std::to_string(a) + " move(s) from ply " + std::to_string(b);
        case Text: break;
      }
      return text;
    }
  };
  Action action_;
  std::string stopped_;
  std::optional<Point> cand_only_move_;
};

/// A Checker (campaign.hpp) comparing reference::Game with `Cand` made by `make` (see Driver),
/// labelled `name`.
template <EngineGame Cand, class Make = Construct<Cand>>
Checker checker_for(const std::string& name, Make make = {}) {
  return {[name, make](const Script& script, DiffStats* stats) {
            return Driver<Cand, Make>(stats, name, make).run(script);
          },
          [name, make](const Position& start, std::span<const Point> moves, bool unwind) {
            return Driver<Cand, Make>(nullptr, name, make).replay(start, moves, unwind);
          }};
}

}  // namespace tanbo::differential
