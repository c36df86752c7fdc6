// Builds the generated part of the documentation: the rules page from its hand-written
// template, and the SVG figures it embeds.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "examples.hpp"

namespace tanbo::docs {

/// Generated files by path relative to the docs directory ("rules.md", "generated/x.svg").
using Site = std::map<std::string, std::string>;

/// Expands the template's placeholders:
///   {{notice}}      a comment saying the file is generated and from what
///   {{legend}}      the key to the diagram symbols
///   {{example:ID}}  the figure and outcome sentences of example ID
///   {{summary}}     a table of every example and its verified outcome
/// @throws ParseError (with the template line) for an unknown placeholder or example, or an
/// example that is used twice or never.
Site generate_site(const std::vector<Example>& examples, std::string_view rules_template);

}  // namespace tanbo::docs
