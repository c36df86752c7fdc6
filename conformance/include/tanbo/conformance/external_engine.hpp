// A candidate engine in another process, for `tanbo diff --engine "CMD ARGS"`: ExternalGame
// satisfies tanbo::EngineGame by talking the engine protocol (docs/protocol.md) over a pipe, so
// the one driver and comparator (driver.hpp, compare.hpp) check any implementation of Tanbo
// against the reference engine (the driver makes each game with the process, external_checker).
// Queries are answered from what the engine said after the last change
// (position, legal, winner); play and undo go to the engine, and its refusals come back as the
// exceptions the Engine concept specifies (the kind and rule-3 reason from the engine; the
// wording, which the protocol leaves free, is the reference's, so only behaviour is compared).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tanbo/core/engine.hpp"
#include "tanbo/protocol/protocol.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/differential/campaign.hpp"

namespace tanbo::conformance {

class ExternalSession;

/// A game played by the engine process of a session (start_external_engine). Copies share the
/// process; each keeps its own history, replayed into the process when it is the one used next.
class ExternalGame {
 public:
  /// A game from the opening of `v`, or from `start`, on `session`'s process.
  /// @throws UsageError when `session` is null; Error, InvalidPositionError as the engine refuses.
  ExternalGame(std::shared_ptr<ExternalSession> session, const Variant& v);
  ExternalGame(std::shared_ptr<ExternalSession> session, const Position& start);

  int size() const noexcept { return pos_.size(); }
  Cell at(Point p) const;
  Color to_move() const noexcept { return pos_.to_move(); }
  int ply() const noexcept { return static_cast<int>(moves_.size()); }
  bool is_over() const noexcept { return winner_.has_value(); }
  std::optional<Color> winner() const { return winner_; }
  int stone_count(Color c) const noexcept { return pos_.count(c); }
  bool is_legal(Point p) const;
  std::vector<Point> legal_moves() const { return legal_; }
  int legal_move_count() const noexcept { return static_cast<int>(legal_.size()); }
  MoveEffect play(Point p);
  void undo();
  MoveResult last_result() const;
  std::vector<Point> moves() const { return moves_; }
  Position position() const { return pos_; }
  const Position& start_position() const noexcept { return start_; }
  std::uint64_t hash() const noexcept;

 private:
  // Takes position, legal moves and winner from the engine's answers to the state queries.
  void refresh(const std::vector<protocol::Answer>& answers);
  std::shared_ptr<ExternalSession> session_;
  Position start_;
  std::vector<Point> moves_;
  std::vector<MoveResult> results_;
  Position pos_;
  std::vector<Point> legal_;
  std::optional<Color> winner_;
};

/// Starts the engine process `command` (a shell command line). @throws Error if it does not
/// start or fails the protocol handshake.
std::shared_ptr<ExternalSession> start_external_engine(const std::string& command, int timeout_ms = 20000);

/// A differential::Checker (tanbo/differential/campaign.hpp) comparing reference::Game with the engine of `session`, labelled
/// `name`. One process answers one request at a time: run campaigns with it on one job.
differential::Checker external_checker(std::shared_ptr<ExternalSession> session, const std::string& name);

}  // namespace tanbo::conformance
