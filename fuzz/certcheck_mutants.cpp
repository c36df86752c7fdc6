// The C++ and Coq certificate checkers on the same deterministic mutants (CTest "fuzz: the C++
// and Coq certificate checkers agree on resealed mutants"; the libFuzzer twin is
// fuzz_certcheck): each certificate named is mutated --mutants times by a seeded generator (a
// changed byte, a line deleted, doubled or moved, and the header edits the two readers once
// disagreed on: relabelled or misspelled starts, free text after the start, starts that cannot
// begin a game, within lines around the true depth, numbers with a sign or a leading zero, a
// wrong sha256, a missing final newline, CRLF), resealed with the right sha256 unless the
// mutation is the hash itself, and given to both checkers, which must both accept or both
// refuse. Every disagreement is printed with the seed, the mutant's number and its mutations,
// and written to --save DIR (default: the working directory) for fuzz/corpus/certcheck/.
//
//   certcheck_mutants --certcheck TANBO_CERTCHECK [--seed S] [--mutants N] [--save DIR] FILE[:N]...
//
// FILE:N gives that file its own number of mutants. Exit status: 0 the checkers agree on every
// mutant, 1 a disagreement (or a checker ended abnormally), 2 usage.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "certcheck_agree.hpp"
#include "tanbo/core/mix.hpp"
#include "tanbo/core/position.hpp"

namespace {

using tanbo::fuzz::CoqChecker;
using tanbo::fuzz::Verdict;

// splitmix64: the same numbers on every platform and standard library (std:: distributions
// are not specified bit for bit).
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return tanbo::splitmix64(state_); }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_;
};

using Lines = std::vector<std::string>;

Lines split(const std::string& text) {
  Lines out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t eol = std::min(text.find('\n', at), text.size());
    out.push_back(text.substr(at, eol - at));
    at = eol + 1;
  }
  return out;
}

std::string joined(const Lines& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + '\n';
  return text;
}

// Starts of side n that cannot begin a game (rule 5): a side without stones, a bounded root.
std::vector<std::string> unstartable(int n) {
  tanbo::Position no_o(n), bounded(n);
  no_o.set({0, 0}, tanbo::Cell::Black);
  bounded.set({0, 0}, tanbo::Cell::Black);
  bounded.set({1, 0}, tanbo::Cell::White);
  bounded.set({0, 1}, tanbo::Cell::White);
  bounded.set({n - 1, n - 1}, tanbo::Cell::Black);
  return {no_o.to_string(), bounded.to_string(), tanbo::Position(n).to_string()};
}

// 'text' (built piecewise: g++ 12 warns wrongly (-Wrestrict) on "'" + std::string).
std::string quote(const std::string& text) {
  std::string out(1, '\'');
  out += text;
  out += '\'';
  return out;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](char c) { return c == 'X' ? 'x' : c == 'O' ? 'o' : c; });
  return text;
}

// One certificate and what its mutants are made from.
struct Source {
  std::string name;
  Lines lines;  // without the sha256 line
  long long depth = 0;
  bool has_within = false;
  int size = 0;
};

// Applies one random mutation to `lines` (the body before the sha256 line); returns its name.
// `reseal` is cleared by the mutations of the hash itself, `strip_newline` set by the one
// removing the final newline.
std::string mutate(Lines& lines, const Source& src, Random& rnd, bool& reseal, bool& strip_newline) {
  const std::size_t header = src.has_within ? 6 : 5;
  const std::string start = src.lines[1].substr(6);
  if (lines.size() <= header) return "nothing (too few lines left)";
  switch (rnd.below(16)) {
    case 0:
    case 1:
    case 2: {  // one byte changed
      static constexpr std::string_view kBytes = ".XO 0123456789,-/\nxoaw";
      const std::size_t i = rnd.below(lines.size());
      if (lines[i].empty()) return "nothing (an empty line)";
      const std::size_t at = rnd.below(lines[i].size());
      const char c = kBytes[rnd.below(kBytes.size())];
      lines[i][at] = c;
      return "line " + std::to_string(i + 1) + " byte " + std::to_string(at + 1) + " -> " + tanbo::printable(std::string(1, c));
    }
    case 3: {
      const std::size_t i = rnd.below(lines.size());
      lines.erase(lines.begin() + static_cast<long>(i));
      return "line " + std::to_string(i + 1) + " deleted";
    }
    case 4: {
      const std::size_t i = rnd.below(lines.size()), to = rnd.below(lines.size() + 1);
      lines.insert(lines.begin() + static_cast<long>(to), lines[i]);
      return "line " + std::to_string(i + 1) + " copied before line " + std::to_string(to + 1);
    }
    case 5: {
      const std::size_t i = rnd.below(lines.size()), j = rnd.below(lines.size());
      std::swap(lines[i], lines[j]);
      return "lines " + std::to_string(i + 1) + " and " + std::to_string(j + 1) + " swapped";
    }
    case 6:
    case 7: {  // the start line
      const std::vector<std::string> spellings = [&] {
        std::vector<std::string> s = {start + " dense-5", start + " lattice-5", start + " free text", lower(start),
                                      start + " ", "LATTICE-5", "Lattice-5", "lattice-5", "dense-5",
                                      start.substr(0, start.size() - 1) + (start.back() == 'X' ? "O" : "X")};
        for (const std::string& u : unstartable(src.size)) s.push_back(u);
        return s;
      }();
      const std::string& to = spellings[rnd.below(spellings.size())];
      lines[1] = "start " + to;
      return "start " + quote(to);
    }
    case 8:
    case 9: {  // the within line: around the depth, or spelled otherwise
      const long long d = src.depth;
      const std::vector<std::string> values = {std::to_string(d - 1), std::to_string(d), std::to_string(d + 1), "0",
                                               std::string(1, '0').append(std::to_string(d)), std::string(1, '+').append(std::to_string(d)), std::to_string(d) + " ",
                                               "4294967294", "4294967295", "999999999", "9999999999", "10000000000"};
      const std::string line = "within " + values[rnd.below(values.size())];
      if (src.has_within && lines.size() > 4 && lines[4].rfind("within ", 0) == 0) {
        lines[4] = line;
      } else if (lines.size() >= 4) {
        lines.insert(lines.begin() + 4, line);
      }
      return quote(line);
    }
    case 10: {  // another number spelled otherwise
      const std::size_t i = rnd.below(2) ? 2 : header - 1;  // size, or the count
      const std::size_t space = lines[i].find(' ');
      if (space == std::string::npos) return "nothing (no number)";
      lines[i].insert(space + 1, 1, rnd.below(2) ? '0' : '+');
      return "line " + std::to_string(i + 1) + " " + quote(lines[i]);
    }
    case 11: {  // a move written with a leading zero
      for (std::size_t i = header; i < lines.size(); ++i) {
        const std::size_t space = lines[i].rfind(' ');
        if (space != std::string::npos && lines[i].find(',', space) != std::string::npos) {
          lines[i].insert(space + 1, 1, '0');
          return "line " + std::to_string(i + 1) + " move with a leading zero";
        }
      }
      return "nothing (no move)";
    }
    case 12:
      reseal = false;
      return "not resealed";
    case 13:
      strip_newline = true;
      return "no final newline";
    case 14: {
      const std::size_t i = rnd.below(lines.size());
      lines[i] += '\r';
      return "line " + std::to_string(i + 1) + " ends with CR";
    }
    default: {  // the count off by one
      if (lines.size() < header) return "nothing (no count)";
      const long long k = static_cast<long long>(lines.size()) - static_cast<long long>(header);
      lines[header - 1] = "positions " + std::to_string(k + (rnd.below(2) ? 1 : -1));
      return quote(lines[header - 1]);
    }
  }
}

struct Options {
  std::string certcheck;
  std::uint64_t seed = 51;
  long long mutants = 100;
  std::string save = ".";
  std::vector<std::pair<std::string, long long>> files;
};

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "certcheck_mutants: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--certcheck") {
      o.certcheck = value();
    } else if (a == "--seed") {
      o.seed = std::stoull(value());
    } else if (a == "--mutants") {
      o.mutants = std::stoll(value());
    } else if (a == "--save") {
      o.save = value();
    } else {
      const std::size_t colon = a.rfind(':');
      if (colon != std::string::npos && colon + 1 < a.size() && std::all_of(a.begin() + static_cast<long>(colon) + 1, a.end(), [](char c) { return c >= '0' && c <= '9'; }))
        o.files.emplace_back(a.substr(0, colon), std::stoll(a.substr(colon + 1)));
      else
        o.files.emplace_back(a, -1);
    }
  }
  if (o.certcheck.empty() || o.files.empty()) {
    std::cerr << "usage: certcheck_mutants --certcheck TANBO_CERTCHECK [--seed S] [--mutants N] [--save DIR] FILE[:N]...\n";
    return 2;
  }
  CoqChecker coq(o.certcheck);
  long long compared = 0, accepted = 0, disagreements = 0;
  Random rnd(o.seed);
  for (const auto& [path, count] : o.files) {
    std::ifstream in(path, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!in && text.empty()) {
      std::cerr << "certcheck_mutants: cannot read " << path << '\n';
      return 2;
    }
    Source src;
    src.name = std::filesystem::path(path).filename().string();
    src.lines = split(text);
    if (src.lines.size() < 7 || src.lines.back().rfind("sha256 ", 0) != 0) {
      std::cerr << "certcheck_mutants: " << path << " is not a certificate\n";
      return 2;
    }
    src.lines.pop_back();
    std::istringstream whole(text);
    const tanbo::certificate::Summary summary = tanbo::certificate::check(whole);  // the original must be valid
    src.depth = summary.depth;
    src.has_within = summary.header.within.has_value();
    src.size = summary.header.size;
    const long long n = count >= 0 ? count : o.mutants;
    for (long long m = 0; m < n; ++m) {
      Lines lines = src.lines;
      bool reseal = true, strip_newline = false;
      std::string what;
      const std::size_t mutations = 1 + rnd.below(3);
      for (std::size_t k = 0; k < mutations; ++k)
        what += (k ? "; " : "") + mutate(lines, src, rnd, reseal, strip_newline);
      const std::string body = joined(lines);
      std::string mutant = body + "sha256 " + (reseal ? tanbo::certificate::sha256_hex(body) : text.substr(text.rfind("sha256 ") + 7, 64)) + '\n';
      if (strip_newline) mutant.pop_back();
      const Verdict cxx = tanbo::fuzz::cxx_verdict(mutant);
      std::string problem;
      const auto ocaml = coq.verdict(mutant, problem);
      ++compared;
      accepted += cxx.accepted;
      if (ocaml && ocaml->accepted == cxx.accepted) continue;
      ++disagreements;
      const std::string file = o.save + "/certcheck-disagreement-" + std::to_string(o.seed) + "-" + src.name + "-" + std::to_string(m) + ".cert";
      std::ofstream(file, std::ios::binary) << mutant;
      std::cout << "DISAGREEMENT (seed " << o.seed << ", " << src.name << " mutant " << m << ": " << what << ")\n"
                << "  C++:            " << (cxx.accepted ? "accepts" : "refuses") << " (" << cxx.message << ")\n"
                << "  tanbo-certcheck: "
                << (ocaml ? std::string(ocaml->accepted ? "accepts" : "refuses") + " (" + ocaml->message + ")" : problem) << '\n'
                << "  mutant written to " << file << '\n';
    }
  }
  std::cout << "certcheck_mutants: seed " << o.seed << ", " << compared << " mutants (" << accepted
            << " accepted by the C++ checker), " << disagreements << " disagreements\n";
  return disagreements == 0 ? 0 : 1;
}
