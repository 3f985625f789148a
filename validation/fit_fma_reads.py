#!/usr/bin/env python3
"""The FMA dot's reads of a K-major B (calibration fma_kmajor_b_read_s, perfmodel.kernels.pipeline):
seconds per thread and k, fitted on the IEEE fp32 `nt` runs of the read sets.

IEEE fp32 lowers tl.dot to FMAs. Each thread reads a 4-column group of B per k from shared memory;
where B is K-major (`nt`) those reads cost per thread and k, beside the FMAs (perfmodel.kernels.
operands.fma_kmajor_b_reads). The rows: every grouped run of the fp32 `nt` shapes of SETS (23 shapes
since session 27; the other constants as hardware/h200.yaml has them: validation/fit_fma_latency.py
fits this value with fma_hide_warps and fma_hide_exponent, through best_read_time). The objective is the ranking's, scale-free: per shape, the
mean |ln(measured / predicted) - its median| (a constant factor on a whole shape does not move a
pick), averaged over the shapes; the value is the grid point with the least of it, the `nn` runs
printed beside it for the record (the term does not apply to them).

    python validation/fit_fma_reads.py
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

SETS = ("h200/layouts", "h200/holdout10", "h200/holdout63", "h200/holdout64")
GRID = [0.0] + [float(x) for x in np.geomspace(2e-11, 2e-9, 41)]


def shapes(layout: str) -> list:
    return [s for name in SETS for s in load_runs(name).shapes
            if s.dtype == "fp32" and s.layout == layout and not s.drifted]


def prepared(spec, shape) -> tuple:
    """(context, grouped configs, measured seconds) of a shape: built once, priced at many values."""
    runs = shape.candidates(("grouped",))
    return context(spec, problem_of(shape)), ConfigArrays.of(runs), np.array([r["time_ms"] * 1e-3 for r in runs])


def spread(case: tuple, **params) -> float:
    """Mean |ln(measured / predicted) - median| over a prepared shape's grouped runs, with the
    timing constants `params` (e.g. fma_kmajor_b_read_s=...) in place of the device's."""
    ctx, cfgs, measured = case
    ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, **params))
    pred = evaluate(registry.get("grouped"), ctx, cfgs)["time_s"]
    ok = np.isfinite(pred)
    err = np.log(measured[ok] / pred[ok])
    return float(np.mean(np.abs(err - np.median(err))))


def best_read_time(cases: list, **params) -> tuple[float, dict[float, float]]:
    """(the grid value with the least mean spread over `cases`, {grid value: spread}), the other
    constants at `params`."""
    score = {t: float(np.mean([spread(c, fma_kmajor_b_read_s=t, **params) for c in cases])) for t in GRID}
    return min(score, key=score.get), score


def fit(spec, rows=None) -> tuple[float, dict[float, float]]:
    """(the grid value with the least spread, {grid value: spread}) over `rows` (the fp32 nt shapes)."""
    return best_read_time([prepared(spec, s) for s in (shapes("nt") if rows is None else rows)])


def main(argv=None) -> int:
    spec = load_hardware("h200")
    nt = shapes("nt")
    best, score = fit(spec, nt)
    nn = float(np.mean([spread(prepared(spec, s), fma_kmajor_b_read_s=0.0) for s in shapes("nn")]))
    print(f"fp32 nt, {len(nt)} shapes: mean |ln error - shape median| {score[0.0]:.3f} without the term, "
          f"{score[best]:.3f} at the best grid value (nn, without it: {nn:.3f})")
    print(f"fma_kmajor_b_read_s = {best:.3g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
