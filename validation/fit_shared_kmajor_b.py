#!/usr/bin/env python3
"""The slowdown of wgmma tiles whose warpgroups share a K-major 16-bit B tile (calibration
shared_kmajor_b_factor, perfmodel.kernels.operands.shares_kmajor_b), from the layouts suite.

On the H200, 16-bit wgmma configs with two warpgroups along M (8 warps, BLOCK_M >= 128: each
reads the whole B tile; for the pointer kernel also BLOCK_M 64, warpgroups side by side along N)
and B stored N x K ran slower than the same config with B stored K x N,
with identical PTX: the pointer kernel at BLOCK_N 256 (+33% at BLOCK_K 64, +41% at 32), the TMA
kernel at BLOCK_N >= 128 (+21-27% at BLOCK_K 64); not at BLOCK_K 128 (TMA +2%, pointer +15%),
nor with one warpgroup (4 warps), nor with mma.sync (validation/NOTES.md). The factor: over the
aligned fp16/bf16 shapes of the layouts suite, for each such config timed in both layouts, the
measured nt/nn ratio over the ratio the model predicts; the factor that makes the median 1
(iterated: it scales the matrix term, which is most but not all of those k-steps).

    python validation/fit_shared_kmajor_b.py [--data h200/layouts]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from perfmodel.hardware.registry import load_hardware  # noqa: E402
from perfmodel.kernels import registry  # noqa: E402
from perfmodel.kernels.base import ConfigArrays  # noqa: E402
from perfmodel.kernels.evaluate import context, evaluate  # noqa: E402
from perfmodel.kernels.operands import shares_kmajor_b  # noqa: E402
from perfmodel.problem import GemmProblem  # noqa: E402
from perfmodel.scoring.datasets import load_runs  # noqa: E402
from validation.fitting import median_one_factor  # noqa: E402


def predict_ms(spec, problem, kernel, runs, factor=1.0):
    ctx = context(spec, problem)
    ctx = dataclasses.replace(ctx, params=dataclasses.replace(ctx.params, shared_kmajor_b_factor=factor))
    return evaluate(registry.get(kernel), ctx, ConfigArrays.of(runs))["time_s"] * 1e3


def residuals(spec, shapes, factor: float) -> list[float]:
    """Measured nt/nn over predicted nt/nn (the factor applied in nt) for every qualifying pair."""
    ratios = []
    for (M, N, K, dtype, layout), nt in shapes.items():
        nn = shapes.get((M, N, K, dtype, "nn"))
        if layout != "nt" or dtype not in ("fp16", "bf16") or nn is None or M % 16 or N % 16 or K % 16:
            continue
        for kernel in registry.names():
            model = registry.get(kernel)
            runs_nt = {r["config"]: r for r in nt.all_runs if r["kernel"] == kernel}
            pairs = [(runs_nt[r["config"]], r) for r in nn.all_runs if r["kernel"] == kernel and r["config"] in runs_nt]
            if not pairs or model.shared_b_min_bn is None:
                continue
            p_nt = GemmProblem(M=M, N=N, K=K, dtype=dtype, layout="nt")
            cfgs = ConfigArrays.of([a for a, _ in pairs])
            hit = shares_kmajor_b(p_nt, cfgs, model.resources(spec, p_nt, cfgs).is_wgmma, model.shared_b_min_bn,
                                  model.shared_b_min_bm)
            if not hit.any():
                continue
            pred_nt = predict_ms(spec, p_nt, kernel, [a for a, _ in pairs], factor)
            pred_nn = predict_ms(spec, GemmProblem(M=M, N=N, K=K, dtype=dtype), kernel, [b for _, b in pairs])
            for i in np.flatnonzero(hit):
                a, b = pairs[i]
                ratios.append((a["time_ms"] / b["time_ms"]) / (pred_nt[i] / pred_nn[i]))
    return ratios


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="h200/layouts")
    args = ap.parse_args(argv)
    spec = load_hardware("h200")
    shapes = {(s.M, s.N, s.K, s.dtype, s.layout): s for s in load_runs(args.data).shapes}
    factor = median_one_factor(lambda f: residuals(spec, shapes, f), iterations=6)
    ratios = residuals(spec, shapes, factor)
    if not ratios:
        print("no config qualifies", file=sys.stderr)
        return 1
    before = residuals(spec, shapes, 1.0)
    q0, q = np.percentile(before, [25, 75]), np.percentile(ratios, [25, 75])
    print(f"{len(ratios)} (shape, config) pairs; measured nt/nn over predicted, without the factor: median "
          f"{statistics.median(before):.3f} (quartiles {q0[0]:.3f}-{q0[1]:.3f}); with it: median "
          f"{statistics.median(ratios):.3f} (quartiles {q[0]:.3f}-{q[1]:.3f})")
    print(f"shared_kmajor_b_factor = {factor:.3g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
