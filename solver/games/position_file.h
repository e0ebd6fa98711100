// Position files (*.scarney): plain UTF-8 text, one or more positions
// separated by a line holding only `---`.
//
//   # a comment runs from '#' to the end of the line
//   title: A Six-Pawn End Game
//   game: solitaire            # solitaire | singles | doubles | highlow
//   phase: jump                # takeoff | takeoff2 | jump | removal | placement
//   placement: Y4 on C2, Y3 on C5, B2 on C10     # the book's notation
//   board:                     # or: four lines of four tokens, '.' = empty
//     .  Y4 .  .
//     ...
//   removed: 0 0               # High-Low: spots removed by (to move, other)
//   claim: score 63            # read by `verify`
//   solution: G3 jumps B2 | G3 jumps Y3
//   hands: A=G3 G4 B=R1 R2     # placement phase
//   to-move: A
//
// Keys are case-insensitive. Errors are located: file:line:column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "games/position_record.h"
#include "util/expected.h"

namespace scarney {

// Largest file we agree to read; position files are tiny.
inline constexpr size_t kMaxPositionFileBytes = 4 << 20;
inline constexpr size_t kMaxLineBytes = 4096;

// The positions of a file's text, or the first error in it (never thrown:
// the service layer and the WebAssembly build read requests with this).
Expected<std::vector<PositionRecord>> read_positions(std::string_view text,
                                                     const std::string& file_name);
// The same, the error thrown as an InputError (the command line).
std::vector<PositionRecord> parse_positions(std::string_view text, const std::string& file_name);
// Reads `path` ("-" for standard input) and parses it.
std::vector<PositionRecord> read_position_file(const std::string& path);
// Reads the whole file, refusing missing, unreadable or oversized files.
std::string read_text_file(const std::string& path, size_t max_bytes);

// The position written back in the file format; it reads back to an equal
// position. With as_board the pawns are a `board:` diagram (and the
// placement line follows as a comment), otherwise a `placement:` line.
std::string format_position(const PositionRecord& r, bool as_board = false);
// The same for a bare game state (no title or other keys).
std::string format_position(const Position& p, bool as_board = false);

}  // namespace scarney
