#include "verify/verify.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "games/result.h"
#include "games/rules.h"
#include "games/scoring.h"
#include "verify/notation.h"

namespace scarney {

std::string verdict_name(Verdict v) {
  static constexpr const char* kNames[] = {"holds", "improvable", "wrong", "malformed"};
  const auto i = static_cast<size_t>(v);
  return i < std::size(kNames) ? kNames[i] : "?";
}

namespace {

std::string signed_text(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

std::string pawn_list_text(const std::vector<Pawn>& ps) {
  std::string s;
  for (size_t i = 0; i < ps.size(); ++i)
    s += (i == 0 ? "" : i + 1 == ps.size() ? " and " : ", ") + pawn_name(ps[i]);
  return s;
}

std::string score_text(const Score& s) {
  return "game score " + std::to_string(s.game) +
         (s.bonus ? " + " + s.bonus_kind + " bonus " + std::to_string(s.bonus)
                  : std::string(", no bonus")) +
         " = " + std::to_string(s.total());
}

std::vector<Pawn> pawns_on(const Board& b) {
  std::vector<Pawn> out;
  for (Circle c : circles(b.occupied())) out.push_back(b.pawn_on(c));
  return out;
}

// A move in the book's words, naming the player in two-player games.
std::string said(const Position& p, const Move& m, Side who) {
  const std::string t = move_text(p.board, m);
  if (!two_player(p.game)) return t;
  // "A removes R3" reads as a sentence; "A: G3 jumps B2" names the player.
  return std::string(1, side_letter(who)) + (traits(p.game).removal ? " " : ": ") + t;
}

std::string highlow_text(Side winner, int points) {
  return std::string(1, side_letter(winner)) + " wins (" + std::to_string(points) + " point" +
         (points == 1 ? "" : "s") + ")";
}

// One published move that replayed, for the move-by-move checks.
struct Step {
  Position before;
  Move move;
  Side mover;
  std::string label;  // "move 3 `b removes R3 and R4`"
};

struct Replay {
  std::vector<Step> steps;
  std::optional<std::string> failure;  // why the line cannot be replayed to the end
  std::vector<std::string> turn_errors;
  size_t in_turn = 0;  // the steps before the first move out of turn
  Position end;
  bool called = false;
  Side to_move = Side::A;  // at the end
};

std::string describe_rest(const Position& q) {
  const auto ms = legal_moves(q);
  if (traits(q.game).removal)
    return std::to_string(q.board.pawn_count()) +
           " pawns are still on the board (High-Low ends with one), e.g. `" +
           move_text(q.board, ms.front()) + "`";
  std::string s = std::to_string(ms.size()) + (ms.size() == 1 ? " move is" : " moves are") +
                  " still possible, e.g. `" + move_text(q.board, ms.front()) + "`";
  if (traits(q.game).calls_scarney) s += ", and Scarney is not called";
  return s;
}

Replay replay(const Position& p, const WrittenLine& line) {
  Replay r;
  Position q = p;
  Side turn = Side::A;
  const bool two = two_player(p.game);
  for (size_t i = 0; i < line.moves.size(); ++i) {
    const WrittenMove& wm = line.moves[i];
    const std::string label = "move " + std::to_string(i + 1) + " `" + wm.text + "` (column " +
                              std::to_string(wm.where.column) + ")";
    if (r.called || (wm.kind != MoveKind::Call && is_over(q))) {
      r.failure = label + ": the game is already over (" +
                  (r.called ? std::string("Scarney was called") : "no move is left") + ")";
      break;
    }
    const ResolvedMove res = resolve(q, wm);
    if (!res.move) {
      r.failure = label + ": " + res.why;
      break;
    }
    if (two && wm.player && *wm.player != turn && wm.kind != MoveKind::Call) {
      if (r.turn_errors.empty()) r.in_turn = r.steps.size();
      r.turn_errors.push_back(label + ": out of turn: " + side_letter(turn) +
                              " is to move, but the book has " + side_letter(*wm.player) +
                              " move again");
      turn = *wm.player;
    }
    r.steps.push_back({q, *res.move, turn, "move " + std::to_string(i + 1) + " `" + wm.text + "`"});
    if (res.move->kind == MoveKind::Call) {
      r.called = true;
      continue;
    }
    q = play(q, *res.move);
    turn = other(turn);
  }
  if (!r.failure && !r.called && !is_over(q))
    r.failure = "the line stops before the end of the game: " + describe_rest(q);
  if (r.turn_errors.empty()) r.in_turn = r.steps.size();
  r.end = q;
  r.to_move = turn;
  return r;
}

class Checker {
 public:
  Checker(const PositionRecord& r, Solver& solver) : r_(r), p_(r.position), solver_(solver) {}

  Verification run() {
    if (!r_.claim && !r_.solution)
      throw InputError(r_.where, "nothing to verify: give `claim:`, `solution:` or both");
    std::optional<Claim> claim;
    if (r_.claim) claim = parse_claim(*r_.claim, p_.game);
    std::optional<WrittenLine> line;
    if (r_.solution) line = parse_solution(*r_.solution, p_.game);

    perfect_play();
    if (claim) {
      v_.claimed = claim->text;
      claim_vs_perfect_play(*claim);
    }
    if (line) {
      for (const WrittenMove& m : line->moves) v_.solution.push_back(m.text);
      if (line->outcome) v_.solution.push_back(line->outcome->text);
      check_line(*line, claim);
    }
    decide(claim.has_value(), line.has_value());
    return v_;
  }

 private:
  void perfect_play() {
    if (p_.phase == Phase::Placement)
      throw InputError(r_.where, "placement positions are not solved here");
    best_ = solver_.solve(p_);
    v_.best = best_.value;
    Position q = p_;
    Side who = Side::A;
    for (const Move& m : best_.line) {
      v_.best_line.push_back(said(q, m, who));
      if (m.kind == MoveKind::Call) break;
      q = play(q, m);
      who = other(who);
    }
    switch (value_kind(p_.game)) {
      case ValueKind::Score: {
        v_.best_result = "score " + std::to_string(best_.value);
        perfect_end_ = "the perfect line leaves " + pawn_list_text(pawns_on(q.board)) + ": " +
                       score_text(final_score(q.board));
        break;
      }
      case ValueKind::Margin:
        v_.best_result = "margin " + signed_text(best_.value);
        break;
      case ValueKind::Payoff:
        best_winner_ = best_.to_move_wins.value_or(false) ? Side::A : Side::B;
        v_.best_result = highlow_text(best_winner_, std::abs(best_.value));
        break;
    }
  }

  // The claim on its own, against the exact value.
  void claim_vs_perfect_play(const Claim& c) {
    const std::string claim = "`" + c.text + "`";
    // beaten: why more is impossible; better: what perfect play gets instead.
    auto number_claim = [&](const std::string& what, const std::string& beaten,
                            const std::string& better) {
      if (c.number > best_.value) {
        wrong("the claim " + claim + " is impossible: " + beaten, true);
      } else if (c.number < best_.value) {
        claim_short_ = true;
        better_.push_back(better + ", more than the claimed " + std::to_string(c.number) + ": " +
                          join(v_.best_line));
      } else {
        v_.notes.push_back("the claimed " + what + " " + std::to_string(c.number) +
                           " is the perfect-play " + what);
      }
    };
    const std::string best = std::to_string(best_.value);
    switch (c.kind) {
      case Claim::Kind::Score:
        number_claim("score", "no line scores more than " + best,
                     "a score of " + best + " is possible");
        break;
      case Claim::Kind::Margin:
        number_claim("margin",
                     "with best play B holds A to a margin of " + signed_text(best_.value),
                     "with best play A's margin is " + signed_text(best_.value));
        break;
      case Claim::Kind::Payoff:
        number_claim("payoff", "with best play A's payoff is " + signed_text(best_.value),
                     "with best play A's payoff is " + signed_text(best_.value));
        break;
      case Claim::Kind::Winner: {
        std::string actual;
        bool right;
        if (value_kind(p_.game) == ValueKind::Payoff) {
          right = c.winner == best_winner_;
          actual = v_.best_result;
        } else {  // Doubles: the margin decides
          right = c.winner == Side::A ? best_.value > 0 : best_.value < 0;
          actual = best_.value == 0
                       ? "the game is a tie (margin 0)"
                       : std::string(1, side_letter(best_.value > 0 ? Side::A : Side::B)) +
                             " wins (margin " + signed_text(best_.value) + " for A)";
        }
        if (right) {
          v_.notes.push_back("under perfect play " + actual + ", as claimed");
        } else {
          wrong("the claim " + claim + " is false: under perfect play " + actual, true);
        }
        break;
      }
    }
  }

  void check_line(const WrittenLine& line, const std::optional<Claim>& claim) {
    const Replay r = replay(p_, line);
    for (const std::string& e : r.turn_errors) v_.problems.push_back(e);
    if (r.failure) v_.problems.push_back(*r.failure);
    malformed_ = r.failure || !r.turn_errors.empty();
    if (malformed_) {
      judge_broken_line(r);
      return;
    }
    v_.notes.push_back("the published line replays: " + std::to_string(r.steps.size()) +
                       (r.steps.size() == 1 ? " move" : " moves") + ", all legal" +
                       (two_player(p_.game) ? " and in turn" : "") + ", and the game is over");

    const GameResult res = line_result(r);
    if (claim) check_claim_reached(*claim, res);
    if (line.outcome) check_outcome(*line.outcome, r, res);

    if (traits(p_.game).scored) {
      if (!claim && res.value_for(Side::A) < best_.value)
        better_.push_back("a score of " + std::to_string(best_.value) +
                          " is possible: " + join(v_.best_line));
      one_player_moves(r);
    } else {
      if (!claim && res.value_for(Side::A) < best_.value)
        better_.push_back("perfect play gives " + v_.best_result + ": " + join(v_.best_line));
      two_player_moves(r);
    }
  }

  // A line that cannot be replayed: the moves before it breaks are still judged.
  void judge_broken_line(const Replay& r) {
    replay_failure_ = !r.turn_errors.empty() ? r.turn_errors.front() : *r.failure;
    const size_t found = better_.size();
    if (two_player(p_.game))
      two_player_moves(r);
    else
      one_player_moves(r);
    if (better_.size() == found && r.in_turn > 0)
      v_.notes.push_back("the " + std::to_string(r.in_turn) + " published move" +
                         (r.in_turn == 1 ? "" : "s") + " before the line breaks " +
                         (r.in_turn == 1 ? "is a best move" : "are best moves") +
                         (!two_player(p_.game) ? ""
                          : r.in_turn == 1     ? " for its side"
                                               : " for their side"));
  }

  // What a replayed line reaches (games/result.h), in words.
  GameResult line_result(const Replay& r) {
    const GameResult g = game_result(r.end, r.to_move);
    const Board& end = r.end.board;
    switch (value_kind(p_.game)) {
      case ValueKind::Score:
        v_.published_result = "score " + std::to_string(g.score.total());
        v_.notes.push_back("the line leaves " + pawn_list_text(pawns_on(end)) + ": " +
                           score_text(g.score));
        if (g.score.total() < best_.value) v_.notes.push_back(perfect_end_);
        break;
      case ValueKind::Margin:
        v_.published_result = "margin " + signed_text(g.value_for(Side::A));
        v_.notes.push_back("the line ends with A " + std::to_string(g.points[0]) + " points, B " +
                           std::to_string(g.points[1]) + " (" + side_letter(g.last_mover) +
                           " made the last move and sweeps " + std::to_string(g.swept) + ")");
        break;
      case ValueKind::Payoff: {
        const Side w = *g.winner;
        v_.published_result = highlow_text(w, g.points_of(w));
        v_.notes.push_back("the line leaves " + pawn_list_text(pawns_on(end)) + "; " +
                           side_letter(g.last_mover) + " moved last, so " + side_letter(w) +
                           " wins, scoring " + std::to_string(g.points_of(w)));
        break;
      }
    }
    return g;
  }

  // The claim against what the line reaches.
  void check_claim_reached(const Claim& claim, const GameResult& res) {
    bool reached = true;
    switch (claim.kind) {
      case Claim::Kind::Score:
      case Claim::Kind::Margin:
      case Claim::Kind::Payoff:
        reached = claim.number == res.value_for(Side::A);
        break;
      case Claim::Kind::Winner:
        reached = res.winner == claim.winner;
        break;
    }
    if (reached) {
      v_.notes.push_back("the line reaches the claim `" + claim.text + "`");
    } else {
      wrong("the published line's result, " + *v_.published_result + ", is not the claimed `" +
                claim.text + "`",
            false);
    }
  }

  // The book's closing words against the end of the line.
  // The book's closing words against the end of the line and its result.
  void check_outcome(const WrittenOutcome& o, const Replay& r, const GameResult& res) {
    const std::string said_text = "the book's closing `" + o.text + "` does not match the line";
    if (!o.left.empty()) {
      const std::vector<Pawn> left = pawns_on(r.end.board);
      std::vector<Pawn> a = o.left, b = left;
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      if (a != b) wrong(said_text + ", which leaves " + pawn_list_text(left), false);
    }
    if (o.last_mover_wins && two_player(p_.game)) {
      const bool wins = res.winner == res.last_mover;
      if (wins != *o.last_mover_wins)
        wrong(said_text + ": " + side_letter(res.last_mover) + ", who moved last, " +
                  (wins ? "wins" : "does not win"),
              false);
    }
  }

  // Solitaire, Singles: the moves where the best reachable score falls.
  void one_player_moves(const Replay& r) {
    int before = best_.value;
    for (size_t i = 0; i < r.in_turn; ++i) {
      const Step& s = r.steps[i];
      const int after = s.move.kind == MoveKind::Call ? final_score(s.before.board).total()
                                                      : solver_.value(play(s.before, s.move));
      if (after < before) {
        const auto ms = solver_.moves(s.before);
        better_.push_back(s.label + " gives up points: the best score falls from " +
                          std::to_string(before) + " to " + std::to_string(after) + " (`" +
                          ms.front().text + "` keeps " + std::to_string(before) + ")");
      }
      before = after;
    }
  }

  // Doubles, High-Low: every published move against the best move there.
  void two_player_moves(const Replay& r) {
    for (size_t i = 0; i < r.in_turn; ++i) {
      const Step& s = r.steps[i];
      if (s.move.kind == MoveKind::Call) continue;
      const auto ms = solver_.moves(s.before);
      const auto it = std::find_if(ms.begin(), ms.end(),
                                   [&](const MoveValue& mv) { return mv.move == s.move; });
      if (it == ms.end()) continue;  // cannot happen: the move replayed
      const MoveValue& top = ms.front();
      const char who = side_letter(s.mover), them = side_letter(other(s.mover));
      const std::string alt = "`" + said(s.before, top.move, s.mover) + "`";
      if (value_kind(p_.game) == ValueKind::Payoff) {
        const bool winning = *top.wins;
        if (winning && !*it->wins) {
          better_.push_back(s.label + " throws away " + who + "'s win: after it " + them +
                            " wins with best play; " + alt + " keeps the win");
        } else if (it->value < top.value) {
          if (winning)
            better_.push_back(s.label + " keeps the win but scores less: with best play " + who +
                              " wins " + std::to_string(it->value) + " points after it, " +
                              std::to_string(top.value) + " after " + alt);
          else
            better_.push_back(who + std::string(" had a better defence at ") + s.label + ": " +
                              alt + " holds " + them + " to " + std::to_string(-top.value) +
                              " points instead of " + std::to_string(-it->value));
        }
      } else if (it->value < top.value) {
        better_.push_back(s.label + " is not " + who + "'s best: " + alt + " gives " + who +
                          " a margin of " + signed_text(top.value) + " instead of " +
                          signed_text(it->value));
      }
    }
  }

  void decide(bool have_claim, bool have_line) {
    for (const std::string& b : better_) v_.problems.push_back(b);
    if (false_claim_) {
      v_.verdict = Verdict::Wrong;
      v_.explanation = capitalised(wrong_why_) + ".";
      if (malformed_) v_.explanation += " The printed solution cannot be replayed either.";
    } else if (malformed_) {
      v_.verdict = Verdict::Malformed;
      v_.explanation = "The printed solution cannot be replayed: " + replay_failure_ + ".";
      if (have_claim)
        v_.explanation +=
            claim_short_
                ? " Perfect play gives " + v_.best_result + ", more than the claim."
                : " The claim itself is right under perfect play (" + v_.best_result + ").";
    } else if (mismatch_) {
      v_.verdict = Verdict::Wrong;
      v_.explanation = "The solution replays to the end, but " + wrong_why_ + ".";
    } else if (!better_.empty()) {
      v_.verdict = Verdict::Improvable;
      v_.explanation = std::string(have_line ? "The published line replays" : "The claim") +
                       (have_line && have_claim ? " and reaches the claim" : "") +
                       ", but perfect play does better: " + better_.front() + ".";
    } else {
      v_.verdict = Verdict::Holds;
      if (have_line && two_player(p_.game))
        v_.explanation = "The published line replays and reaches " + *v_.published_result +
                         (have_claim ? ", as claimed" : "") +
                         "; every published move is a best move for its side.";
      else if (have_line)
        v_.explanation = "The published line replays and reaches " + *v_.published_result +
                         (have_claim ? ", as claimed" : "") + "; no line does better.";
      else
        v_.explanation = "The claim is the perfect-play result (" + v_.best_result + ").";
    }
  }

  // A finding that makes the verdict `wrong`; the first one explains it.
  void wrong(const std::string& why, bool under_perfect_play) {
    (under_perfect_play ? false_claim_ : mismatch_) = true;
    v_.problems.push_back(why);
    if (wrong_why_.empty() || (under_perfect_play && !false_claim_seen_)) wrong_why_ = why;
    false_claim_seen_ |= under_perfect_play;
  }

  static std::string capitalised(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s.empty() ? "(no move)" : s;
  }

  const PositionRecord& r_;
  const Position& p_;
  Solver& solver_;
  Verification v_;
  Solution best_;
  Side best_winner_ = Side::A;
  bool false_claim_ = false, malformed_ = false, mismatch_ = false, false_claim_seen_ = false;
  bool claim_short_ = false;  // a number claim below the perfect-play value
  std::string wrong_why_;
  std::string replay_failure_;
  std::string perfect_end_;          // Solitaire, Singles: how the perfect line scores
  std::vector<std::string> better_;  // ways perfect play does better than the book
};

}  // namespace

Verification verify(const PositionRecord& r, Solver& solver) { return Checker(r, solver).run(); }

}  // namespace scarney
