// tanbo::player: a small UCT Monte-Carlo tree search (MCTS) player over the optimized engine's
// boards: the one MCTS of the project, used by examples/mcts_player.cpp, the environments'
// opponents (tanbo::env) and, through mcts_move on a run-time game, by every face. The library
// is the room a stronger player grows in (an MCTS-Solver, priors, tree reuse).
//
// Each simulation copies the root board (copy-make: a board is a flat value, so the copy is
// a memcpy and nothing has to be undone), walks down the tree choosing children by UCB1,
// adds one new node, finishes the game with random moves, and credits the result to every
// node on the path. The move played is the root child visited most. Written for reading; its
// one concession to speed is the board's own fast paths (play_vertex_unordered: the search
// never lists moves in row-major order; playout() for the random moves to the end). A strong
// player would add move priors, tree reuse and transpositions (hash()).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "tanbo/api/game.hpp"
#include "tanbo/core.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::player {

/// UCT search over boards of type `Board` (optimized::Board19 or optimized::Board).
template <class Board>
class Mcts {
 public:
  using Vertex = tanbo::optimized::Vertex;  ///< A point of the board, as the board numbers it.

  /// Up to `playouts` simulations per move, random choices from `seed`.
  Mcts(int playouts, std::uint64_t seed) : playouts_(playouts), rng_(seed) {}

  /// Runs the search from `root` (whose side to move has a legal move) and returns the move.
  Vertex choose(const Board& root) {
    tree_.clear();
    tree_.push_back(make_node(root, tanbo::optimized::kNoVertex, -1));
    for (int i = 0; i < playouts_; ++i) simulate(root);
    int best = tree_[0].children.front();
    for (int c : tree_[0].children)
      if (tree_[c].visits > tree_[best].visits) best = c;
    return tree_[best].move;
  }

 private:
  // One tree node: the position reached by playing `move` from the parent's position.
  struct Node {
    Vertex move = tanbo::optimized::kNoVertex;  // the move leading here (none at the root)
    tanbo::Color mover = tanbo::Color::Black;   // who played `move`
    int parent = -1;                            // index in the tree, -1 at the root
    std::vector<int> children;                  // expanded children
    std::vector<Vertex> untried;                // legal moves not expanded yet
    int visits = 0;                             // simulations through this node
    double wins = 0;                            // of those, won by `mover`
  };

  static constexpr double kExploration = 1.0;  // UCB1 constant; sqrt(2) is the textbook value

  // A node for `board`, the position after `move`; its untried moves are all legal moves.
  static Node make_node(const Board& board, Vertex move, int parent) {
    Node n;
    n.move = move;
    n.mover = tanbo::opponent(board.to_move());
    n.parent = parent;
    const auto legal = board.legal_vertices();  // empty once the game is over
    n.untried.assign(legal.begin(), legal.end());
    return n;
  }

  // UCB1: average result plus a bonus for rarely visited children.
  int select_child(const Node& node) const {
    int best = -1;
    double best_score = -1;
    const double log_visits = std::log(static_cast<double>(node.visits));
    for (int c : node.children) {
      const Node& child = tree_[c];
      const double score = child.wins / child.visits +
                           kExploration * std::sqrt(log_visits / child.visits);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  void simulate(const Board& root) {
    Board board = root;  // copy-make: the root board is never modified
    int n = 0;
    // 1. Selection: descend through fully expanded nodes.
    while (tree_[n].untried.empty() && !tree_[n].children.empty()) {
      n = select_child(tree_[n]);
      board.play_vertex_unordered(tree_[n].move);
    }
    // 2. Expansion: add one child for a random untried move (none at a finished game).
    if (!tree_[n].untried.empty()) {
      std::vector<Vertex>& untried = tree_[n].untried;
      const std::size_t k = rng_.below(static_cast<std::uint32_t>(untried.size()));
      const Vertex move = untried[k];
      untried[k] = untried.back();
      untried.pop_back();
      board.play_vertex_unordered(move);
      tree_.push_back(make_node(board, move, n));  // may reallocate: use indices, not refs
      const int child = static_cast<int>(tree_.size()) - 1;
      tree_[n].children.push_back(child);
      n = child;
    }
    // 3. Simulation: random moves to the end (Tanbo games always end); playout() plays the
    // moves of play_vertex(random_legal_vertex(rng_)) repeated, without records.
    board.playout(rng_);
    // 4. Backpropagation: each node counts the wins of the player who moved into it.
    const tanbo::Color winner = *board.winner();
    for (; n != -1; n = tree_[n].parent) {
      ++tree_[n].visits;
      if (tree_[n].mover == winner) tree_[n].wins += 1;
    }
  }

  int playouts_;
  tanbo::Rng rng_;
  std::vector<Node> tree_;
};

/// The UCT move (Mcts, `playouts` simulations, random choices from `seed`) for the side to move
/// of a game on any engine: the board is rebuilt from the game's start and moves, so every face
/// and engine gets the same move for a seed. @throws UsageError once the game is over or for
/// `playouts` < 1.
Point mcts_move(const api::AnyGame& g, int playouts, std::uint64_t seed);

}  // namespace tanbo::player
