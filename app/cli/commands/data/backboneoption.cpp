#include "commands/data/backboneoption.h"

#include "arguments.h"
#include "cli.h"
#include "io/paths.h"
#include "vision/torchscriptexample.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <stdexcept>

namespace gs::cli {

namespace {

// torchscript:example and torchscript:example-large: the example CNNs of vision/torchscriptexample.h,
// real TorchScript backbones that need no download (demos, tests, `bench features`). Written once
// into the cache, through a temporary name and a rename, so a killed run never leaves a torn file
// for the next one.
QString exampleTorchScript(bool large) {
  const QString script = QDir(userCacheDir(QStringLiteral("backbones")))
                             .filePath(large ? QStringLiteral("torchscript-example-large.pt") : QStringLiteral("torchscript-example.pt"));
  if (!QFileInfo::exists(script)) {
    const QString part = script + QStringLiteral(".part-%1").arg(QCoreApplication::applicationPid());
    if (large) saveLargeExampleTorchScript(part);
    else saveExampleTorchScript(part);
    if (!QFile::rename(part, script) && !QFileInfo::exists(script)) throw std::runtime_error(QStringLiteral("%1: cannot write").arg(script).toStdString());
    QFile::remove(part);
  }
  return script;
}

}  // namespace

BackboneSpec backboneFromOptions(const Arguments &args) {
  BackboneSpec spec;
  try {
    const QString backbone = args.value(QStringLiteral("backbone"));
    const bool example = backbone == QLatin1String("torchscript:example"), large = backbone == QLatin1String("torchscript:example-large");
    spec = BackboneSpec::parse(example || large ? QStringLiteral("torchscript:") + exampleTorchScript(large) : backbone);
    if (args.isSet(QStringLiteral("preset"))) spec.applyPreset(backbonePreset(args.value(QStringLiteral("preset"))));
  } catch (const std::invalid_argument &error) {
    throw UsageError(std::string("--backbone: ") + error.what());
  }
  if (args.isSet(QStringLiteral("layer"))) spec.layer = args.value(QStringLiteral("layer"));
  if (args.isSet(QStringLiteral("ids"))) spec.idsPath = args.value(QStringLiteral("ids"));
  return spec;
}

}  // namespace gs::cli
