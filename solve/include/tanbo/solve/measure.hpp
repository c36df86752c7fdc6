// How a solve reports what it cost and counted: the process's and a thread's CPU time, peak memory, and
// counts with thousands separators. One definition for `tanbo solve`, the table reader's
// messages, the solver benchmark and the solver tests. POSIX (getrusage), as the solver is.
#pragma once

#include <cstdint>
#include <string>

namespace tanbo::solve {

/// User plus system CPU seconds of this process so far (all threads).
double process_cpu_seconds() noexcept;

/// CPU seconds of the calling thread so far (the strong solver's per-worker figures in
/// SolveStats: measurements, never part of a result).
double thread_cpu_seconds() noexcept;

/// The process's peak resident set so far, in bytes.
std::uint64_t peak_rss_bytes() noexcept;

/// `n` with a comma between groups of three digits: 1234567 -> "1,234,567".
std::string thousands(std::uint64_t n);

}  // namespace tanbo::solve
