// Certificates: the one writer of a proof (write_certificate, answer.hpp), through
// tanbo::certificate::Writer, and the winner's proof from a strong table (winner_proof,
// strong.hpp): over exact positions (the checker knows no symmetry), at the prover's turns
// perfect play's move, at the opponent's every move, in post-order (children first, the start
// last).
#include <algorithm>
#include <unordered_map>

#include "successors.hpp"
#include "tanbo/certificate/certificate.hpp"
#include "tanbo/solve/answer.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve {

void write_certificate(std::ostream& out, const std::string& start_text, int size, const Proof& proof) {
  certificate::Header header;
  header.start = start_text;
  header.size = size;
  header.prover = proof.prover;
  header.positions = static_cast<long long>(proof.lines.size());
  header.within = proof.depth;
  certificate::Writer writer(out, header);
  for (const ProofLine& line : proof.lines) writer.add(line.position, line.move);
  writer.finish();
}

Proof winner_proof(const Table& table) {
  const KeyCodec& codec = table.codec();
  const int n = table.size();
  Proof proof;
  proof.prover = *table.start_outcome().winner(table.start().to_move());
  const std::uint64_t side_bit = std::uint64_t{1} << codec.side_shift();
  const std::uint64_t prover_bit = proof.prover == Color::White ? side_bit : 0;
  detail::OptimizedExplorer ex(table.start(), codec);
  std::unordered_map<std::uint64_t, int> listed;  // key -> its depth in the proof (docs/certificates.md)
  using Move = detail::OptimizedExplorer::Move;
  // Lists the current position after its successors; returns its depth in the proof.
  auto visit = [&](auto&& self) -> int {
    const std::uint64_t key = ex.key();
    if (const auto known = listed.find(key); known != listed.end()) return known->second;
    std::optional<Point> chosen;
    int depth = 0;
    Move moves[kMaxStrongPoints];
    if (ex.is_over()) {
      // a finished game in the proof is won by the prover (the table says so; the checker checks)
    } else if ((key & side_bit) == prover_bit) {
      std::vector<MoveOutcome> outcomes;
      detail::successors(table, ex, moves, outcomes);
      chosen = perfect_move(outcomes);
      std::size_t at = 0;
      while (at < outcomes.size() && outcomes[at].move != chosen) ++at;
      if (at == outcomes.size() || !outcomes[at].outcome.wins())  // only a forged file: its hash was recomputed
        throw TableError(table.source(), table.record_offset(table.record_index(codec.canonical(key))),
                         "the table is inconsistent: the prover " + std::string(1, color_char(proof.prover)) +
                             " wins the position " + start_label(codec.position(key)) + " by its record, but no move wins");
      ex.play(moves[at]);
      depth = 1 + self(self);
      ex.undo();
    } else {
      const int count = detail::row_major_moves(ex, n, moves);
      for (int i = 0; i < count; ++i) {
        ex.play(moves[i]);
        depth = std::max(depth, 1 + self(self));
        ex.undo();
      }
    }
    listed.emplace(key, depth);
    proof.lines.push_back({codec.position(key), chosen});
    return depth;
  };
  proof.depth = visit(visit);
  return proof;
}

}  // namespace tanbo::solve
