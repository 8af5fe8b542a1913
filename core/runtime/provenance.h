#pragma once
// What produced a run: Groundscope's version and git commit, the libraries' versions, the BLAS the
// process really uses and its command line — recorded in run.json so a figure can be
// traced back to the code and machine that made it. Torch-free header.

#include <QJsonObject>

namespace gs::runtime {

// {"groundscope", "commit", "libtorch", "qt", "opencv", "boost", "link_grammar", "blas", "blas_path",
//  "threads", "command_line": [...]}.
QJsonObject provenance();

}  // namespace gs::runtime
