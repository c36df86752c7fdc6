// The weak solver's budget checks, each refusal with its words (test_weak.cpp checks two of them
// by a fragment): what a caller or a face passing a user's figures gets told.
// check-map: code solve
#include <catch2/catch.hpp>

#include <string>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/solve/weak.hpp"

using tanbo::solve::WeakBudget;

namespace {

// The message of the UsageError solve_weak throws with budget `b`, or "" if it throws none.
std::string budget_refusal(const WeakBudget& b) {
  try {
    (void)tanbo::solve::solve_weak(tanbo::Position::parse("XO1/3/O1X X"), b);
  } catch (const tanbo::UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("weak solver: each budget refusal names the figure and its range", "[weak][solve][errors]") {
  WeakBudget b;
  b.table_log2 = 10;  // the figures are checked before the tables are made; this one is made
  CHECK(budget_refusal(b).empty());
  b = WeakBudget{};
  b.nodes = -5;
  CHECK(budget_refusal(b) == "solve_weak: node budget -5 is negative");
  b = WeakBudget{};
  b.table_log2 = 3;
  CHECK(budget_refusal(b) == "solve_weak: table_log2 3 is outside 4..30 (2^table_log2 entries of 32 bytes)");
  b.table_log2 = 31;
  CHECK(budget_refusal(b) == "solve_weak: table_log2 31 is outside 4..30 (2^table_log2 entries of 32 bytes)");
  b = WeakBudget{};
  b.progress_interval = 0;
  CHECK(budget_refusal(b) == "solve_weak: progress_interval 0 is not positive");
  b = WeakBudget{};
  b.proof_positions = -1;
  CHECK(budget_refusal(b) == "solve_weak: proof_positions -1 is negative");
}

TEST_CASE("weak solver: a finished game without its proof asked for", "[weak][solve]") {
  // Black's last root was removed by Black's own move: White to move wins (rule 7).
  WeakBudget b;
  b.proof = false;
  const tanbo::solve::WeakResult r = tanbo::solve::solve_weak(tanbo::Position::parse("1O2/4/4/4 O"), b);
  CHECK(r.answer.outcome.value == tanbo::solve::Value::Win);
  CHECK(r.answer.outcome.length == 0);
  CHECK(!r.proof);
}
