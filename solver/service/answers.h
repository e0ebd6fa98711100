// Each route's answer, computed from its decoded request (requests.h) and
// encoded as the API's JSON (docs/api.md). Searching is done here, through
// analysis/ and play/; nothing here reads the request's text again.
#pragma once

#include <chrono>

#include "analysis/analysis.h"
#include "service/requests.h"
#include "service/service.h"

namespace scarney::service {

Response answer_analyse(const AnalyseRequest& q, Analyser& analyser,
                        std::chrono::milliseconds budget, const ProofLookup* proof = nullptr);
Response answer_play(const PlayRequest& q);
Response answer_deal(const DealRequest& q);
// The game replayed (a move that names no legal move is refused: 400) and
// the computer's answers until it is the player's turn, within the budget.
Response answer_game(GameRequest& q, Analyser& analyser, std::chrono::milliseconds budget,
                     const ProofLookup* proof);

}  // namespace scarney::service
