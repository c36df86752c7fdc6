// How the engines are compared: the one comparator of tanbo. first_difference() returns the first
// difference between an expected engine (usually tanbo::reference::Game, the oracle) and an
// actual one as readable text. Everything that compares two engines uses it: the differential
// driver (fuzz targets, `tanbo diff`, campaigns), the RapidCheck model test, the exhaustive walk
// and the Catch2 engine harness. DiffStats is the one set of counters they all keep, and
// format_stats() its one printer; the value printers are differential::show (support.hpp).
//
// Three depths, so that checking after every step stays cheap:
//   Depth::Step   O(N^2) with a small constant, no allocation on the common path: size, side to
//                 move, ply, is_over, winner, stone counts, every point's content, hash, the legal
//                 moves as a set and their count, and the last move's result.
//   Depth::Consistency  Step, plus check_consistency() of the actual engine when it has one: its
//                 incremental state (growth counts, root lists, legal-set indexes) rebuilt from the
//                 stones and compared. O(N^2), one board rebuild; for steps that removed or
//                 restored stones, where an incremental engine does its rarest work.
//   Depth::Full   everything: Step, plus the queries of an incremental engine beyond the Engine
//                 concept (root_count per colour, growth_of every stone) against the rules' own
//                 root labelling, position() with its variant tag, start_position(),
//                 moves(), both legal_moves() lists in order, both at() on every point, and each
//                 engine's is_legal() and why_illegal() on every point and a ring around the board, each hash
//                 against zobrist_hash(position()), last_result() throwing alike at ply 0, and
//                 check_consistency() of each engine that has one. O(N^2 + ply), rebuilds boards.
// Schedule says when a caller should pay for Full (see there). Text is built only on a difference.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/core/zobrist.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/differential/support.hpp"

namespace tanbo::differential {

/// How much first_difference compares (see the file comment).
enum class Depth : std::uint8_t {
  Step,         ///< O(N^2), allocation-free: after every step.
  Consistency,  ///< Step plus the actual engine's check_consistency(): after removals.
  Full,         ///< Everything, including O(ply) lists: on a Schedule.
};

/// What a step did, for Schedule::next.
enum class Change : std::uint8_t {
  Plain,    ///< Played, refused or took back a move without removing or restoring stones.
  Removal,  ///< Removed stones, or took back a move that had removed some.
  Copy,     ///< Replaced an engine: set-up, copy, restart (a copy must carry everything).
};

/// Counters kept by every differential check (driver, harness, properties, exhaustive walk).
struct DiffStats {
  std::uint64_t steps = 0;         ///< Steps executed (each followed by a comparison).
  std::uint64_t moves = 0;         ///< Moves both engines played.
  std::uint64_t rejected = 0;      ///< Moves both engines rejected (same reason).
  std::uint64_t undos = 0;         ///< Moves both engines took back.
  std::uint64_t removals = 0;      ///< Moves that removed stones.
  std::uint64_t expanded_root_removals = 0;  ///< ... by the first case of rule 6.
  std::uint64_t bounded_roots_removals = 0;  ///< ... by the second case of rule 6.
  std::uint64_t both_colours_removals = 0;   ///< Second-case removals that took both colours.
  std::uint64_t games_over = 0;    ///< Games that reached their end.
  std::uint64_t black_wins = 0;    ///< ... won by Black.
  std::uint64_t white_wins = 0;    ///< ... won by White.
  std::uint64_t longest_game = 0;  ///< Most plies of a game seen at its end.
  std::uint64_t comparisons = 0;   ///< Comparisons of the two engines (any depth).
  std::uint64_t full_comparisons = 0;  ///< ... of them at Depth::Full.
  std::uint64_t consistency_comparisons = 0;  ///< ... of them at Depth::Consistency.

  /// Counts a move both engines played with effect `e`.
  void count_move(const MoveEffect& e) noexcept {
    ++moves;
    if (e.removal == Removal::None) return;
    ++removals;
    if (e.removal == Removal::ExpandedRoot) {
      ++expanded_root_removals;
    } else {
      ++bounded_roots_removals;
      if (e.removed_black > 0 && e.removed_white > 0) ++both_colours_removals;
    }
  }
  /// Counts a game that ended after `plies` moves, won by `winner`.
  void count_game_end(Color winner, int plies) noexcept {
    ++games_over;
    ++(winner == Color::Black ? black_wins : white_wins);
    if (static_cast<std::uint64_t>(plies) > longest_game) longest_game = static_cast<std::uint64_t>(plies);
  }
  /// Adds `o` to this (longest_game: the maximum).
  DiffStats& operator+=(const DiffStats& o) noexcept;
};

/// The one printer of DiffStats: "123 steps (45 moves, 6 rejected, 7 undos), 8 removals (...)".
std::string format_stats(const DiffStats& s);

/// When a caller should pay for which depth: Depth::Full at its steps number 1, 2, 4, 8, ... (so
/// O(ply) checks cost O(total log) per game), after a copy or set-up, and at the end of an input
/// (the caller's own final call with Depth::Full); Depth::Consistency after any other step that
/// removed or restored stones; Depth::Step otherwise.
class Schedule {
 public:
  /// The depth for the next step, which made `change`.
  Depth next(Change change) noexcept {
    ++step_;
    if (change == Change::Copy || std::has_single_bit(step_)) return Depth::Full;
    return change == Change::Removal ? Depth::Consistency : Depth::Step;
  }

 private:
  std::uint64_t step_ = 0;
};

/// The comparator, with reusable buffers so that Depth::Step allocates nothing.
class Comparator {
 public:
  /// First difference between `expected` and `actual`, or nullopt. Never throws: an exception
  /// from either engine is reported as a difference. `stats` (optional) counts the comparison.
  template <EngineGame A, EngineGame B>
  std::optional<std::string> first_difference(const A& expected, const B& actual, Depth depth,
                                              DiffStats* stats = nullptr) {
    if (stats) {
      ++stats->comparisons;
      if (depth == Depth::Full) ++stats->full_comparisons;
      if (depth == Depth::Consistency) ++stats->consistency_comparisons;
    }
    try {
      if (auto d = step_difference(expected, actual)) return d;
      if (depth == Depth::Full) return full_difference(expected, actual);
      if (depth == Depth::Consistency) {
        if constexpr (requires { actual.check_consistency(); }) {
          if (auto problem = actual.check_consistency()) return "check_consistency(): " + *problem + " (actual)";
        }
      }
    } catch (...) {
      return "comparing the states threw " + show(detail::current_exception_info());
    }
    return std::nullopt;
  }

  /// The expected engine's legal moves at the last comparison, row-major (drivers pick from it).
  const std::vector<Point>& expected_legal() const noexcept { return legal_[0]; }

 private:
  template <class G>
  static const Position& board_of(const G& g, std::optional<Position>& copy) {
    if constexpr (std::is_same_v<G, reference::Game>) return g.board();
    else return copy.emplace(g.position());
  }

  template <class G>
  void legal_into(const G& g, std::vector<Point>& out) {
    if constexpr (requires { g.legal_moves(out); }) {
      g.legal_moves(out);
    } else if constexpr (requires { g.board().legal_vertices(); }) {
      out.clear();  // unordered: compared as a set below; the order is checked at Depth::Full
      if (!g.is_over())
        for (const auto v : g.board().legal_vertices()) out.push_back(std::decay_t<decltype(g.board())>::point(v));
    } else {
      out = g.legal_moves();
    }
  }

  template <class A, class B>
  std::optional<std::string> step_difference(const A& a, const B& b) {
    const int n = a.size();
    if (n != b.size()) return "size(): " + show(n) + " vs " + show(b.size());
    if (a.to_move() != b.to_move()) return "to_move(): " + show(a.to_move()) + " vs " + show(b.to_move());
    if (a.ply() != b.ply()) return "ply(): " + show(a.ply()) + " vs " + show(b.ply());
    if (a.is_over() != b.is_over()) return "is_over(): " + show(a.is_over()) + " vs " + show(b.is_over());
    if (a.winner() != b.winner()) return "winner(): " + show(a.winner()) + " vs " + show(b.winner());
    for (const Color c : {Color::Black, Color::White})
      if (a.stone_count(c) != b.stone_count(c))
        return "stone_count(" + show(c) + "): " + show(a.stone_count(c)) + " vs " + show(b.stone_count(c));
    if (auto d = cells_difference(a, b)) return d;
    if (a.hash() != b.hash()) return "hash(): " + show(a.hash()) + " vs " + show(b.hash());
    if (auto d = legal_set_difference(a, b)) return d;
    if (a.ply() > 0) return last_result_difference(a, b);
    return std::nullopt;
  }

  // Every point's content. The oracle's board is read directly (its at() is a bounds check in
  // front of the same read, and is compared on every point at Depth::Full). An incremental board
  // that compares itself with a position in one pass (optimized's same_cells(): most of a step's
  // comparison cost went to two checked at() calls per point) is asked that first; at() of every
  // point is then tested at Depth::Full, and here only to name a difference. Any other engine's
  // at() is tested at every step.
  template <class A, class B>
  std::optional<std::string> cells_difference(const A& a, const B& b) {
    constexpr bool kOnePass = std::is_same_v<A, reference::Game> && requires { b.board().same_cells(a.board()); };
    if constexpr (kOnePass) {
      if (b.board().same_cells(a.board())) return std::nullopt;
    }
    std::optional<Position> unused;
    const auto expected_at = [&](Point p) {
      if constexpr (std::is_same_v<A, reference::Game>) return board_of(a, unused).at(p);
      else return a.at(p);
    };
    for (int y = 0; y < a.size(); ++y)
      for (int x = 0; x < a.size(); ++x)
        if (expected_at({x, y}) != b.at({x, y}))
          return "position(): " + detail::position_difference(a.position(), b.position()).value_or(
                                      "at(" + point_name({x, y}) + ") differs");
    if constexpr (kOnePass)  // the one-pass comparison and at() disagree: a bug of either
      return "position(): board().same_cells() finds a difference that at() of every point does not";
    return std::nullopt;
  }

  // The legal moves as sets: same size, and every one of b's is one of a's, once.
  template <class A, class B>
  std::optional<std::string> legal_set_difference(const A& a, const B& b) {
    legal_into(a, legal_[0]);
    legal_into(b, legal_[1]);
    // The reference counts by the same scan its list came from; Depth::Full checks its count.
    const int count_a = requires { a.legal_moves(legal_[0]); } ? static_cast<int>(legal_[0].size())
                                                                : a.legal_move_count();
    const int count_b = b.legal_move_count();
    if (count_a != count_b) return "legal_move_count(): " + show(count_a) + " vs " + show(count_b);
    bool same = legal_[0].size() == legal_[1].size() && static_cast<int>(legal_[1].size()) == count_b;
    for (const Point p : legal_[0]) marks_[index(a, p)] = true;
    for (const Point p : legal_[1]) {
      if (!on_board(p, a.size()) || !marks_[index(a, p)]) same = false;
      else marks_[index(a, p)] = false;  // a duplicate in b is found on its second visit
    }
    for (const Point p : legal_[0]) marks_[index(a, p)] = false;
    if (same) return std::nullopt;
    return "legal moves: " + detail::points_difference(a.legal_moves(), b.legal_moves()) +
           " (legal_move_count() " + show(count_a) + " vs " + show(count_b) + ")";
  }

  template <class A, class B>
  static std::optional<std::string> last_result_difference(const A& a, const B& b) {
    const MoveResult rb = b.last_result();
    const auto differs = [&](const MoveResult& ra) -> std::optional<std::string> {
      if (ra == rb) return std::nullopt;
      return "last_result(): " + show(ra) + " vs " + show(rb);
    };
    // The reference's own history entry: no copy on the common path.
    if constexpr (std::is_same_v<A, reference::Game>) return differs(a.history().back());
    else return differs(a.last_result());
  }

  // Queries beyond the Engine concept that an incremental engine offers, against the rules:
  // root_count(c) is the number of roots of colour c; growth_of(p) the growth points of p's root.
  template <class A, class B>
  std::optional<std::string> contract_difference(const A& a, const B& b) {
    constexpr bool has_roots = requires { b.root_count(Color::Black); };
    constexpr bool has_growth = requires { b.board().growth_of(Point{}); };
    if constexpr (has_roots || has_growth) {
      std::optional<Position> copy;
      const Position& pos = board_of(a, copy);
      const reference::RootMap roots = reference::label_roots(pos);
      int per_colour[2] = {0, 0};
      for (int r = 0; r < roots.count; ++r) ++per_colour[static_cast<int>(roots.color[static_cast<std::size_t>(r)])];
      if constexpr (has_roots) {
        for (const Color c : {Color::Black, Color::White})
          if (b.root_count(c) != per_colour[static_cast<int>(c)])
            return "root_count(" + show(c) + "): the rules count " + show(per_colour[static_cast<int>(c)]) +
                   " roots, the engine says " + show(b.root_count(c));
      }
      if constexpr (has_growth) {
        const reference::GrowthCounts growth = reference::growth_counts(pos, roots);
        for (int y = 0; y < pos.size(); ++y)
          for (int x = 0; x < pos.size(); ++x)
            if (const int r = roots.root_of(pos, {x, y}); r != reference::RootMap::kNoRoot) {
              const int want = growth[static_cast<std::size_t>(r)], got = b.board().growth_of({x, y});
              if (want != got)
                return "growth_of(" + point_name({x, y}) + "): the rules count " + show(want) +
                       " growth points of its root, the engine says " + show(got);
            }
      }
    }
    return std::nullopt;
  }

  template <class A, class B>
  std::optional<std::string> full_difference(const A& a, const B& b) {
    if (auto d = contract_difference(a, b)) return d;
    if (auto d = detail::position_difference(a.position(), b.position())) return "position(): " + *d;
    if (auto d = detail::position_difference(a.start_position(), b.start_position()))
      return "start_position(): " + *d;
    if (a.moves() != b.moves()) return "moves(): " + detail::points_difference(a.moves(), b.moves());
    const std::vector<Point> la = a.legal_moves(), lb = b.legal_moves();
    if (la != lb) return "legal_moves(): " + detail::points_difference(la, lb);
    // is_legal() of every point, asked once per engine: the reference answers by its rules, so
    // each call is a rules evaluation; own_consistency and the loop below share the answers.
    for (int y = 0; y < a.size(); ++y)
      for (int x = 0; x < a.size(); ++x) {
        accepted_[0][index(a, {x, y})] = a.is_legal({x, y});
        accepted_[1][index(a, {x, y})] = b.is_legal({x, y});
      }
    if (auto d = own_consistency(a, la, accepted_[0], "expected")) return d;
    if (auto d = own_consistency(b, lb, accepted_[1], "actual")) return d;
    const auto ra = detail::attempt([&] { return a.last_result(); });
    const auto rb = detail::attempt([&] { return b.last_result(); });
    if (auto d = detail::attempt_difference(ra, rb)) return "last_result(): " + *d;
    // Every point and a ring around the board: off-board points are refused alike.
    for (int y = -1; y <= a.size(); ++y)
      for (int x = -1; x <= a.size(); ++x) {
        const Point p{x, y};
        const bool on = on_board(p, a.size());
        if (on && a.at(p) != b.at(p))  // Step reads the oracle's board directly
          return "at(" + point_name(p) + "): " + show(a.at(p)) + " vs " + show(b.at(p));
        const bool legal_a = on ? accepted_[0][index(a, p)] : a.is_legal(p);
        const bool legal_b = on ? accepted_[1][index(a, p)] : b.is_legal(p);
        if (legal_a != legal_b)
          return "is_legal(" + point_name(p) + "): " + show(legal_a) + " vs " + show(legal_b);
        if constexpr (requires { a.why_illegal(p); b.why_illegal(p); }) {
          if (a.why_illegal(p) != b.why_illegal(p))
            return "why_illegal(" + point_name(p) + "): " + show(a.why_illegal(p)) + " vs " +
                   show(b.why_illegal(p));
        }
      }
    return std::nullopt;
  }

  // One engine against itself: its hash is zobrist_hash of its position, its legal_moves() is
  // sorted, counted by legal_move_count(), and is exactly the points is_legal() accepts
  // (`accepted`, by board index), and its check_consistency() (if any) finds nothing.
  template <class G>
  std::optional<std::string> own_consistency(const G& g, const std::vector<Point>& legal,
                                             const std::array<bool, kMaxPoints>& accepted, const char* who) {
    const std::string me = std::string(" (") + who + ")";
    if (const std::uint64_t h = zobrist_hash(g.position()); g.hash() != h)
      return "hash() " + show(g.hash()) + " differs from zobrist_hash(position()) " + show(h) + me;
    if (g.legal_move_count() != static_cast<int>(legal.size()))
      return "legal_move_count() " + show(g.legal_move_count()) + " but legal_moves() has " +
             show(static_cast<int>(legal.size())) + me;
    for (std::size_t i = 1; i < legal.size(); ++i)
      if (!(legal[i - 1] < legal[i])) return "legal_moves() is not sorted row-major without repeats" + me;
    int count = 0;
    for (int i = 0; i < g.size() * g.size(); ++i) count += accepted[static_cast<std::size_t>(i)];
    if (count != static_cast<int>(legal.size()))
      return "is_legal() accepts " + show(count) + " points but legal_moves() has " +
             show(static_cast<int>(legal.size())) + me;
    for (const Point p : legal)
      if (!on_board(p, g.size()) || !accepted[index(g, p)])
        return "legal_moves() lists " + point_name(p) + " but is_legal() refuses it" + me;
    if constexpr (requires { g.check_consistency(); }) {
      if (auto problem = g.check_consistency()) return "check_consistency(): " + *problem + me;
    }
    return std::nullopt;
  }

  template <class G>
  static std::size_t index(const G& g, Point p) noexcept {
    return static_cast<std::size_t>(p.y * g.size() + p.x);
  }

  std::array<std::vector<Point>, 2> legal_;  // expected's and actual's legal moves
  std::array<bool, kMaxPoints> marks_{};      // all false between comparisons
  std::array<std::array<bool, kMaxPoints>, 2> accepted_{};  // Full: is_legal() by board index
};

/// The game so far as a record (start position plus moves) that parse_record reads back: what
/// every failure report prints so the game can be replayed.
template <EngineGame G>
std::string record_of(const G& g) {
  return format_record(g.start_position(), g.moves());
}

/// first_difference with a fresh Comparator (allocates its buffers; fine outside hot loops).
template <EngineGame A, EngineGame B>
std::optional<std::string> first_difference(const A& expected, const B& actual, Depth depth = Depth::Full) {
  return Comparator().first_difference(expected, actual, depth);
}

}  // namespace tanbo::differential
