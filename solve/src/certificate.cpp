// Certificates from a strong table: the winner's proof DAG over exact positions (the checker
// knows no symmetry), at the prover's turns the fastest win, at the opponent's every move;
// written in post-order (children first, the start last) with tanbo::certificate::Writer.
#include <algorithm>
#include <unordered_map>

#include "explorers.hpp"
#include "tanbo/certificate/certificate.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve {

CertificatePlan certificate_plan(const Table& table) {
  const KeyCodec& codec = table.codec();
  const int n = table.size();
  const PerfectPlay start = table.start_outcome();
  CertificatePlan plan;
  plan.prover = start.wins ? table.start().to_move() : opponent(table.start().to_move());
  const std::uint64_t prover_bit = plan.prover == Color::White ? std::uint64_t{1} << codec.side_shift() : 0;
  const std::uint64_t side_bit = std::uint64_t{1} << codec.side_shift();
  detail::OptimizedExplorer ex(table.start(), codec);
  std::unordered_map<std::uint64_t, int> listed;  // key -> depth (docs/certificates.md)
  using Move = detail::OptimizedExplorer::Move;
  auto sorted_moves = [&](Move* moves) {
    const int count = ex.moves(moves);
    std::sort(moves, moves + count, [&](Move a, Move b) { return ex.index(a, n) < ex.index(b, n); });
    return count;
  };
  // Lists the current position after its successors; returns its depth in the plan.
  auto visit = [&](auto&& self) -> int {
    const std::uint64_t key = ex.key();
    if (const auto known = listed.find(key); known != listed.end()) return known->second;
    int chosen = -1;
    int depth = 0;
    if (ex.is_over()) {
      // a finished game in the proof is won by the prover (the table says so; the checker checks)
    } else if ((key & side_bit) == prover_bit) {
      Move moves[kMaxKeyPoints];
      const int count = sorted_moves(moves);
      int best = -1, best_length = kMaxLength + 1;
      for (int i = 0; i < count; ++i) {
        ex.play(moves[i]);
        const auto child = table.lookup_key(ex.key());
        ex.undo();
        if (!child) throw Error("certificate: the table lacks a successor of a position it holds");
        if (!child->wins && child->length + 1 < best_length) {
          best = i;
          best_length = child->length + 1;
        }
      }
      if (best < 0) throw Error("certificate: the table says the prover wins a position where no move wins");
      ex.play(moves[best]);
      depth = 1 + self(self);
      ex.undo();
      chosen = ex.index(moves[best], n);
    } else {
      Move moves[kMaxKeyPoints];
      const int count = sorted_moves(moves);
      for (int i = 0; i < count; ++i) {
        ex.play(moves[i]);
        depth = std::max(depth, 1 + self(self));
        ex.undo();
      }
    }
    listed.emplace(key, depth);
    plan.lines.push_back({key, chosen});
    return depth;
  };
  plan.depth = visit(visit);
  return plan;
}

std::uint64_t write_certificate(const Table& table, std::ostream& out) {
  const CertificatePlan plan = certificate_plan(table);
  certificate::Header header;
  header.start = table.start_text();
  header.size = table.size();
  header.prover = plan.prover;
  header.positions = static_cast<long long>(plan.lines.size());
  header.within = plan.depth;
  certificate::Writer writer(out, header);
  for (const CertificateLine& line : plan.lines) {
    std::optional<Point> move;
    if (line.move >= 0) move = row_major_point(line.move, table.size());
    writer.add(table.codec().position(line.key), move);
  }
  writer.finish();
  return plan.lines.size();
}

}  // namespace tanbo::solve
