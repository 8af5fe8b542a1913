// The model registry and the configuration's field table: every model kind has exactly one entry
// and one name; names exist only at the JSON boundary and round-trip; every model's defaults
// serialise to exactly the config.json the code wrote before the registry existed (golden files),
// so old run folders still resume; the schema the form is built from is the field table; each
// entry's settings, presets and rules are consistent with that table.

#include "training/modelregistry.h"
#include "training/trainconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSet>
#include <QJsonArray>
#include <QTest>

using namespace gs;

namespace {
QJsonObject golden(const QString &model) {
  QFile file(QStringLiteral(GS_TEST_DATA "/golden-configs/%1.json").arg(model));
  if (!file.open(QIODevice::ReadOnly)) qFatal("no golden config for %s", qPrintable(model));
  return QJsonDocument::fromJson(file.readAll()).object();
}
}  // namespace

class TestModelRegistry : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void everyKindHasOneEntryAndOneName() {
    QSet<QString> names;
    QSet<int> kinds;
    for (const ModelEntry &e : modelRegistry()) {
      QVERIFY2(!names.contains(e.name), qPrintable(e.name));
      QVERIFY(!kinds.contains(int(e.kind)));
      names << e.name;
      kinds << int(e.kind);
      QCOMPARE(&modelEntry(e.kind), &e);
      QCOMPARE(findModel(e.name), &e);
      QCOMPARE(enumName(e.kind), e.name);
      QCOMPARE(enumFromName<ModelKind>(e.name), std::optional<ModelKind>(e.kind));
      QVERIFY(!e.title.isEmpty() && !e.paper.isEmpty());
      QVERIFY(e.defaults);
      QVERIFY2(e.closedForm == !e.encoder, qPrintable(e.name)); // a trained model has an encoder to build
      QVERIFY(e.settings.testFlag(SettingGroup::Common));
      QVERIFY2(e.closedForm != e.settings.testFlag(SettingGroup::Gradient), qPrintable(e.name));
    }
    QCOMPARE(TrainConfig::models(), modelNames());
    QCOMPARE(findModel(QStringLiteral("gpt")), nullptr);
    try {
      modelNamed(QStringLiteral("gpt"));
      QFAIL("an unknown model was found");
    } catch (const std::invalid_argument &e) {
      QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("unknown model 'gpt' (one of: bow, ")));
    }
    QCOMPARE(treeModelNames(), (QStringList{QStringLiteral("ctrnn"), QStringLiteral("dtrnn"), QStringLiteral("sdtrnn"),
                                            QStringLiteral("dtlstm"), QStringLiteral("hmlstm")}));
  }

  // The registry's defaults are the hand-written ones they replaced, key for key and value for value.
  void defaultsAreWhatOldRunFoldersHold_data() {
    QTest::addColumn<QString>("model");
    const QStringList files = QDir(QStringLiteral(GS_TEST_DATA "/golden-configs")).entryList({QStringLiteral("*.json")});
    QCOMPARE(files.size(), 10); // the models that existed when the golden files were written
    for (const QString &file : files) QTest::newRow(qPrintable(file)) << QFileInfo(file).completeBaseName();
  }
  void defaultsAreWhatOldRunFoldersHold() {
    QFETCH(QString, model);
    TrainConfig config = TrainConfig::defaultsFor(model);
    config.epochs = 1; // as the golden runs were trained
    QCOMPARE(config.toJson(), golden(model));
    // And an old config.json reads back as the same configuration.
    QCOMPARE(TrainConfig::fromJson(golden(model)).toJson(), golden(model));
  }

  void schemaIsTheFieldTable() {
    // The settings older than the HM-LSTM are written for every model; the HM-LSTM's and the
    // concepts model's own only for the models that read them (the other models' files stay as
    // they were), and those of what is pooled from one map (Maps) for both. Between them, the two
    // hold every key.
    const QJsonObject hmlstm = TrainConfig::defaultsFor(ModelKind::HmLstm).toJson();
    const QJsonObject concepts = TrainConfig::defaultsFor(ModelKind::Concepts).toJson();
    const QJsonObject older = TrainConfig::defaultsFor(ModelKind::DtLstm).toJson();
    QSet<QString> keys;
    int newer = 0;
    for (const ConfigField &f : trainConfigSchema()) {
      QVERIFY2(!keys.contains(f.key), qPrintable(f.key));
      keys << f.key;
      const bool own = f.group == SettingGroup::Phrases || f.group == SettingGroup::Concepts || f.group == SettingGroup::Maps;
      QVERIFY2(!f.label.isEmpty() && !f.description.isEmpty(), qPrintable(f.key));
      if (!f.writtenWhenDefault) {
        // Newer than the golden files: absent from every default config.json (negative_pool), and
        // written once set to anything but its default.
        QVERIFY2(!hmlstm.contains(f.key) && !concepts.contains(f.key) && !older.contains(f.key), qPrintable(f.key));
        ++newer;
        const QString reader = f.group == SettingGroup::Concepts ? QStringLiteral("concepts") : QStringLiteral("bow");
        for (const QString &choice : f.choices.mid(1))
          QCOMPARE(TrainConfig::fromJson({{QStringLiteral("model"), reader}, {f.key, choice}}).toJson().value(f.key).toString(), choice);
        continue;
      }
      QCOMPARE(hmlstm.contains(f.key), f.group != SettingGroup::Concepts);
      QCOMPARE(concepts.contains(f.key), f.group != SettingGroup::Phrases);
      const QJsonObject &json = f.group == SettingGroup::Concepts ? concepts : hmlstm;
      QCOMPARE(older.contains(f.key), !own);
      QVERIFY2(!f.label.isEmpty() && !f.description.isEmpty(), qPrintable(f.key));
      if (f.kind == QLatin1String("choice")) {
        QVERIFY2(f.choices.contains(json.value(f.key).toString()), qPrintable(f.key));
        // A choice round-trips through JSON for every value it offers.
        if (f.key == QLatin1String("model")) continue;
        for (const QString &choice : f.choices) {
          const bool conceptsSide = f.key == QLatin1String("image_side") && choice == QLatin1String("concepts");
          const QString model = f.group == SettingGroup::Phrases || f.group == SettingGroup::Maps ? QStringLiteral("hmlstm")
                                : f.group == SettingGroup::Concepts || conceptsSide ? QStringLiteral("concepts")
                                                                    : QStringLiteral("bow");
          QJsonObject one{{QStringLiteral("model"), model}, {f.key, choice}};
          if (f.key == QLatin1String("loss") && choice == QLatin1String("squared")) one.insert(QStringLiteral("similarity"), QStringLiteral("dot"));
          QCOMPARE(TrainConfig::fromJson(one).toJson().value(f.key).toString(), choice);
        }
      }
    }
    int phrasesOnly = 0;
    for (const ConfigField &f : trainConfigSchema()) phrasesOnly += f.group == SettingGroup::Phrases;
    QCOMPARE(int(keys.size()), int(concepts.size()) + phrasesOnly + newer);
    // Every field belongs to a group some model reads.
    for (const ConfigField &f : trainConfigSchema()) {
      bool used = false;
      for (const ModelEntry &e : modelRegistry()) used = used || e.settings.testFlag(f.group);
      QVERIFY2(used, qPrintable(f.key));
    }
  }

  void badValuesNameTheKeyAndTheFile() {
    const auto error = [](const QJsonObject &json) {
      try {
        TrainConfig::fromJson(json, QStringLiteral("my.json"));
      } catch (const std::invalid_argument &e) {
        return QString::fromUtf8(e.what());
      }
      return QString();
    };
    QVERIFY(error({{QStringLiteral("loss"), QStringLiteral("l1")}}).contains(QStringLiteral("loss 'l1' is not one of: socher, hinge, vsepp, squared")));
    QVERIFY(error({{QStringLiteral("loss"), 3}}).contains(QStringLiteral("my.json: 'loss' must be a string")));
    QVERIFY(error({{QStringLiteral("embed_dim"), 0}}).contains(QStringLiteral("embed_dim must be positive")));
    QVERIFY(error({{QStringLiteral("margin"), -1}}).contains(QStringLiteral("margin must not be negative")));
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("hmlstm")}, {QStringLiteral("correspondence_prior"), -1}})
                .contains(QStringLiteral("correspondence_prior must not be negative")));
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("hmlstm")},
                   {QStringLiteral("correspondence_prior"), 1},
                   {QStringLiteral("phrase_losses"), false}})
                .contains(QStringLiteral("correspondence_prior starts the phrase–region correspondences: it needs phrase_losses true")));
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("hmlstm")}, {QStringLiteral("correspondence_prior"), 0.5}}).isEmpty());
    // Every refusal names the file (the fuzzer found two that did not), and sizes are
    // bounded before a model is built from them.
    QVERIFY(error({{QStringLiteral("epochs"), 0}}).startsWith(QStringLiteral("my.json: epochs must be positive")));
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("charg)u")}}).startsWith(QStringLiteral("my.json: unknown model 'charg)u'")));
    QVERIFY(error({{QStringLiteral("hidden_dim"), 1000000000}}).contains(QStringLiteral("my.json: hidden_dim must be at most 65536")));
    QVERIFY(error({{QStringLiteral("seed"), -5}}).contains(QStringLiteral("my.json: 'seed' must be a non-negative integer")));
    // The models' own rules live in their entries.
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("ctrnn")}, {QStringLiteral("word_dim"), 20}})
                .contains(QStringLiteral("word_dim must equal hidden_dim")));
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("chargru")}, {QStringLiteral("embed_dim"), 100}})
                .contains(QStringLiteral("embed_dim must be 2 × hidden_dim for chargru")));
    // … and so do their derived values: a char model's embed_dim follows hidden_dim unless given.
    QCOMPARE(TrainConfig::fromJson({{QStringLiteral("model"), QStringLiteral("charlstm")}, {QStringLiteral("hidden_dim"), 32}}).embedDim, 64);
  }

  // docs/configs/<preset>.json publish each paper's settings with where each value comes from (and
  // the photos preset each model's searched settings); they must say what the registry (what
  // --preset and the Training form apply) says, and every preset has one.
  void paperPresetFilesMatchTheRegistry() {
    const QDir docs(QStringLiteral(GS_SOURCE_DIR "/docs/configs"));
    int files = 0;
    for (const QString &name : docs.entryList({QStringLiteral("*.json")})) {
      QFile file(docs.filePath(name));
      QVERIFY(file.open(QIODevice::ReadOnly));
      const QJsonObject doc = QJsonDocument::fromJson(file.readAll()).object();
      if (!doc.contains(QStringLiteral("preset"))) continue; // a plain --config file (scenes-twins.json)
      ++files;
      const QString preset = doc.value(QStringLiteral("preset")).toString();
      QCOMPARE(name, preset + QStringLiteral(".json"));
      // a paper's preset names its paper; a searched one (photos) the search that chose it
      QVERIFY2(doc.value(QStringLiteral("paper")).toString().size() > 10 || doc.value(QStringLiteral("search")).toString().size() > 10, qPrintable(name));
      QVERIFY2(doc.value(QStringLiteral("chosen_here")).toObject().size() >= 1, qPrintable(name)); // what the paper leaves open
      const QJsonArray models = doc.value(QStringLiteral("models")).toArray();
      QVERIFY(!models.isEmpty());
      const QJsonObject byModel = doc.value(QStringLiteral("settings_by_model")).toObject(); // settings that differ per model
      for (const QJsonValue &m : models) {
        const ModelPreset *p = findPreset(modelNamed(m.toString()), preset);
        QVERIFY2(p, qPrintable(QStringLiteral("%1 has no preset %2").arg(m.toString(), preset)));
        QCOMPARE(p->settings, byModel.isEmpty() ? doc.value(QStringLiteral("settings")).toObject() : byModel.value(m.toString()).toObject());
      }
      int having = 0; // every model with the preset is listed
      for (const ModelEntry &e : modelRegistry()) having += findPreset(e, preset) ? 1 : 0;
      QCOMPARE(having, int(models.size()));
    }
    QCOMPARE(files, 6); // socher2014, merkx2019, huang2018, dtlstm-small, hmlstm2017, photos
  }

  void presetsAreValidConfigurations() {
    int presets = 0;
    for (const ModelEntry &e : modelRegistry())
      for (const ModelPreset &p : e.presets) {
        QJsonObject json = p.settings;
        json.insert(QStringLiteral("model"), e.name);
        const TrainConfig config = TrainConfig::fromJson(json, p.name);
        for (auto it = p.settings.begin(); it != p.settings.end(); ++it)
          QVERIFY2(config.toJson().value(it.key()) == it.value(), qPrintable(e.name + QLatin1Char('/') + it.key()));
        QCOMPARE(findPreset(e, p.name), &p);
        ++presets;
      }
    QVERIFY(presets >= 5);
  }

  void treeAndRegionNeedsComeFromTheEntry() {
    QVERIFY(TrainConfig::defaultsFor(ModelKind::CtRnn).needsConstituency());
    QVERIFY(TrainConfig::defaultsFor(ModelKind::DtLstm).needsTrees());
    QVERIFY(!TrainConfig::defaultsFor(ModelKind::DtLstm).needsConstituency());
    QVERIFY(!TrainConfig::defaultsFor(ModelKind::CharGru).needsTrees());
  }
};

QTEST_GUILESS_MAIN(TestModelRegistry)
#include "tst_modelregistry.moc"
