"""The persistent TMA GEMMs (perfmodel/gpu/persistent.py): a fixed grid of min(SMs, tiles)
programs, each walking the tiles p, p + SMs, ... in the grouped order, loads and stores
through tensor descriptors, C stored in two BLOCK_M x BLOCK_N/2 halves.

    persistent      the tile and k loops flattened into one pipelined loop
    persistent_ws   warp-specialized (Triton 3.6.0 on sm_90): a producer warpgroup issues the
                    TMA loads, two consumer warpgroups each compute BLOCK_M x BLOCK_N/2 of the
                    tile (wgmma m64nNk16 with N = BLOCK_N/2) and store it. Triton 3.6.0
                    specializes only 64-row, 4-warp tiles with BLOCK_N <= 128 on sm_90 (8 warps
                    compile unspecialized, 128-row 4-warp tiles and BLOCK_N 256 fail in its
                    NVGPUWarpSpecialization pass: compile_sweep_persistent_ws.jsonl), so that
                    is its config space; it launches 3 x num_warps warps.

Runs where the TMA kernel does (a Tensor Memory Accelerator, 16-byte aligned row strides), in
fp16, bf16 and FP8 (e4m3 in, fp16 out; timed with B stored N x K, which FP8 wgmma reads
K-major; an MN-major FP8 operand is gathered as perfmodel.kernels.operands says, and Triton
3.6.0 does not warp-specialize it).

Shared memory (learned from offline sm_90 compiles: validation/compile_sweep.py --kernel
persistent / persistent_ws, validation/data/compile/compile_sweep_persistent*.jsonl), with A, B
the stage tiles, buffers as the TMA kernel's and H = BLOCK_M x BLOCK_N/2 x out_bytes the C half:
    persistent      buffers x (A + B) + barriers (the TMA kernel's) + H, + BLOCK_M x BLOCK_N x
                    out_bytes more where the warpgroups split BLOCK_N (8 warps on 64 rows: the
                    accumulator's halves are regathered through shared memory before the
                    split; where an FP8 operand is transposed for wgmma, less one stage of B,
                    BLOCK_N x BLOCK_K bytes, at least 0: so the FP8 compiles say, as if the
                    scratch reused B's transposed buffer; cause not traced)
    persistent_ws   num_stages x (A + B) + 2 H (a C half per consumer) + barriers: two arrays of
                    num_stages 8-byte mbarriers, each 16-byte aligned, and num_stages + 1 more
Agreement, exact and within 64 bytes (FP8's barriers add 16-40 bytes), is what `perfmodel
resources-check` and tests/test_persistent.py report.

Time: the tiled model (perfmodel.kernels.tiled) with one program per SM whatever the residency
allows (the grid has no more), the pipeline's prologue paid once per program, not per tile
(`persistent=True`), and for persistent_ws the k-step of the two consumer warpgroups (8 MMA
warps: A read by both, each its half of B).

Registers: the kernel's compiled table (register_table.json here: sm_90, fp16 and FP8, nn and nt),
the grouped kernel's fit outside it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels.base import ConfigArrays, Resources
from perfmodel.kernels.grouped.model import tile_grid
from perfmodel.kernels.lowering import min_block_k
from perfmodel.kernels.registers import RegisterTable
from perfmodel.kernels.tiled import tiled_time
from perfmodel.kernels.tma.model import MBARRIER_BYTES, TmaKernel, barrier_bytes, fp8_barriers
from perfmodel.names import CONFIG_KEYS
from perfmodel.problem import GemmProblem, TileConfig

HERE = Path(__file__).resolve().parent

#: the warp-specialized kernel's tiles (module doc)
WS_BLOCK_M, WS_WARPS, WS_MAX_BLOCK_N = 64, 4, 128
#: warpgroups it launches per num_warps' worth: a producer and two consumers
WS_GROUPS = 3


def persistent_smem(bm, bn, bk, e, out_e, buffers, is_wgmma, warps, fp8=False, transposed=False) -> np.ndarray:
    """Shared bytes of the flattened persistent kernel (module doc); `fp8`, `transposed` as
    tma.model.fp8_barriers says."""
    half = bm * (bn // 2) * out_e
    split_n = is_wgmma & (np.maximum(warps // 4, 1) > np.maximum(bm // 64, 1))
    regather = np.maximum(bm * bn * out_e - (bn * bk * e if transposed else 0), 0)
    return (buffers * (bm * bk * e + bn * bk * e) + barrier_bytes(buffers, is_wgmma, fp8, transposed) + half
            + np.where(split_n, regather, 0))


def ws_smem(bm, bn, bk, e, out_e, stages) -> np.ndarray:
    """Shared bytes of the warp-specialized kernel (module doc)."""
    barrier_array = -(-stages * MBARRIER_BYTES // 16) * 16  # num_stages mbarriers, 16-byte aligned
    barriers = 2 * barrier_array + MBARRIER_BYTES * (stages + 1)
    return stages * (bm * bk * e + bn * bk * e) + 2 * bm * (bn // 2) * out_e + barriers


class PersistentKernel(TmaKernel):
    name = "persistent"
    summary = "persistent TMA GEMM: one program per SM walking tiles in grouped order (Hopper)"
    source = "perfmodel/gpu/persistent.py:matmul_persistent_kernel (FLATTEN)"
    dtypes = ("fp16", "bf16", "fp8")
    table = RegisterTable(HERE / "register_table.json")
    warp_specialized = False
    shared_b_min_bn = None

    def unsupported(self, spec: HardwareSpec, problem: GemmProblem) -> str | None:
        why = super().unsupported(spec, problem)
        if why is None and problem.dtype == "fp8" and self.warp_specialized and not problem.layout.endswith("t"):
            return "Triton 3.6.0 does not warp-specialize an FP8 GEMM whose B is stored K x N (use layout nt)"
        return why

    def check(self, config: TileConfig, problem: GemmProblem | None = None) -> str | None:
        if config.SPLIT_K != 1:
            return f"the {self.name} kernel has no split-K (SPLIT_K must be 1)"
        return None

    def space(self, spec: HardwareSpec, problem: GemmProblem) -> ConfigArrays:
        return ConfigArrays.product(tile_grid(problem, min_bk=min_block_k(spec, problem.dtype)))

    def smem(self, problem: GemmProblem, cfgs: ConfigArrays, buffers, is_wgmma) -> np.ndarray:
        bm, bn, bk, w = (cfgs[k] for k in CONFIG_KEYS[:4])
        return persistent_smem(bm, bn, bk, problem.in_bytes, problem.out_bytes, buffers, is_wgmma, w,
                               *fp8_barriers(problem))

    def smem_rule_text(self, buffers: int) -> str:
        return f"{self.name}: stage buffers of (BM+BN)xBKxbytes with barriers, plus C staged in BMxBN/2 halves"

    def mma_configs(self, cfgs: ConfigArrays) -> ConfigArrays:
        """The configs as the k-step sees them: mma_warps_per_warp x num_warps warps issue the dot
        (the warp-specialized kernel: two consumer warpgroups splitting BLOCK_N)."""
        if self.mma_warps_per_warp == 1:
            return cfgs
        return ConfigArrays({**cfgs, "num_warps": self.mma_warps_per_warp * cfgs["num_warps"]})

    def time(self, ctx, cfgs: ConfigArrays, res: Resources, blocks) -> dict[str, np.ndarray]:
        one = np.ones_like(np.asarray(blocks))
        return tiled_time(ctx, self.mma_configs(cfgs), res, one, out_bytes=np.full(cfgs.size, ctx.problem.out_bytes),
                          extra_s=0.0, persistent=True, host_floor_s=ctx.params.descriptor_launch_s,
                          rules=self.loop_rules())


class WarpSpecializedKernel(PersistentKernel):
    name = "persistent_ws"
    summary = "warp-specialized persistent TMA GEMM: a producer and two consumer warpgroups (Hopper)"
    source = "perfmodel/gpu/persistent.py:matmul_persistent_kernel (WARP_SPECIALIZE)"
    table = RegisterTable(HERE / "register_table_ws.json")
    warp_specialized = True
    mma_warps_per_warp = 2

    def check(self, config: TileConfig, problem: GemmProblem | None = None) -> str | None:
        why = super().check(config, problem)
        if why is None and (config.BLOCK_M != WS_BLOCK_M or config.num_warps != WS_WARPS
                            or config.BLOCK_N > WS_MAX_BLOCK_N):
            why = (f"Triton 3.6.0 warp-specializes only BLOCK_M {WS_BLOCK_M}, num_warps {WS_WARPS}, BLOCK_N <= "
                   f"{WS_MAX_BLOCK_N} on sm_90; {config.name} would compile unspecialized or not at all")
        return why

    def space(self, spec: HardwareSpec, problem: GemmProblem) -> ConfigArrays:
        grid = tile_grid(problem, min_bk=min_block_k(spec, problem.dtype))
        bm, bn, w = grid[:, 0], grid[:, 1], grid[:, 3]
        keep = (bm == WS_BLOCK_M) & (w == WS_WARPS) & (bn <= WS_MAX_BLOCK_N) & (grid[:, 4] >= 2)
        return ConfigArrays.product(grid[keep])

    def threads(self, spec: HardwareSpec, warps) -> np.ndarray:
        return WS_GROUPS * warps * spec.warp_size

    def smem(self, problem: GemmProblem, cfgs: ConfigArrays, buffers, is_wgmma) -> np.ndarray:
        bm, bn, bk = (cfgs[k] for k in CONFIG_KEYS[:3])
        return ws_smem(bm, bn, bk, problem.in_bytes, problem.out_bytes, cfgs["num_stages"])
