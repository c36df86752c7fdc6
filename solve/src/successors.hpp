// Every legal move of a position of a strong table with its outcome from the table, row-major:
// what a probe lists and what perfect play chooses from (perfect_move, answer.hpp), shared by the
// probe and its line (table.cpp) and the winner's proof walk (certificate_writer.cpp).
#pragma once

#include <vector>

#include "explorers.hpp"
#include "tanbo/solve/answer.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve::detail {

/// Copies the legal moves of `explorer`'s position into `moves` (room for kMaxStrongPoints) in
/// row-major order and returns how many.
int row_major_moves(const OptimizedExplorer& explorer, int size, OptimizedExplorer::Move* moves);

/// The legal moves of `explorer`'s position (a position `table` holds, not over) into `moves`
/// (row-major, as row_major_moves) and each one's outcome for the mover into `out`, in the same
/// order. @throws TableError when a successor is missing (only a forged file, its hash recomputed).
void successors(const Table& table, OptimizedExplorer& explorer, OptimizedExplorer::Move* moves,
                std::vector<MoveOutcome>& out);

}  // namespace tanbo::solve::detail
