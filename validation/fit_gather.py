#!/usr/bin/env python3
"""Fit the rate at which an MN-major TF32 operand is transposed into shared memory
(calibration gather_elems_per_s_per_sm, perfmodel.kernels.operands) on the layouts suite's TF32
`nn` runs (validation/data/h200/layouts.jsonl.gz; never the hold-out): the rate that minimises the
mean |log(predicted / measured)| over every config of those shapes, on a log grid.

    python validation/fit_gather.py [--hw h200]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels import registry  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import context, evaluate  # noqa: E402
from perfmodel.problem import GemmProblem  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402


def errors(spec, shapes, rate: float) -> np.ndarray:
    out = []
    for s in shapes:
        runs = s.candidates(("grouped",))
        ctx = context(spec, GemmProblem(M=s.M, N=s.N, K=s.K, dtype=s.dtype, layout=s.layout))
        ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, gather_elems_per_s_per_sm=rate))
        pred = evaluate(registry.get("grouped"), ctx, ConfigArrays.of(runs))["time_s"] * 1e3
        out.append(np.abs(np.log(pred / np.array([r["time_ms"] for r in runs]))))
    return np.concatenate(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--hw", default="h200")
    args = ap.parse_args(argv)
    spec = load_hardware(args.hw)
    data = load_runs("h200/layouts")
    shapes = [s for s in data.shapes if s.dtype == "tf32" and s.layout == "nn" and s.K % 16 == 0 and s.N % 16 == 0]
    rates = np.geomspace(2e9, 2e11, 81)
    cost = [float(errors(spec, shapes, r).mean()) for r in rates]
    best = rates[int(np.argmin(cost))]
    print(f"{len(shapes)} shapes; mean |log error| {min(cost):.4f} at gather_elems_per_s_per_sm = {best:.4g} "
          f"(at 0.5x: {cost[max(int(np.argmin(cost)) - 12, 0)]:.4f}, at 2x: {cost[min(int(np.argmin(cost)) + 12, 80)]:.4f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
