// An output file that appears under its final name only when complete: the
// text goes to a temporary file in the same directory, renamed on commit().
// Dropped without commit() (an error, an exception), the temporary file is
// removed, so an interrupted run never leaves a partial file behind.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace scarney {

class AtomicFile {
 public:
  // Throws InputError when the temporary file cannot be created.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view text);
  // Flushes, closes and renames to the final name; throws InputError on a
  // write error (disk full, ...), leaving no file under the final name.
  void commit();
  const std::string& path() const { return path_; }

 private:
  std::string path_, temp_;
  std::FILE* file_ = nullptr;
  bool failed_ = false;
};

// Writes the whole text at once through an AtomicFile.
void write_file_atomically(const std::string& path, std::string_view text);

}  // namespace scarney
