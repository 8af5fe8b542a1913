#include "common/thumbnailloader.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QImageReader>
#include <QThread>

#include <algorithm>

namespace gs {

namespace {
// Decoder threads: thumbnails are I/O- and decode-bound, and the machine is shared with training
// jobs; two keep a grid filling quickly without starving the engine.
constexpr int kDecoderThreads = 2;
}  // namespace

ThumbnailLoader::ThumbnailLoader(QSize box, QObject *parent) : QObject(parent), m_box(box) {
  if (auto *gui = qobject_cast<QGuiApplication *>(QCoreApplication::instance())) m_ratio = gui->devicePixelRatio();
  m_pool.setMaxThreadCount(std::max(1, std::min(kDecoderThreads, QThread::idealThreadCount())));
}

ThumbnailLoader::~ThumbnailLoader() {
  m_queue.clear();
  m_pool.clear();
  m_pool.waitForDone(); // the workers post to `this`: they must be done before it goes
}

void ThumbnailLoader::request(int key, const QString &path) {
  if (m_pendingKeys.count(key)) {
    // Asked again (scrolled back): move it to the front of the line.
    const auto it = std::find_if(m_queue.begin(), m_queue.end(), [key](const Request &r) { return r.key == key; });
    if (it != m_queue.end()) {
      Request r = *it;
      m_queue.erase(it);
      m_queue.push_back(std::move(r));
    }
    return; // else: being decoded now
  }
  m_pendingKeys.insert(key);
  m_queue.push_back({key, path});
  ++m_requested;
  while (int(m_queue.size()) > m_maxPending) {
    const int old = m_queue.front().key;
    m_queue.pop_front();
    m_pendingKeys.erase(old);
    ++m_dropped;
    Q_EMIT requestDropped(old);
  }
  pump();
}

void ThumbnailLoader::clear() {
  m_queue.clear();
  m_pendingKeys.clear();
  ++m_generation; // decodes under way report into the void
}

void ThumbnailLoader::setMaxPending(int count) {
  m_maxPending = std::max(1, count);
}

void ThumbnailLoader::setPaused(bool paused) {
  m_paused = paused;
  pump();
}

ThumbnailLoader::Counters ThumbnailLoader::counters() const {
  Counters c;
  c.requested = m_requested;
  c.dropped = m_dropped;
  c.decoded = m_decoded.load();
  c.unreadable = m_unreadable.load();
  c.decodedOnGuiThread = m_decodedOnGuiThread.load();
  return c;
}

void ThumbnailLoader::pump() {
  while (!m_paused && m_running < m_pool.maxThreadCount() && !m_queue.empty()) {
    Request r = std::move(m_queue.back()); // newest first: the rows on screen now
    m_queue.pop_back();
    ++m_running;
    const quint64 generation = m_generation;
    const qreal ratio = m_ratio;
    const QSize box = (QSizeF(m_box) * ratio).toSize(); // device pixels
    m_pool.start([this, r, generation, box, ratio] {
      QImage image = decode(r.path, box);
      image.setDevicePixelRatio(ratio);
      if (QCoreApplication::instance() && QThread::currentThread() == QCoreApplication::instance()->thread())
        ++m_decodedOnGuiThread;
      ++m_decoded;
      if (image.isNull()) ++m_unreadable;
      QMetaObject::invokeMethod(
          this, [this, generation, key = r.key, image] { finished(generation, key, image); }, Qt::QueuedConnection);
    });
  }
}

void ThumbnailLoader::finished(quint64 generation, int key, const QImage &image) {
  --m_running;
  if (generation == m_generation) {
    m_pendingKeys.erase(key);
    Q_EMIT thumbnailReady(key, image);
  }
  pump();
}

QImage ThumbnailLoader::decode(const QString &path, QSize box) {
  if (path.isEmpty()) return {};
  QImageReader reader(path);
  reader.setAutoTransform(true); // EXIF orientation, as a viewer would show the photo
  const QSize size = reader.size();
  if (size.isValid() && !box.isEmpty() && (size.width() > box.width() || size.height() > box.height()))
    reader.setScaledSize(size.scaled(box, Qt::KeepAspectRatio));
  QImage image = reader.read();
  if (image.isNull()) return {};
  if (image.width() > box.width() || image.height() > box.height()) // formats that ignore setScaledSize
    image = image.scaled(box, Qt::KeepAspectRatio, Qt::SmoothTransformation);
  return image;
}

}  // namespace gs
