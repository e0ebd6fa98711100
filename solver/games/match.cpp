#include "games/match.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "board/pawn.h"
#include "games/position_file.h"
#include "util/json.h"
#include "util/printable.h"
#include "util/stable_order.h"
#include "util/text.h"
#include "util/text_out.h"

namespace scarney {
namespace {

constexpr int kHighLowUndoubledMax = 34;  // above this a High-Low score is doubled

std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += i + 1 == names.size() ? " and " : ", ";
    s += names[i];
  }
  return s;
}

// The running state of a match, game by game. The parser asks it what the
// next line may hold; score_match replays the whole sheet through it.
class Tally {
 public:
  Tally(Game g, const std::vector<std::string>& players)
      : game_(g), players_(players), points_(players.size(), 0), won_(players.size(), 0) {}

  void add(const MatchGame& g) {
    for (size_t i = 0; i < g.scores.size(); ++i) {
      if (!g.scores[i]) continue;
      points_[i] += *g.scores[i];
      ++won_[i];  // High-Low: only the winner scores
    }
    ++games_;
  }

  int games() const { return games_; }
  const std::vector<int>& points() const { return points_; }
  const std::vector<int>& won() const { return won_; }
  int high() const { return *std::max_element(points_.begin(), points_.end()); }

  // The players with the highest score.
  std::vector<size_t> leaders() const {
    std::vector<size_t> out;
    for (size_t i = 0; i < points_.size(); ++i)
      if (points_[i] == high()) out.push_back(i);
    return out;
  }

  bool over() const {
    switch (game_) {
      case Game::Singles:
        return games_ >= kSinglesGames && leaders().size() == 1;
      case Game::Doubles:
        return high() >= kMatchTarget && leaders().size() == 1;
      default:
        return high() >= kMatchTarget;  // one scorer a game: never a tie
    }
  }

  // The next game is played only to break a tie for the highest score.
  bool extra_next() const {
    if (over()) return false;
    if (game_ == Game::Singles) return games_ >= kSinglesGames;
    return game_ == Game::Doubles && high() >= kMatchTarget;
  }

  // Singles extra games are played by the tied leaders only.
  bool plays_next(size_t player) const {
    if (game_ != Game::Singles || !extra_next()) return true;
    return points_[player] == high();
  }

  std::string why_over() const {
    const std::string who = players_[leaders()[0]];
    if (game_ == Game::Singles) return who + " has the highest score, " + std::to_string(high());
    return who + " reached " + std::to_string(high());
  }

  std::string why_not_over() const {
    if (extra_next()) {
      std::vector<std::string> tied;
      for (size_t i : leaders()) tied.push_back(players_[i]);
      return join_names(tied) + " are tied for the highest score, " + std::to_string(high()) +
             ": extra games to play";
    }
    if (game_ == Game::Singles)
      return std::to_string(games_) + " of " + std::to_string(kSinglesGames) + " games played";
    std::string s = "nobody has reached " + std::to_string(kMatchTarget) + " yet (";
    for (size_t i = 0; i < points_.size(); ++i)
      s += (i ? ", " : "") + players_[i] + ": " + std::to_string(kMatchTarget - points_[i]) +
           " to go";
    return s + ")";
  }

 private:
  Game game_;
  std::vector<std::string> players_;
  std::vector<int> points_, won_;
  int games_ = 0;
};

using text::Token;

// Why score `v` (nullopt: '-'; `written` as the sheet has it) cannot be
// player i's in the next game after the scores `before` of the players
// before him in it; nullopt when it can.
std::optional<std::string> score_problem(Game game, const Tally& tally,
                                         const std::vector<std::string>& players, size_t i,
                                         std::optional<int> v, const std::string& written,
                                         const std::vector<std::optional<int>>& before) {
  const bool extra = tally.extra_next();
  if (!v) {
    if (game == Game::Doubles) return "both players score in every Doubles game: expected a number";
    if (game == Game::Singles && tally.plays_next(i))
      return extra ? players[i] +
                         " is tied for the highest score and plays the extra game: "
                         "expected his game score"
                   : "every player plays each of the five games: '-' is only for a player "
                     "sitting out an extra game";
    return std::nullopt;
  }
  const int lo = min_game_score(game), hi = max_game_score(game);
  if (game == Game::Singles && !tally.plays_next(i))
    return players[i] + " is not tied for the highest score and sits out the extra game: write '-'";
  const bool scored_before =
      std::any_of(before.begin(), before.end(), [](const auto& x) { return x.has_value(); });
  if (game == Game::HighLow && scored_before)
    return "only the winner of a High-Low game scores: write '-' for the loser";
  if (*v < lo || *v > hi)
    return "a " + game_name(game) + " game score is " + std::to_string(lo) + " to " +
           std::to_string(hi) + ", found " + written;
  if (game == Game::HighLow && *v > kHighLowUndoubledMax && *v % 2)
    return "a High-Low score above " + std::to_string(kHighLowUndoubledMax) +
           " is doubled (the last pawn is black) and so even, found " + std::to_string(*v);
  return std::nullopt;
}

class Reader {
 public:
  Reader(std::string_view text, std::string file, std::optional<Game> game)
      : text_(text), file_(std::move(file)), cli_game_(game) {}

  Expected<Match> run() {
    int last = 0;
    const Expected<void> read =
        text::for_each_line(text_, file_, kMaxLineBytes, [&](const text::Line& line) {
          last = line.number;
          return read_line(line);
        });
    if (!read) return read.error();
    if (!tally_)
      if (Expected<void> e = start(last, {}); !e) return e.error();
    return std::move(match_);
  }

  // The game lines only, the head given (a key line is refused).
  Expected<Match> run_games(const std::vector<std::string>& players) {
    match_.players = players;
    if (Expected<void> e = start(1, {}); !e) return e.error();
    const Expected<void> read = text::for_each_line(
        text_, file_, kMaxLineBytes, [&](const text::Line& l) { return read_line(l); });
    if (!read) return read.error();
    return std::move(match_);
  }

 private:
  SourceLocation at(int line, int column) const { return {file_, line, column}; }

  // A value as written, up to its comment or the end of its line, trailing
  // blanks kept: the `game:` message has always quoted it so.
  std::string raw(std::string_view value) const {
    const size_t from = static_cast<size_t>(value.data() - text_.data());
    const size_t end = std::min(text_.find('\n', from), text_.find('#', from));
    return std::string(text_.substr(from, end - from));
  }

  Expected<void> read_line(const text::Line& line) {
    if (line.text.empty()) return {};
    if (line.text.find(':') != std::string_view::npos) return key_line(line);
    return game_line(line.number, text::split(line.text, line.column));
  }

  Expected<void> key_line(const text::Line& line) {
    const Expected<text::KeyValue> read = text::key_value(line, file_);
    if (!read) return read.error();
    const text::KeyValue& kv = *read;
    const std::string& key = kv.key;
    const SourceLocation key_at = at(line.number, kv.key_column);
    if (tally_)
      return InputError(key_at, "keys (game:, players:, title:) come before the first game");
    const auto values = text::split(kv.value, kv.value_column);
    const SourceLocation value_at = at(line.number, kv.value_column);
    if (std::find(seen_.begin(), seen_.end(), key) != seen_.end())
      return InputError(key_at, "key '" + key + "' given twice");
    seen_.push_back(key);
    if (key != "title" && values.empty())
      return InputError(value_at, "missing value after '" + key + ":'");

    if (key == "title") {
      match_.title = std::string(kv.value);
    } else if (key == "game") {
      const auto g = values.size() == 1 ? parse_game(values[0].text) : std::nullopt;
      if (!g || *g == Game::Solitaire)
        return InputError(value_at,
                          "expected singles, doubles or highlow, found '" + raw(kv.value) + "'");
      file_game_ = *g;
      file_game_at_ = value_at;
    } else if (key == "players") {
      if (Expected<void> e = read_players(line.number, values); !e) return e;
      players_at_ = value_at;
    } else {
      return InputError(key_at, "unknown key '" + std::string(kv.key_text) +
                                    "' (expected game, players or title)");
    }
    return {};
  }

  Expected<void> read_players(int number, const std::vector<Token>& values) {
    for (const Token& t : values) {
      const bool ok =
          t.text.size() <= 16 && std::all_of(t.text.begin(), t.text.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
          });
      if (!ok || t.text == "-")
        return InputError(at(number, t.column),
                          "a player's name is up to 16 letters, digits, '_', '.' or '-', found '" +
                              std::string(t.text) + "'");
      const std::string name(t.text);
      if (std::find(match_.players.begin(), match_.players.end(), name) != match_.players.end())
        return InputError(at(number, t.column), "player '" + name + "' named twice");
      match_.players.push_back(name);
    }
    return {};
  }

  // The header is complete: settle the game and the players.
  Expected<void> start(int number, const std::vector<Token>& first_game) {
    if (file_game_ && cli_game_ && *file_game_ != *cli_game_)
      return InputError(file_game_at_, "the file is a " + game_name(*file_game_) +
                                           " match, but --game says " + game_name(*cli_game_));
    if (!file_game_ && !cli_game_)
      return InputError(at(1, 1), "which game? give `game: singles|doubles|highlow` or --game");
    if (cli_game_ && *cli_game_ == Game::Solitaire)
      return InputError(at(1, 1),
                        "no match scoring for solitaire (expected singles, doubles or highlow)");
    match_.game = file_game_ ? *file_game_ : *cli_game_;
    const bool singles = match_.game == Game::Singles;
    const std::string what = game_name(match_.game) + " match";
    auto& players = match_.players;
    if (!players.empty()) {
      if (!singles && players.size() != 2)
        return InputError(
            players_at_, "a " + what + " has two players, found " + std::to_string(players.size()));
      if (singles && (players.size() < 2 || players.size() > kMaxSinglesPlayers))
        return InputError(players_at_, "a singles match has 2 to " +
                                           std::to_string(kMaxSinglesPlayers) + " players, found " +
                                           std::to_string(players.size()));
    } else {
      size_t n = 2;
      if (singles) {  // the first game line tells how many play
        if (first_game.empty())
          return InputError(at(number, 1), "no players: give `players:` or a game line");
        n = first_game.size();
        if (n < 2 || n > kMaxSinglesPlayers)
          return InputError(at(number, first_game[0].column),
                            "a singles match has 2 to " + std::to_string(kMaxSinglesPlayers) +
                                " players, found " + std::to_string(n) + " scores");
      }
      for (size_t i = 0; i < n; ++i) players.push_back(std::string(1, static_cast<char>('A' + i)));
    }
    tally_.emplace(match_.game, players);
    return {};
  }

  Expected<void> game_line(int number, const std::vector<Token>& toks) {
    if (!tally_)
      if (Expected<void> e = start(number, toks); !e) return e;
    Tally& tally = *tally_;
    const auto& players = match_.players;
    const size_t n = players.size();
    if (static_cast<int>(match_.games.size()) >= kMaxMatchGames)
      return InputError(at(number, toks[0].column), "too many games (a sheet holds at most " +
                                                        std::to_string(kMaxMatchGames) + ")");
    if (tally.over())
      return InputError(at(number, toks[0].column), "the match already ended after game " +
                                                        std::to_string(tally.games()) + " (" +
                                                        tally.why_over() + "): no game can follow");
    if (toks.size() != n) {
      const int col = toks.size() > n
                          ? toks[n].column
                          : toks.back().column + static_cast<int>(toks.back().text.size());
      return InputError(at(number, col), "expected " + std::to_string(n) + " scores (" +
                                             join_names(players) + "), found " +
                                             std::to_string(toks.size()));
    }

    MatchGame g;
    g.line = number;
    g.extra = tally.extra_next();
    const Game game = match_.game;
    for (size_t i = 0; i < n; ++i) {
      const Token& t = toks[i];
      std::optional<int> v;
      if (t.text != "-") {
        if (!std::all_of(t.text.begin(), t.text.end(), [](char c) { return c >= '0' && c <= '9'; }))
          return InputError(
              at(number, t.column),
              "expected a game score (a number) or '-', found '" + std::string(t.text) + "'");
        v = t.text.size() > 4 ? max_game_score(game) + 1 : std::stoi(std::string(t.text));
      }
      if (const auto why = score_problem(game, tally, players, i, v, std::string(t.text), g.scores))
        return InputError(at(number, t.column), *why);
      if (!v) {
        g.scores.push_back(std::nullopt);
        continue;
      }
      // Every spot goes to someone, but the book's own sample has a game of
      // 20 + 22: a warning, so that the book's sheet still reads.
      if (game == Game::Doubles && i == 1 && *g.scores[0] + *v != kTotalSpots)
        match_.warnings.emplace_back(
            at(number, toks[0].column),
            "the two scores of a Doubles game should add up to 40, these add up to " +
                std::to_string(*g.scores[0] + *v));
      g.scores.push_back(v);
    }
    if (game == Game::HighLow &&
        std::none_of(g.scores.begin(), g.scores.end(), [](const auto& x) { return x.has_value(); }))
      return InputError(at(number, toks[0].column),
                        "one player wins each High-Low game: expected the winner's score");
    tally.add(g);
    match_.games.push_back(std::move(g));
    return {};
  }

  std::string_view text_;
  std::string file_;
  std::optional<Game> cli_game_, file_game_;
  SourceLocation file_game_at_, players_at_;
  std::vector<std::string> seen_;
  std::optional<Tally> tally_;  // set once the header is complete
  Match match_;
};

std::string number_or_dash(int v) { return v ? std::to_string(v) : "-"; }

// Opponents of the winner, the one he collects least from first.
std::vector<size_t> opponents(const MatchResult& r) {
  std::vector<size_t> out;
  for (size_t i = 0; i < r.total.size(); ++i)
    if (static_cast<int>(i) != r.winner) out.push_back(i);
  stable_sort_by(out, [&](size_t a) { return SortKey{r.collects[a]}; });
  return out;
}

}  // namespace

int min_game_score(Game g) { return g == Game::HighLow ? 3 : 1; }

int max_game_score(Game g) {
  switch (g) {
    case Game::Singles:
      return 190;  // four black pawns on the corners: 30 + 4 x 40
    case Game::Doubles:
      return kTotalSpots - 1;
    case Game::HighLow:
      return 2 * kHighLowUndoubledMax;
    default:
      return kTotalSpots;
  }
}

Match parse_match(std::string_view text, const std::string& file_name, std::optional<Game> game) {
  if (text.size() > kMaxMatchFileBytes)
    throw InputError(
        SourceLocation{file_name, 1, 1},
        "file too large for a match sheet (over " + std::to_string(kMaxMatchFileBytes) + " bytes)");
  return Reader(text, file_name, game).run().or_throw();
}

Match read_match_file(const std::string& path, std::optional<Game> game) {
  return parse_match(read_text_file(path, kMaxMatchFileBytes), path, game);
}

Expected<Match> read_match_games(Game g, const std::vector<std::string>& players,
                                 const std::vector<std::string>& lines,
                                 const std::string& file_name) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  if (text.size() > kMaxMatchFileBytes)
    return InputError(
        SourceLocation{file_name, 1, 1},
        "file too large for a match sheet (over " + std::to_string(kMaxMatchFileBytes) + " bytes)");
  return Reader(text, file_name, g).run_games(players);
}

Match parse_match_games(Game g, const std::vector<std::string>& players,
                        const std::vector<std::string>& lines, const std::string& file_name) {
  return read_match_games(g, players, lines, file_name).or_throw();
}

void add_match_game(Match& m, const std::vector<std::optional<int>>& scores) {
  Tally tally(m.game, m.players);
  for (const MatchGame& g : m.games) tally.add(g);
  if (tally.over()) throw InputError("the match is over already");
  MatchGame g;
  g.extra = tally.extra_next();
  for (size_t i = 0; i < scores.size(); ++i) {
    const std::optional<int> v = scores[i];
    const std::string written = v ? std::to_string(*v) : "-";
    if (const auto why = score_problem(m.game, tally, m.players, i, v, written, g.scores))
      throw InputError(*why);
    g.scores.push_back(v);
  }
  m.games.push_back(std::move(g));
}

MatchResult score_match(const Match& m) {
  Tally tally(m.game, m.players);
  for (const MatchGame& g : m.games) tally.add(g);
  const size_t n = m.players.size();
  MatchResult r;
  r.points = tally.points();
  r.games_won.assign(n, 0);
  r.game_bonus.assign(n, 0);
  r.match_bonus.assign(n, 0);
  r.shutout_bonus.assign(n, 0);
  r.collects.assign(n, 0);
  r.finished = tally.over();
  if (m.game == Game::HighLow) r.games_won = tally.won();
  if (!r.finished) {
    r.status = "match not finished: " + tally.why_not_over();
    r.total = r.points;
    return r;
  }
  r.winner = static_cast<int>(tally.leaders()[0]);
  r.match_bonus[r.winner] = kMatchBonus;
  if (m.game == Game::HighLow) {
    for (size_t i = 0; i < n; ++i) r.game_bonus[i] = kHighLowGameBonus * r.games_won[i];
    if (r.points[1 - r.winner] == 0) r.shutout_bonus[r.winner] = kShutoutBonus;
  }
  r.total.resize(n);
  for (size_t i = 0; i < n; ++i)
    r.total[i] = r.points[i] + r.game_bonus[i] + r.match_bonus[i] + r.shutout_bonus[i];
  for (size_t i = 0; i < n; ++i)
    if (static_cast<int>(i) != r.winner) r.collects[i] = r.total[r.winner] - r.total[i];
  return r;
}

namespace {

// The rows of a score sheet below its header: one per game, then the totals.
struct SheetRows {
  std::vector<std::string> labels;
  std::vector<std::vector<std::string>> cells;  // per row, per player
  size_t games = 0;                             // rows of games, before the totals
};

SheetRows sheet_rows(const Match& m, const MatchResult& r) {
  const size_t n = m.players.size();
  SheetRows t;
  std::vector<int> running(n, 0);
  for (size_t k = 0; k < m.games.size(); ++k) {
    const MatchGame& g = m.games[k];
    t.labels.push_back(std::to_string(k + 1) + (g.extra ? " (extra)" : ""));
    std::vector<std::string> row;
    for (size_t i = 0; i < n; ++i) {
      if (!g.scores[i]) {
        row.push_back("-");
        continue;
      }
      running[i] += *g.scores[i];
      row.push_back(std::to_string(*g.scores[i]) + "-" + std::to_string(running[i]));
    }
    t.cells.push_back(row);
  }
  t.games = t.labels.size();
  auto add_row = [&](const std::string& label, const std::vector<int>& v, bool dash_zero) {
    t.labels.push_back(label);
    std::vector<std::string> row;
    for (int x : v) row.push_back(dash_zero ? number_or_dash(x) : std::to_string(x));
    t.cells.push_back(row);
  };
  add_row("Match scores", r.points, false);
  if (r.finished) {
    if (m.game == Game::HighLow) {
      add_row("Games won", r.games_won, false);
      add_row("Game bonuses", r.game_bonus, true);
    }
    add_row("Match bonus", r.match_bonus, true);
    if (m.game == Game::HighLow) add_row("Shutout bonus", r.shutout_bonus, true);
    add_row("Total match scores", r.total, false);
  }
  return t;
}

// The rows as columns aligned under the players' names.
void print_sheet_rows(TextOut& s, const Match& m, const SheetRows& t) {
  const size_t n = m.players.size();
  size_t label_width = 4;
  for (const auto& l : t.labels) label_width = std::max(label_width, l.size());
  std::vector<size_t> width(n);
  for (size_t i = 0; i < n; ++i) {
    width[i] = m.players[i].size();
    for (const auto& row : t.cells) width[i] = std::max(width[i], row[i].size());
  }
  auto line = [&](const std::string& label, const std::vector<std::string>& row) {
    std::string text = label + std::string(label_width - label.size(), ' ');
    for (size_t i = 0; i < n; ++i) text += std::string(3 + width[i] - row[i].size(), ' ') + row[i];
    s << text << "\n";
  };
  line("Game", m.players);
  for (size_t k = 0; k < t.labels.size(); ++k) {
    if (k == t.games) s << "\n";
    line(t.labels[k], t.cells[k]);
  }
}

// Who won a finished match and what changes hands.
void print_settlement(TextOut& s, const Match& m, const MatchResult& r) {
  const std::string& winner = m.players[r.winner];
  if (m.game == Game::Singles) {
    s << winner << " wins the match and collects ";
    const auto opp = opponents(r);
    for (size_t k = 0; k < opp.size(); ++k) {
      if (k) s << (k + 1 == opp.size() ? " and " : ", ");
      s << r.collects[opp[k]] << " points from " << m.players[opp[k]];
    }
    s << ".\n";
    return;
  }
  const int loser = 1 - r.winner;
  const int by = r.collects[loser];
  const std::string sums =
      " (" + std::to_string(r.total[r.winner]) + " - " + std::to_string(r.total[loser]) + ")";
  if (by >= 0)
    s << winner << " wins the match by " << by << " points" << sums << ".\n";
  else  // High-Low: the loser's game bonuses can outweigh the winner's bonuses
    s << winner << " wins the match, but " << m.players[loser]
      << "'s total is higher: " << m.players[loser] << " collects " << -by << " points from "
      << winner << sums << ".\n";
}

}  // namespace

std::string format_score_sheet(const Match& m, const MatchResult& r) {
  TextOut s;
  const std::string name = m.game == Game::Singles   ? "Scarney Singles match"
                           : m.game == Game::Doubles ? "Scarney Doubles match"
                                                     : "High-Low Scarney match";
  s << name << (m.title.empty() ? "" : ": " + printable_line(m.title)) << "\n\n";
  print_sheet_rows(s, m, sheet_rows(m, r));
  s << "\n";
  if (!r.finished) {
    s << "Match not finished: " << r.status.substr(r.status.find(": ") + 2) << ".\n";
    return s.str();
  }
  print_settlement(s, m, r);
  return s.str();
}

Json match_json(const Match& m, const MatchResult& r) {
  Json games = Json::array();
  for (const MatchGame& g : m.games) {
    Json row = Json::array();
    for (const auto& v : g.scores) row.push_back(v ? Json(*v) : Json(nullptr));
    games.push_back(row);
  }
  JsonObject o;
  o.add("game", game_name(m.game));
  if (!m.title.empty()) o.add("title", m.title);
  o.add("players", m.players);
  o.add("games", games);
  o.add("finished", r.finished);
  if (!r.finished) o.add("status", r.status);
  o.add("points", Json(r.points));
  if (m.game == Game::HighLow) {
    o.add("games_won", Json(r.games_won));
    o.add("game_bonus", Json(r.game_bonus));
  }
  o.add("match_bonus", Json(r.match_bonus));
  if (m.game == Game::HighLow) o.add("shutout_bonus", Json(r.shutout_bonus));
  o.add("total", Json(r.total));
  if (!r.finished) {
    o.add_null("winner");
    return o.value();
  }
  o.add("winner", m.players[r.winner]);
  if (m.game != Game::Singles) o.add("wins_by", r.collects[1 - r.winner]);
  Json collects = Json::array();
  for (size_t i : opponents(r)) {
    JsonObject c;
    c.add("from", m.players[i]).add("points", r.collects[i]);
    collects.push_back(c.value());
  }
  o.add("collects", collects);
  return o.value();
}

}  // namespace scarney
