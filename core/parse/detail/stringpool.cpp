#include "parse/detail/stringpool.h"

#include <QHash>
#include <QReadWriteLock>

#include <deque>
#include <stdexcept>

namespace gs::detail {

// A deque keeps every QString where it was put, so an id stays an index; the hash finds an id
// from its text. The write lock guards both; readers only index the deque.
struct StringPool::Impl {
  mutable QReadWriteLock lock;
  std::deque<QString> byId;
  QHash<QString, std::uint32_t> ids;
};

StringPool::Impl &StringPool::impl() const {
  static Impl instance;
  return instance;
}

StringPool &StringPool::parses() {
  static StringPool pool;
  return pool;
}

std::uint32_t StringPool::internLocked(const QString &text) {
  Impl &d = impl();
  const auto it = d.ids.constFind(text);
  if (it != d.ids.constEnd()) return it.value();
  if (d.byId.size() >= std::size_t(UINT32_MAX)) throw std::length_error("StringPool: more than 2^32 distinct strings");
  const auto id = static_cast<std::uint32_t>(d.byId.size());
  d.byId.push_back(text);
  d.ids.insert(d.byId.back(), id); // the key shares the stored string's characters
  return id;
}

std::uint32_t StringPool::intern(const QString &text) {
  {
    QReadLocker read(&impl().lock);
    const auto it = impl().ids.constFind(text);
    if (it != impl().ids.constEnd()) return it.value();
  }
  QWriteLocker write(&impl().lock);
  return internLocked(text);
}

void StringPool::internAll(const QStringList &texts, std::vector<std::uint32_t> &ids) {
  // Nearly every string of a caption is in the pool already: look them up under the shared lock
  // and take the exclusive one only from the first new string on.
  int known = 0;
  {
    QReadLocker read(&impl().lock);
    for (; known < texts.size(); ++known) {
      const auto it = impl().ids.constFind(texts[known]);
      if (it == impl().ids.constEnd()) break;
      ids.push_back(it.value());
    }
  }
  if (known == texts.size()) return;
  QWriteLocker write(&impl().lock);
  for (int k = known; k < texts.size(); ++k) ids.push_back(internLocked(texts[k]));
}

QStringList StringPool::strings(const std::uint32_t *ids, int count) const {
  QStringList out;
  out.reserve(count);
  QReadLocker read(&impl().lock);
  for (int k = 0; k < count; ++k) out << impl().byId.at(ids[k]);
  return out;
}

std::size_t StringPool::size() const {
  QReadLocker read(&impl().lock);
  return impl().byId.size();
}

}  // namespace gs::detail
