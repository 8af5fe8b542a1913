#pragma once
// Small painted widgets for the tree inspector: the colour legend (gradient bar with its range)
// and a heat strip (one cell per unit of a vector, diverging colours about zero).

#include "common/colourscale.h"

#include <QWidget>

#include <vector>

namespace gs {

class ColourLegend : public QWidget {
  Q_OBJECT
public:
  explicit ColourLegend(QWidget *parent = nullptr);
  void setScale(const ColourScale &scale, const QString &title);
  const ColourScale &scale() const { return m_scale; }
  QString title() const { return m_title; }
  QSize sizeHint() const override;

protected:
  void paintEvent(QPaintEvent *event) override;

private:
  ColourScale m_scale;
  QString m_title;
};

class HeatStrip : public QWidget {
  Q_OBJECT
public:
  explicit HeatStrip(QWidget *parent = nullptr);
  // Colours fitted to ±max|v| of `values` unless a scale is given.
  void setValues(std::vector<float> values, const ColourScale *scale = nullptr);
  const std::vector<float> &values() const { return m_values; }
  QSize sizeHint() const override;

protected:
  void paintEvent(QPaintEvent *event) override;

private:
  std::vector<float> m_values;
  ColourScale m_scale;
};

}  // namespace gs
