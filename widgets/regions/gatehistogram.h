#pragma once
// The gate t of the concepts model's fused representation (Huang et al. Eq. 2: t = σ(U_t p + V_t x),
// v = W(t ⊙ W_p p + (1 − t) ⊙ W_x x)) for one image: its mean and a histogram of its H dimensions
// over [0, 1] — whether the image side leans on the concepts (t → 1) or the global context (t → 0).

#include <QWidget>

#include <vector>

namespace gs {

class GateHistogram : public QWidget {
  Q_OBJECT
public:
  static constexpr int kBins = 20;
  explicit GateHistogram(QWidget *parent = nullptr);
  void setGate(const std::vector<float> &gate); // empty: the run has no gate
  const std::vector<int> &counts() const { return m_counts; }
  double mean() const { return m_mean; }
  QSize sizeHint() const override;

protected:
  void paintEvent(QPaintEvent *event) override;

private:
  std::vector<int> m_counts;
  double m_mean = 0;
};

}  // namespace gs
