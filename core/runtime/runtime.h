#pragma once
// Process-wide numeric runtime: LibTorch's thread count, the BLAS it really uses, the versions
// of the libraries linked in, and a measured GEMM rate. Torch-free header.

#include <QString>

namespace gs::runtime {

// Sets LibTorch's intra-op thread count for the process (0: the GS_THREADS environment variable
// when set, else one per core; LibTorch would otherwise use half the cores here). Call once at
// start-up; both executables and the model tests do. Also ignores SIGXFSZ, so a file-size limit
// makes writes fail with an error instead of killing the process. Results depend on the thread
// count (parallel reductions sum in a different order), never on scheduling: a fixed count gives a
// fixed result.
void initialise(int threads = 0);
// GS_THREADS as a positive count, 0 when unset or not a positive integer.
int threadsFromEnvironment();
// Applies the same setting to the calling thread (OpenMP keeps it per thread); the engine's
// worker calls this when it starts.
void initialiseThisThread();
// The thread count initialise() chose.
int configuredThreads();

struct LibraryVersions {
  QString qt, torch, opencv, boost, linkGrammar;
};

struct RuntimeInfo {
  int cores = 0;           // logical cores of the machine
  int torchThreads = 0;    // what LibTorch reports now, on the calling thread
  QString blasPath;        // the libblas the process really loaded
  QString blasName;        // e.g. "OpenBLAS (OpenMP)" or "reference BLAS"
  QString blasKernel;      // OpenBLAS's kernel for this CPU ("Haswell", "SkylakeX", "Prescott"…); "" otherwise
  bool blasKernelGeneric = false; // OpenBLAS fell back to a generic kernel on an AVX2 CPU (see describe())
  QString blasKernelChoice;       // what selectBlasKernel did at start (blaskernel.h); "" when nothing
  LibraryVersions versions;
};

RuntimeInfo info();

struct GemmRate {
  int size = 0;        // n of the n×n×n float32 product
  int repeats = 0;
  double seconds = 0;  // best single repeat
  double gflops = 0;   // 2 n^3 / seconds
  int threads = 0;
};

// Times torch::mm on n×n float32 matrices; cost 2 n^3 flops per repeat plus one warm-up.
GemmRate measureGemm(int size = 1024, int repeats = 5, int threads = 0);

// One line for logs: "LibTorch 1.13.1, 2 threads, BLAS: OpenBLAS (OpenMP) /usr/lib/...".
QString describe(const RuntimeInfo &info);

}  // namespace gs::runtime
