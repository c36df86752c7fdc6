// records.hpp: compaction of the strong solver's table into sorted records.
#include "records.hpp"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <thread>

#include "shared_table.hpp"

namespace tanbo::solve::strong {

namespace {

// Sorts the records with `threads` threads: each sorts a slice, then the slices are merged in
// rounds, the merges of a round in parallel (a single-threaded sort was a tenth of the 2-thread
// solve of dense-5).
void sort_records(std::vector<Record>& records, int threads) {
  const auto parts = static_cast<std::size_t>(threads);
  if (parts < 2 || records.size() < (std::size_t{1} << 12)) {  // (the 4x4 tests pass the bound)
    std::sort(records.begin(), records.end());
    return;
  }
  std::vector<std::size_t> bounds;
  for (std::size_t i = 0; i <= parts; ++i) bounds.push_back(records.size() * i / parts);
  auto at = [&](std::size_t i) { return records.begin() + static_cast<std::ptrdiff_t>(bounds[i]); };
  {
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i < parts; ++i) pool.emplace_back([&, i] { std::sort(at(i), at(i + 1)); });
    for (std::thread& sorter : pool) sorter.join();
  }
  while (bounds.size() > 2) {
    std::vector<std::size_t> next;
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i + 2 < bounds.size(); i += 2) {
      pool.emplace_back([&, i] { std::inplace_merge(at(i), at(i + 1), at(i + 2)); });
      next.push_back(bounds[i]);
    }
    for (std::thread& merger : pool) merger.join();
    if (bounds.size() % 2 == 0) next.push_back(bounds[bounds.size() - 2]);  // an odd slice waits a round
    next.push_back(bounds.back());
    bounds = std::move(next);
  }
}

}  // namespace

std::vector<Record> compact_records(ZeroedWords& slots, int threads) {
  ZeroedWords table;
  table.swap(slots);
  std::size_t count = 0;  // in place: the records gather at the front of the array
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::uint64_t word = table[i];
    if (word == 0) continue;
    if (!(word & kDone)) throw std::logic_error("strong solver: a position was left unfinished");
    table[count++] = Record::of(word & kKeyMask, outcome_of(word)).word;
  }
  // Copied out a chunk at a time, each chunk's pages given back once copied: the records never
  // sit in memory twice (that copy was dense-5's peak).
  table.release(count, table.size());
  std::vector<Record> records;
  records.reserve(count);
  constexpr std::size_t kChunkWords = std::size_t{1} << 18;  // 2 MiB
  for (std::size_t first = 0; first < count; first += kChunkWords) {
    const std::size_t last = std::min(count, first + kChunkWords);
    for (std::size_t i = first; i < last; ++i) records.push_back(Record{table[i]});
    table.release(first, last);
  }
  ZeroedWords().swap(table);
  sort_records(records, threads);
  return records;
}

}  // namespace tanbo::solve::strong
