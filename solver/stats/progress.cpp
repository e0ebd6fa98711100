#include "stats/progress.h"

#include <cmath>
#include <cstdio>
#include <utility>

namespace scarney {

std::string format_duration(double s) {
  char buf[32];
  if (!(s >= 0) || s > 1e9) return "?";
  if (s < 10) {
    std::snprintf(buf, sizeof buf, "%.1fs", s);
  } else if (s < 60) {
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  } else if (s < 3600) {
    const long t = std::lround(s);
    std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
  } else {
    const long t = std::lround(s / 60);
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 60, t % 60);
  }
  return buf;
}

std::string progress_line(uint64_t done, uint64_t total, double seconds, const std::string& unit) {
  constexpr int kWidth = 24;
  const double fraction = total ? static_cast<double>(done) / total : 1.0;
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar = "[" + std::string(filled, '#') + std::string(kWidth - filled, '.') + "]";
  const double rate = seconds > 0 ? done / seconds : 0;
  char buf[200];
  // Slow items (a frontier position takes seconds) keep a digit of rate.
  std::snprintf(buf, sizeof buf, " %5.1f%%  %llu/%llu %s  %.*f/s  ETA %s", 100 * fraction,
                static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                unit.substr(0, 40).c_str(), rate < 10 && rate > 0 ? 1 : 0, rate,
                rate > 0 ? format_duration((total - done) / rate).c_str() : "?");
  return bar + buf;
}

bool plain_line_due(std::chrono::steady_clock::duration since, bool moved) {
  return since >= std::chrono::minutes(10) || (moved && since >= std::chrono::seconds(10));
}

ProgressBar::ProgressBar(uint64_t total, bool terminal, std::string unit)
    : total_(total),
      unit_(std::move(unit)),
      terminal_(terminal),
      start_(std::chrono::steady_clock::now()),
      last_line_(start_) {}

double ProgressBar::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressBar::update(uint64_t done) {
  const std::string line = progress_line(done, total_, seconds(), unit_);
  if (terminal_) {
    std::string out = "\r" + line;
    if (line.size() < drawn_) out += std::string(drawn_ - line.size(), ' ');
    drawn_ = line.size();
    std::fputs(out.c_str(), stderr);
  } else if (plain_line_due(std::chrono::steady_clock::now() - last_line_, done != logged_)) {
    last_line_ = std::chrono::steady_clock::now();
    logged_ = done;
    std::fprintf(stderr, "%s\n", line.c_str());
  } else {
    return;
  }
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (terminal_ && drawn_) {
    std::fprintf(stderr, "\r%s\r", std::string(drawn_, ' ').c_str());
    std::fflush(stderr);
    drawn_ = 0;
  }
}

}  // namespace scarney
