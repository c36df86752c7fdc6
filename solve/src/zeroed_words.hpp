// The strong solver's memory: an array of 64-bit words that starts zeroed without writing them
// and gives its pages back early. Apart from the hash table that uses it because what it does
// (calloc's fresh pages, huge pages, madvise) is about the operating system, not about hashing.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tanbo::solve::strong {

// calloc hands out fresh pages, which the kernel zeroes on first touch, so a doubling's cost is
// spread over the threads that fill the table (std::vector's zero fill was the largest serial step
// of a 2-thread solve).
class ZeroedWords {
 public:
  ZeroedWords() = default;
  explicit ZeroedWords(std::size_t count)
      : data_(static_cast<std::uint64_t*>(std::calloc(count, sizeof(std::uint64_t)))), size_(count) {
    if (count != 0 && data_ == nullptr) throw std::bad_alloc();
    ask_for_huge_pages();
  }
  std::size_t size() const noexcept { return size_; }
  const std::uint64_t* data() const noexcept { return data_.get(); }
  std::uint64_t* data() noexcept { return data_.get(); }
  std::uint64_t& operator[](std::size_t i) noexcept { return data_.get()[i]; }
  // Gives the pages wholly inside words [first, last) back to the system (they read as zero
  // again): the compaction at the end frees the table as the records leave it.
  void release(std::size_t first, std::size_t last) noexcept {
#if defined(__linux__) && defined(MADV_DONTNEED)
    constexpr std::uintptr_t kPageBytes = 4096;
    const auto begin = (address(first) + kPageBytes - 1) & ~(kPageBytes - 1);
    const auto end = address(last) & ~(kPageBytes - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
#else
    (void)first;
    (void)last;
#endif
  }
  void swap(ZeroedWords& other) noexcept {
    data_.swap(other.data_);
    std::swap(size_, other.size_);
  }

 private:
  std::uintptr_t address(std::size_t i) const noexcept { return reinterpret_cast<std::uintptr_t>(data_.get() + i); }
  // Every probe lands on a random page: with 4 KiB pages nearly each one is a TLB miss as well as
  // a cache miss. Transparent huge pages (2 MiB) cut the TLB misses; asked for where the kernel
  // offers them, on the 2 MiB-aligned part of the array (a hint: nothing changes if refused).
  void ask_for_huge_pages() noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHugePageBytes = std::uintptr_t{1} << 21;
    const auto begin = (address(0) + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
    const auto end = address(size_) & ~(kHugePageBytes - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
  }
  struct Free {
    void operator()(std::uint64_t* words) const noexcept { std::free(words); }
  };
  std::unique_ptr<std::uint64_t, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace tanbo::solve::strong
