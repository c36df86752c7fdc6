// A tiny solver for the certificate tests: plain memoized negamax on the reference engine, and a
// certificate built from it (the prover's first winning move at its lines, every reply at the
// opponent's, successors first). Deliberately naive and independent of solve/: the tests need
// real certificates of small starts, not speed.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "tanbo/certificate/certificate.hpp"
#include "tanbo/reference/game.hpp"

namespace tanbo::certificate::testing {

/// One position line of a certificate under construction.
struct Line {
  Position position;
  std::optional<Point> move;        ///< The prover's move, at the prover's lines.
  std::vector<std::size_t> needs;   ///< Lines (0-based, earlier) of its required successors.
  std::vector<Point> needs_moves;   ///< The move leading to each of them.
};

/// A certificate as lines, before it is written.
struct Built {
  std::string start;
  Color prover = Color::Black;
  std::vector<Line> lines;
  long long solved = 0;  ///< Positions the negamax solved.
};

class TinySolver {
 public:
  /// True when the side to move wins the game's current position.
  bool wins(reference::Game& g) {
    const std::string key = position_line(g.board(), std::nullopt);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool win = false;
    if (const auto w = g.winner()) {
      win = *w == g.to_move();
    } else {
      for (const Point m : g.legal_moves()) {
        g.play(m);
        const bool theirs = wins(g);
        g.undo();
        if (!theirs) {
          win = true;
          break;
        }
      }
    }
    memo_.emplace(key, win);
    return win;
  }

  /// The certificate of `start` (a variant name or a position string) for the side that wins it.
  Built certificate(const std::string& start) {
    reference::Game g(read_canonical_start(start));
    Built out;
    out.start = start;
    out.prover = wins(g) ? g.to_move() : opponent(g.to_move());
    std::map<std::string, std::size_t> index;
    emit(g, out, index);
    out.solved = static_cast<long long>(memo_.size());
    return out;
  }

 private:
  // Lists the game's position after every position it needs; returns its line.
  std::size_t emit(reference::Game& g, Built& out, std::map<std::string, std::size_t>& index) {
    const std::string key = position_line(g.board(), std::nullopt);
    if (const auto it = index.find(key); it != index.end()) return it->second;
    Line line{g.position(), std::nullopt, {}, {}};
    if (!g.is_over()) {
      const bool prover_to_move = g.to_move() == out.prover;
      for (const Point m : g.legal_moves()) {
        g.play(m);
        if (prover_to_move && wins(g)) {  // the opponent would win after this move
          g.undo();
          continue;
        }
        line.needs.push_back(emit(g, out, index));
        line.needs_moves.push_back(m);
        g.undo();
        if (prover_to_move) {
          line.move = m;
          break;
        }
      }
    }
    out.lines.push_back(line);
    index.emplace(key, out.lines.size() - 1);
    return out.lines.size() - 1;
  }

  std::unordered_map<std::string, bool> memo_;
};

}  // namespace tanbo::certificate::testing
