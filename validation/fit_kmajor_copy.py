#!/usr/bin/env python3
"""Fit calibration kmajor_copy_weight (u: a one-by-one copy from a K-major operand into K-major shared
memory, TF32 `nt`, in the gathered copies the k-step prices at gather_elems_per_s_per_sm) on the one-wave
microbenchmark validation/data/h200/microbench_tf32_none_spills.json (kstep_tf32_none_spills: ten `nt` tiles
at 1-3 stages, K = 4093, M and N 16-divisible; shapes outside every suite).

    python validation/fit_kmajor_copy.py            # the grid, and the value chosen

The value chosen: of the grid, the one whose median measured / predicted over the 2- and 3-stage rows (the
pipelined copies u weighs) is nearest 1. The 1-stage rows (no copies: loads through registers) are printed
beside them as the control: u does not move them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from perfmodel.calibration_copies import KCOPY_GRID, kmajor_copy_weight  # noqa: E402
from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.params import timing_params  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "h200" / "microbench_tf32_none_spills.json"
GRID = KCOPY_GRID  # one grid: `perfmodel calibrate` chooses from it too (perfmodel.calibration_copies.kmajor_copy_weight)


def timed_rows() -> list[dict]:
    return [r for r in json.loads(DATA.read_text())["kstep_tf32_none_spills"] if "time_ms" in r]


def choose(rows: list[dict]) -> tuple[float, dict[float, dict[int, list[float]]]]:
    """(the value chosen, each grid value's measured / predicted by num_stages): perfmodel.calibration's
    kmajor_copy_weight, the choice `perfmodel calibrate` makes, on the H200's file constants."""
    spec = load_hardware("h200")
    chosen, ratios = kmajor_copy_weight(spec, timing_params(spec, "tf32"), rows)
    by_u = {u: {st: [x for r, x in zip(rows, rs) if r["num_stages"] == st] for st in (1, 2, 3)} for u, rs in ratios.items()}
    return chosen, by_u


def main() -> int:
    chosen, by_u = choose(timed_rows())
    print(f"{'u':>5} {'s1 median':>10} {'s2 median':>10} {'s3 median':>10} {'s2+s3':>7}")
    for u, r in by_u.items():
        print(f"{u:5.2f} {np.median(r[1]):10.3f} {np.median(r[2]):10.3f} {np.median(r[3]):10.3f} "
              f"{np.median(r[2] + r[3]):7.3f}")
    pipe = np.median(by_u[chosen][2] + by_u[chosen][3])
    print(f"chosen: kmajor_copy_weight {chosen} (median measured / predicted over the 2- and 3-stage rows {pipe:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
