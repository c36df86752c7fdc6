// Glue between RapidCheck and Catch2 for tanbo's properties, plus `show` functions for tanbo's
// value types so counterexamples print as point names and position strings.
//
// tanbo::props::check() replaces rc::prop: it runs the property inside a Catch2 SECTION under a
// unique id ("<test case>: <description>"), so `RC_PARAMS="reproduce=..."` replays exactly one
// property, and on failure it adds the ready-to-paste RC_PARAMS line to the Catch2 message.
#pragma once

#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>
#include <rapidcheck.h>

#include "tanbo/core/notation.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"

namespace tanbo {
// Found by RapidCheck through argument-dependent lookup when it prints a counterexample.
inline void showValue(Point p, std::ostream& os) { os << point_name(p); }
inline void showValue(const Variant& v, std::ostream& os) { os << v.name(); }
inline void showValue(const Position& p, std::ostream& os) { os << '"' << p.to_string() << '"'; }
inline void showValue(Color c, std::ostream& os) { os << color_char(c); }
}  // namespace tanbo

namespace tanbo::props {

/// The RC_PARAMS value that replays `reproduce` for the property `id` (and nothing else).
inline std::string replay_params(const std::string& id, const rc::detail::Reproduce& reproduce) {
  rc::detail::Configuration config = rc::detail::configuration();
  config.reproduce.clear();
  config.reproduce[id] = reproduce;
  return rc::detail::configToMinimalString(config);
}

/// A TestListener that stays silent: used when a property is *expected* to fail (planted-bug
/// tests), so RapidCheck's end-of-run "some properties had failures" banner is not printed.
class QuietListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

/// Runs a RapidCheck property as a Catch2 SECTION. Prints the tag distribution on success; on
/// failure, fails the test with the minimal counterexample and the RC_PARAMS line replaying it.
template <typename Testable>
void check(const std::string& description, Testable&& testable) {
  SECTION(description) {
    using namespace rc::detail;
    TestMetadata metadata;
    metadata.id = Catch::getResultCapture().getCurrentTestName() + ": " + description;
    metadata.description = description;
    const TestResult result = checkTestable(std::forward<Testable>(testable), metadata);
    std::ostringstream message;
    printResultMessage(result, message);
    if (result.template is<SuccessResult>()) {
      std::cout << "- " << metadata.id << "\n" << message.str() << "\n" << std::endl;
      SUCCEED();
    } else {
      FailureResult failure;
      if (result.match(failure)) {
        // Printed on its own line too: Catch2 wraps long messages, breaking the base64 string.
        const std::string replay = "RC_PARAMS=\"" + replay_params(metadata.id, failure.reproduce) + "\"";
        std::cout << "Replay just this minimal case of '" << metadata.id << "' with:\n"
                  << replay << "\n" << std::endl;
        message << "\n\nReplay just this minimal case with (unwrapped copy on stdout):\n  " << replay;
      }
      FAIL(message.str());
    }
  }
}

/// Runs a property that must FAIL (a planted bug); returns the failure, or nullopt if it passed.
template <typename Testable>
std::optional<rc::detail::FailureResult> expect_failure(const std::string& id, Testable&& testable,
                                                        int max_success) {
  using namespace rc::detail;
  TestMetadata metadata;
  metadata.id = id;
  metadata.description = id;
  TestParams params = configuration().testParams;
  params.maxSuccess = max_success;
  QuietListener quiet;
  const TestResult result =
      checkProperty(toProperty(std::forward<Testable>(testable)), metadata, params, quiet);
  FailureResult failure;
  if (result.match(failure)) return failure;
  return std::nullopt;
}

}  // namespace tanbo::props
