#!/usr/bin/env python3
"""fma_smem_leak, l (perfmodel.kernels.fma.shared_memory_bound), from the IEEE fp32 `nt` runs.

Where the dot is FMAs and B is K-major, the dot's term is max(FMA time, shared-memory time) + l x
the shorter. The pairs it is fitted on: a tile and its mirror (BLOCK_M and BLOCK_N swapped, the
same BLOCK_K, warps, stages, GROUP_M, SPLIT_K and kernel) on one shape of FIT_SETS, the larger-M
one timed within NEAR_BEST of the shape's best, which the model with l = 0 predicts equal (their
FMA counts and per-thread reads are the same; their shared-memory bank passes are not:
perfmodel.kernels.operands.fma_smem_bytes). For each l of GRID, the median over the pairs of the
predicted ratio (larger-M tile over its mirror); l is the grid value whose median is nearest the
median measured ratio. Prints the pairs, the measured median, the share where the tile with fewer
bank passes ran faster, and the predicted median at each l.

fma_smem_norm_nn, n, where B is N-major in the aligned load class: the dot's term is the n-norm of the
two, (max^n + min^n)^(1/n). No mirrored pairs part it (in `nn` a tile and its mirror make the same
passes): it is the value of GRID_NN with the least
per-shape spread, the mean |ln(measured / predicted) - its median| over each shape's grouped runs
(validation/fit_fma_reads.spread), averaged over the aligned fp32 `nn` shapes of validation/
fit_fma_reads.py's SETS.

    python validation/fit_fma_smem_leak.py      # ~40 s
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels.operands import fma_smem_bytes  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from perfmodel.scoring.rankers import problem_of, rank_perfmodel  # noqa: E402

#: the read sets that hold IEEE fp32 `nt` shapes
FIT_SETS = ("layouts", "holdout10", "holdout63", "holdout64", "holdout65", "holdout66")
#: the larger-M tile of a pair within this of its shape's best run
NEAR_BEST = 1.3
#: the values of l tried
GRID = tuple(round(0.01 * i, 2) for i in range(21))
#: the values of fma_smem_norm_nn tried (0: the max of the two terms)
GRID_NN = (0.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, 12.0, 16.0)
#: a pair is predicted equal within this relative difference
EQUAL = 1e-9

_KEY = ("kernel", "BLOCK_K", "num_warps", "num_stages", "GROUP_M", "SPLIT_K")


def with_leak(spec, leak: float):
    """`spec` with fma_smem_leak set to `leak`."""
    return spec.with_calibration(fma_smem_leak=leak)


def pairs(spec) -> list[tuple]:
    """(shape, runs, i, j, measured ratio, bank-pass ratio): the tile i with BLOCK_M > BLOCK_N and its
    mirror j, of every fp32 `nt` shape of FIT_SETS, predicted equal with l = 0 (module doc)."""
    base, out = with_leak(spec, 0.0), []
    for name in FIT_SETS:
        for shape in load_runs(f"h200/{name}").shapes:
            if shape.dtype != "fp32" or shape.layout != "nt":
                continue
            runs = shape.candidates(("grouped", "splitk"))
            best = min(r["time_ms"] for r in runs)
            _, pred = rank_perfmodel(shape, runs, base)
            index = {(r["BLOCK_M"], r["BLOCK_N"], *(r[k] for k in _KEY)): i for i, r in enumerate(runs)}
            for i, r in enumerate(runs):
                j = index.get((r["BLOCK_N"], r["BLOCK_M"], *(r[k] for k in _KEY)))
                if (r["BLOCK_M"] <= r["BLOCK_N"] or j is None or r["time_ms"] > NEAR_BEST * best
                        or not np.isfinite(pred[i]) or abs(pred[i] / pred[j] - 1.0) > EQUAL):
                    continue
                passes = [float(fma_smem_bytes(problem_of(shape), x["BLOCK_M"], x["BLOCK_N"], x["BLOCK_K"],
                                               x["num_warps"], 4)) for x in (r, runs[j])]
                out.append((shape, runs, i, j, r["time_ms"] / runs[j]["time_ms"], passes[0] / passes[1]))
    return out


def predicted_median(spec, found, leak: float) -> float:
    """The median predicted ratio of the pairs with l = `leak`."""
    spec = with_leak(spec, leak)
    ratios, done = [], {}
    for shape, runs, i, j, _, _ in found:
        if id(shape) not in done:
            done[id(shape)] = rank_perfmodel(shape, runs, spec)[1]
        pred = done[id(shape)]
        ratios.append(pred[i] / pred[j])
    return statistics.median(ratios)


def fit(spec, found) -> tuple[float, dict[float, float]]:
    """(l, {grid value: predicted median}): the grid value nearest the measured median."""
    measured = statistics.median(m for *_, m, _ in found)
    curve = {leak: predicted_median(spec, found, leak) for leak in GRID}
    return min(GRID, key=lambda leak: abs(curve[leak] - measured)), curve


def fit_nn(spec) -> tuple[float, dict[float, float]]:
    """(fma_smem_norm_nn, {grid value: mean spread}) over the aligned fp32 `nn` shapes (module doc)."""
    from validation.fit_fma_reads import prepared, shapes, spread

    cases = [prepared(spec, s) for s in shapes("nn") if problem_of(s).alignment == "all"]
    curve = {leak: float(np.mean([spread(c, fma_smem_norm_nn=leak) for c in cases])) for leak in GRID_NN}
    return min(curve, key=curve.get), curve


def main(argv=None) -> int:
    spec = load_hardware("h200")
    found = pairs(spec)
    measured = [m for *_, m, _ in found]
    fewer = [(m < 1.0) == (b < 1.0) for *_, m, b in found]
    print(f"{len(found)} mirrored pairs; measured ratio (BLOCK_M > BLOCK_N over its mirror) median "
          f"{statistics.median(measured):.4f}; the tile with fewer bank passes faster in {np.mean(fewer):.0%}")
    leak, curve = fit(spec, found)
    for value, median in curve.items():
        print(f"  l = {value:.2f}: predicted median {median:.4f}")
    print(f"fma_smem_leak = {leak:.2f}")
    leak_nn, spread_nn = fit_nn(spec)
    print("aligned nn, mean per-shape spread by n: " + " ".join(f"{v:g}: {m:.4f}" for v, m in spread_nn.items()))
    print(f"fma_smem_norm_nn = {leak_nn:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
