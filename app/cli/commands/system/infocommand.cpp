// `groundscope-cli info`: the runtime this build uses (versions, threads, BLAS).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "gs/version.h"
#include "runtime/runtime.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

Command infoCommand() {
  Command command;
  command.name = QStringLiteral("info");
  command.summary = QStringLiteral("versions, threads and the BLAS in use (--json for a machine-readable form)");
  command.syntax.options = {{QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = [](const Arguments &args) {
    const runtime::RuntimeInfo info = runtime::info();
    if (args.isSet(QStringLiteral("json"))) {
      const QJsonObject json{{QStringLiteral("version"), QString::fromLatin1(kVersion)},
                             {QStringLiteral("cores"), info.cores},
                             {QStringLiteral("torch_threads"), info.torchThreads},
                             {QStringLiteral("blas"), info.blasName},
                             {QStringLiteral("blas_path"), info.blasPath},
                             {QStringLiteral("blas_kernel"), info.blasKernel},
                             {QStringLiteral("blas_kernel_generic"), info.blasKernelGeneric},
                             {QStringLiteral("blas_kernel_choice"), info.blasKernelChoice},
                             {QStringLiteral("qt"), info.versions.qt},
                             {QStringLiteral("torch"), info.versions.torch},
                             {QStringLiteral("opencv"), info.versions.opencv},
                             {QStringLiteral("boost"), info.versions.boost},
                             {QStringLiteral("link_grammar"), info.versions.linkGrammar}};
      out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << "Groundscope " << kVersion << '\n'
          << "cores:         " << info.cores << '\n'
          << "torch threads: " << info.torchThreads << '\n'
          << "BLAS:          " << info.blasName << " (" << info.blasPath << ")"
          << (info.blasKernel.isEmpty() ? QString() : QStringLiteral(", kernel ") + info.blasKernel) << '\n'
          << (info.blasKernelGeneric ? QStringLiteral("               OpenBLAS does not know this CPU and uses its generic kernel, "
                                                      "several times slower; set OPENBLAS_CORETYPE=Haswell (or SkylakeX) before starting\n")
                                     : QString())
          << (info.blasKernelChoice.isEmpty() ? QString() : QStringLiteral("               %1\n").arg(info.blasKernelChoice))
          << "Qt " << info.versions.qt << ", LibTorch " << info.versions.torch << ", OpenCV " << info.versions.opencv
          << ", Boost " << info.versions.boost << ", Link Grammar " << info.versions.linkGrammar << '\n';
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
