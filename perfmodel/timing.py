"""Predicted run time of a bundled Triton GEMM config: the model, term by term.

Follow one config from the spec to the time (all arrays, so thousands of configs at once):

1. Resources and residency (perfmodel.resources, perfmodel.occupancy): registers, shared
   memory, stage buffers, wgmma/mma/MFMA, aligned or not -> b = resident blocks per SM.
2. Work: programs P = ceil(M/BM) x ceil(N/BN) x SPLIT_K, each walking n_k = ceil(K / (BK x SPLIT_K))
   k-steps of F = 2 BM BN BK flop and (BM + BN) BK bytes.
3. One k-step of one block while b blocks share the SM:
      matrix path, throughput-bound (wgmma, MFMA, MMAC):  t_mma = b F / R_sm
            R_sm = ops_per_clock_per_sm x clock_max_hz x matrix_efficiency
      synchronous mma (mma.sync: NVIDIA tiles with BM < 64 or < 4 warps), per warp:
            t_mma = max(t_warp0 + (F/w) / R_warp,  ceil(b w / 4) (F/w) / R_warp,  b F / R_sm)
      vector path (no matrix instruction for the dtype): t_mma = b F / R_vec
      instruction latency (where the spec gives one, e.g. BW's MMAC): t_mma >= BK / k_inst x latency
      shared memory:   t_mma >= b x (A, B written once + read per warp group / warp) / smem bw
      L2 -> SM:        t_l2  = b (BM + BN) BK bytes / (L2 bandwidth / active SMs, <= 2x the even share)
      latency:         t_lat = L / depth,  depth = num_stages - 1 (aligned), 1 (unaligned)
      aligned:         t_k = max(t_mma, t_l2, t_lat) + leak x (the other two) + c_k
                       (overlap is imperfect: a fraction of the hidden terms leaks through)
      unaligned:       t_k = max(a_s + e_thr t_e, b e_blk / R_s, t_mma) + c_k
                       (every element its own scalar load: e_thr per thread, e_blk per block)
      one aligned:     only K (or only N) 16-divisible: A (or B) comes in vectors, the other
                       operand element-wise: the unaligned form with e_* counting that
                       operand alone, and t_l2 joins the max (not fitted: no timed shape was
                       used to shape it; validation/data/h200/mixed.jsonl measures it)
      spills:          + b x threads x spilled_regs x t_spill
4. A tile: T(b) = n_k t_k(b) + L (prologue) + L + b BM BN out_bytes / (L2 bw / SMs) (epilogue).
5. Waves: full = floor(P / (SMs b)), the last partial wave runs with ceil(rest / SMs) blocks per SM:
      t_kernel = full T(b) + [rest > 0] T(b_tail)
6. Memory floor: t_kernel >= DRAM bytes (perfmodel.traffic, grouped order, effective L2) / DRAM bw.
7. Launch: + launch overhead; split-K adds the reduction kernel:
      launch + (SPLIT_K M N 4 + M N out_bytes) / DRAM bw.
8. Never below the roofline floor (perfmodel.roofline).

Constants come from the spec: sourced numbers and, for the H200, the calibration block of
hardware/h200.yaml, each measured by a command (validation/microbench.py, device_sweep.py
--calibrate) and derived from those measurements by validation/calibrate.py at shapes outside
the validation suite. A device without its own measurement of a constant uses the H200's
(REFERENCE_DEVICE), converted through clock cycles for times and per-clock rates for
throughputs; those inputs are listed in `Prediction.estimated` / `Ranking.estimated`.
num_stages = 1 prefetches nothing: t_k = t_lat + max(t_mma, t_l2) (aligned), t_lat + t_mma
(unaligned), where more stages overlap the two.
No recorded timing of a validation run is read at prediction time.

Validated: `perfmodel validate` on validation/data/h200/runs.jsonl (33 shapes, ~200 configs
each); figures in the README and tests/test_timing.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from pydantic import BaseModel, ConfigDict

from perfmodel.occupancy import LIMIT_ORDER, blocks_per_sm_arrays
from perfmodel.problem import DTYPE_BYTES, OUT_BYTES, GemmProblem, TileConfig
from perfmodel.resources import resources_arrays
from perfmodel.roofline import REFERENCE_DEVICE, compute_path, dram_bw, l2_bw_estimate, roofline
from perfmodel.spec import HardwareSpec, load_hardware
from perfmodel.traffic import traffic_arrays

CONFIG_KEYS = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "GROUP_M", "SPLIT_K")
BOUNDS = ("compute", "l2", "latency", "dram", "launch")

def _reference():
    """The reference device's calibration, as (value, clock_max_hz) per constant: devices
    without their own measurement use these, converted through clock cycles (time constants)
    or taken as they are (ratios), and the prediction lists them as estimated."""
    ref = load_hardware(REFERENCE_DEVICE)
    return ref.calibration, float(ref.compute.clock_max_hz.value), ref


@dataclass(frozen=True)
class TimingParams:
    """Every constant the model uses, SI units, with where each came from."""

    sms: int
    clock_hz: float
    matrix_ops_per_s_per_sm: float | None
    vector_ops_per_s_per_sm: float
    warp_mma_ops_per_s: float
    warp_mma_step_s: float
    pipeline_latency_s: float
    kstep_overhead_s: float
    scalar_load_fixed_s: float
    scalar_load_s_per_elem: float
    scalar_load_elems_per_s_per_sm: float
    spill_s_per_reg: float
    l2_bw_bytes_per_s: float
    dram_bw_bytes_per_s: float
    l2_bytes: float
    launch_s: float
    smem_bytes_per_s_per_sm: float
    overlap_leak: float
    matrix_latency_s: float  # one dependent matrix instruction (0 where the spec gives none)
    matrix_k: int  # K of one matrix instruction
    compute_path: str
    instruction: str
    sources: dict = field(default_factory=dict)

    @property
    def estimated(self) -> list[str]:
        return sorted(k for k, v in self.sources.items() if v == "estimated")


def _cal(spec: HardwareSpec, name: str):
    q = getattr(spec.calibration, name, None)
    return None if q is None else float(q.value)


def timing_params(spec: HardwareSpec, dtype: str, scale: dict[str, float] | None = None) -> TimingParams:
    """The constants for one device and dtype: calibration where measured, else estimates.
    `scale` multiplies named constants (the sensitivity analysis perturbs the estimated ones)."""
    path, per_clock, instr = compute_path(spec, dtype)
    clk = float(spec.compute.clock_max_hz.value)
    cal = spec.calibration
    src: dict[str, str] = {}

    scale = scale or {}

    def pick(name, estimate):
        v = _cal(spec, name)
        src[name] = "measured" if v is not None else "estimated"
        return (v if v is not None else estimate) * scale.get(name, 1.0)

    ref_cal, ref_clk, ref = _reference()

    def ref_seconds(name):  # the reference's time constant, in this device's clock cycles
        return float(getattr(ref_cal, name).value) * ref_clk / clk

    def ref_value(name):
        return float(getattr(ref_cal, name).value)

    eff = pick("matrix_efficiency", ref_value("matrix_efficiency"))
    t = spec.dtype_throughput(dtype)
    vec_per_clock = float(t.vector.ops_per_clock_per_sm.value) if (t and t.vector) else per_clock
    matrix_rate = per_clock * clk * eff if path == "matrix" else None
    vector_rate = vec_per_clock * clk * 0.8  # estimated: 80% of the FMA peak (K100 measured 17.9/19.5 = 92% FP32)
    if path == "vector":
        src["vector_efficiency"] = "estimated"
    # per-warp synchronous MMA (NVIDIA mma.sync): measured on the reference for fp16; elsewhere
    # scaled by the tensor cores' per-clock rate and the clock; other dtypes by their per-clock rate
    fp16 = spec.dtype_throughput("fp16")
    fp16_per_clock = float(fp16.matrix.ops_per_clock_per_sm.value) if (fp16 and fp16.matrix) else per_clock
    ratio = per_clock / fp16_per_clock
    ref_fp16 = float(ref.throughput.fp16.matrix.ops_per_clock_per_sm.value)
    warp_rate = pick("warp_mma_ops_per_s", ref_value("warp_mma_ops_per_s") * fp16_per_clock * clk / (ref_fp16 * ref_clk)) * ratio
    warp_step = pick("warp_mma_step_s", ref_seconds("warp_mma_step_s"))
    l2_rate = pick("l2_bw_achieved_bytes_per_s", l2_bw_estimate(spec))
    l2_frac = ref_value("l2_effective_bytes") / float(ref.memory.l2_bytes.value)
    return TimingParams(
        sms=spec.sm_count,
        clock_hz=clk,
        matrix_ops_per_s_per_sm=matrix_rate,
        vector_ops_per_s_per_sm=vector_rate,
        warp_mma_ops_per_s=warp_rate,
        warp_mma_step_s=warp_step,
        pipeline_latency_s=pick("pipeline_latency_s", ref_seconds("pipeline_latency_s")),
        kstep_overhead_s=pick("kstep_overhead_s", ref_seconds("kstep_overhead_s")),
        scalar_load_fixed_s=pick("scalar_load_fixed_s", ref_seconds("scalar_load_fixed_s")),
        scalar_load_s_per_elem=pick("scalar_load_s_per_elem", ref_seconds("scalar_load_s_per_elem")),
        scalar_load_elems_per_s_per_sm=pick("scalar_load_elems_per_s_per_sm",
                                            ref_value("scalar_load_elems_per_s_per_sm") * clk / ref_clk),
        spill_s_per_reg=pick("spill_s_per_reg", ref_seconds("spill_s_per_reg")),
        l2_bw_bytes_per_s=l2_rate,
        dram_bw_bytes_per_s=dram_bw(spec),
        l2_bytes=pick("l2_effective_bytes", l2_frac * float(spec.memory.l2_bytes.value)),
        launch_s=pick("launch_overhead_s", ref_value("launch_overhead_s")),
        smem_bytes_per_s_per_sm=float(spec.shared_memory.bytes_per_clock_per_sm.value) * clk,
        overlap_leak=pick("overlap_leak", ref_value("overlap_leak")),
        matrix_latency_s=(float(t.matrix.latency_cycles.value) / clk
                          if (path == "matrix" and t.matrix.latency_cycles is not None) else 0.0),
        matrix_k=t.matrix.k if (t is not None and t.matrix is not None) else 1,
        compute_path=path,
        instruction=instr,
        sources={**src, "dram_bw_achieved_bytes_per_s": "measured" if cal.dram_bw_achieved_bytes_per_s else
                 spec.memory.dram_bw_bytes_per_s.confidence.value},
    )


def _max(*xs):
    out = np.asarray(xs[0], dtype=float)
    for x in xs[1:]:
        out = np.maximum(out, x)
    return out


def l2_per_sm(p: TimingParams, active_sms) -> np.ndarray:
    """L2 bandwidth one SM gets: its share of the aggregate among the active SMs, at most twice
    the all-SMs share (estimated: a lone SM cannot pull the whole L2; 2x = ~64 B/clk/SM)."""
    share = p.l2_bw_bytes_per_s / np.maximum(active_sms, 1)
    return np.minimum(share, 2.0 * p.l2_bw_bytes_per_s / p.sms)


def smem_bytes_per_kstep(bm, bn, bk, w, e, is_wgmma, warp_size=32):
    """Shared-memory traffic of one k-step: the A and B tiles written once, and read by every
    warp group (wgmma: 4 warps own 64 rows) or warp (mma.sync, MFMA) that needs them.
    Warps split the tile along M first (Triton's layouts): wm x wn warps (groups)."""
    units = np.where(is_wgmma, np.maximum(w // 4, 1), w)
    unit_rows = np.where(is_wgmma, 64, 16)
    wm = np.minimum(units, np.maximum(bm // unit_rows, 1))
    wn = np.maximum(units // wm, 1)
    reads = (wn * bm + wm * bn) * bk * e
    writes = (bm + bn) * bk * e
    return (reads + writes).astype(float)


def spill_time(p: TimingParams, b, threads, spilled):
    """Seconds a k-step spends on spilled registers: b x threads x spilled x t_spill."""
    return b * threads * spilled * p.spill_s_per_reg


def kstep_time(p: TimingParams, b, F, bytes_k, w, is_sync_mma, depth, aligned, elems_thr, elems_blk, threads,
               spilled, active_sms=None, smem_k=0.0, serial=False, k_chain=1.0, mixed=False):
    """Seconds for one k-step of one block while b blocks share the SM (arrays). Returns
    (t_k, t_mma, t_l2, t_lat) so callers can name the bound. Unaligned: elems_* count the
    element-wise loaded operand(s); mixed (one operand vectorized, "k"/"n" alignment) also
    bounds the k-step by the L2 transfer of both tiles."""
    b = np.asarray(b, dtype=float)
    if p.matrix_ops_per_s_per_sm is not None:
        t_tp = b * F / p.matrix_ops_per_s_per_sm
        fw = F / w
        t_sync = _max(p.warp_mma_step_s + fw / p.warp_mma_ops_per_s, np.ceil(b * w / 4) * fw / p.warp_mma_ops_per_s, t_tp)
        t_mma = np.where(is_sync_mma, t_sync, t_tp)
    else:
        t_mma = b * F / p.vector_ops_per_s_per_sm
    t_l2 = b * bytes_k / l2_per_sm(p, p.sms if active_sms is None else active_sms)
    t_lat = p.pipeline_latency_s / depth
    t_smem = b * smem_k / p.smem_bytes_per_s_per_sm
    t_mma = np.maximum(t_mma, t_smem)  # the operands come through shared memory
    if p.matrix_latency_s > 0:  # a k-step is a chain of BK / k dependent matrix instructions per accumulator
        t_mma = np.maximum(t_mma, np.ceil(k_chain) * p.matrix_latency_s)
    if aligned:
        top = _max(t_mma, t_l2, t_lat)
        t_k = top + p.overlap_leak * (t_mma + t_l2 + t_lat - top)
        # num_stages = 1: nothing is prefetched, so the load's latency and the math serialise
        t_k = np.where(serial, t_lat + _max(t_mma, t_l2), t_k)
    else:
        t_lat = np.maximum(p.scalar_load_fixed_s + elems_thr * p.scalar_load_s_per_elem,
                           b * elems_blk / p.scalar_load_elems_per_s_per_sm)
        t_top = np.maximum(t_mma, t_l2) if mixed else t_mma
        t_k = np.where(serial, t_lat + t_top, np.maximum(t_top, t_lat))
    t_k = t_k + p.kstep_overhead_s + spill_time(p, b, threads, spilled)
    return t_k, t_mma, t_l2, t_lat


def predict_arrays(hw: "str | HardwareSpec", problem: GemmProblem, c: dict[str, np.ndarray],
                   scale: dict[str, float] | None = None) -> dict[str, np.ndarray]:
    """The model on arrays of configs (keys CONFIG_KEYS). Returns every term as an array."""
    spec = load_hardware(hw)
    p = timing_params(spec, problem.dtype, scale)
    n = len(np.asarray(c["BLOCK_M"]))
    bm, bn, bk, w, s, g, sk = (np.asarray(c.get(k, np.ones(n)), dtype=np.int64) for k in CONFIG_KEYS)
    res = resources_arrays(spec, problem, {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "num_warps": w, "num_stages": s})
    blocks, limiter = blocks_per_sm_arrays(spec, res["threads"], res["regs"], res["smem_bytes"])
    fits = blocks >= 1
    b = np.maximum(blocks, 1).astype(float)
    e, eo = DTYPE_BYTES[problem.dtype], OUT_BYTES[problem.dtype]
    M, N, K = problem.M, problem.N, problem.K
    tm, tn = -(-M // bm), -(-N // bn)
    progs = (tm * tn * sk).astype(float)
    n_k = -(-K // (bk * sk))
    F = 2.0 * bm * bn * bk
    bytes_k = (bm + bn) * bk * e
    threads = res["threads"].astype(float)
    aligned = bool(res["aligned"])
    depth = np.maximum(s - 1, 1) if aligned else np.ones_like(s)
    is_sync = (~res["is_wgmma"]) & (spec.vendor == "nvidia")
    # elements loaded one by one: both tiles ("none"), or only the operand whose row stride is
    # not 16-divisible (B when only K is, A when only N is)
    elems_blk = {"all": (bm + bn) * bk, "none": (bm + bn) * bk, "k": bn * bk, "n": bm * bk}[res["alignment"]].astype(float)
    mixed = res["alignment"] in ("k", "n")
    elems_thr = elems_blk / threads
    spilled = res["spilled_regs"].astype(float)
    out_b = np.where(sk > 1, 4, eo)

    smem_k = smem_bytes_per_kstep(bm, bn, bk, w, e, res["is_wgmma"])

    def tile(bb, active):
        t_k, t_mma, t_l2, t_lat = kstep_time(p, bb, F, bytes_k, w, is_sync, depth, aligned, elems_thr, elems_blk,
                                             threads, spilled, active, smem_k, s == 1, bk / p.matrix_k, mixed)
        t_epi = p.pipeline_latency_s + bb * bm * bn * out_b / l2_per_sm(p, active)
        return n_k * t_k + p.pipeline_latency_s + t_epi, t_k, t_mma, t_l2, t_lat

    per_wave = p.sms * b
    full = np.floor(progs / per_wave)
    rest = progs - full * per_wave
    b_tail = np.minimum(np.maximum(np.ceil(rest / p.sms), 1), b)
    active_tail = np.minimum(np.ceil(rest / b_tail), p.sms)
    t_full, t_k, t_mma, t_l2, t_lat = tile(b, np.where(full > 0, p.sms, active_tail))
    t_tail = tile(b_tail, active_tail)[0]
    t_waves = full * t_full + (rest > 0) * t_tail
    in_flight = np.minimum(progs, per_wave).astype(np.int64)
    dram = traffic_arrays(M, N, K, e, eo, bm, bn, g, in_flight, p.l2_bytes, sk)["dram_bytes"]
    t_dram = dram / p.dram_bw_bytes_per_s
    t_main = np.maximum(t_waves, t_dram)
    t_reduce = np.where(sk > 1, p.launch_s + (sk * M * N * 4.0 + M * N * eo) / p.dram_bw_bytes_per_s, 0.0)
    floor = roofline(spec, problem).floor_s
    total = np.maximum(t_main + p.launch_s + t_reduce, floor)
    # the bound: what the largest term is
    terms = np.stack([t_mma, t_l2, t_lat])
    which = np.argmax(terms, axis=0)
    bound_idx = np.where(t_dram >= t_waves, 3, np.array([0, 1, 2])[which])
    bound_idx = np.where(p.launch_s + t_reduce > 0.5 * total, 4, bound_idx)
    return {
        "time_s": np.where(fits, total, np.inf), "fits": fits, "blocks_per_sm": blocks, "limiter": limiter,
        "programs": progs, "k_steps": n_k, "waves": progs / per_wave, "kstep_s": t_k, "mma_s": t_mma, "l2_s": t_l2,
        "latency_s": t_lat, "tile_s": t_full, "waves_s": t_waves, "dram_bytes": dram, "dram_s": t_dram,
        "reduce_s": t_reduce, "launch_s": np.full(n, p.launch_s), "bound": bound_idx, "regs": res["regs"],
        "spilled_regs": res["spilled_regs"], "regs_from_table": res["regs_from_table"],
        "spill_s": spill_time(p, b, threads, spilled), "alignment": res["alignment"],
        "smem_bytes": res["smem_bytes"], "is_wgmma": res["is_wgmma"],
        "floor_s": np.full(n, floor),
    }


class Prediction(BaseModel):
    """One config's predicted time with every term that produced it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    device: str
    problem: str
    config: str
    time_s: float
    tflops: float
    bound: str
    compute_path: str
    instruction: str
    limiter: str
    alignment: str  # GemmProblem.alignment: all, k, n or none
    blocks_per_sm: int
    regs_per_thread: int
    spilled_regs_per_thread: int
    registers_from: str  # "compile table" (perfmodel/register_table.json) or "linear fit"
    smem_bytes: int
    programs: int
    waves: float
    k_steps: int
    kstep_s: float
    mma_s_per_kstep: float
    l2_s_per_kstep: float
    latency_s_per_kstep: float
    spill_s_per_kstep: float
    tile_s: float
    dram_bytes: float
    dram_s: float
    reduce_s: float
    launch_s: float
    floor_s: float
    pct_of_peak: float
    estimated: list[str]

    @property
    def predicted_ms(self) -> float:
        return self.time_s * 1e3


def predict(hw: "str | HardwareSpec", problem: GemmProblem, config: TileConfig) -> Prediction:
    """Predicted time of one config, term by term (see the module doc)."""
    spec = load_hardware(hw)
    p = timing_params(spec, problem.dtype)
    r = predict_arrays(spec, problem, {k: np.array([getattr(config, k)]) for k in CONFIG_KEYS})
    t = float(r["time_s"][0])
    rl = roofline(spec, problem)
    return Prediction(
        device=spec.id, problem=str(problem), config=config.name, time_s=t,
        tflops=problem.flops / t / 1e12 if np.isfinite(t) else 0.0,
        bound=BOUNDS[int(r["bound"][0])], compute_path=p.compute_path, instruction=p.instruction,
        limiter=LIMIT_ORDER[int(r["limiter"][0])], blocks_per_sm=int(r["blocks_per_sm"][0]),
        alignment=r["alignment"], regs_per_thread=int(r["regs"][0]), spilled_regs_per_thread=int(r["spilled_regs"][0]),
        registers_from="compile table" if r["regs_from_table"][0] else "linear fit",
        smem_bytes=int(r["smem_bytes"][0]), programs=int(r["programs"][0]), waves=float(r["waves"][0]),
        k_steps=int(r["k_steps"][0]), kstep_s=float(r["kstep_s"][0]), mma_s_per_kstep=float(r["mma_s"][0]),
        l2_s_per_kstep=float(r["l2_s"][0]), latency_s_per_kstep=float(r["latency_s"][0]),
        spill_s_per_kstep=float(r["spill_s"][0]),
        tile_s=float(r["tile_s"][0]), dram_bytes=float(r["dram_bytes"][0]), dram_s=float(r["dram_s"][0]),
        reduce_s=float(r["reduce_s"][0]), launch_s=float(r["launch_s"][0]), floor_s=float(r["floor_s"][0]),
        pct_of_peak=(rl.compute_floor_s / t * 100) if np.isfinite(t) else 0.0,
        estimated=p.estimated,
    )
