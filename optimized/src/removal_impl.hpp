// BasicBoard's removals, included once by board.cpp: the bounded roots a placement leaves
// (rules 5-6, the rare end of a move), and taking a stone back or restoring removed roots on
// undo. The placement itself and the move loop are in board_impl.hpp.
#pragma once

#include <algorithm>
#include <cassert>

#include "board_impl.hpp"

namespace tanbo::optimized {

// The rare end of a placement (about one move in 35 in random play), out of line so the hot
// path of play_as() needs fewer registers: removes the `zeroed` roots, those whose growth the
// placement took to zero (or the expanded root alone, if it is one of them: rule 6). The
// expanded root is logged last, and only if its growth is zero at the end. Every other root only
// loses growth during a placement, and once at zero it has nothing left to lose: so the logged
// roots are distinct and all still bounded.
template <int MaxN>
void BasicBoard<MaxN>::remove_bounded(Vertex expanded, const Vertex* zeroed, int zeroed_count,
                                      MoveRecord* rec) noexcept {
  if (growth_[expanded] == 0) {
    remove_roots(&expanded, 1, Removal::ExpandedRoot, rec);
    return;
  }
  assert(zeroed_count <= kMaxRemovedRoots);
  for (int i = 0; i < zeroed_count; ++i)
    assert(growth_[zeroed[i]] == 0 && std::find(zeroed, zeroed + i, zeroed[i]) == zeroed + i);
  remove_roots(zeroed, zeroed_count, Removal::BoundedRoots, rec);
}

// Empties v (a c stone of root root_[v]), keeping legal sets and growth counts exact. Used by
// undo to take back a placement; whole roots are removed by remove_roots(). One load per
// neighbour word: its old content and c count say what v's removal changes there.
template <int MaxN>
template <int c>
TANBO_ALWAYS_INLINE inline void BasicBoard<MaxN>::remove_stone(Vertex v) noexcept {
  constexpr int d = 1 - c;
  constexpr std::uint32_t kCountMask = 3u | (7u << count_shift(c));  // content + c count
  constexpr std::uint32_t kOne = 1u << count_shift(c);
  const Vertex head = root_[v];
  const std::uint32_t vword = point_[v] & ~3u;
  point_[v] = vword;
  hash_ ^= detail::kVertexKeys<MaxN>.key[c][v];
  --stones_[c];
  std::size_t count_c = legal_count_[c];
  const std::uint32_t v_bits = static_cast<std::uint32_t>(v) << xor_shift(c);
  for_each_neighbour<kWidth>(v, [&](const std::size_t n) TANBO_ALWAYS_INLINE {
    const std::uint32_t word = point_[n];
    const std::uint32_t after = (word ^ v_bits) - kOne;
    point_[n] = after;
    const std::uint32_t key = word & kCountMask;
    if (key == kOne) {  // empty, v was its only c neighbour: no longer a growth point of head
      --growth_[head];
      legal_remove(c, n, count_c);
    } else if (key == 2 * kOne) {  // empty, one c neighbour left: n becomes its growth point
      legal_add(c, n, count_c);
      ++growth_[root_[single_neighbour_in(c, after)]];
    }
  });
  // v's own neighbour counts are unchanged; its single c neighbour, if any, is the stone it
  // was attached to, in head's root.
  if (is_growth_word(c, vword)) {
    legal_add(c, v, count_c);
    ++growth_[head];
  }
  legal_count_[c] = static_cast<std::uint16_t>(count_c);
  if (is_growth_word(d, vword)) {
    legal_add(d, v);
    ++growth_[root_[single_neighbour_in(d, vword)]];
  }
}

// Removes the bounded roots `heads` (rule 6: all at once) in one pass over their stones, and
// notes them in `rec` unless it is null (playout() keeps no record).
// Being bounded, no removed root owns a growth point, so every empty point next to one had two or
// more friendly neighbours: removal can only create growth points (of roots that stay), never
// delete one. Counts only fall during removal, so a point whose count of colour x reaches one
// while it is empty, with that last x neighbour in a root that stays, is final: it becomes a
// growth point now, exactly once. If the last neighbour is in a root being removed (marked by
// kRemoving in its growth count) the one is only momentary and the point is skipped.
template <int MaxN>
void BasicBoard<MaxN>::remove_roots(const Vertex* heads, int count_of_heads, Removal kind, MoveRecord* rec) noexcept {
  for (int i = 0; i < count_of_heads; ++i) {
    assert(growth_[heads[i]] == 0);
    growth_[heads[i]] = kRemoving;
  }
  if (rec) rec->removal = kind;
  for (int i = 0; i < count_of_heads; ++i) {
    const Vertex head = heads[i];
    const bool white = cell(head) == cell_of(1);
    const int stones = white ? remove_root<1>(head) : remove_root<0>(head);
    if (!rec) continue;
    if (white) rec->removed_white_mask |= static_cast<std::uint8_t>(1u << rec->removed_roots);
    rec->removed[rec->removed_roots++] = head;
    auto& total = white ? rec->removed_white : rec->removed_black;
    total = static_cast<std::uint16_t>(total + stones);
  }
  for (int i = 0; i < count_of_heads; ++i) growth_[heads[i]] = 0;
}

// Empties the c root `head` for remove_roots(); returns its number of stones. (A branch-free
// version like add_stone()'s halved the mispredicts of removal but cost 40% more instructions
// per playout and was not faster; see README, Performance.)
template <int MaxN>
template <int c>
int BasicBoard<MaxN>::remove_root(Vertex head) noexcept {
  constexpr int d = 1 - c;
  constexpr std::uint32_t kCountMask = 3u | (7u << count_shift(c));  // content + c count
  constexpr std::uint32_t kOne = 1u << count_shift(c);
  // The c legal count and the hash stay in registers for the whole root (locals: the member
  // copies would be reloaded after every store to the point words).
  std::size_t count_c = legal_count_[c];
  std::uint64_t hash = hash_;
  int removed = 0;
  std::size_t s = head;
  do {  // next_ is left intact so undo can walk the root again
    // Only c stones leave in this loop, so s's d neighbour fields read here stay exact.
    const std::uint32_t sword = point_[s] & ~3u;
    point_[s] = sword;
    hash ^= detail::kVertexKeys<MaxN>.key[c][s];
    const std::uint32_t s_bits = static_cast<std::uint32_t>(s) << xor_shift(c);
    for_each_neighbour<kWidth>(s, [&](const std::size_t n) TANBO_ALWAYS_INLINE {
      const std::uint32_t after = (point_[n] ^ s_bits) - kOne;
      point_[n] = after;
      if ((after & kCountMask) == kOne) {  // empty, one c neighbour left
        const Vertex owner = root_[single_neighbour_in(c, after)];
        if (growth_[owner] != kRemoving) {  // in a root that stays
          legal_add(c, n, count_c);
          ++growth_[owner];
        }
      }
    });
    if (is_growth_word(d, sword)) {  // the emptied point, other colour
      const Vertex owner = root_[single_neighbour_in(d, sword)];
      if (growth_[owner] != kRemoving) {
        legal_add(d, s);
        ++growth_[owner];
      }
    }
    ++removed;
    s = next_[s];
  } while (s != head);
  legal_count_[c] = static_cast<std::uint16_t>(count_c);
  hash_ = hash;
  stones_[c] = static_cast<std::uint16_t>(stones_[c] - removed);
  --roots_[c];
  return removed;
}

template <int MaxN>
void BasicBoard<MaxN>::restore_root(Vertex head, int c) noexcept {
  int unused = 0;
  Vertex s = head;
  do {
    if (c == 0)
      add_stone<0, false>(s, head, nullptr, unused);
    else
      add_stone<1, false>(s, head, nullptr, unused);
    s = next_[s];
  } while (s != head);
  ++roots_[c];
}

}  // namespace tanbo::optimized
