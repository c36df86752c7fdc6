// The strong table's file format, lookups and probe. The file (little-endian, version 1; the
// layout is documented in docs/solutions.md):
//   0   8  magic "TANBOTBL"            40  1  start's value (1: the side to move wins)
//   8   4  format version (1)          41  1  start's perfect-play length
//   12  4  header bytes H              42  1  symmetry mask (bit s: symmetry s keeps the start)
//   16  4  board side N                43  5  zero
//   20  4  start text bytes L          48 32  SHA-256 of every other byte of the file
//   24  8  record count R              80  L  start text, zero-padded to H (a multiple of 8)
//   32  8  reachable positions         H  8R  records: key << 8 | length << 1 | wins, increasing
// Reading checks every field against the records (sorted, canonical, valid cells, the start's
// record, the orbit sum) and the hash, so a damaged file is refused with the offset of the fault.
#include <algorithm>
#include <cstring>
#include <istream>
#include <ostream>
#include <string>

#include "successors.hpp"
#include "tanbo/certificate/sha256.hpp"
#include "tanbo/core/hex.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/reference/rules.hpp"
#include "tanbo/solve/measure.hpp"
#include "tanbo/solve/strong.hpp"

namespace tanbo::solve {

namespace {

constexpr char kMagic[8] = {'T', 'A', 'N', 'B', 'O', 'T', 'B', 'L'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kFixedHeader = 80;
constexpr std::size_t kHashOffset = 48;
constexpr std::uint32_t kMaxStartText = 1024;

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
std::uint64_t get(const std::string& in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  return v;
}
std::uint8_t symmetry_mask(const KeyCodec& codec) {
  std::uint8_t mask = 0;
  for (const int s : codec.symmetries()) mask = static_cast<std::uint8_t>(mask | 1u << s);
  return mask;
}

// The header bytes (hash field zero) of a table.
std::string header_bytes(const std::string& start_text, int size, std::uint64_t records, std::uint64_t positions,
                         Outcome start, std::uint8_t mask) {
  std::string h(kMagic, sizeof kMagic);
  put(h, kVersion, 4);
  const std::size_t total = (kFixedHeader + start_text.size() + 7) / 8 * 8;
  put(h, total, 4);
  put(h, static_cast<std::uint64_t>(size), 4);
  put(h, start_text.size(), 4);
  put(h, records, 8);
  put(h, positions, 8);
  put(h, start.wins() ? 1 : 0, 1);
  put(h, static_cast<std::uint64_t>(start.length), 1);
  put(h, mask, 1);
  put(h, 0, 5);
  h.append(32, '\0');
  h += start_text;
  h.append(total - h.size(), '\0');
  return h;
}

std::array<std::uint8_t, 32> hash_of(const std::string& header, const std::vector<Record>& records) {
  certificate::Sha256 sha;
  sha.update(header.data(), kHashOffset);
  sha.update(header.data() + kHashOffset + 32, header.size() - kHashOffset - 32);
  std::string chunk;
  chunk.reserve(8 * 4096);
  for (std::size_t i = 0; i < records.size(); ++i) {
    put(chunk, records[i].word, 8);
    if (chunk.size() == 8 * 4096 || i + 1 == records.size()) {
      sha.update(chunk.data(), chunk.size());
      chunk.clear();
    }
  }
  return sha.digest();
}

bool same_board(const Position& a, const Position& b) {
  return a.size() == b.size() && a.cells() == b.cells() && a.to_move() == b.to_move();
}

}  // namespace

TableError::TableError(const std::string& file, std::uint64_t offset, const std::string& reason)
    : Error(file + ": byte " + std::to_string(offset) + ": " + reason), offset_(offset) {}

std::string start_label(const Position& start) {
  const Variant& v = start.variant();
  if (v.kind != VariantKind::Custom) {
    const Position o = opening(v);
    if (same_board(o, start)) return v.name();
  }
  Position plain(start.size());
  for (int i = 0; i < start.size() * start.size(); ++i) plain.set(start.point(i), start.cells()[static_cast<std::size_t>(i)]);
  plain.set_to_move(start.to_move());
  const std::string s = plain.to_string();
  // Position::to_string() appends the variant tag; the label is board and side only (all of s
  // were there no tag: substr stops at the end).
  return s.substr(0, s.find(' ', s.find(' ') + 1));
}

Table::Table(const Position& start, std::string start_text)
    : start_(start), start_text_(std::move(start_text)), codec_(start) {}

void Table::finish() {
  positions_ = 0;
  for (const Record r : records_) positions_ += static_cast<std::uint64_t>(codec_.orbit_size(r.key()));
  hash_ = hash_of(header_bytes(start_text_, size(), records_.size(), positions_, start_outcome(), symmetry_mask(codec_)),
                       records_);
}

Outcome Table::start_outcome() const {
  const auto o = lookup_key(codec_.key(start_));
  if (!o) throw std::logic_error("strong table without its start");
  return *o;
}

std::size_t Table::record_index(std::uint64_t canonical) const noexcept {
  const auto it = std::lower_bound(records_.begin(), records_.end(), Record::first_of(canonical));
  if (it == records_.end() || it->key() != canonical) return records_.size();
  return static_cast<std::size_t>(it - records_.begin());
}

std::uint64_t Table::record_offset(std::size_t index) const noexcept {
  return (kFixedHeader + start_text_.size() + 7) / 8 * 8 + 8 * static_cast<std::uint64_t>(index);
}

std::string Table::source() const { return file_.empty() ? "the table of " + start_text_ : file_; }

std::optional<Outcome> Table::lookup_key(std::uint64_t key) const {
  const std::size_t i = record_index(codec_.canonical(key));
  if (i == records_.size()) return std::nullopt;
  return records_[i].outcome();
}

std::optional<Outcome> Table::lookup(const Position& pos) const {
  if (pos.size() != size()) return std::nullopt;
  return lookup_key(codec_.key(pos));
}

Answer Table::probe(const Position& pos, bool with_line) const {
  Answer out;
  out.to_move = pos.to_move();
  const auto outcome = lookup(pos);
  if (!outcome) return out;
  out.outcome = *outcome;
  const std::optional<Color> finished_winner = reference::winner(pos);  // rule 7
  const std::uint64_t key = codec_.key(pos);
  if (finished_winner) {
    check_record(key, *outcome, finished_winner, out.moves);
    return out;
  }
  detail::OptimizedExplorer ex(pos, codec_);
  detail::OptimizedExplorer::Move moves[kMaxStrongPoints];
  detail::successors(*this, ex, moves, out.moves);
  check_record(key, *outcome, std::nullopt, out.moves);
  out.best_move = perfect_move(out.moves);
  if (!with_line) return out;
  std::vector<MoveOutcome> list = out.moves;
  Outcome here = *outcome;  // the record of the line's current position
  for (int ply = 0; ply < kMaxLength && !ex.is_over(); ++ply) {
    if (ply > 0) {
      detail::successors(*this, ex, moves, list);
      check_record(ex.key(), here, std::nullopt, list);  // the line's positions are checked too
    }
    const std::optional<Point> best = perfect_move(list);
    if (!best) break;  // a position not over has a legal move, each in the table (successors())
    out.line.push_back(*best);
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list[i].move == *best) {
        here = Outcome::of(!list[i].outcome.wins(), list[i].outcome.length - 1);
        ex.play(moves[i]);
        break;
      }
  }
  // The line's end: a finished game, whose record rule 7 checks.
  const Position end = codec_.position(ex.key());
  check_record(ex.key(), here, reference::winner(end), {});
  return out;
}

namespace detail {

int row_major_moves(const OptimizedExplorer& explorer, int size, OptimizedExplorer::Move* moves) {
  const int count = explorer.moves(moves);
  std::sort(moves, moves + count, [&](auto a, auto b) { return explorer.index(a, size) < explorer.index(b, size); });
  return count;
}

void successors(const Table& table, OptimizedExplorer& explorer, OptimizedExplorer::Move* moves,
                std::vector<MoveOutcome>& out) {
  const int n = table.size();
  const int count = row_major_moves(explorer, n, moves);
  out.clear();
  for (int i = 0; i < count; ++i) {
    explorer.play(moves[i]);
    const auto child = table.lookup_key(explorer.key());
    explorer.undo();
    // Only a forged file gets here (a damaged one fails its hash when read): named by its parent's
    // record, the position being expanded.
    if (!child) {
      const std::uint64_t parent = explorer.key();
      throw TableError(table.source(), table.record_offset(table.record_index(table.codec().canonical(parent))),
                       "the table is damaged: the position " + start_label(table.codec().position(parent)) +
                           " is held but its successor after " +
                           point_name(row_major_point(explorer.index(moves[i], n), n)) + " is missing");
    }
    out.push_back({row_major_point(explorer.index(moves[i], n), n), child->before_move()});
  }
}

}  // namespace detail

void Table::write(std::ostream& out) const {
  std::string header = header_bytes(start_text_, size(), records_.size(), positions_, start_outcome(), symmetry_mask(codec_));
  std::memcpy(header.data() + kHashOffset, hash_.data(), hash_.size());
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  std::string chunk;
  chunk.reserve(8 * 4096);
  for (std::size_t i = 0; i < records_.size(); ++i) {
    put(chunk, records_[i].word, 8);
    if (chunk.size() == 8 * 4096 || i + 1 == records_.size()) {
      out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      chunk.clear();
    }
  }
  out.flush();
  if (!out) throw Error("could not write the table file");
}

Table Table::read(std::istream& in, const std::string& name, const Position& expected) {
  Table t = read(in, name);
  if (!same_board(t.start_, expected))
    throw TableError(name, kFixedHeader, "the table is of the start " + t.start_text_ + ", not of " + start_label(expected));
  return t;
}

namespace {

// The header's fields (layout at the top of this file), read and range-checked.
struct HeaderFields {
  std::string bytes;  // the whole header: fixed part, start text, padding
  std::uint64_t header_size = 0, board_side = 0, text_size = 0, record_count = 0, positions = 0;
};

// The fixed part of the header, every field checked, naming its byte offset.
HeaderFields read_fixed_header(std::istream& in, const std::string& name) {
  HeaderFields h;
  h.bytes.assign(kFixedHeader, '\0');
  in.read(h.bytes.data(), static_cast<std::streamsize>(h.bytes.size()));
  const auto got = static_cast<std::size_t>(in.gcount());
  if (got >= 8 && std::memcmp(h.bytes.data(), kMagic, 8) != 0)
    throw TableError(name, 0, "not a tanbo strong-table file (its first 8 bytes are not \"TANBOTBL\")");
  if (got < kFixedHeader)
    throw TableError(name, got, "truncated: the file ends inside the " + std::to_string(kFixedHeader) + "-byte header");
  const std::uint64_t version = get(h.bytes, 8, 4);
  if (version != kVersion)
    throw TableError(name, 8, "format version " + std::to_string(version) + "; this tanbo reads version " +
                                  std::to_string(kVersion));
  h.header_size = get(h.bytes, 12, 4), h.board_side = get(h.bytes, 16, 4), h.text_size = get(h.bytes, 20, 4);
  h.record_count = get(h.bytes, 24, 8), h.positions = get(h.bytes, 32, 8);
  if (h.text_size > kMaxStartText)
    throw TableError(name, 20, "start text of " + std::to_string(h.text_size) + " bytes (at most " +
                                   std::to_string(kMaxStartText) + ")");
  if (h.header_size != (kFixedHeader + h.text_size + 7) / 8 * 8)
    throw TableError(name, 12, "header size " + std::to_string(h.header_size) + " does not fit a start text of " +
                                   std::to_string(h.text_size) + " bytes");
  if (h.board_side < static_cast<std::uint64_t>(kMinSize) || h.board_side > static_cast<std::uint64_t>(kMaxStrongSize))
    throw TableError(name, 16, "board side " + std::to_string(h.board_side) + " (strong tables have sides 2 to " +
                                   std::to_string(kMaxStrongSize) + ")");
  for (std::size_t i = 43; i < kHashOffset; ++i)
    if (h.bytes[i] != 0) throw TableError(name, 43, "reserved header bytes are not zero");
  return h;
}

// The start text after the fixed header (and its zero padding): a start that can begin a game,
// of the header's board side.
std::string read_start_text(std::istream& in, const std::string& name, HeaderFields& h, Position& start) {
  h.bytes.resize(h.header_size);
  in.read(h.bytes.data() + kFixedHeader, static_cast<std::streamsize>(h.header_size - kFixedHeader));
  if (static_cast<std::uint64_t>(in.gcount()) != h.header_size - kFixedHeader)
    throw TableError(name, kFixedHeader + static_cast<std::uint64_t>(in.gcount()), "truncated: the file ends inside the start text");
  std::string start_text = h.bytes.substr(kFixedHeader, h.text_size);
  for (std::size_t i = kFixedHeader + h.text_size; i < h.header_size; ++i)
    if (h.bytes[i] != 0) throw TableError(name, i, "the start text's padding is not zero");
  try {
    start = read_start(start_text);  // as the front ends read it (core/variant.hpp)
    const optimized::BasicBoard<optimized::kSmallCapacity> check(start);  // can it begin a game?
  } catch (const Error& e) {
    throw TableError(name, kFixedHeader, "start \"" + printable(start_text, 60) + "\": " + e.what());
  }
  if (static_cast<std::uint64_t>(start.size()) != h.board_side)
    throw TableError(name, 16, "board side " + std::to_string(h.board_side) + ", but the start " + start_text + " is " +
                                   std::to_string(start.size()) + "x" + std::to_string(start.size()));
  return start_text;
}

// One record at byte `offset`, checked: its fields, its cells, canonical, and (unless it is the
// first) its key above the previous record's.
void check_layout(const std::string& name, std::uint64_t offset, Record record, Record previous, bool first,
                  const KeyCodec& codec, std::uint64_t board_side) {
  const std::uint64_t key = record.key();
  const std::uint64_t key_bits = (std::uint64_t{1} << codec.side_shift() << 1) - 1;
  if (!first && key == previous.key())
    throw TableError(name, offset, "a repeated record: its key is the previous record's (each key must exceed the previous one)");
  if (!first && key < previous.key())
    throw TableError(name, offset, "records out of order (each key must exceed the previous one)");
  if ((key & ~key_bits) != 0)  // the 7-bit length field holds at most kMaxLength: nothing to check
    throw TableError(name, offset, "a record with bits outside its fields");
  for (std::uint64_t c = 0; c < board_side * board_side; ++c)
    if (((key >> (2 * c)) & 3) == 3) throw TableError(name, offset, "a record whose key has a cell of value 3");
  if (codec.canonical(key) != key) throw TableError(name, offset, "a record whose key is not canonical");
}

// The records, read in chunks (never sized by the header's claim), each checked as it comes.
void read_records(std::istream& in, const std::string& name, const HeaderFields& h, const KeyCodec& codec,
                  std::vector<Record>& records) {
  std::string chunk(8 * 4096, '\0');
  for (;;) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto bytes = static_cast<std::size_t>(in.gcount());
    const std::uint64_t at = h.header_size + 8 * records.size();
    if (bytes % 8 != 0) {
      // Bytes past the announced records are extra bytes, not a truncated record.
      if (records.size() + bytes / 8 >= h.record_count)
        throw TableError(name, h.header_size + 8 * h.record_count,
                         "the file goes on after the " + thousands(h.record_count) + " records its header announces");
      throw TableError(name, at + bytes / 8 * 8, "truncated: the file ends inside a record");
    }
    for (std::size_t i = 0; i < bytes; i += 8) {
      const Record r{get(chunk, i, 8)};
      if (records.size() == h.record_count)
        throw TableError(name, at + i, "the file holds more than the " + thousands(h.record_count) +
                                           " records its header announces");
      check_layout(name, at + i, r, records.empty() ? Record{} : records.back(), records.empty(), codec, h.board_side);
      records.push_back(r);
    }
    if (bytes < chunk.size()) break;
  }
  // More records than announced were refused in the loop, at the first one too many.
  if (records.size() < h.record_count)
    throw TableError(name, h.header_size + 8 * records.size(),
                     "truncated: the header announces " + thousands(h.record_count) + " records, the file holds " +
                         thousands(records.size()));
}

}  // namespace

Table Table::read(std::istream& in, const std::string& name) {
  HeaderFields h = read_fixed_header(in, name);
  Position start(static_cast<int>(h.board_side));
  const std::string start_text = read_start_text(in, name, h, start);
  Table t(start, start_text);
  t.file_ = name;
  if (get(h.bytes, 42, 1) != symmetry_mask(t.codec_))
    throw TableError(name, 42, "symmetry mask " + std::to_string(get(h.bytes, 42, 1)) + " is not the start's (" +
                                   std::to_string(symmetry_mask(t.codec_)) + ")");
  read_records(in, name, h, t.codec_, t.records_);
  // What the header says of the records: the start's value and length, the positions, the hash.
  const auto start_outcome = t.lookup_key(t.codec_.key(start));
  if (!start_outcome) throw TableError(name, h.header_size, "the records do not hold the start");
  if (start_outcome->wins() != (get(h.bytes, 40, 1) == 1) || get(h.bytes, 40, 1) > 1 ||
      static_cast<std::uint64_t>(start_outcome->length) != get(h.bytes, 41, 1))
    throw TableError(name, 40, "the header's value and length of the start are not its record's");
  t.finish();
  if (t.positions_ != h.positions)
    throw TableError(name, 32, "the header counts " + thousands(h.positions) + " positions; the records hold " +
                                   thousands(t.positions_));
  std::array<std::uint8_t, 32> stored{};
  std::memcpy(stored.data(), h.bytes.data() + kHashOffset, 32);
  if (stored != t.hash_)
    throw TableError(name, kHashOffset, "content hash mismatch: the file is corrupted (stored " + hex(stored) +
                                            ", computed " + hex(t.hash_) + ")");
  return t;
}

}  // namespace tanbo::solve
