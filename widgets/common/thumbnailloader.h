#pragma once
// Decodes image thumbnails off the GUI thread, newest request first. A grid over 30,000 images
// asks only for the rows it paints; as the user scrolls, older requests (rows scrolled away) sit
// behind the new ones and are dropped once more than maxPending wait, so the decoders always work
// on what is on screen. Results come back on the loader's thread as thumbnailReady().

#include <QImage>
#include <QObject>
#include <QSize>
#include <QThreadPool>

#include <atomic>
#include <deque>
#include <unordered_set>

namespace gs {

class ThumbnailLoader : public QObject {
  Q_OBJECT
public:
  // box: the thumbnail's bounding box; images are scaled to fit it, keeping their aspect ratio.
  explicit ThumbnailLoader(QSize box, QObject *parent = nullptr);
  ~ThumbnailLoader() override; // drops what waits, waits for the decodes under way

  QSize box() const { return m_box; }
  // Thumbnails are decoded at box × this ratio and carry it (QImage::devicePixelRatio), so they
  // are drawn at the box's size yet sharp on a high-density screen. Default: the application's
  // (qApp->devicePixelRatio()) when the loader is made.
  void setDevicePixelRatio(qreal ratio) { m_ratio = ratio > 0 ? ratio : 1.0; }
  qreal devicePixelRatio() const { return m_ratio; }

  // Queues `path` under `key` (a request already waiting for the key moves to the front). Cheap:
  // never touches the file on the calling thread.
  void request(int key, const QString &path);
  // Forgets every waiting request; results of decodes under way are discarded (new dataset).
  void clear();
  bool isPending(int key) const { return m_pendingKeys.count(key) > 0; }
  int pendingCount() const { return int(m_queue.size()); }

  // Requests beyond this many waiting are dropped, oldest first (requestDropped is emitted).
  void setMaxPending(int count);
  int maxPending() const { return m_maxPending; }
  // Holds requests in the queue without decoding (tests: observe what the view asked for).
  void setPaused(bool paused);

  struct Counters {
    int requested = 0;          // request() calls that queued something new
    int dropped = 0;            // requests dropped before they were decoded
    int decoded = 0;            // decodes finished (readable or not)
    int unreadable = 0;         // of which the file was missing or could not be decoded
    int decodedOnGuiThread = 0; // decodes that ran on the application's main thread: must stay 0
  };
  Counters counters() const;

  // The decode itself, on any thread: a null image when the file is missing or unreadable.
  // Cost: the header plus a scaled decode (JPEG decodes at 1/2, 1/4, 1/8 size directly).
  static QImage decode(const QString &path, QSize box);

Q_SIGNALS:
  // image is null when the file could not be read.
  void thumbnailReady(int key, const QImage &image);
  void requestDropped(int key);

private:
  struct Request {
    int key;
    QString path;
  };
  void pump();
  void finished(quint64 generation, int key, const QImage &image);

  QSize m_box;
  qreal m_ratio = 1.0;
  QThreadPool m_pool;
  std::deque<Request> m_queue; // back = newest
  std::unordered_set<int> m_pendingKeys;
  int m_maxPending = 512; // a few screens of thumbnails: more are rows long scrolled past
  int m_running = 0;
  bool m_paused = false;
  quint64 m_generation = 0;
  int m_requested = 0, m_dropped = 0;
  std::atomic<int> m_decoded{0}, m_unreadable{0}, m_decodedOnGuiThread{0};
};

}  // namespace gs
