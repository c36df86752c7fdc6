// The differential driver as a template over the checked ("candidate") engine, so tests can run
// it against deliberately broken wrappers and prove that it notices bugs. Everything else uses
// the functions of differential.hpp, where the candidate is tanbo::optimized::Game.
#pragma once

#include <deque>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/verify/campaign.hpp"
#include "tanbo/verify/differential.hpp"
#include "tanbo/verify/support.hpp"

namespace tanbo::verify {

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

/// First difference between the observable states of the two engines, or nullopt.
/// `ref_legal` receives the reference's legal moves (the driver picks moves from them).
template <class Cand>
std::optional<std::string> state_difference(const reference::Game& r, const Cand& c,
                                            std::vector<Point>& ref_legal) {
  using namespace detail;
  try {
    if (r.size() != c.size()) return "size(): " + show(r.size()) + " vs " + show(c.size());
    if (auto d = position_difference(r.position(), c.position())) return "position(): " + *d;
    if (r.to_move() != c.to_move()) return "to_move(): " + show(r.to_move()) + " vs " + show(c.to_move());
    if (r.ply() != c.ply()) return "ply(): " + show(r.ply()) + " vs " + show(c.ply());
    if (r.is_over() != c.is_over()) return "is_over(): " + show(r.is_over()) + " vs " + show(c.is_over());
    if (r.winner() != c.winner()) return "winner(): " + show(r.winner()) + " vs " + show(c.winner());
    for (const Color col : {Color::Black, Color::White})
      if (r.stone_count(col) != c.stone_count(col))
        return "stone_count(" + show(col) + "): " + show(r.stone_count(col)) + " vs " +
               show(c.stone_count(col));
    ref_legal = r.legal_moves();
    const std::vector<Point> cand_legal = c.legal_moves();
    if (ref_legal != cand_legal) return "legal_moves(): " + points_difference(ref_legal, cand_legal);
    if (c.legal_move_count() != static_cast<int>(cand_legal.size()))
      return "legal_move_count() " + show(c.legal_move_count()) + " but legal_moves() has " +
             show(static_cast<int>(cand_legal.size())) + " (candidate)";
    if (r.hash() != c.hash()) return "hash(): " + show(r.hash()) + " vs " + show(c.hash());
    if (const std::uint64_t h = zobrist_hash(c.position()); c.hash() != h)
      return "hash() " + show(c.hash()) + " differs from zobrist_hash(position()) " + show(h) +
             " (candidate)";
    if (r.moves() != c.moves()) return "moves(): " + points_difference(r.moves(), c.moves());
    const auto rl = attempt([&] { return r.last_result(); });
    const auto cl = attempt([&] { return c.last_result(); });
    if (auto d = outcome_difference(rl, cl)) return "last_result(): " + *d;
    if (auto d = position_difference(r.start_position(), c.start_position()))
      return "start_position(): " + *d;
    if constexpr (requires { c.check_consistency(); }) {
      if (auto problem = c.check_consistency())
        return "check_consistency() of the candidate: " + *problem;
    }
  } catch (...) {
    return "comparing the states threw " + show(current_exception_info());
  }
  return std::nullopt;
}

/// Runs scripts (see differential.hpp for the encoding) on reference::Game vs `Cand`.
template <Engine Cand>
class Driver {
 public:
  /// `stats` (optional) accumulates counters; `name` labels the candidate in reports.
  explicit Driver(DiffStats* stats = nullptr, std::string name = "optimized")
      : stats_(stats ? stats : &own_stats_), name_(std::move(name)) {}

  /// Decodes and runs a whole input (start selector, then steps).
  std::optional<Divergence> run(std::span<const std::uint8_t> input) {
    detail::Reader in{input};
    const std::uint8_t s = in.next();
    std::optional<Divergence> d;
    if (s < kCustomStartSelector) {
      const Variant v = detail::selected_variant(s);
      d = setup(opening(v), [&] { return reference::Game(v); }, [&] { return Cand(v); });
    } else {
      const Position start = detail::decode_custom_start(in);
      d = setup(start, [&] { return reference::Game(start); }, [&] { return Cand(start); });
    }
    if (d || !ref_) return d;
    return run_steps(in);
  }

  /// Runs `steps` (step bytes only) from `start`.
  std::optional<Divergence> run_from(const Position& start, std::span<const std::uint8_t> steps) {
    auto d = setup(start, [&] { return reference::Game(start); }, [&] { return Cand(start); });
    if (d || !ref_) return d;
    detail::Reader in{steps};
    return run_steps(in);
  }

  /// Plays `moves` from `start` comparing after each; with `unwind` undoes them all again.
  ReplayResult replay(const Position& start, std::span<const Point> moves, bool unwind) {
    ReplayResult res;
    res.divergence = setup(start, [&] { return reference::Game(start); }, [&] { return Cand(start); });
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
        res.stopped = action_ + " is illegal for both engines: " + stopped_;
        return res;
      }
      ++res.moves_played;
    }
    while (unwind && ref_->ply() > 0) {
      ++step_;
      action_ = "undo back to ply " + std::to_string(ref_->ply() - 1);
      if ((res.divergence = undo_once())) return res;
    }
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
      return check_state();
    }
    if (r.error && c.error) {
      if (auto d = detail::thrown_difference(*r.error, *c.error, detail::Match::Exact))
        return diverge("constructing the engines: " + *d, detail::show(*r.error), detail::show(*c.error));
      if (!r.error->tanbo_error) return diverge("constructing the engines threw " + detail::show(*r.error), {}, {});
      stopped_ = r.error->message;
      return std::nullopt;  // both reject the start alike: nothing more to run
    }
    const std::string rs = r.value ? "accepted" : "threw " + detail::show(*r.error);
    const std::string cs = c.value ? "accepted" : "threw " + detail::show(*c.error);
    return diverge("constructing the engines: reference " + rs + ", candidate " + cs, rs, cs);
  }

  std::optional<Divergence> run_steps(detail::Reader& in) {
    while (!in.done())
      if (auto d = step(in)) return d;
    return std::nullopt;
  }

  std::optional<Divergence> step(detail::Reader& in) {
    ++step_;
    offset_ = in.pos;
    const std::uint8_t b = in.next();
    const int n = ref_->size();
    const std::vector<Point>& legal = ref_legal_;  // the reference's, from the last comparison
    if (b < kStepRaw || (b >= kStepWide && b < kStepUndo)) {
      std::size_t index = b;
      if (b >= kStepWide) {
        const std::size_t hi = in.next();
        index = hi << 8 | in.next();
      }
      if (legal.empty()) {  // the game is over: back up a little, or check moves are refused
        if (b >= 0x40) return undo_steps(1 + b % 16);
        const Point p{b % n, b / n % n};
        action_ = "play " + point_name(p) + " after the end of the game";
        return play(p);
      }
      const Point p = legal[index % legal.size()];
      action_ = std::string(b >= kStepWide ? "wide " : "") + "legal move " +
                std::to_string(index % legal.size() + 1) + "/" + std::to_string(legal.size()) +
                ": play " + point_name(p);
      return play(p);
    }
    if (b < kStepWide) {
      const int x = detail::raw_coordinate(in.next(), n);
      const int y = detail::raw_coordinate(in.next(), n);
      action_ = "raw point: play " + point_name({x, y});
      if (auto d = probe_point({x, y})) return d;
      return play({x, y});
    }
    if (b < kStepCopy) return undo_steps(1);
    if (b < kStepMultiUndo) return copy_games();
    if (b < kStepProbe) return undo_steps(1 + in.next() % 8);
    if (b == kStepProbe) return probe_board();
    return record_check();
  }

  std::optional<Divergence> play(Point p) {
    std::optional<reference::Game> before;
    if (ref_->ply() >= kCheapUndoPly && !ref_->is_over()) before = *ref_;
    auto r = detail::attempt([&] { return ref_->play(p); });
    auto c = detail::attempt([&] { return cand_->play(p); });
    if (auto d = detail::outcome_difference(r, c)) {
      if (c.value && !r.value) cand_only_move_ = p;
      return diverge("play(" + point_name(p) + "): " + *d, detail::show(r), detail::show(c));
    }
    if (r.value) {
      if (before) {
        snapshots_.push_back(std::move(*before));
        if (snapshots_.size() > kSnapshots) snapshots_.pop_front();
      }
      ++stats_->moves;
      if (r.value->removal != Removal::None) ++stats_->removals;
      if (ref_->is_over()) ++stats_->games_over;
    } else {
      ++stats_->rejected;
      stopped_ = r.error->message;
    }
    return check_state();
  }

  std::optional<Divergence> undo_once() {
    // The reference's undo() replays the whole game (correct by construction, but O(ply)
    // moves); deep in a game restore the snapshot taken before the move instead.
    auto r = detail::attempt([&] {
      const bool have = !snapshots_.empty() && snapshots_.back().ply() == ref_->ply() - 1;
      if (have && ref_->ply() > kCheapUndoPly) ref_ = std::move(snapshots_.back());
      else ref_->undo();
      if (have) snapshots_.pop_back();
    });
    auto c = detail::attempt([&] { cand_->undo(); });
    if (auto d = detail::outcome_difference(r, c))
      return diverge("undo(): " + *d, detail::show(r), detail::show(c));
    if (r.value) ++stats_->undos;
    return check_state();
  }

  std::optional<Divergence> undo_steps(int k) {
    action_ = "undo " + std::to_string(k) + " move(s) from ply " + std::to_string(ref_->ply());
    // A single undo at ply 0 checks both engines refuse it; longer runs stop at ply 0.
    for (int i = 0; i < k && (i == 0 || ref_->ply() > 0); ++i)
      if (auto d = undo_once()) return d;
    return std::nullopt;
  }

  std::optional<Divergence> copy_games() {
    action_ = "copy both games (copy-construct, copy-assign, move-assign)";
    auto copy_through = [this]<class G>(std::optional<G>& g) {
      G copied(*g);
      G assigned(start_);
      assigned = copied;
      g = std::move(assigned);
    };
    try {
      copy_through(ref_);
      copy_through(cand_);
    } catch (...) {
      return diverge("copying threw " + detail::show(detail::current_exception_info()), {}, {});
    }
    return check_state();
  }

  std::optional<Divergence> probe_point(Point p) {
    ++stats_->comparisons;
    if (ref_->is_legal(p) != cand_->is_legal(p))
      return diverge("is_legal(" + point_name(p) + "): " + detail::show(ref_->is_legal(p)) +
                         " vs " + detail::show(cand_->is_legal(p)), {}, {});
    if constexpr (requires { cand_->why_illegal(p); }) {
      if (ref_->why_illegal(p) != cand_->why_illegal(p))
        return diverge("why_illegal(" + point_name(p) + "): " + detail::show(ref_->why_illegal(p)) +
                           " vs " + detail::show(cand_->why_illegal(p)), {}, {});
    }
    // at() off the board: both throw UsageError; the wording is the engine's own.
    const auto ra = detail::attempt([&] { return ref_->at(p); });
    const auto ca = detail::attempt([&] { return cand_->at(p); });
    if (auto d = detail::outcome_difference(ra, ca, detail::Match::KindOnly))
      return diverge("at(" + point_name(p) + "): " + *d, detail::show(ra), detail::show(ca));
    return std::nullopt;
  }

  std::optional<Divergence> probe_board() {
    action_ = "probe every point";
    const int n = ref_->size();
    for (int y = -1; y <= n; ++y)
      for (int x = -1; x <= n; ++x)
        if (auto d = probe_point({x, y})) return d;
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
      Cand fresh(rec.start);
      for (const Point p : moves) fresh.play(p);
      std::vector<Point> ignored;
      if (auto d = state_difference(*ref_, fresh, ignored))
        return diverge("a fresh candidate replaying the moves differs: " + *d, {}, {});
    } catch (...) {
      return diverge("record check threw " + detail::show(detail::current_exception_info()), {}, {});
    }
    return std::nullopt;
  }

  std::optional<Divergence> check_state() {
    ++stats_->steps;
    ++stats_->comparisons;
    if (auto d = state_difference(*ref_, *cand_, ref_legal_)) return diverge(*d, {}, {});
    return std::nullopt;
  }

  Divergence diverge(std::string what, std::string ref_outcome, std::string cand_outcome) {
    Divergence d;
    d.step = step_;
    d.input_offset = offset_;
    d.action = action_;
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
    d.reference.outcome = std::move(ref_outcome);
    d.candidate.outcome = std::move(cand_outcome);
    try {
      d.record = format_record(d.start, d.moves);
    } catch (...) {
      d.record = "(format_record threw " + detail::show(detail::current_exception_info()) + ")";
    }
    return d;
  }

  // Reference undo() is used directly up to this ply; deeper, snapshots replace it.
  static constexpr int kCheapUndoPly = 24;
  // Snapshots kept (the reference game before each of the last moves).
  static constexpr std::size_t kSnapshots = 64;

  DiffStats own_stats_;
  DiffStats* stats_;
  std::deque<reference::Game> snapshots_;
  std::string name_;
  Position start_;
  std::optional<reference::Game> ref_;
  std::optional<Cand> cand_;
  std::vector<Point> ref_legal_;
  std::size_t step_ = 0;
  std::size_t offset_ = 0;
  std::string action_;
  std::string stopped_;
  std::optional<Point> cand_only_move_;
};

/// A Checker (campaign.hpp) comparing reference::Game with `Cand`, labelled `name`.
template <Engine Cand>
Checker checker_for(const std::string& name) {
  return {[name](std::span<const std::uint8_t> input, DiffStats* stats) {
            return Driver<Cand>(stats, name).run(input);
          },
          [name](const Position& start, std::span<const Point> moves, bool unwind) {
            return Driver<Cand>(nullptr, name).replay(start, moves, unwind);
          }};
}

}  // namespace tanbo::verify
