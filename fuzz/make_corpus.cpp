// Writes the checked-in seed corpora under fuzz/corpus/<target>/ and the differential target's
// dictionary fuzz/dict/differential.dict (run through scripts/fuzz-make-corpus.sh); with
// --canonical re-encodes the differential corpus canonically (also the inputs libFuzzer merged
// in); with --check verifies both (a CTest test), so neither can drift from the codec
// (differential/include/tanbo/differential/script.hpp). Deterministic: fixed seeds, so regenerating changes
// nothing unless the generator, the byte format or the engines change. Seeds are small but
// meaningful: every variant's opening, games played to removals and to the end, every step kind,
// custom and invalid starts, and records with headers, comments and errors.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tanbo/core/hex.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/core/record.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/differential/campaign.hpp"
#include "tanbo/differential/script.hpp"

namespace {

using namespace tanbo;
using Bytes = std::vector<std::uint8_t>;

// fuzz_differential runs the first 1024 bytes of an input (kMaxInput there).
constexpr std::size_t kMaxInput = 1024;

void write(const std::filesystem::path& dir, const std::string& name, const std::string& content) {
  std::filesystem::create_directories(dir);
  std::ofstream out(dir / name, std::ios::binary);
  out << content;
  if (!out) {
    std::fprintf(stderr, "make_corpus: cannot write %s\n", (dir / name).string().c_str());
    std::exit(1);
  }
}

void write(const std::filesystem::path& dir, const std::string& name, const Bytes& b) {
  write(dir, name, std::string(b.begin(), b.end()));
}

// A random game on `v` played to its end (or `cap` moves) with the optimized engine.
std::vector<Point> random_game(const Variant& v, std::uint64_t seed, std::size_t cap) {
  optimized::Game g(v);
  Rng rng(seed);
  while (!g.is_over() && static_cast<std::size_t>(g.ply()) < cap) g.play(g.random_legal_move(rng));
  return g.moves();
}

// A script playing `moves` from `v` exactly: each move as its index among the legal moves (a
// wide step when the index does not fit a legal-move step).
differential::Script script_for(const Variant& v, const std::vector<Point>& moves) {
  optimized::Game g(v);
  differential::Script s{v, {}};
  for (const Point p : moves) {
    const auto legal = g.legal_moves();
    const auto index = static_cast<std::size_t>(std::find(legal.begin(), legal.end(), p) - legal.begin());
    s.steps.push_back(index < differential::kStepRaw ? differential::Step::legal(static_cast<std::uint8_t>(index))
                                               : differential::Step::wide(static_cast<std::uint16_t>(index)));
    g.play(p);
  }
  return s;
}

void write(const std::filesystem::path& dir, const std::string& name, const differential::Script& s) {
  write(dir, name, differential::encode(s));
}

void differential_corpus(const std::filesystem::path& dir) {
  using differential::Step;
  for (const Variant& v : Variant::all_named()) write(dir, "opening-" + v.name(), script_for(v, random_game(v, 1, 12)));
  // Whole games, then attempts after the end, an undo, a probe and a record check.
  for (const char* name : {"lattice-5", "lattice-7", "dense-5", "dense-7", "lattice-9", "dense-9"}) {
    const Variant v = Variant::parse(name);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      differential::Script s = script_for(v, random_game(v, seed, 2000));
      s.steps.insert(s.steps.end(), {Step::legal(0x00), Step::legal(0x10), Step::undo(), Step::probe(),
                                     Step::legal(0x05), Step::record_check()});
      write(dir, "game-to-end-" + std::string(name) + "-" + std::to_string(seed), s);
    }
  }
  write(dir, "every-step-kind",
        differential::Script{Variant::lattice(5),
                       {Step::legal(0), Step::legal(5), Step::raw(2, 2), Step::wide(1), Step::undo(),
                        Step::copy(), Step::legal(3), Step::multi_undo(8), Step::probe(), Step::legal(4),
                        Step::record_check(), Step::undo(), Step::raw(0xFF, 0xFE)}});
  // Custom starts: 2x2 and 4x4 boards (no named variant has them), one invalid start.
  const auto custom = [](int n, Color to_move, std::vector<differential::StartStone> stones) {
    return differential::CustomStart{n, to_move, std::move(stones)};
  };
  write(dir, "custom-2x2",
        differential::Script{custom(2, Color::Black, {{{0, 0}, Color::Black}, {{1, 1}, Color::White}}),
                       {Step::legal(0), Step::legal(0), Step::legal(0)}});
  write(dir, "custom-4x4-white-first",
        differential::Script{custom(4, Color::White, {{{0, 0}, Color::Black}, {{3, 3}, Color::White}}),
                       {Step::legal(0), Step::legal(1), Step::legal(0), Step::undo()}});
  write(dir, "custom-invalid-no-white",
        differential::Script{custom(5, Color::Black, {{{1, 1}, Color::Black}}), {Step::legal(0)}});
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed);
    write(dir, "random-" + std::to_string(seed), differential::random_script(rng, kMaxInput));
  }
}

// The dictionary: step and start sequences that byte-level mutation rarely assembles, written
// from the codec's own constants and encoder.
std::string differential_dict() {
  using differential::Step;
  std::string out =
      "# libFuzzer / AFL++ dictionary for fuzz_differential: step sequences of the byte encoding\n"
      "# (differential/include/tanbo/differential/script.hpp). Generated by fuzz/make_corpus.cpp; a test checks it.\n";
  const auto entry = [&](const char* name, const Bytes& bytes) {
    out += name;
    out += "=\"";
    for (const std::uint8_t b : bytes) out += "\\x" + tanbo::hex(std::span(&b, 1));
    out += "\"\n";
  };
  const auto step = [&](const char* name, const Step& s) {
    Bytes b;
    differential::encode_step(s, b);
    entry(name, b);
  };
  step("probe", Step::probe());
  step("record_check", Step::record_check());
  step("undo", Step::undo());
  step("multi_undo", Step::multi_undo(8));
  step("copy", Step::copy());
  step("raw_point_corner", Step::raw(2, 2));
  step("raw_point_off_board", Step::raw(0, 0));
  step("raw_point_int_max", Step::raw(0xFF, 0xFE));
  step("wide_move", Step::wide(0x100));
  // A custom start's header: 5x5, Black to move, 5 stones (the stones follow).
  const Bytes start = differential::encode(differential::Script{
      differential::CustomStart{5, Color::Black, std::vector<differential::StartStone>(5, differential::StartStone{{0, 0}, Color::Black})},
      {}});
  entry("custom_start_5x5", Bytes(start.begin(), start.begin() + 3));
  return out;
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The canonical form of a corpus input as fuzz_differential runs it: the script of its first
// kMaxInput bytes, re-encoded; steps that would push it past kMaxInput are dropped (only a step
// cut at the limit, whose missing operands the codec writes out).
Bytes canonical(const std::string& content) {
  const Bytes bytes(content.begin(), content.begin() + static_cast<long>(std::min(content.size(), kMaxInput)));
  differential::Script s = differential::decode(bytes);
  Bytes out = differential::encode(s);
  while (out.size() > kMaxInput && !s.steps.empty()) {
    s.steps.pop_back();
    out = differential::encode(s);
  }
  return out;
}

std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

void notation_corpus(const std::filesystem::path& dir) {
  const std::pair<int, const char*> names[] = {
      {19, "A1"}, {19, "s19"}, {19, "T1"}, {19, "A20"}, {25, "Y25"}, {25, "Z1"}, {2, "B2"},
      {2, "C1"}, {19, "A0"}, {19, "A07"}, {19, "B100"}, {19, "A"}, {19, "1A"}, {19, ""},
      {9, "e5"}, {13, "M13"}, {19, "A1 "}, {19, "@1"}};
  int i = 0;
  for (const auto& [n, text] : names) {
    std::string s(1, static_cast<char>(n - kMinSize));
    s += text;
    write(dir, "name-" + std::to_string(i++), s);
  }
}

void position_corpus(const std::filesystem::path& dir) {
  for (const Variant& v : Variant::all_named()) write(dir, "opening-" + v.name(), opening(v).to_string());
  const std::pair<const char*, const char*> texts[] = {
      {"custom-2x2", "X1/1O X"},
      {"custom-3x3-white", "X2/3/2O O"},
      {"custom-with-steps", "X3O/5/5/5/O3X X\n\x01\x02\xF0\xFE\xFF"},
      {"lowercase", "x3o/5/5/5/o3x x lattice-5"},
      {"invalid-bounded-root", "XO/OX X"},
      {"invalid-no-stones", "3/3/3 X"},
      {"error-row-length", "X3O/4/5/5/O3X X"},
      {"error-zero-count", "X03O/5/5/5/O3X X"},
      {"error-side", "X3O/5/5/5/O3X Z"},
      {"error-variant-size", "X3O/5/5/5/O3X X lattice-7"},
      {"error-empty", "   "},
      {"error-26-rows", "1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1 X"}};
  for (const auto& [name, text] : texts) write(dir, name, std::string(text));
}

void record_corpus(const std::filesystem::path& dir) {
  for (const char* name : {"lattice-5", "lattice-7", "dense-5", "dense-7", "lattice-9"}) {
    const Variant v = Variant::parse(name);
    write(dir, std::string("game-to-end-") + name,
          "# a whole random game (seed 3)\n" + format_record(opening(v), random_game(v, 3, 2000)));
  }
  write(dir, "classic-60-moves", format_record(opening(Variant::classic()), random_game(Variant::classic(), 4, 60)));
  const Position custom = Position::parse("X2/3/2O O");
  write(dir, "custom-position-header", format_record(custom, random_game(Variant::lattice(5), 9, 0)));
  const std::pair<const char*, const char*> texts[] = {
      {"comments", "# comment\n[Variant \"lattice-5\"]  # after header\nB1 # first\n  D1\tb2\n"},
      {"position-header", "[Position \"X3O/5/5/5/O3X X\"]\nB1 D1\n"},
      {"error-illegal-move", "[Variant \"lattice-5\"]\nB1 C3\n"},
      {"error-move-after-end", "[Variant \"lattice-5\"]\nB1 D1 A2 E2 B2 D2 C2\n"},
      {"error-off-board", "[Variant \"lattice-5\"]\nF1\n"},
      {"error-unknown-header", "[Event \"x\"]\nA2\n"},
      {"error-two-headers", "[Variant \"lattice-5\"]\n[Variant \"lattice-7\"]\n"},
      {"error-header-after-move", "B1\n[Variant \"lattice-5\"]\n"},
      {"error-unterminated", "[Variant \"lattice-5]\n"},
      {"error-bad-position", "[Position \"XO/OX X\"]\n"},
      {"error-variant", "[Variant \"lattice-6\"]\n"},
      {"crlf", "[Variant \"dense-5\"]\r\nB1\r\n"}};
  for (const auto& [name, text] : texts) write(dir, name, std::string(text));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 4 ? argv[1] : "";
  if (!(argc == 3 || (argc == 4 && (mode == "--check" || mode == "--canonical")))) {
    std::fprintf(stderr,
                 "usage: tanbo_fuzz_make_corpus [--check | --canonical] CORPUS_DIR DICT_DIR\n"
                 "       (normally fuzz/corpus fuzz/dict)\n");
    return 2;
  }
  const std::filesystem::path root = argv[argc - 2], dict = std::filesystem::path(argv[argc - 1]) / "differential.dict";
  if (mode == "--check") {
    int problems = 0;
    if (read(dict) != differential_dict()) {
      std::fprintf(stderr, "%s differs from what make_corpus.cpp generates: run scripts/fuzz-make-corpus.sh\n",
                   dict.string().c_str());
      ++problems;
    }
    const auto files = files_in(root / "differential");
    for (const auto& f : files) {
      const std::string content = read(f);
      if (Bytes(content.begin(), content.end()) == canonical(content)) continue;
      std::fprintf(stderr, "%s is not canonical: run tanbo_fuzz_make_corpus --canonical\n", f.string().c_str());
      ++problems;
    }
    std::printf("%zu differential corpus inputs checked, dictionary checked: %d problem(s)\n", files.size(), problems);
    return problems ? 1 : 0;
  }
  if (mode == "--canonical") {
    std::size_t changed = 0;
    const auto files = files_in(root / "differential");
    for (const auto& f : files) {
      const std::string content = read(f);
      const Bytes c = canonical(content);
      if (Bytes(content.begin(), content.end()) == c) continue;
      write(f.parent_path(), f.filename().string(), c);
      ++changed;
    }
    std::printf("%zu of %zu differential corpus inputs re-encoded canonically\n", changed, files.size());
    return 0;
  }
  differential_corpus(root / "differential");
  notation_corpus(root / "notation");
  position_corpus(root / "position");
  record_corpus(root / "record");
  std::filesystem::create_directories(dict.parent_path());
  write(dict.parent_path(), dict.filename().string(), differential_dict());
  std::printf("seed corpora written under %s, dictionary %s\n", root.string().c_str(), dict.string().c_str());
  return 0;
}
