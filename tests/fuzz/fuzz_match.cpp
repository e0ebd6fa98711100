// Match score sheets (games/match.h). The first byte chooses the game given
// on the command line (none, singles, doubles, highlow, solitaire), the rest
// is the sheet. A sheet either reads or throws InputError; one that reads is
// scored, printed and written as JSON.
#include "fuzz_util.h"
#include "games/match.h"

using namespace scarney;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::optional<Game> game;
  switch (data[0] % 5) {
    case 1:
      game = Game::Singles;
      break;
    case 2:
      game = Game::Doubles;
      break;
    case 3:
      game = Game::HighLow;
      break;
    case 4:
      game = Game::Solitaire;
      break;
    default:
      break;
  }
  Match m;
  try {
    m = parse_match(fuzz::text_of(data + 1, size - 1), "fuzz.match", game);
  } catch (const InputError&) {
    return 0;
  }
  const MatchResult r = score_match(m);
  const size_t n = m.players.size();
  fuzz::check(r.points.size() == n && r.total.size() == n, "a result per player");
  fuzz::check(r.finished == (r.winner >= 0), "a finished match has a winner");
  for (size_t i = 0; i < n; ++i) fuzz::check(r.total[i] >= r.points[i], "bonuses only add");
  (void)format_score_sheet(m, r);
  (void)match_json(m, r);
  return 0;
}
