#pragma once
// How a trained run scores an image against a caption, higher being closer: the inner product
// (Socher et al. 2014 Eq. 5's v_iᵀ y_j; ensembles of normalised members), the cosine (VSE-style
// models, Merkx & Frank's hinge loss on cosine), or −‖v − y‖² (the squared-error loss, Socher §6.4).
// Nearest-neighbour indexes need it to search with the model's own order.

namespace gs {

enum class ScoreKind { InnerProduct, Cosine, NegativeSquaredL2 };

}  // namespace gs
