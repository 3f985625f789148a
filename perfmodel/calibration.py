"""Calibration: the timing model's constants of one device, derived from its measurements with
the model's own functions, and the device file that carries them.

    derive(spec, cal, mb)   constants from the microbenchmarks (perfmodel.gpu.microbench.run):
      matrix_efficiency      best aligned one-wave long-K GEMM FLOP/s per SM / (fp16 ops per clock
                             x clock_max): the steady main loop's share of the per-clock peak
      warp_mma_*             t = t0 + (F / warps) / R over dot-only loops that used mma.sync
      pipeline_latency_s,    grid search minimising the mean |log(model / measured)| of the model's
      kstep_overhead_s,      one-wave time (launch + perfmodel.kernels.pipeline.tile_time) over the
      overlap_leak           aligned rows; the model is evaluated on the whole grid at once. (The
                             median relative error, used before, is flat across the three: two
                             recordings of the same rows, 0.5% apart in median time, gave leak 0.10
                             and 0.00; the mean log error gives 0.10, 0.08 and 0.10 on the three
                             recordings in validation/data/h200/, see validation/NOTES.md)
      scalar_load_*          least squares of the unaligned rows without spills (1 block/SM: fixed
                             + per-element-per-thread cost; 2 blocks/SM: elements per second)
      spill_s_per_reg        median residual of the unaligned rows with spills, per spilled register,
                             thread and k-step, over the model's k-step without spills
      l2_sm_share_ratio      highest L2 read rate per SM with at most 8 SMs busy (l2_sm_read rows)
                             / (l2_bw_achieved / SMs): what one SM pulls alone (l2_sm_share)
      dram_read_over_copy    highest DRAM rate of the memory-bound `stream` GEMMs / the copy rate
      partial_clock_gain     clock_max / the SM clock under load (the most a lone SM can gain)
      partial_clock_exponent grid search (mean |log error|, the whole model) over the `partial` rows:
                             fewer tiles than SMs walking a long K
      memory_overlap_exponent  the same over the `stream` rows (perfmodel.kernels.tiled, step 4)
      elementwise_store_     per (N, N - 1) pair of the `cstore` rows (16-bit nt, the same tiles), the
        elems_per_s_per_sm   C elements each SM stores over the time the model without the store
                             term leaves unexplained; the median over the pairs (store_rate)
      kmajor_copy_weight     from the `kcopies` rows (TF32 nt, K odd: copies K-major to K-major, one wave at
                             2-3 stages): perfmodel.calibration_copies (lone_copy_share and lone_block_dot_rate stay borrowed)
      and the measured ones: DRAM copy bandwidth, L2 capacity knee, launch cost, latencies, clock
    device_file(...)        the base device's file with a `calibration:` block of these, every
                            value `measured` with the command, GPU, driver and versions

tests/test_timing.py re-derives the H200's constants from the committed measurements
(validation/data/h200/) and checks hardware/h200.yaml holds them.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from perfmodel.calibration_copies import kmajor_copy_weight
from perfmodel.calibration_copies import model_s as _model_s
from perfmodel.errors import PerfmodelError
from perfmodel.hardware.registry import known_devices
from perfmodel.hardware.schema import HardwareSpec
from perfmodel.hardware.transfer import constant
from perfmodel.kernels.base import ConfigArrays
from perfmodel.kernels.evaluate import Context
from perfmodel.kernels.params import CALIBRATED, timing_params
from perfmodel.kernels.pipeline import kstep_time, tile_time
from perfmodel.kernels.registry import get as kernel_model
from perfmodel.kernels.tile_factors import without_factors
from perfmodel.names import CONFIG_KEYS
from perfmodel.kernels.tiled import kstep_of
from perfmodel.problem import ALIGNMENTS, GemmProblem


class CalibrationError(PerfmodelError):
    """Measurements that cannot give a constant (one line)."""


L2_BW_KEY = "l2_read_curve"
L2_SM_KEY = "l2_sm_read"  # programs on 1..8 SMs re-reading L2-resident slices (microbench.l2_sm_read)
LONE_SMS = 8  # at most this many SMs busy: the aggregate L2 rate does not bind (h200/l2_share_probe.jsonl: flat to 8, 10% lower at 16)
LATENCY_GUESS_S = 0.83e-6  # prologue/epilogue latency assumed when reading the L2 rate off the kstep rows


class Rows:
    """Recorded one-wave GEMMs as the model sees them: configs, k-steps, blocks per SM, times."""

    def __init__(self, spec, params, rows: list[dict], alignment: str):
        self.rows = rows
        M, N, K = ALIGNMENTS[alignment].representative()
        problem = GemmProblem(M=M, N=N, K=K, dtype="fp16")
        cfgs = ConfigArrays.of([{**r, "GROUP_M": 8} for r in rows])
        res = kernel_model("grouped").resources(spec, problem, cfgs)
        res = dataclasses.replace(res, spilled_regs=np.array([r["n_spills"] for r in rows]))  # as compiled
        self.step = kstep_of(Context(spec, problem, params, 0.0), cfgs, res)
        self.epilogue = cfgs["BLOCK_M"] * cfgs["BLOCK_N"] * problem.out_bytes
        self.blocks = np.array([r["tiles_per_sm"] for r in rows], dtype=float)
        self.k_steps = np.array([r["k_steps"] for r in rows], dtype=float)
        self.time_s = np.array([r["time_ms"] * 1e-3 for r in rows])

    def one_wave_s(self, p):
        """The model's time of each row (one wave: every SM active), launch included."""
        return p.launch_s + tile_time(p, self.step, blocks=self.blocks, active_sms=p.sms, k_steps=self.k_steps,
                                      epilogue_bytes=self.epilogue)[0]

    def kstep_observed(self, p):
        """Each row's measured seconds per k-step, less the model's launch, prologue, epilogue
        and k-step overhead."""
        fixed = p.launch_s + tile_time(p, self.step, blocks=self.blocks, active_sms=p.sms, k_steps=0,
                                       epilogue_bytes=self.epilogue)[0]
        return (self.time_s - fixed) / self.k_steps - p.kstep_overhead_s


def _measured_basics(spec, cal, mb, out):
    out["dram_bw_achieved_bytes_per_s"] = cal["dram_copy"]["bw_bytes_per_s"]
    curve = cal[L2_BW_KEY]
    top = max(r["bw_bytes_per_s"] for r in curve)
    out["l2_effective_bytes"] = max(r["footprint_bytes"] for r in curve if r["bw_bytes_per_s"] >= 0.9 * top)
    out["launch_overhead_s"] = cal["empty_kernel_do_bench_ms"] * 1e-3
    out["l2_latency_s"] = mb["latency"]["l2_hit"]["s_per_load"]
    out["dram_latency_s"] = mb["latency"]["dram"]["s_per_load"]
    clocks = [float(s.split(",")[0]) for s in mb["clocks"]["samples_mhz_watts"] if s and s[0].isdigit()]
    if clocks:  # where no vendor tool reads the clock, the constant is not derived
        out["sm_clock_under_load_hz"] = float(np.median(clocks)) * 1e6


def _params(spec, out: dict):
    """The model's constants with every value derived so far put in place of the file's."""
    p = timing_params(spec, "fp16")
    clk = float(spec.compute.clock_max_hz.value)
    per_clock = float(spec.dtype_throughput("fp16").matrix.ops_per_clock_per_sm.value)
    return dataclasses.replace(
        p, matrix_ops_per_s_per_sm=per_clock * clk * out["matrix_efficiency"], warp_mma_ops_per_s=out["warp_mma_ops_per_s"],
        warp_mma_step_s=out["warp_mma_step_s"], l2_bw_bytes_per_s=out["l2_bw_achieved_bytes_per_s"],
        l2_sm_share_ratio=out.get("l2_sm_share_ratio", p.l2_sm_share_ratio),
        dram_bw_bytes_per_s=out["dram_bw_achieved_bytes_per_s"], l2_bytes=out["l2_effective_bytes"],
        launch_s=out["launch_overhead_s"], spill_s_per_reg=0.0, overlap_leak=0.0, matrix_latency_s=0.0)


def _matrix_rates(spec, mb, aligned: list[dict], out):
    sms = spec.sm_count
    clk = float(spec.compute.clock_max_hz.value)
    per_clock = float(spec.dtype_throughput("fp16").matrix.ops_per_clock_per_sm.value)
    # L2 -> SM bandwidth: the highest rate the GEMM main loop itself sustained (the .cg read
    # curve's plateau is lower than what cp.async tiles achieve, so it only sets the capacity)
    out["l2_bw_achieved_bytes_per_s"] = max(
        r["tiles_per_sm"] * (r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] * 2 * sms
        / ((r["time_ms"] * 1e-3 - out["launch_overhead_s"] - 2 * LATENCY_GUESS_S) / r["k_steps"]) for r in aligned)
    best = max(2.0 * r["BLOCK_M"] * r["BLOCK_N"] * r["BLOCK_K"] * r["k_steps"] * r["tiles_per_sm"] / (r["time_ms"] * 1e-3)
               for r in aligned)
    out["matrix_efficiency"] = best / (per_clock * clk)
    mm = [r for r in mb["mma_loop"] if "flops_per_s_per_sm" in r and not r["wgmma"] and r["blocks_per_sm"] == 1
          and r["n_spills"] == 0]
    X = np.array([[1.0, 2.0 * r["BLOCK_M"] * r["BLOCK_N"] * r["BLOCK_K"] / r["num_warps"]] for r in mm])
    y = np.array([r["s_per_kstep_per_block"] for r in mm])
    (t0, inv_r), *_ = np.linalg.lstsq(X, y, rcond=None)
    out["warp_mma_step_s"] = float(t0)
    out["warp_mma_ops_per_s"] = float(1.0 / inv_r)


def _pipeline_grid(p, rows: Rows, out):
    """Latency, k-step overhead and leak: the grid point whose model times of the aligned rows
    have the smallest mean |log(model / measured)| (the model evaluated on the whole grid at once)."""
    Ls = np.arange(300e-9, 1500e-9, 5e-9)
    cs = np.arange(0.0, 200e-9, 2e-9)
    best_err, best = 1e9, None
    for leak in np.arange(0.0, 0.31, 0.02):
        grid = dataclasses.replace(p, pipeline_latency_s=Ls[:, None, None], kstep_overhead_s=cs[None, :, None],
                                   overlap_leak=float(leak))
        err = np.mean(np.abs(np.log(rows.one_wave_s(grid) / rows.time_s)), axis=-1)
        i, j = np.unravel_index(int(np.argmin(err)), err.shape)
        if err[i, j] < best_err - 1e-12:
            best_err, best = float(err[i, j]), (float(Ls[i]), float(cs[j]), float(leak))
    out["pipeline_latency_s"], out["kstep_overhead_s"], out["overlap_leak"] = best
    out["_fit_mean_abs_log_err_aligned_kstep"] = best_err


def _scalar_loads(p, unaligned: Rows, spilled: Rows | None, out):
    """The element-wise load constants from the unaligned rows without spills, then the spill
    cost from those with spills (left out, and borrowed, where no row spilled)."""
    obs = unaligned.kstep_observed(p)
    one = unaligned.blocks == 1
    X = np.stack([np.ones(one.sum()), unaligned.step.elems_per_thread[one]], axis=1)
    (a, te), *_ = np.linalg.lstsq(X, obs[one], rcond=None)
    out["scalar_load_fixed_s"], out["scalar_load_s_per_elem"] = float(a), float(te)
    two = unaligned.blocks == 2
    out["scalar_load_elems_per_s_per_sm"] = float(np.median(2 * unaligned.step.elems_per_block[two] / obs[two]))
    fitted = dataclasses.replace(p, scalar_load_fixed_s=out["scalar_load_fixed_s"],
                                 scalar_load_s_per_elem=out["scalar_load_s_per_elem"],
                                 scalar_load_elems_per_s_per_sm=out["scalar_load_elems_per_s_per_sm"])
    if spilled is None:
        return
    out["spill_s_per_reg"] = float(max(np.median(spill_cost_per_reg(fitted, spilled)), 0.0))


def spill_cost_per_reg(p, spilled: Rows) -> np.ndarray:
    """Each row's seconds per spilled register, thread and k-step: its measured k-step less the
    model's k-step without spills (validation/fit_spills.py reads the same per row)."""
    no_spills = dataclasses.replace(spilled.step, spilled=np.zeros_like(spilled.step.spilled))
    base = kstep_time(p, no_spills, blocks=spilled.blocks).total - p.kstep_overhead_s
    return (spilled.kstep_observed(p) - base) / (spilled.blocks * spilled.step.threads * spilled.step.spilled)


def derive(spec: HardwareSpec, cal: dict, mb: dict) -> dict[str, float]:
    """The calibration constants of `spec`'s device from its measurements: `cal` and `mb` as
    perfmodel.gpu.microbench.run returns them (and as validation/data/h200/ holds them). The
    device's measured tile factors, if any, are set aside: they are fitted after these constants."""
    spec = without_factors(spec)
    out: dict[str, float] = {}
    _measured_basics(spec, cal, mb, out)
    ks = _timed(mb["kstep"])
    aligned = [r for r in ks if r["aligned"]]
    if not aligned:
        raise CalibrationError("no aligned one-wave GEMM ran correctly: nothing to derive the main loop's constants from")
    _matrix_rates(spec, mb, aligned, out)
    if cal.get(L2_SM_KEY):  # else it stays borrowed (or the default)
        out["l2_sm_share_ratio"] = l2_sm_share(cal[L2_SM_KEY], out["l2_bw_achieved_bytes_per_s"], spec.sm_count)
    p = _params(spec, out)
    _pipeline_grid(p, Rows(spec, p, aligned, "all"), out)
    p = dataclasses.replace(p, pipeline_latency_s=out["pipeline_latency_s"], kstep_overhead_s=out["kstep_overhead_s"],
                            overlap_leak=out["overlap_leak"])
    plain = [r for r in ks if not r["aligned"] and r["n_spills"] == 0]
    spills = [r for r in ks if not r["aligned"] and r["n_spills"] > 0]
    if {r["tiles_per_sm"] for r in plain} >= {1, 2}:  # else the element-wise constants stay borrowed
        _scalar_loads(p, Rows(spec, p, plain, "none"), Rows(spec, p, spills, "none") if spills else None, out)
        fitted = ("scalar_load_fixed_s", "scalar_load_s_per_elem", "scalar_load_elems_per_s_per_sm", "spill_s_per_reg")
        p = dataclasses.replace(p, **{k: out[k] for k in fitted if k in out})  # no spill cost where nothing spilled
    if mb.get("stream") and mb.get("partial"):  # else these stay borrowed (or the model without them)
        _memory_and_clock(spec, p, mb, out)
    if _timed(mb.get("cstore", [])):  # else it stays borrowed
        out["elementwise_store_elems_per_s_per_sm"] = store_rate(spec, p, _timed(mb["cstore"]))[0]
    if _timed(mb.get("kcopies", [])):  # else it stays borrowed (or 1 where TF32 has no wgmma)
        out["kmajor_copy_weight"] = kmajor_copy_weight(spec, _params_for(spec, out, "tf32"), _timed(mb["kcopies"]))[0]
    return out


def _params_for(spec, out: dict, dtype: str):
    """The model's constants for `dtype` with the values derived so far in place of the file's."""
    base = {n: constant(spec, n).value for n in out if n in CALIBRATED}
    return timing_params(spec, dtype, {n: out[n] / v for n, v in base.items() if v})


def l2_sm_share(rows: list[dict], l2_bw: float, sms: int) -> float:
    """What one SM pulls from L2 alone over its share of the all-SMs rate: the highest bytes per
    second per SM of the L2 reads run on at most LONE_SMS SMs (where the aggregate does not bind),
    over l2_bw / sms (perfmodel.kernels.pipeline.l2_per_sm)."""
    lone = [r["bytes_per_s_per_sm"] for r in rows if r["programs"] <= LONE_SMS]
    if not lone:
        raise CalibrationError(f"no L2 read ran on {LONE_SMS} SMs or fewer: nothing to derive the per-SM L2 rate from")
    return max(lone) / (l2_bw / sms)


def _timed(rows: list[dict]) -> list[dict]:
    """The rows that ran and were correct (relative error under 1%)."""
    return [r for r in rows if "time_ms" in r and r.get("rel_err", 1.0) < 1e-2]


def _log_error(spec, p, rows: list[dict]) -> float:
    """Mean |log(model / measured)| of recorded grouped-kernel GEMMs under constants `p`, the
    whole model (resources, residency, waves, traffic) as the ranker runs it."""
    return float(np.mean([abs(np.log(_model_s(spec, p, r) / (r["time_ms"] * 1e-3))) for r in rows]))


def _best(spec, p, rows, name: str, grid) -> float:
    return min(grid, key=lambda v: _log_error(spec, dataclasses.replace(p, **{name: float(v)}), rows))


def _time_without_store_s(spec, p, row: dict) -> float:
    """The model's time of a recorded grouped-kernel GEMM with the element-wise store term off."""
    return _model_s(spec, dataclasses.replace(p, store_elems_per_s_per_sm=float("inf")), row)


def store_rate(spec, p, rows: list[dict]) -> tuple[float, list[tuple[dict, float]]]:
    """(the median, [(row at N, rate)]): for each pair of rows with the same tile at N
    (16-divisible) and N - 1, rate = the C elements each SM stores (tiles x BM x BN / SMs at
    N - 1) / ((t(N - 1) - t(N)) measured - the same predicted without the store term); inf where
    the model leaves nothing to explain (module doc)."""
    key = lambda r, n: (r["M"], n, r["K"], *(r[k] for k in CONFIG_KEYS[:5]))  # noqa: E731  (the tile, not GROUP_M)
    by = {key(r, r["N"]): r for r in rows}
    pairs = []
    for r in rows:
        other = by.get(key(r, r["N"] - 1))
        if r["N"] % 16 or other is None:
            continue
        bm, bn = r["BLOCK_M"], r["BLOCK_N"]
        elems = -(-r["M"] // bm) * bm * -(-other["N"] // bn) * bn / spec.sm_count
        unexplained = ((other["time_ms"] - r["time_ms"]) * 1e-3
                       - (_time_without_store_s(spec, p, other) - _time_without_store_s(spec, p, r)))
        pairs.append((r, elems / unexplained if unexplained > 0 else float("inf")))
    if not pairs:
        raise CalibrationError("no C-store pair (the same tile at N and N - 1) ran correctly")
    return float(np.median([rate for _, rate in pairs])), pairs


def _memory_and_clock(spec, p, mb: dict, out: dict) -> None:
    """The DRAM read rate, the partial-wave clock gain and the memory overlap exponent (module doc)."""
    stream, partial = _timed(mb["stream"]), _timed(mb["partial"])
    out["dram_read_over_copy"] = max(r["min_bytes"] / (r["time_ms"] * 1e-3) for r in stream) / \
        out["dram_bw_achieved_bytes_per_s"]
    p = dataclasses.replace(p, dram_bw_bytes_per_s=out["dram_bw_achieved_bytes_per_s"] * out["dram_read_over_copy"])
    if "sm_clock_under_load_hz" in out:
        out["partial_clock_gain"] = p.clock_hz / out["sm_clock_under_load_hz"]
        p = dataclasses.replace(p, partial_clock_gain=out["partial_clock_gain"])
    alphas, qs = np.arange(0.0, 1.51, 0.125), (1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0, 6.0, 8.0, 16.0)  # 16: ~the max
    for _ in range(2):  # the two barely interact: partial rows are compute-bound, stream rows memory-bound
        p = dataclasses.replace(p, partial_clock_exponent=_best(spec, p, partial, "partial_clock_exponent", alphas))
        p = dataclasses.replace(p, memory_overlap_exponent=_best(spec, p, stream, "memory_overlap_exponent", qs))
    out["partial_clock_exponent"] = p.partial_clock_exponent
    out["memory_overlap_exponent"] = p.memory_overlap_exponent
    out["_fit_mean_abs_log_err_stream"] = _log_error(spec, p, stream)
    out["_fit_mean_abs_log_err_partial"] = _log_error(spec, p, partial)


#: how each derived constant was obtained (the second half of its `source`)
HOW = {
    "dram_bw_achieved_bytes_per_s": "device-to-device copy, bytes read + written",
    "l2_bw_achieved_bytes_per_s": "highest L2->SM tile-load rate of the aligned one-wave long-K GEMMs",
    "l2_sm_share_ratio": "highest L2 read rate per SM with at most 8 SMs busy (ld.global.cg, 1024 threads per SM) "
                         "/ (the L2 rate above / SMs)",
    "l2_effective_bytes": "largest footprint of the L2 read curve still at >= 90% of its plateau",
    "launch_overhead_s": "do_bench median of an empty Triton kernel replayed as a CUDA graph, as the sweep times the pointer kernels",
    "sm_clock_under_load_hz": "median SM clock while the vendor BLAS runs 8192^3 fp16",
    "l2_latency_s": "pointer chase, one warp, 16 MiB ring",
    "dram_latency_s": "pointer chase, one warp, 2 GiB ring, L2 flushed after the warm-up walk",
    "matrix_efficiency": "best aligned one-wave long-K GEMM FLOP/s per SM / (fp16 ops per clock x clock_max)",
    "warp_mma_ops_per_s": "t = t0 + (F/warps)/R over the mma.sync dot-only loops",
    "warp_mma_step_s": "t0 of t = t0 + (F/warps)/R over the mma.sync dot-only loops",
    "pipeline_latency_s": "grid search over the aligned one-wave long-K GEMMs",
    "kstep_overhead_s": "grid search over the aligned one-wave long-K GEMMs",
    "overlap_leak": "grid search over the aligned one-wave long-K GEMMs",
    "scalar_load_fixed_s": "unaligned one-wave GEMMs without spills, 1 block/SM",
    "scalar_load_s_per_elem": "unaligned one-wave GEMMs without spills, 1 block/SM",
    "scalar_load_elems_per_s_per_sm": "unaligned one-wave GEMMs without spills, 2 blocks/SM",
    "spill_s_per_reg": "unaligned one-wave GEMMs with spills: residual per spilled register, thread and k-step",
    "dram_read_over_copy": "highest DRAM rate of the memory-bound stream GEMMs (M = 16) / the copy rate",
    "partial_clock_gain": "clock_max / the SM clock under load",
    "partial_clock_exponent": "grid search, the whole model over the partial-wave long-K GEMMs",
    "memory_overlap_exponent": "grid search, the whole model over the memory-bound stream GEMMs",
    "elementwise_store_elems_per_s_per_sm": "median over the C-store pairs (16-bit nt, the same tile at N and N - 1) "
                                            "of C elements per SM over the time the model leaves unexplained",
    "kmajor_copy_weight": "the grid value whose median measured / predicted over the TF32 nt one-by-one-copy GEMMs "
                          "(K odd) at 2-3 stages is nearest 1",
}
UNITS = {"bytes_per_s": ("dram_bw_achieved_bytes_per_s", "l2_bw_achieved_bytes_per_s"),
         "bytes": ("l2_effective_bytes",), "hz": ("sm_clock_under_load_hz",), "ratio": ("matrix_efficiency", "overlap_leak"),
         "ops_per_s": ("warp_mma_ops_per_s",), "elems_per_s": ("scalar_load_elems_per_s_per_sm", "elementwise_store_elems_per_s_per_sm"),
         "factor": ("dram_read_over_copy", "l2_sm_share_ratio", "partial_clock_gain", "partial_clock_exponent", "memory_overlap_exponent",
                    "kmajor_copy_weight")}


def unit_of(name: str) -> str:
    """The unit a calibration constant is written in (UNITS; seconds where not listed)."""
    return next((u for u, names in UNITS.items() if name in names), "s")


def calibration_block(values: dict[str, float], cal: dict, where: str) -> dict:
    """The `calibration:` mapping of a device file: every derived value measured, its source
    `where` (the command, GPU, driver, versions, date) and how it was obtained."""
    block = {}
    for name, how in HOW.items():
        if name not in values:
            continue
        v = values[name]
        v = int(round(v)) if unit_of(name) == "bytes" else float(f"{v:.6g}")
        block[name] = {"value": v, "unit": unit_of(name), "confidence": "measured", "source": f"{where}; {how}"}
    blas = {name: {"value": float(f"{r['ops_per_s']:.6g}"), "unit": "ops_per_s", "confidence": "measured",
                   "source": f"{where}; vendor BLAS (torch.matmul) 8192^3 {name}, random inputs, do_bench median"}
            for name, r in cal.get("cublas_8192", {}).items()}
    if blas:
        block["matrix_achieved_ops_per_s"] = blas
    return block


def device_file(base: HardwareSpec, values: dict[str, float], cal: dict, header: dict, new_id: str) -> dict:
    """`base`'s device file with this device's measurements: id and name say it is calibrated,
    the calibration block holds every derived constant; a transfer reference stays (or names the
    base device) for the constants `calibrate` does not derive, which are borrowed and reported
    as estimated (gather_elems_per_s_per_sm, descriptor_launch_s, shared_kmajor_b_factor,
    fma_kmajor_b_read_s, fma_hide_warps and fma_hide_exponent: fitted on timed GEMMs;
    mixed_k_load_factor: fitted on the lab's kstep_mixed microbenchmark, which `calibrate` does
    not run)."""
    data = base.model_dump(mode="json", exclude_none=True)
    where = (f"measured: perfmodel calibrate --hw {base.id} on {header.get('gpu_name')} (driver {header.get('driver')}, "
             f"torch {header.get('torch')}, Triton {header.get('triton')}, {header.get('date_utc')})")
    data["id"] = new_id
    data["name"] = f"{base.name} (calibrated {str(header.get('date_utc', ''))[:10]})"
    data["aliases"] = []
    data["calibration"] = calibration_block(values, cal, where)
    not_derived = [n for n in CALIBRATED if n not in values]
    if not not_derived:
        data.pop("transfer", None)
    elif "transfer" not in data and base.id in {d.id for d in known_devices()}:
        # constants the base device measured that `calibrate` does not (e.g. fitted on timed
        # GEMMs) are borrowed from it, reported as estimated
        kept = [n for n in not_derived if getattr(base.calibration, n, None) is not None]
        data["transfer"] = {"reference": {"value": base.id, "confidence": "estimated",
                                          "source": f"estimated: {', '.join(kept) or 'what calibrate does not measure'} "
                                                    f"borrowed from {base.id}"}}
    return data
