"""The TMA GEMM (perfmodel/gpu/kernels.py:matmul_tma_kernel): the grouped GEMM loading A and
B through tensor descriptors (Hopper's Tensor Memory Accelerator, seed 002's "new load API")
and storing C through one. Not persistent: one program per output tile, as the grouped kernel.

Runs where the device has a TMA (`toolchain.tensor_memory_accelerator`), for fp16, bf16 and FP8
(the dtypes it was compiled and timed with), and where every row stride is a multiple of 16 bytes
(K x in_bytes for A, N x in_bytes for B, N x out_bytes for C: a descriptor's global strides
must be), e.g. K and N multiples of 8 for 2-byte elements. The hardware zero-fills the parts of
a box outside the tensor, so no 16-element divisibility is needed: the main loop is always
pipelined in bulk copies (load class "all"), which is what separates it from the grouped
kernel on shapes such as 1000 x 1000 x 1000.

Config space: the grouped kernel's tile grid (SPLIT_K = 1).

Shared memory, with A = BLOCK_M x BLOCK_K x bytes, B = BLOCK_K x BLOCK_N x bytes, C = BLOCK_M x
BLOCK_N x out_bytes, buffers b as perfmodel.kernels.lowering says (num_stages for wgmma, else
num_stages - 1, at least 1), and the mbarriers (`barrier_bytes`):
    num_stages = 1 on mma.sync      max(A, B) + 8          (one buffer A and B take in turn)
    otherwise                       b x (A + B) + barriers
    and at least C: the TMA store stages the C tile through the same shared memory.
Barriers: one 8-byte mbarrier per buffer, 8 b; FP8 has a second array: mma.sync tiles
ceil16(8 b) + 8 b, wgmma tiles with an operand stored MN-major (transposed for wgmma, e.g. B
in nn) ceil16(8 b) + 8 (b - 1), K-major wgmma 8 b as 16-bit.
Learned from offline Triton 3.6.0 sm_90 compiles of the kernel (validation/compile_sweep.py
--kernel tma, validation/data/compile/compile_sweep_tma*.jsonl; FP8 with C stored fp16 as the
launcher does: barriers 9.9% -> 100% exact in nn) and checked on the kernels the H200's JIT
compiled (`perfmodel resources-check`).

Registers: this kernel's compiled table (register_table.json here, sm_90), the grouped kernel's
fit outside it (which over-counts: tensor descriptors need no per-element address registers).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels.base import ConfigArrays, Resources
from perfmodel.dtypes import DTYPES
from perfmodel.kernels.grouped.model import GroupedKernel, tile_grid, transposed_one_buffer
from perfmodel.kernels.lowering import min_block_k, pipelined_buffers, uses_wgmma
from perfmodel.kernels.registers import RegisterTable
from perfmodel.kernels.tiled import tiled_time
from perfmodel.problem import GemmProblem

HERE = Path(__file__).resolve().parent

SUPPORTED_DTYPES = ("fp16", "bf16", "fp8")
STRIDE_ALIGN_BYTES = 16
MBARRIER_BYTES = 8


def barrier_bytes(buffers, is_wgmma, fp8: bool, transposed: bool) -> np.ndarray:
    """Shared bytes of the pipeline's mbarriers (module doc): 8 per buffer; FP8 adds a second
    array, 16-byte aligned first: ceil16(8 b) + 8 b on mma.sync, ceil16(8 b) + 8 (b - 1) on
    wgmma with a transposed (MN-major) operand."""
    plain = MBARRIER_BYTES * np.asarray(buffers)
    if not fp8:
        return plain
    aligned = -(-plain // 16) * 16
    return np.where(is_wgmma, aligned + plain - MBARRIER_BYTES if transposed else plain, aligned + plain)


def tma_smem(bm, bn, bk, e, out_e, buffers, is_wgmma, stages, barriers) -> np.ndarray:
    """Shared bytes of the TMA kernel (module doc); `barriers` from barrier_bytes."""
    a, b = bm * bk * e, bn * bk * e
    pipeline = np.where((stages == 1) & ~is_wgmma, np.maximum(a, b) + MBARRIER_BYTES, buffers * (a + b) + barriers)
    return np.maximum(pipeline, bm * bn * out_e)


def fp8_barriers(problem: GemmProblem) -> tuple[bool, bool]:
    """(FP8, an FP8 operand stored MN-major): what barrier_bytes needs to know of a problem."""
    fp8 = problem.in_bytes == 1 and DTYPES[problem.dtype].k_major_only
    return fp8, transposed_one_buffer(problem, "all") != "all"  # which holds only for FP8


class TmaKernel(GroupedKernel):
    name = "tma"
    summary = "grouped GEMM loading and storing through tensor descriptors (Hopper TMA)"
    source = "perfmodel/gpu/kernels.py:matmul_tma_kernel"
    table = RegisterTable(HERE / "register_table.json")
    dtypes = SUPPORTED_DTYPES
    shared_b_min_bn = 128
    shared_b_min_bm = 128  # 64-row 8-warp TMA tiles in nt were never timed
    pointer_kernel = False  # C goes out through a tensor descriptor, in bulk

    def unsupported(self, spec: HardwareSpec, problem: GemmProblem) -> str | None:
        if not spec.has("tensor_memory_accelerator"):
            return f"it needs a Tensor Memory Accelerator (Hopper), which {spec.id} does not have"
        if problem.dtype not in self.dtypes:
            return f"it is compiled and timed for {', '.join(self.dtypes)} only, not {problem.dtype}"
        for what, stride, n, e in (("A", "K", problem.K, problem.in_bytes), ("B", "N", problem.N, problem.in_bytes),
                                   ("C", "N", problem.N, problem.out_bytes)):
            if (n * e) % STRIDE_ALIGN_BYTES:
                return (f"tensor descriptors need row strides that are multiples of {STRIDE_ALIGN_BYTES} bytes; "
                        f"{what}'s is {stride} = {n} elements of {e} bytes = {n * e} bytes")
        return None

    def space(self, spec: HardwareSpec, problem: GemmProblem) -> ConfigArrays:
        return ConfigArrays.product(tile_grid(problem, min_bk=min_block_k(spec, problem.dtype)))

    def load_class(self, problem: GemmProblem) -> str:
        return "all"

    def time(self, ctx, cfgs: ConfigArrays, res: Resources, blocks) -> dict[str, np.ndarray]:
        """The tiled model, never below one eager launch with host tensor descriptors."""
        return tiled_time(ctx, cfgs, res, blocks, out_bytes=np.full(cfgs.size, ctx.problem.out_bytes), extra_s=0.0,
                          host_floor_s=ctx.params.descriptor_launch_s, rules=self.loop_rules())

    def threads(self, spec: HardwareSpec, warps) -> np.ndarray:
        """Threads a program launches with."""
        return warps * spec.warp_size

    def smem(self, problem: GemmProblem, cfgs: ConfigArrays, buffers, is_wgmma) -> np.ndarray:
        """Shared bytes per program (module doc)."""
        bm, bn, bk, s = cfgs["BLOCK_M"], cfgs["BLOCK_N"], cfgs["BLOCK_K"], cfgs["num_stages"]
        barriers = barrier_bytes(buffers, is_wgmma, *fp8_barriers(problem))
        return tma_smem(bm, bn, bk, problem.in_bytes, problem.out_bytes, buffers, is_wgmma, s, barriers)

    def smem_rule_text(self, buffers: int) -> str:
        """The shared-memory rule in one line, for `predict`."""
        return (f"{buffers} stage buffer{'s' if buffers > 1 else ''} of (BM+BN)xBKxbytes + an 8-byte mbarrier each, "
                f"at least the C tile (the TMA store stages it)")

    def resources(self, spec: HardwareSpec, problem: GemmProblem, cfgs: ConfigArrays) -> Resources:
        bm, w, s = cfgs["BLOCK_M"], cfgs["num_warps"], cfgs["num_stages"]
        is_wgmma = uses_wgmma(spec, problem.dtype, bm, w)
        buffers = pipelined_buffers(spec, s, is_wgmma)
        smem = self.smem(problem, cfgs, buffers, is_wgmma)
        regs, spilled, from_table, reg_source, _ = self.registers(spec, problem, "all", is_wgmma, cfgs)
        rule = self.smem_rule_text(max(1, int(np.max(buffers)) if buffers.size else 1))
        return Resources(load="all", threads=self.threads(spec, w), smem_bytes=smem.astype(np.int64),
                         stage_buffers=buffers.astype(np.int64), regs=regs, spilled_regs=spilled,
                         regs_from_table=from_table, is_wgmma=is_wgmma, register_source=reg_source, smem_rule=rule)
