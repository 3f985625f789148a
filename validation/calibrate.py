#!/usr/bin/env python3
"""Derive the H200's calibration constants (the `calibration:` block of hardware/h200.yaml) from
its recorded microbenchmarks, with the model's own functions (perfmodel.calibration.derive,
which `perfmodel calibrate` runs on a user's GPU).

    python validation/calibrate.py [--hw h200] [--write]   # prints the block, derived from
                                   # validation/data/<hw>/{calibration,microbench}.json;
                                   # --write puts it into hardware/<hw>.yaml

Inputs (all measured on the device, at shapes outside the validation suite):
  calibration.json  DRAM copy, L2 read curve, empty-kernel time (device_sweep.py --calibrate)
  microbench.json   pointer-chase latencies, dot-only loops (mma_loop), one-wave long-K GEMMs
                    (kstep), SM clock under load (validation/microbench.py)
  microbench_memory.json   memory-bound GEMMs (stream) and partial waves (partial), recorded
                    before the model used them (validation/microbench.py stream partial)
  l2_share_probe.jsonl     L2 reads on 1 to all SMs (validation/l2_share_probe.py): its 1024-thread
                    rows are what `perfmodel calibrate` records as l2_sm_read
  microbench_tf32_none_spills.json   TF32 nt GEMMs copying every element one by one (validation/
                    microbench.py kstep_tf32_none_spills): what `perfmodel calibrate` records as kcopies

Derivations: perfmodel/calibration.py's module doc.
tests/test_timing.py re-derives these and checks hardware/h200.yaml holds the same numbers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from perfmodel.calibration import derive as derive_constants, unit_of  # noqa: E402
from perfmodel.hardware import load_hardware  # noqa: E402


PROBE = "l2_share_probe.jsonl"


def l2_sm_read_rows(folder: Path) -> list[dict]:
    """The probe's reads of 1024 threads per SM (32 warps), the ones `perfmodel calibrate` makes
    (perfmodel.gpu.microbench.l2_sm_read), from `folder`/l2_share_probe.jsonl."""
    rows = [json.loads(line) for line in (folder / PROBE).read_text().splitlines()[1:]]
    return [r for r in rows if r["kind"] == "ld" and r["num_warps"] == 32]


def derive(hw: str = "h200", data: Path | None = None) -> dict[str, float]:
    """The constants perfmodel.calibration.derive gives for the recorded measurements of `hw`
    (validation/data/<id>/calibration.json and microbench.json)."""
    spec = load_hardware(hw)
    folder = data or HERE / "data" / spec.id
    cal = json.loads((folder / "calibration.json").read_text())
    mb = json.loads((folder / "microbench.json").read_text())
    if (folder / PROBE).exists():  # the per-SM L2 read (`perfmodel calibrate` records it as l2_sm_read)
        cal = {**cal, "l2_sm_read": l2_sm_read_rows(folder)}
    memory = folder / "microbench_memory.json"
    if memory.exists():
        mem = json.loads(memory.read_text())
        mb = {**mb, "stream": mem["stream"], "partial": mem["partial"]}
    copies = folder / "microbench_tf32_none_spills.json"
    if copies.exists():  # what `perfmodel calibrate` records as kcopies (it times the 2-3 stage rows alone)
        mb = {**mb, "kcopies": json.loads(copies.read_text())["kstep_tf32_none_spills"]}
    return derive_constants(spec, cal, mb)


SOURCES = {
    "dram_bw_achieved_bytes_per_s": "measured: python3 validation/device_sweep.py --calibrate (1 GiB device-to-device copy, bytes read + written; validation/data/h200/calibration.json)",
    "l2_bw_achieved_bytes_per_s": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (highest L2->SM tile-load rate the aligned one-wave long-K GEMMs sustained; the .cg read curve of device_sweep.py --calibrate plateaus lower, at 8.8 TB/s)",
    "l2_sm_share_ratio": "measured: OUT=out python3 validation/l2_share_probe.py (validation/data/h200/l2_share_probe.jsonl: 230 GB/s per SM with 1-8 of 132 SMs busy, ld.global.cg at 32 warps); derived by validation/calibrate.py (that rate / (l2_bw_achieved / 132))",
    "l2_effective_bytes": "measured: python3 validation/device_sweep.py --calibrate (largest footprint of l2_read_curve still at >= 90% of the plateau bandwidth)",
    "launch_overhead_s": "measured: python3 validation/device_sweep.py --calibrate (triton.testing.do_bench median of an empty Triton kernel, the sweep's own timing method)",
    "sm_clock_under_load_hz": "measured: python3 validation/microbench.py (median nvidia-smi clocks.sm while cuBLAS runs 8192^3 fp16 for 2.5 s; power-limited at ~690 W)",
    "l2_latency_s": "measured: python3 validation/microbench.py latency (pointer chase, one warp, warmed walk)",
    "dram_latency_s": "measured: python3 validation/microbench.py (pointer chase over a 2 GiB ring, cold walk)",
    "matrix_efficiency": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (best aligned one-wave long-K GEMM FLOP/s per SM / (4096 x 1.98 GHz))",
    "warp_mma_ops_per_s": "measured: python3 validation/microbench.py mma_loop; derived by validation/calibrate.py (t = t0 + (F/warps)/R over mma.sync rows)",
    "warp_mma_step_s": "measured: python3 validation/microbench.py mma_loop; derived by validation/calibrate.py (t0 of t = t0 + (F/warps)/R)",
    "pipeline_latency_s": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (grid search over the aligned one-wave long-K GEMMs)",
    "kstep_overhead_s": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (grid search over the aligned one-wave long-K GEMMs)",
    "overlap_leak": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (grid search with the latency and overhead: the share of the non-binding k-step terms that still costs time)",
    "scalar_load_fixed_s": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows without spills, 1 block/SM)",
    "scalar_load_s_per_elem": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows without spills, 1 block/SM)",
    "scalar_load_elems_per_s_per_sm": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows without spills, 2 blocks/SM)",
    "spill_s_per_reg": "measured: python3 validation/microbench.py kstep; derived by validation/calibrate.py (unaligned rows with spills: residual per spilled register, thread and k-step)",
    "dram_read_over_copy": "measured: python3 validation/microbench.py stream (validation/data/h200/microbench_memory.json); derived by validation/calibrate.py (highest DRAM rate of the M = 16 GEMMs streaming B / the copy rate)",
    "partial_clock_gain": "measured: python3 validation/microbench.py (clock_max 1.98 GHz / the SM clock under cuBLAS load)",
    "partial_clock_exponent": "measured: python3 validation/microbench.py partial (validation/data/h200/microbench_memory.json); derived by validation/calibrate.py (grid search, the whole model over 28 partial-wave long-K GEMMs, 4-132 tiles)",
    "memory_overlap_exponent": "measured: python3 validation/microbench.py stream (validation/data/h200/microbench_memory.json); derived by validation/calibrate.py (grid search, the whole model over 105 memory-bound M = 16 GEMMs)",
    "kmajor_copy_weight": "measured: python3 validation/microbench.py kstep_tf32_none_spills (validation/data/h200/microbench_tf32_none_spills.json: one wave of TF32 nt class-none tiles at 1-3 stages, K = 4093, shapes outside every suite; `perfmodel calibrate` times its 2-3 stage rows as kcopies); derived by validation/calibrate.py (the grid value whose median measured / predicted over the 2- and 3-stage rows is nearest 1: 0.330 at u = 1, 0.967 at 0.3, with lone_copy_share 0.7; 0.35 before it, session 44)",
}


def yaml_block(values: dict[str, float]) -> str:
    lines = ["calibration:"]
    for k, src in SOURCES.items():
        lines.append(f"  {k}: {{value: {values[k]:.6g}, unit: {unit_of(k)}, confidence: measured, source: \"{src}\"}}")
    return "\n".join(lines)


FITTED = "  # fitted on timed GEMMs"


def write_yaml(vals: dict, path: Path) -> None:
    """Replace the derived part of the device file's calibration block: up to the constants fitted
    on timed GEMMs (FITTED, kept as they are) or else up to matrix_achieved_ops_per_s. Constants
    of that part this script does not derive (another script's, e.g. fit_l1_thrash.py's) are kept,
    after the derived ones."""
    text = path.read_text()
    start = text.index("calibration:")
    end = text.index(FITTED) if FITTED in text else text.index("  matrix_achieved_ops_per_s:")
    others = [line for line in text[start:end].splitlines()[1:]
              if line.strip() and line.split(":")[0].strip() not in SOURCES]
    path.write_text(text[:start] + "\n".join([yaml_block(vals), *others]) + "\n" + text[end:])


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
    print(f"# aligned kstep fit: mean |log(model/measured)| {vals['_fit_mean_abs_log_err_aligned_kstep']:.3f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
