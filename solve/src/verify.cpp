// verify(): every record of a strong table checked against the rules and its children's records
// in one pass (verify.hpp). Each record's position is rebuilt from its key, its moves generated on
// the optimized engine and its children looked up; Table::check_record judges.
#include "tanbo/solve/verify.hpp"

#include <vector>

#include "successors.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::solve {

std::uint64_t verify(const Table& table, const std::function<void(const VerifyProgress&)>& progress) {
  const KeyCodec& codec = table.codec();
  const std::vector<Record>& records = table.records();
  constexpr std::uint64_t kProgressEvery = std::uint64_t{1} << 20;
  std::vector<MoveOutcome> moves;
  detail::OptimizedExplorer::Move legal[kMaxStrongPoints];
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::uint64_t key = records[i].key();
    const Outcome record = records[i].outcome();
    const Position pos = codec.position(key);
    moves.clear();
    const std::optional<Color> finished_winner = reference::winner(pos);  // rule 7
    if (!finished_winner) {
      detail::OptimizedExplorer ex(pos, codec);
      detail::successors(table, ex, legal, moves);  // a missing child: TableError naming this record
    }
    table.check_record(key, record, finished_winner, moves);
    if (progress && (i + 1) % kProgressEvery == 0) progress({i + 1, records.size()});
  }
  if (progress) progress({records.size(), records.size()});
  return records.size();
}

}  // namespace tanbo::solve
