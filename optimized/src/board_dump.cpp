// BasicBoard::state_dump(): every incremental quantity of the optimized board as one line, for
// the refinement check against the Coq spec (formal/Refinement.v, read by
// formal/oracle/state_check.ml). Test-only, so kept out of board.cpp, whose inlining budget the
// hot per-move code needs (one unrelated function there once pushed legal_remove out of line).
#include <string>

#include "tanbo/core/notation.hpp"
#include "tanbo/optimized/board.hpp"

namespace tanbo::optimized {

// The state as formal/oracle/state_check.ml reads it. Points are row-major indices y*size + x,
// "-" for a vertex off the board (kNoVertex, a border vertex, a stale link); lists are
// ';'-separated:
//   <size> <kWidth> words=<point_ word of each point> root=<root_> next=<next_>
//   growth=<growth_> legal0=<legal_[0], its legal_count_ entries> legal1=...
//   pos0=<legal_pos_[0] of each point> pos1=... bits0=<points whose legal_bits_[0] bit is set>
//   bits1=... wc0=<legal_word_count_[0], every word> wc1=... stones=<B>,<W> roots=<B>,<W>
template <int MaxN>
std::string BasicBoard<MaxN>::state_dump() const {
  std::string out = std::to_string(size_) + ' ' + std::to_string(kWidth);
  auto index = [this](std::size_t v) {
    if (v >= static_cast<std::size_t>(kVertices)) return std::string("-");
    const Point p = point(static_cast<Vertex>(v));
    return on_board(p, size_) ? std::to_string(p.y * size_ + p.x) : std::string("-");
  };
  auto field = [&out](const char* name, int count, auto&& item) {
    out += ' ';
    out += name;
    out += '=';
    for (int i = 0; i < count; ++i) {
      if (i > 0) out += ';';
      out += item(i);
    }
  };
  const int points = size_ * size_;
  auto at = [this](int i) { return vertex({i % size_, i / size_}); };
  field("words", points, [&](int i) { return std::to_string(point_[at(i)]); });
  field("root", points, [&](int i) { return index(root_[at(i)]); });
  field("next", points, [&](int i) { return index(next_[at(i)]); });
  field("growth", points, [&](int i) { return std::to_string(growth_[at(i)]); });
  for (int c = 0; c < 2; ++c)
    field(c == 0 ? "legal0" : "legal1", legal_count_[c], [&](int i) { return index(legal_[c][static_cast<std::size_t>(i)]); });
  for (int c = 0; c < 2; ++c)
    field(c == 0 ? "pos0" : "pos1", points, [&](int i) { return std::to_string(legal_pos_[c][at(i)]); });
  for (int c = 0; c < 2; ++c) {
    std::vector<std::size_t> set;
    for (std::size_t w = 0; w < kWords; ++w)
      for (std::uint64_t word = legal_bits_[c][w]; word != 0; word &= word - 1)
        set.push_back(w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
    field(c == 0 ? "bits0" : "bits1", static_cast<int>(set.size()), [&](int i) { return index(set[static_cast<std::size_t>(i)]); });
  }
  for (int c = 0; c < 2; ++c)
    field(c == 0 ? "wc0" : "wc1", static_cast<int>(kWords), [&](int i) { return std::to_string(legal_word_count_[c][static_cast<std::size_t>(i)]); });
  out += " stones=" + std::to_string(stones_[0]) + ',' + std::to_string(stones_[1]);
  out += " roots=" + std::to_string(roots_[0]) + ',' + std::to_string(roots_[1]);
  return out;
}

// The capacities board.cpp instantiates (its explicit instantiations cannot see this definition).
template std::string BasicBoard<kMaxSize>::state_dump() const;
template std::string BasicBoard<19>::state_dump() const;
template std::string BasicBoard<kSmallCapacity>::state_dump() const;

}  // namespace tanbo::optimized
