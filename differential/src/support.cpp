// Attempts (a result or an exception captured) and value formatting for the differential driver.
#include "tanbo/differential/support.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>
#include <typeinfo>

#include "tanbo/core/notation.hpp"
#include "tanbo/differential/differential.hpp"

namespace tanbo::differential::detail {

Thrown exception_info(const std::exception& e) {
  // dynamic_cast, not a rethrow: the driver classifies thousands of expected exceptions a
  // second, and a second unwinding per exception was a tenth of a differential step.
  if (const auto* m = dynamic_cast<const IllegalMoveError*>(&e))
    return {"IllegalMoveError", e.what(), m->reason(), m->point(), m->player(), true};
  if (dynamic_cast<const InvalidPositionError*>(&e)) return {"InvalidPositionError", e.what(), {}, {}, {}, true};
  if (dynamic_cast<const UsageError*>(&e)) return {"UsageError", e.what(), {}, {}, {}, true};
  if (dynamic_cast<const ParseError*>(&e)) return {"ParseError", e.what(), {}, {}, {}, true};
  if (dynamic_cast<const Error*>(&e)) return {"tanbo::Error", e.what(), {}, {}, {}, true};
  // typeid names are mangled, but still tell std::out_of_range from std::bad_alloc.
  return {std::string("std::exception (") + typeid(e).name() + ")", e.what(), {}, {}, {}, false};
}

Thrown current_exception_info() {
  try {
    throw;
  } catch (const std::exception& e) {
    return exception_info(e);
  } catch (...) {
    return {"a non-standard exception", "", {}, {}, {}, false};
  }
}

std::string show(Unit) { return "normally"; }
std::string show(bool b) { return b ? "true" : "false"; }
std::string show(int i) { return std::to_string(i); }
std::string show(std::uint64_t h) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(h));
  return buf;
}
std::string show(Color c) { return std::string(1, color_char(c)); }
std::string show(Cell c) { return std::string(1, cell_char(c)); }
std::string show(const std::optional<Color>& c) { return c ? show(*c) : "none"; }
std::string show(const std::optional<IllegalReason>& r) {
  return r ? std::string("'") + illegal_reason_text(*r) + "'" : "legal";
}
std::string show(const MoveEffect& e) {
  return std::string("{removal ") + removal_name(e.removal) + ", removed X " +
         std::to_string(e.removed_black) + " O " + std::to_string(e.removed_white) + "}";
}
std::string show(const MoveResult& r) {
  std::string out = point_name(r.move) + " by " + show(r.player) + ", removal " +
                    removal_name(r.removal);
  if (!r.removed.empty()) out += ", removed " + show(r.removed);
  return out;
}
std::string show(const std::vector<Point>& points) {
  std::string out;
  for (const Point& p : points) {
    if (!out.empty()) out += ' ';
    out += point_name(p);
  }
  return out.empty() ? "(none)" : out;
}
std::string show(const Position& p) { return p.to_string(); }
std::string show(const std::optional<std::string>& s) { return s ? *s : "(nothing)"; }
std::string show(const Thrown& t) {
  return t.message.empty() ? t.kind : t.kind + " \"" + t.message + "\"";
}

std::optional<std::string> thrown_difference(const Thrown& r, const Thrown& c, Match m) {
  if (!r.tanbo_error) return "reference threw unexpected " + show(r);
  if (!c.tanbo_error) return "candidate threw unexpected " + show(c);
  const bool same = r.kind == c.kind &&
                    (m == Match::KindOnly || (r.message == c.message && r.reason == c.reason &&
                                              r.point == c.point && r.player == c.player));
  if (same) return std::nullopt;
  return "reference threw " + show(r) + ", candidate threw " + show(c);
}

std::optional<std::string> position_difference(const Position& r, const Position& c) {
  if (r == c) return std::nullopt;
  std::string out = "reference \"" + r.to_string() + "\" vs candidate \"" + c.to_string() + "\"";
  if (r.size() != c.size()) return out + " (sizes differ)";
  for (int y = 0; y < r.size(); ++y)
    for (int x = 0; x < r.size(); ++x)
      if (r.at({x, y}) != c.at({x, y}))
        return out + " (first difference at " + point_name({x, y}) + ": " + show(r.at({x, y})) +
               " vs " + show(c.at({x, y})) + ")";
  if (r.to_move() != c.to_move()) return out + " (side to move differs)";
  return out + " (variant tag " + r.variant().name() + " vs " + c.variant().name() + ")";
}

std::string points_difference(const std::vector<Point>& r, const std::vector<Point>& c) {
  std::vector<Point> rs = r, cs = c, only_r, only_c;
  std::sort(rs.begin(), rs.end());
  std::sort(cs.begin(), cs.end());
  std::set_difference(rs.begin(), rs.end(), cs.begin(), cs.end(), std::back_inserter(only_r));
  std::set_difference(cs.begin(), cs.end(), rs.begin(), rs.end(), std::back_inserter(only_c));
  std::string out = std::to_string(r.size()) + " vs " + std::to_string(c.size()) + " points";
  if (only_r.empty() && only_c.empty()) return out + ", same points in a different order";
  if (!only_r.empty()) out += "; only reference: " + show(only_r);
  if (!only_c.empty()) out += "; only candidate: " + show(only_c);
  return out;
}

}  // namespace tanbo::differential::detail

namespace tanbo::differential {

DiffStats& DiffStats::operator+=(const DiffStats& o) noexcept {
  steps += o.steps;
  moves += o.moves;
  rejected += o.rejected;
  undos += o.undos;
  removals += o.removals;
  expanded_root_removals += o.expanded_root_removals;
  bounded_roots_removals += o.bounded_roots_removals;
  both_colours_removals += o.both_colours_removals;
  games_over += o.games_over;
  black_wins += o.black_wins;
  white_wins += o.white_wins;
  longest_game = std::max(longest_game, o.longest_game);
  comparisons += o.comparisons;
  full_comparisons += o.full_comparisons;
  consistency_comparisons += o.consistency_comparisons;
  return *this;
}

std::string format_stats(const DiffStats& s) {
  const auto n = [](std::uint64_t v) { return std::to_string(v); };
  return n(s.steps) + " steps (" + n(s.moves) + " moves, " + n(s.rejected) + " rejected, " +
         n(s.undos) + " undos), " + n(s.removals) + " removals (" + n(s.expanded_root_removals) +
         " expanded-root, " + n(s.bounded_roots_removals) + " bounded-roots, " +
         n(s.both_colours_removals) + " of both colours), " + n(s.games_over) + " game ends (X " +
         n(s.black_wins) + ", O " + n(s.white_wins) + ", longest " + n(s.longest_game) +
         " plies), " + n(s.comparisons) + " comparisons (" + n(s.full_comparisons) + " full, " +
         n(s.consistency_comparisons) + " consistency)";
}

std::string Divergence::report() const {
  auto side = [](const std::string& label, const EngineState& s) {
    std::string out = label + ":\n";
    out += "  position:    " + s.position + "\n";
    out += "  status:      " + s.status + "\n";
    out += "  legal moves: " + s.legal_moves + "\n";
    out += "  last result: " + s.last_result + "\n";
    if (!s.attempt.empty()) out += "  operation:   " + s.attempt + "\n";
    return out;
  };
  std::string out = "DIVERGENCE between reference and " + candidate_name + " at step " +
                    std::to_string(step);
  // Record replays have no input bytes; fuzz inputs do (offset of the step's selector byte).
  if (input_offset > 0) out += " (input offset " + std::to_string(input_offset) + ")";
  out += "\n";
  out += "step:        " + action + "\n";
  out += "difference:  " + what + "\n";
  out += "start:       " + start.to_string() + "\n";
  out += side("reference", reference);
  out += side(candidate_name, candidate);
  out += "game record so far (" + std::to_string(moves.size()) + " moves):\n" + record;
  return out;
}

}  // namespace tanbo::differential
