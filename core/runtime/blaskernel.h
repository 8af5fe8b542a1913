#pragma once
// Choosing OpenBLAS's kernel when it does not know the CPU. OpenBLAS picks its kernel once, when
// the library loads, from the CPU's model; on a CPU newer than the OpenBLAS build (or a virtual
// machine that masks the model) it falls back to a generic SSE3 kernel ("Prescott"), 2–3× slower
// than the CPU allows, and says nothing. The only way to change the choice is OPENBLAS_CORETYPE,
// read at load time, so selectBlasKernel re-executes the program with it set, before anything
// else runs. Some OpenBLAS builds compute wrong results with some kernels on some processors, so
// a kernel is taken only after a product computed with it in a child process matches a reference.
// Never overrides a value the user set. Qt Core only (no QCoreApplication needed).

#include <QString>
#include <QStringList>

namespace gs::runtime {

// The kernels this CPU's flags allow, fastest first: SkylakeX (AVX-512 F, BW, DQ, VL), Haswell
// (AVX2 and FMA), SandyBridge (AVX). Empty off x86-64.
QStringList kernelsForThisCpu();

// First thing in main(). When OPENBLAS_CORETYPE is unset, GS_BLAS_AUTOSELECT is not "0" and
// OpenBLAS runs a generic kernel on a CPU with AVX2, tries kernelsForThisCpu() in order, each in a
// child process that multiplies two matrices and compares them with a reference, and re-executes
// the program with the first that passes (recording it in GS_BLAS_CHOSEN, and the kernels that
// failed in GS_BLAS_REFUSED). In a child started for the check (GS_BLAS_PROBE set), runs the check
// and exits. Returns normally in every other case.
void selectBlasKernel(char **argv);

// What selectBlasKernel did for this process, for `info` and the log: "" when it did nothing, else
// e.g. "kernel SkylakeX chosen at start: OpenBLAS ran its generic kernel on this CPU (…)".
QString blasKernelChoice();

}  // namespace gs::runtime
