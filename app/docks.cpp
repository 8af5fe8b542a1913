#include "docks.h"

#include "mainwindowtext.h"

namespace gs {

const QList<Dock> &allDocks() {
  static const QList<Dock> docks = {Dock::Dataset, Dock::Training,   Dock::Trees, Dock::Regions, Dock::Map,
                                    Dock::Retrieval, Dock::CaptionLab, Dock::Runs, Dock::Analysis};
  return docks;
}

QString dockTitle(Dock dock) {
  switch (dock) {
  case Dock::Dataset: return MainWindowText::tr("Dataset");
  case Dock::Training: return MainWindowText::tr("Training");
  case Dock::Trees: return MainWindowText::tr("Trees");
  case Dock::Regions: return MainWindowText::tr("Regions");
  case Dock::Map: return MainWindowText::tr("Map");
  case Dock::Retrieval: return MainWindowText::tr("Retrieval");
  case Dock::CaptionLab: return MainWindowText::tr("Caption lab");
  case Dock::Runs: return MainWindowText::tr("Runs");
  case Dock::Analysis: return MainWindowText::tr("Analysis");
  }
  return {};
}

QString dockObjectName(Dock dock) {
  switch (dock) {
  case Dock::Dataset: return QStringLiteral("dock.dataset");
  case Dock::Training: return QStringLiteral("dock.training");
  case Dock::Trees: return QStringLiteral("dock.trees");
  case Dock::Regions: return QStringLiteral("dock.regions");
  case Dock::Map: return QStringLiteral("dock.map");
  case Dock::Retrieval: return QStringLiteral("dock.retrieval");
  case Dock::CaptionLab: return QStringLiteral("dock.captionLab");
  case Dock::Runs: return QStringLiteral("dock.runs");
  case Dock::Analysis: return QStringLiteral("dock.analysis");
  }
  return {};
}

QString dockHint(Dock dock) {
  switch (dock) {
  case Dock::Dataset:
    return MainWindowText::tr("Open a dataset with File > Open dataset… or try File > Open demo dataset: its formats, splits, vocabulary and load report appear here.");
  case Dock::Training: return MainWindowText::tr("Choose a model and train it; loss curves and validation recall appear here.");
  case Dock::Trees: return MainWindowText::tr("Dependency and constituency trees of the selected caption, with per-node activations.");
  case Dock::Regions: return MainWindowText::tr("Image regions and the phrases they correspond to.");
  case Dock::Map: return MainWindowText::tr("A t-SNE or PCA map of images and captions in the joint space.");
  case Dock::Retrieval: return MainWindowText::tr("Type a sentence to rank images, or pick an image to rank captions.");
  case Dock::CaptionLab:
    return MainWindowText::tr("Edit a caption and watch the run's score, the image's rank and each word's contribution change.");
  case Dock::Runs: return MainWindowText::tr("Every training run in the runs folders as a table: filter, sort, compare and export them.");
  case Dock::Analysis:
    return MainWindowText::tr("Where the run's joint space fails: slices of the test queries, retrieval with intervals, hubs and the modality gap.");
  }
  return {};
}

QString dockManualPage(Dock dock) {
  switch (dock) {
  case Dock::Dataset: return QStringLiteral("workbench/dataset.md");
  case Dock::Training: return QStringLiteral("workbench/training.md");
  case Dock::Trees: return QStringLiteral("workbench/trees.md");
  case Dock::Regions: return QStringLiteral("workbench/regions.md");
  case Dock::Map: return QStringLiteral("workbench/map.md");
  case Dock::Retrieval: return QStringLiteral("workbench/retrieval.md");
  case Dock::CaptionLab: return QStringLiteral("workbench/captionlab.md");
  case Dock::Runs: return QStringLiteral("workbench/runs.md");
  case Dock::Analysis: return QStringLiteral("analysis.md");
  }
  return QStringLiteral("index.md");
}

}  // namespace gs
