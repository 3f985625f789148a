#!/usr/bin/env python3
"""Derive a device's calibration constants (the `calibration:` block of hardware/<id>.yaml) from
its recorded microbenchmarks, with the model's own functions.

    python validation/calibrate.py [--hw h200] [--write]   # prints the block, derived from
                                   # validation/data/<hw>/{calibration,microbench}.json;
                                   # --write puts it into hardware/<hw>.yaml

Inputs (all measured on the device, at shapes outside the validation suite):
  calibration.json  DRAM copy, L2 read curve, empty-kernel time (device_sweep.py --calibrate)
  microbench.json   pointer-chase latencies, dot-only loops (mma_loop), one-wave long-K GEMMs
                    (kstep), SM clock under load (validation/microbench.py)

Derivations (each constant's YAML source names its rows). The device's SM count, clock, fp16
matrix rate and shared-memory bandwidth come from its device file; each k-step and tile is the
model's (perfmodel.kernels.pipeline.kstep_time / tile_time on the grouped kernel's KStep, with
the recorded compiles' spills), so no formula is written twice:
  matrix_efficiency      best aligned kstep FLOP/s per SM / (fp16 ops per clock x clock_max): the
                         steady main loop's share of the tensor cores' per-clock peak
  warp_mma_*             t = t0 + (F / warps) / R over mma_loop rows that used mma.sync (1 block/SM)
  pipeline_latency_s,    grid search minimising the median relative error of the model's one-wave
  kstep_overhead_s,      time (launch + tile_time) over the aligned kstep rows; the model is
  overlap_leak           evaluated on the whole grid at once (its constants as numpy arrays)
  scalar_load_*          least squares of the unaligned kstep rows without spills (1 block/SM:
                         fixed + per-element-per-thread cost; 2 blocks/SM: elements per second)
  spill_s_per_reg        median residual of the unaligned rows with spills, per spilled register,
                         thread and k-step, over the model's k-step without spills
tests/test_timing.py re-derives these and checks hardware/h200.yaml holds the same numbers.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.hardware import load_hardware  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import Context  # noqa: E402
from perfmodel.kernels.pipeline import kstep_time, tile_time, timing_params  # noqa: E402
from perfmodel.kernels.registry import get as kernel_model  # noqa: E402
from perfmodel.kernels.tiled import kstep_of  # noqa: E402
from perfmodel.problem import ALIGNMENTS, GemmProblem  # noqa: E402

L2_BW_KEY = "l2_read_curve"
LATENCY_GUESS_S = 0.83e-6  # prologue/epilogue latency assumed when reading the L2 rate off the kstep rows


def _load(data: Path):
    return json.loads((data / "calibration.json").read_text()), json.loads((data / "microbench.json").read_text())


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
    out["sm_clock_under_load_hz"] = float(np.median(clocks)) * 1e6


def _params(spec, out: dict):
    """The model's constants with every value derived so far put in place of the file's."""
    p = timing_params(spec, "fp16")
    clk = float(spec.compute.clock_max_hz.value)
    per_clock = float(spec.dtype_throughput("fp16").matrix.ops_per_clock_per_sm.value)
    return dataclasses.replace(
        p, matrix_ops_per_s_per_sm=per_clock * clk * out["matrix_efficiency"], warp_mma_ops_per_s=out["warp_mma_ops_per_s"],
        warp_mma_step_s=out["warp_mma_step_s"], l2_bw_bytes_per_s=out["l2_bw_achieved_bytes_per_s"],
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
    have the smallest median relative error (the model evaluated on the whole grid at once)."""
    Ls = np.arange(300e-9, 1500e-9, 5e-9)
    cs = np.arange(0.0, 200e-9, 2e-9)
    best_err, best = 1e9, None
    for leak in np.arange(0.0, 0.31, 0.02):
        grid = dataclasses.replace(p, pipeline_latency_s=Ls[:, None, None], kstep_overhead_s=cs[None, :, None],
                                   overlap_leak=float(leak))
        err = np.median(np.abs(rows.one_wave_s(grid) - rows.time_s) / rows.time_s, axis=-1)
        i, j = np.unravel_index(int(np.argmin(err)), err.shape)
        if err[i, j] < best_err - 1e-12:
            best_err, best = float(err[i, j]), (float(Ls[i]), float(cs[j]), float(leak))
    out["pipeline_latency_s"], out["kstep_overhead_s"], out["overlap_leak"] = best
    out["_fit_median_rel_err_aligned_kstep"] = best_err


def _scalar_loads(p, unaligned: Rows, spilled: Rows, out):
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
    no_spills = dataclasses.replace(spilled.step, spilled=np.zeros_like(spilled.step.spilled))
    base = kstep_time(fitted, no_spills, blocks=spilled.blocks).total - fitted.kstep_overhead_s
    per_reg = (spilled.kstep_observed(fitted) - base) / (spilled.blocks * spilled.step.threads * spilled.step.spilled)
    out["spill_s_per_reg"] = float(max(np.median(per_reg), 0.0))


def derive(hw: str = "h200", data: Path | None = None) -> dict[str, float]:
    spec = load_hardware(hw)
    cal, mb = _load(data or HERE / "data" / spec.id)
    out: dict[str, float] = {}
    _measured_basics(spec, cal, mb, out)
    ks = [r for r in mb["kstep"] if "time_ms" in r and r["rel_err"] < 1e-2]
    aligned = [r for r in ks if r["aligned"]]
    _matrix_rates(spec, mb, aligned, out)
    p = _params(spec, out)
    _pipeline_grid(p, Rows(spec, p, aligned, "all"), out)
    p = dataclasses.replace(p, pipeline_latency_s=out["pipeline_latency_s"], kstep_overhead_s=out["kstep_overhead_s"],
                            overlap_leak=out["overlap_leak"])
    _scalar_loads(p, Rows(spec, p, [r for r in ks if not r["aligned"] and r["n_spills"] == 0], "none"),
                  Rows(spec, p, [r for r in ks if not r["aligned"] and r["n_spills"] > 0], "none"), out)
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
        lines.append(f"  {k}: {{value: {values[k]:.6g}, unit: {unit}, confidence: measured, source: \"{src}\"}}")
    return "\n".join(lines)


def write_yaml(vals: dict, path: Path) -> None:
    """Replace the derived part of the device file's calibration block (up to matrix_achieved_ops_per_s)."""
    text = path.read_text()
    start = text.index("calibration:")
    end = text.index("  matrix_achieved_ops_per_s:")
    path.write_text(text[:start] + yaml_block(vals) + "\n" + text[end:])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hw", default="h200", help="the device whose validation/data/<id>/ microbenchmarks to read")
    ap.add_argument("--write", action="store_true", help="write the block into hardware/<id>.yaml")
    args = ap.parse_args(argv)
    vals = derive(args.hw)
    print(yaml_block(vals))
    if args.write:
        path = HERE.parent / "hardware" / f"{load_hardware(args.hw).id}.yaml"
        write_yaml(vals, path)
        print(f"# wrote {path}", file=sys.stderr)
    print(f"# aligned kstep fit: median relative error {vals['_fit_median_rel_err_aligned_kstep']:.3f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
