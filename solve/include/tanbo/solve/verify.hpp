// Verification of a whole strong table in one pass, as endgame databases are verified: every
// record is checked against the rules and its children's records by the definitions
// (docs/solutions.md): a finished game's winner by rule 7, otherwise a win iff some move leads to
// a position lost for the opponent, the length the fastest win's or the longest defence's, plus
// one; every child present. Reading (Table::read) has already checked the file's layout: records
// strictly increasing (no repeat, none out of order), canonical keys, the start's record, the
// header's counts and the content hash. Together they leave only forgeries that are consistent
// everywhere, i.e. a table of another game; the published content hash catches those.
#pragma once

#include <cstdint>
#include <functional>

#include "tanbo/solve/strong.hpp"

namespace tanbo::solve {

/// What a verify() progress callback is told.
struct VerifyProgress {
  std::uint64_t checked = 0;  ///< Records checked so far.
  std::uint64_t records = 0;  ///< Records in the table.
};

/// Checks every record of `table` by Table::check_record, in record order, calling `progress`
/// (if set) about every 2^20 records and at the end. @return the number of records checked.
/// @throws TableError naming table.source(), the first bad record's byte offset and its position.
std::uint64_t verify(const Table& table, const std::function<void(const VerifyProgress&)>& progress = {});

}  // namespace tanbo::solve
