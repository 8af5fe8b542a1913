// The Analysis dock on a tiny trained run: Analyze fills the slices table with the slices
// RunAnalysis::toJson() lists; selecting a slice shows it through the workbench state, the Map
// selects exactly its captions' items and the Retrieval dock's image picker lists only their
// images; clearing the slice restores both.
#include "analysis/analysispanel.h"
#include "analysis/jointspace.h"
#include "common/workbenchstate.h"
#include "data/loaddataset.h"
#include "engine/engine.h"
#include "engine/enginebridge.h"
#include "findchild.h"
#include "map/mappanel.h"
#include "retrieval/retrievalpanel.h"
#include "tinyrun.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kTimeoutMs = 120000; // generous: the machine is shared by parallel builds

// "field=value" of every slice of one direction ("text_to_image", "image_to_text") the JSON lists, sorted.
QStringList jsonSliceLabels(const QJsonObject &json, const char *direction = "text_to_image") {
  QStringList labels;
  for (const QJsonValue &report : json.value(QStringLiteral("slices")).toObject().value(QLatin1String(direction)).toArray()) {
    const QString field = report.toObject().value(QStringLiteral("field")).toString();
    for (const QJsonValue &slice : report.toObject().value(QStringLiteral("slices")).toArray())
      labels << field + QLatin1Char('=') + slice.toObject().value(QStringLiteral("value")).toString();
  }
  labels.sort();
  return labels;
}

QStringList tableColumn(const QTableWidget *table, int column) {
  QStringList cells;
  for (int row = 0; row < table->rowCount(); ++row) cells << table->item(row, column)->text();
  return cells;
}

std::vector<int> sorted(std::vector<int> items) {
  std::sort(items.begin(), items.end());
  return items;
}
}  // namespace

class TestAnalysisPanel : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  test::TinyDataset m_tiny;
  QString m_runDir;
  std::shared_ptr<const Dataset> m_dataset;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_tiny = test::makeTinyDataset(m_dir.path());
    m_runDir = m_dir.filePath(QStringLiteral("run"));
    test::trainTinyRun(m_tiny, m_runDir, 2);
    m_dataset = std::make_shared<Dataset>(loadDataset(m_tiny.datasetPath));
  }

  void slicesFilterTheMapAndTheRetrievalPicker() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    AnalysisPanel panel(bridge, state);
    MapPanel map(bridge, state);
    RetrievalPanel retrieval(bridge, state);
    panel.resize(700, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy laidOut(&map, &MapPanel::computeFinished);
    state.openRun(bridge, m_runDir);
    QTRY_VERIFY_WITH_TIMEOUT(state.jointSpace() != nullptr, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(laidOut.count() >= 1, kTimeoutMs);
    const auto space = state.jointSpace();

    // Analyze: the table lists every slice the JSON does, with its query count.
    QSignalSpy analyzed(&panel, &AnalysisPanel::analyzed);
    auto *analyze = child<QPushButton>(panel, "analyzeButton");
    QVERIFY(analyze->isEnabled());
    analyze->click();
    QTRY_COMPARE_WITH_TIMEOUT(analyzed.count(), 1, kTimeoutMs);
    QVERIFY(panel.analysis());
    QTableWidget *table = panel.slicesTable();
    QStringList shownLabels = tableColumn(table, 0);
    shownLabels.sort();
    const QStringList expected = jsonSliceLabels(panel.analysis()->toJson());
    QVERIFY(!expected.isEmpty());
    QCOMPARE(shownLabels, expected);

    // Select the first slice with fewer captions than the split: the state carries its captions.
    int row = 0;
    while (row < table->rowCount() && table->item(row, 1)->text().toInt() == space->captionCount()) ++row;
    QVERIFY(row < table->rowCount());
    const QString label = table->item(row, 0)->text();
    const int count = table->item(row, 1)->text().toInt();
    QSignalSpy shown(&state, &WorkbenchState::sliceShown);
    table->selectRow(row);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(0).toString(), label);
    const QStringList captions = shown.at(0).at(1).toStringList();
    QCOMPARE(int(captions.size()), count);
    QCOMPARE(state.sliceCaptions(), captions);

    // The Map selects exactly those captions' items.
    const QSet<QString> wanted(captions.begin(), captions.end());
    std::vector<int> items;
    const QStringList &mapCaptions = map.model().data().captions;
    for (int c = 0; c < int(mapCaptions.size()); ++c)
      if (wanted.contains(mapCaptions.at(c))) items.push_back(map.model().captionItem(c));
    QCOMPARE(int(items.size()), count);
    QCOMPARE(sorted(map.model().selection()), items);
    QVERIFY2(map.statusText().startsWith(QStringLiteral("Slice: ") + label), qPrintable(map.statusText()));

    // The Retrieval picker lists only their images.
    QSet<QString> images;
    for (int c = 0; c < space->captionCount(); ++c)
      if (wanted.contains(space->captions().at(c))) images.insert(space->imageIds().at(space->captionImage()[std::size_t(c)]));
    const QStringList picker = retrieval.pickerImageIds();
    QCOMPARE(QSet<QString>(picker.begin(), picker.end()), images);
    QCOMPARE(int(picker.size()), int(images.size()));
    QVERIFY(retrieval.sliceNoteText().contains(label));

    // Clearing restores both.
    child<QPushButton>(panel, "clearSliceButton")->click();
    QCOMPARE(shown.count(), 2);
    QVERIFY(shown.at(1).at(0).toString().isEmpty() && shown.at(1).at(1).toStringList().isEmpty());
    QVERIFY(map.model().selection().empty());
    QCOMPARE(retrieval.pickerImageIds(), space->imageIds());
    QVERIFY(retrieval.sliceNoteText().isEmpty());

    // Small slices come after every readable one.
    bool smallSeen = false;
    for (int r = 0; r < table->rowCount(); ++r) {
      const bool small = table->item(r, 1)->text().toInt() < 5;
      QVERIFY2(!smallSeen || small, qPrintable(table->item(r, 0)->text()));
      smallSeen = smallSeen || small;
    }

    // Image→text: the image slices the JSON lists; one shows its images' captions.
    auto *direction = child<QComboBox>(panel, "sliceDirection");
    direction->setCurrentIndex(1);
    shownLabels = tableColumn(table, 0);
    shownLabels.sort();
    QCOMPARE(shownLabels, jsonSliceLabels(panel.analysis()->toJson(), "image_to_text"));
    QVERIFY(table->rowCount() > 0);
    table->selectRow(0);
    const QString imageSlice = table->item(0, 0)->text();
    const QString field = imageSlice.section(QLatin1Char('='), 0, 0), value = imageSlice.section(QLatin1Char('='), 1);
    QStringList ofImages;
    for (int c = 0; c < space->captionCount(); ++c)
      if (sliceValue(panel.analysis()->imageQueries[std::size_t(space->captionImage()[std::size_t(c)])], field) == value)
        ofImages << space->captions().at(c);
    QCOMPARE(state.sliceLabel(), imageSlice);
    QCOMPARE(state.sliceCaptions(), ofImages);
    QVERIFY(!ofImages.isEmpty());
    direction->setCurrentIndex(0);
    QVERIFY(state.sliceLabel().isEmpty()); // changing direction clears the slice

    // The Retrieval dock's own Clear button clears the slice too.
    table->selectRow(row);
    QCOMPARE(state.sliceLabel(), label);
    child<QPushButton>(retrieval, "clearSliceButton")->click();
    QVERIFY(state.sliceLabel().isEmpty());
    QCOMPARE(retrieval.pickerImageIds(), space->imageIds());
    engine.cancelAll();
  }
};

QTEST_MAIN(TestAnalysisPanel)
#include "tst_analysispanel.moc"
