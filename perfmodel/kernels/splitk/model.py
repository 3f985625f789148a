"""The split-K pair (perfmodel/gpu/kernels.py:matmul_splitk_kernel + splitk_reduce_kernel):
for small M x N and large K, program (tile, z) accumulates the K blocks z, z + SPLIT_K, ... (seed
002's interleaving) into an fp32 workspace [SPLIT_K, M, N]; a second kernel sums the partial
tiles and casts them to the output dtype. Both launches are timed together.

Config space: the grouped kernel's tile grid crossed with SPLIT_K in {2, 4, 8, 16}, each split
keeping at least one k-step. Resources: the main kernel is the grouped kernel's loop with a
strided K walk, so its shared-memory rule is the grouped kernel's; its epilogue stores the fp32
accumulator as it is (no conversion), so it allocates fewer registers: its own table of sm_90
fp16 compiles in nn and nt (register_table.json here, SPLIT_K 2: the value does not change the
loop's code), the grouped kernel's tables elsewhere (`perfmodel resources-check` scores them on
the split-K kernels the H200 compiled: within 10% 68% with the grouped kernel's table alone). Time: the tiled model with P = tiles x SPLIT_K
programs of ceil(K / (BK x SPLIT_K)) k-steps writing fp32 partials, plus the reduction:

    t_reduce = launch + (SPLIT_K M N 4 + M N out_bytes) / DRAM bandwidth
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels.base import ConfigArrays, Resources
from perfmodel.kernels.grouped.model import GroupedKernel, splits_have_work, tile_grid
from perfmodel.kernels.lowering import min_block_k
from perfmodel.kernels.registers import RegisterTable, TableChain
from perfmodel.kernels.tiled import tiled_time
from perfmodel.problem import GemmProblem, TileConfig

SPLITS = (2, 4, 8, 16)
PARTIAL_BYTES = 4  # fp32 partial sums in the workspace


class SplitKKernel(GroupedKernel):
    name = "splitk"
    summary = "split-K pair: fp32 partials per K slice, then a reduction kernel"
    source = "perfmodel/gpu/kernels.py:matmul_splitk_kernel + splitk_reduce_kernel"
    table = TableChain(RegisterTable(Path(__file__).resolve().parent / "register_table.json"), GroupedKernel.table)

    def loop_spill_table(self, key: str, dtype: str):
        """The grouped kernel's disassembled compiles where this kernel reads its tables (TF32, sm_80,
        AMD: TableChain's fallback); none where it has compiles of its own (sm_90 fp16)."""
        return None if key in self.table.own.targets else super().loop_spill_table(key, dtype)

    def check(self, config: TileConfig, problem: GemmProblem | None = None) -> str | None:
        if config.SPLIT_K == 1:
            return "the split-K kernel needs SPLIT_K > 1 (SPLIT_K = 1 is kernel grouped)"
        if problem is not None and not splits_have_work(problem, config.BLOCK_K, config.SPLIT_K):
            k_steps = -(-problem.K // config.BLOCK_K)
            return (f"SPLIT_K {config.SPLIT_K} leaves splits without work: K = {problem.K} is {k_steps} k-step"
                    f"{'s' if k_steps > 1 else ''} of BLOCK_K {config.BLOCK_K}, so SPLIT_K can be at most {k_steps}")
        return None

    def rejects(self, problem: GemmProblem, cfgs: ConfigArrays) -> np.ndarray:
        """check's rule that depends on the problem, over arrays: more splits than k-steps."""
        return ~splits_have_work(problem, cfgs["BLOCK_K"], cfgs["SPLIT_K"])

    def space(self, spec: HardwareSpec, problem: GemmProblem) -> ConfigArrays:
        return ConfigArrays.product(tile_grid(problem, SPLITS, min_block_k(spec, problem.dtype)))

    def epilogue_bytes(self, problem: GemmProblem) -> int:
        """The partial tiles are stored in fp32."""
        return 4

    def time(self, ctx, cfgs: ConfigArrays, res: Resources, blocks) -> dict[str, np.ndarray]:
        p, problem = ctx.params, ctx.problem
        M, N = problem.M, problem.N
        sk = cfgs["SPLIT_K"]
        reduce_s = p.launch_s + (sk * M * N * 4.0 + M * N * problem.out_bytes) / p.dram_bw_bytes_per_s
        return tiled_time(ctx, cfgs, res, blocks, out_bytes=np.full(cfgs.size, PARTIAL_BYTES), extra_s=reduce_s,
                          rules=self.loop_rules())
