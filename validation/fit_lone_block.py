#!/usr/bin/env python3
"""Fit calibration lone_block_dot_rate (eta: a TF32 mma.sync block alone on its SM runs its dot term, the matrix
instructions with their shared-memory traffic, at 1 / eta of the terms' time: perfmodel.kernels.tiled.lone_step,
perfmodel.kernels.pipeline.kstep_time) on two one-wave microbenchmarks of the same TF32 decode tiles, `nn` and `nt`,
at 1 and 2 tiles per SM, shapes outside every suite:

    validation/data/h200/microbench_tf32_blocks.json        kstep_tf32_blocks (session 43), K = 8192, eager timing
    validation/data/h200/microbench_tf32_blocks_short.json  kstep_tf32_blocks_short (session 45), K 128-2048, graph replays

    python validation/fit_lone_block.py            # the grid, and the value chosen

Each pair is one tile whose residency the rate applies to with room for a second block (two or three blocks per SM,
tiled.LONE_MAX_RESIDENT), mma.sync, timed at one tile per SM (a block alone) and at two, at one K: measured t(1) / t(2)
over the model's. The value chosen: of the grid, the one with the least mean |ln error| over the pairs of both files'
"wave" rows (the long file's "decode" rows, where DRAM sets both times, are printed beside them). Tiles of one block
per SM give no pair (the rate moves both of their rows alike); those of four and more and the wgmma tile take no rate.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from perfmodel.calibration_copies import lone_pairs, lone_ratios  # noqa: E402
from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.params import timing_params  # noqa: E402
from perfmodel.kernels.tiled import LONE_MAX_RESIDENT  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "h200"
FILES = {"microbench_tf32_blocks.json": "kstep_tf32_blocks", "microbench_tf32_blocks_short.json": "kstep_tf32_blocks_short"}
GRID = (1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6)


def timed_rows() -> list[dict]:
    """Both files' timed rows (each row's setup: "wave" where the file names none)."""
    return [{"setup": "wave", **r} for name, key in FILES.items() for r in json.loads((DATA / name).read_text())[key]
            if "time_ms" in r]


def errors(eta: float, pairs: list[tuple[dict, dict]]) -> list[tuple[dict, float]]:
    """(row at one tile per SM, measured t(1) / t(2) over the model's at eta) of each mma.sync pair with 2 to
    LONE_MAX_RESIDENT blocks per SM (perfmodel.calibration_copies.lone_ratios, which keeps those with room for two)."""
    spec = load_hardware("h200")
    p = dataclasses.replace(timing_params(spec, "tf32"), lone_block_dot_rate=eta)
    return [(one, measured / model) for one, b, measured, model in lone_ratios(spec, p, pairs)
            if b <= LONE_MAX_RESIDENT and (one["BLOCK_M"] < 64 or one["num_warps"] < 4)]


def choose(rows: list[dict]) -> tuple[float, dict[float, list[tuple[dict, float]]]]:
    """(the value chosen, each grid value's errors): the least mean |ln error| over the wave rows' pairs."""
    found = lone_pairs(rows, fields=("setup", "K"))
    by_eta = {eta: errors(eta, found) for eta in GRID}

    def cost(eta):
        return np.mean([abs(np.log(e)) for r, e in by_eta[eta] if r["setup"] == "wave"])
    return min(GRID, key=cost), by_eta


def mean_abs_ln(errors_: list[tuple[dict, float]], k_lo: int, k_hi: int) -> float:
    """Mean |ln error| of the pairs at K in [k_lo, k_hi]."""
    return float(np.mean([abs(np.log(v)) for r, v in errors_ if k_lo <= r["K"] <= k_hi]))


def main() -> int:
    chosen, by_eta = choose(timed_rows())
    print(f"{'eta':>5} {'pairs':>5} {'wave mean|ln|':>14} {'K<=512':>7} {'K1024-2048':>10} {'K8192':>6} {'decode':>7}")
    for eta, e in by_eta.items():
        wave = [(r, v) for r, v in e if r["setup"] == "wave"]
        dec = [v for r, v in e if r["setup"] == "decode"]
        print(f"{eta:5.2f} {len(wave):5d} {mean_abs_ln(wave, 0, 8192):14.3f} {mean_abs_ln(wave, 0, 512):7.3f} "
              f"{mean_abs_ln(wave, 1024, 2048):10.3f} {mean_abs_ln(wave, 8192, 8192):6.3f} {np.mean(np.abs(np.log(dec))):7.3f}")
    print(f"chosen: lone_block_dot_rate {chosen}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
