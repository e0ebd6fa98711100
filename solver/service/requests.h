// The API's requests as typed records, and the decoding of each from what
// a transport hands over (service.h). Decoding checks everything that can
// be checked without searching: the JSON and its fields, the positions
// (read_positions, read_placement_state), the move's words, the match's
// lines. A request that cannot be decoded gives its Refusal: the status
// and the message the answer carries (with the line and column of a bad
// position's text).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "games/position_record.h"
#include "play/match_session.h"
#include "play/strength.h"
#include "service/message.h"
#include "util/expected.h"
#include "verify/notation.h"

namespace scarney::service {

struct Refusal {
  Refusal(int status, std::string message, int line = 0, int column = 0, std::string allow = {})
      : status(status),
        message(std::move(message)),
        line(line),
        column(column),
        allow(std::move(allow)) {}

  int status;
  std::string message;
  int line, column;   // 0: not from a position's text
  std::string allow;  // 405: the methods the path accepts
};

// A located error of the text front ends, as the API words it.
Refusal refusal(const InputError& e);

template <class T>
using Decoded = Expected<T, Refusal>;

enum class Route { Analyse, Play, Book, Deal, Game, Games };

// The route of a path under /api/, or 404 (no such path) / 405 (another
// method; HEAD counts as GET).
Decoded<Route> route_of(const Request& r);

struct AnalyseRequest {
  PositionRecord position;
};

struct PlayRequest {
  PositionRecord position;  // not a placement position
  std::string move_text;    // as sent
  WrittenMove move;         // its words, read once
};

struct DealRequest {
  Game game = Game::Solitaire;
  std::optional<uint64_t> seed;  // none: a random one
  uint64_t index = 0;            // the k-th deal of the seed
};

struct GameRequest {
  PositionRecord start;
  std::vector<std::string> moves;  // as typed, resolved as the game is replayed
  std::vector<bool> by_computer;   // per move (missing: by the player)
  Strength strength = Strength::Perfect;
  std::optional<Side> human;  // none: no computer
  uint64_t seed = 1;
  int placement_samples = -1;         // -1: the engine's own
  std::optional<MatchSession> match;  // the games before, read and scored
};

struct BookRequest {};
struct GamesRequest {};  // every game's facts (games/game_facts.h)

// A request decoded: its typed record, or the refusal it gets.
struct Call {
  std::variant<Refusal, AnalyseRequest, PlayRequest, BookRequest, DealRequest, GameRequest,
               GamesRequest>
      what;
  // Whether answering takes a search with a time budget (a placement
  // position, or a game that starts with placing): a transport runs such
  // calls apart from the quick ones.
  bool slow() const;
};

Call decode(const Request& r);

Decoded<AnalyseRequest> decode_analyse(std::string_view body);
Decoded<PlayRequest> decode_play(std::string_view body);
Decoded<DealRequest> decode_deal(const std::map<std::string, std::string>& query);
Decoded<GameRequest> decode_game(std::string_view body);

// Exactly one position from the text the user sent (named "-", as standard
// input is on the command line, so that the messages read as `solve -`
// gives them), placement hands checked.
Decoded<PositionRecord> one_position(std::string_view text);

}  // namespace scarney::service
