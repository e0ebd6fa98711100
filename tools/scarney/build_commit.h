// The git commit this binary was built from ("...-dirty" when the work
// tree differed from it, "unknown" outside a git checkout): what a proof's
// ledger records beside each certificate, since a certificate is the same
// byte for byte only when remade by the same build.
#pragma once

namespace scarney::cli {

const char* build_commit();

}  // namespace scarney::cli
