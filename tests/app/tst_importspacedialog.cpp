// File ▸ Import embeddings…: the dialog that builds an import-space request.

#include "importspacedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

class TestImportSpaceDialog : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // File ▸ Import embeddings…: the form says what is missing until the request can run, names the
  // run's folder after the name, and builds the request of whichever side is chosen.
  void buildsTheRequest() {
    QTemporaryDir dir;
    ImportSpaceDialog dialog(QStringLiteral("/data/flickr8k"), dir.path());
    dialog.show();
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    QVERIFY(dialog.problem().contains(QStringLiteral("vectors")));
    dialog.nameEdit()->setText(QStringLiteral("CLIP ViT-B/32"));
    QCOMPARE(dialog.outEdit()->text(), QDir(dir.path()).filePath(QStringLiteral("clip-vit-b-32")));
    dialog.imagesEdit()->setText(QStringLiteral("/x/images.npy"));
    dialog.captionsEdit()->setText(QStringLiteral("/x/captions.npy"));
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.problem()));
    ImportSpaceRequest r = dialog.request();
    QCOMPARE(r.datasetPath, QStringLiteral("/data/flickr8k"));
    QCOMPARE(r.imagesFile, QStringLiteral("/x/images.npy"));
    QCOMPARE(r.name, QStringLiteral("CLIP ViT-B/32"));
    QVERIFY(r.imageEncoder.isEmpty() && r.textEncoder.isEmpty());

    dialog.encodersButton()->setChecked(true);
    QVERIFY(!ok->isEnabled());
    dialog.imageEncoderEdit()->setText(QStringLiteral("/x/clip-image.pt"));
    dialog.textEncoderEdit()->setText(QStringLiteral("/x/clip-text.pt"));
    QVERIFY(!ok->isEnabled()); // no tokenizer files yet
    dialog.tokenizerBox()->setCurrentIndex(dialog.tokenizerBox()->findData(QStringLiteral("clip-bpe")));
    dialog.vocabularyEdit()->setText(QStringLiteral("/x/vocab.json"));
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.problem()));
    r = dialog.request();
    QCOMPARE(r.imageEncoder, QStringLiteral("torchscript:/x/clip-image.pt"));
    QCOMPARE(r.tokenizer.kind, TokenizerKind::ClipBpe);
    QVERIFY(r.imagesFile.isEmpty());

    // A folder that holds something is refused before anything runs.
    dialog.outEdit()->clear();
    QTest::keyClicks(dialog.outEdit(), dir.path() + QStringLiteral("/.."));
    dialog.nameEdit()->setText(QStringLiteral("another name")); // the typed folder stays
    QVERIFY(!ok->isEnabled());
    QVERIFY(dialog.problem().contains(QStringLiteral("not empty")));
    QCOMPARE(dialog.outEdit()->text(), dir.path() + QStringLiteral("/.."));
  }

};

QTEST_MAIN(TestImportSpaceDialog)
#include "tst_importspacedialog.moc"
