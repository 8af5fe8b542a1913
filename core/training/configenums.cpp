#include "training/configenums.h"

namespace gs {

// The names config.json files and the command line use. The first entry of each is not a default;
// defaults come from TrainConfig and the model registry.

template <>
const std::vector<EnumName<ActivationKind>> &enumTable<ActivationKind>() {
  static const std::vector<EnumName<ActivationKind>> table = {{ActivationKind::Tanh, QStringLiteral("tanh")},
                                                              {ActivationKind::Identity, QStringLiteral("identity")},
                                                              {ActivationKind::Sigmoid, QStringLiteral("sigmoid")},
                                                              {ActivationKind::Relu, QStringLiteral("relu")}};
  return table;
}

template <>
const std::vector<EnumName<PoolingKind>> &enumTable<PoolingKind>() {
  static const std::vector<EnumName<PoolingKind>> table = {{PoolingKind::Attention, QStringLiteral("attention")},
                                                           {PoolingKind::Max, QStringLiteral("max")}};
  return table;
}

template <>
const std::vector<EnumName<ImageSideKind>> &enumTable<ImageSideKind>() {
  static const std::vector<EnumName<ImageSideKind>> table = {{ImageSideKind::Linear, QStringLiteral("linear")},
                                                             {ImageSideKind::HmLstm, QStringLiteral("hmlstm")},
                                                             {ImageSideKind::Twin, QStringLiteral("twin")},
                                                             {ImageSideKind::Merkx, QStringLiteral("merkx")},
                                                             {ImageSideKind::Concepts, QStringLiteral("concepts")}};
  return table;
}

template <>
const std::vector<EnumName<ImageInputKind>> &enumTable<ImageInputKind>() {
  static const std::vector<EnumName<ImageInputKind>> table = {{ImageInputKind::Both, QStringLiteral("both")},
                                                              {ImageInputKind::Concepts, QStringLiteral("concepts")},
                                                              {ImageInputKind::Context, QStringLiteral("context")}};
  return table;
}

template <>
const std::vector<EnumName<ConceptFusionKind>> &enumTable<ConceptFusionKind>() {
  static const std::vector<EnumName<ConceptFusionKind>> table = {{ConceptFusionKind::Gate, QStringLiteral("gate")},
                                                                 {ConceptFusionKind::Sum, QStringLiteral("sum")}};
  return table;
}

template <>
const std::vector<EnumName<SimilarityKind>> &enumTable<SimilarityKind>() {
  static const std::vector<EnumName<SimilarityKind>> table = {{SimilarityKind::Dot, QStringLiteral("dot")},
                                                              {SimilarityKind::Cosine, QStringLiteral("cosine")}};
  return table;
}

template <>
const std::vector<EnumName<SelectionRule>> &enumTable<SelectionRule>() {
  static const std::vector<EnumName<SelectionRule>> table = {{SelectionRule::Rsum, QStringLiteral("rsum")},
                                                             {SelectionRule::Twin, QStringLiteral("twin")},
                                                             {SelectionRule::Last, QStringLiteral("last")}};
  return table;
}

template <>
const std::vector<EnumName<LossKind>> &enumTable<LossKind>() {
  static const std::vector<EnumName<LossKind>> table = {{LossKind::Socher, QStringLiteral("socher")},
                                                        {LossKind::Hinge, QStringLiteral("hinge")},
                                                        {LossKind::Vsepp, QStringLiteral("vsepp")},
                                                        {LossKind::Squared, QStringLiteral("squared")}};
  return table;
}

template <>
const std::vector<EnumName<NegativePool>> &enumTable<NegativePool>() {
  static const std::vector<EnumName<NegativePool>> table = {{NegativePool::Batch, QStringLiteral("batch")},
                                                            {NegativePool::All, QStringLiteral("all")}};
  return table;
}

template <>
const std::vector<EnumName<OptimizerKind>> &enumTable<OptimizerKind>() {
  static const std::vector<EnumName<OptimizerKind>> table = {{OptimizerKind::Adagrad, QStringLiteral("adagrad")},
                                                             {OptimizerKind::Adam, QStringLiteral("adam")},
                                                             {OptimizerKind::Sgd, QStringLiteral("sgd")}};
  return table;
}

template <>
const std::vector<EnumName<ScheduleKind>> &enumTable<ScheduleKind>() {
  static const std::vector<EnumName<ScheduleKind>> table = {{ScheduleKind::Constant, QStringLiteral("constant")},
                                                            {ScheduleKind::Cyclic, QStringLiteral("cyclic")},
                                                            {ScheduleKind::Step, QStringLiteral("step")}};
  return table;
}

}  // namespace gs
