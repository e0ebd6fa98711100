#include "play/ladder.h"

#include "games/deal.h"

namespace scarney {

void play_out(PlayGame& g, Strength a, Strength b, uint64_t seed) {
  while (!g.over()) g.play(g.choose(g.to_move() == 'A' ? a : b, seed), true);
}

LadderRow ladder_row(Game game, Strength level, int games, uint64_t seed, Analyser& analyser) {
  LadderRow row;
  row.level = level;
  row.games = games;
  double total = 0;
  for (int i = 0; i < games; ++i) {
    const PositionRecord r = dealt_position(game, seed, static_cast<uint64_t>(i));
    const uint64_t game_seed = seed * 1000003ull + static_cast<uint64_t>(i);
    if (!two_player(game)) {
      PlayGame weak(r, analyser), best(r, analyser);
      play_out(weak, level, level, game_seed);
      play_out(best, Strength::Perfect, Strength::Perfect, game_seed);
      row.level_score += weak.outcome().score;
      row.perfect_score += best.outcome().score;
      continue;
    }
    const char perfect = i % 2 == 0 ? 'A' : 'B';
    PlayGame g(r, analyser);
    play_out(g, perfect == 'A' ? Strength::Perfect : level,
             perfect == 'B' ? Strength::Perfect : level, game_seed);
    const Outcome o = g.outcome();
    const int me = perfect == 'A' ? 0 : 1;
    double result = 0;
    if (game == Game::Doubles)
      result = o.points[me] - o.points[1 - me];
    else
      result = o.winner == perfect ? o.points[me] : -o.points[1 - me];
    total += result;
    if (o.winner == '-')
      ++row.tied;
    else if (o.winner == perfect)
      ++row.won;
    else
      ++row.lost;
  }
  if (games > 0) {
    row.level_score /= games;
    row.perfect_score /= games;
    row.mean = two_player(game) ? total / games : row.perfect_score - row.level_score;
  }
  return row;
}

}  // namespace scarney
