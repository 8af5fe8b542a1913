#include "training/backbonepicker.h"

#include "vision/backbonespec.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QSettings>

#include <stdexcept>

namespace gs {

namespace {
constexpr int kSpecRole = Qt::UserRole; // the backbone as the command line takes it
const QString kAddedKey = QStringLiteral("backbones/added");

// How the list names a backbone: its file and preset, not the whole path.
QString backboneLabel(const QString &spec) {
  try {
    const BackboneSpec parsed = BackboneSpec::parse(spec);
    if (parsed.path.isEmpty()) return spec;
    QString text = QStringLiteral("%1 — %2").arg(QFileInfo(parsed.path).fileName(), spec.section(QLatin1Char(':'), 0, 0));
    if (!parsed.presetName.isEmpty()) text += QStringLiteral(", preset %1").arg(parsed.presetName);
    return text;
  } catch (const std::invalid_argument &) {
    return spec;
  }
}
}  // namespace

BackbonePicker::BackbonePicker(QWidget *parent) : QComboBox(parent) {
  setObjectName(QStringLiteral("backbone"));
  setEditable(true);
  setInsertPolicy(QComboBox::NoInsert);
  setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  setMinimumContentsLength(16);
  setToolTip(tr("The network that turns images into features. concept-cnn is built in: a small CNN trained on the open "
                "dataset's own captions, right for the Scenes demo and weak on photos. For photos (Flickr8k, Flickr30k, COCO) "
                "add an ImageNet network as an ONNX or TorchScript file (MobileNetV2 or ResNet-50 from the ONNX model zoo, "
                "say) with \"Add a network file…\"; its preset (input size, normalisation) follows from the file name."));
  addChoice(defaultBackbone());
  addChoice(defaultBackbone() + QStringLiteral(":grid"));
  for (const QString &spec : QSettings().value(kAddedKey).toStringList()) addChoice(spec);
  addItem(tr("Add a network file…"));
  setCurrentIndex(0);
  connect(this, &QComboBox::activated, this, &BackbonePicker::onActivated);
  connect(this, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index != addItemIndex()) m_previous = index;
  });
}

QString BackbonePicker::backbone() const {
  // The chosen item's backbone, unless the user typed over its text (two files may share a name).
  const int index = currentIndex();
  if (index >= 0 && currentText() == itemText(index) && itemData(index, kSpecRole).isValid()) return itemData(index, kSpecRole).toString();
  return currentText().trimmed();
}

void BackbonePicker::setBackbone(const QString &backbone) {
  const int index = findData(backbone, kSpecRole);
  if (index >= 0) setCurrentIndex(index);
  else setEditText(backbone);
}

bool BackbonePicker::addNetworkFile(const QString &path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QString kind;
  if (suffix == QLatin1String("onnx")) kind = QStringLiteral("onnx");
  else if (suffix == QLatin1String("pt") || suffix == QLatin1String("ts") || suffix == QLatin1String("torchscript")) kind = QStringLiteral("torchscript");
  else if (suffix == QLatin1String("npy")) kind = QStringLiteral("npy");
  else return false;
  const QString spec = kind + QLatin1Char(':') + QFileInfo(path).absoluteFilePath();
  if (findData(spec, kSpecRole) < 0) {
    insertItem(addItemIndex(), backboneLabel(spec), spec);
    setItemData(addItemIndex() - 1, spec, Qt::ToolTipRole);
    QSettings settings;
    QStringList added = settings.value(kAddedKey).toStringList();
    if (!added.contains(spec)) settings.setValue(kAddedKey, added << spec);
  }
  setCurrentIndex(findData(spec, kSpecRole));
  return true;
}

void BackbonePicker::addChoice(const QString &spec) {
  addItem(backboneLabel(spec), spec);
  setItemData(count() - 1, spec, Qt::ToolTipRole);
}

void BackbonePicker::onActivated(int index) {
  if (index != addItemIndex()) return;
  const QString file = QFileDialog::getOpenFileName(this, tr("Add a network file"), QString(),
                                                    tr("Networks and features (*.onnx *.pt *.ts *.npy);;All files (*)"));
  if (file.isEmpty() || !addNetworkFile(file)) setCurrentIndex(m_previous);
}

}  // namespace gs
