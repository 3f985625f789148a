"""How Triton 3.6.0 lowers a tile config on a device: the matrix instruction of the dot and
the shared-memory buffers of the asynchronous-copy pipeline. Shared by every Triton kernel
model; the device facts come from its file's `toolchain:` block.

Matrix instruction: on a device with warpgroup MMA (sm_90) the dot becomes wgmma when
num_warps >= 4 and BLOCK_M >= 64 (a warpgroup of 4 warps owns 64 rows), else mma.sync
(324/324 sm_90 compiles of the grouped GEMM, validation/data/compile/compile_sweep.jsonl).
Elsewhere: mma.sync (NVIDIA), MFMA (AMD), MMAC (Hygon), where the spec lists a matrix
instruction for the dtype; otherwise FMAs on the vector path.

Pipelined buffers of an operand loaded through the async-copy pipeline:
    CUDA backend, wgmma                 num_stages
    CUDA backend, mma.sync or FMAs      num_stages - 1  (FMAs: IEEE fp32, 326/326 sm_90 compiles,
                                        validation/data/compile/compile_sweep_fp32.jsonl)
    HIP backend (AMD; Hygon's derives from it)    num_stages - 1
    (at least 1; num_stages = 1 is one buffer everywhere). Measured on the offline compile
    sweeps (perfmodel.kernels.grouped's docstring gives the agreement).

Element-wise loads that are pipelined all the same: Triton's pipeliner (AssignLatencies,
canBeConvertedToAsyncLoad) multi-buffers a load only when each thread's contiguous piece is at
least 32 bits, cp.async's smallest copy. An operand whose strides are not known 16-divisible is
loaded one element per thread-load: a 16-bit or 8-bit element is too small and goes through
registers into one buffer, but a 4-byte element (TF32, FP32) or larger is pipelined like a vector
load, each element its own 4-byte copy (cp.async.ca on NVIDIA). Offline compiles of the grouped
kernel, 64x64x32_w4_s4 in classes k, n and none: sm_90 and sm_80, tf32 and fp32, shared memory
3 (mma.sync, FMAs) or 4 (wgmma) x (A + B) with 64-128 4-byte cp.async.ca per thread; gfx908,
gfx90a and gfx942 fp32 at s3: 2 x (A + B), as in class all (fp16: 1.5 and 0.5 x). The H200's JIT
agrees on every TF32 run of holdout19 and holdout20 (validation/NOTES.md, session 11).

Where nothing is pipelined (load class "none" with elements under 4 bytes: both operands
element by element through registers), num_stages changes nothing the compiler emits: every
num_stages >= 2 compiles to the same kernel. Offline compiles of the grouped kernel, seven tiles
(16x64x64_w2 to 256x128x64_w8), fp16 and bf16, nn and nt, s2-s4 (128x64x32_w4 s2-s5): identical
PTX on sm_90 and sm_80, and one shared-memory size (the split-K kernel too: three tiles, sm_90,
s2-s4); in classes "all", "k" and "n", and in TF32 class "none", each stage count compiles to
its own kernel (validation/NOTES.md, session 19; tests/test_same_kernel.py compiles such pairs).
"""

from __future__ import annotations

import numpy as np

from perfmodel.dtypes import DTYPES
from perfmodel.hardware.schema import HardwareSpec


def uses_wgmma(spec: HardwareSpec, dtype: str, block_m, warps) -> np.ndarray:
    """True where the dot lowers to wgmma (arrays): never for a dtype without a matrix instruction
    (IEEE fp32 is FMAs: sm_90 compiles of it buffer num_stages - 1 stages, as mma.sync does,
    validation/data/compile/compile_sweep_fp32.jsonl)."""
    bm = np.asarray(block_m)
    if not spec.has("warpgroup_mma") or instruction(spec, dtype, True) != "wgmma":
        return np.zeros(bm.shape, dtype=bool)
    return (np.asarray(warps) >= 4) & (bm >= 64)


#: what `instruction` returns, in words (perfmodel predict's instruction row)
INSTRUCTION_NAMES = {"wgmma": "wgmma (a warpgroup's asynchronous MMA)",
                     "mma": "mma.sync (each warp its own MMA; on sm_90 where BLOCK_M < 64 or warps < 4)",
                     "mfma": "MFMA", "mmac": "MMAC", "fma": "FMAs (no matrix instruction for the dtype)"}


def instruction(spec: HardwareSpec, dtype: str, is_wgmma: bool) -> str:
    """"wgmma", "mma", "mfma", "mmac" or "fma" (no matrix instruction for the dtype)."""
    t = spec.dtype_throughput(dtype)
    family = spec.toolchain.mma_family
    if t is None or t.matrix is None or family is None:
        return "fma"
    return "wgmma" if is_wgmma else str(family.value)


def min_block_k(spec: HardwareSpec, dtype: str) -> int:
    """The smallest BLOCK_K Triton compiles a dot of this dtype with: 16 (tl.dot's minimum), or
    the matrix instruction's K where it is larger (FP8 and int8 wgmma/mma are k32: an FP8 tile
    with BLOCK_K 16 fails to compile for sm_90, grouped and persistent kernels alike)."""
    t = spec.dtype_throughput(dtype)
    k = t.matrix.k if (t is not None and t.matrix is not None) else 16
    return max(16, int(k))


def pipelined_buffers(spec: HardwareSpec, stages, is_wgmma) -> np.ndarray:
    """Shared-memory buffers of one pipelined operand (module doc)."""
    s = np.asarray(stages, dtype=np.int64)
    if spec.backend == "hip":
        return np.maximum(s - 1, 1)
    return np.where(is_wgmma, s, np.maximum(s - 1, 1))


#: the smallest element the pipeliner multi-buffers when it is loaded alone (module doc)
PIPELINED_ELEMENT_MIN_BYTES = 4


def pipelines_nothing(load: str, dtype: str) -> bool:
    """True where the main loop pipelines no load, so that every num_stages >= 2 compiles to the
    same kernel (module doc): load class "none" with elements the pipeliner does not multi-buffer."""
    return load == "none" and not pipelines_elementwise(dtype)


def compiled_stages(load: str, dtype: str, stages) -> np.ndarray:
    """The stage count that tells compiled kernels apart (arrays): num_stages, or 2 for every
    num_stages >= 2 where nothing is pipelined (pipelines_nothing: those compile to one kernel)."""
    s = np.asarray(stages, dtype=np.int64)
    return np.where(s >= 2, 2, s) if pipelines_nothing(load, dtype) else s


def pipelines_elementwise(dtype: str) -> bool:
    """True where operands loaded element by element are still pipelined (module doc): elements
    of PIPELINED_ELEMENT_MIN_BYTES or more, on every backend."""
    return DTYPES[dtype].in_bytes >= PIPELINED_ELEMENT_MIN_BYTES


#: Triton 3.6.0's CUDA loader (third_party/nvidia/backend/driver.c, loadBinary) calls
#: cuFuncSetCacheConfig(CU_FUNC_CACHE_PREFER_SHARED) for a kernel whose shared memory is over
#: 48 KiB: the driver then takes the largest carve-out, leaving L1 its least (perfmodel.arch.carveout)
PREFER_SHARED_ABOVE_BYTES = 49152


def prefers_shared(spec: HardwareSpec, smem_bytes) -> np.ndarray:
    """True where Triton asks the driver for the most shared memory (CUDA backend only)."""
    s = np.asarray(smem_bytes)
    if spec.backend == "hip":
        return np.zeros(s.shape, dtype=bool)
    return s > PREFER_SHARED_ABOVE_BYTES
