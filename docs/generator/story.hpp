// Turns one worked example into a figure and the sentences under it, by playing it on the
// reference engine. Everything the reader is told about an outcome is computed here, never
// written by hand, so it is always what the engine does.
#pragma once

#include <string>

#include "examples.hpp"

namespace tanbo::docs {

/// The generated parts of one example.
struct Story {
  std::string svg;       // the figure
  std::string markdown;  // the sentences stating the outcome (no image reference)
  std::string summary;   // one short phrase for the summary table, e.g. "bounded roots removed: E5"
};

/// Plays `ex` with tanbo::reference::Game. @throws Error if the example does not behave as its
/// data says (the caller should have run the checks first; this is a second line of defence).
Story tell(const Example& ex);

}  // namespace tanbo::docs
