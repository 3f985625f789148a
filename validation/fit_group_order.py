#!/usr/bin/env python3
"""How the waves and the DRAM time combine (calibration compute_dram_exponent, perfmodel.kernels.tiled
step 4), fitted on the tile order's own evidence: the same tile timed with GROUP_M 1 and 8.

The two runs of such a pair do the same work with the same k-steps; only the order of the tiles
differs, and with it the DRAM bytes (perfmodel.kernels.traffic: GROUP_M 1 walks a whole row of
tiles, re-reading B from DRAM where it outgrows L2). Where the DRAM time of the GROUP_M 1 run is
half its waves' or more, it ran slower than the plain max(t_waves, t_dram) says: the model's
predicted ratio t(GROUP_M 1) / t(GROUP_M 8) is the fitted quantity. r is the grid value with the
least mean |log(predicted ratio / measured ratio)| over every such pair (grouped kernel, SPLIT_K 1,
aligned or not, two or more tile rows and columns) in the sets the tile factors are fitted on
(validation/fit_tile_factors.py FIT_SETS; a pair's two runs take the same tile factor, so the fit
does not depend on them). Prints the error per grid value and, for the best and for inf (the plain
max), the median measured and predicted ratio by the GROUP_M 1 run's t_dram / t_waves.

    python validation/fit_group_order.py        (~1 min on 2 cores)
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import context, evaluate  # noqa: E402
from perfmodel.kernels.registry import get  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.rankers import problem_of  # noqa: E402
from validation.fit_tile_factors import FIT_SETS  # noqa: E402

GRID = (1.5, 2.0, 2.5, 3.0, 4.0, 6.0, math.inf)
BINS = ((0.0, 0.3), (0.3, 0.5), (0.5, 0.8), (0.8, 1.2), (1.2, math.inf))


@dataclass(frozen=True)
class ShapePairs:
    """One shape's grouped runs and the (GROUP_M 1, GROUP_M 8) index pairs among them."""

    problem: object
    runs: list
    pairs: list  # [(i1, i8)]
    measured: np.ndarray  # ln t(i1) / t(i8)


def shape_pairs(names=FIT_SETS) -> list[ShapePairs]:
    out = []
    for name in names:
        for s in load_runs(f"h200/{name}").shapes:
            runs = [r for r in s.candidates(("grouped",)) if r.get("SPLIT_K", 1) == 1]
            at = {(r["BLOCK_M"], r["BLOCK_N"], r["BLOCK_K"], r["num_warps"], r["num_stages"], r["GROUP_M"]): i
                  for i, r in enumerate(runs)}
            pairs = [(i, at[k[:-1] + (8,)]) for k, i in at.items()
                     if k[-1] == 1 and k[:-1] + (8,) in at and -(-s.M // k[0]) >= 2 and -(-s.N // k[1]) >= 2]
            if pairs:
                t = np.array([r["time_ms"] for r in runs])
                out.append(ShapePairs(problem_of(s), runs, pairs, np.log([t[a] / t[b] for a, b in pairs])))
    return out


def with_exponent(spec, r: float):
    """`spec` with compute_dram_exponent r (its file must carry the constant)."""
    return spec.with_calibration(compute_dram_exponent=r)


def predicted(spec, shapes: list[ShapePairs]) -> tuple[np.ndarray, np.ndarray]:
    """(ln predicted t(GROUP_M 1) / t(GROUP_M 8), t_dram / t_waves of the GROUP_M 1 run) over every pair."""
    model, ratios, x = get("grouped"), [], []
    for sp in shapes:
        res = evaluate(model, context(spec, sp.problem), ConfigArrays.of(sp.runs))
        a, b = (np.array(v) for v in zip(*sp.pairs))
        ratios.append(np.log(res["time_s"][a] / res["time_s"][b]))
        x.append(res["dram_s"][a] / res["waves_s"][a])
    return np.concatenate(ratios), np.concatenate(x)


def error(spec, shapes: list[ShapePairs], r: float) -> float:
    """Mean |ln(predicted ratio / measured ratio)| over the pairs at r."""
    pred, _ = predicted(with_exponent(spec, r), shapes)
    return float(np.mean(np.abs(pred - np.concatenate([sp.measured for sp in shapes]))))


def main() -> int:
    spec = load_hardware("h200")
    shapes = shape_pairs()
    print(f"{sum(len(sp.pairs) for sp in shapes)} (GROUP_M 1, GROUP_M 8) pairs on {len(shapes)} shapes of "
          f"{len(FIT_SETS)} sets")
    errors = {r: error(spec, shapes, r) for r in GRID}
    for r, e in errors.items():
        print(f"  r = {r:<4}  mean |ln error| {e:.4f}")
    best = min(errors, key=errors.get)
    measured = np.concatenate([sp.measured for sp in shapes])
    for r in (best, math.inf):
        pred, x = predicted(with_exponent(spec, r), shapes)
        print(f"r = {r}: median t(GROUP_M 1) / t(GROUP_M 8) by the GROUP_M 1 run's t_dram / t_waves")
        for lo, hi in BINS:
            m = (x >= lo) & (x < hi)
            if m.any():
                print(f"  {lo:.1f}-{hi:<4.1f} {m.sum():6d} pairs  measured {np.exp(np.median(measured[m])):.3f}  "
                      f"predicted {np.exp(np.median(pred[m])):.3f}")
    print(f"compute_dram_exponent = {best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
