#pragma once
// Enumerations as strings only at the boundaries (JSON files, the command line, form choices):
// each enum declares one table of (value, name) pairs, and these three functions are the only
// way between the two. Torch-free.

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gs {

template <typename E>
struct EnumName {
  E value;
  QString name;
};

// Every value of E with its name, in the order choices are offered. Declared (and specialised in
// one .cpp file) for each enum that crosses a boundary.
template <typename E>
const std::vector<EnumName<E>> &enumTable();

template <typename E>
QString enumName(E value) {
  for (const EnumName<E> &entry : enumTable<E>())
    if (entry.value == value) return entry.name;
  return {};
}

template <typename E>
std::optional<E> enumFromName(const QString &name) {
  for (const EnumName<E> &entry : enumTable<E>())
    if (entry.name == name) return entry.value;
  return std::nullopt;
}

template <typename E>
QStringList enumNames() {
  QStringList names;
  for (const EnumName<E> &entry : enumTable<E>()) names << entry.name;
  return names;
}

}  // namespace gs
