// Reading a start as every front end receives it: a variant name ("lattice-9") or a position
// string ("X3O/5/5/5/O3X X lattice-5"), or a whole game record; and the list of named variants
// (from Variant::all_named(), never restated as text). Errors: errors.hpp.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tanbo/api/game.hpp"
#include "tanbo/core.hpp"

namespace tanbo::api {

/// A start text: a variant name or a position string, read as core reads it
/// (tanbo::looks_like_variant_name, tanbo::read_start in core/variant.hpp), so every face, table
/// file and certificate gives one message for one text.
using tanbo::looks_like_variant_name;
using tanbo::read_start;

/// A game on engine `engine` from read_start(text). @throws as read_start, then as make_game
/// (UsageError for an unknown engine, InvalidPositionError for a start that cannot begin a game).
std::unique_ptr<AnyGame> start_game(std::string_view text, std::string_view engine);

/// The game a record text describes (parse_record, then replay_record). Header-less records
/// start from `default_variant`. @throws ParseError located at the problem (line, column).
std::unique_ptr<AnyGame> record_game(std::string_view text, std::string_view engine,
                                     const Variant& default_variant = Variant::classic());

/// The names of every named variant, in Variant::all_named() order ("classic", "lattice-5", ...).
std::vector<std::string> variant_names();

}  // namespace tanbo::api
