// The end of a strong solve: the hash table turned into the Table's records (record.hpp,
// sorted). Its own room because it is where the solve's memory peaks and where the
// threads help once more (the sort), apart from the search.
#pragma once

#include <cstdint>
#include <vector>

#include "tanbo/solve/record.hpp"
#include "zeroed_words.hpp"

namespace tanbo::solve::strong {

// The records of the finished table `slots` (emptied, its pages given back as they are copied),
// sorted with `threads` threads. @throws std::logic_error if a word is not done (a bug).
std::vector<Record> compact_records(ZeroedWords& slots, int threads);

}  // namespace tanbo::solve::strong
