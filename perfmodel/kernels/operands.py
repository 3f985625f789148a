"""How the A and B tiles of one k-step travel, given the layout (perfmodel.layouts): the rows
each tile is read in, the L2 requests they cost, and which elements are gathered one by one;
and which C tiles a pointer kernel's epilogue stores element by element.

A k-step reads A's tile (BM x BK) and B's (BK x BN) from the stored tensors:

    operand stored K-major (A in `n`, B in `t`):   rows = BM (or BN),  row bytes = BK x e
    operand stored MN-major (A in `t`, B in `n`):  rows = BK,          row bytes = BM (or BN) x e

L2 request bytes: rows x ceil(row bytes / line) x line, line = the device's L2 line
(memory.l2_line_bytes): a load request for part of a line costs the whole line's slot, so a
K-major fp16 tile with BK = 32 (64-byte rows) costs twice its bytes. In `nn` this touches only A
at BK x e < line; in `nt` B's rows are BK x e long too, which is what made 16-bit `nt` runs with
BK = 32 slower than `nn` on the H200 in proportion to BN (validation/data/h200/layouts.jsonl.gz:
median +7% at BN = 64, +13% at 128, +21-38% at 256).

Gathered elements: sm_90's wgmma reads TF32 and FP8 operands from shared memory only K-major
(perfmodel.dtypes: k_major_only), so an operand stored MN-major in one of them is
transposed on its way in, 4 (or 1) bytes per copy instead of 16: the sm_90 compile of the TF32
grouped kernel in `nn` issues 116 cp.async per k-step against 44 in `nt`, with the same shared
memory (validation/data/compile/compile_sweep_tf32.jsonl: 162/163 configs the same bytes). Those
elements go at their own rate (calibration gather_elems_per_s_per_sm, fitted by
validation/fit_gather.py on the TF32 `nn` runs of the layouts suite), in the pipeline (they
overlap the math like the vector loads they replace).

A K-major B shared by warpgroups: 16-bit wgmma tiles whose two warpgroups (8 warps, BLOCK_M >=
128) each read the whole B tile ran slower with B stored N x K than with B stored K x N, with the
same PTX instructions, shared bytes and copies: on the H200 the pointer kernel at BLOCK_N 256
(+33% at BLOCK_K 64, +41% at 32, +15% at 128), the TMA kernel at BLOCK_N >= 128 (+21-27% at
BLOCK_K 64, +2% at 128); one warpgroup (4 warps) and mma.sync showed nothing (layouts suite;
validation/NOTES.md). Not explained; modelled as measured: the matrix term of those k-steps
times shared_kmajor_b_factor (calibration; validation/fit_shared_kmajor_b.py), at BLOCK_K <= 64.
The persistent kernel's 8-warp K-major tiles did not show it in FP8 and were never timed both
ways in 16-bit: it takes no factor.

Element-wise operands of 4-byte dtypes (TF32, FP32) are pipelined all the same, one 4-byte copy
per element (perfmodel.kernels.lowering.pipelines_elementwise), whatever the instruction: those
elements count as gathered, at the gather rate. A separate rate for copies from a K-major operand
(a warp's copy reads one line there) was fitted (4.7x the gather rate) and set the scale of
class-none TF32 k-steps right, but ranked worse on the read sets (validation/NOTES.md, session 11).
The other operand's 16-byte copies go through the same path there, each at a fraction of an
element's cost (vector_copies; perfmodel.kernels.pipeline, calibration vector_copy_weight).

Lines re-read through L1: where the pointer kernels load B element by element (load classes "k"
and "none") and B is stored MN-major (`nn`, `tn`), Triton 3.6.0 gives that load the blocked
layout sizePerThread [1, 1], threadsPerWarp [32, 1], order [0, 1] (offline sm_90 compiles: the
pointer offsets along N are taken modulo N and B's row stride is not known to be 1, so neither
dimension is known contiguous and dimension 0, K, goes first). The 32 lanes of a warp walk 32
rows of K: each warp-wide load touches 32 lines, and a thread's next loads along N hit the same
lines again, through L1. One block's k-step keeps BK rows x (1 + (BN - 1) e / line) lines busy
(an odd N starts each row anywhere in a line). A element-wise (and B stored K-major) has its
lanes along its contiguous dimension: coalesced, nothing re-read.

Shared memory: the tiles written once per k-step and read by every warp group (wgmma) or warp
that needs them (smem_bytes_per_kstep over warp_grid), the N of the wgmma instruction the warp
groups issue (wgmma_n), and, where the dot is FMAs (IEEE fp32), the per-thread reads of a K-major
B (fma_kmajor_b_reads).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from perfmodel.dtypes import DTYPES
from perfmodel.layouts import LAYOUTS


@dataclass(frozen=True)
class OperandTraffic:
    """Per k-step and block, arrays over configs."""

    l2_request_bytes: np.ndarray  # bytes the L2 serves, whole lines per request
    gathered_elems: np.ndarray  # elements copied one by one (transposed into K-major, or element-wise 4-byte loads)
    vector_copies: np.ndarray  # 16-byte copies of the operands not copied one by one: BM (or BN) x BK x e / 16
    vector_bytes: np.ndarray  # bytes of the operands neither loaded element by element nor gathered: 16-byte copies


def _rows(k_major: bool, mn, bk, e):
    """(rows, row bytes) of one operand tile: mn = BM (A) or BN (B)."""
    return (mn, bk * e) if k_major else (bk, mn * e)


#: the operands a load class loads element by element
ELEMENTWISE_OPERANDS = {"all": (), "k": ("B",), "n": ("A",), "none": ("A", "B")}


def operand_traffic(problem, bm, bn, bk, line_bytes: int, smem_k_major, copied=(), copied_where=True) -> OperandTraffic:
    """The A and B tiles of a k-step (module doc); `smem_k_major` (arrays): the dot is an
    instruction that reads its operands from shared memory K-major only for TF32/FP8: sm_90's
    wgmma. mma.sync loads its operands into registers first and reads either majorness (the
    H200's TF32 mma.sync configs ran as fast in `nn` as in `nt`: median ratio 1.00 at 4096^3);
    AMD's MFMA does the same, and no timed AMD run says what its transposes cost. `copied`: the
    operands ("A", "B") the pipeline copies one element at a time because their strides are not
    known 16-divisible (4-byte elements: perfmodel.kernels.lowering.pipelines_elementwise),
    whatever the instruction: they count as gathered (module doc), where `copied_where` (arrays:
    the configs that pipeline them, num_stages >= 2)."""
    lay, e = LAYOUTS[problem.layout], problem.in_bytes
    total = np.zeros(np.shape(bm), dtype=float)
    gathered = np.zeros(np.shape(bm), dtype=float)
    vectors = np.zeros(np.shape(bm), dtype=float)
    vector_bytes = np.zeros(np.shape(bm), dtype=float)
    gather = np.asarray(smem_k_major) & DTYPES[problem.dtype].k_major_only
    for name, k_major, mn in (("A", lay.a_k_major, bm), ("B", lay.b_k_major, bn)):
        rows, row_bytes = _rows(k_major, np.asarray(mn, dtype=float), np.asarray(bk, dtype=float), e)
        total += rows * np.ceil(row_bytes / line_bytes) * line_bytes
        one_by_one = ((name in copied) & np.asarray(copied_where)) | (gather & (not k_major))
        gathered += np.where(one_by_one, np.asarray(mn, dtype=float) * bk, 0.0)
        vectors += np.where(one_by_one, 0.0, np.asarray(mn, dtype=float) * bk * e / 16.0)
        by_vector = ~np.asarray(gather & (not k_major)) & (name not in copied)
        vector_bytes += np.where(by_vector, np.asarray(mn, dtype=float) * bk * e, 0.0)
    return OperandTraffic(total, gathered, vectors, vector_bytes)


def reused_line_bytes(problem, load: str, bn, bk, line_bytes: int) -> np.ndarray:
    """Bytes of the lines one block's element-wise B loads re-read through L1 per k-step (module
    doc): BK x (1 + (BN - 1) e / line) x line where B is element-wise and MN-major, else 0."""
    bn, bk = np.asarray(bn, dtype=float), np.asarray(bk, dtype=float)
    if load not in ("k", "none") or LAYOUTS[problem.layout].b_k_major:
        return np.zeros(np.broadcast(bn, bk).shape)
    return bk * (1.0 + (bn - 1.0) * problem.in_bytes / line_bytes) * line_bytes


def elementwise_store_elems(problem, bm, bn) -> np.ndarray | None:
    """C elements one block of a pointer kernel stores one by one: BM x BN where C's row stride N
    is not 16-divisible and C is 16-bit (Triton then cannot prove 16-byte alignment and stores
    each element after a layout conversion through shared memory), else None. Priced at
    calibration elementwise_store_elems_per_s_per_sm (perfmodel.kernels.pipeline.tile_time):
    the same 16-bit nt tiles with N 16-divisible and N - 1 ran 1.04-1.23x slower beside their
    registers' effect, a median 21.8e9 elements/s/SM (h200/cstore_probe.jsonl, 24 pairs;
    validation/fit_cstore.py). Only 16-bit outputs were measured; the split-K kernel's fp32
    partials of a 16-bit problem count too (same stores, same stride)."""
    if problem.c_aligned or problem.out_bytes != 2:
        return None
    return (np.asarray(bm) * np.asarray(bn)).astype(float)


#: BLOCK_K above which the shared K-major B tile costs nothing measurable (module doc)
SHARED_B_MAX_BLOCK_K = 64


def shares_kmajor_b(problem, cfgs, is_wgmma, min_bn, min_bm: int = 128) -> np.ndarray:
    """Where two or more warpgroups (wgmma, 8+ warps) load a K-major B tile in a 16-bit or 8-bit
    dtype, with BLOCK_K <= 64, BLOCK_N >= `min_bn` and BLOCK_M >= `min_bm` (the kernel's: 256 and
    64 for pointer loads, 128 and 128 for TMA; min_bn None: never). At BLOCK_M >= 128 the
    warpgroups split M and each reads the whole B tile; the pointer kernel's 64x256 at 8 warps
    (warpgroups side by side along N, each reading half of B) ran as slow in nt: measured over
    predicted 1.32 against 1.05 in nn (fp16, 278 runs of every committed set) and 1.33 (bf16, 120;
    validation/NOTES.md, session 7). Such
    16-bit k-steps ran slower than with B stored MN-major with identical PTX (module doc); FP8
    (K-major B only) ran 128x256 at 8 warps 1.16-1.30x slower than 256x128 (h200/fp8, grouped
    kernel; TF32 does the opposite, 0.74). The matrix term takes calibration
    shared_kmajor_b_factor there."""
    if min_bn is None or not LAYOUTS[problem.layout].b_k_major or problem.in_bytes > 2:
        return np.zeros(cfgs.size, dtype=bool)
    bm, bn, bk, w = (cfgs[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps"))
    return np.asarray(is_wgmma) & (w // 4 >= 2) & (bm >= min_bm) & (bk <= SHARED_B_MAX_BLOCK_K) & (bn >= min_bn)


def b_kmajor_in_shared(problem, load: str) -> bool:
    """Whether B sits K-major in shared memory: where it is stored K-major (`nt`, `tt`), and where
    the pipeline copies it element by element (load classes "k" and "none", ELEMENTWISE_OPERANDS),
    whatever its layout: Triton's coalescing then lays the copies' lanes along K and the shared tile
    out K-major (order [0, 1], unswizzled), as in `nt` (sm_90 TTGIR of IEEE fp32 64x32x32 at 4
    warps, Triton 3.6.0: `nn` and `tn` in classes "k" and "none", B's tile [0, 1]; class "n" and
    "all", [1, 0]). The FMA dot then reads B as in `nt` (fma_kmajor_b_reads, fma_smem_bytes): what
    the class-"k" k-steps add over class "all"'s grows with resident warps x BLOCK_K, not with
    BLOCK_N (h200/microbench_kstep_fp32.json; validation/fit_fp32_kstep_k.py, session 37)."""
    return LAYOUTS[problem.layout].b_k_major or "B" in ELEMENTWISE_OPERANDS[load]


def fma_kmajor_b_reads(problem, threads, bk, fma: bool, load: str = "all") -> np.ndarray | None:
    """Thread x k reads of B per k-step and block where the dot is FMAs (IEEE fp32) and B sits
    K-major in shared memory (b_kmajor_in_shared: `nt`, `tt`, and B copied element by element):
    threads x BK, else None. The FMA dot's accumulator layout gives each
    thread a 4-column group of B per k (sm_90 TTGIR: sizePerThread [4, 4]); with B K-major in
    shared memory (unswizzled: vec 1, maxPhase 1) those columns are 128-byte rows apart, so the
    reads are not vectors and share banks. They cost per thread and k, not per FMA: IEEE fp32
    `nt` runs read 6.1, 3.5, 2.3 and 1.7x their FMA-rate prediction at 16, 32, 64 and 128
    accumulators per thread (`nn` 1.2-1.3 throughout; h200/layouts and h200/holdout10, BLOCK_K 32).
    Priced at calibration fma_kmajor_b_read_s (perfmodel.kernels.pipeline.kstep_time)."""
    if not fma or not b_kmajor_in_shared(problem, load):
        return None
    return np.asarray(threads, dtype=float) * np.asarray(bk, dtype=float)


#: bytes shared memory serves per pass (wavefront): 32 banks of 4 bytes on NVIDIA since Maxwell
BANK_PASS_BYTES = 128


def fma_thread_tile(bm, bn, w) -> tuple:
    """(rows, cols, lanes_m, lanes_n, spt): the accumulator elements a thread holds along M and N
    where the dot is FMAs, how a warp's 32 lanes split M and N, and the side of the square of
    adjacent elements each thread holds (sizePerThread). Triton's rule (its dot pattern and
    BlockedEncodingAttr::get): sizePerThread [4, 4] at >= 16 elements per thread, [2, 2] at >= 4,
    else [1, 1]; lanes, then warps, along N first, up to BLOCK_N / sizePerThread; the rest along M;
    a thread holds every repeat of its pattern. Matched the TTGIR of 68 of 68 offline sm_90
    compiles of IEEE fp32 tiles (validation/NOTES.md, session 27)."""
    bm, bn, w = (np.asarray(x) for x in (bm, bn, w))
    per = bm * bn // (32 * w)
    spt = np.where(per >= 16, 4, np.where(per >= 4, 2, 1))
    lanes_n = np.minimum(32, np.maximum(bn // spt, 1))
    lanes_m = 32 // lanes_n
    warps_n = np.minimum(w, np.maximum(bn // (spt * lanes_n), 1))
    warps_m = w // warps_n
    rows = np.maximum(bm // (lanes_m * warps_m), spt)
    cols = np.maximum(bn // (lanes_n * warps_n), spt)
    return rows, cols, lanes_m, lanes_n, spt


def fma_smem_bytes(problem, bm, bn, bk, w, e, load: str = "all") -> np.ndarray:
    """Shared-memory traffic of one k-step where the dot is FMAs on 32-lane warps: the A and B
    tiles written once (tile_write_bytes), and the dot's reads counted in wavefronts, the 128 bytes (32 banks x 4
    bytes) shared memory serves per pass. Each thread reads its `rows` of A and `cols` of B four
    elements at a time along K where the operand is K-major, `spt` at a time along M or N where it
    is not (fma_thread_tile): rows x BK / 4 or / spt reads of A, cols x BK / 4 or / spt of B per
    thread and k-step, the count of LDS.128 / LDS.64 in the sm_90 SASS of 368 of 368 offline
    compiles, all four layouts (validation/fma_sass_counts.py; tests/test_fma_dot.py). A warp-wide
    read takes one pass per distinct chunk in the same banks: A K-major (`nn`, `nt`): lanes_m rows BK x 4 bytes apart (the same banks from BLOCK_K 32
    on); B N-major: lanes_n chunks side by side; B K-major: lanes_n columns in the same banks;
    A M-major (`tn`, `tt`): lanes_m chunks side by side. B is K-major where b_kmajor_in_shared
    says (`load`: the load class)."""
    rows, cols, lanes_m, lanes_n, spt = fma_thread_tile(bm, bn, w)
    bk = np.asarray(bk, dtype=float)
    same = np.minimum(1.0, bk / 32.0)  # the share of distinct rows that land in the same banks
    layout = LAYOUTS[problem.layout]
    a_vec = 4.0 if layout.a_k_major else spt
    a_pass = lanes_m * same if layout.a_k_major else lanes_m * a_vec * 4 / BANK_PASS_BYTES
    b_k_major = b_kmajor_in_shared(problem, load)
    b_vec = 4.0 if b_k_major else spt
    b_pass = lanes_n * same if b_k_major else lanes_n * b_vec * 4 / BANK_PASS_BYTES
    passes = rows * bk / a_vec * np.maximum(1.0, a_pass) + cols * bk / b_vec * np.maximum(1.0, b_pass)
    return np.asarray(w) * passes * BANK_PASS_BYTES + tile_write_bytes(bm, bn, bk, e)


def warp_grid(bm, w, is_wgmma):
    """(wm, wn): how a tile's warp groups (wgmma: 4 warps own 64 rows) or warps (mma.sync, MFMA:
    16 rows) split it, along M first (Triton's layouts), the rest along N."""
    units = np.where(is_wgmma, np.maximum(w // 4, 1), w)
    wm = np.minimum(units, np.maximum(bm // np.where(is_wgmma, 64, 16), 1))
    return wm, np.maximum(units // wm, 1)


def tile_write_bytes(bm, bn, bk, e):
    """Shared-memory bytes one k-step writes: the A and B tiles, once."""
    return (np.asarray(bm) + np.asarray(bn)) * bk * e


def smem_bytes_per_kstep(bm, bn, bk, w, e, is_wgmma):
    """Shared-memory traffic of one k-step: the A and B tiles written once (tile_write_bytes), and
    read by every warp group or warp that needs them (warp_grid: wm x wn of them)."""
    wm, wn = warp_grid(bm, w, is_wgmma)
    reads = (wn * bm + wm * bn) * bk * e
    return (reads + tile_write_bytes(bm, bn, bk, e)).astype(float)


def wgmma_n(bm, bn, w):
    """N of the wgmma instruction a config's warpgroups issue: BLOCK_N over the warpgroups that
    split N (warp_grid)."""
    return bn // warp_grid(bm, w, True)[1]
