// Helpers shared by the subcommands: reading position files and reporting
// bad input the same way everywhere.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

#include "games/position_record.h"

namespace scarney::cli {

// Exit statuses.
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitBadInput = 2;

// Reads every position of every file (a directory contributes its
// *.scarney files, sorted by name). On bad input prints `file:line:col:
// message` to stderr and throws CLI::RuntimeError(2).
std::vector<PositionRecord> load_positions(const std::vector<std::string>& paths);

// Runs `body`; turns InputError into a message on stderr and exit status 2.
void guarded(const std::function<void()>& body);

// A position's heading for readable output: its title, or file:line.
std::string heading(const PositionRecord& r);
// Where a position comes from: "file:line".
std::string source(const PositionRecord& r);

// Text helpers: every line of `text` prefixed with `pad`; the items of `v`
// with `sep` between them.
std::string indent(const std::string& text, const std::string& pad);
std::string join(const std::vector<std::string>& v, const std::string& sep);

}  // namespace scarney::cli
