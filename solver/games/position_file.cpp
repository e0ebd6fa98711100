#include "games/position_file.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <iterator>

#include "util/input_file.h"
#include "util/printable.h"
#include "util/text.h"
#include "util/text_out.h"

namespace scarney {
namespace {

using text::KeyValue;
using text::Line;
using text::Token;

// What one position's lines have said so far.
struct Block {
  PositionRecord r;
  std::vector<std::string> seen;  // the keys given
  bool have_phase = false, have_removed = false, have_pawns = false;
  SourceLocation phase_at, removed_at;
  Mask used_circles = 0;
  uint16_t used_pawns = 0;

  Position& p() { return r.position; }
  bool saw(const std::string& key) const {
    return std::find(seen.begin(), seen.end(), key) != seen.end();
  }
};

// One `key: value` line being read, with where its key and value start.
struct Field {
  const KeyValue& kv;
  SourceLocation key_at, value_at;
  size_t& k;  // the line's index; `board:` moves it past its rows
  size_t end;

  Expected<void> need_value() const {
    if (kv.value.empty()) return InputError(value_at, "missing value after '" + kv.key + ":'");
    return {};
  }
  Expected<SourcedText> sourced() const {
    if (Expected<void> e = need_value(); !e) return e.error();
    return SourcedText{std::string(kv.value), value_at};
  }
};

// Every step returns its error as a value (util/expected.h): the first one
// stops the reading.
class Parser {
 public:
  Parser(std::vector<Line> lines, std::string file)
      : file_(std::move(file)), lines_(std::move(lines)) {}

  Expected<std::vector<PositionRecord>> run() {
    std::vector<PositionRecord> out;
    size_t i = 0;
    while (i < lines_.size()) {
      size_t j = i;
      while (j < lines_.size() && lines_[j].text != "---") ++j;
      if (has_content(i, j)) {
        Expected<PositionRecord> r = parse_block(i, j);
        if (!r) return r.error();
        out.push_back(std::move(r).value());
      }
      i = j + 1;
    }
    if (out.empty()) return InputError(at(1, 1), "empty file: no position found");
    return out;
  }

 private:
  using Handler = Expected<void> (Parser::*)(Block&, const Field&);
  struct Key {
    const char* name;
    Handler handle;
  };
  // One handler per key (member-function bodies see the complete class).
  static const std::vector<Key>& keys() {
    static const std::vector<Key> table = {
        {"title", &Parser::title},     {"game", &Parser::game},
        {"phase", &Parser::phase},     {"placement", &Parser::placement},
        {"board", &Parser::board},     {"removed", &Parser::removed},
        {"claim", &Parser::claim},     {"solution", &Parser::solution},
        {"hands", &Parser::hands},     {"to-move", &Parser::to_move},
        {"to_move", &Parser::to_move},
    };
    return table;
  }

  SourceLocation at(int line, int column) const { return {file_, line, column}; }

  bool has_content(size_t i, size_t j) const {
    for (size_t k = i; k < j; ++k)
      if (!lines_[k].text.empty()) return true;
    return false;
  }

  Expected<PositionRecord> parse_block(size_t i, size_t j) {
    Block b;
    for (size_t k = i; k < j; ++k) {
      const Line& ln = lines_[k];
      if (ln.text.empty()) continue;
      if (b.r.where.line == 0) b.r.where = at(ln.number, ln.column);
      const Expected<KeyValue> read = text::key_value(ln, file_);
      if (!read) return read.error();
      const KeyValue& kv = *read;
      const Field f{kv, at(ln.number, kv.key_column), at(ln.number, kv.value_column), k, j};
      if (kv.key != "placement" && b.saw(kv.key))
        return InputError(f.key_at, "key '" + kv.key + "' given twice in one position");
      b.seen.push_back(kv.key);
      const auto key = std::find_if(keys().begin(), keys().end(),
                                    [&](const Key& x) { return kv.key == x.name; });
      if (key == keys().end())
        return InputError(f.key_at, "unknown key '" + std::string(kv.key_text) +
                                        "' (expected title, game, phase, placement, board, "
                                        "removed, claim, solution, hands or to-move)");
      if (Expected<void> e = (this->*key->handle)(b, f); !e) return e.error();
    }
    if (Expected<void> e = finish(b); !e) return e.error();
    return std::move(b.r);
  }

  // A title is written back as it is (format_position), so it must read
  // back the same: a control character or a byte that is not UTF-8 would
  // be written as an escape, which reads back as other text.
  Expected<void> title(Block& b, const Field& f) {
    const size_t bad = first_unprintable(f.kv.value);
    if (bad != std::string_view::npos)
      return InputError(at(f.value_at.line, f.value_at.column + static_cast<int>(bad)),
                        "the title holds " + printable(f.kv.value.substr(bad, 1)) +
                            ", a control character or a byte that is not UTF-8 (titles are "
                            "plain text)");
    b.r.title = std::string(f.kv.value);
    return {};
  }
  // The keys read later, by whoever needs them (verify, placement).
  static Expected<void> keep(std::optional<SourcedText>& into, const Field& f) {
    Expected<SourcedText> t = f.sourced();
    if (!t) return t.error();
    into = std::move(t).value();
    return {};
  }
  Expected<void> claim(Block& b, const Field& f) { return keep(b.r.claim, f); }
  Expected<void> solution(Block& b, const Field& f) { return keep(b.r.solution, f); }
  Expected<void> hands(Block& b, const Field& f) { return keep(b.r.hands, f); }
  Expected<void> to_move(Block& b, const Field& f) { return keep(b.r.to_move, f); }

  Expected<void> game(Block& b, const Field& f) {
    if (Expected<void> e = f.need_value(); !e) return e;
    const auto g = parse_game(f.kv.value);
    if (!g)
      return InputError(f.value_at, "unknown game '" + std::string(f.kv.value) +
                                        "' (expected solitaire, singles, doubles or highlow)");
    b.p().game = *g;
    return {};
  }

  Expected<void> phase(Block& b, const Field& f) {
    if (Expected<void> e = f.need_value(); !e) return e;
    const auto ph = parse_phase(f.kv.value);
    if (!ph)
      return InputError(f.value_at,
                        "unknown phase '" + std::string(f.kv.value) +
                            "' (expected takeoff, takeoff2, jump, removal or placement)");
    b.p().phase = *ph;
    b.have_phase = true;
    b.phase_at = f.value_at;
    return {};
  }

  static Expected<void> one_way_of_placing(const Block& b, const Field& f, const char* other) {
    if (b.saw(other))
      return InputError(f.key_at, "give the pawns either as `placement:` or as `board:`, not both");
    return {};
  }

  Expected<void> place(Block& b, const Token& pawn_token, std::string_view circle_text,
                       int circle_column, int line) {
    const auto pawn = parse_pawn(pawn_token.text);
    if (!pawn)
      return InputError(at(line, pawn_token.column),
                        "no such pawn '" + std::string(pawn_token.text) +
                            "' (pawns are B, R, Y, G with 1 to 4 spots, e.g. R3)");
    const auto circle = parse_circle(circle_text);
    if (!circle)
      return InputError(at(line, circle_column), "no such circle '" + std::string(circle_text) +
                                                     "' (circles are C1 to C16)");
    if (b.used_pawns >> *pawn & 1)
      return InputError(at(line, pawn_token.column), "pawn " + pawn_name(*pawn) + " placed twice");
    if (b.used_circles & bit(*circle))
      return InputError(at(line, circle_column), "circle " + circle_name(*circle) +
                                                     " already holds " +
                                                     pawn_name(b.p().board.pawn_on(*circle)));
    b.used_pawns |= static_cast<uint16_t>(1u << *pawn);
    b.used_circles |= bit(*circle);
    b.p().board.place(*pawn, *circle);
    return {};
  }

  Expected<void> placement(Block& b, const Field& f) {
    if (Expected<void> e = one_way_of_placing(b, f, "board"); !e) return e;
    b.have_pawns = true;
    const int line = f.value_at.line;
    const auto toks = text::split(f.kv.value, f.value_at.column, ",;");
    // Each placement read in turn (none: the empty board), so that a
    // missing word is reported where it is missing, not at the line's end.
    for (size_t t = 0; t < toks.size(); t += 3) {
      const std::string pawn(toks[t].text);
      const std::string shape = " in `" + pawn + " on C…`, found ";
      const bool ends = t + 1 == toks.size();
      if (ends || text::lower(toks[t + 1].text) != "on")
        return InputError(
            at(line, ends ? toks[t].column + static_cast<int>(pawn.size()) : toks[t + 1].column),
            "expected 'on'" + shape +
                (ends ? std::string("the end of the line")
                      : "'" + std::string(toks[t + 1].text) + "'"));
      if (t + 2 == toks.size())
        return InputError(at(line, toks[t + 1].column + 2),
                          "expected a circle" + shape + "the end of the line");
      if (Expected<void> e = place(b, toks[t], toks[t + 2].text, toks[t + 2].column, line); !e)
        return e;
    }
    return {};
  }

  Expected<void> board(Block& b, const Field& f) {
    if (Expected<void> e = one_way_of_placing(b, f, "placement"); !e) return e;
    b.have_pawns = true;
    if (!f.kv.value.empty())
      return InputError(f.value_at,
                        "`board:` is followed by four lines of four tokens on the next lines");
    size_t& k = f.k;
    for (int r = 0; r < 4; ++r) {
      ++k;
      while (k < f.end && lines_[k].text.empty()) ++k;
      if (k >= f.end)
        return InputError(
            at(lines_[std::min(k, f.end) - 1].number, 1),
            "board: expected 4 rows of 4 tokens, found " + std::to_string(r) + " rows");
      const Line& row = lines_[k];
      const auto toks = text::split(row.text, row.column);
      if (toks.size() != 4)
        return InputError(at(row.number, row.column),
                          "board row " + std::to_string(r + 1) +
                              ": expected 4 tokens (a pawn or '.'), found " +
                              std::to_string(toks.size()));
      for (int c = 0; c < 4; ++c) {
        if (toks[c].text == ".") continue;
        const std::string circle = "C" + std::to_string(r * 4 + c + 1);
        if (Expected<void> e = place(b, toks[c], circle, toks[c].column, row.number); !e) return e;
      }
    }
    return {};
  }

  Expected<void> removed(Block& b, const Field& f) {
    if (Expected<void> e = f.need_value(); !e) return e;
    const auto toks = text::split(f.kv.value, f.value_at.column, ",");
    if (toks.size() != 2)
      return InputError(f.value_at,
                        "expected `removed: <spots by side to move> <spots by other side>`");
    for (int s = 0; s < 2; ++s) {
      const SourceLocation where = at(f.value_at.line, toks[s].column);
      int v = 0;
      for (char ch : toks[s].text) {
        if (ch < '0' || ch > '9' || v > 100)
          return InputError(where, "expected a number of spots from 0 to 40, found '" +
                                       std::string(toks[s].text) + "'");
        v = v * 10 + (ch - '0');
      }
      if (v > kTotalSpots) return InputError(where, "at most 40 spots can be removed");
      b.p().removed[s] = v;
    }
    b.have_removed = true;
    b.removed_at = f.value_at;
    return {};
  }

  // What can only be checked once the whole position is read.
  static Expected<void> finish(Block& b) {
    Position& p = b.p();
    const SourceLocation start = b.r.where;
    const int n = p.board.pawn_count();
    if (!b.have_pawns && !(b.have_phase && p.phase == Phase::Placement))
      return InputError(start, "no pawns: give `placement:` or `board:`");
    // Default phase, then check it fits the game and the pawn count.
    if (!b.have_phase) {
      if (p.game == Game::HighLow)
        p.phase = Phase::Removal;
      else
        p.phase = n == kPawns ? Phase::TakeOff : Phase::Jump;
      b.phase_at = start;
    }
    if (Expected<void> e = check_phase(p, b.phase_at); !e) return e;
    if (b.have_removed) {
      if (p.game != Game::HighLow)
        return InputError(b.removed_at, "`removed:` is only for High-Low positions");
      if (p.removed[0] + p.removed[1] + p.board.spots() > kTotalSpots)
        return InputError(b.removed_at, "more spots removed than are off the board (" +
                                            std::to_string(kTotalSpots - p.board.spots()) + ")");
    }
    if (b.have_removed && p.phase == Phase::Placement)
      return InputError(b.removed_at,
                        "`removed:` is for the removal phase: nothing is removed while the pawns "
                        "are being placed");
    if (p.phase != Phase::Placement && (b.r.hands || b.r.to_move))
      return InputError(b.r.hands ? b.r.hands->where : b.r.to_move->where,
                        "`hands:` and `to-move:` are only for `phase: placement`");
    return {};
  }

  static Expected<void> check_phase(const Position& p, const SourceLocation& where) {
    const std::string why = phase_misfit(p);
    if (why.empty()) return {};
    return InputError(where, "phase " + phase_name(p.phase) + " " + why);
  }

  // Why the phase does not fit the game and the pawns ("" when it does).
  static std::string phase_misfit(const Position& p) {
    const int n = p.board.pawn_count();
    switch (p.phase) {
      case Phase::TakeOff:
        if (p.game == Game::HighLow) return "is not a High-Low phase (High-Low has removal)";
        if (n != kPawns) return "needs all 16 pawns on the board, found " + std::to_string(n);
        break;
      case Phase::TakeOff2: {
        if (p.game != Game::Doubles) return "is only for Doubles";
        if (n != kPawns - 1) return "needs 15 pawns on the board, found " + std::to_string(n);
        // The first take-off removed the pawn that is missing: it must be one
        // that may be taken off.
        const Pawn gone = static_cast<Pawn>(
            std::countr_zero(static_cast<unsigned>(static_cast<uint16_t>(~p.board.material()))));
        if (!can_take_off(gone))
          return "follows the first take-off, which removes a 1- or 2-spot pawn, but the pawn "
                 "missing is " +
                 pawn_name(gone);
        bool any = false;
        for (Circle c : circles(p.board.occupied())) any |= can_take_off(p.board.pawn_on(c));
        if (!any) return "needs a 1- or 2-spot pawn on the board to take off";
        break;
      }
      case Phase::Jump:
        if (p.game == Game::HighLow) return "is not a High-Low phase (High-Low has removal)";
        if (n == kPawns)
          return "needs an empty circle; with 16 pawns the game starts with the take-off";
        if (n == 0) return "needs at least one pawn on the board";
        break;
      case Phase::Removal:
        if (p.game != Game::HighLow) return "is only for High-Low";
        if (n == 0) return "needs at least one pawn on the board";
        break;
      case Phase::Placement:
        if (p.game == Game::Solitaire)
          return "is not a Solitaire phase (the solitaire player places the pawns face down)";
        if (n == kPawns) return "needs an empty circle: all 16 pawns are already placed";
        break;
    }
    return "";
  }

  std::string file_;
  std::vector<Line> lines_;
};

}  // namespace

Expected<std::vector<PositionRecord>> read_positions(std::string_view text,
                                                     const std::string& file_name) {
  if (text.size() > kMaxPositionFileBytes)
    return InputError(SourceLocation{file_name, 1, 1}, "file too large for a position file (over " +
                                                           std::to_string(kMaxPositionFileBytes) +
                                                           " bytes)");
  Expected<std::vector<Line>> lines = text::read_lines(text, file_name, kMaxLineBytes);
  if (!lines) return lines.error();
  return Parser(std::move(lines).value(), file_name).run();
}

std::vector<PositionRecord> parse_positions(std::string_view text, const std::string& file_name) {
  return read_positions(text, file_name).or_throw();
}

std::string read_text_file(const std::string& path, size_t max_bytes) {
  std::string data;
  if (path == "-") {
    char buf[65536];
    for (;;) {
      const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw InputError(SourceLocation{path, 1, 1}, "cannot read standard input");
      if (n == 0) break;
      data.append(buf, static_cast<size_t>(n));
      if (data.size() > max_bytes) break;
    }
  } else {
    // Never waits on a FIFO or a device: only a regular file is read.
    data = read_input_file(path, max_bytes);
  }
  if (data.size() > max_bytes)
    throw InputError(SourceLocation{path, 1, 1},
                     "file too large (over " + std::to_string(max_bytes) + " bytes)");
  return data;
}

std::vector<PositionRecord> read_position_file(const std::string& path) {
  return parse_positions(read_text_file(path, kMaxPositionFileBytes), path);
}

std::string format_position(const PositionRecord& r, bool as_board) {
  const Position& p = r.position;
  TextOut s;
  // Never raw control bytes; a title read from a file has none, and is
  // written as it is, unclipped, to read back the same.
  if (!r.title.empty())
    s << "title: "
      << (first_unprintable(r.title) == std::string::npos ? r.title : printable(r.title)) << "\n";
  s << "game: " << game_name(p.game) << "\n";
  s << "phase: " << phase_name(p.phase) << "\n";
  if (as_board) {
    s << "board:\n";
    const std::string d = diagram(p.board);
    for (size_t i = 0, j; i < d.size(); i = j + 1) {
      j = std::min(d.find('\n', i), d.size());
      s << "  " << d.substr(i, j - i) << "\n";
    }
    if (p.board.pawn_count()) s << "# placement: " << placement_line(p.board) << "\n";
  } else if (p.board.pawn_count()) {
    s << "placement: " << placement_line(p.board) << "\n";
  }
  if (p.game == Game::HighLow && (p.removed[0] || p.removed[1]))
    s << "removed: " << p.removed[0] << " " << p.removed[1] << "\n";
  if (r.claim) s << "claim: " << r.claim->text << "\n";
  if (r.solution) s << "solution: " << r.solution->text << "\n";
  if (r.hands) s << "hands: " << r.hands->text << "\n";
  if (r.to_move) s << "to-move: " << r.to_move->text << "\n";
  return s.str();
}

std::string format_position(const Position& p, bool as_board) {
  return format_position(PositionRecord{p}, as_board);
}

}  // namespace scarney
