// Variants: the named openings ("classic", "lattice-N", "dense-N") and "custom" positions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tanbo {

class Position;

/// Family of starting positions.
enum class VariantKind : std::uint8_t {
  Classic,  ///< The 19x19 opening of the rules text, 8 stones each.
  Lattice,  ///< Lattice openings for N in {5, 7, 9, 13, 19, 21}.
  Dense,    ///< The designer's 2026 dense opening for odd N from 5 to 25.
  Custom,   ///< Any position given as a position string.
};

/// A variant: opening family plus board size. Value type; compare with ==.
struct Variant {
  VariantKind kind = VariantKind::Classic;  ///< Opening family.
  int size = 19;                            ///< Board side length.

  /// The default game: 19x19, classic opening.
  static Variant classic() noexcept { return {VariantKind::Classic, 19}; }
  /// Lattice opening of side `n`. @throws ParseError if `n` has no lattice opening.
  static Variant lattice(int n);
  /// Dense opening of side `n`. @throws ParseError unless n is odd and 5 <= n <= 25.
  static Variant dense(int n);
  /// A custom position of side `n`. @throws ParseError unless kMinSize <= n <= kMaxSize.
  static Variant custom(int n);

  /// Parses "classic", "lattice-N", "dense-N" or "custom-N" (case-insensitive; N without a
  /// leading zero). @throws ParseError listing the accepted names.
  static Variant parse(std::string_view text);
  /// Parses the name of a variant that has an opening: as parse(), but "custom-N" is refused
  /// (ParseError "custom-N has no opening of its own; ..."). The one place a start named by text
  /// refuses custom-N: records' [Variant] headers and read_start (below) use it.
  static Variant parse_named(std::string_view text);
  /// Canonical name, e.g. "classic", "lattice-9", "dense-13", "custom-7".
  std::string name() const;
  /// Every named (non-custom) variant, for help texts, tests and fuzzers.
  static std::vector<Variant> all_named();
  /// all_named() as one phrase for help texts and errors, e.g. "classic, lattice-N (N in 5 7 9
  /// 13 19 21) or dense-N (odd N, 5-25)", plus "custom-N (N 2-25)" when `with_custom`.
  static std::string families_text(bool with_custom = false);

  /// Same family and size.
  friend bool operator==(const Variant&, const Variant&) = default;
};

/// The starting position of a named variant (Black to move).
/// @throws InvalidPositionError for Custom, which has no opening of its own.
Position opening(const Variant& v);

/// True when `text` is read as a variant name rather than a position string: it is made of
/// ASCII letters, digits and '-' only, at least one ("classic", "lattice-9", "foo"). Anything
/// else (a '/', a space: "X X", "X3O/5/5/5/O3X X"; and "", "position string is empty") is a
/// position string, so every reader of a start gives one message for it.
bool looks_like_variant_name(std::string_view text) noexcept;

/// The start a text names, as every face, table file and certificate reads it: the opening of a
/// variant name (Variant::parse_named, so "custom-N" is refused) or a parsed position string
/// (Position::parse: syntax only; an engine checks the rules).
/// @throws ParseError: unknown variant, custom-N, malformed position string (with its column).
Position read_start(std::string_view text);

}  // namespace tanbo
