// Perfect play for the faces: the Solution handle over a strong table and the budgeted weak solve
// (see solution.hpp).
#include "tanbo/api/solution.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "tanbo/api/game.hpp"
#include "tanbo/core/hex.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/solve/strong.hpp"
#include "tanbo/solve/weak.hpp"

namespace tanbo::api {

namespace {

// Largest node budget a face may ask for: far beyond any search that fits a machine's memory, and
// small enough that no sum of counts overflows.
constexpr long long kMaxNodes = 1LL << 40;

// The weak solver's table size for a budget: about one entry per four nodes (a search revisits
// positions), 2^10 to 2^20 entries of 32 bytes (32 KiB to 32 MiB, allocated and zeroed whole, so
// a small budget stays cheap, in the browser too).
int table_log2_for(long long nodes) noexcept {
  int log2 = 10;
  while (log2 < 20 && (4LL << log2) < nodes) ++log2;
  return log2;
}

}  // namespace

SolverEngine solver_engine(const std::string& name) {
  check_engine_name(name);
  return name == "reference" ? SolverEngine::Reference : SolverEngine::Optimized;
}

Solution Solution::open(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(printable(path) + ": cannot open the table file");
  return read(in, path);
}

Solution Solution::open(const std::string& path, const Position& expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(printable(path) + ": cannot open the table file");
  return Solution(std::make_shared<const solve::Table>(solve::Table::read(in, path, expected)));
}

Solution Solution::read(std::istream& in, const std::string& name) {
  return Solution(std::make_shared<const solve::Table>(solve::Table::read(in, name)));
}

Solution Solution::from_bytes(std::string_view bytes, const std::string& name) {
  std::istringstream in{std::string(bytes)};
  return read(in, name);
}

Solution Solution::solve_start(const Position& start, std::uint64_t max_classes, const std::string& start_text) {
  if (max_classes == 0) throw UsageError("max_classes must be at least 1, got 0");
  StrongOptions options;
  options.max_classes = max_classes;
  return solve_start(start, options, nullptr, start_text);
}

Solution Solution::solve_start(const Position& start, const StrongOptions& options, SolveStats* stats,
                               const std::string& start_text) {
  return Solution(std::make_shared<const solve::Table>(solve::Table::solve(start, options, stats, start_text)));
}

const Position& Solution::start() const noexcept { return table_->start(); }
const std::string& Solution::start_text() const noexcept { return table_->start_text(); }
std::uint64_t Solution::positions() const noexcept { return table_->positions(); }
void Solution::write(std::ostream& out) const { table_->write(out); }
std::uint64_t Solution::records() const noexcept { return table_->records().size(); }
std::string Solution::content_hash() const { return hex(table_->content_hash()); }
Proof Solution::winner_proof() const { return solve::winner_proof(*table_); }
std::uint64_t Solution::verify(const std::function<void(const VerifyProgress&)>& progress) const {
  return solve::verify(*table_, progress);
}

Answer Solution::probe(const Position& pos, bool with_line) const {
  if (pos.size() != table_->size())
    throw UsageError("the position is on a " + std::to_string(pos.size()) + "x" + std::to_string(pos.size()) +
                     " board but the table of " + table_->start_text() + " is of " + std::to_string(table_->size()) +
                     "x" + std::to_string(table_->size()));
  return table_->probe(pos, with_line);
}

Answer solve(const Position& pos, const WeakBudget& budget) {
  if (budget.nodes < 1 || budget.nodes > kMaxNodes)
    throw UsageError("the node budget must be in [1, " + std::to_string(kMaxNodes) + "], got " +
                     std::to_string(budget.nodes));
  long long left = budget.nodes, used = 0;
  // One weak solve of `p` with what is left of the budget.
  auto weak = [&left, &used, &budget](const Position& p) -> Answer {
    WeakBudget b = budget;
    b.nodes = left;
    b.table_log2 = table_log2_for(left);
    b.proof = false;
    b.moves = false;
    const Answer r = solve::solve_weak(p, b).answer;
    used += r.nodes;
    left = std::max(0LL, left - r.nodes);
    return r;
  };
  Answer a = weak(pos);  // the root's answer, without its proof and figures
  if (!budget.moves || reference::winner(pos)) return a;  // rule 7: a finished game has no moves
  const std::unique_ptr<AnyGame> game = make_game(pos, "optimized");
  for (const Point m : game->legal_moves()) {
    MoveOutcome move{m, {}};
    if (left > 0) {
      game->play(m);
      const Answer child = weak(game->position());
      game->undo();
      move.outcome = child.outcome.before_move();  // the child's outcome is its side to move's
    }
    a.moves.push_back(move);
  }
  a.nodes = used;
  return a;
}

}  // namespace tanbo::api
