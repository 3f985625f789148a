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
programs of ceil(K / (BK x SPLIT_K)) k-steps writing fp32 partials, plus the reduction (reduce_time):

    t_reduce = c + SPLIT_K x L2 latency + (SPLIT_K M N 4 + M N out_bytes) / rate

rate = the L2 rate (calibration l2_bw_achieved) while the workspace fits the effective L2 (the main
kernel has just written it), else the DRAM rate; c = calibration reduction_fixed_s (the second
launch in the stream, its first load and its store). Each of the reduction's programs walks the
SPLIT_K partial tiles in a loop, one L2 hit after another. Measured on the H200
(validation/splitk_reduce_probe.py: 64 pairs timed as graph replays with and without the
reduction): the reduction added 1.5-2.2 us at SPLIT_K 2 and 3.5-5.7 us at 16; with the L2 latency
and rate as the microbenchmarks measured them, c = 1.41 us fits (validation/fit_splitk.py;
measured / predicted 0.88-1.22, median 1.0; one empty kernel after another in a graph adds 0.88
us). Until session 33 the reduction was a launch (3.6 us) plus its bytes at the DRAM rate, 3.6-8.2
us on those pairs.

Where the tiles (ceil(M / BM) x ceil(N / BN)) are fewer than the SMs, splitting K fills SMs the tiles
leave idle, and the model credits each split with all of its share; measured, the main kernel gains
less (partial_slowdown):

    t_main x (1 + a (1 - 1 / SPLIT_K)),   a = calibration splitk_partial_slowdown

On the H200, the same tile and shape timed by both kernels (graph replays; the fit sets and the
read hold-outs holdout67-74), split-K over grouped, each over the model without tile factors, read
1.08 / 1.13 / 1.13 / 1.14 at SPLIT_K 2 / 4 / 8 / 16 where the tiles were fewer than the SMs, and
1.02 / 1.01 / 0.96 / 0.89 where not: a = 0.156, the median of (r - 1) / (1 - 1/SPLIT_K) over 3,986
paired runs (validation/fit_splitk.py). Fitted on the dtypes whose
dot runs on matrix instructions; the FMA path (IEEE fp32) keeps a = 0. Until session 33 the tile
factors, which the two kernels share, took the split-K runs' excess, which the reduction's price
had hidden (validation/NOTES.md, session 33, candidate 38).
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
    fma_kmajor_spills_measured = False  # its own register table; its spills not measured apart

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
        reduce_s = reduce_time(ctx.params, ctx.problem, cfgs["SPLIT_K"])
        return tiled_time(ctx, cfgs, res, blocks, out_bytes=np.full(cfgs.size, PARTIAL_BYTES), extra_s=reduce_s,
                          rules=self.loop_rules(), main_factor=partial_slowdown(ctx.params, ctx.problem, cfgs))


def reduce_time(p, problem: GemmProblem, sk) -> np.ndarray:
    """The reduction kernel's time after the main kernel (module doc): c + SPLIT_K x L2 latency + its
    bytes at the L2 rate where the fp32 workspace fits the effective L2, else at the DRAM rate."""
    M, N = problem.M, problem.N
    workspace = np.asarray(sk) * M * N * float(PARTIAL_BYTES)
    rate = np.where(workspace <= p.l2_bytes, p.l2_bw_bytes_per_s, p.dram_bw_bytes_per_s)
    return p.reduction_fixed_s + np.asarray(sk) * p.l2_latency_s + (workspace + M * N * problem.out_bytes) / rate


def partial_slowdown(p, problem: GemmProblem, cfgs: ConfigArrays) -> np.ndarray:
    """What the main kernel takes beyond the tiled model where its tiles are fewer than the SMs (module
    doc): 1 + a (1 - 1 / SPLIT_K) there on the matrix path, else 1."""
    sk = np.asarray(cfgs["SPLIT_K"], dtype=float)
    if p.compute_path != "matrix":
        return np.ones(np.shape(sk))
    tiles = -(-problem.M // np.asarray(cfgs["BLOCK_M"])) * -(-problem.N // np.asarray(cfgs["BLOCK_N"]))
    return np.where(tiles < p.sms, 1.0 + p.splitk_partial_slowdown * (1.0 - 1.0 / sk), 1.0)
