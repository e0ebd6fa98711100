#include "play/ladder.h"

#include "games/deal.h"

namespace scarney {

void play_out(PlayGame& g, Strength a, Strength b, uint64_t seed) {
  while (!g.over()) g.play(g.choose(g.to_move() == Side::A ? a : b, seed), true);
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
      row.level_score += weak.outcome().result.score.total();
      row.perfect_score += best.outcome().result.score.total();
      continue;
    }
    const Side perfect = i % 2 == 0 ? Side::A : Side::B;
    PlayGame g(r, analyser);
    play_out(g, perfect == Side::A ? Strength::Perfect : level,
             perfect == Side::B ? Strength::Perfect : level, game_seed);
    const GameResult o = g.outcome().result;
    total += o.value_for(perfect);
    if (!o.winner)
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
