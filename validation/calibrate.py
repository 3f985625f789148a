#!/usr/bin/env python3
"""Derive the H200 calibration constants of hardware/h200.yaml from the recorded microbenchmarks.

    python validation/calibrate.py [--write] # prints the calibration block, derived from
                                             # validation/data/h200/{calibration,microbench}.json;
                                             # --write puts it into hardware/h200.yaml

Inputs (all measured on the H200, at shapes outside the validation suite):
  calibration.json  DRAM copy, L2 read curve, empty-kernel time (device_sweep.py --calibrate)
  microbench.json   pointer-chase latencies, dot-only loops (mma_loop), one-wave long-K GEMMs
                    (kstep), SM clock under load (validation/microbench.py)

Derivations (each constant's YAML source names its rows):
  matrix_efficiency      best aligned kstep FLOP/s per SM / (4096 x clock_max): the steady
                         main loop's share of the tensor cores' per-clock peak
  warp_mma_*             t = t0 + (F / warps) / R over mma_loop rows that used mma.sync (1 block/SM)
  pipeline_latency_s,    grid search minimising the median relative error of the model's kstep
  kstep_overhead_s       time (perfmodel.timing.kstep_time) over the aligned kstep rows
  scalar_load_*          least squares of the unaligned kstep rows without spills (1 block/SM:
                         fixed + per-element-per-thread cost; 2 blocks/SM: elements per second)
  spill_s_per_reg        median residual of the unaligned rows with spills per spilled register,
                         thread and k-step
tests/test_timing.py re-derives these and checks hardware/h200.yaml holds the same numbers.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
DATA = HERE / "data" / "h200"
CLOCK_MAX = 1.98e9
SMS = 132
PER_CLOCK_FP16 = 4096
SMEM_BYTES_PER_CLOCK = 128
L2_BW_KEY = "l2_read_curve"


def _load():
    return json.loads((DATA / "calibration.json").read_text()), json.loads((DATA / "microbench.json").read_text())


def derive() -> dict[str, float]:
    from perfmodel.timing import TimingParams, kstep_time, smem_bytes_per_kstep

    cal, mb = _load()
    out: dict[str, float] = {}
    out["dram_bw_achieved_bytes_per_s"] = cal["dram_copy"]["bw_bytes_per_s"]
    curve = cal[L2_BW_KEY]
    top = max(r["bw_bytes_per_s"] for r in curve)
    out["l2_effective_bytes"] = max(r["footprint_bytes"] for r in curve if r["bw_bytes_per_s"] >= 0.9 * top)
    out["launch_overhead_s"] = cal["empty_kernel_do_bench_ms"] * 1e-3
    # L2 -> SM bandwidth: the highest rate the GEMM main loop itself sustained (the .cg read
    # curve's plateau, ~8.8 TB/s, is lower than what cp.async tiles achieve, so it only sets
    # the effective capacity). Per k-step time after launch, prologue and epilogue latency.
    mb_ks = [r for r in mb["kstep"] if "time_ms" in r and r["aligned"] and r["rel_err"] < 1e-2]
    lat_guess = 0.83e-6
    out["l2_bw_achieved_bytes_per_s"] = max(
        r["tiles_per_sm"] * (r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] * 2 * SMS
        / ((r["time_ms"] * 1e-3 - out["launch_overhead_s"] - 2 * lat_guess) / r["k_steps"]) for r in mb_ks)
    out["l2_latency_s"] = mb["latency"]["l2_hit"]["s_per_load"]
    out["dram_latency_s"] = mb["latency"]["dram"]["s_per_load"]
    clocks = [float(s.split(",")[0]) for s in mb["clocks"]["samples_mhz_watts"] if s and s[0].isdigit()]
    out["sm_clock_under_load_hz"] = float(np.median(clocks)) * 1e6

    ks = [r for r in mb["kstep"] if "time_ms" in r and r["rel_err"] < 1e-2]
    al = [r for r in ks if r["aligned"]]
    best = max(2.0 * r["BLOCK_M"] * r["BLOCK_N"] * r["BLOCK_K"] * r["k_steps"] * r["tiles_per_sm"] / (r["time_ms"] * 1e-3)
               for r in al)
    out["matrix_efficiency"] = best / (PER_CLOCK_FP16 * CLOCK_MAX)

    mm = [r for r in mb["mma_loop"] if "flops_per_s_per_sm" in r and not r["wgmma"] and r["blocks_per_sm"] == 1
          and r["n_spills"] == 0]
    X = np.array([[1.0, 2.0 * r["BLOCK_M"] * r["BLOCK_N"] * r["BLOCK_K"] / r["num_warps"]] for r in mm])
    y = np.array([r["s_per_kstep_per_block"] for r in mm])
    (t0, inv_r), *_ = np.linalg.lstsq(X, y, rcond=None)
    out["warp_mma_step_s"] = float(t0)
    out["warp_mma_ops_per_s"] = float(1.0 / inv_r)

    def params(L, c, a=1e-6, te=1e-8, R=5e9, sp=0.0, leak=0.0):
        return TimingParams(
            sms=SMS, clock_hz=CLOCK_MAX, matrix_ops_per_s_per_sm=PER_CLOCK_FP16 * CLOCK_MAX * out["matrix_efficiency"],
            vector_ops_per_s_per_sm=1e12, warp_mma_ops_per_s=out["warp_mma_ops_per_s"],
            warp_mma_step_s=out["warp_mma_step_s"], pipeline_latency_s=L, kstep_overhead_s=c, scalar_load_fixed_s=a,
            scalar_load_s_per_elem=te, scalar_load_elems_per_s_per_sm=R, spill_s_per_reg=sp,
            l2_bw_bytes_per_s=out["l2_bw_achieved_bytes_per_s"], dram_bw_bytes_per_s=out["dram_bw_achieved_bytes_per_s"],
            l2_bytes=out["l2_effective_bytes"], launch_s=out["launch_overhead_s"],
            smem_bytes_per_s_per_sm=SMEM_BYTES_PER_CLOCK * CLOCK_MAX, overlap_leak=leak, matrix_latency_s=0.0,
            matrix_k=16, compute_path="matrix",
            instruction="")

    obs = np.array([r["time_ms"] * 1e-3 for r in al])
    best_err, best_lc = 1e9, None
    # grid search, vectorised over the k-step overhead: per row the L-independent parts
    Ls = np.arange(300e-9, 1500e-9, 5e-9)
    cs = np.arange(0.0, 200e-9, 2e-9)
    parts = []
    for r in al:
        bm, bn, bk, w, s, b = (r[k] for k in ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages", "tiles_per_sm"))
        p0 = params(0.0, 0.0)
        F = 2.0 * bm * bn * bk
        sync = not (w >= 4 and bm >= 64)
        smem_k = smem_bytes_per_kstep(np.array([bm]), np.array([bn]), bk, np.array([w]), 2, np.array([not sync]))
        _, t_mma, t_l2, _ = kstep_time(p0, np.array([b]), F, (bm + bn) * bk * 2, w, np.array([sync]), max(s - 1, 1), True,
                                       0, 0, w * 32, 0, None, smem_k)
        parts.append((float(t_mma[0]), float(t_l2[0]), max(s - 1, 1), r["k_steps"],
                      b * bm * bn * 2 / (out["l2_bw_achieved_bytes_per_s"] / SMS)))
    parts = np.array(parts)
    best_leak = 0.0
    for leak in np.arange(0.0, 0.31, 0.02):
        for L in Ls:
            lat = L / parts[:, 2]
            terms = np.stack([parts[:, 0], parts[:, 1], lat])
            top = terms.max(axis=0)
            tk = (top + leak * (terms.sum(axis=0) - top))[None, :] + cs[:, None]
            tot = out["launch_overhead_s"] + parts[:, 3][None, :] * tk + 2 * L + parts[:, 4][None, :]
            err = np.median(np.abs(tot - obs[None, :]) / obs[None, :], axis=1)
            i = int(np.argmin(err))
            if err[i] < best_err - 1e-12:
                best_err, best_lc, best_leak = float(err[i]), (float(L), float(cs[i])), float(leak)
    out["pipeline_latency_s"], out["kstep_overhead_s"] = best_lc
    out["overlap_leak"] = best_leak

    # unaligned: per-k-step time without spills
    L, c = best_lc
    un = [r for r in ks if not r["aligned"] and r["n_spills"] == 0]
    one = [r for r in un if r["tiles_per_sm"] == 1]

    def tk_obs(r):
        b = r["tiles_per_sm"]
        fixed = out["launch_overhead_s"] + 2 * L + b * r["BLOCK_M"] * r["BLOCK_N"] * 2 / (out["l2_bw_achieved_bytes_per_s"] / SMS)
        return (r["time_ms"] * 1e-3 - fixed) / r["k_steps"] - c

    X = np.array([[1.0, (r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] / (r["num_warps"] * 32)] for r in one])
    y = np.array([tk_obs(r) for r in one])
    (a, te), *_ = np.linalg.lstsq(X, y, rcond=None)
    out["scalar_load_fixed_s"], out["scalar_load_s_per_elem"] = float(a), float(te)
    two = [r for r in un if r["tiles_per_sm"] == 2]
    out["scalar_load_elems_per_s_per_sm"] = float(np.median([2 * (r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] / tk_obs(r)
                                                             for r in two]))
    sp = [r for r in ks if not r["aligned"] and r["n_spills"] > 0]
    res = []
    for r in sp:
        thr = r["num_warps"] * 32
        e_thr = (r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] / thr
        base = max(a + e_thr * te, r["tiles_per_sm"] * (r["BLOCK_M"] + r["BLOCK_N"]) * r["BLOCK_K"] / out["scalar_load_elems_per_s_per_sm"])
        res.append((tk_obs(r) - base) / (r["tiles_per_sm"] * thr * r["n_spills"]))
    out["spill_s_per_reg"] = float(max(np.median(res), 0.0))
    out["_fit_median_rel_err_aligned_kstep"] = best_err
    return out


SOURCES = {
    "dram_bw_achieved_bytes_per_s": ("bytes_per_s", "measured: python3 validation/device_sweep.py --calibrate (1 GiB device-to-device copy, bytes read + written; validation/data/h200/calibration.json)"),
    "l2_bw_achieved_bytes_per_s": ("bytes_per_s", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (highest L2->SM tile-load rate the aligned one-wave long-K GEMMs sustained; the .cg read curve of device_sweep.py --calibrate plateaus lower, at 8.8 TB/s)"),
    "l2_effective_bytes": ("bytes", "measured: python3 validation/device_sweep.py --calibrate (largest footprint of l2_read_curve still at >= 90% of the plateau bandwidth)"),
    "launch_overhead_s": ("s", "measured: python3 validation/device_sweep.py --calibrate (triton.testing.do_bench median of an empty Triton kernel, the sweep's own timing method)"),
    "sm_clock_under_load_hz": ("hz", "measured: python3 validation/microbench.py (median nvidia-smi clocks.sm while cuBLAS runs 8192^3 fp16 for 2.5 s; power-limited at ~690 W)"),
    "l2_latency_s": ("s", "measured: python3 validation/microbench.py latency (pointer chase, one warp, warmed walk)"),
    "dram_latency_s": ("s", "measured: python3 validation/microbench.py (pointer chase over a 2 GiB ring, cold walk)"),
    "matrix_efficiency": ("ratio", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (best aligned one-wave long-K GEMM FLOP/s per SM / (4096 x 1.98 GHz))"),
    "warp_mma_ops_per_s": ("ops_per_s", "measured: python3 validation/microbench.py mma_loop; derived by validation/calibrate.py (t = t0 + (F/warps)/R over mma.sync rows)"),
    "warp_mma_step_s": ("s", "measured: python3 validation/microbench.py mma_loop; derived by validation/calibrate.py (t0 of t = t0 + (F/warps)/R)"),
    "pipeline_latency_s": ("s", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (grid search over the aligned one-wave long-K GEMMs)"),
    "kstep_overhead_s": ("s", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (grid search over the aligned one-wave long-K GEMMs)"),
    "overlap_leak": ("ratio", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (grid search with the latency and overhead: the share of the non-binding k-step terms that still costs time)"),
    "scalar_load_fixed_s": ("s", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows without spills, 1 block/SM)"),
    "scalar_load_s_per_elem": ("s", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows without spills, 1 block/SM)"),
    "scalar_load_elems_per_s_per_sm": ("elems_per_s", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows without spills, 2 blocks/SM)"),
    "spill_s_per_reg": ("s", "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows with spills: residual per spilled register, thread and k-step)"),
}


def yaml_block(values: dict[str, float]) -> str:
    lines = ["calibration:"]
    for k, (unit, src) in SOURCES.items():
        v = values[k]
        lines.append(f"  {k}: {{value: {v:.6g}, unit: {unit}, confidence: measured, source: \"{src}\"}}")
    return "\n".join(lines)


def write_yaml(vals: dict, path: Path = HERE.parent / "hardware" / "h200.yaml") -> None:
    """Replace the derived part of h200.yaml's calibration block (up to matrix_achieved_ops_per_s)."""
    text = path.read_text()
    start = text.index("calibration:")
    end = text.index("  matrix_achieved_ops_per_s:")
    path.write_text(text[:start] + yaml_block(vals) + "\n" + text[end:])


def main() -> int:
    vals = derive()
    print(yaml_block(vals))
    if "--write" in sys.argv:
        write_yaml(vals)
        print("# wrote hardware/h200.yaml", file=sys.stderr)
    print(f"# aligned kstep fit: median relative error {vals['_fit_median_rel_err_aligned_kstep']:.3f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
