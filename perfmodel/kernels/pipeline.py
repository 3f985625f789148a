"""The software-pipelined main loop of a tiled GEMM: one k-step, one tile, on arrays of configs.

A k-step is what one block (workgroup) does per BLOCK_K slice: load an A and a B tile, issue
the dot. While b blocks share an SM, one k-step of one block takes (all arrays):

    matrix path, throughput-bound (wgmma, MFMA, MMAC):  t_mma = b F / (R_sm g),
          F = 2 BM BN BK,  R_sm = ops_per_clock_per_sm x clock_max_hz x matrix_efficiency,
          g = clock_gain(active SMs): 1 when every SM is busy, more when fewer are
    synchronous mma (mma.sync: NVIDIA tiles that do not use wgmma), per warp:
          t_mma = max(t_warp0 + (F/w) / R_warp,  ceil(b w / simds) (F/w) / R_warp,  b F / R_sm),
          / eta where a TF32 block is alone on its SM (class "all": step.lone, perfmodel.kernels.tiled.lone_step)
    vector path (no matrix instruction for the dtype):  t_mma = b F / (R_vec s(b w)) + b r t_r,
                    s = m / c [B K-major or load class "all"] min(1, c / h)^q, m = b w / simds,
                    c = max(1, ceil(m)) the busiest scheduler's warps (max(1, m) where B is read K-major)
                    (perfmodel.kernels.fma.vector_issue_share): a warp issues on one of the SM's simds_per_sm schedulers,
                    which needs h warps to hide the dot's shared reads; the FMA dot's
                    reads of a K-major B (r = threads x BK per k-step, t_r = fma_kmajor_b_read_s;
                    perfmodel.kernels.operands.fma_kmajor_b_reads), issued beside the FMAs
    instruction latency (where the spec gives one, e.g. BW's MMAC):  t_mma >= BK / k_inst x latency
    shared memory:  t_mma >= b x (A, B written once + read per warp group / warp) / smem bandwidth;
                    FMA dot with B K-major: max of the two + fma_smem_leak x the shorter
                    (perfmodel.kernels.fma.shared_memory_bound)
    L2 -> SM:       t_l2  = b x the tiles' L2 request bytes (whole lines: perfmodel.kernels.operands)
                            / (L2 bandwidth / active SMs, <= s x the even share: l2_per_sm),
                    or b x gathered / R_g(b) + b x v x vectors / R_g if that is longer: the
                    elements of an MN-major TF32/FP8 operand transposed into shared memory one by
                    one, and of a 4-byte operand loaded element by element (pipelined all the same:
                    perfmodel.kernels.lowering.pipelines_elementwise; perfmodel.kernels.operands);
                    R_g(b) = R_g (b / 2)^a (gather_rate, a = gather_blocks_exponent; a lone block
                    whose A is copied one by one, R_g s1, s1 = lone_copy_share): each block
                    keeps its own copies in flight, so the SM copies faster with more blocks
                    resident (read sets, TF32 class "none" near-best runs, measured / predicted
                    at a = 0: 1.10-1.30 at one block, 0.93-1.00 at two, 0.80-0.95 at three and
                    more; a chosen on the read sets' top-1: validation/NOTES.md, session 21);
                    vectors: where one operand is copied element by element (load class "k" or
                    "n"), the other's 16-byte copies, which pass the same way (vector_copy_time);
                    gathered x u where both operands are K-major and the dot is wgmma (`nt`: nothing
                    transposed; u = kmajor_copy_weight, perfmodel.kernels.tiled.kmajor_copy_weight)
    latency:        t_lat = L / depth,  depth = num_stages - 1 (pipelined loads), 1 (element-wise)
    load class "all" (both operands in vectors through the async-copy pipeline):
                    t_k = max(t_mma, t_l2, t_lat) + leak x (the other two) + c_k
                    (overlap is imperfect: a fraction of the hidden terms leaks through)
    load class "none" (every element its own scalar load: e_thr per thread, e_blk per block):
                    t_k = max(a_s + e_thr t_e, b e_blk / R_s, t_mma) + c_k
    load class "k" / "n" (only K or only N 16-divisible: one operand in vectors, the other
                    element-wise): the "none" form with e_* counting that operand alone, and
                    t_l2 joins the max; for "k" the load term x mixed_k_load_factor (B element
                    by element ran slower than the unaligned class's rates on the mixed-alignment
                    one-wave k-steps, validation/fit_mixed_kstep.py)
    L1 (NVIDIA): where B is loaded element by element and stored MN-major, each thread re-reads
                    its lines through L1 (perfmodel.kernels.operands.reused_line_bytes); once b
                    blocks' lines outgrow r0 x the L1 the carve-out leaves (perfmodel.arch.carveout)
                    the load term (the gathered term where the copies are pipelined)
                    x (b x lines / (r0 L1))^h (l1_thrash_ratio r0, _exponent h:
                    validation/fit_l1_thrash.py on forced carve-outs, carveout_probe.jsonl)
    num_stages = 1 prefetches nothing: t_k = t_lat + max(t_mma, t_l2) (pipelined loads),
                    t_lat + t_mma (element-wise), where more stages overlap the two
    spills:         + b x threads x spilled_regs x t_spill, the spilled registers the main loop
                    touches (perfmodel.kernels.spills: x fma_kmajor_spill_factor where the FMA dot
                    reads B K-major on the grouped kernel's aligned tiles; the others once a tile)
    measured tile factor (perfmodel.kernels.tile_factors): t_k x f[dtype class][tile], where the
                    device's calibration has one for the kernel (1 elsewhere)
    warpgroups sharing a K-major 16-bit or FP8 B tile (perfmodel.kernels.operands.shares_kmajor_b):
                    t_mma x shared_kmajor_b_factor (measured, not explained)
    wgmma instruction shape: t_mma (shared memory included) x (256 / N)^g, N the instruction's
                    (operands.wgmma_n: warpgroups take 64 rows each, the rest of them split N), g =
                    wgmma_n_exponent: mirrored tiles with the narrower instruction ran 6-17%
                    slower (validation/fit_wgmma_n.py); the H200's g is set below that, where it
                    orders mirrored tiles and moves no pick

A tile: T(b) = (n_k + c BM BN out_bytes / 64 KiB) t_k(b) + s_L L (prologue) + s_L L
                + b BM BN out_bytes / (L2 bw / active SMs) (epilogue)
                + (num_stages - 1) x w x b x gathered / R_g(b)   (w = past_copy_weight in the
                                           element-wise classes, 1 in "all")
                + (num_stages - 1) x b x v x vector copies / R_el   (16-bit loads "k" and "n")
                + [b = 1] min(top, t_el)   (element-wise loads through registers: first_step_time)
                + b x BM BN / R_st         (C stored element by element: elementwise_store_time)
                + b x threads x spills outside the loop x t_spill   (tile_spill_time)
                + min(depth, n_k) x (t_k(u = 1) - t_k(u))   (the prologue's copies: prologue_copies_time)
The copies past the end (third line): the pipeline issues the copies of num_stages - 1 k-steps past the loop's end (the
prologue's, and the loop's last iterations'), masked by a source size of 0 rather than skipped
(offline sm_90 compile: every cp.async takes `selp 4, 0` as its source size, none is guarded),
so one-by-one copies, whose cost is per instruction rather than per byte, cost there too: in the
element-wise classes w = past_copy_weight of a copy that loads (the read sets' TF32 class-none
tiles of one k-step, the same tile one stage apart: a median 0.125 of the k-step's copy term per
stage; session 21), a whole one in class "all" (TF32 nn's transposing gather, not measured apart).
s_L (latency_share): 1 / b where an element-wise class's copies bind the k-step, so the other
blocks' copies keep the SM busy through a block's prologue and epilogue, 1 elsewhere (the same
tiles ran 0.9-1.2x their copy term per wave at two stages, where the model had 2.5-3.2x).
16-byte vector copies of nothing cost no L2 traffic; where every load is pipelined
(class "all") they are left out, but where the other operand loads element by element through
registers (16-bit load classes "k" and "n": the pointer kernels' vector operand is still
multi-buffered, so each num_stages compiles to its own kernel) each costs v = vector_copy_weight of
an element-wise load, at R_el = scalar_load_elems_per_s_per_sm. The 16-bit class-"n" runs of the
read sets, one tile at 2 and 4 stages near the best (182 pairs), took a median 0.087 ns per SM per
such copy (0.108 at one k-step, 0.083 at 2-4); v / R_el = 0.084 ns. Without the term those stage
counts tied exactly (39 of the 47 ties at the top among distinct kernels, session 19); in class
"k" the same pairs ran faster with more stages (A's copies hide latency the model does not give
them), so there the term only orders configs the model otherwise ties (validation/NOTES.md,
session 20).
The term after it: a k-step's element-wise loads (not prefetched) overlap the previous k-step's
dot, or another resident block's work, but the first k-step of a block alone on its SM has
neither, so there it is top + t_el where the k-step formula has max(top, t_el). On the read sets,
near the best, 16-bit class "n" configs with one block per SM and at most 4 k-steps ran 1.17x
their prediction without it (1.07x with it; 1.02x where b >= 2); left one set out over
holdout14-23 (tile factors refitted each time), top-1 0.9353 -> 0.9379 (session 12).

The store term: a pointer kernel whose C row stride N is not 16-divisible stores C one element
at a time after a layout conversion (16-bit C: perfmodel.kernels.operands.elementwise_store_elems),
at R_st = calibration elementwise_store_elems_per_s_per_sm, and the compiles of that store
allocate more registers (in nt the loads are class "all" while the store is not: the register
table's nt class "k"), whose extra spills are the epilogue's, paid once per tile (tile_spill_time). The C-store
probe (h200/cstore_probe.jsonl: the same nt tiles at N and N - 1) ran N - 1 1.04-2.68x slower;
the model without either said 1.00 (session 13: validation/fit_cstore.py, R_st = 22.5e9).

The tile's overhead in k-steps, c BM BN out_bytes / 64 KiB (c = calibration tile_overhead_ksteps):
near the best, 16-bit aligned tiles ran over their prediction in proportion to their C tile over
their k-steps (ln(measured / predicted) against BM BN / 32768 / n_k: slope 0.53 over 10,351 read-set
runs; 256x128x64_w8_s4 1.44-1.55x at 1-3 k-steps, 1.04-1.11x at 9-32): the prologue's ramp and the
epilogue's pass of C through shared memory cost a block about half a k-step per 64 KiB of C
more than the terms above. Chosen on the read hold-outs (validation/NOTES.md: 0.25 in session 14,
0.5 in session 15 once the memory share counted the whole tile, perfmodel.kernels.tiled); 0 where
a device has not measured it.

Vector copies beside element-wise ones (v = calibration vector_copy_weight): in TF32 class "k" (B copied element by
element, A in 16-byte vectors) measured over predicted rose with BM / BN among the near-best wgmma configs whose copy
term binds (read sets holdout20-32: 0.83 at BM/BN 0.25-0.5, 0.78 at 1, 1.02 at 4, 1.23 at 8): 16384x397x2048's
256x32x32_w4_s3 ran 0.322 ms against 0.218 predicted while 256x128x32_w8_s4 ran 0.229 against 0.239, the same B
elements per C element per SM but twice the A copies. Counting each A copy at v = 0.5 of an element flattens it
(0.71-0.82 at every BM / BN); chosen of 0.25-1 on the read sets (validation/NOTES.md, session 15). The transposing
gather of aligned TF32 nn (class "all") shows no such cost and takes none; nor do the copies past the loop's end.

The constants are the device's (perfmodel.kernels.params.TimingParams, from its calibration block or transferred
by perfmodel.hardware.transfer); validation/calibrate.py derives the H200's from microbenchmarks by calling these
same functions. Validated end to end by `perfmodel validate` (tests/test_timing.py).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from perfmodel.kernels.fma import busiest_scheduler_warps, fma_dot_time, shared_memory_bound
from perfmodel.kernels.params import TimingParams
from perfmodel.kernels.spills import kstep_spill_time, tile_spill_time

#: the C-tile bytes calibration tile_overhead_ksteps is counted per (64 KiB: a 256x128 fp16 tile)
TILE_OVERHEAD_BYTES = 65536.0

#: the blocks per SM at which R_g (calibration gather_elems_per_s_per_sm) is the one-by-one copy rate
#: (gather_rate: other block counts scale it by (b / 2)^gather_blocks_exponent)
GATHER_REFERENCE_BLOCKS = 2.0

#: the load classes whose lone blocks copy at calibration lone_copy_share (gather_rate): A copied one by
#: one, as measured (h200/microbench_tf32_none_copies.json); "k" (B alone) and "all" were not measured
LONE_COPY_CLASSES = ("n", "none")

@dataclass(frozen=True)
class KStep:
    """One k-step of one block, for arrays of configs: what the k-step formulas need.

    flops        2 BM BN BK
    l2_bytes     the tiles' L2 requests in bytes, whole lines (perfmodel.kernels.operands)
    gathered     elements copied into shared memory one by one: TF32/FP8 operands stored MN-major
                 (transposed), 4-byte operands loaded element by element
    vector_copies    16-byte copies of the other operand where one is copied element by element
                 (4-byte dtypes, load class "k" or "n", pipelined; 0 elsewhere)
    smem_bytes   shared-memory traffic (operands.smem_bytes_per_kstep)
    warps        num_warps;  threads = warps x warp size
    sync_mma     the dot is NVIDIA mma.sync (issued per warp), not a throughput-bound unit
    depth        loads in flight ahead of the math: num_stages - 1 where pipelined, else 1
    load         load class: "all", "k", "n" or "none" (perfmodel.problem.ALIGNMENTS)
    pipelined    per config, every load goes through the pipeline (load "all"; 4-byte element-wise
                 loads at num_stages >= 2); elsewhere the element-wise terms apply
    elems_per_thread / elems_per_block   elements loaded one by one (0 for load "all")
    spilled      spilled registers per thread
    serial       num_stages == 1: nothing is prefetched
    k_chain      dependent matrix instructions per accumulator: BK / instruction K
    shared_kmajor_b   warpgroups share a K-major 16-bit B tile: the matrix term x shared_kmajor_b_factor
    """

    flops: np.ndarray
    l2_bytes: np.ndarray
    gathered: np.ndarray
    smem_bytes: np.ndarray
    warps: np.ndarray
    threads: np.ndarray
    sync_mma: np.ndarray
    depth: np.ndarray
    load: str
    elems_per_thread: np.ndarray
    elems_per_block: np.ndarray
    spilled: np.ndarray
    serial: np.ndarray
    k_chain: np.ndarray
    pipelined: np.ndarray
    shared_kmajor_b: np.ndarray | None = None  # warpgroups share a K-major B tile (operands.shares_kmajor_b)
    mma_n: np.ndarray | None = None  # N of one wgmma instruction (0 where the dot is not wgmma)
    tile_factor: np.ndarray | None = None  # the device's measured factor of each tile (perfmodel.kernels.tile_factors)
    reused_bytes: np.ndarray | None = None  # lines element-wise loads re-read through L1, per block (operands.reused_line_bytes)
    l1_bytes: np.ndarray | None = None  # L1 beside the kernel's shared memory per SM (perfmodel.arch.carveout)
    tile_spilled: np.ndarray | None = None  # spilled registers outside the main loop: paid once per tile (tile_spill_time)
    store_elems: np.ndarray | None = None  # C elements a block stores one by one (operands.elementwise_store_elems)
    vector_copies: np.ndarray | None = None  # 16-byte copies beside element-wise ones (vector_copy_time)
    lone: np.ndarray | None = None  # a lone TF32 mma.sync block: its dot at 1 / lone_block_dot_rate (tiled.lone_step)
    past_vector_copies: np.ndarray | None = None  # 16-byte copies issued past the loop's end where the other operand loads through registers, per tile (past_copies_time)
    fma_b_reads: np.ndarray | None = None  # thread x k reads of a K-major B by the FMA dot, per block (operands.fma_kmajor_b_reads)
    kmajor_spills_measured: bool = False  # the kernel's spills under fma_b_reads cost x fma_kmajor_spill_factor (spills.kstep_spill_time)
    copy_weight: np.ndarray | None = None  # u per config: one-by-one copies K-major to K-major (`nt` wgmma), in gathered copies


def _max(*xs):
    out = np.asarray(xs[0], dtype=float)
    for x in xs[1:]:
        out = np.maximum(out, x)
    return out


def l2_per_sm(p: TimingParams, active_sms) -> np.ndarray:
    """L2 bandwidth one SM gets: its share of the aggregate among the active SMs, at most
    s x the all-SMs share (s = calibration l2_sm_share_ratio: what one SM pulls alone).

    Measured on the H200 (validation/l2_share_probe.py, h200/l2_share_probe.jsonl): programs
    spread one per SM, each re-reading its own L2-resident slice with 16-byte ld.global.cg, read
    230 GB/s per SM at 32 warps with 1-8 SMs busy (1.83x the 125 GB/s all-SMs share of the GEMM
    rate; 206 GB/s at 16), and the aggregate of distinct slices levelled at 8.3-8.8 TB/s from 99
    SMs on. A loop like the grouped kernel's (cp.async, tl.dot) over L2-resident operands, one
    block per SM, pulled 58-120 GB/s, the same from 1 to 66 busy SMs: a lone block is held by its
    pipeline's latency (the latency term) long before the SM's port, so the cap binds where several
    blocks share an SM."""
    share = p.l2_bw_bytes_per_s / np.maximum(active_sms, 1)
    return np.minimum(share, p.l2_sm_share_ratio * p.l2_bw_bytes_per_s / p.sms)


def clock_gain(p: TimingParams, active_sms) -> np.ndarray:
    """How much faster an SM's matrix unit runs while only `active_sms` SMs are busy: the clock
    is power-limited when all are (matrix_efficiency was measured so) and rises toward its
    maximum as fewer are, gain = min(G, (SMs / active) ** alpha), G = clock_max / clock under
    load. Fitted on partial-wave long-K GEMMs (calibration `partial` rows: 4-132 tiles; on the
    H200 their k-steps ran up to 1.24x faster than one full wave's)."""
    return np.minimum(p.partial_clock_gain, (p.sms / np.maximum(active_sms, 1)) ** p.partial_clock_exponent)


@dataclass(frozen=True)
class KStepTime:
    total: np.ndarray  # t_k
    mma: np.ndarray  # matrix (or vector) term, shared memory and instruction latency included
    l2: np.ndarray
    latency: np.ndarray  # pipelined latency / depth, or the element-wise loads
    gather: np.ndarray  # the one-by-one copies alone: b x gathered / R_g (x the L1 factor)
    vectors: np.ndarray  # the other operand's 16-byte copies beside them (vector_copy_time)
    l1_factor: np.ndarray  # what L1 multiplied the element-wise loads or copies by (l1_thrash; 1 where nothing is re-read)
    exposed: np.ndarray  # what the first k-step's element-wise loads add where nothing else hides them (first_step_time)
    prologue_extra: np.ndarray | float = 0.0  # t_k(u = 1) - t_k(u) where copies take step.copy_weight (prologue_copies_time)


def kstep_time(p: TimingParams, step: KStep, *, blocks, active_sms=None, clock_sms=None) -> KStepTime:
    """Seconds for one k-step of one block while `blocks` blocks share the SM and `active_sms`
    SMs are busy (module doc); `clock_sms`: the busy SMs the clock has settled to (default the
    same)."""
    b = np.asarray(blocks, dtype=float)
    F = step.flops
    active = p.sms if active_sms is None else active_sms
    if p.matrix_ops_per_s_per_sm is not None:
        t_tp = b * F / (p.matrix_ops_per_s_per_sm * clock_gain(p, active if clock_sms is None else clock_sms))
        fw = F / step.warps
        t_sync = _max(p.warp_mma_step_s + fw / p.warp_mma_ops_per_s,
                      busiest_scheduler_warps(p, b * step.warps) * fw / p.warp_mma_ops_per_s, t_tp)
        t_mma = np.where(step.sync_mma, t_sync, t_tp)
    else:
        t_mma = fma_dot_time(p, step, b)
    # loads into shared memory: L2 requests, or the gathered elements where those take longer
    # (element-wise copies re-read their lines through L1 like the scalar loads: l1_thrash)
    l1 = l1_thrash(p, step, b)
    pipe = step.pipelined
    gathered = step.gathered if step.copy_weight is None else step.gathered * step.copy_weight
    t_gather = b * gathered / gather_rate(p, b, step.load) * np.where(pipe, l1, 1.0)
    t_vectors = vector_copy_time(p, step, b)
    t_l2 = np.maximum(b * step.l2_bytes / l2_per_sm(p, active), t_gather + t_vectors)
    t_lat = p.pipeline_latency_s / step.depth
    if step.shared_kmajor_b is not None:  # measured, not explained (perfmodel.kernels.operands)
        t_mma = np.where(step.shared_kmajor_b, t_mma * p.shared_kmajor_b_factor, t_mma)
    t_mma = shared_memory_bound(p, step, t_mma, b * step.smem_bytes / p.smem_bytes_per_s_per_sm)
    if step.mma_n is not None:  # narrower wgmma instructions, more of them per FLOP: slower as measured
        t_mma = np.where(step.mma_n > 0, t_mma * (256.0 / np.maximum(step.mma_n, 1)) ** p.wgmma_n_exponent, t_mma)
    if p.matrix_latency_s > 0:  # a k-step is a chain of BK / k dependent matrix instructions per accumulator
        t_mma = np.maximum(t_mma, np.ceil(step.k_chain) * p.matrix_latency_s)
    if step.lone is not None:  # a block alone on its SM, measured slower than its terms (tiled.lone_step)
        t_mma = np.where(step.lone, t_mma / p.lone_block_dot_rate, t_mma)
    top = _max(t_mma, t_l2, t_lat)
    t_k = top + p.overlap_leak * (t_mma + t_l2 + t_lat - top)
    t_k = np.where(step.serial, t_lat + _max(t_mma, t_l2), t_k)
    exposed = np.zeros(np.shape(t_k))
    if step.load != "all" and not np.all(pipe):  # element-wise loads through registers
        t_el = np.maximum(p.scalar_load_fixed_s + step.elems_per_thread * p.scalar_load_s_per_elem,
                          b * step.elems_per_block / p.scalar_load_elems_per_s_per_sm)
        if step.load == "k":  # B element by element: slower than the unaligned class's rates
            t_el = t_el * p.mixed_k_load_factor
        t_el = t_el * l1
        t_top = np.maximum(t_mma, t_l2) if step.load in ("k", "n") else t_mma
        t_k = np.where(pipe, t_k, np.where(step.serial, t_el + t_top, np.maximum(t_top, t_el)))
        t_lat = np.where(pipe, t_lat, t_el)
        exposed = np.where(pipe | step.serial, 0.0, np.minimum(t_top, t_el))
    t_k = t_k + p.kstep_overhead_s + kstep_spill_time(p, step, b)
    if step.tile_factor is not None:  # what the formulas leave out for this tile, as measured
        t_k = t_k * step.tile_factor
    return KStepTime(t_k, t_mma, t_l2, t_lat, t_gather, t_vectors, l1, exposed)


def gather_rate(p: TimingParams, blocks, load: str = "all") -> np.ndarray:
    """Elements an SM copies one by one per second while `blocks` blocks are resident (module doc):
    R_g x (b / GATHER_REFERENCE_BLOCKS)^a, a = calibration gather_blocks_exponent; a block alone on
    its SM whose A is copied one by one (load classes "n" and "none") at R_g x s1 instead, s1 =
    calibration lone_copy_share (0: the power's). Measured on the H200 (validation/fit_lone_copy.py on
    h200/microbench_tf32_none_copies.json: 39 TF32 tiles with room for two or more blocks, one wave at one
    and at two tiles per SM): t(1 tile) / t(2 tiles) ran 0.61-0.94 at two stages and 0.51-0.76 at three
    where R_g (1/2)^a said 0.56-0.65 on all but two; mean |ln error| 0.185 at (1/2)^a, 0.133 at s1 = 0.7.
    A lone block keeps fewer copies in flight than the SM serves (copies of the lone tiles, `nt`: about
    5 G elements/s at two stages, whatever the warps; 9-11 with two or three blocks)."""
    b = np.maximum(np.asarray(blocks, dtype=float), 1.0)
    rate = p.gather_elems_per_s_per_sm * (b / GATHER_REFERENCE_BLOCKS) ** p.gather_blocks_exponent
    if p.lone_copy_share > 0 and load in LONE_COPY_CLASSES:
        rate = np.where(b < 2, p.gather_elems_per_s_per_sm * p.lone_copy_share, rate)
    return rate


def vector_copy_time(p: TimingParams, step: KStep, blocks) -> np.ndarray:
    """What the other operand's 16-byte copies add to a k-step that copies one operand element by
    element (module doc): b x v x vector copies / R_g, v = calibration vector_copy_weight."""
    if step.vector_copies is None or p.vector_copy_weight == 0:
        return np.zeros(np.broadcast(blocks, step.warps).shape)
    return blocks * p.vector_copy_weight * step.vector_copies / p.gather_elems_per_s_per_sm


def l1_thrash(p: TimingParams, step: KStep, blocks) -> np.ndarray:
    """What the element-wise loads' lines cost once the resident blocks' lines outgrow L1:
    max(1, b x reused bytes / (r0 x L1))^h (module doc); 1 where nothing is re-read or the
    device has no carve-out."""
    if step.reused_bytes is None or step.l1_bytes is None:
        return np.ones(np.shape(blocks))
    over = blocks * step.reused_bytes / (p.l1_thrash_ratio * np.maximum(step.l1_bytes, 1.0))
    return np.maximum(over, 1.0) ** p.l1_thrash_exponent


def tile_time(p: TimingParams, step: KStep, *, blocks, active_sms, k_steps, epilogue_bytes, clock_sms=None):
    """(T, k-step time) of one tile: k_steps k-steps, the prologue's latency, the copies issued
    for the num_stages - 1 k-steps past the end (module doc), and the epilogue (latency plus
    `epilogue_bytes` per block, BM BN x output bytes, written through L2)."""
    ks = kstep_time(p, step, blocks=blocks, active_sms=active_sms, clock_sms=clock_sms)
    if step.copy_weight is not None:  # the prologue's copies at the full cost: what one such k-step adds
        full = kstep_time(p, dataclasses.replace(step, copy_weight=None), blocks=blocks, active_sms=active_sms,
                          clock_sms=clock_sms)
        ks = dataclasses.replace(ks, prologue_extra=full.total - ks.total)
    b = np.asarray(blocks, dtype=float)
    lat = p.pipeline_latency_s * latency_share(step, ks, b)  # the prologue's and the epilogue's
    t_epi = (lat + b * epilogue_bytes / l2_per_sm(p, active_sms) + elementwise_store_time(p, step, b)
             + tile_spill_time(p, step, b))
    steps = k_steps + overhead_ksteps(p, epilogue_bytes)
    return (steps * ks.total + past_copies_time(p, step, ks, b) + first_step_time(ks, b)
            + prologue_copies_time(step, ks, k_steps) + lat + t_epi), ks


def prologue_copies_time(step: KStep, ks: KStepTime, k_steps) -> np.ndarray:
    """What the prologue's one-by-one copies add where the loop's go at the K-major weight u
    (step.copy_weight, calibration kmajor_copy_weight; module doc): the first min(depth, n_k) k-steps,
    whose copies the prologue issues before any math can overlap them, at the full gathered cost:
    min(depth, n_k) x (t_k(u = 1) - t_k(u)) (ks.prologue_extra, from tile_time); 0 where no config has a
    weight."""
    return np.minimum(step.depth, k_steps) * ks.prologue_extra


def latency_share(step: KStep, ks: KStepTime, blocks) -> np.ndarray:
    """The share of a tile's prologue and epilogue latency that costs time (module doc): 1 / b where
    an element-wise class's one-by-one copies bind its k-step (the other b - 1 blocks' copies keep
    the SM busy meanwhile), 1 elsewhere."""
    b = np.maximum(np.asarray(blocks, dtype=float), 1.0)
    if step.load == "all":
        return np.ones(np.shape(b))
    copies_bind = (ks.gather > 0) & (ks.gather >= np.maximum(ks.mma, ks.latency))
    return np.where(copies_bind, 1.0 / b, 1.0)


def overhead_ksteps(p: TimingParams, epilogue_bytes) -> np.ndarray:
    """The k-steps a tile costs beyond its own (module doc): c x its C tile's bytes / 64 KiB."""
    return p.tile_overhead_ksteps * np.asarray(epilogue_bytes, dtype=float) / TILE_OVERHEAD_BYTES


def elementwise_store_time(p: TimingParams, step: KStep, blocks) -> np.ndarray:
    """What a tile's epilogue adds where it stores C element by element (module doc): b x the
    block's element-wise C elements / calibration elementwise_store_elems_per_s_per_sm."""
    b = np.asarray(blocks, dtype=float)
    if step.store_elems is None:
        return np.zeros(np.broadcast(b, step.warps).shape)
    return b * step.store_elems / p.store_elems_per_s_per_sm


def first_step_time(ks: KStepTime, blocks) -> np.ndarray:
    """What a tile's first k-step adds where its block is alone on the SM: its element-wise loads
    (through registers, not prefetched) must land before its dot can start, so the k-step's
    max(top, loads) is top + loads there, min(top, loads) more. Later k-steps overlap the last
    one's dot (wgmma is asynchronous); with b >= 2 blocks resident the others' work fills it."""
    return np.where(np.asarray(blocks) == 1, ks.exposed, 0.0)


def past_copies_time(p: TimingParams, step: KStep, ks: KStepTime, blocks) -> np.ndarray:
    """The copies the pipeline issues for the num_stages - 1 k-steps past the loop's end (module
    doc): (num_stages - 1) x the k-step's one-by-one copy time, where the loads are pipelined (x w =
    calibration past_copy_weight in the element-wise classes "k", "n" and "none"), plus
    where the other operand loads element by element through registers, the 16-byte copies past
    the end, each at v of an element-wise load: b x v x copies / calibration
    scalar_load_elems_per_s_per_sm (v = calibration vector_copy_weight)."""
    past = np.where(step.pipelined & ~np.asarray(step.serial), step.depth, 0.0)
    if step.load != "all":  # element-wise copies past the end are masked: w of a copy that loads
        past = past * p.past_copy_weight
    if step.past_vector_copies is None:
        return past * ks.gather
    copies = np.asarray(blocks, dtype=float) * p.vector_copy_weight * step.past_vector_copies
    return past * ks.gather + copies / p.scalar_load_elems_per_s_per_sm
