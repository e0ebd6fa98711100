// Progress of a long run on stderr: a bar redrawn in place on a terminal;
// otherwise (the log of a background run) a plain line when the count has
// moved, at most one every ten seconds, and one every ten minutes while it
// has not, so that a log of hours stays short and still shows it alive.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace scarney {

// "[#######.............] 35.0%  350000/1000000 deals  17021/s  ETA 38s"
// `unit` names what is counted.
std::string progress_line(uint64_t done, uint64_t total, double seconds,
                          const std::string& unit = "deals");
// "0.4s", "38s", "12m05s", "3h07m"
std::string format_duration(double seconds);

// Off a terminal: whether a plain line is due `since` the last one, the
// count having `moved` since.
bool plain_line_due(std::chrono::steady_clock::duration since, bool moved);

class ProgressBar {
 public:
  ProgressBar(uint64_t total, bool terminal, std::string unit = "deals");
  void update(uint64_t done);
  // Clears the bar on a terminal so what follows starts on a clean line.
  void finish();
  double seconds() const;

 private:
  uint64_t total_;
  std::string unit_;
  bool terminal_;
  std::chrono::steady_clock::time_point start_, last_line_;
  size_t drawn_ = 0;
  uint64_t logged_ = 0;  // the count in the last plain line
};

}  // namespace scarney
