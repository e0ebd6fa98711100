#include "service/service.h"

#include <exception>
#include <memory>
#include <string>

#include "analysis/analysis.h"
#include "games/game_facts.h"
#include "service/answers.h"
#include "service/requests.h"

namespace scarney::service {
namespace {

// One warm analyser per calling thread.
Analyser& thread_analyser(const Oracle* oracle) {
  thread_local std::unique_ptr<Analyser> analyser;
  thread_local const Oracle* made_with = nullptr;
  if (!analyser || made_with != oracle) {
    analyser = std::make_unique<Analyser>(oracle);
    made_with = oracle;
  }
  return *analyser;
}

Response refused(const Refusal& r) {
  Json j = {{"error", r.message}};
  if (r.line > 0) j["line"] = r.line;
  if (r.column > 0) j["column"] = r.column;
  Response out = json_answer(r.status, j);
  out.allow = r.allow;
  return out;
}

}  // namespace

Call Service::decode(const Request& r) { return service::decode(r); }

Response Service::answer(const Request& r) const {
  Call c = decode(r);
  return answer(c);
}

Response Service::answer(Call& call) const {
  Analyser& analyser = thread_analyser(options_.oracle);
  struct Answer {
    const ServiceOptions& o;
    Analyser& analyser;
    Response operator()(const Refusal& r) const { return refused(r); }
    Response operator()(const AnalyseRequest& q) const {
      return answer_analyse(q, analyser, o.budget, o.proof);
    }
    Response operator()(const PlayRequest& q) const { return answer_play(q); }
    Response operator()(const BookRequest&) const {
      if (!o.book)
        return error_answer(404, "the book is not in this build: the site's book.json holds it");
      return o.book();
    }
    Response operator()(const DealRequest& q) const { return answer_deal(q); }
    Response operator()(GameRequest& q) const {
      return answer_game(q, analyser, o.budget, o.proof);
    }
    Response operator()(const GamesRequest&) const {
      return json_answer(200, {{"games", games_facts_json()}});
    }
  };
  // Nothing is thrown for a bad request; a throw here is a bug, answered
  // as the WebAssembly module answers its trap (wasm/exports.cpp).
  try {
    return std::visit(Answer{options_, analyser}, call.what);
  } catch (const std::exception& e) {
    return error_answer(500, std::string("internal error: ") + e.what());
  }
}

bool is_api_path(const std::string& path) { return path.rfind("/api/", 0) == 0; }

Response json_answer(int status, const Json& fields) {
  Json out = {{"api", kApiVersion}};
  out.update(fields);
  return {status, "application/json", json_text(out), {}};
}

Response error_answer(int status, const std::string& message) {
  return json_answer(status, {{"error", message}});
}

}  // namespace scarney::service
