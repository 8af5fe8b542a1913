#include "inference/export/torchscriptexport.h"

#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "training/detail/runfiles.h"
#include "inference/export/detail/scriptinputs.h"
#include "inference/export/detail/scriptreadme.h"
#include "training/modelregistry.h"
#include "inference/trainedmodel.h"
#include "training/trainingsource.h"
#include "gs/version.h"

#include <QDir>
#include <QJsonDocument>

#include <numeric>
#include <sstream>

namespace gs {

using namespace detail;

namespace {

const QString kSentenceFile = QStringLiteral("sentence_encoder.pt");
const QString kImageFile = QStringLiteral("image_encoder.pt");
const QString kManifestFile = QStringLiteral("encoders.json");
const QString kExamplesFile = QStringLiteral("examples.json");

QString scoreName(ScoreKind kind) {
  switch (kind) {
  case ScoreKind::InnerProduct: return QStringLiteral("inner_product");
  case ScoreKind::Cosine: return QStringLiteral("cosine");
  case ScoreKind::NegativeSquaredL2: break;
  }
  return QStringLiteral("negative_squared_l2");
}

void saveModule(const torch::jit::Module &module, const QString &path) {
  std::ostringstream bytes;
  module.save(bytes);
  const std::string data = bytes.str();
  writeFileAtomically(path, QByteArray(data.data(), qsizetype(data.size())));
}

QJsonArray jsonRow(const float *values, int count) {
  QJsonArray row;
  for (int k = 0; k < count; ++k) row.append(double(values[k]));
  return row;
}

// TorchScript errors end with the line that says what went wrong ("RuntimeError: AssertionError: …"),
// after a traceback of the script.
QString lastLine(const char *what) {
  const QStringList lines = QString::fromUtf8(what).trimmed().split(QLatin1Char('\n'));
  return lines.isEmpty() ? QString() : lines.last().trimmed();
}

QByteArray lines(const QStringList &entries) { return (entries.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8(); }

}  // namespace

TorchScriptExport exportTorchScript(const QString &runDir, const QString &outDir, const std::vector<TrainingCaption> &exampleCaptions,
                                    const std::vector<float> &exampleFeatures, int exampleImages) {
  return exportTorchScript(TrainedModel::open(runDir), outDir, exampleCaptions, exampleFeatures, exampleImages);
}

TorchScriptExport exportTorchScript(const TrainedModel &model, const QString &outDir, const std::vector<TrainingCaption> &exampleCaptions,
                                    const std::vector<float> &exampleFeatures, int exampleImages) {
  const QString runDir = model.runDir();
  const RunFolder run(runDir);
  const TrainConfig &config = model.config();
  const Vocabulary &vocabulary = model.vocabulary();
  const std::shared_ptr<TreeVocabulary> &trees = model.trees();
  const int featureDim = model.featureDim();
  const std::shared_ptr<Embedder> &embedder = model.embedder();

  ScriptedEncoders scripted;
  TorchScriptExport out;
  if (const auto *joint = dynamic_cast<const JointEmbedder *>(embedder.get())) {
    scripted = scriptJointModels(joint->members(), featureDim);
    out.members = int(joint->members().size());
  } else if (const auto *cca = dynamic_cast<const CcaEmbedder *>(embedder.get())) {
    scripted = scriptCca(*cca);
  } else {
    throw std::runtime_error(QStringLiteral("%1: this run's model has no TorchScript form").arg(runDir).toStdString());
  }
  // The recorded embeddings come from TrainedModel's eager modules, the path eval, embed and the GUI
  // take; the scripted modules are copies, so the check compares two routes through the same weights.
  out.directory = QDir(outDir).absolutePath();
  out.model = config.modelName();
  out.input = scriptInputName(scripted.input);
  out.score = scoreName(model.scoreKind());
  out.dim = model.dim();
  out.featureDim = featureDim;
  if (!QDir().mkpath(outDir)) throw std::runtime_error(QStringLiteral("%1: cannot create folder").arg(outDir).toStdString());
  const QDir dir(outDir);
  const auto write = [&](const QString &name, const QByteArray &data) {
    writeFileAtomically(dir.filePath(name), data);
    out.files << name;
  };

  saveModule(scripted.sentence, dir.filePath(kSentenceFile));
  out.files << kSentenceFile;
  saveModule(scripted.image, dir.filePath(kImageFile));
  out.files << kImageFile;
  write(QStringLiteral("vocabulary.txt"), lines(vocabulary.words()));
  const bool relations = modelEntry(config.model).settings.testFlag(SettingGroup::Relations) && trees; // the SDT-RNN's labels
  if (relations) write(QStringLiteral("relations.txt"), lines(trees->relations));

  // The examples: their inputs as this export's modules read them, and the run's own embeddings.
  if (exampleImages < 0 || exampleFeatures.size() != std::size_t(exampleImages) * std::size_t(featureDim))
    throw std::invalid_argument("exportTorchScript: exampleFeatures must hold exampleImages rows of the run's feature size");
  if (!exampleCaptions.empty() || exampleImages > 0) {
    QJsonArray captions, images;
    if (!exampleCaptions.empty()) {
      const std::vector<EncodedCaption> encoded =
          encodeCaptions(vocabulary, trees ? withParses(exampleCaptions) : exampleCaptions, trees.get());
      const std::vector<float> y = model.embedCaptions(exampleCaptions);
      for (std::size_t k = 0; k < exampleCaptions.size(); ++k)
        captions.append(QJsonObject{{QStringLiteral("text"), exampleCaptions[k].raw},
                                    {QStringLiteral("words"), QJsonArray::fromStringList(exampleCaptions[k].tokens)},
                                    {QStringLiteral("input"), scriptInputJson(scripted.input, encoded[k])},
                                    {QStringLiteral("embedding"), jsonRow(y.data() + k * std::size_t(out.dim), out.dim)}});
    }
    if (exampleImages > 0) {
      const std::vector<float> v = model.embedImages(exampleFeatures, exampleImages);
      for (int k = 0; k < exampleImages; ++k)
        images.append(QJsonObject{{QStringLiteral("features"), jsonRow(exampleFeatures.data() + std::size_t(k) * featureDim, featureDim)},
                                  {QStringLiteral("embedding"), jsonRow(v.data() + std::size_t(k) * out.dim, out.dim)}});
    }
    write(kExamplesFile, QJsonDocument(QJsonObject{{QStringLiteral("captions"), captions}, {QStringLiteral("images"), images}}).toJson());
    out.exampleCaptions = int(captions.size());
    out.exampleImages = int(images.size());
  }

  // A run trained on data given in memory (tests, scripts) records no dataset, so no backbone.
  std::optional<TrainingSource> source;
  try {
    source = run.source();
  } catch (const RunFolderError &) {
  }
  const QJsonObject manifest{{QStringLiteral("format"), QStringLiteral("groundscope-torchscript")},
                             {QStringLiteral("format_version"), 1},
                             {QStringLiteral("groundscope"), QString::fromLatin1(kVersion)},
                             {QStringLiteral("run"), QDir(runDir).absolutePath()},
                             {QStringLiteral("model"), out.model},
                             {QStringLiteral("input"), out.input},
                             {QStringLiteral("members"), out.members},
                             {QStringLiteral("dim"), out.dim},
                             {QStringLiteral("feature_dim"), featureDim},
                             {QStringLiteral("backbone"), source ? QJsonValue(source->backbone) : QJsonValue()},
                             {QStringLiteral("score"), out.score},
                             {QStringLiteral("sentence_encoder"), kSentenceFile},
                             {QStringLiteral("image_encoder"), kImageFile},
                             {QStringLiteral("vocabulary"), QStringLiteral("vocabulary.txt")},
                             {QStringLiteral("relations"), relations ? QJsonValue(QStringLiteral("relations.txt")) : QJsonValue()},
                             {QStringLiteral("examples"), out.exampleCaptions + out.exampleImages > 0 ? QJsonValue(kExamplesFile) : QJsonValue()}};
  write(kManifestFile, QJsonDocument(manifest).toJson());
  write(QStringLiteral("README.md"), scriptReadme(manifest, config).toUtf8());
  return out;
}

TorchScriptCheck checkTorchScriptExport(const QString &dirPath) {
  const QDir dir(dirPath);
  const QJsonObject manifest = readJsonObjectFile(dir.filePath(kManifestFile));
  const auto input = scriptInputNamed(manifest.value(QStringLiteral("input")).toString());
  if (!input) throw std::runtime_error(QStringLiteral("%1: unknown 'input'").arg(dir.filePath(kManifestFile)).toStdString());
  const QString examplesPath = dir.filePath(kExamplesFile);
  const QJsonObject examples = readJsonObjectFile(examplesPath);
  const auto load = [&](const QString &name) {
    const QString path = dir.filePath(name);
    try {
      return torch::jit::load(QFile::encodeName(path).toStdString());
    } catch (const c10::Error &error) {
      throw std::runtime_error(QStringLiteral("%1: not a loadable TorchScript module: %2")
                                   .arg(path, lastLine(error.what_without_backtrace()))
                                   .toStdString());
    }
  };
  // The largest |module(input) − recorded embedding| over a list of examples.
  const auto largestError = [&](const torch::Tensor &computed, const QJsonArray &entries) {
    if (computed.dim() != 2 || computed.size(0) != entries.size() || computed.scalar_type() != torch::kFloat)
      throw std::runtime_error(QStringLiteral("%1: the module gives no float row per example").arg(examplesPath).toStdString());
    double largest = 0;
    const auto values = computed.accessor<float, 2>();
    for (int k = 0; k < entries.size(); ++k) {
      const QJsonArray expected = entries[k].toObject().value(QStringLiteral("embedding")).toArray();
      if (expected.size() != computed.size(1))
        throw std::runtime_error(QStringLiteral("%1: example %2's embedding has %3 values, the module gives %4")
                                     .arg(examplesPath).arg(k).arg(expected.size()).arg(computed.size(1)).toStdString());
      for (int j = 0; j < expected.size(); ++j)
        largest = std::max(largest, std::abs(double(values[k][j]) - expected[j].toDouble()));
    }
    return largest;
  };
  const auto run = [&](torch::jit::Module &module, std::vector<c10::IValue> arguments, const QString &name) {
    try {
      return module.forward(std::move(arguments)).toTensor();
    } catch (const std::exception &error) {
      throw std::runtime_error(QStringLiteral("%1: running it on %2 failed: %3")
                                   .arg(dir.filePath(name), examplesPath, lastLine(error.what()))
                                   .toStdString());
    }
  };

  torch::NoGradGuard noGrad;
  TorchScriptCheck check;
  const QJsonArray captions = examples.value(QStringLiteral("captions")).toArray();
  if (!captions.isEmpty()) {
    QJsonArray inputs;
    for (const QJsonValue &c : captions) inputs.append(c.toObject().value(QStringLiteral("input")));
    std::vector<c10::IValue> arguments;
    try {
      arguments = scriptArguments(*input, inputs);
    } catch (const std::runtime_error &error) {
      throw std::runtime_error(QStringLiteral("%1: %2").arg(examplesPath, QString::fromUtf8(error.what())).toStdString());
    }
    torch::jit::Module sentence = load(kSentenceFile);
    check.captionError = largestError(run(sentence, std::move(arguments), kSentenceFile), captions);
    check.captions = int(captions.size());
  }
  const QJsonArray images = examples.value(QStringLiteral("images")).toArray();
  if (!images.isEmpty()) {
    const int featureDim = manifest.value(QStringLiteral("feature_dim")).toInt();
    std::vector<float> features;
    for (int k = 0; k < images.size(); ++k) {
      const QJsonArray row = images[k].toObject().value(QStringLiteral("features")).toArray();
      if (row.size() != featureDim)
        throw std::runtime_error(QStringLiteral("%1: image example %2 has %3 features, not %4").arg(examplesPath).arg(k).arg(row.size()).arg(featureDim).toStdString());
      for (const QJsonValue &v : row) features.push_back(float(v.toDouble()));
    }
    torch::jit::Module image = load(kImageFile);
    const auto x = torch::from_blob(features.data(), {std::int64_t(images.size()), featureDim}).clone();
    check.imageError = largestError(run(image, {x}, kImageFile), images);
    check.images = int(images.size());
  }
  if (check.captions + check.images == 0) throw std::runtime_error(QStringLiteral("%1: no examples").arg(examplesPath).toStdString());
  return check;
}

}  // namespace gs
