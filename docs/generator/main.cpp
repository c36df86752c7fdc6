// tanbo_docs_gen: checks the worked examples against the engines, then writes the rules page
// and its figures (--out), and/or compares them with a committed copy (--verify) so stale
// generated docs fail the tests.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "examples.hpp"
#include "page.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/optimized/game.hpp"

namespace fs = std::filesystem;
using namespace tanbo::docs;

namespace {

constexpr const char* kUsage =
    "usage: tanbo_docs_gen --examples FILE --template FILE [--out DIR] [--verify DIR]\n"
    "  --out DIR     write DIR/rules.md and DIR/generated/*.svg (stale SVGs there are deleted)\n"
    "  --verify DIR  fail unless DIR holds exactly what would be generated\n";

void write_site(const Site& site, const fs::path& dir) {
  fs::create_directories(dir / "generated");
  for (const auto& entry : fs::directory_iterator(dir / "generated"))
    if (entry.path().extension() == ".svg" && !site.count("generated/" + entry.path().filename().string()))
      fs::remove(entry.path());
  for (const auto& [name, text] : site) {
    std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) throw tanbo::Error("cannot write " + (dir / name).string());
  }
}

// Lists every difference between `site` and the files under `dir`; empty when identical.
std::vector<std::string> compare_site(const Site& site, const fs::path& dir) {
  std::vector<std::string> problems;
  for (const auto& [name, text] : site) {
    if (!fs::exists(dir / name)) problems.push_back("missing: " + (dir / name).string());
    else if (read_text_file((dir / name).string()) != text) problems.push_back("differs: " + (dir / name).string());
  }
  if (fs::is_directory(dir / "generated"))
    for (const auto& entry : fs::directory_iterator(dir / "generated"))
      if (!site.count("generated/" + entry.path().filename().string()))
        problems.push_back("not generated any more (delete it): " + entry.path().string());
  return problems;
}

std::vector<std::string> check_all(const std::vector<Example>& examples) {
  std::vector<std::string> errors;
  for (const Example& ex : examples) {
    for (auto&& e : check_reference_details(ex)) errors.push_back(e);
    for (auto&& e : check_with_engine<tanbo::reference::Game>(ex)) errors.push_back("reference engine: " + e);
    for (auto&& e : check_with_engine<tanbo::optimized::Game>(ex)) errors.push_back("optimized engine: " + e);
  }
  return errors;
}

}  // namespace

int main(int argc, char** argv) {
  std::string examples_file, template_file, out_dir, verify_dir;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string* target = arg == "--examples" ? &examples_file
                          : arg == "--template" ? &template_file
                          : arg == "--out"      ? &out_dir
                          : arg == "--verify"   ? &verify_dir
                                                : nullptr;
    if (!target || i + 1 >= argc) {
      std::cerr << "tanbo_docs_gen: " << (target ? "missing value after " : "unknown argument ") << arg << "\n"
                << kUsage;
      return 2;
    }
    *target = argv[++i];
  }
  if (examples_file.empty() || template_file.empty() || (out_dir.empty() && verify_dir.empty())) {
    std::cerr << kUsage;
    return 2;
  }
  std::vector<Example> examples;
  try {
    examples = parse_examples(read_text_file(examples_file));
  } catch (const tanbo::Error& e) {
    std::cerr << examples_file << ": " << e.what() << "\n";
    return 1;
  }
  if (const auto errors = check_all(examples); !errors.empty()) {
    for (const auto& e : errors) std::cerr << examples_file << ": " << e << "\n";
    std::cerr << "tanbo_docs_gen: " << errors.size() << " example check(s) failed; nothing written\n";
    return 1;
  }
  try {
    const Site site = generate_site(examples, read_text_file(template_file));
    if (!out_dir.empty()) write_site(site, out_dir);
    if (!verify_dir.empty()) {
      const auto problems = compare_site(site, verify_dir);
      for (const auto& p : problems) std::cerr << "tanbo_docs_gen: " << p << "\n";
      if (!problems.empty()) {
        std::cerr << "tanbo_docs_gen: the committed generated docs are stale; regenerate them with\n"
                     "  cmake --build <build-dir> --target docs-update\n";
        if (!out_dir.empty()) std::cerr << "and review: diff -r " << verify_dir << " " << out_dir << "\n";
        return 1;
      }
    }
    std::cout << "tanbo_docs_gen: " << examples.size() << " examples checked, " << site.size()
              << " files " << (verify_dir.empty() ? "written" : "up to date") << "\n";
  } catch (const tanbo::ParseError& e) {
    std::cerr << template_file << ": " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "tanbo_docs_gen: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
