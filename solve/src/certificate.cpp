// Certificates: the one writer of a proof (write_certificate, answer.hpp), through
// tanbo::certificate::Writer, and the winner's proof from a strong table (winner_proof,
// strong.hpp): over exact positions (the checker knows no symmetry), at the prover's turns
// perfect play's move, at the opponent's every move, in post-order (children first, the start
// last).
#include <unordered_set>

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
  std::unordered_set<std::uint64_t> listed;
  using Move = detail::OptimizedExplorer::Move;
  auto visit = [&](auto&& self) -> void {
    const std::uint64_t key = ex.key();
    if (listed.count(key) != 0) return;
    std::optional<Point> chosen;
    Move moves[kMaxKeyPoints];
    if (ex.is_over()) {
      // a finished game in the proof is won by the prover (the table says so; the checker checks)
    } else if ((key & side_bit) == prover_bit) {
      std::vector<MoveOutcome> outcomes;
      detail::successors(table, ex, moves, outcomes);
      chosen = perfect_move(outcomes);
      std::size_t at = 0;
      while (at < outcomes.size() && outcomes[at].move != chosen) ++at;
      if (at == outcomes.size() || !outcomes[at].wins())
        throw TableError(table.start_text(), 0, "the table is damaged: the prover wins a position where no move wins");
      ex.play(moves[at]);
      self(self);
      ex.undo();
    } else {
      const int count = detail::row_major_moves(ex, n, moves);
      for (int i = 0; i < count; ++i) {
        ex.play(moves[i]);
        self(self);
        ex.undo();
      }
    }
    listed.insert(key);
    proof.lines.push_back({codec.position(key), chosen});
  };
  visit(visit);
  return proof;
}

}  // namespace tanbo::solve
