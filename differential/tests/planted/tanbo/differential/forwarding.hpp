// The one forwarding engine for planted-bug wrappers: Forwarding<H> forwards the whole Engine
// API to an engine held by H, so a deliberately broken engine derives from it and hides just
// the member it gets wrong. Tests use such engines to prove that a checker (the comparator, the
// differential driver, the rule-consequence oracle, the properties) notices the bug.
//   H = an engine type (default optimized::Game): held by value, copies are deep.
//   H = std::shared_ptr<engine>: copies share one game (a planted shallow-copy bug).
// It forwards root_count() when the engine has it, but not board() or legal_moves(out): the
// comparator reads the legal set from those when present, which would bypass a wrapper's
// legal_moves().
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/core/types.hpp"
#include "tanbo/core/variant.hpp"
#include "tanbo/optimized/game.hpp"

namespace tanbo::differential {

namespace detail {
template <class H>
struct Holder {
  using Engine = H;
  template <class... A>
  static H make(const A&... a) { return H(a...); }
  static Engine& get(H& h) noexcept { return h; }
  static const Engine& get(const H& h) noexcept { return h; }
};
template <class E>
struct Holder<std::shared_ptr<E>> {
  using Engine = E;
  template <class... A>
  static std::shared_ptr<E> make(const A&... a) { return std::make_shared<E>(a...); }
  static Engine& get(const std::shared_ptr<E>& h) noexcept { return *h; }
};
}  // namespace detail

/// Forwards the Engine API to the engine held by `H` (see the file comment).
template <class H = optimized::Game>
class Forwarding {
 public:
  using Inner = typename detail::Holder<H>::Engine;

  explicit Forwarding(const Variant& v = Variant::classic()) : held_(detail::Holder<H>::make(v)) {}
  explicit Forwarding(const Position& p) : held_(detail::Holder<H>::make(p)) {}

  int size() const { return inner().size(); }
  Cell at(Point p) const { return inner().at(p); }
  Color to_move() const { return inner().to_move(); }
  int ply() const { return inner().ply(); }
  bool is_over() const { return inner().is_over(); }
  std::optional<Color> winner() const { return inner().winner(); }
  int stone_count(Color c) const { return inner().stone_count(c); }
  bool is_legal(Point p) const { return inner().is_legal(p); }
  std::optional<IllegalReason> why_illegal(Point p) const { return inner().why_illegal(p); }
  std::vector<Point> legal_moves() const { return inner().legal_moves(); }
  int legal_move_count() const { return inner().legal_move_count(); }
  MoveEffect play(Point p) { return inner().play(p); }
  void undo() { inner().undo(); }
  MoveResult last_result() const { return inner().last_result(); }
  std::vector<Point> moves() const { return inner().moves(); }
  Position position() const { return inner().position(); }
  const Position& start_position() const { return inner().start_position(); }
  std::uint64_t hash() const { return inner().hash(); }
  int root_count(Color c) const
    requires requires(const Inner& g) { g.root_count(c); }
  {
    return inner().root_count(c);
  }
  std::optional<std::string> check_consistency() const
    requires requires(const Inner& g) { g.check_consistency(); }
  {
    return inner().check_consistency();
  }

 protected:
  /// The wrapped engine (mutants call it to do the real work).
  Inner& inner() { return detail::Holder<H>::get(held_); }
  const Inner& inner() const { return detail::Holder<H>::get(held_); }
  /// Starts over on `start` (for mutants that replace the game, e.g. on copy).
  void reset(const Position& start) { held_ = detail::Holder<H>::make(start); }

 private:
  H held_;
};

namespace planted {
/// optimized::Game behind the forwarding engine: every planted bug (planted/*.hpp) derives from
/// it and hides the one member it gets wrong.
using Wrapped = Forwarding<>;
}  // namespace planted

}  // namespace tanbo::differential
