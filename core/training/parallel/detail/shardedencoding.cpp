#include "training/parallel/detail/shardedencoding.h"

#include "training/parallel/detail/collective.h"

namespace gs::detail {

torch::Tensor embedCaptionsSharded(JointModel &model, const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows,
                                   Collective *collective) {
  if (!collective) return model->embedCaptions(makeTextBatch(encoded, rows));
  const auto [begin, end] = collective->share(std::int64_t(rows.size()));
  torch::Tensor mine;
  if (end > begin) mine = model->embedCaptions(makeTextBatch(encoded, std::vector<int>(rows.begin() + begin, rows.begin() + end)));
  return collective->gatherRows(mine, collective->shareSizes(std::int64_t(rows.size())));
}

}  // namespace gs::detail
