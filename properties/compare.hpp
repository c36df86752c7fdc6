// Differential comparison of two engines' full observable state, and text for the values
// involved, so a mismatch reads as "legal_moves: reference [A2 B1] vs optimized [A2]".
// Used by the stateful differential property, the rare-case games and the exhaustive walk.
#pragma once

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::props {

inline std::string text(bool b) { return b ? "true" : "false"; }
inline std::string text(int i) { return std::to_string(i); }
inline std::string text(std::uint64_t h) {
  std::ostringstream os;
  os << "0x" << std::hex << h;
  return os.str();
}
inline std::string text(Color c) { return std::string(1, color_char(c)); }
inline std::string text(Point p) { return point_name(p); }
inline std::string text(const Position& p) { return '"' + p.to_string() + '"'; }
inline std::string text(const std::vector<Point>& pts) {
  std::string out = "[";
  for (std::size_t i = 0; i < pts.size(); ++i) {
    if (i) out += ' ';
    out += point_name(pts[i]);
  }
  return out + "]";
}
inline std::string text(const std::optional<Color>& c) { return c ? text(*c) : "none"; }
inline std::string text(const std::optional<IllegalReason>& r) {
  return r ? illegal_reason_text(*r) : "legal";
}
inline std::string text(const std::optional<std::string>& s) { return s ? *s : "ok"; }
inline std::string text(const MoveEffect& e) {
  return std::string(removal_name(e.removal)) + " -" + std::to_string(e.removed_black) + "X -" +
         std::to_string(e.removed_white) + "O";
}
inline std::string text(const MoveResult& r) {
  return text(r.player) + " " + point_name(r.move) + " " + removal_name(r.removal) + " removed " +
         text(r.removed);
}
inline std::string text(const std::optional<MoveResult>& r) { return r ? text(*r) : "(none: UsageError)"; }

/// last_result(), or nullopt if the engine throws UsageError (no move played yet).
template <class E>
std::optional<MoveResult> last_result_of(const E& g) {
  try {
    return g.last_result();
  } catch (const UsageError&) {
    return std::nullopt;
  }
}

/// The game so far as a record (start position plus moves) that `parse_record` reads back.
template <class E>
std::string record_of(const E& g) {
  const std::vector<Point> moves = g.moves();
  return format_record(g.start_position(), moves);
}

/// Collects mismatches between two engines' answers.
class Differences {
 public:
  Differences(std::string a_name, std::string b_name) : a_(std::move(a_name)), b_(std::move(b_name)) {}
  template <class T>
  void expect(const char* what, const T& a, const T& b) {
    if (!(a == b)) add(std::string(what) + ": " + a_ + " " + text(a) + " vs " + b_ + " " + text(b));
  }
  void add(const std::string& line) {
    if (count_++ < 8) out_ += line + "\n";  // the first few are enough to diagnose
  }
  bool empty() const { return count_ == 0; }
  std::string str() const {
    return count_ > 8 ? out_ + "(" + std::to_string(count_ - 8) + " more)\n" : out_;
  }

 private:
  std::string a_, b_, out_;
  int count_ = 0;
};

/// Every observable of `a` (usually the reference engine) and `b` compared; empty when they
/// agree. Also checks each engine's own hash against zobrist_hash(position()) and, where the
/// engine has them, check_consistency() and root_count().
template <class A, class B>
std::string state_mismatch(const A& a, const B& b, const char* a_name = "reference",
                           const char* b_name = "optimized") {
  Differences d(a_name, b_name);
  const Position pa = a.position(), pb = b.position();
  d.expect("size", a.size(), b.size());
  d.expect("position", pa, pb);
  d.expect("to_move", a.to_move(), b.to_move());
  d.expect("start_position", a.start_position(), b.start_position());
  d.expect("ply", a.ply(), b.ply());
  d.expect("moves", a.moves(), b.moves());
  d.expect("hash", a.hash(), b.hash());
  if (a.hash() != zobrist_hash(pa)) d.add(std::string(a_name) + " hash != zobrist_hash(position())");
  if (b.hash() != zobrist_hash(pb)) d.add(std::string(b_name) + " hash != zobrist_hash(position())");
  d.expect("is_over", a.is_over(), b.is_over());
  d.expect("winner", a.winner(), b.winner());
  d.expect("stone_count(X)", a.stone_count(Color::Black), b.stone_count(Color::Black));
  d.expect("stone_count(O)", a.stone_count(Color::White), b.stone_count(Color::White));
  const std::vector<Point> la = a.legal_moves(), lb = b.legal_moves();
  d.expect("legal_moves", la, lb);
  d.expect("legal_move_count", a.legal_move_count(), b.legal_move_count());
  if (static_cast<int>(lb.size()) != b.legal_move_count())
    d.add(std::string(b_name) + " legal_move_count() " + text(b.legal_move_count()) + " != legal_moves().size() " +
          text(static_cast<int>(lb.size())));
  d.expect("last_result", last_result_of(a), last_result_of(b));
  if (a.size() == b.size() && pa.size() == pb.size()) {
    // One ring beyond the board too: off-board points must be refused alike.
    for (int y = -1; y <= a.size(); ++y)
      for (int x = -1; x <= a.size(); ++x) {
        const Point p{x, y};
        if (a.is_legal(p) != b.is_legal(p)) d.add("is_legal(" + point_name(p) + ") differs");
        if constexpr (requires { a.why_illegal(p); b.why_illegal(p); }) {
          if (a.why_illegal(p) != b.why_illegal(p))
            d.add("why_illegal(" + point_name(p) + "): " + text(a.why_illegal(p)) + " vs " +
                  text(b.why_illegal(p)));
        }
      }
  }
  if constexpr (requires { a.check_consistency(); })
    if (auto problem = a.check_consistency()) d.add(std::string(a_name) + " check_consistency: " + *problem);
  if constexpr (requires { b.check_consistency(); })
    if (auto problem = b.check_consistency()) d.add(std::string(b_name) + " check_consistency: " + *problem);
  if constexpr (requires { b.root_count(Color::Black); }) {
    int roots[2] = {0, 0};
    for (const reference::Root& r : reference::all_roots(pb)) ++roots[static_cast<int>(r.color)];
    d.expect("root_count(X) vs all_roots", roots[0], b.root_count(Color::Black));
    d.expect("root_count(O) vs all_roots", roots[1], b.root_count(Color::White));
  }
  if (!d.empty() && !(pa == pb))
    return d.str() + a_name + " board:\n" + pa.diagram() + b_name + " board:\n" + pb.diagram();
  return d.str();
}

}  // namespace tanbo::props
