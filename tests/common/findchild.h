#pragma once
// Widget tests reach a panel's parts by object name, as a user's view of the panel has them, not
// through getters of their own: child<QListWidget>(panel, "phraseList"). The name must belong to
// exactly one descendant of that type; none or several stop the test with a message naming it,
// instead of a crash on a null pointer or a check of the wrong widget.

#include <QObject>
#include <QString>
#include <QtGlobal>

namespace gs::test {

template <class T>
T *child(const QObject &parent, const char *name) {
  const QList<T *> found = parent.findChildren<T *>(QString::fromLatin1(name));
  if (found.size() != 1)
    qFatal("%s '%s': %lld children of type %s named '%s', expected one", parent.metaObject()->className(),
           qPrintable(parent.objectName()), qlonglong(found.size()), T::staticMetaObject.className(), name);
  return found.front();
}

template <class T>
T *child(const QObject *parent, const char *name) {
  if (!parent) qFatal("no parent to find the child '%s' in", name);
  return child<T>(*parent, name);
}

}  // namespace gs::test
