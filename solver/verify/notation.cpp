#include "verify/notation.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "games/rules.h"
#include "util/text.h"

namespace scarney {

namespace {

// ---------------------------------------------------------------------------
// Reading the text

// Words of letters and digits; each of these a token of its own; nothing
// else but blanks.
constexpr std::string_view kPunctuation = ",|;:.+-";

struct Token {
  std::string text;
  std::string lower;
  size_t offset;  // in the value
  size_t end;
  bool word;  // letters and digits; otherwise one punctuation character
};

class Reader {
 public:
  Reader(const SourcedText& s) : s_(s) { split(); }

  bool done() const { return i_ >= toks_.size(); }
  const Token* peek(size_t k = 0) const { return i_ + k < toks_.size() ? &toks_[i_ + k] : nullptr; }
  void next() {
    if (!done()) ++i_;
  }
  size_t index() const { return i_; }
  void rewind(size_t i) {
    if (!error_) i_ = i;
  }

  bool is(std::string_view lower, size_t k = 0) const {
    const Token* t = peek(k);
    return t && t->lower == lower;
  }
  bool accept(std::string_view lower) {
    if (!is(lower)) return false;
    ++i_;
    return true;
  }
  std::optional<Pawn> pawn_at(size_t k = 0) const {
    const Token* t = peek(k);
    if (!t || !t->word) return std::nullopt;
    return parse_pawn(t->text);
  }
  // "A" or "B" on its own (a pawn is a letter and a digit).
  std::optional<Side> player_at(size_t k = 0) const {
    if (is("a", k)) return Side::A;
    if (is("b", k)) return Side::B;
    return std::nullopt;
  }

  SourceLocation at(size_t offset) const {
    SourceLocation w = s_.where;
    w.column += static_cast<int>(offset);
    return w;
  }
  // Where the next token starts, or the end of the value.
  SourceLocation here() const { return at(done() ? s_.text.size() : toks_[i_].offset); }
  // The first error stops the reading: it is kept, and the reader is at its
  // end from then on, so every loop of the parse ends and every `expect`
  // is a no-op (the parse returns the error, not what it read).
  void fail(const std::string& message) { fail_at(here(), message); }
  void fail_at(const SourceLocation& where, const std::string& message) {
    if (!error_) error_ = InputError(where, message);
    i_ = toks_.size();
  }
  const std::optional<InputError>& error() const { return error_; }
  std::string found() const { return done() ? "the end of the line" : "'" + peek()->text + "'"; }

  void expect(std::string_view lower, std::string_view what) {
    if (!accept(lower)) fail("expected " + std::string(what) + ", found " + found());
  }
  Pawn expect_pawn() {
    if (const auto p = pawn_at()) {
      ++i_;
      return *p;
    }
    fail("expected a pawn (B1 to G4), found " + found());
    return Pawn{};
  }
  int expect_number(int sign) {
    const Token* t = peek();
    if (!t || !t->word || !std::all_of(t->text.begin(), t->text.end(), ::isdigit)) {
      fail("expected a number, found " + found());
      return 0;
    }
    // No claim of any game comes near: the limit keeps std::stoi in range.
    if (t->text.size() > 4) {
      fail("expected a number from 0 to 9999, found " + found() +
           " (no game's score, margin or payoff comes near)");
      return 0;
    }
    ++i_;
    return sign * std::stoi(t->text);
  }
  std::string text_from(size_t first_token) const {
    const size_t b = toks_[first_token].offset, e = toks_[i_ - 1].end;
    return s_.text.substr(b, e - b);
  }
  size_t offset_of(size_t token) const { return toks_[token].offset; }

 private:
  void split() {
    const std::string& t = s_.text;
    // Blanks here are spaces and tabs: a carriage return is refused.
    const size_t bad = text::find_unexpected(t, " \t" + std::string(kPunctuation));
    if (bad != std::string::npos) {
      const bool ascii = static_cast<unsigned char>(t[bad]) < 0x80;
      error_ = InputError(at(bad), "unexpected character '" + t.substr(bad, ascii ? 1 : 2) +
                                       "' (moves are written like `G3 jumps B2`, `A removes G4 "
                                       "and G2`, separated by ',' or '|')");
      return;
    }
    // Column 0 for s[0]: a token's column is its offset in the value.
    for (const text::Token& k : text::split(t, 0, "", kPunctuation)) {
      const size_t b = static_cast<size_t>(k.column);
      const bool word = kPunctuation.find(k.text[0]) == std::string_view::npos;
      toks_.push_back({std::string(k.text), text::lower(k.text), b, b + k.text.size(), word});
    }
  }

  const SourcedText& s_;
  std::vector<Token> toks_;
  size_t i_ = 0;
  std::optional<InputError> error_;
};

bool separator(const Reader& r) {
  return r.is(",") || r.is("|") || r.is(";") || r.is(".") || r.is("and") || r.is("then");
}

bool outcome_starts(const Reader& r) {
  return r.is("wins") || r.is("win") || r.is("loses") || r.is("lose") || r.is("leaving") ||
         r.is("leaves");
}

// After a pawn: ", G1", "and G4", ", and G4" continue a list of pawns, unless
// the pawn starts a jump ("…, G3 jumps B2").
std::vector<Pawn> pawn_list(Reader& r) {
  std::vector<Pawn> out{r.expect_pawn()};
  for (;;) {
    const size_t save = r.index();
    if (r.accept(","))
      r.accept("and");
    else if (!r.accept("and"))
      break;
    if (r.pawn_at() && !r.is("jumps", 1) && !r.is("jump", 1)) {
      const size_t at = r.index();
      const Pawn p = r.expect_pawn();
      if (std::find(out.begin(), out.end(), p) != out.end()) {
        r.rewind(at);
        r.fail("pawn " + pawn_name(p) + " named twice");
      }
      out.push_back(p);
    } else {
      r.rewind(save);
      break;
    }
  }
  return out;
}

WrittenMove parse_move(Reader& r, Game g) {
  WrittenMove m;
  const size_t first = r.index();
  m.where = r.here();
  const bool said_player = r.accept("player");
  if (said_player && !r.player_at()) r.fail("expected A or B after 'Player', found " + r.found());
  if (const auto pl = r.player_at(); pl && !r.is("jumps", 1)) {
    if (!two_player(g))
      r.fail("a " + game_name(g) + " game has one player: write the move without '" +
             r.peek()->text + "'");
    m.player = *pl;
    r.next();
    r.accept(":");
  }
  if (r.accept("take") || r.accept("takes")) {
    r.expect("off", "'off' in `take off R1`");
    m.kind = MoveKind::TakeOff;
    m.pawns = {r.expect_pawn()};
  } else if (r.accept("remove") || r.accept("removes")) {
    m.kind = MoveKind::Remove;
    const size_t list_at = r.index();
    m.pawns = pawn_list(r);
    if (m.pawns.size() > 3) {
      r.rewind(list_at);
      r.fail("a move removes one, two or three pawns, not " + std::to_string(m.pawns.size()));
    }
  } else if (r.accept("call") || r.accept("calls")) {
    r.expect("scarney", "'Scarney' in `call Scarney`");
    m.kind = MoveKind::Call;
  } else if (r.accept("scarney")) {
    m.kind = MoveKind::Call;
  } else if (r.pawn_at()) {
    m.kind = MoveKind::Jump;
    const Pawn from = r.expect_pawn();
    if (!r.accept("jumps") && !r.accept("jump"))
      r.fail("expected 'jumps' after " + pawn_name(from) + ", found " + r.found());
    const Pawn over = r.expect_pawn();
    m.pawns = {from, over};
  } else {
    r.fail(
        "expected a move (`G3 jumps B2`, `take off R1`, `A removes G4 and G2`, "
        "`call Scarney`), found " +
        r.found());
  }
  m.text = r.text_from(first);
  return m;
}

WrittenOutcome parse_outcome(Reader& r) {
  WrittenOutcome o;
  const size_t first = r.index();
  o.where = r.here();
  if (r.accept("wins") || r.accept("win"))
    o.last_mover_wins = true;
  else if (r.accept("loses") || r.accept("lose"))
    o.last_mover_wins = false;
  if (o.last_mover_wins) {
    if (r.accept("the")) r.expect("game", "'game' in `wins the game`");
    r.accept("by");
  }
  if (r.accept("leaving") || r.accept("leaves")) {
    o.left = pawn_list(r);
    if (r.accept("on")) {
      r.expect("the", "`on the board`");
      r.expect("board", "`on the board`");
    }
  } else if (!o.last_mover_wins) {
    r.fail("expected 'leaving' and the pawns left, found " + r.found());
  }
  o.text = r.text_from(first);
  return o;
}

}  // namespace

Expected<WrittenLine> read_solution(const SourcedText& s, Game g) {
  Reader r(s);
  if (r.error()) return *r.error();
  WrittenLine line;
  for (;;) {
    while (!r.done() && separator(r)) r.next();
    if (r.done()) break;
    if (outcome_starts(r)) {
      line.outcome = parse_outcome(r);
      while (!r.done() && separator(r)) r.next();
      if (!r.done()) r.fail("nothing may follow the closing `leaving …`, found " + r.found());
      break;
    }
    line.moves.push_back(parse_move(r, g));
    if (!r.done() && !separator(r) && !outcome_starts(r))
      r.fail("expected ',' or '|' between moves, found " + r.found());
  }
  if (r.error()) return *r.error();
  if (line.moves.empty() && !line.outcome) return InputError(s.where, "the solution names no move");
  return line;
}

WrittenLine parse_solution(const SourcedText& s, Game g) { return read_solution(s, g).or_throw(); }

namespace {

// A claim of a kind the game does not have, e.g. a score in Doubles.
void wrong_game(Reader& r, const SourcedText& s, Game g, const std::string& kind) {
  static constexpr PerGame<const char*> kUsage = {"`score 63`", "`score 63`",
                                                  "`A wins`, `B loses` or `margin 6`",
                                                  "`A wins`, `B loses` or `payoff 12`"};
  const std::string usage = for_game(g, kUsage);
  r.fail_at(s.where, "a " + kind + " claim does not fit a " + game_name(g) +
                         " game (claims there read " + usage + ")");
}

int signed_number(Reader& r) {
  int sign = 1;
  if (r.accept("-"))
    sign = -1;
  else
    r.accept("+");
  return r.expect_number(sign);
}

void accept_points(Reader& r) {
  if (!r.accept("points")) r.accept("point");
}

// `score 63`, `margin 6`, `payoff -12`; false when the claim is none of them.
bool parse_number_claim(Reader& r, Claim& c, const SourcedText& s, Game g) {
  if (r.is("total") || r.is("game") || r.is("score")) {
    r.accept("total");
    r.accept("game");
    r.expect("score", "'score' in `score 63`");
    if (value_kind(g) != ValueKind::Score) wrong_game(r, s, g, "score");
    c.kind = Claim::Kind::Score;
    c.number = r.expect_number(1);
  } else if (r.accept("margin")) {
    if (value_kind(g) != ValueKind::Margin) wrong_game(r, s, g, "margin");
    c.kind = Claim::Kind::Margin;
    c.number = signed_number(r);
  } else if (r.accept("payoff")) {
    if (value_kind(g) != ValueKind::Payoff) wrong_game(r, s, g, "payoff");
    c.kind = Claim::Kind::Payoff;
    c.number = signed_number(r);
  } else {
    return false;
  }
  accept_points(r);
  return true;
}

// [Player] A moves first and [Player] B loses [the game]
void parse_winner_claim(Reader& r, Claim& c, const SourcedText& s, Game g) {
  const size_t save = r.index();
  r.accept("player");
  if (r.player_at() && r.is("moves", 1)) {
    if (r.player_at() != Side::A)
      r.fail("the side to move at the start is called A (write `A moves first`)");
    r.next();
    r.next();
    r.expect("first", "'first' in `A moves first`");
    r.expect("and", "'and' in `A moves first and wins the game`");
  } else {
    r.rewind(save);
  }
  r.accept("player");
  const auto who = r.player_at();
  if (!who)
    r.fail("expected a claim (`score 63`, `A wins`, `B loses`, `margin 6`, `payoff 12`), found " +
           r.found());
  r.next();
  bool wins = false;
  if (r.accept("wins") || r.accept("win"))
    wins = true;
  else if (r.accept("loses") || r.accept("lose"))
    wins = false;
  else
    r.fail("expected 'wins' or 'loses', found " + r.found());
  if (r.accept("the")) r.expect("game", "'game' in `wins the game`");
  if (!two_player(g)) wrong_game(r, s, g, "winner");
  c.kind = Claim::Kind::Winner;
  c.winner = wins ? *who : other(*who);
}

}  // namespace

Expected<Claim> read_claim(const SourcedText& s, Game g) {
  Reader r(s);
  if (r.error()) return *r.error();
  Claim c;
  c.text = s.text;
  c.where = s.where;
  if (!parse_number_claim(r, c, s, g)) parse_winner_claim(r, c, s, g);
  r.accept(".");
  if (!r.done()) r.fail("unexpected " + r.found() + " after the claim");
  if (r.error()) return *r.error();
  return c;
}

Claim parse_claim(const SourcedText& s, Game g) { return read_claim(s, g).or_throw(); }

// ---------------------------------------------------------------------------
// Resolving against a position

namespace {

std::string on(const Board& b, Pawn p) {
  return pawn_name(p) + " (on " + circle_name(*b.circle_of(p)) + ")";
}

ResolvedMove no(std::string why) { return {std::nullopt, std::move(why)}; }

ResolvedMove checked(const Position& p, const Move& m) {
  if (is_legal(p, m)) return {m, ""};
  return no("not a legal move here");
}

ResolvedMove resolve_jump(const Position& p, Pawn from_pawn, Pawn over_pawn) {
  const Board& b = p.board;
  if (traits(p.game).removal) return no("High-Low has no jumps: pawns are removed");
  if (p.phase == Phase::TakeOff || p.phase == Phase::TakeOff2)
    return no("the game starts with a take-off (of a 1- or 2-spot pawn), not a jump");
  const auto from = b.circle_of(from_pawn), over = b.circle_of(over_pawn);
  if (!from) return no("there is no " + pawn_name(from_pawn) + " on the board");
  if (!over) return no("there is no " + pawn_name(over_pawn) + " on the board");
  if (from_pawn == over_pawn) return no("a pawn cannot jump itself");
  const int dr = row_of(*over) - row_of(*from), dc = column_of(*over) - column_of(*from);
  if (std::abs(dr) + std::abs(dc) != 1)
    return no(on(b, from_pawn) + " and " + on(b, over_pawn) +
              " are not neighbours on a line of the board");
  if (colour_of(from_pawn) == colour_of(over_pawn))
    return no(pawn_name(from_pawn) + " cannot jump " + pawn_name(over_pawn) +
              ": a pawn jumps only pawns of another colour");
  const int r2 = row_of(*over) + dr, c2 = column_of(*over) + dc;
  if (r2 < 0 || r2 > 3 || c2 < 0 || c2 > 3)
    return no(on(b, from_pawn) + " cannot jump " + on(b, over_pawn) +
              ": there is no circle beyond it");
  const Circle to = circle_at(r2, c2);
  if (!b.empty_at(to))
    return no(on(b, from_pawn) + " cannot jump " + on(b, over_pawn) + ": the circle beyond, " +
              circle_name(to) + ", holds " + pawn_name(b.pawn_on(to)));
  return checked(p, Move::of(Jump{*from, *over, to}));
}

ResolvedMove resolve_take_off(const Position& p, Pawn pawn) {
  if (traits(p.game).removal) return no("High-Low has no take-off: pawns are removed");
  if (p.phase == Phase::Jump) return no("the take-off is over: the game is in its jump phase");
  const auto c = p.board.circle_of(pawn);
  if (!c) return no("there is no " + pawn_name(pawn) + " on the board");
  if (!can_take_off(pawn)) return no("only a 1- or 2-spot pawn may be taken off");
  return checked(p, Move::take_off(*c));
}

ResolvedMove resolve_removal(const Position& p, const std::vector<Pawn>& pawns) {
  const Board& b = p.board;
  if (!traits(p.game).removal) return no("only High-Low removes pawns; this game jumps them");
  Mask m = 0;
  for (Pawn pw : pawns) {
    const auto c = b.circle_of(pw);
    if (!c) return no("there is no " + pawn_name(pw) + " on the board");
    m |= bit(*c);
  }
  if (count(m) >= b.pawn_count()) return no("a move may not take the last pawn off the board");
  if (pawns.size() > 1) {
    for (Pawn pw : pawns)
      if (colour_of(pw) != colour_of(pawns[0]))
        return no(pawn_name(pawns[0]) + " and " + pawn_name(pw) +
                  " are not of one colour: only same-coloured pawns are removed together");
    const Circle a = first(m);
    bool same_row = true, same_column = true;
    for (Circle c : circles(m)) {
      same_row &= row_of(c) == row_of(a);
      same_column &= column_of(c) == column_of(a);
    }
    if (!same_row && !same_column)
      return no("the pawns removed together must stand in one row or one column");
    const int lo = first(m), hi = 15 - std::countl_zero(m);
    const int s = same_row ? 1 : 4;
    for (int c = lo + s; c < hi; c += s) {
      const Circle k = static_cast<Circle>(c);
      if (!b.empty_at(k) && colour_of(b.pawn_on(k)) != colour_of(pawns[0]))
        return no("the pawns are separated by " + pawn_name(b.pawn_on(k)) + " on " +
                  circle_name(k) + ", a pawn of another colour");
    }
  }
  return checked(p, Move::remove(m));
}

}  // namespace

ResolvedMove resolve(const Position& p, const WrittenMove& m) {
  if (p.phase == Phase::Placement) return no("the pawns are still being placed");
  switch (m.kind) {
    case MoveKind::Jump:
      return resolve_jump(p, m.pawns.at(0), m.pawns.at(1));
    case MoveKind::TakeOff:
      return resolve_take_off(p, m.pawns.at(0));
    case MoveKind::Remove:
      return resolve_removal(p, m.pawns);
    case MoveKind::Call:
      if (can_call(p) || is_over(p)) return {Move::call(), ""};
      if (traits(p.game).calls_scarney) return no("Scarney may be called only after the take-off");
      return no(
          "Scarney may be called before the last move only in Singles; moves are still "
          "possible here");
  }
  return no("unknown move");
}

}  // namespace scarney
