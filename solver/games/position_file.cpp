#include "games/position_file.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace scarney {
namespace {

struct Line {
  int number;             // 1-based
  std::string_view text;  // comment and trailing blanks removed
};

std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return r;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// A token of a line and the 1-based column it starts at.
struct Token {
  std::string_view text;
  int column;
};

// Splits on blanks and the given separator characters.
std::vector<Token> tokens(std::string_view s, int first_column, std::string_view separators) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (is_blank(s[i]) || separators.find(s[i]) != std::string_view::npos)) ++i;
    const size_t start = i;
    while (i < s.size() && !is_blank(s[i]) && separators.find(s[i]) == std::string_view::npos) ++i;
    if (i > start)
      out.push_back({s.substr(start, i - start), first_column + static_cast<int>(start)});
  }
  return out;
}

class Parser {
 public:
  Parser(std::string_view text, std::string file) : file_(std::move(file)) { split(text); }

  std::vector<Position> run() {
    std::vector<Position> out;
    size_t i = 0;
    while (i < lines_.size()) {
      size_t j = i;
      while (j < lines_.size() && lines_[j].text != "---") ++j;
      if (has_content(i, j)) out.push_back(parse_block(i, j));
      i = j + 1;
    }
    if (out.empty()) throw InputError(at(1, 1), "empty file: no position found");
    return out;
  }

 private:
  SourceLocation at(int line, int column) const { return {file_, line, column}; }

  void split(std::string_view text) {
    int number = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(pos, end - pos);
      ++number;
      if (line.size() > kMaxLineBytes)
        throw InputError(at(number, 1),
                         "line too long (over " + std::to_string(kMaxLineBytes) + " bytes)");
      if (number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") {  // UTF-8 byte-order mark
        line.remove_prefix(3);
        offset_first_ = 3;
      }
      const size_t hash = line.find('#');
      if (hash != std::string_view::npos) line = line.substr(0, hash);
      while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
      // Leading blanks are kept so that columns stay true; tokens skip them.
      size_t lead = 0;
      while (lead < line.size() && is_blank(line[lead])) ++lead;
      lines_.push_back({number, line.substr(lead)});
      leads_.push_back(static_cast<int>(lead) + (number == 1 ? offset_first_ : 0));
      if (end == text.size()) break;
      pos = end + 1;
    }
  }

  int column_of(size_t line_index, std::string_view part) const {
    return leads_[line_index] + static_cast<int>(part.data() - lines_[line_index].text.data()) + 1;
  }

  bool has_content(size_t i, size_t j) const {
    for (size_t k = i; k < j; ++k)
      if (!lines_[k].text.empty()) return true;
    return false;
  }

  Position parse_block(size_t i, size_t j) {
    Position p;
    std::vector<std::string> seen;
    bool have_game = false, have_phase = false, have_removed = false, have_pawns = false;
    SourceLocation phase_at, removed_at, board_at;
    Mask used_circles = 0;
    uint16_t used_pawns = 0;
    for (size_t k = i; k < j; ++k) {
      const Line& ln = lines_[k];
      if (ln.text.empty()) continue;
      if (p.where.line == 0) p.where = at(ln.number, column_of(k, ln.text));
      const size_t colon = ln.text.find(':');
      if (colon == std::string_view::npos)
        throw InputError(at(ln.number, column_of(k, ln.text)),
                         "expected `key: value`, found '" + std::string(ln.text) + "'");
      std::string_view key_text = ln.text.substr(0, colon);
      while (!key_text.empty() && is_blank(key_text.back())) key_text.remove_suffix(1);
      const std::string key = lower(key_text);
      std::string_view value = ln.text.substr(colon + 1);
      while (!value.empty() && is_blank(value.front())) value.remove_prefix(1);
      const SourceLocation key_at = at(ln.number, column_of(k, ln.text));
      const SourceLocation value_at =
          at(ln.number, value.empty() ? column_of(k, ln.text) + static_cast<int>(colon) + 1
                                      : column_of(k, value));
      const bool repeatable = key == "placement";
      if (!repeatable && std::find(seen.begin(), seen.end(), key) != seen.end())
        throw InputError(key_at, "key '" + key + "' given twice in one position");
      seen.push_back(key);

      auto need_value = [&] {
        if (value.empty()) throw InputError(value_at, "missing value after '" + key + ":'");
      };
      auto place = [&](std::string_view pawn_text, int pawn_col, std::string_view circle_text,
                       int circle_col, int line_no) {
        const auto pawn = parse_pawn(pawn_text);
        if (!pawn)
          throw InputError(at(line_no, pawn_col),
                           "no such pawn '" + std::string(pawn_text) +
                               "' (pawns are B, R, Y, G with 1 to 4 spots, e.g. R3)");
        const auto circle = parse_circle(circle_text);
        if (!circle)
          throw InputError(at(line_no, circle_col), "no such circle '" + std::string(circle_text) +
                                                        "' (circles are C1 to C16)");
        if (used_pawns >> *pawn & 1)
          throw InputError(at(line_no, pawn_col), "pawn " + pawn_name(*pawn) + " placed twice");
        if (used_circles & bit(*circle))
          throw InputError(at(line_no, circle_col), "circle " + circle_name(*circle) +
                                                        " already holds " +
                                                        pawn_name(p.board.pawn_on(*circle)));
        used_pawns |= static_cast<uint16_t>(1u << *pawn);
        used_circles |= bit(*circle);
        p.board.place(*pawn, *circle);
      };

      if (key == "title") {
        p.title = std::string(value);
      } else if (key == "game") {
        need_value();
        const auto g = parse_game(value);
        if (!g)
          throw InputError(value_at, "unknown game '" + std::string(value) +
                                         "' (expected solitaire, singles, doubles or highlow)");
        p.game = *g;
        have_game = true;
      } else if (key == "phase") {
        need_value();
        const auto ph = parse_phase(value);
        if (!ph)
          throw InputError(value_at,
                           "unknown phase '" + std::string(value) +
                               "' (expected takeoff, takeoff2, jump, removal or placement)");
        p.phase = *ph;
        have_phase = true;
        phase_at = value_at;
      } else if (key == "placement") {
        if (std::count(seen.begin(), seen.end(), "board"))
          throw InputError(key_at,
                           "give the pawns either as `placement:` or as `board:`, not both");
        have_pawns = true;
        const auto toks = tokens(value, value_at.column, ",;");
        if (toks.size() % 3 != 0)
          throw InputError(toks.empty() ? value_at : at(ln.number, toks.back().column),
                           "expected placements like `Y4 on C2, Y3 on C5`");
        for (size_t t = 0; t < toks.size(); t += 3) {
          if (lower(toks[t + 1].text) != "on")
            throw InputError(at(ln.number, toks[t + 1].column),
                             "expected 'on' in `" + std::string(toks[t].text) + " on C…`, found '" +
                                 std::string(toks[t + 1].text) + "'");
          place(toks[t].text, toks[t].column, toks[t + 2].text, toks[t + 2].column, ln.number);
        }
      } else if (key == "board") {
        if (std::count(seen.begin(), seen.end(), "placement"))
          throw InputError(key_at,
                           "give the pawns either as `placement:` or as `board:`, not both");
        have_pawns = true;
        board_at = key_at;
        if (!value.empty())
          throw InputError(value_at,
                           "`board:` is followed by four lines of four tokens on the next lines");
        for (int r = 0; r < 4; ++r) {
          ++k;
          while (k < j && lines_[k].text.empty()) ++k;
          if (k >= j)
            throw InputError(
                at(lines_[std::min(k, j) - 1].number, 1),
                "board: expected 4 rows of 4 tokens, found " + std::to_string(r) + " rows");
          const Line& row = lines_[k];
          const auto toks = tokens(row.text, column_of(k, row.text), "");
          if (toks.size() != 4)
            throw InputError(at(row.number, column_of(k, row.text)),
                             "board row " + std::to_string(r + 1) +
                                 ": expected 4 tokens (a pawn or '.'), found " +
                                 std::to_string(toks.size()));
          for (int c = 0; c < 4; ++c) {
            if (toks[c].text == ".") continue;
            const std::string circ = "C" + std::to_string(r * 4 + c + 1);
            place(toks[c].text, toks[c].column, circ, toks[c].column, row.number);
          }
        }
      } else if (key == "removed") {
        need_value();
        const auto toks = tokens(value, value_at.column, ",");
        if (toks.size() != 2)
          throw InputError(value_at,
                           "expected `removed: <spots by side to move> <spots by other side>`");
        for (int s = 0; s < 2; ++s) {
          int v = 0;
          for (char ch : toks[s].text) {
            if (ch < '0' || ch > '9' || v > 100)
              throw InputError(at(ln.number, toks[s].column),
                               "expected a number of spots from 0 to 40, found '" +
                                   std::string(toks[s].text) + "'");
            v = v * 10 + (ch - '0');
          }
          if (v > kTotalSpots)
            throw InputError(at(ln.number, toks[s].column), "at most 40 spots can be removed");
          p.removed[s] = v;
        }
        have_removed = true;
        removed_at = value_at;
      } else if (key == "claim") {
        need_value();
        p.claim = SourcedText{std::string(value), value_at};
      } else if (key == "solution") {
        need_value();
        p.solution = SourcedText{std::string(value), value_at};
      } else if (key == "hands") {
        need_value();
        p.hands = SourcedText{std::string(value), value_at};
      } else if (key == "to-move" || key == "to_move") {
        need_value();
        p.to_move = SourcedText{std::string(value), value_at};
      } else {
        throw InputError(key_at, "unknown key '" + std::string(key_text) +
                                     "' (expected title, game, phase, placement, board, removed, "
                                     "claim, solution, hands or to-move)");
      }
    }
    (void)have_game;
    const SourceLocation start = p.where;
    const int n = p.board.pawn_count();
    if (!have_pawns && !(have_phase && p.phase == Phase::Placement))
      throw InputError(start, "no pawns: give `placement:` or `board:`");
    // Default phase, then check it fits the game and the pawn count.
    if (!have_phase) {
      if (p.game == Game::HighLow)
        p.phase = Phase::Removal;
      else
        p.phase = n == kPawns ? Phase::TakeOff : Phase::Jump;
      phase_at = start;
    }
    check_phase(p, phase_at);
    if (have_removed) {
      if (p.game != Game::HighLow)
        throw InputError(removed_at, "`removed:` is only for High-Low positions");
      if (p.removed[0] + p.removed[1] + p.board.spots() > kTotalSpots)
        throw InputError(removed_at, "more spots removed than are off the board (" +
                                         std::to_string(kTotalSpots - p.board.spots()) + ")");
    }
    if (p.phase != Phase::Placement && (p.hands || p.to_move))
      throw InputError(p.hands ? p.hands->where : p.to_move->where,
                       "`hands:` and `to-move:` are only for `phase: placement`");
    return p;
  }

  static void check_phase(const Position& p, const SourceLocation& where) {
    const int n = p.board.pawn_count();
    const std::string ph = "phase " + phase_name(p.phase);
    auto fail = [&](const std::string& why) { throw InputError(where, ph + " " + why); };
    switch (p.phase) {
      case Phase::TakeOff:
        if (p.game == Game::HighLow) fail("is not a High-Low phase (High-Low has removal)");
        if (n != kPawns) fail("needs all 16 pawns on the board, found " + std::to_string(n));
        break;
      case Phase::TakeOff2: {
        if (p.game != Game::Doubles) fail("is only for Doubles");
        if (n != kPawns - 1) fail("needs 15 pawns on the board, found " + std::to_string(n));
        bool any = false;
        for (Circle c : circles(p.board.occupied())) any |= can_take_off(p.board.pawn_on(c));
        if (!any) fail("needs a 1- or 2-spot pawn on the board to take off");
        break;
      }
      case Phase::Jump:
        if (p.game == Game::HighLow) fail("is not a High-Low phase (High-Low has removal)");
        if (n == kPawns)
          fail("needs an empty circle; with 16 pawns the game starts with the take-off");
        if (n == 0) fail("needs at least one pawn on the board");
        break;
      case Phase::Removal:
        if (p.game != Game::HighLow) fail("is only for High-Low");
        if (n == 0) fail("needs at least one pawn on the board");
        break;
      case Phase::Placement:
        if (p.game == Game::Solitaire)
          fail("is not a Solitaire phase (the solitaire player places the pawns face down)");
        if (n == kPawns) fail("needs an empty circle: all 16 pawns are already placed");
        break;
    }
  }

  std::string file_;
  std::vector<Line> lines_;
  std::vector<int> leads_;
  int offset_first_ = 0;
};

}  // namespace

std::vector<Position> parse_positions(std::string_view text, const std::string& file_name) {
  if (text.size() > kMaxPositionFileBytes)
    throw InputError(SourceLocation{file_name, 1, 1}, "file too large for a position file (over " +
                                                          std::to_string(kMaxPositionFileBytes) +
                                                          " bytes)");
  return Parser(text, file_name).run();
}

std::string read_text_file(const std::string& path, size_t max_bytes) {
  std::string data;
  if (path == "-") {
    char buf[65536];
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
      data.append(buf, static_cast<size_t>(std::cin.gcount()));
      if (data.size() > max_bytes) break;
    }
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot open file");
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      data.append(buf, static_cast<size_t>(in.gcount()));
      if (data.size() > max_bytes) break;
    }
    if (in.bad()) throw InputError(SourceLocation{path, 0, 0}, "cannot read file");
  }
  if (data.size() > max_bytes)
    throw InputError(SourceLocation{path, 1, 1},
                     "file too large (over " + std::to_string(max_bytes) + " bytes)");
  return data;
}

std::vector<Position> read_position_file(const std::string& path) {
  return parse_positions(read_text_file(path, kMaxPositionFileBytes), path);
}

std::string format_position(const Position& p, bool as_board) {
  std::ostringstream s;
  if (!p.title.empty()) s << "title: " << p.title << "\n";
  s << "game: " << game_name(p.game) << "\n";
  s << "phase: " << phase_name(p.phase) << "\n";
  if (as_board) {
    s << "board:\n";
    const std::string d = diagram(p.board);
    for (size_t i = 0, j; i < d.size(); i = j + 1) {
      j = d.find('\n', i);
      s << "  " << d.substr(i, j - i) << "\n";
    }
    if (p.board.pawn_count()) s << "# placement: " << placement_line(p.board) << "\n";
  } else if (p.board.pawn_count()) {
    s << "placement: " << placement_line(p.board) << "\n";
  }
  if (p.game == Game::HighLow && (p.removed[0] || p.removed[1]))
    s << "removed: " << p.removed[0] << " " << p.removed[1] << "\n";
  if (p.claim) s << "claim: " << p.claim->text << "\n";
  if (p.solution) s << "solution: " << p.solution->text << "\n";
  if (p.hands) s << "hands: " << p.hands->text << "\n";
  if (p.to_move) s << "to-move: " << p.to_move->text << "\n";
  return s.str();
}

}  // namespace scarney
