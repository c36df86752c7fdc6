// Figures and outcome sentences for the worked examples, computed with the reference engine
// and the rule functions of tanbo/reference/rules.hpp.
#include "story.hpp"

#include <algorithm>

#include "tanbo/svg/svg.hpp"
#include "tanbo/core/notation.hpp"
#include "tanbo/reference/game.hpp"
#include "tanbo/reference/rules.hpp"

namespace tanbo::docs {

using svg::Panel;

namespace {

using reference::Root;

std::string names(const std::vector<Point>& ps) {
  std::string out;
  for (std::size_t i = 0; i < ps.size(); ++i)
    out += (i == 0 ? "" : i + 1 == ps.size() ? " and " : ", ") + point_name(ps[i]);
  return out;
}

std::string stones_word(std::size_t k) { return k == 1 ? "1 stone" : std::to_string(k) + " stones"; }

// "the White root C2 C3 (2 stones)"; long roots are named by their first stone.
std::string describe(const Root& r) {
  const std::string who = colour_name(r.color);
  if (r.stones.size() == 1) return "the single-stone " + who + " root " + point_name(r.stones[0]);
  if (r.stones.size() <= 5)
    return "the " + who + " root " + point_list(r.stones) + " (" + stones_word(r.stones.size()) + ")";
  return "the " + who + " root at " + point_name(r.stones[0]) + " (" + stones_word(r.stones.size()) + ")";
}

std::string join_roots(const std::vector<Root>& roots) {
  std::string out;
  for (std::size_t i = 0; i < roots.size(); ++i)
    out += (i == 0 ? "" : i + 1 == roots.size() ? " and " : ", ") + describe(roots[i]);
  return out;
}

// The roots whose growth points a panel shows, in board order, without repeats.
std::vector<Root> shown_roots(const Example& ex, const Position& pos, std::optional<Point> move_stone) {
  std::vector<Point> through = ex.growth_stones;
  if (move_stone) through.push_back(*move_stone);
  std::vector<Root> out;
  for (const Root& r : reference::all_roots(pos)) {
    const bool wanted = ex.growth_of_all || std::any_of(through.begin(), through.end(), [&](Point p) {
                          return std::find(r.stones.begin(), r.stones.end(), p) != r.stones.end();
                        });
    if (wanted) out.push_back(r);
  }
  return out;
}

std::vector<std::pair<Point, Color>> growth_marks(const Position& pos, const std::vector<Root>& roots) {
  std::vector<std::pair<Point, Color>> out;
  for (const Root& r : roots)
    for (const Point p : reference::growth_points(pos, r)) out.emplace_back(p, r.color);
  std::sort(out.begin(), out.end());
  return out;
}

std::string growth_sentence(const Position& pos, const std::vector<Root>& roots) {
  std::string out;
  for (const Root& r : roots) {
    const auto gp = reference::growth_points(pos, r);
    std::string d = describe(r);
    d[0] = 'T';
    out += "- " + d + (gp.empty() ? " has no growth point (it is bounded)."
                                  : gp.size() == 1 ? " has one growth point: " + names(gp) + "."
                                                   : " has growth points " + names(gp) + ".");
    out += "\n";
  }
  return out;
}

// One bullet saying whether the side to move may play the lettered point (letter 0: the
// ringed point of the move), and why, naming the neighbours that decide it.
std::string verdict_sentence(const Position& pos, const Label& l) {
  const Color me = pos.to_move();
  std::vector<Point> mine, theirs;
  for (const Point q : reference::neighbours(pos, l.point)) {
    if (pos.at(q) == stone(me)) mine.push_back(q);
    if (pos.at(q) == stone(opponent(me))) theirs.push_back(q);
  }
  const std::string who = colour_name(me);
  std::string s = l.letter ? "- **" + std::string(1, l.letter) + "** (" + point_name(l.point) + "): "
                           : "- the ringed point, " + point_name(l.point) + ": ";
  const auto why = reference::placement_problem(pos, l.point, me);
  if (why == IllegalReason::Occupied) return s + "illegal: the point already holds a stone.\n";
  if (why == IllegalReason::NoFriendlyNeighbour)
    return s + "illegal: no " + who + " stone next to it" +
           (theirs.empty() ? "" : " (the " + colour_name(opponent(me)) + " stone" +
                                      (theirs.size() > 1 ? "s " : " ") + names(theirs) + " do" +
                                      (theirs.size() > 1 ? "" : "es") + " not count)") + ".\n";
  if (why == IllegalReason::SeveralFriendlyNeighbours)
    return s + "illegal: " + std::to_string(mine.size()) + " " + who + " stones next to it (" +
           names(mine) + ").\n";
  return s + "legal: exactly one " + who + " stone next to it (" + names(mine) + ")" +
         (theirs.empty() ? "" : "; the " + colour_name(opponent(me)) + " stone" +
                                    (theirs.size() > 1 ? "s " : " ") + names(theirs) +
                                    " next to it make" + (theirs.size() > 1 ? "" : "s") + " no difference") +
         ".\n";
}

Story tell_static(const Example& ex) {
  Story st;
  const auto roots = shown_roots(ex, ex.start, std::nullopt);
  Panel p{ex.start.variant().kind == VariantKind::Custom ? std::string("Position")
                                                         : ex.start.variant().name() + " opening",
          ex.start, {}};
  p.marks.growth = growth_marks(ex.start, roots);
  for (const Label& l : ex.labels) p.marks.labels.emplace_back(l.letter, l.point);
  st.svg = svg::render_figure(ex.title, {p});
  const int legal = reference::Game(ex.start).legal_move_count();
  st.markdown = colour_name(ex.start.to_move()) + " is to move and has " + std::to_string(legal) + " legal moves";
  if (!ex.labels.empty()) st.markdown += "; for each lettered point:";
  st.markdown += ex.labels.empty() && roots.empty() ? ".\n" : "\n\n";
  for (const Label& l : ex.labels) st.markdown += verdict_sentence(ex.start, l);
  if (!ex.labels.empty() && !roots.empty()) st.markdown += "\n";
  st.markdown += growth_sentence(ex.start, roots);
  st.summary = colour_name(ex.start.to_move()) + " to move has " + std::to_string(legal) + " legal moves";
  return st;
}

}  // namespace

Story tell(const Example& ex) {
  if (!ex.move) return tell_static(ex);
  const Point mv = *ex.move;
  reference::Game game(ex.start);
  const Color me = game.to_move();
  const auto friends = reference::neighbours(ex.start, mv);
  const auto own = std::find_if(friends.begin(), friends.end(),
                                [&](Point q) { return ex.start.at(q) == stone(me); });
  game.play(mv);  // throws IllegalMoveError: the data is wrong, and the caller says which example
  const MoveResult r = game.last_result();
  const Position after = game.position();
  Position placed = ex.start;  // the instant after placing, before anything is removed
  placed.set(mv, stone(me));

  // Before -> (if stones go: the instant after placing, with the doomed stones crossed) -> after.
  const auto shown = [&](const Position& pos, std::optional<Point> move_root) {
    return growth_marks(pos, shown_roots(ex, pos, ex.growth_of_move ? move_root : std::nullopt));
  };
  Panel before{"Before", ex.start, {}};
  before.marks.move_ring = mv;
  for (const Label& l : ex.labels) before.marks.labels.emplace_back(l.letter, l.point);
  before.marks.growth = shown(ex.start, own != friends.end() ? std::optional(*own) : std::nullopt);
  std::vector<Panel> panels{before};
  const std::string played = colour_name(me) + " plays " + point_name(mv);
  if (r.removal != Removal::None) {
    Panel instant{played, placed, {}};
    instant.marks.move_dot = mv;
    instant.marks.doomed = r.removed;
    instant.marks.growth = shown(placed, mv);
    panels.push_back(instant);
  }
  Panel now{r.removal == Removal::None ? "After " + played : std::string("After removal"), after, {}};
  if (after.at(mv) != Cell::Empty) now.marks.move_dot = mv;
  now.marks.growth = shown(after, mv);
  panels.push_back(now);
  Story st;
  st.svg = svg::render_figure(ex.title, panels);

  const Root expanded = reference::root_at(placed, mv);
  std::vector<Root> bounded, bounded_others;
  for (const Root& root : reference::all_roots(placed))
    if (reference::is_bounded(placed, root)) {
      bounded.push_back(root);
      if (root.stones != expanded.stones) bounded_others.push_back(root);
    }
  std::string& md = st.markdown;
  if (!ex.labels.empty()) {
    md = colour_name(me) + " is to move. For each lettered point:\n\n";
    for (const Label& l : ex.labels) md += verdict_sentence(ex.start, l);
    md += verdict_sentence(ex.start, Label{0, mv, std::nullopt, 0}) + "\n";
  }
  md += "**" + colour_name(me) + " plays " + point_name(mv) + "**";
  md += expanded.stones.size() == 1 ? "." : ", which makes " + describe(expanded) + " the expanded root.";
  switch (r.removal) {
    case Removal::None:
      md += " Every root still has a growth point, so nothing is removed.";
      st.summary = "nothing removed";
      break;
    case Removal::ExpandedRoot:
      md += " The expanded root now has no growth point, so it is removed, new stone included.";
      if (!bounded_others.empty())
        md += " At that instant " + join_roots(bounded_others) + (bounded_others.size() > 1 ? " were" : " was") +
              " bounded too, but " + (bounded_others.size() > 1 ? "they stay" : "it stays") +
              ": when the expanded root is bounded, only the expanded root goes. Once it is gone, " +
              (bounded_others.size() > 1 ? "they have" : "it has") + " growth points again.";
      st.summary = "expanded root removed: " + point_list(r.removed);
      break;
    case Removal::BoundedRoots:
      md += " The expanded root still has a growth point, so every bounded root of either colour is "
            "removed: " + join_roots(bounded) + ".";
      st.summary = "bounded roots removed: " + point_list(r.removed);
      break;
  }
  if (r.removal != Removal::None)
    md += " In all, " + stones_word(r.removed.size()) + " " + (r.removed.size() == 1 ? "is" : "are") + " removed.";
  if (const auto w = game.winner()) {
    md += " " + colour_name(opponent(*w)) + " has no stones left: the game is over and **" + colour_name(*w) +
          " wins**.";
    st.summary += "; " + colour_name(*w) + " wins";
  } else {
    md += " " + colour_name(game.to_move()) + " is to move.";
  }
  md += "\n";
  if (ex.growth_of_all) {  // an example about growth points lists them, not just draws them
    md += "\nGrowth points before the move:\n\n" + growth_sentence(ex.start, reference::all_roots(ex.start));
    md += "\nGrowth points after the move:\n\n" + growth_sentence(after, reference::all_roots(after));
  }
  // Facts the data file claims must be what the engine did; check_with_engine() tests the same.
  if (r.removal != ex.expect_removal || r.removed != ex.expect_removed || game.winner() != ex.expect_winner)
    throw Error("example [" + ex.id + "]: the engine's outcome differs from the data file");
  return st;
}

}  // namespace tanbo::docs
