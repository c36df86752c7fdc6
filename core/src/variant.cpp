// Named variants and their openings (docs/rules.md, "Variants").
#include "tanbo/core/variant.hpp"

#include <algorithm>
#include <cctype>

#include "tanbo/core/errors.hpp"
#include "tanbo/core/position.hpp"

namespace tanbo {

namespace {

struct LatticeShape {
  int size, step, k, offset;
};
// (step, k, offset) per size, as specified; 19x19 reproduces the classic opening.
constexpr LatticeShape kLattices[] = {
    {5, 4, 2, 0}, {7, 6, 2, 0}, {9, 6, 2, 1}, {13, 4, 4, 0}, {19, 6, 4, 0}, {21, 4, 6, 0},
};

const LatticeShape* lattice_shape(int n) {
  for (const auto& s : kLattices)
    if (s.size == n) return &s;
  return nullptr;
}

// "lattice-N (N in 5 7 9 13 19 21)" or, for a run of odd sizes, "dense-N (odd N, 5-25)".
// Appended piecewise: g++ 12 reports a false -Wrestrict for `std::string(...) + "..."`.
std::string family_text(const char* family, const std::vector<int>& sizes) {
  bool odd_run = sizes.size() > 3;
  for (std::size_t i = 0; i < sizes.size(); ++i)
    odd_run = odd_run && sizes[i] % 2 == 1 && (i == 0 || sizes[i] == sizes[i - 1] + 2);
  std::string out = family;
  out += "-N (";
  if (odd_run) {
    out += "odd N, ";
    out += std::to_string(sizes.front());
    out += '-';
    out += std::to_string(sizes.back());
  } else {
    out += "N in";
    for (const int n : sizes) {
      out += ' ';
      out += std::to_string(n);
    }
  }
  out += ')';
  return out;
}

std::string accepted() { return "expected " + Variant::families_text(true); }

}  // namespace

std::string Variant::families_text(bool with_custom) {
  std::vector<std::string> items;
  std::vector<int> lattice, dense;
  for (const Variant& v : all_named()) {
    if (v.kind == VariantKind::Classic) items.push_back(v.name());
    if (v.kind == VariantKind::Lattice) lattice.push_back(v.size);
    if (v.kind == VariantKind::Dense) dense.push_back(v.size);
  }
  items.push_back(family_text("lattice", lattice));
  items.push_back(family_text("dense", dense));
  if (with_custom) {
    std::string custom = "custom-N (N ";
    custom += std::to_string(kMinSize);
    custom += '-';
    custom += std::to_string(kMaxSize);
    custom += ')';
    items.push_back(std::move(custom));
  }
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += i == 0 ? "" : i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

Variant Variant::lattice(int n) {
  if (!lattice_shape(n))
    throw ParseError("no lattice opening for size " + std::to_string(n) + "; " + accepted());
  return {VariantKind::Lattice, n};
}

Variant Variant::dense(int n) {
  if (n < 5 || n > 25 || n % 2 == 0)
    throw ParseError("no dense opening for size " + std::to_string(n) + "; " + accepted());
  return {VariantKind::Dense, n};
}

Variant Variant::custom(int n) {
  if (n < kMinSize || n > kMaxSize)
    throw ParseError("board size " + std::to_string(n) + " is outside 2-25");
  return {VariantKind::Custom, n};
}

Variant Variant::parse(std::string_view text) {
  std::string s(text.substr(0, kQuotedTokenBytes));
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (s == "classic") return classic();
  const auto dash = s.find('-');
  // N is written the canonical way, 1-2 digits without a leading zero: "lattice-05" is not a
  // second name of lattice-5 (names are compared and stored as text by the front ends).
  if (dash != std::string::npos && dash + 1 < s.size() && s.size() - dash - 1 <= 2 &&
      s[dash + 1] != '0' &&
      std::all_of(s.begin() + static_cast<long>(dash) + 1, s.end(),
                  [](unsigned char c) { return std::isdigit(c); })) {
    const std::string family = s.substr(0, dash);
    const int n = std::stoi(s.substr(dash + 1));
    if (family == "lattice") return lattice(n);
    if (family == "dense") return dense(n);
    if (family == "custom") return custom(n);
  }
  throw ParseError("unknown variant '" + printable(text, kQuotedTokenBytes) + "'; " + accepted(), 0,
                   0, std::string(text.substr(0, kQuotedTokenBytes)));
}

bool looks_like_variant_name(std::string_view text) noexcept {
  // ASCII only, whatever the locale (std::isalnum's answer depends on it).
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  });
}

Position read_start(std::string_view text) {
  if (looks_like_variant_name(text)) return opening(Variant::parse_named(text));
  return Position::parse(text);
}

Variant Variant::parse_named(std::string_view text) {
  const Variant v = parse(text);
  if (v.kind == VariantKind::Custom)
    throw ParseError(v.name() + " has no opening of its own; give the start as a position string",
                     0, 0, std::string(text.substr(0, kQuotedTokenBytes)));
  return v;
}

std::string Variant::name() const {
  switch (kind) {
    case VariantKind::Classic: return "classic";
    case VariantKind::Lattice: return "lattice-" + std::to_string(size);
    case VariantKind::Dense: return "dense-" + std::to_string(size);
    case VariantKind::Custom: return "custom-" + std::to_string(size);
  }
  return "unknown";
}

std::vector<Variant> Variant::all_named() {
  std::vector<Variant> out{classic()};
  for (const auto& s : kLattices) out.push_back({VariantKind::Lattice, s.size});
  for (int n = 5; n <= 25; n += 2) out.push_back({VariantKind::Dense, n});
  return out;
}

Position opening(const Variant& v) {
  Position pos(v.size);
  switch (v.kind) {
    case VariantKind::Classic:
    case VariantKind::Lattice: {
      const LatticeShape* s = lattice_shape(v.size);
      if (!s || (v.kind == VariantKind::Classic && v.size != 19))
        throw InvalidPositionError("variant " + v.name() + " has no opening");
      for (int i = 0; i < s->k; ++i)
        for (int j = 0; j < s->k; ++j)
          pos.set({s->offset + i * s->step, s->offset + j * s->step},
                  (i + j) % 2 == 0 ? Cell::Black : Cell::White);
      break;
    }
    case VariantKind::Dense:
      if (v.size < 5 || v.size > 25 || v.size % 2 == 0)
        throw InvalidPositionError("variant " + v.name() + " has no opening");
      for (int y = 0; y < v.size; y += 2)
        for (int x = 0; x < v.size; x += 2)
          pos.set({x, y}, x % 4 == y % 4 ? Cell::Black : Cell::White);
      break;
    case VariantKind::Custom:
      throw InvalidPositionError("a custom variant has no opening; give a position string");
  }
  pos.set_variant(v);
  return pos;
}

}  // namespace tanbo
