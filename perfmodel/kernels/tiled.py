"""Predicted time of a tiled GEMM kernel whose programs walk K through a pipelined main loop
(the grouped, split-K and TMA kernels all do), term by term, on arrays of configs.

Follow one config from its resources to its time:

1. Residency b (perfmodel.arch.occupancy, run by perfmodel.kernels.evaluate).
2. Work: programs P = ceil(M/BM) x ceil(N/BN) x SPLIT_K, each walking n_k = ceil(K / (BK x SPLIT_K))
   k-steps (perfmodel.kernels.pipeline: one k-step, one tile).
3. Waves: full = floor(P / (SMs b)), the last partial wave runs with ceil(rest / SMs) blocks per SM:
      t_waves = full T(b) + [rest > 0] T(b_tail)
4. Memory: t_dram = DRAM bytes / the DRAM rate a GEMM's tile loads sustain, DRAM bytes under
   the grouped tile order and the effective L2 (perfmodel.kernels.traffic). The memory share
   s of a tile (below) is the part of the waves that waits on loads; when DRAM is busy those
   loads wait longer, so the two combine:
      t_mem  = ((s t_waves)^q + t_dram^q)^(1/q) + leak (1 - s) t_waves
      t_main = max((t_waves^r + t_dram^r)^(1/r), t_mem)
   (q = memory_overlap_exponent, fitted on memory-bound GEMMs of the calibration's `stream`
   rows; q = inf is the plain max(t_waves, t_dram); a compute-bound k-step, s small, keeps
   its own time.) Memory-bound configs get distinct times, ordered by what they keep in flight.
   B's DRAM bytes are charged for their contiguous runs: x max(1, (1 + c / run) / (1 + c / run_ref)),
   run = the bytes one row of a B tile reads in a row (BLOCK_K elements where B is K-major, `nt`;
   BLOCK_N in `nn`; at most the matrix's row), c = calibration dram_run_overhead_bytes, run_ref =
   dram_run_reference_bytes, the run the DRAM rate was read at (dram_run_factor). The calibration's
   stream rows at four programs per SM streamed B at 3.50, 4.13, 4.39 and 4.52 TB/s with runs of 64,
   128, 256 and 512 bytes: c = 22 bytes (22.5 fitted, whole bytes; validation/fit_dram_run.py);
   decode-sized `nt` shapes' near-best grouped runs read measured / predicted 1.28-1.30 at BLOCK_K
   32 against 1.07-1.15 at 64-128, where `nn`'s did not step with BLOCK_K (validation/NOTES.md,
   session 31).
   s is the tile's share (tile_share): a tile also waits on memory outside its k-steps (the
   prologue's loads, the epilogue's latency and C store), so of its time T only its k-steps'
   non-waiting part is not waiting:  s = 1 - (n_k + overhead) t_k (1 - s_k) / T,  s_k the
   k-step's share. With the k-step's own s_k the short-K tiles, whose prologue and epilogue are
   most of T, counted none of that. The part that does not wait overlaps the DRAM time
   imperfectly, as a k-step's terms do: leak (1 - s) t_waves of it shows through (leak =
   calibration overlap_leak, the k-step's). Without that term configs that differ only in what
   does not wait (warps, stages) tie exactly where DRAM decides (validation/NOTES.md, session 15:
   read sets +0.090 and fitted sets +0.028 of top-1 with the tile overhead re-chosen at 0.5).
   The waves themselves slow before DRAM is the longer: r = compute_dram_exponent (inf: the
   plain max). The same tile with GROUP_M 1 against 8 (13,681 pairs in the sets the tile factors
   are fitted on) ran 1.14x slower at the median where its DRAM time was 0.5-0.8 of its waves',
   1.03x at 0.3-0.5, where the plain max said 1.000; r = 2.5 says 1.09 and 1.02, and is the grid
   value (1.5-6, inf) with the least error over those pairs (validation/fit_group_order.py: mean
   |ln error| of the ratio 0.0667 against 0.0720 at inf). Judged on holdout42 (0.962 -> 0.972,
   with the staged tile factors from 5%; validation/NOTES.md, session 18).
5. Total: t_main (x the kernel's main factor: split-K's under one wave of tiles, perfmodel.kernels.
   splitk.model) + launch + the kernel's extra (split-K: the reduction kernel), never below the
   roofline floor (perfmodel.arch.roofline); for the TMA kernels combined with the host's time
   for one eager launch of a kernel taking host tensor descriptors (calibration
   descriptor_launch_s: Triton 3.6.0's launcher encodes them per launch; a CUDA graph would not
   pay it) as a soft floor, ((total)^q + floor^q)^(1/q), q = HOST_FLOOR_SHARPNESS.
6. Bound: "dram" where t_dram >= s t_waves and t_mem > t_waves; where launch and extra are over
   half the total, "reduction" if the extra kernel (split-K's) is the larger of the two, else
   "launch"; otherwise the largest k-step term ("compute", "l2" or "latency").

No recorded timing of a validation run is read at prediction time.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from perfmodel.kernels.base import ConfigArrays, LoopRules, Resources, by_tile, take_rows
from perfmodel.arch.carveout import l1_bytes
from perfmodel.kernels.lowering import prefers_shared
from perfmodel.kernels.operands import (ELEMENTWISE_OPERANDS, elementwise_store_elems, fma_kmajor_b_reads, fma_smem_bytes,
                                        operand_traffic, reused_line_bytes, shares_kmajor_b, smem_bytes_per_kstep, wgmma_n)
from perfmodel.kernels.pipeline import (KStep, elementwise_store_time, first_step_time, overhead_ksteps, past_copies_time,
                                        prologue_copies_time, tile_time)
from perfmodel.kernels.spills import kstep_spill_time, tile_spill_time
from perfmodel.kernels.tile_factors import FITTED_STAGES, tile_factors
from perfmodel.kernels.traffic import traffic_arrays
from perfmodel.layouts import LAYOUTS

BOUNDS = ("compute", "l2", "latency", "dram", "launch", "reduction")

#: q of the soft host floor ((t^q + floor^q)^(1/q), step 5): the descriptor kernels' fastest runs
#: sit at the floor on some small shapes and well under it on others (validation/data/h200/
#: hopper.jsonl.gz: 10-14 us on 1024^3 bf16 and 1000^3, 22-23 us on 512^3 and 1024^3 fp16), so a
#: hard max would tie every config under it; 4 keeps their order and costs 1.5% at twice the floor
HOST_FLOOR_SHARPNESS = 4.0

#: elements loaded one by one per k-step and block, by load class (A's tile BM x BK, B's BK x BN)
_ELEMENTWISE = {"all": lambda bm, bn, bk: (bm + bn) * bk, "none": lambda bm, bn, bk: (bm + bn) * bk,
                "k": lambda bm, bn, bk: bn * bk, "n": lambda bm, bn, bk: bm * bk}


def kstep_of(ctx, cfgs: ConfigArrays, res: Resources, rules: LoopRules = LoopRules(), blocks=None) -> KStep:
    """The k-step context of each config (perfmodel.kernels.pipeline.KStep) under the kernel's
    main-loop rules (the shared-B thresholds, its measured tile factors); `blocks`: the blocks
    per SM occupancy allows, which size the carve-out and so the L1 beside them (None: no L1 term)."""
    bm, bn, bk, w, s = (cfgs[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages"))
    e = ctx.problem.in_bytes
    threads = res.threads.astype(float)
    # where element-wise operands are pipelined (4-byte elements, num_stages >= 2) they load like
    # vectors, each element a gathered copy; elsewhere through registers (the element-wise terms)
    pipelined = np.ones(np.shape(s), dtype=bool) if res.load == "all" else \
        np.broadcast_to(np.asarray(res.elementwise_pipelined, dtype=bool), np.shape(s))
    elems_blk = _ELEMENTWISE[res.load](bm, bn, bk).astype(float)
    family = ctx.spec.toolchain.mma_family
    fma = ctx.params.matrix_ops_per_s_per_sm is None  # no matrix instruction: the dot is FMAs
    line = int(ctx.spec.memory.l2_line_bytes.value)
    ops = operand_traffic(ctx.problem, bm, bn, bk, line, res.is_wgmma, copied=ELEMENTWISE_OPERANDS[res.load],
                          copied_where=pipelined)
    l1 = None if blocks is None else l1_bytes(ctx.spec, res.smem_bytes, blocks, prefers_shared(ctx.spec, res.smem_bytes))
    return KStep(
        flops=2.0 * bm * bn * bk, l2_bytes=ops.l2_request_bytes, gathered=ops.gathered_elems,
        vector_copies=np.where(pipelined & (res.load != "all"), ops.vector_copies, 0.0),
        past_vector_copies=(np.where(pipelined, 0, s - 1) * ops.vector_bytes / 16.0
                            if rules.pointer_kernel and res.load in ("k", "n") else None),
        smem_bytes=kstep_smem_bytes(ctx, fma, bm, bn, bk, w, e, res.is_wgmma, res.load), warps=w, threads=threads,
        sync_mma=(~res.is_wgmma) & (family is not None and family.value == "mma"),
        depth=np.where(pipelined, np.maximum(s - 1, 1), 1), load=res.load, pipelined=pipelined,
        elems_per_thread=elems_blk / threads, elems_per_block=elems_blk,
        spilled=(res.spilled_regs - res.tile_spilled).astype(float),
        tile_spilled=np.broadcast_to(np.asarray(res.tile_spilled, dtype=float), np.shape(s)),
        store_elems=(elementwise_store_elems(ctx.problem, bm, bn) if rules.pointer_kernel else None),
        serial=s == 1, k_chain=bk / ctx.params.matrix_k,
        shared_kmajor_b=shares_kmajor_b(ctx.problem, cfgs, res.is_wgmma, rules.shared_b_min_bn,
                                        rules.shared_b_min_bm),
        mma_n=np.where(res.is_wgmma, wgmma_n(bm, bn, w), 0),
        tile_factor=(tile_factors(ctx.spec, rules.kernel, ctx.problem, launch_configs(cfgs, rules))
                     if rules.kernel else None),
        reused_bytes=reused_line_bytes(ctx.problem, res.load, bn, bk, line), l1_bytes=l1,
        fma_b_reads=fma_kmajor_b_reads(ctx.problem, threads, bk, fma, res.load),
        kmajor_spills_measured=rules.fma_kmajor_spills_measured and res.load == "all",  # where it was measured
        copy_weight=kmajor_copy_weight(ctx, res.is_wgmma))


def kmajor_copy_weight(ctx, is_wgmma) -> np.ndarray | None:
    """u per config where one-by-one copies go from a K-major operand into the K-major shared layout
    wgmma reads (`nt`: both operands K-major, nothing transposed), calibration kmajor_copy_weight; None
    where no config copies that way or the device measured no weight (u = 1). On the H200, one wave of
    TF32 `nt` class-"none" tiles at 2-3 stages ran 0.30-0.77x the gathered rate's k-steps, fitted on
    `nn`'s transposing copies (validation/fit_kmajor_copy.py on h200/microbench_tf32_none_spills.json)."""
    lay = LAYOUTS[ctx.problem.layout]
    u = ctx.params.kmajor_copy_weight
    if u == 1.0 or not (lay.a_k_major and lay.b_k_major) or not np.any(is_wgmma):
        return None
    return np.where(is_wgmma, u, 1.0)


def kstep_smem_bytes(ctx, fma: bool, bm, bn, bk, w, e, is_wgmma, load: str = "all"):
    """Shared-memory bytes of one k-step: where the dot is FMAs on 32-lane warps, its reads in
    bank passes (operands.fma_smem_bytes); elsewhere the tiles' bytes (operands.smem_bytes_per_kstep;
    AMD's and Hygon's 64-lane vector path lays threads out otherwise, unmodelled)."""
    if fma and ctx.spec.warp_size == 32:
        return fma_smem_bytes(ctx.problem, bm, bn, bk, w, e, load)
    return smem_bytes_per_kstep(bm, bn, bk, w, e, is_wgmma)


def launch_configs(cfgs: ConfigArrays, rules: LoopRules) -> ConfigArrays:
    """The configs as launched, where the k-step sees the dot's warps (the warp-specialized kernel's
    two consumer warpgroups): what its runs, and so its tile factors, are keyed by."""
    if rules.mma_warps_per_warp == 1:
        return cfgs
    return ConfigArrays({**cfgs, "num_warps": cfgs["num_warps"] // rules.mma_warps_per_warp})


def memory_time(waiting, t_dram, q):
    """((waiting)^q + t_dram^q)^(1/q), the plain max where q is inf (module doc, step 4)."""
    if np.isinf(q):
        return np.maximum(waiting, t_dram)
    top = np.maximum(np.maximum(waiting, t_dram), 1e-30)  # scaled: no overflow for large q
    low = np.minimum(waiting, t_dram) / top  # the larger term's (x / top)^q is 1: one power fewer
    return top * (1.0 + low ** q) ** (1.0 / q)


def tile_share(ks, steps, tile_s) -> np.ndarray:
    """The share of a tile's time that waits on memory (module doc, step 4): all of it but its
    k-steps' non-waiting part, 1 - steps x t_k x (1 - s_k) / T, s_k = max(L2, latency) / t_k."""
    s_k = np.clip(np.maximum(ks.latency, ks.l2) / ks.total, 0.0, 1.0)
    return np.clip(1.0 - steps * ks.total * (1.0 - s_k) / np.maximum(tile_s, 1e-30), 0.0, 1.0)


def dram_run_factor(p, problem, bk, bn) -> np.ndarray:
    """What B's DRAM bytes cost for their contiguous runs (module doc, step 4): 1 where they are at
    least the reference run or the device measured no overhead."""
    c = p.dram_run_overhead_bytes
    if c == 0:
        return np.ones(np.shape(bk))
    elems = np.minimum(bk, problem.K) if LAYOUTS[problem.layout].b_k_major else np.minimum(bn, problem.N)
    run = np.maximum(elems * problem.in_bytes, 1.0)
    return np.maximum(1.0, (1.0 + c / run) / (1.0 + c / p.dram_run_reference_bytes))


def dram_time(p, problem, cfgs: ConfigArrays, in_flight) -> tuple[np.ndarray, np.ndarray]:
    """(DRAM bytes, t_dram) of step 4: the traffic under the grouped order with `in_flight` programs
    at once (perfmodel.kernels.traffic), B's bytes charged for their runs (dram_run_factor)."""
    bm, bn, bk, g, sk = (cfgs[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "GROUP_M", "SPLIT_K"))
    t = traffic_arrays(problem.M, problem.N, problem.K, problem.in_bytes, problem.out_bytes, bm, bn, g, in_flight,
                       p.l2_bytes, sk)
    charged = t["dram_bytes"] + t["dram_b_bytes"] * (dram_run_factor(p, problem, bk, bn) - 1.0)
    return t["dram_bytes"], charged / p.dram_bw_bytes_per_s


def main_terms(p, share, t_waves, t_dram) -> tuple[np.ndarray, np.ndarray]:
    """(t_mem, the waves with DRAM) of step 4: the DRAM time with the waves' waiting share plus the
    leak of the rest, and the waves and the DRAM time combined at r = compute_dram_exponent."""
    t_mem = memory_time(share * t_waves, t_dram, p.memory_overlap_exponent)
    t_mem = t_mem + p.overlap_leak * (1.0 - share) * t_waves  # the non-waiting part leaks through
    return t_mem, memory_time(t_waves, t_dram, p.compute_dram_exponent)


def wave_shape(p, progs, b) -> tuple:
    """Step 3 on arrays: (programs per wave, full waves, the last wave's programs, its blocks per SM, its SMs, the SMs
    busy before any tail) of `progs` programs at `b` blocks per SM."""
    per_wave = p.sms * b
    full = np.floor(progs / per_wave)
    rest = progs - full * per_wave
    b_tail = np.minimum(np.maximum(np.ceil(rest / p.sms), 1), b)
    active_tail = np.minimum(np.ceil(rest / b_tail), p.sms)
    return per_wave, full, rest, b_tail, active_tail, np.where(full > 0, p.sms, active_tail)


def _marked(mask, n: int) -> np.ndarray:
    """A per-config mask of KStep.lone (None: no config marked)."""
    return np.zeros(n, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool), (n,))


#: the most blocks per SM at which a block alone on its SM runs its dot slower (lone_step): measured at two and three;
#: the 2-warp tiles at four and six blocks ran the other way (h200/microbench_tf32_blocks*.json)
LONE_MAX_RESIDENT = 3


def lone_step(ctx, step: KStep, cfgs: ConfigArrays, resident, blocks) -> KStep:
    """The k-step of a wave of `blocks` blocks per SM, marked (step.lone) where a block is alone on its SM (a lone
    wave or a tail of one block per SM, with room for two or three: `resident`; or a residency of one at a stage
    count of `cfgs` the tile factors were not fitted at: tile_factors.FITTED_STAGES), its dot is mma.sync on
    4-byte operands (TF32) and both operands load in vectors (class "all"): there pipeline.kstep_time takes the
    dot term at 1 / eta (calibration lone_block_dot_rate). A lone block's warps (one per scheduler at four) keep
    the SM's mma.sync and shared-memory pipes less busy than two blocks' do: TF32 mma.sync tiles with room for two
    or three ran t(1 tile per SM) / t(2) 0.61-0.81 at K 8192 where the terms said 0.51-0.56 (h200/microbench_tf32_
    blocks.json), the gap growing with the k-steps (over the terms' ratio 1.02 at K 128, 1.23 at 2048:
    microbench_tf32_blocks_short.json), as a term on the dot does; eta fitted on both files' 58 pairs
    (validation/fit_lone_block.py: mean |ln error| 0.114 at eta 1, 0.048 at 0.75).
    A residency of one is alone in every wave: at the fitted stage counts its tile factor holds that (read sets:
    pricing those lone too moved decode picks down), but at the others (1 and 6) the tile takes its factor from
    stage counts where it ran two or three to an SM, and a rate on lone waves alone moved picks to such tiles,
    which ran as far over their terms (candidate 59: 64x32x128_w2_s3 -> 32x64x64_w2_s6, 0.70-0.79; validation/
    NOTES.md, session 45)."""
    p, problem = ctx.params, ctx.problem
    if p.lone_block_dot_rate >= 1.0 or p.matrix_ops_per_s_per_sm is None or problem.in_bytes != 4 or step.load != "all":
        return step
    resident, alone = np.asarray(resident), np.asarray(blocks) == 1
    room = (resident >= 2) & (resident <= LONE_MAX_RESIDENT)
    unfitted = (resident == 1) & ~np.isin(cfgs["num_stages"], FITTED_STAGES)
    return dataclasses.replace(step, lone=alone & step.sync_mma & (room | unfitted))


def tiled_time(ctx, cfgs: ConfigArrays, res: Resources, blocks, out_bytes, extra_s,
               persistent: bool = False, host_floor_s: float = 0.0,
               rules: LoopRules = LoopRules(), main_factor=1.0) -> dict[str, np.ndarray]:
    """Every term of the predicted time (module doc). `out_bytes`: bytes per C element the main
    kernel writes (arrays); `extra_s`: time of any kernel launched after it (arrays, 0 for none);
    `persistent`: a program walks several tiles and fills its pipeline once, so the prologue's
    latency is paid once per program, not once per tile (step 3's waves are its rounds);
    `host_floor_s`: the shortest an eager launch of this kernel takes on the host (step 5);
    `rules`: the kernel's main-loop rules (perfmodel.kernels.base.LoopRules); `main_factor`: the main
    time's beyond these terms (split-K's under one wave of tiles: splitk.model.partial_slowdown)."""
    p, problem, (M, N, K) = ctx.params, ctx.problem, (ctx.problem.M, ctx.problem.N, ctx.problem.K)
    bm, bn, bk, sk = (cfgs[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "SPLIT_K"))
    b = np.maximum(blocks, 1).astype(float)
    progs = (-(-M // bm) * -(-N // bn) * sk).astype(float)
    n_k = -(-K // (bk * sk))
    # the k-step's context is the tile's (blocks per SM follow it): worked out once per tile
    step = by_tile(cfgs, lambda rows: kstep_of(ctx, cfgs.take(rows), take_rows(res, rows, cfgs.size), rules,
                                               blocks=b[rows]))
    epilogue = bm * bn * out_bytes

    per_wave, full, rest, b_tail, active_tail, busy = wave_shape(p, progs, b)
    full_step, tail_step = lone_step(ctx, step, cfgs, b, b), lone_step(ctx, step, cfgs, b, b_tail)
    t_full, ks = tile_time(p, full_step, blocks=b, active_sms=busy, k_steps=n_k, epilogue_bytes=epilogue)
    # the clock follows the kernel's load over milliseconds: a tail after full waves runs at their clock
    t_tail, ks_tail = tile_time(p, tail_step, blocks=b_tail, active_sms=active_tail, k_steps=n_k, epilogue_bytes=epilogue,
                                clock_sms=busy)
    saved = (np.ceil(progs / per_wave) - 1) * p.pipeline_latency_s if persistent else np.zeros(cfgs.size)
    t_waves = full * t_full + (rest > 0) * t_tail - saved
    dram, t_dram = dram_time(p, problem, cfgs, np.minimum(progs, per_wave).astype(np.int64))
    overhead = overhead_ksteps(p, epilogue)
    share = tile_share(ks, n_k + overhead, t_full)
    t_mem, t_waves_dram = main_terms(p, share, t_waves, t_dram)
    t_main = np.maximum(t_waves_dram, t_mem) * main_factor
    total = np.maximum(t_main + p.launch_s + extra_s, ctx.floor_s)
    if host_floor_s > 0:  # a soft floor: configs under it keep their order
        total = memory_time(total, host_floor_s, HOST_FLOOR_SHARPNESS)
    which = np.argmax(np.stack([ks.mma, ks.l2, ks.latency]), axis=0)
    bound = np.where((t_mem > t_waves) & (t_dram >= share * t_waves), 3, np.array([0, 1, 2])[which])
    bound = np.where(p.launch_s + extra_s > 0.5 * total, np.where(extra_s > p.launch_s, 5, 4), bound)
    bound = np.where(host_floor_s >= 0.5 * total, 4, bound)
    n = cfgs.size
    return {"time_s": total, "programs": progs, "k_steps": n_k, "waves": progs / per_wave, "kstep_s": ks.total,
            "mma_s": ks.mma, "l2_s": ks.l2, "latency_s": ks.latency, "tile_s": t_full, "full_waves": full,
            "tail_tile_s": np.where(rest > 0, t_tail, 0.0), "tail_blocks": np.where(rest > 0, b_tail, 0),
            "tail_sms": np.where(rest > 0, active_tail, 0), "waves_s": t_waves, "waves_dram_s": t_waves_dram, "memory_share": share,
            "memory_s": t_mem, "main_s": t_main, "dram_bytes": dram, "dram_s": t_dram, "reduce_s": np.broadcast_to(np.asarray(extra_s, dtype=float), (n,)),
            "launch_s": np.full(n, p.launch_s), "host_floor_s": np.full(n, host_floor_s), "prologues_saved_s": saved, "bound": bound,
            "main_factor": np.broadcast_to(np.asarray(main_factor, dtype=float), (n,)),
            "spill_s": kstep_spill_time(p, step, b), "floor_s": np.full(n, ctx.floor_s),
            "tile_factor": np.ones(n) if step.tile_factor is None else step.tile_factor,
            "past_copies_s": np.broadcast_to(past_copies_time(p, step, ks, b), (n,)),
            "prologue_copies_s": np.broadcast_to(prologue_copies_time(step, ks, n_k), (n,)),
            "overhead_ksteps": np.broadcast_to(overhead, (n,)), "first_step_s": np.broadcast_to(first_step_time(ks, b), (n,)),
            "store_s": np.broadcast_to(elementwise_store_time(p, step, b), (n,)),
            "tile_spill_s": np.broadcast_to(tile_spill_time(p, step, b), (n,)),
            "vector_copy_s": np.broadcast_to(ks.vectors, (n,)),
            "tail_first_step_s": np.where(rest > 0, first_step_time(ks_tail, b_tail), 0.0),
            "l1_factor": np.broadcast_to(ks.l1_factor, (n,)),
            "l1_bytes": np.zeros(n) if step.l1_bytes is None else np.broadcast_to(step.l1_bytes, (n,)),
            "reused_bytes": np.zeros(n) if step.reused_bytes is None else step.reused_bytes,
            "lone_dot": _marked(full_step.lone, n), "tail_lone_dot": (rest > 0) & _marked(tail_step.lone, n)}
