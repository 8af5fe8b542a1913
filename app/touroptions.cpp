#include "touroptions.h"

#include "io/enumnames.h"
#include "training/modelregistry.h"

#include <QApplication>

namespace gs {

namespace {
// The options' help is translated in the "main" context, where lupdate finds it through QT_TRANSLATE_NOOP.
QString text(const char *source) { return QApplication::translate("main", source); }
}  // namespace

void addTourOptions(QCommandLineParser &parser) {
  parser.addOption({QStringLiteral("tour-model"), text(QT_TRANSLATE_NOOP("main", "The model the screenshot tour trains (default: dtrnn).")), QStringLiteral("MODEL"),
                    modelEntry(ModelKind::DtRnn).name});
  parser.addOption({QStringLiteral("tour-map"), text(QT_TRANSLATE_NOOP("main", "The Map's method in the screenshot tour: tsne, umap or pca (default: tsne).")),
                    QStringLiteral("METHOD"), QStringLiteral("tsne")});
  parser.addOption({QStringLiteral("tour-run"), text(QT_TRANSLATE_NOOP("main", "Tour this trained run over its own dataset instead of training one on the demo.")),
                    QStringLiteral("RUN_DIR")});
  parser.addOption({QStringLiteral("tour-caption"), text(QT_TRANSLATE_NOOP("main", "The first sentence the screenshot tour types into the Caption lab.")),
                    QStringLiteral("TEXT")});
  parser.addOption({QStringLiteral("tour-swap"),
                    text(QT_TRANSLATE_NOOP("main", "The second sentence the tour types into the Caption lab (e.g. the first with two words swapped).")),
                    QStringLiteral("TEXT")});
  parser.addOption({QStringLiteral("tour-compare"),
                    text(QT_TRANSLATE_NOOP("main", "After the tour, compare the runs in this folder (seed groups, an epoch picked on the curves, the movers, "
                         "two runs side by side) and save those screenshots too.")),
                    QStringLiteral("FOLDER")});
  parser.addOption({QStringLiteral("tour-gold"),
                    text(QT_TRANSLATE_NOOP("main", "With --tour-run: score this gold set of phrase boxes (a file, or entities:DIR) in the Regions dock "
                         "and show its first photo.")),
                    QStringLiteral("SET")});
}

std::optional<TourOptions> tourOptionsFrom(const QCommandLineParser &parser, QString *error) {
  const QString method = parser.value(QStringLiteral("tour-map"));
  const std::optional<LayoutMethod> mapMode = enumFromName<LayoutMethod>(method);
  if (!mapMode) {
    *error = QStringLiteral("--tour-map: expected tsne, umap or pca, got '%1'").arg(method);
    return std::nullopt;
  }
  TourOptions options;
  options.model = parser.value(QStringLiteral("tour-model"));
  options.mapMode = *mapMode;
  options.runDir = parser.value(QStringLiteral("tour-run"));
  options.caption = parser.value(QStringLiteral("tour-caption"));
  options.swap = parser.value(QStringLiteral("tour-swap"));
  options.compareFolder = parser.value(QStringLiteral("tour-compare"));
  options.gold = parser.value(QStringLiteral("tour-gold"));
  return options;
}

}  // namespace gs
