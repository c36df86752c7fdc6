// The solvers' vocabulary (answer.hpp) on its edge cases: value names, unknown outcomes, perfect
// play's choice among moves of which some or all are unknown, and the best moves of an answer
// whose moves were not asked for. The probe and the weak solver only ever pass known outcomes.
// check-map: code solve
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tanbo/solve/answer.hpp"

using tanbo::Color;
using tanbo::Point;
using tanbo::solve::Answer;
using tanbo::solve::MoveOutcome;
using tanbo::solve::Outcome;
using tanbo::solve::Value;

namespace {

MoveOutcome move_outcome(Outcome o, Point p) { return {p, o}; }

}  // namespace

TEST_CASE("value names", "[solve]") {
  CHECK(std::string(tanbo::solve::to_string(Value::Win)) == "win");
  CHECK(std::string(tanbo::solve::to_string(Value::Loss)) == "loss");
  CHECK(std::string(tanbo::solve::to_string(Value::Unknown)) == "unknown");
}

TEST_CASE("an unknown outcome has no winner and stays unknown a move earlier", "[solve]") {
  const Outcome unknown;
  CHECK(!unknown.known());
  CHECK(!unknown.winner(Color::Black));
  CHECK(unknown.before_move() == Outcome{});
  CHECK(Outcome::of(true, 3).before_move() == Outcome::of(false, 4));
  CHECK(Outcome::of(false, -1).before_move() == Outcome::of(true, -1));
  CHECK(Outcome::of(true, 3) != Outcome::of(true, 5));
  CHECK(move_outcome(Outcome::of(true, 3), {0, 0}) != move_outcome(Outcome::of(true, 3), {1, 0}));
}

TEST_CASE("perfect_move passes over unknown moves, and has none to choose among none known", "[solve]") {
  CHECK(!tanbo::solve::perfect_move({}));
  CHECK(!tanbo::solve::perfect_move({move_outcome({}, {0, 0}), move_outcome({}, {1, 0})}));
  // The unknown first move is passed over; of the two known, the win.
  CHECK(tanbo::solve::perfect_move({move_outcome({}, {0, 0}), move_outcome(Outcome::of(false, 9), {1, 0}),
                                    move_outcome(Outcome::of(true, 7), {2, 0})}) == Point{2, 0});
}

TEST_CASE("best_moves: the best move alone when the moves were not answered, none when unknown or over",
          "[solve]") {
  Answer a;
  a.outcome = Outcome::of(true, 5);
  a.best_move = Point{1, 2};
  CHECK(tanbo::solve::best_moves(a) == std::vector<Point>{{1, 2}});
  // A weak answer with its value only: every move of that value.
  a.outcome = Outcome::of(true, -1);
  a.moves = {move_outcome(Outcome::of(true, 3), {0, 0}), move_outcome(Outcome::of(false, 2), {1, 0}),
             move_outcome(Outcome::of(true, 9), {2, 0})};
  CHECK(tanbo::solve::best_moves(a) == std::vector<Point>{{0, 0}, {2, 0}});
  // With the length known: only the moves of that value and length.
  a.outcome = Outcome::of(true, 3);
  CHECK(tanbo::solve::best_moves(a) == std::vector<Point>{{0, 0}});
  // No move keeps it and no best move was given: none.
  a.outcome = Outcome::of(true, 11);
  a.best_move.reset();
  CHECK(tanbo::solve::best_moves(a).empty());
  a.outcome = Outcome::of(false, 0);
  CHECK(tanbo::solve::best_moves(a).empty());
  a.outcome = Outcome{};
  CHECK(tanbo::solve::best_moves(a).empty());
}
