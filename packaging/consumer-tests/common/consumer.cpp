// Consumer-test program (C++): what a user's program linking tanbo::optimized and
// tanbo::reference looks like. Plays one seeded random game on both engines and checks that
// they agree move by move; prints "tanbo consumer ok" on success.
#include <cstdio>
#include <cstring>

#include "tanbo/core.hpp"
#include "tanbo/optimized/game.hpp"
#include "tanbo/reference/game.hpp"

int main() {
  if (std::strcmp(tanbo::version(), TANBO_VERSION_STRING) != 0) {
    std::printf("library version %s differs from header version %s\n", tanbo::version(),
                TANBO_VERSION_STRING);
    return 1;
  }
  const tanbo::Variant variant = tanbo::Variant::parse("lattice-9");
  tanbo::optimized::Game fast(variant);
  tanbo::reference::Game slow(variant);
  tanbo::Rng rng(7);
  while (!fast.is_over()) {
    const tanbo::Point p = fast.random_legal_move(rng);
    fast.play(p);
    slow.play(p);
    if (!(fast.position() == slow.position())) {
      std::printf("engines disagree after %d moves\n", fast.ply());
      return 1;
    }
  }
  std::printf("tanbo consumer ok: tanbo %s, %d moves, winner %c\n", tanbo::version(), fast.ply(),
              tanbo::color_char(*fast.winner()));
  return 0;
}
