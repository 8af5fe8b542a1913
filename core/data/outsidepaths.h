#pragma once
// Whether a dataset file may name images outside the dataset's own folder. A dataset
// downloaded from anywhere can say "filepath": "../../..", give absolute paths, or ship a symlink
// that leads out of its folder; by default every loader refuses such an image (after resolving
// symlinks) and lists it in the load report as "path outside the dataset folder". A user whose
// own CSV points at images elsewhere allows it: `groundscope-cli --allow-outside-paths …`,
// Settings ▸ Allow images outside the dataset folder, or GS_ALLOW_OUTSIDE_PATHS=1 (which data-parallel
// workers inherit).

namespace gs {

// Process-wide; thread-safe.
void setOutsidePathsAllowed(bool allowed);
// The setting, or true when GS_ALLOW_OUTSIDE_PATHS=1 is in the environment.
bool outsidePathsAllowed();

}  // namespace gs
