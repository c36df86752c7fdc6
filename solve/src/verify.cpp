// verify(): every record of a strong table checked against the rules and its children's records
// in one pass (verify.hpp). Each record's position is rebuilt from its key, its moves generated on
// the optimized engine and its children looked up; Table::check_record judges.
#include "tanbo/solve/verify.hpp"

#include <vector>

#include "explorers.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::solve {

std::uint64_t verify(const Table& table, const std::function<void(const VerifyProgress&)>& progress) {
  const KeyCodec& codec = table.codec();
  const std::vector<std::uint64_t>& records = table.records();
  const int n = table.size();
  constexpr std::uint64_t kProgressEvery = std::uint64_t{1} << 20;
  std::vector<MoveValue> moves;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::uint64_t key = records[i] >> 8;
    const PerfectPlay record{(records[i] & 1) != 0, static_cast<int>((records[i] >> 1) & 0x7f)};
    const Position pos = codec.position(key);
    moves.clear();
    const std::optional<Color> finished_winner = reference::winner(pos);  // rule 7
    if (!finished_winner) {
      detail::OptimizedExplorer ex(pos, codec);
      detail::OptimizedExplorer::Move legal[kMaxKeyPoints];
      const int count = ex.moves(legal);
      for (int m = 0; m < count; ++m) {
        const Point move = row_major_point(ex.index(legal[m], n), n);
        ex.play(legal[m]);
        const auto child = table.lookup_key(ex.key());
        ex.undo();
        if (!child)
          throw TableError(table.source(), table.record_offset(i),
                           "the table is incomplete: the record of " + start_label(pos) + " has no record of its move " +
                               point_name(move) + "'s position");
        moves.push_back({move, {!child->wins, child->length + 1}});
      }
    }
    table.check_record(key, record, finished_winner, moves);
    if (progress && (i + 1) % kProgressEvery == 0) progress({i + 1, records.size()});
  }
  if (progress) progress({records.size(), records.size()});
  return records.size();
}

}  // namespace tanbo::solve
