#include "runtime/provenance.h"

#include "gs/gitcommit.h"
#include "gs/version.h"
#include "runtime/runtime.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace gs::runtime {

QJsonObject provenance() {
  const RuntimeInfo runtime = info();
  QJsonArray commandLine;
  if (QCoreApplication::instance())
    for (const QString &argument : QCoreApplication::arguments()) commandLine.append(argument);
  return {{QStringLiteral("groundscope"), QString::fromLatin1(kVersion)},
          {QStringLiteral("commit"), QString::fromLatin1(kGitCommit)},
          {QStringLiteral("libtorch"), runtime.versions.torch},
          {QStringLiteral("qt"), runtime.versions.qt},
          {QStringLiteral("opencv"), runtime.versions.opencv},
          {QStringLiteral("boost"), runtime.versions.boost},
          {QStringLiteral("link_grammar"), runtime.versions.linkGrammar},
          {QStringLiteral("blas"), runtime.blasName},
          {QStringLiteral("blas_path"), runtime.blasPath},
          {QStringLiteral("threads"), configuredThreads()},
          {QStringLiteral("command_line"), commandLine}};
}

}  // namespace gs::runtime
