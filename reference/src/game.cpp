// Reference engine: thin bookkeeping around the rule functions.
#include "tanbo/reference/game.hpp"

#include "tanbo/core/errors.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/zobrist.hpp"

namespace tanbo::reference {

Game::Game(const Variant& v) : Game(opening(v)) {}

Game::Game(const Position& start) : start_(start), board_(start) {
  if (auto problem = position_problem(start)) throw *problem;
}

Cell Game::at(Point p) const {
  if (!on_board(p, size())) throw UsageError("at: " + point_name(p) + " is not on the board");
  return board_.at(p);
}

std::optional<Color> Game::winner() const { return reference::winner(board_); }

std::optional<IllegalReason> Game::why_illegal(Point p) const {
  if (is_over()) return IllegalReason::GameOver;
  return placement_problem(board_, p, to_move());
}

bool Game::is_legal(Point p) const { return !why_illegal(p).has_value(); }

std::vector<Point> Game::legal_moves() const {
  std::vector<Point> out;
  legal_moves(out);
  return out;
}

void Game::legal_moves(std::vector<Point>& out) const {
  out.clear();
  for_each_legal_move([&](Point p) { out.push_back(p); });
}

int Game::legal_move_count() const {
  int n = 0;
  for_each_legal_move([&](Point) { ++n; });
  return n;
}

MoveEffect Game::play(Point p) {
  if (auto reason = why_illegal(p)) throw IllegalMoveError(p, to_move(), *reason);
  const Color mover = to_move();
  earlier_.push_back(std::make_shared<const Position>(board_));
  board_.set(p, stone(mover));                       // rules 3-4: the stone joins one root
  auto [removal, removed] = stones_to_remove(board_, p);  // rules 5-6
  MoveEffect effect{removal, 0, 0};
  for (const Point s : removed) {
    (board_.at(s) == Cell::Black ? effect.removed_black : effect.removed_white)++;
    board_.set(s, Cell::Empty);
  }
  board_.set_to_move(opponent(mover));  // rule 2: players alternate
  history_.push_back({p, mover, removal, std::move(removed), effect.removed_black, effect.removed_white});
  return effect;
}

void Game::undo() {
  if (history_.empty()) throw UsageError("undo: no move to take back");
  board_ = *earlier_.back();
  earlier_.pop_back();
  history_.pop_back();
}

MoveResult Game::last_result() const {
  if (history_.empty()) throw UsageError("last_result: no move has been played");
  return history_.back();
}

std::vector<Point> Game::moves() const {
  std::vector<Point> out;
  for (const MoveResult& m : history_) out.push_back(m.move);
  return out;
}

std::uint64_t Game::hash() const noexcept { return zobrist_hash(board_); }

}  // namespace tanbo::reference
