// Reading the cross-face tables of api/tests (bad_inputs.tsv, solved_positions.tsv) in the C++
// test programs of every face that reads them: rows of tab-separated fields, '#' lines and blank
// lines skipped, each row with its line number for the failure messages.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tanbo::tsv {

/// `s` split at every `sep`, empty fields kept (a trailing separator gives a last empty field).
inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  if (!s.empty() && s.back() == sep) out.emplace_back();
  return out;
}

/// One row: its line number in the file and its fields.
struct Row {
  int line = 0;
  std::vector<std::string> fields;
};

/// Every row of the file at `path`. @throws std::runtime_error if it cannot be read.
inline std::vector<Row> read(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<Row> out;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n)
    if (!text.empty() && text[0] != '#') out.push_back({n, split(text, '\t')});
  return out;
}

}  // namespace tanbo::tsv
