#include "cli_common.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "games/position_file.h"
#include "util/input_error.h"

namespace scarney::cli {

void guarded(const std::function<void()>& body) {
  try {
    body();
  } catch (const InputError& e) {
    std::cerr << "scarney: " << e.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  } catch (const std::bad_alloc&) {
    std::cerr << "scarney: out of memory\n";
    throw CLI::RuntimeError(kExitCheckFailed);
  }
}

std::vector<PositionRecord> load_positions(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<PositionRecord> out;
  guarded([&] {
    for (const std::string& path : paths) {
      std::error_code ec;
      if (path != "-" && fs::is_directory(path, ec)) {
        std::vector<std::string> files;
        for (const auto& entry : fs::directory_iterator(path, ec))
          if (entry.path().extension() == ".scarney") files.push_back(entry.path().string());
        if (ec) throw InputError(SourceLocation{path, 0, 0}, "cannot read directory");
        std::sort(files.begin(), files.end());
        if (files.empty())
          throw InputError(SourceLocation{path, 0, 0}, "no *.scarney files in this directory");
        for (const auto& f : files) {
          auto ps = read_position_file(f);
          out.insert(out.end(), ps.begin(), ps.end());
        }
      } else {
        auto ps = read_position_file(path);
        out.insert(out.end(), ps.begin(), ps.end());
      }
    }
  });
  return out;
}

std::string heading(const PositionRecord& r) {
  if (!r.title.empty()) return r.title;
  return source(r);
}

std::string source(const PositionRecord& r) {
  return r.where.file + ":" + std::to_string(r.where.line);
}

std::string indent(const std::string& text, const std::string& pad) {
  std::string out;
  for (size_t i = 0, j; i < text.size(); i = j + 1) {
    j = text.find('\n', i);
    out += pad + text.substr(i, j - i) + "\n";
  }
  return out;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

}  // namespace scarney::cli
