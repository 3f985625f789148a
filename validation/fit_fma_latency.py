#!/usr/bin/env python3
"""How many warps per scheduler the FMA dot needs where it reads a K-major B (calibration
fma_hide_warps, fma_hide_exponent; perfmodel.kernels.fma.vector_issue_share), fitted on the
IEEE fp32 `nt` runs of the read sets.

IEEE fp32 lowers tl.dot to FMAs, fed by shared-memory loads in the same instruction stream; where B
is K-major those reads share banks (perfmodel.kernels.operands.fma_kmajor_b_reads). With one warp
per scheduler their latency shows. The model: below h warps per scheduler the rate is
(max(warps, 1) / h) ** q. The rows: every grouped run of the fp32 `nt` shapes of validation/fit_fma_reads.py's SETS. h and q
trade against the K-major read time (fma_kmajor_b_read_s), so the three are fitted together: for
each (h, q) the read time is validation/fit_fma_reads.py's grid value with the least spread. The
objective is the ranking's, scale-free: per shape,
the mean |ln(measured / predicted) - its median|, averaged over the shapes; the values are the grid
point with the least of it. The same factor applies in `nn`'s aligned load class
(perfmodel.kernels.fma.hides_reads, session 35); fit_nn fits (h, q) apart on those shapes, with no
K-major read time, as the cross-check that one point serves both (it does: h 2, q 0.8).

    python validation/fit_fma_latency.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import numpy as np  # noqa: E402

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.scoring.rankers import problem_of  # noqa: E402
from validation.fit_fma_reads import best_read_time, prepared, shapes, spread  # noqa: E402

HIDE = (1.0, 2.0, 3.0, 4.0)  # whole warps per scheduler
EXPONENT = tuple(round(0.2 * i, 1) for i in range(7))
#: the (h, q) points tried: one warp per scheduler enough, then every h above one with every q above zero
GRID = [(1.0, 0.0)] + [(h, q) for h in HIDE[1:] for q in EXPONENT[1:]]


def fit(spec, rows=None) -> tuple[tuple[float, float, float], dict[tuple[float, float], tuple[float, float]]]:
    """((hide, exponent, read_s) with the least spread, {(hide, exponent): (its best read_s, spread)})
    over `rows` (the fp32 nt shapes)."""
    cases = [prepared(spec, s) for s in (shapes("nt") if rows is None else rows)]
    score = {}
    for h, q in GRID:
        t, by_read = best_read_time(cases, fma_hide_warps=h, fma_hide_exponent=q)
        score[(h, q)] = (t, by_read[t])
    hide, exponent = min(score, key=lambda hq: score[hq][1])
    return (hide, exponent, score[(hide, exponent)][0]), score


def fit_nn(spec) -> tuple[tuple[float, float], dict[tuple[float, float], float]]:
    """((hide, exponent) with the least spread, {(hide, exponent): spread}) over the same sets' fp32
    `nn` shapes in the aligned load class, where the term applies too (perfmodel.kernels.fma.hides_reads;
    no K-major B read time there): the cross-check that one (h, q) serves both layouts."""
    cases = [prepared(spec, s) for s in shapes("nn") if problem_of(s).alignment == "all"]
    score = {(h, q): float(np.mean([spread(c, fma_hide_warps=h, fma_hide_exponent=q) for c in cases]))
             for h, q in GRID}
    return min(score, key=score.get), score


def main(argv=None) -> int:
    spec = load_hardware("h200")
    nt = shapes("nt")
    (hide, exponent, read_s), score = fit(spec, nt)
    print(f"fp32 nt, {len(nt)} shapes: mean |ln error - shape median| {score[(1.0, 0.0)][1]:.3f} with one warp per "
          f"scheduler enough, {score[(hide, exponent)][1]:.3f} at the best grid point")
    for h in HIDE[1:]:
        print(f"  h {h:3.1f}: " + " ".join(f"{score[(h, q)][1]:.3f}" for q in EXPONENT[1:]) + f"  (q = {EXPONENT[1]}..{EXPONENT[-1]})")
    print(f"fma_hide_warps = {hide:g}")
    print(f"fma_hide_exponent = {exponent:g}")
    print(f"fma_kmajor_b_read_s = {read_s:.3g}")
    (h_nn, q_nn), nn = fit_nn(spec)
    print(f"fp32 nn (aligned class), the same grid: {nn[(1.0, 0.0)]:.3f} with one warp per scheduler enough, "
          f"{nn[(h_nn, q_nn)]:.3f} at h {h_nn:g}, q {q_nn:g}")
    for h in HIDE[1:]:
        print(f"  h {h:3.1f}: " + " ".join(f"{nn[(h, q)]:.3f}" for q in EXPONENT[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
