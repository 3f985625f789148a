#!/usr/bin/env python3
"""Fit calibration lone_copy_share (s1: the one-by-one copy rate of a block alone on its SM, as a share of
gather_elems_per_s_per_sm, the rate at two blocks; perfmodel.kernels.pipeline.gather_rate) on the one-wave
microbenchmark validation/data/h200/microbench_tf32_none_copies.json (kstep_tf32_none_copies: twelve TF32
tiles with A copied one by one, load classes "n" (`nn`, N 16-divisible) and "none" (`nt`), at 2 and 3
stages, K = 4093, one wave at 1, 2 and 3 tiles per SM; shapes outside every suite).

    python validation/fit_lone_copy.py            # the pairs, the grid, and the value chosen

Each pair is one tile whose residency has room for two or more blocks, timed at one tile per SM (a block
alone on its SM) and at two: the ratio t(1) / t(2), measured against the model's. The value chosen: of
the grid, the one with the least mean |ln(measured / predicted)| over the pairs (0 is the model without
the share: R_g (1/2)^a).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from perfmodel.calibration_copies import LONE_GRID, lone_copy_share, lone_pairs, lone_ratios  # noqa: E402
from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.params import timing_params  # noqa: E402
from perfmodel.names import CONFIG_KEYS  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "h200" / "microbench_tf32_none_copies.json"
GRID = LONE_GRID  # one grid and one rule: `perfmodel calibrate` derives the share with them from its kcopies rows


def timed_rows() -> list[dict]:
    return [r for r in json.loads(DATA.read_text())["kstep_tf32_none_copies"] if "time_ms" in r]


def choose(rows: list[dict]) -> tuple[float, dict[float, list[float]]]:
    """(the value chosen, each grid value's log errors) on the H200's file constants (TF32):
    perfmodel.calibration_copies.lone_copy_share, the choice `perfmodel calibrate` makes."""
    spec = load_hardware("h200")
    return lone_copy_share(spec, timing_params(spec, "tf32"), rows)


def main() -> int:
    rows = timed_rows()
    spec = load_hardware("h200")
    p0 = dataclasses.replace(timing_params(spec, "tf32"), lone_copy_share=0.0)
    print("measured t(1 tile per SM) / t(2), and the model's without the share, by layout and stages:")
    for one, b, measured, model in lone_ratios(spec, p0, lone_pairs(rows)):
        name = "{}x{}x{}_w{}_s{}".format(*(one[k] for k in CONFIG_KEYS[:5]))
        print(f"  {one['layout']} {name:18s} b={b} measured {measured:.2f} model {model:.2f}")
    chosen, errs = choose(rows)
    print(f"{'s1':>5} {'pairs':>5} {'mean |ln err|':>13} {'median ln err':>13}")
    for s, e in errs.items():
        print(f"{s:5.2f} {len(e):5d} {np.mean(np.abs(e)):13.3f} {np.median(e):13.3f}")
    print(f"chosen: lone_copy_share {chosen}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
