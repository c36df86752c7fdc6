// libFuzzer target: the C++ certificate checker and the Coq one (`tanbo-certcheck`, formal/) on
// the same files, as they are and resealed with the right sha256 (so mutations reach the rules
// behind the hash); both must accept or both refuse (docs/certificates.md: one language). The
// Coq checker is the program named by the environment variable TANBO_CERTCHECK (scripts/fuzz.sh
// sets it to the dev build's when there is one); without it the target checks the C++ side
// alone (C++ exceptions other than the checker's own are crashes), so builds without OCaml
// (sanitizers, OSS-Fuzz) run it all the same.
// check-map: fuzz fuzz_certcheck [certificate]
// check-map: code certificate formal
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "certcheck_agree.hpp"
#include "fuzz_check.hpp"

namespace {

void compare(tanbo::fuzz::CoqChecker* coq, std::string_view text) {
  const tanbo::fuzz::Verdict cxx = tanbo::fuzz::cxx_verdict(text);
  if (!coq) return;
  std::string problem;
  const auto ocaml = coq->verdict(text, problem);
  if (!ocaml) tanbo::fuzz::fail("fuzz_certcheck", problem, text);
  if (ocaml->accepted != cxx.accepted)
    tanbo::fuzz::fail("fuzz_certcheck",
                      std::string("the checkers disagree: C++ ") + (cxx.accepted ? "accepts" : "refuses") + " (" + cxx.message +
                          "), tanbo-certcheck " + (ocaml->accepted ? "accepts" : "refuses") + " (" + ocaml->message + ")",
                      text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // One Coq checker per process, named once by the environment.
  static const std::unique_ptr<tanbo::fuzz::CoqChecker> coq = [] {
    const char* path = std::getenv("TANBO_CERTCHECK");
    return path && *path ? std::make_unique<tanbo::fuzz::CoqChecker>(path) : nullptr;
  }();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  compare(coq.get(), text);
  const std::string sealed = tanbo::fuzz::resealed(text);
  if (sealed != text) compare(coq.get(), sealed);
  return 0;
}
