"""The grouped GEMM (perfmodel/gpu/kernels.py:matmul_kernel): Triton's matmul tutorial with
the grouped (GROUP_M) program order of seed 000, pointer loads and a masked K tail.

Config space: BLOCK_M, BLOCK_N in {16, 32, 64, 128, 256}, BLOCK_K in {16, 32, 64, 128},
num_warps in {2, 4, 8}, num_stages in {1, ..., 6}, GROUP_M in {1, 4, 8, 16}; tiles no larger
than the next power of two of the problem, GROUP_M > 1 only with several tile rows, and at
least one 16x8 mma tile of work per warp. Runs any problem on any device with a path for
its dtype.

Load class (GemmProblem.alignment): whether Triton can prove K and N (the row strides of A and
B) 16-element divisible. Divisible operands are loaded in 16-byte vectors through the
asynchronous-copy pipeline; the others element by element with their own pointer and mask,
which the pipeliner cannot multi-buffer for 16-bit and 8-bit elements (4-byte ones it does, one
copy per element: perfmodel.kernels.lowering.pipelines_elementwise).

Shared memory, with A = BLOCK_M x BLOCK_K x bytes, B = BLOCK_K x BLOCK_N x bytes, and buffers the
pipelined-buffer count of perfmodel.kernels.lowering (num_stages on sm_90 wgmma, else
num_stages - 1, at least 1):
    "all"    buffers x (A + B); also "k", "n" and "none" where elements are 4 bytes or more
             (TF32, FP32), which the pipeliner multi-buffers one element per copy
             (perfmodel.kernels.lowering.pipelines_elementwise)
    "k"      buffers x A + B        (only K 16-divisible: A pipelined, B through one buffer)
    "n"      A + buffers x B
    "none"   A + B on NVIDIA (one buffer, whatever num_stages says);
             max(BLOCK_M, BLOCK_N) x BLOCK_K x bytes on AMD (A and B share one buffer)
    FP8 wgmma with an operand stored MN-major (B in nn): that operand is transposed through
             registers into one buffer, so class "all" takes the rule of the class that loads it
             element by element ("k" in nn; transposed_one_buffer; session 12)
C staged by the epilogue (NVIDIA, 16-bit C, N not 16-divisible): the epilogue converts C's
layout for its element-wise store through shared memory, reusing the loop's buffers, so every
class takes max(its rule, BLOCK_M x min(BLOCK_N, c x num_warps) x 2), c = 16 columns per warp on
sm_90, 32 on sm_80 (C_STAGED_COLUMNS_PER_WARP; fitted on the offline compiles, not derived: the
conversion is done in chunks of that width). Exact for 99.4-99.7% of the sm_80/sm_90 compiles in
class none, nn and nt (95.7-99.4% with the whole C tile, 86% with none), and sm_80 class k 96.6 ->
99.4% (session 11); C staged with N 16-divisible (class none in nt: 32 KiB for some 8-warp
tiles) is left out. 4-byte elements out of wgmma (TF32's C, split-K's fp32 partial tiles: the
kernel's epilogue_bytes) are staged whole, whatever N: BM x BN x 4 (the H200's JIT on every TF32
run of holdout19, 20 and 23, and offline sm_90 TF32 compiles, 96 -> 100%: the 8-warp 128x256x32
tiles at 2 stages were the misses; split-K runs of holdout16-23, runs and hopper 75-100% ->
99.3-100%).
Hygon DCUs use the AMD rules: their Triton backend derives from AMD's, and seed 000's "an
additional stage does not necessarily allocate one extra LDS buffer" is what the AMD rule shows
(num_stages - 1 buffers); a proxy, as no gfx926/gfx936 compiler was available. Checked against
metadata.shared of the offline compile sweeps (sm_80, sm_90, gfx908, gfx90a, gfx942; every
class) and of the kernels the H200's JIT compiled (`perfmodel resources-check`; the misses are
epilogue layout conversions staging C through shared memory on some unaligned NVIDIA configs,
which the rule leaves out).

Registers: this kernel's compiled table (register_table.json here, perfmodel.kernels.registers),
the linear fit (register_fit.json) outside it.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import numpy as np

from perfmodel.hardware.schema import HardwareSpec
from perfmodel.kernels.base import ConfigArrays, KernelModel, Resources
from perfmodel.kernels.lowering import instruction, min_block_k, pipelined_buffers, pipelines_elementwise, uses_wgmma
from perfmodel.dtypes import DTYPES
from perfmodel.kernels.operands import ELEMENTWISE_OPERANDS
from perfmodel.kernels.registers import (FMA_TABLE_DTYPES, LoopSpillTable, RegisterFit, RegisterTable, loop_spilled,
                                         register_cap, table_key)
from perfmodel.layouts import LAYOUTS
from perfmodel.kernels.tiled import tiled_time
from perfmodel.names import CONFIG_KEYS
from perfmodel.problem import GemmProblem, TileConfig

HERE = Path(__file__).resolve().parent

BLOCK_MN = (16, 32, 64, 128, 256)
BLOCK_K = (16, 32, 64, 128)
WARPS = (2, 4, 8)
STAGES = (1, 2, 3, 4, 5, 6)
GROUPS = (1, 4, 8, 16)


@functools.lru_cache(maxsize=8)
def _product(splits: tuple[int, ...]) -> np.ndarray:
    grid = np.array(list(itertools.product(BLOCK_MN, BLOCK_MN, BLOCK_K, WARPS, STAGES, GROUPS, splits)), dtype=np.int64)
    grid.setflags(write=False)
    return grid


def splits_have_work(problem: GemmProblem, bk, sk):
    """Whether each of SPLIT_K `sk` slices of K keeps at least one k-step of BLOCK_K `bk` (arrays or
    scalars): the split-K kernel's slice z takes the K blocks z, z + SPLIT_K, ... (perfmodel.gpu.kernels),
    so the last, SPLIT_K - 1, has work while (SPLIT_K - 1) x BLOCK_K < K: SPLIT_K <= ceil(K / BLOCK_K), the
    k-steps, the last of them partial where BLOCK_K does not divide K. The one rule behind the split-K
    kernel's check and the pointer kernels' tile grid. (Until session 47 it read SPLIT_K x BLOCK_K <= K,
    which turned away SPLIT_K = ceil(K / BLOCK_K) where the last k-step is partial, while the check's
    message said that many were allowed; validation/NOTES.md, candidate 63.)"""
    return (np.asarray(sk) - 1) * np.asarray(bk) < problem.K


def tile_grid(problem: GemmProblem, splits=(1,), min_bk: int = 16) -> np.ndarray:
    """The pointer kernels' tile grid for a problem (columns CONFIG_KEYS), pruned as the module
    doc says; `splits` the SPLIT_K values to cross it with; `min_bk` the smallest BLOCK_K the
    dtype compiles with (perfmodel.kernels.lowering.min_block_k)."""
    grid = _product(tuple(splits))
    bm, bn, bk, w, s, g, sk = grid.T
    keep = bk >= min_bk
    # tiles much larger than the problem only waste work: allow up to the next power of two
    keep &= bm <= max(16, 1 << (problem.M - 1).bit_length())
    keep &= bn <= max(16, 1 << (problem.N - 1).bit_length())
    keep &= bk <= max(16, 1 << (problem.K - 1).bit_length())
    # each split must keep at least one k-step; GROUP_M only matters when there are several tile rows
    keep &= splits_have_work(problem, bk, sk)
    keep &= (g == 1) | (-(-problem.M // bm) > 1)
    # far more warps than the tile has work for: each warp needs at least one 16x8 mma tile
    keep &= bm * bn >= w * 128
    return grid[keep]


def pointer_smem(spec: HardwareSpec, load: str, bm, bn, bk, e, buffers, c_scratch=0) -> tuple[np.ndarray, np.ndarray]:
    """(shared bytes, pipelined buffers) of the pointer kernels (module doc): the main loop's
    buffers, or `c_scratch` (epilogue_scratch: C staged through shared memory, which reuses the
    loop's buffers) where that is larger."""
    a_bytes, b_bytes = bm * bk * e, bn * bk * e
    if load == "all":
        return np.maximum(buffers * (a_bytes + b_bytes), c_scratch), buffers
    if load == "k":
        return np.maximum(buffers * a_bytes + b_bytes, c_scratch), buffers
    if load == "n":
        return np.maximum(a_bytes + buffers * b_bytes, c_scratch), buffers
    one = np.ones_like(buffers)
    if spec.backend == "hip":
        return np.maximum(bm, bn) * bk * e, one
    return np.maximum(a_bytes + b_bytes, c_scratch), one


#: columns of C per warp that the epilogue's layout conversion stages at a time on NVIDIA, on a
#: device with warpgroup MMA (sm_90) or without (sm_80) (Triton 3.6.0, 16-bit outputs; module doc)
C_STAGED_COLUMNS_PER_WARP = {True: 16, False: 32}


def epilogue_scratch(spec: HardwareSpec, problem: GemmProblem, bm, bn, w, is_wgmma, out_bytes: int) -> np.ndarray:
    """Shared bytes the epilogue stages its tile through (module doc), on NVIDIA, `out_bytes` the
    size of the elements it stores (the kernel's epilogue_bytes): 16-bit elements stored one by
    one (N not 16-divisible), BM x min(BN, c x warps) x 2, c = C_STAGED_COLUMNS_PER_WARP; 4-byte
    elements out of wgmma, the whole BM x BN x 4 tile; 0 elsewhere."""
    if spec.backend == "hip":
        return np.zeros(np.shape(bm), dtype=np.int64)
    if out_bytes == 4:
        return np.where(is_wgmma, bm * bn * 4, 0)
    if problem.c_aligned or out_bytes != 2:
        return np.zeros(np.shape(bm), dtype=np.int64)
    c = C_STAGED_COLUMNS_PER_WARP[spec.has("warpgroup_mma")]
    return bm * np.minimum(bn, c * w) * out_bytes


def transposed_one_buffer(problem: GemmProblem, load: str) -> str:
    """The load class whose shared-memory rule a wgmma config follows (module doc): an operand
    of 1-byte elements (FP8) stored MN-major is transposed into the K-major layout wgmma reads,
    through registers and one buffer, not pipelined (pieces under the pipeliner's 32 bits a
    thread), so in class "all" the rule is that of the class loading it element by element:
    B MN-major only (nn) "k", A only (tt) "n", both (tn) "none". Offline sm_90 FP8 compiles in
    nn: 45.7% -> 96.9% exact (validation/data/compile/compile_sweep_fp8.jsonl; nt unchanged at
    100%). Shared memory only: the k-step still counts the transposed elements as gathered."""
    if load != "all" or problem.in_bytes != 1 or not DTYPES[problem.dtype].k_major_only:
        return load
    lay = LAYOUTS[problem.layout]
    return {(True, True): "all", (True, False): "k", (False, True): "n", (False, False): "none"}[
        (lay.a_k_major, lay.b_k_major)]


def store_class(problem: GemmProblem, load: str) -> str:
    """The compile class whose registers a config takes: its load class, except in `nt` where K is
    16-divisible and N is not: the loads are class "all" but C's row stride is not 16-divisible, so
    the epilogue stores C element by element, which costs registers ("k": only K 16-divisible; on
    the H200 128x128x64_w4 went 203 -> 255 registers and spilled 166, and ran 2.7x slower at
    131072x512x64: h200/cstore_probe.jsonl, session 12). Compiled for sm_90 in 16-bit and TF32
    (the H200's JIT on holdout28's TF32 nt runs with N odd: within 10% 63.5% -> 98.9% with them);
    elsewhere the table falls back to the loads' class."""
    if load == "all" and problem.layout == "nt" and not problem.c_aligned:
        return "k"
    return load


SMEM_RULES = {"all": "{n} stage buffer{s} of (BM+BN)xBKxbytes",
              "k": "only K 16-divisible: A in {n} pipelined buffer{s}, B element-wise through one",
              "n": "only N 16-divisible: B in {n} pipelined buffer{s}, A element-wise through one",
              "none": "K and N not 16-divisible: one buffer, no async-copy pipelining",
              "pipelined": "{n} stage buffer{s} of (BM+BN)xBKxbytes, {which} element by element in 4-byte copies"}


class GroupedKernel(KernelModel):
    name = "grouped"
    summary = "grouped GEMM with pointer loads (Triton's matmul tutorial)"
    source = "perfmodel/gpu/kernels.py:matmul_kernel"
    table = RegisterTable(HERE / "register_table.json")
    loop_spills = LoopSpillTable(HERE / "loop_spills.json")
    fit = RegisterFit(HERE / "register_fit.json")
    #: the smallest BLOCK_N at which warpgroups sharing a K-major B tile slow down (operands.shares_kmajor_b)
    shared_b_min_bn: int | None = 256
    shared_b_min_bm: int = 64  # 64x256 at 8 warps slows in nt too (operands.shares_kmajor_b)
    pointer_kernel = True
    fma_kmajor_spills_measured = True  # validation/fit_fma_spills.py: one-wave grouped GEMMs

    def __init__(self, alignment=None):
        """`alignment`: problem -> load class (default GemmProblem.alignment); a comparison can
        pass another policy, e.g. one that treats the mixed classes as "none"."""
        self.alignment = alignment or (lambda problem: problem.alignment)

    def unsupported(self, spec: HardwareSpec, problem: GemmProblem) -> str | None:
        return None

    def check(self, config: TileConfig, problem: GemmProblem | None = None) -> str | None:
        return None if config.SPLIT_K == 1 else "SPLIT_K > 1 is the split-K kernel (kernel splitk)"

    def space(self, spec: HardwareSpec, problem: GemmProblem) -> ConfigArrays:
        return ConfigArrays.product(tile_grid(problem, min_bk=min_block_k(spec, problem.dtype)))

    def load_class(self, problem: GemmProblem) -> str:
        """The alignment policy's class (default GemmProblem.alignment)."""
        return self.alignment(problem)

    def resources(self, spec: HardwareSpec, problem: GemmProblem, cfgs: ConfigArrays) -> Resources:
        bm, bn, bk, w, s = (cfgs[k] for k in CONFIG_KEYS[:5])
        load = self.load_class(problem)
        # 4-byte element-wise loads are pipelined where there is a pipeline (num_stages >= 2)
        pipelined = (load != "all" and pipelines_elementwise(problem.dtype)) & (np.asarray(s) >= 2)
        is_wgmma = uses_wgmma(spec, problem.dtype, bm, w)
        scratch = epilogue_scratch(spec, problem, bm, bn, w, is_wgmma, self.epilogue_bytes(problem))
        stage_bufs = pipelined_buffers(spec, s, is_wgmma)
        smem_all, buf_all = pointer_smem(spec, "all", bm, bn, bk, problem.in_bytes, stage_bufs, scratch)
        smem_cls, buf_cls = pointer_smem(spec, load, bm, bn, bk, problem.in_bytes, stage_bufs, scratch)
        transposed = transposed_one_buffer(problem, load)
        if transposed != load:  # 1-byte operands transposed for wgmma: through one buffer where wgmma
            smem_tr, buf_tr = pointer_smem(spec, transposed, bm, bn, bk, problem.in_bytes, stage_bufs, scratch)
            smem_cls, buf_cls = np.where(is_wgmma, smem_tr, smem_cls), np.where(is_wgmma, buf_tr, buf_cls)
        smem, buffers = np.where(pipelined, smem_all, smem_cls), np.where(pipelined, buf_all, buf_cls)
        regs, spilled, from_table, reg_source, tile_spilled = self.registers(spec, problem, load, is_wgmma, cfgs)
        n = max(1, int(np.max(buffers)) if buffers.size else 1)
        rule = SMEM_RULES["pipelined" if pipelined.all() and load != "all" else load].format(n=n, s="s" if n > 1 else "",
                                                                    which=" and ".join(ELEMENTWISE_OPERANDS[load]))
        return Resources(load=load, threads=w * spec.warp_size, smem_bytes=smem.astype(np.int64),
                         stage_buffers=buffers.astype(np.int64), regs=regs, spilled_regs=spilled,
                         regs_from_table=from_table, is_wgmma=is_wgmma, register_source=reg_source, smem_rule=rule,
                         elementwise_pipelined=pipelined, tile_spilled=tile_spilled)

    def registers(self, spec, problem, load, is_wgmma, cfgs):
        """(regs, spilled, from_table, source, tile_spilled): the table where it has the config,
        else the fit; tile_spilled: of the spilled, those outside the main loop, paid once per
        tile: the ones the disassembled compile's loop never touches (loop_spill_table), else
        those only the epilogue's element-wise C store adds (store_class)."""
        bm, bn, bk, w, s = (cfgs[k] for k in CONFIG_KEYS[:5])
        demand = np.maximum(np.rint(self.fit.demand(spec, load == "all", is_wgmma, bm, bn, bk, w, s,
                                                    problem.in_bytes)), 16).astype(np.int64)
        spilled = np.zeros_like(demand)
        tile_spilled = np.zeros_like(demand)
        from_table = np.zeros(demand.shape, dtype=bool)
        target = spec.register_target
        source = "linear fit (config outside the compiled table)"
        key, note = self.table_key(target, problem)
        # a table applies where its compiles lowered the dot as this device does (FMA or not)
        if key and (instruction(spec, problem.dtype, False) == "fma") == (problem.dtype in FMA_TABLE_DTYPES):
            t_regs, t_spilled, from_table = self.table.lookup(key, load, bm, bn, bk, w, s)
            store = store_class(problem, load)
            c_found = np.zeros_like(from_table)
            if store != load:  # C stored element by element: the compiles of that class, where the table has them
                c_regs, c_spilled, c_found = self.table.lookup(key, store, bm, bn, bk, w, s)
                # the spills the element-wise store adds are the epilogue's: paid once per tile
                tile_spilled = np.where(c_found & from_table, np.maximum(c_spilled - t_spilled, 0), 0)
                t_regs, t_spilled = np.where(c_found, c_regs, t_regs), np.where(c_found, c_spilled, t_spilled)
                from_table = from_table | c_found
            loops = self.loop_spill_table(key, problem.dtype)
            if loops is not None:  # the spills the main loop never touches are paid once per tile
                l_loop, _, l_found = loops.lookup(key, load, bm, bn, bk, w, s)
                if store != load:
                    c_loop, _, c_lfound = loops.lookup(key, store, bm, bn, bk, w, s)
                    l_loop, l_found = np.where(c_found, c_loop, l_loop), np.where(c_found, c_lfound, l_found)
                l_found = l_found & from_table & (t_spilled > 0)
                tile_spilled = np.where(l_found, t_spilled - loop_spilled(t_spilled, l_loop, l_found), tile_spilled)
            demand = np.where(from_table, t_regs, demand)
            spilled = np.where(from_table, t_spilled, 0)
            stand_in = "" if target == spec.compile_target else " stand-in"
            if from_table.any():
                source = f"Triton {self.table.triton} compile table ({key}{stand_in}{note})"
        cap = register_cap(spec)
        return np.minimum(demand, cap), spilled + np.maximum(demand - cap, 0), from_table, source, tile_spilled

    def loop_spill_table(self, key: str, dtype: str) -> LoopSpillTable | None:
        """The disassembled compiles that say which spills the main loop touches, for this
        kernel's table key (perfmodel.kernels.registers.LoopSpillTable), or None: read for the
        dtypes whose element-wise operands are pipelined (4-byte: lowering.pipelines_elementwise);
        in 16-bit the spilled count stands for register pressure in the loop as measured
        (perfmodel.kernels.pipeline's module doc)."""
        if not pipelines_elementwise(dtype) or key not in self.loop_spills.targets:
            return None
        return self.loop_spills

    def epilogue_bytes(self, problem: GemmProblem) -> int:
        """Bytes per element of the C tile this kernel's epilogue stores (the output dtype)."""
        return problem.out_bytes

    def table_key(self, target, problem: GemmProblem) -> tuple[str | None, str]:
        """(the register table's key for this problem, a note): its dtype and layout's compiles,
        else those of the layout with the same B majorness (tn reads nn's, tt nt's), else nn's."""
        if not target or table_key(target, problem.dtype) is None:
            return None, ""
        sibling = "nt" if LAYOUTS[problem.layout].b_k_major else "nn"
        for layout in dict.fromkeys((problem.layout, sibling, "nn")):
            key = table_key(target, problem.dtype, layout)
            if key in self.table.targets:
                return key, ("" if layout == problem.layout else f", {layout}'s compiles for {problem.layout}")
        return None, ""

    def time(self, ctx, cfgs: ConfigArrays, res: Resources, blocks) -> dict[str, np.ndarray]:
        return tiled_time(ctx, cfgs, res, blocks, out_bytes=np.full(cfgs.size, ctx.problem.out_bytes), extra_s=0.0,
                          rules=self.loop_rules())
