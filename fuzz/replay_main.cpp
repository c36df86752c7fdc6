// Replay driver for builds without libFuzzer (g++, or clang without TANBO_FUZZ): runs every file
// named on the command line, and every file under every directory named, through the target's
// LLVMFuzzerTestOneInput, so fuzz targets double as corpus-regression tests and crash files
// replay anywhere. Arguments starting with '-' (libFuzzer flags) are ignored, so libFuzzer
// command lines still work. The empty input always runs first.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool run_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot open '%s'\n", path.string().c_str());
    return false;
  }
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // A copy in a buffer of exactly the input's size, as libFuzzer does, so reads past the end
  // are caught by ASan in sanitizer builds.
  std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
  LLVMFuzzerTestOneInput(data.data(), data.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  int unreadable = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (!arg.empty() && arg[0] == '-') continue;
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      std::vector<std::filesystem::path> in_dir;
      for (const auto& e : std::filesystem::recursive_directory_iterator(arg, ec))
        if (e.is_regular_file()) in_dir.push_back(e.path());
      std::sort(in_dir.begin(), in_dir.end());  // deterministic order
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (std::filesystem::exists(arg, ec)) {
      files.emplace_back(arg);
    } else {
      std::fprintf(stderr, "replay: '%s' does not exist\n", arg.c_str());
      ++unreadable;
    }
  }
  const std::uint8_t empty = 0;  // libFuzzer never passes a null pointer, so neither do we
  LLVMFuzzerTestOneInput(&empty, 0);
  int ran = 1;
  for (const auto& f : files) {
    if (run_file(f)) ++ran;
    else ++unreadable;
  }
  // A failing input aborts inside LLVMFuzzerTestOneInput, so reaching here means all passed.
  std::printf("replay: %d inputs passed (empty input + %zu files)\n", ran, files.size());
  return unreadable ? 1 : 0;
}
