// `scarney site`: where the static board is (the page with the solver
// compiled to WebAssembly, README "Results"), and how to open it. The
// build writes it to build/site; `cmake --install` copies it to
// PREFIX/share/scarney/site. Any static web server serves it; the command
// says which folder and the URL, and checks that the folder is whole.
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"

#ifndef SCARNEY_SITE_DIR
#define SCARNEY_SITE_DIR ""
#endif

namespace scarney::cli {
namespace {

namespace fs = std::filesystem;

// The files without which the page does not start.
constexpr const char* kSiteFiles[] = {"index.html", "scarney.wasm", "engine.js", "worker.js"};

bool whole(const fs::path& dir) {
  std::error_code ec;
  for (const char* f : kSiteFiles)
    if (!fs::is_regular_file(dir / f, ec)) return false;
  return true;
}

// Beside the binary in the build tree (build/tools/scarney -> build/site),
// then installed (PREFIX/bin/scarney -> PREFIX/share/scarney/site), then
// the folder this build installs to.
std::vector<fs::path> candidates() {
  std::vector<fs::path> out;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    out.push_back(exe.parent_path().parent_path() / "site");
    out.push_back(exe.parent_path().parent_path() / "share" / "scarney" / "site");
  }
  if (*SCARNEY_SITE_DIR) out.emplace_back(SCARNEY_SITE_DIR);
  return out;
}

void site(bool path_only) {
  std::optional<fs::path> found;
  for (const fs::path& c : candidates())
    if (whole(c)) {
      found = fs::weakly_canonical(c);
      break;
    }
  if (!found) {
    std::cerr << "site: no static board found (looked in";
    for (const fs::path& c : candidates()) std::cerr << " " << c.string();
    std::cerr << "); it is written by `cmake --build build --target site` (needs clang-19 and "
                 "the wasm32 libraries: tools/install-deps.sh) and installed by `cmake --install "
                 "build`\n";
    throw CLI::RuntimeError(1);
  }
  if (path_only) {
    std::cout << found->string() << "\n";
    return;
  }
  std::cout << "The static board (the solver in WebAssembly, no server needed beyond static "
               "files):\n  "
            << found->string() << "\nOpen it with any static web server, for example:\n  cd '"
            << found->string()
            << "' && python3 -m http.server 8000\nthen open http://127.0.0.1:8000/ in a browser "
               "(opened as a file:// the page\ncannot start its worker). The board with the native "
               "solver instead: scarney serve --open\n";
}

}  // namespace

void register_site(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "site", "Where the static board (the solver in WebAssembly) is, and how to open it");
  auto path_only = std::make_shared<bool>(false);
  cmd->add_flag("--path", *path_only, "print only the folder (for scripts)");
  cmd->callback([path_only] { site(*path_only); });
}

}  // namespace scarney::cli
