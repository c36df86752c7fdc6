// Forged strong-table files for the tests: a table file's bytes changed record by record and then
// resealed (its SHA-256 recomputed, as a forger would), so reading accepts the hash and only the
// checks of the records' meaning (Table::probe, verify(), the ordering checks of Table::read) can
// refuse them. Header-only; also the tests' small start, a table's file bytes (file_of) and the
// message reading bytes draws (table_refusal).
#pragma once

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>

#include "tanbo/certificate/sha256.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve::testing {

/// The tests' small start: a 4x4 board solved in milliseconds.
inline const char* const kSmall4 = "X2O/4/4/O2X X";

/// The message of the TableError reading `bytes` as "t.tbl" throws (with the start `expected`
/// when given), or "" if it reads.
inline std::string table_refusal(const std::string& bytes, const Position* expected = nullptr) {
  std::istringstream in(bytes);
  try {
    if (expected != nullptr)
      (void)Table::read(in, "t.tbl", *expected);
    else
      (void)Table::read(in, "t.tbl");
  } catch (const TableError& e) {
    return e.what();
  }
  return "";
}

/// The bytes of `t`'s table file.
inline std::string file_of(const Table& t) {
  std::ostringstream out;
  t.write(out);
  return out.str();
}

/// `r` with its value turned round (its length kept): the forger's usual lie.
inline Record value_flipped(Record r) { return r.with(PackedOutcome::of(!r.packed().wins(), r.packed().length())); }

/// A table file's bytes, edited in place (layout: docs/solutions.md, "The table file").
class ForgedTable {
 public:
  explicit ForgedTable(std::string bytes) : bytes_(std::move(bytes)) {}

  /// Bytes of the header: where record 0 starts.
  std::size_t header_size() const { return static_cast<std::size_t>(get(12, 4)); }
  std::size_t record_count() const { return static_cast<std::size_t>(get(24, 8)); }
  /// Byte offset of record `i`.
  std::size_t offset(std::size_t i) const { return header_size() + 8 * i; }
  Record record(std::size_t i) const { return Record{get(offset(i), 8)}; }
  void set_record(std::size_t i, Record r) { put(offset(i), r.word, 8); }
  /// The index of the record of canonical key `key`, or record_count() if none.
  std::size_t find(std::uint64_t key) const {
    for (std::size_t i = 0; i < record_count(); ++i)
      if (record(i).key() == key) return i;
    return record_count();
  }
  /// Removes record `i` (the count follows; the position count is the caller's: set_positions).
  void erase(std::size_t i) {
    bytes_.erase(offset(i), 8);
    put(24, record_count() - 1, 8);
  }
  std::uint64_t positions() const { return get(32, 8); }
  void set_positions(std::uint64_t p) { put(32, p, 8); }
  /// The start's value byte of the header (40: 1 when the side to move wins).
  void set_start_wins(bool wins) { bytes_[40] = wins ? 1 : 0; }
  void set_start_length(int length) { bytes_[41] = static_cast<char>(length); }

  /// The file with its SHA-256 (bytes 48 to 79) recomputed over every other byte.
  std::string sealed() const {
    std::string out = bytes_;
    certificate::Sha256 sha;
    sha.update(out.data(), 48);
    sha.update(out.data() + 80, out.size() - 80);
    const auto digest = sha.digest();
    std::memcpy(out.data() + 48, digest.data(), digest.size());
    return out;
  }

 private:
  std::uint64_t get(std::size_t at, int bytes) const {
    std::uint64_t v = 0;
    for (int b = bytes - 1; b >= 0; --b) v = v << 8 | static_cast<unsigned char>(bytes_[at + static_cast<std::size_t>(b)]);
    return v;
  }
  void put(std::size_t at, std::uint64_t v, int bytes) {
    for (int b = 0; b < bytes; ++b) bytes_[at + static_cast<std::size_t>(b)] = static_cast<char>(v >> (8 * b));
  }
  std::string bytes_;
};

}  // namespace tanbo::solve::testing
