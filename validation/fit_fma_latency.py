#!/usr/bin/env python3
"""How many warps per scheduler the FMA dot needs (calibration fma_hide_warps, fma_hide_exponent;
perfmodel.kernels.pipeline.vector_issue_share), fitted on the IEEE fp32 `nn` runs of the read sets.

IEEE fp32 lowers tl.dot to FMAs, fed by shared-memory loads in the same instruction stream. With one
warp per scheduler those loads' latency shows: the read sets' `nn` k-steps ran 1.85x their FMA-rate
prediction at one warp per scheduler (resident blocks x warps / 4), 1.46x at 1.5 and 1.16-1.24x at
two and more. The model: below h warps per scheduler the rate is (warps / h) ** q. The rows: every
grouped run of the fp32 `nn` shapes of SETS (the K-major B read term, fitted by
validation/fit_fma_reads.py, does not apply to them). The objective is the ranking's, scale-free:
per shape, the mean |ln(measured / predicted) - its median|, averaged over the shapes; the values are
the grid point with the least of it.

    python validation/fit_fma_latency.py
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import numpy as np  # noqa: E402

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels import registry  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import context, evaluate  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.rankers import problem_of  # noqa: E402

SETS = ("h200/layouts", "h200/holdout10", "h200/holdout63")
HIDE = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0)
EXPONENT = tuple(round(0.1 * i, 1) for i in range(13))


def shapes(layout: str = "nn") -> list:
    return [s for name in SETS for s in load_runs(name).shapes
            if s.dtype == "fp32" and s.layout == layout and not s.drifted]


def spread(spec, shape, hide: float, exponent: float) -> float:
    """Mean |ln(measured / predicted) - median| over the shape's grouped runs at (hide, exponent)."""
    runs = shape.candidates(("grouped",))
    ctx = context(spec, problem_of(shape))
    params = dataclasses.replace(ctx.params, fma_hide_warps=hide, fma_hide_exponent=exponent)
    pred = evaluate(registry.get("grouped"), dataclasses.replace(ctx, params=params), ConfigArrays.of(runs))["time_s"]
    ok = np.isfinite(pred)
    err = np.log(np.array([r["time_ms"] * 1e-3 for r in runs])[ok] / pred[ok])
    return float(np.mean(np.abs(err - np.median(err))))


def fit(spec, rows=None) -> tuple[tuple[float, float], dict[tuple[float, float], float]]:
    """((hide, exponent) with the least spread, {(hide, exponent): spread}) over `rows` (fp32 nn)."""
    rows = shapes("nn") if rows is None else rows
    grid = [(1.0, 0.0)] + [(h, q) for h in HIDE[1:] for q in EXPONENT[1:]]
    score = {hq: float(np.mean([spread(spec, s, *hq) for s in rows])) for hq in grid}
    return min(score, key=score.get), score


def main(argv=None) -> int:
    spec = load_hardware("h200")
    nn = shapes("nn")
    (hide, exponent), score = fit(spec, nn)
    print(f"fp32 nn, {len(nn)} shapes: mean |ln error - shape median| {score[(1.0, 0.0)]:.3f} with one warp per "
          f"scheduler enough, {score[(hide, exponent)]:.3f} at the best grid point")
    for h in HIDE[1:]:
        print(f"  h {h:3.1f}: " + " ".join(f"{score[(h, q)]:.3f}" for q in EXPONENT[1:]) + f"  (q = {EXPONENT[1]}..{EXPONENT[-1]})")
    print(f"fma_hide_warps = {hide:g}")
    print(f"fma_hide_exponent = {exponent:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
