#include "analysis_text.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli_common.h"
#include "colour.h"
#include "games/game.h"
#include "util/printable.h"

namespace scarney::cli {
namespace {

// An error or a standard error: two decimals.
std::string decimals(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// A diagram with each row's circles named at its end ("C1-C4"), as `play`
// draws the board, so that a line's "G3 on C7" can be found on it.
std::string with_circle_names(const std::string& d) {
  std::string out;
  int row = 0;
  for (size_t at = 0, nl; (nl = d.find('\n', at)) != std::string::npos; at = nl + 1, ++row) {
    std::string line = d.substr(at, nl - at);
    line.resize(std::max<size_t>(line.size(), 12), ' ');
    out += line + "   C" + std::to_string(4 * row + 1) + "-C" + std::to_string(4 * row + 4) + "\n";
  }
  return out;
}

// The position's heading: its title or where it comes from, the game and
// phase, and the board.
void print_heading(const Analysis& a) {
  const Position& p = a.position;
  std::cout << printable_line(a.title.empty() ? a.source : a.title) << "  (" << game_name(p.game)
            << ", " << phase_name(p.phase) << ")\n";
  std::cout << indent(coloured_diagram(with_circle_names(diagram(p.board))), "    ");
  if (!a.placement) return;
  if (a.placement->choosing_colours)
    std::cout << "  A chooses two colours, then places first\n";
  else
    std::cout << "  hands: " << a.placement->hands
              << "   to place: " << side_letter(a.placement->to_move) << " ("
              << a.placement->pawns_left << " pawns left)\n";
}

std::string how_estimated(const PlacementAnalysis& p) {
  std::string s = "not exact: " + std::to_string(p.depth) + " placement(s) searched, then " +
                  (p.learned ? std::string("a learned evaluation")
                             : "the mean of " + std::to_string(p.samples) + " random completions");
  if (p.std_error) s += ", standard error " + decimals(*p.std_error);
  if (p.error) s += "; such estimates are off by " + decimals(*p.error) + " on average";
  if (p.budget_spent) s += "; the time ran out for a deeper search";
  return s;
}

// The line's moves, each with its player in the two-player games.
std::string line_text(const Analysis& a) {
  if (a.line->empty()) return "(game over)";
  std::vector<std::string> moves;
  for (size_t i = 0; i < a.line->size(); ++i)
    moves.push_back(a.movers ? std::string(1, side_letter((*a.movers)[i])) + ": " + (*a.line)[i]
                             : (*a.line)[i]);
  return join(moves, ", ");
}

// --boards: the board after each move of the line, side by side in rows.
void print_boards(const Analysis& a) {
  constexpr size_t kPerRow = 4;
  const std::vector<Position>& ps = *a.line_positions;
  for (size_t first = 0; first < ps.size(); first += kPerRow) {
    const size_t last = std::min(ps.size(), first + kPerRow);
    std::vector<std::string> heads, rows[4];
    for (size_t i = first; i < last; ++i) {
      std::string head = std::to_string(i + 1) + ". " + (*a.line)[i];
      head.resize(std::max<size_t>(head.size(), 17), ' ');
      heads.push_back(head);
      const std::string d = diagram(ps[i].board);
      for (size_t r = 0, at = 0; r < 4; ++r) {
        const size_t nl = d.find('\n', at);
        rows[r].push_back(d.substr(at, nl - at));
        at = nl + 1;
      }
    }
    // Each printed line without trailing blanks.
    const auto line = [](std::string text) {
      while (!text.empty() && text.back() == ' ') text.pop_back();
      std::cout << text << "\n";
    };
    std::cout << "\n";
    std::string text;
    for (const std::string& h : heads) text += "    " + h + "  ";
    line(text);
    for (const auto& row : rows) {
      text.clear();
      for (size_t i = 0; i < row.size(); ++i) {
        std::string cell = row[i];
        cell.resize(heads[i].size(), ' ');
        text += "    " + cell + "  ";
      }
      line(text);
    }
  }
}

void print_board_value(const Analysis& a) {
  const int v = static_cast<int>(*a.value);
  if (a.score) {
    std::cout << "  best score: " << v << "  (" << a.score->rating << ")\n";
    std::cout << "  game score " << a.score->game_score;
    if (a.score->bonus) std::cout << " + " << a.score->bonus_kind << " bonus " << a.score->bonus;
    std::cout << "\n";
  } else if (value_kind(a.position.game) == ValueKind::Margin) {
    std::cout << "  margin for the side to move (A): " << (v > 0 ? "+" : "") << v << "\n";
    if (a.nonstarter_score)
      std::cout << "  final scores: A, the nonstarter, " << *a.nonstarter_score << "; B "
                << kTotalSpots - *a.nonstarter_score << "\n";
  } else {
    std::cout << "  side to move (A) " << (a.to_move_wins.value_or(false) ? "wins" : "loses")
              << ", payoff " << (v > 0 ? "+" : "") << v << "\n";
  }
  std::cout << "  line: " << line_text(a) << "\n";
  if (a.line_positions) print_boards(a);
  if (a.sweeper)
    std::cout << "  then no jump is left: " << side_letter(*a.sweeper)
              << ", who moved last, sweeps " << *a.swept << "\n";
  std::cout << "\n";
}

// The game played on the full board, each move with its player in the
// two-player games (`A: removes R2 and R4, B: removes Y4`, as docs/cli.md
// says of every two-player line): the book's first mover, then in turn.
std::string game_line_text(Game g, const std::vector<std::string>& moves) {
  if (moves.empty()) return "(game over)";
  if (!two_player(g)) return join(moves, ", ");
  std::vector<std::string> said;
  Side who = traits(g).first_after_placement;
  for (const std::string& m : moves) {
    said.push_back(std::string(1, side_letter(who)) + ": " + m);
    who = other(who);
  }
  return join(said, ", ");
}

// High-Low: whether the side to move wins. On a checked proof's top the
// proof says it where the search only estimated.
std::string outcome_text(const Analysis& a) {
  const PlacementAnalysis& p = *a.placement;
  if (p.proved_winner && !a.exact)
    return *p.proved_winner == p.to_move ? "wins: proved" : "loses: proved";
  return std::string(a.exact ? "" : "probably ") + (*a.to_move_wins ? "wins" : "loses");
}

void print_placement_value(const Analysis& a) {
  const PlacementAnalysis& p = *a.placement;
  const std::string v = value_text(a.value.value_or(0), a.exact);
  const Game g = a.position.game;
  if (value_kind(g) == ValueKind::Score)
    std::cout << "  A's " << (p.cooperative ? "best" : "guaranteed") << " Singles score"
              << ": " << v;
  else if (value_kind(g) == ValueKind::Margin)
    std::cout << "  final margin for " << side_letter(p.to_move)
              << " (to move): " << value_text(*a.value, a.exact, true);
  else
    std::cout << "  " << side_letter(p.to_move) << " (to move) "
              << outcome_text(a)
              // Winner-only: no payoff was asked (not 0).
              << (a.value ? ", payoff " + value_text(*a.value, a.exact, true) : "");
  std::cout << (a.exact ? "  (exact)\n" : "  (" + how_estimated(p) + ")\n");
  if (p.proved_winner)
    std::cout << "  proved: " << side_letter(*p.proved_winner) << " wins, by the checked proof"
              << (p.proved_placement ? "; its choice here: " + *p.proved_placement : "") << "\n";
  std::cout << "  placements: " << (a.line->empty() ? "(none)" : join(*a.line, ", ")) << "\n";
  if (p.final_board) {
    std::cout << "  final board: " << *p.final_board << "\n";
    std::cout << "  then: " << game_line_text(a.position.game, p.game_line) << "\n";
  }
  std::cout << "\n";
}

// What the values of a placement position's moves are.
std::string placement_values(const Analysis& a) {
  const PlacementAnalysis& p = *a.placement;
  const Game g = a.position.game;
  static constexpr PerGame<const char*> kValues = {
      "", "A's Singles score", "final margin for the mover", "payoff for the mover"};
  return std::string(p.winner_only ? "whether the mover wins" : for_game(g, kValues)) +
         (a.exact ? " (exact)" : " (" + how_estimated(p) + ")");
}

}  // namespace

void print_solution_text(const Analysis& a) {
  print_heading(a);
  if (a.placement)
    print_placement_value(a);
  else
    print_board_value(a);
}

void print_moves_text(const Analysis& a) {
  print_heading(a);
  const bool values = !(a.placement && a.placement->winner_only);
  // Margins and payoffs carry their sign; every value is right-aligned.
  const bool sign = two_player(a.position.game);
  if (a.placement) std::cout << "  values: " << placement_values(a) << "\n";
  if (!a.placement && a.moves->empty()) std::cout << "  no legal move: the game is over\n";
  std::vector<std::string> shown;
  size_t width = 0;
  for (const MoveAnalysis& m : *a.moves) {
    shown.push_back(value_text(m.value, a.exact, sign));
    width = std::max(width, shown.back().size());
  }
  for (size_t i = 0; i < a.moves->size(); ++i) {
    const MoveAnalysis& m = (*a.moves)[i];
    std::string text = m.move;
    text.resize(std::max<size_t>(text.size(), 28), ' ');
    std::cout << "  " << text;
    if (values) std::cout << " " << std::string(width - shown[i].size(), ' ') << shown[i];
    // On a checked proof's top (--proof): the outcome the proof gives, in
    // place of an estimate's guess.
    if (m.to_move_wins && (a.exact || !m.proved_wins))
      std::cout << "  " << (a.exact ? "" : "probably ") << coloured_outcome(*m.to_move_wins);
    if (m.proved_wins) std::cout << "  (" << (*m.proved_wins ? "wins" : "loses") << ": proved)";
    std::cout << "\n";
  }
  std::cout << "\n";
}

std::string value_text(double v, bool exact, bool sign) {
  char buf[40];
  std::snprintf(buf, sizeof buf, exact ? "%s%.0f" : "≈ %s%.2f", sign && v > 0 ? "+" : "", v);
  return buf;
}

}  // namespace scarney::cli
