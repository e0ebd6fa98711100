#include "play/play_game.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

#include "games/position_file.h"
#include "games/rules.h"
#include "games/scoring.h"
#include "games/values.h"
#include "placement/leaf_bias.h"
#include "placement/placement_move.h"
#include "placement/placement_position.h"
#include "placement/placement_solver.h"
#include "placement/value_net.h"
#include "play/strength.h"
#include "verify/notation.h"

namespace scarney {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Lower case, blanks collapsed, trimmed.
std::string normal(const std::string& s) {
  std::string out;
  for (char c : lower(s)) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The position a full placement board starts the game with.
PositionRecord record_after_placement(const PlacementState& t) { return record_of(t); }

}  // namespace

int play_placement_exact(Game g) {
  static constexpr PerGame<int> kExact = {9, 9, 8, 5};
  return for_game(g, kExact);
}

PlayGame::PlayGame(const PositionRecord& start, Analyser& analyser, PlayOptions options)
    : start_(start), analyser_(&analyser), options_(options) {
  Node n;
  n.record = start;
  n.record.claim.reset();
  n.record.solution.reset();
  if (start.position.phase == Phase::Placement) {
    // Checks the hands now (throws InputError).
    n.side = side_of(placement_state(start).to_move());
    n.record = record_after_placement(placement_state(start));
    n.record.title = start.title;
  }
  nodes_.push_back(std::move(n));
}

bool PlayGame::two_sides() const {
  return two_player(game()) || start_.position.phase == Phase::Placement;
}

std::string PlayGame::current_text() const {
  PositionRecord r = current();
  r.title.clear();
  return format_position(r);
}

bool PlayGame::over() const {
  const Node& n = nodes_[cursor_];
  if (n.called) return true;
  if (n.record.position.phase == Phase::Placement) return false;
  return is_over(n.record.position);
}

Analysis& PlayGame::analysis_of(Node& n) {
  if (n.analysis) return *n.analysis;
  AnalysisRequest q;
  // A placement's line comes from the same search as its moves (the page
  // shows an estimate's line); a board position's would be a second solve.
  q.line = n.record.position.phase == Phase::Placement;
  q.moves = true;
  const bool budgeted = n.record.position.phase == Phase::Placement && options_.deadline;
  if (n.record.position.phase == Phase::Placement) {
    placement_request(n, q);
    q.proof = options_.proof;
  }
  AnalysisKey key = key_of(n, q);
  if (budgeted) key.depth = -2;
  if (options_.cache)
    if (auto hit = options_.cache->find(key)) n.analysis = std::move(*hit);
  if (!n.analysis) {
    if (budgeted) {
      // Half the time left: the moves after this one get their share.
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          *options_.deadline - std::chrono::steady_clock::now());
      q.budget = std::max(left / 2, std::chrono::milliseconds{1});
    }
    n.analysis = analyser_->analyse(n.record, q);
    if (options_.cache) options_.cache->add(key, *n.analysis);
  }
  if (n.called) n.analysis->moves->clear();
  return *n.analysis;
}

// A placement position's search: exact near the end, else depth-limited
// (its boards valued by the learned evaluation, or by random completions);
// with a deadline, deepening within its time.
void PlayGame::placement_request(const Node& n, AnalysisRequest& q) const {
  const PlacementState s = placement_state(n.record);
  const Game g = s.game;
  q.winner_only = options_.placement_winner_only && traits(g).winner_only;
  // The engine's samples (placement/leaf_bias.h: those its correction was
  // fitted for). With 2, High-Low's estimates were noise: a placement worth
  // +10 read -0.84 "loses", and the coach said it gave away 15.50.
  q.samples = options_.placement_samples > 0 ? options_.placement_samples : engine_samples(g);
  if (options_.deadline) {
    // The board's engine, as the analysis view and `solve --time` use it.
    q.depth = -1;  // to the end if time allows
    return;
  }
  const int exact =
      options_.placement_exact >= 0 ? options_.placement_exact : play_placement_exact(g);
  if (s.pawns_left() <= exact) {
    q.exact = true;
    return;
  }
  // A learned evaluation values the boards where B is to place, as the
  // budgeted engine's do (from the colour choice one ply deep, no board
  // would be within the network's reach).
  q.depth = odd_leaf_depth(s, std::max(1, options_.placement_depth), committed_net(g));
}

AnalysisKey PlayGame::key_of(const Node& n, const AnalysisRequest& q) const {
  const Position& p = n.record.position;
  AnalysisKey k{p.game, p.phase, p.board.pawn_nibbles(), p.board.occupied(), p.removed};
  if (p.phase == Phase::Placement) k.colours = placement_state(n.record).a_colours;
  k.depth = q.depth;
  k.samples = q.samples;
  k.winner_only = q.winner_only;
  return k;
}

const Analysis& PlayGame::analysis() { return analysis_of(nodes_[cursor_]); }

double PlayGame::mover_value(const MoveAnalysis& m) const {
  const Node& n = nodes_[cursor_];
  // Singles: B places against A's score.
  const bool lower_better =
      n.record.position.phase == Phase::Placement && valued_side(game(), n.side) != n.side;
  return lower_better ? -m.value : m.value;
}

// A node with nothing left to analyse: its value is the game's result.
bool PlayGame::ended(const Node& n) {
  const Position& p = n.record.position;
  return n.called || (p.phase != Phase::Placement && is_over(p));
}

double PlayGame::value_of(Node& n) {
  const Position& p = n.record.position;
  if (ended(n)) return end_value(p);
  const Analysis& a = analysis_of(n);
  return a.moves->empty() ? end_value(p) : a.moves->front().value;
}

namespace {

// The order moves are numbered in: by what they do (the colours chosen,
// the pawn placed and its circle; a move's kind, then its circles), never
// by value, so that the numbers do not give the best away.
// What a player types for a placement: "b1 on c2", "black and red".
std::string placement_words(const PlacementMove& m) {
  if (m.is_choice()) return colours_text(m.colours);
  return lower(pawn_name(m.pawn) + " on " + circle_name(m.circle));
}

std::array<int, 5> order_key(const AnyMove& any) {
  if (const auto* p = std::get_if<PlacementMove>(&any))
    return {p->colours, p->pawn, p->circle, 0, 0};
  const Move& m = std::get<Move>(any);
  return {static_cast<int>(m.kind), m.jump.from, m.jump.over, m.circle,
          static_cast<int>(m.removed)};
}

}  // namespace

std::vector<AnyMove> PlayGame::legal() const {
  std::vector<AnyMove> out;
  if (over()) return out;
  const PositionRecord& r = current();
  if (r.position.phase == Phase::Placement) {
    for (const PlacementMove& m : placement_moves(placement_state(r))) out.push_back(m);
    return out;
  }
  for (const Move& m : legal_moves(r.position)) out.push_back(m);
  // Scarney may be called instead of a jump in Singles (games/rules.h).
  if (traits(game()).calls_scarney && can_call(r.position) && !out.empty())
    out.push_back(Move::call());
  return out;
}

std::vector<AnyMove> PlayGame::numbered_moves() const {
  std::vector<AnyMove> out = legal();
  std::sort(out.begin(), out.end(),
            [](const AnyMove& a, const AnyMove& b) { return order_key(a) < order_key(b); });
  return out;
}

std::string PlayGame::name(const AnyMove& m) {
  for (const MoveAnalysis& x : *analysis().moves)
    if (x.what == m) return x.move;
  throw InputError("no such move here");
}

std::optional<AnyMove> PlayGame::resolve(const std::string& typed, std::string* why) const {
  auto fail = [&](const std::string& w) -> std::optional<AnyMove> {
    if (why) *why = w;
    return std::nullopt;
  };
  if (over()) return fail("the game is over");
  const std::vector<AnyMove> moves = numbered_moves();
  const auto legal_one = [&](const AnyMove& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
  };
  const std::string t = normal(typed);
  if (t.empty()) return fail("no move given");
  if (std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(c); })) {
    const size_t k = t.size() > 6 ? 0 : std::stoul(t);
    if (k < 1 || k > moves.size())
      return fail("there is no move " + t + ": the moves are numbered 1 to " +
                  std::to_string(moves.size()));
    return moves[k - 1];
  }
  const Position& p = current().position;
  if (p.phase == Phase::Placement) {
    const std::optional<PlacementMove> m = read_placement_words(typed);
    if (m && legal_one(*m)) return *m;
    // An example in the words players type: the first numbered move's.
    const std::string example =
        moves.empty() ? "G3 on C7" : placement_words(std::get<PlacementMove>(moves.front()));
    return fail("'" + typed + "' is not a placement here (e.g. '" + example + "')");
  }
  const Expected<WrittenLine> w =
      read_solution(SourcedText{typed, SourceLocation{"move", 1, 1}}, game());
  if (!w) return fail(w.error().message());
  if (w->moves.size() != 1) return fail("give one move");
  const WrittenMove& wm = w->moves[0];
  if (wm.player && *wm.player != to_move())
    return fail(std::string("it is ") + side_letter(to_move()) + "'s turn");
  const ResolvedMove r = scarney::resolve(p, wm);
  if (!r.move) return fail("illegal move '" + typed + "': " + r.why);
  if (!legal_one(*r.move)) return fail("illegal move '" + typed + "'");
  return AnyMove(*r.move);
}

PlayGame::Node PlayGame::next_node(const Node& n, const AnyMove& move) const {
  Node out;
  out.move = move;
  if (const auto* placement = std::get_if<PlacementMove>(&move)) {
    const PlacementState s = placement_state(n.record);
    const PlacementState t = scarney::play(s, *placement);
    out.record = record_after_placement(t);
    out.side = t.pawns_left() == 0 ? traits(s.game).first_after_placement : side_of(t.to_move());
    return out;
  }
  const Move& m = std::get<Move>(move);
  const Position& p = n.record.position;
  if (m.kind == MoveKind::Call) {
    out.record = n.record;
    out.side = n.side;
    out.called = true;
    return out;
  }
  out.record = PositionRecord(scarney::play(p, m));
  out.side = two_player(p.game) ? other(n.side) : n.side;
  return out;
}

bool PlayGame::play(const AnyMove& move, bool by_computer) {
  if (over()) return false;
  const std::vector<AnyMove> moves = numbered_moves();
  if (std::find(moves.begin(), moves.end(), move) == moves.end()) return false;
  if (can_redo() && nodes_[cursor_ + 1].move == move) {
    ++cursor_;
    nodes_[cursor_].by_computer = by_computer;
    return true;
  }
  Node next = next_node(nodes_[cursor_], move);
  next.move_name = name(move);
  next.by_computer = by_computer;
  nodes_.resize(cursor_ + 1);
  nodes_.push_back(std::move(next));
  ++cursor_;
  return true;
}

AnyMove PlayGame::choose(Strength s, uint64_t seed) {
  const Analysis& a = analysis();
  std::vector<double> values;
  for (const MoveAnalysis& m : *a.moves) values.push_back(mover_value(m));
  // On a proof's top the estimate may prefer a move the proof does not
  // cover; the best player keeps to those it proves winning.
  const auto proven = [](const MoveAnalysis& m) { return m.proved_wins.value_or(false); };
  if (s == Strength::Perfect && !a.exact && std::any_of(a.moves->begin(), a.moves->end(), proven))
    for (size_t i = 0; i < values.size(); ++i)
      if (!proven((*a.moves)[i])) values[i] = -std::numeric_limits<double>::infinity();
  return (*a.moves)[choose_move(values, s, choice_seed(seed, ply()))].what;
}

bool PlayGame::undo() {
  if (cursor_ == 0) return false;
  --cursor_;
  return true;
}

bool PlayGame::redo() {
  if (!can_redo()) return false;
  ++cursor_;
  return true;
}

std::vector<Ply> PlayGame::plies() const {
  std::vector<Ply> out;
  for (size_t i = 0; i < cursor_; ++i) {
    const Node& before = nodes_[i];
    const Node& after = nodes_[i + 1];
    Ply y;
    y.ply = static_cast<int>(i + 1);
    y.side = before.side;
    PositionRecord r = before.record;
    r.title.clear();
    y.position = format_position(r);
    y.what = *after.move;
    y.move = after.move_name;
    y.by_computer = after.by_computer;
    y.placement = before.record.position.phase == Phase::Placement;
    // A move was played from it: play() analysed it.
    const Analysis& a = *before.analysis;
    y.exact = a.exact;
    if (a.placement && a.placement->std_error) y.std_error = *a.placement->std_error;
    if (a.placement && a.placement->error) y.error = *a.placement->error;
    y.value_before = a.moves->front().value;
    y.best_move = a.moves->front().move;
    for (const MoveAnalysis& m : *a.moves)
      if (m.what == y.what) y.value_after = m.value;
    y.lower_better = y.placement && valued_side(game(), y.side) != y.side;
    if (const Move* m = std::get_if<Move>(&y.what)) y.gain = gain(before.record.position, *m);
    out.push_back(y);
  }
  return out;
}

std::vector<double> PlayGame::history_for_a() {
  std::vector<double> out;
  for (size_t i = 0; i <= cursor_; ++i) {
    Node& n = nodes_[i];
    const double v = value_of(n);
    const Position& p = n.record.position;
    const bool placement = p.phase == Phase::Placement;
    const double for_a = valued_side(game(), n.side) == Side::A ? v : -v;
    // A margin counts from here on: the points taken before are added.
    const bool margin = value_kind(game()) == ValueKind::Margin && !placement;
    out.push_back(margin ? for_a + taken_by(p, n.side, Side::A) - taken_by(p, n.side, Side::B)
                         : for_a);
  }
  return out;
}

std::vector<bool> PlayGame::history_exact() {
  std::vector<bool> out;
  for (size_t i = 0; i <= cursor_; ++i)
    out.push_back(ended(nodes_[i]) || analysis_of(nodes_[i]).exact);
  return out;
}

Outcome PlayGame::outcome() const {
  const Node& n = nodes_[cursor_];
  const Position& p = n.record.position;
  Outcome o;
  o.result = game_result(p, n.side);
  if (traits(game()).scored) o.rating = game_rating(o.result.score.total());
  o.summary = result_summary(o.result);
  o.why = result_reason(o.result);
  return o;
}

std::string PlayGame::position_file_with_solution() const {
  // The board the game was played on: the start, or the full board after
  // the placements.
  size_t from = 0;
  while (from < cursor_ && nodes_[from].record.position.phase == Phase::Placement) ++from;
  PositionRecord r = nodes_[from].record;
  r.title = start_.title.empty() ? "a game of scarney play" : start_.title;
  std::string line;
  for (size_t i = from + 1; i <= cursor_; ++i)
    line += (line.empty() ? "" : ", ") + nodes_[i].move_name;
  if (!line.empty()) r.solution = SourcedText{line, {}};
  return format_position(r);
}

}  // namespace scarney
